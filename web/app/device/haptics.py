"""Vibration where the phone can (`navigator.vibrate`), for Din tur and the big moments.

Callers buzz only while the player's *Vibration* setting is on (`cue` checks it). Best effort:
desktop browsers and iOS Safari have no `navigator.vibrate`, and a browser may refuse before
the first tap; then nothing happens and the call returns False.
"""
from __future__ import annotations

TICK = [40]   # Din tur: one short tick


def tick() -> bool:
    return buzz(TICK)


def buzz(pattern: list[int]) -> bool:
    """Vibrate `pattern` (ms on, off, on …); False where the browser cannot or will not."""
    if not pattern or any(not isinstance(ms, int) or ms < 0 for ms in pattern):
        raise ValueError(f"a vibration pattern is a list of milliseconds, not {pattern!r}")
    try:
        import js
        from pyodide.ffi import to_js
        nav = js.navigator
        if not hasattr(nav, "vibrate"):
            return False
        return bool(nav.vibrate(to_js(list(pattern))))
    except Exception:  # noqa: BLE001 – decoration; never break a turn over it
        return False


def cue(pattern: list[int], settings: dict) -> bool:
    """Buzz `pattern` if the player's *Vibration* setting is on."""
    return bool(settings.get("vibration")) and buzz(pattern)
