"""Shaking the phone rattles your cup: a pure detector fed with devicemotion readings.

A shake is SHAKES_NEEDED jolts (acceleration, gravity included, at least JOLT_MS2 away from
resting 1 g) within WINDOW_MS; after a shake the detector rests for REST_MS so one vigorous
shake is one rattle, not five. Walking with the phone, or putting it down on the table, gives
single jolts that never add up to a shake.
"""
from __future__ import annotations

import math

GRAVITY = 9.81
JOLT_MS2 = 12.0       # m/s² beyond gravity: a deliberate flick of the wrist, not a step
SHAKES_NEEDED = 3     # jolts …
WINDOW_MS = 800.0     # … within this long
REST_MS = 1200.0      # after a shake, nothing for this long


class ShakeDetector:
    def __init__(self) -> None:
        self.jolts: list[float] = []
        self.rested_until = -math.inf

    def feed(self, x: float | None, y: float | None, z: float | None, now_ms: float) -> bool:
        """One devicemotion reading (accelerationIncludingGravity); True when it completes a
        shake. Missing axes (a device that reports nothing) count as no jolt."""
        if x is None or y is None or z is None:
            return False
        if now_ms < self.rested_until:
            return False
        if abs(math.sqrt(x * x + y * y + z * z) - GRAVITY) < JOLT_MS2:
            return False
        self.jolts = [t for t in self.jolts if now_ms - t <= WINDOW_MS] + [now_ms]
        if len(self.jolts) < SHAKES_NEEDED:
            return False
        self.jolts = []
        self.rested_until = now_ms + REST_MS
        return True
