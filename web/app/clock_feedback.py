"""The clock's last-five-seconds signal: a short beep (Web Audio) and a buzz where the phone can.

Both are best effort: a browser without audio or vibration, or one that blocks sound until
the first tap, simply stays quiet.
"""
from __future__ import annotations

from typing import Any

_audio: dict[str, Any] = {"ctx": None}


def beep(freq_hz: float = 880.0, seconds: float = 0.12) -> bool:
    try:
        import js
        ctx = _audio["ctx"]
        if ctx is None:
            ctx = _audio["ctx"] = js.AudioContext.new()
        if ctx.state == "suspended":
            ctx.resume()
        osc = ctx.createOscillator()
        gain = ctx.createGain()
        osc.frequency.value = freq_hz
        gain.gain.value = 0.08
        osc.connect(gain)
        gain.connect(ctx.destination)
        osc.start()
        osc.stop(ctx.currentTime + seconds)
        return True
    except Exception:  # noqa: BLE001
        return False


def vibrate(ms: int = 120) -> bool:
    try:
        import js
        nav = js.navigator
        if hasattr(nav, "vibrate"):
            return bool(nav.vibrate(ms))
    except Exception:  # noqa: BLE001, S110
        pass
    return False
