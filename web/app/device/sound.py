"""The table's sounds: ONE hook, `play(name)`, called where a sound belongs.

No sound files: each sound is synthesised in the browser with the Web Audio API from a small
recipe below (noise bursts through a band-pass for the rattle, a low falling thump for the
slam, a short chord for the reveal). Nothing to download or precache; the recipes are our own
work, CC0 (docs/ui.md, "Lyd, vibration og tastatur").

Callers play a sound only while the player's *Lyd* setting is on: `cue(name, settings)` checks
it, `play(name)` does not. Everything is best effort: a browser without Web Audio, or one that
blocks sound until the first tap, stays quiet (and `play` returns False).

Names: "shake" (a new round's rattle, a Bakke throw, a Treere roll, a shaken phone),
"slam" (a bid: the cup hits the table), "call" (*Løft*), "reveal" (the cups come up),
"viborg" (a mat turns black), "lost_completely" (*tabt helt*), "your_turn" (Din tur),
"beep" (the clock's last five seconds).
"""
from __future__ import annotations

from typing import Any, NamedTuple


class Noise(NamedTuple):
    """A burst of white noise through a band-pass filter (a die against the cup)."""
    at: float       # seconds after the start
    length: float   # seconds
    freq: float     # band-pass centre, Hz
    gain: float


class Tone(NamedTuple):
    """An oscillator whose pitch glides from `freq` to `end_freq` and fades out."""
    at: float
    length: float
    freq: float
    gain: float
    end_freq: float = 0.0   # 0: a steady pitch
    wave: str = "sine"


def _rattle(n: int = 7, every: float = 0.055) -> tuple:
    """Dice in a cup: short clicks at a slightly uneven pace and pitch."""
    return tuple(Noise(i * every + (0.012 if i % 3 == 1 else 0.0), 0.035,
                       2400 + 700 * ((i * 5) % 4), 0.22) for i in range(n))


RECIPES: dict[str, tuple] = {
    "shake": _rattle(),
    "slam": (Tone(0.0, 0.16, 150, 0.5, end_freq=55), Noise(0.0, 0.05, 900, 0.25)),
    "call": (Tone(0.0, 0.09, 660, 0.18, wave="triangle"), Tone(0.1, 0.16, 880, 0.18, wave="triangle")),
    "reveal": (Tone(0.0, 0.45, 523.25, 0.09), Tone(0.03, 0.45, 659.25, 0.08), Tone(0.06, 0.5, 783.99, 0.08)),
    "viborg": (Tone(0.0, 0.5, 220, 0.2, end_freq=110, wave="triangle"),),
    "lost_completely": (Tone(0.0, 0.25, 392, 0.15, wave="triangle"), Tone(0.25, 0.25, 311.13, 0.15, wave="triangle"),
                        Tone(0.5, 0.6, 261.63, 0.15, end_freq=196, wave="triangle")),
    "your_turn": (Tone(0.0, 0.12, 988, 0.08),),
    "beep": (Tone(0.0, 0.12, 880, 0.08),),
}
NAMES = frozenset(RECIPES)

_audio: dict[str, Any] = {"ctx": None, "noise": None}


def length_of(name: str) -> float:
    """How long the named sound lasts, in seconds."""
    return max(part.at + part.length for part in RECIPES[name])


def cue(name: str, settings: dict) -> bool:
    """Play `name` if the player's *Lyd* setting is on (the one place callers need)."""
    return bool(settings.get("sound")) and play(name)


def play(name: str) -> bool:
    """Play the named sound now; an unknown name is a bug (ValueError). False if it stayed quiet."""
    if name not in NAMES:
        raise ValueError(f"unknown sound {name!r}")
    try:
        ctx = _context()
        if ctx is None:
            return False
        start = ctx.currentTime + 0.01
        for part in RECIPES[name]:
            (_noise if isinstance(part, Noise) else _tone)(ctx, start, part)
        return True
    except Exception:  # noqa: BLE001 – audio is decoration; never break a turn over it
        return False


def _context() -> Any:
    """One AudioContext for the app (browsers limit how many), resumed after a block."""
    import js
    ctx = _audio["ctx"]
    if ctx is None:
        maker = getattr(js, "AudioContext", None) or getattr(js, "webkitAudioContext", None)
        if maker is None:
            return None
        ctx = _audio["ctx"] = maker.new()
    if ctx.state == "suspended":
        ctx.resume()
    return ctx


def _envelope(ctx: Any, start: float, part: Any) -> Any:
    """A gain node that starts at the part's gain and falls away (no click at the end)."""
    gain = ctx.createGain()
    gain.gain.setValueAtTime(part.gain, start + part.at)
    gain.gain.exponentialRampToValueAtTime(0.001, start + part.at + part.length)
    gain.connect(ctx.destination)
    return gain


def _tone(ctx: Any, start: float, part: Tone) -> None:
    osc = ctx.createOscillator()
    osc.type = part.wave
    osc.frequency.setValueAtTime(part.freq, start + part.at)
    if part.end_freq:
        osc.frequency.exponentialRampToValueAtTime(part.end_freq, start + part.at + part.length)
    osc.connect(_envelope(ctx, start, part))
    osc.start(start + part.at)
    osc.stop(start + part.at + part.length)


def _noise_buffer(ctx: Any) -> Any:
    """0.1 s of white noise, made once (a fixed pattern: the same rattle every time is fine)."""
    if _audio["noise"] is None:
        n = int(ctx.sampleRate * 0.1)
        import js
        from pyodide.ffi import to_js
        buf = ctx.createBuffer(1, n, ctx.sampleRate)
        buf.getChannelData(0).set(js.Float32Array.new(to_js(noise_samples(n))))
        _audio["noise"] = buf
    return _audio["noise"]


def noise_samples(n: int) -> list[float]:
    """`n` samples in [-1, 1) from a tiny LCG: no `random` import, the same noise everywhere."""
    out, seed = [], 12345
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(seed / 0x40000000 - 1.0)
    return out


def _noise(ctx: Any, start: float, part: Noise) -> None:
    src = ctx.createBufferSource()
    src.buffer = _noise_buffer(ctx)
    band = ctx.createBiquadFilter()
    band.type = "bandpass"
    band.frequency.value = part.freq
    band.Q.value = 4.0
    src.connect(band)
    band.connect(_envelope(ctx, start, part))
    src.start(start + part.at)
    src.stop(start + part.at + part.length)
