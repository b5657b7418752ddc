"""The clock's last-five-seconds signal: a short beep and a buzz where the phone can.

Both go through the app's one sound module and one vibration module (app/device/sound.py,
app/device/haptics.py); both are best effort: a browser without audio or vibration, or one that
blocks sound until the first tap, simply stays quiet.
"""
from __future__ import annotations

from app.device import haptics, sound

BUZZ_MS = 120


def beep() -> bool:
    return sound.play("beep")


def vibrate(ms: int = BUZZ_MS) -> bool:
    return haptics.buzz([ms])
