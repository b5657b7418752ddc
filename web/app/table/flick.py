"""Throwing on a phone: a quick flick upward, or a tap (pure state machine; shared widget).

The screen feeds pointer positions and times; `up()` says whether that was a throw. A flick
is a quick move upward; a tap is a press that hardly moves. A slow drag or a sideways swipe is
neither (a thumb resting on the screen, or reaching for a button, throws nothing).
"""
from __future__ import annotations

from dataclasses import dataclass

FLICK_PX = 36        # at least this far up …
FLICK_MS = 700       # … within this long
TAP_PX = 10          # a tap moves less than this
TAP_MS = 500


@dataclass
class Flick:
    start_x: float = 0.0
    start_y: float = 0.0
    start_ms: float = 0.0
    active: bool = False
    lift: float = 0.0    # how far the hand has come up (for the screen to follow the finger)

    def down(self, x: float, y: float, ms: float) -> None:
        self.start_x, self.start_y, self.start_ms = x, y, ms
        self.active = True
        self.lift = 0.0

    def move(self, x: float, y: float) -> None:
        if self.active:
            self.lift = max(0.0, self.start_y - y)

    def up(self, x: float, y: float, ms: float) -> str | None:
        """"flick", "tap" or None (nothing to do), and the gesture is over."""
        if not self.active:
            return None
        self.active = False
        self.lift = 0.0
        dx, dy, dt = x - self.start_x, y - self.start_y, ms - self.start_ms
        if -dy >= FLICK_PX and abs(dx) < -dy and dt <= FLICK_MS:
            return "flick"
        if abs(dx) < TAP_PX and abs(dy) < TAP_PX and dt <= TAP_MS:
            return "tap"
        return None

    def cancel(self) -> None:
        self.active = False
        self.lift = 0.0
