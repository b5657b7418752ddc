"""The clock of S41, fed with times from outside (seconds, any monotonic source).

No timers here: the screen asks `remaining(now)` on each tick, and the session asks
`expired(now)` to know when the engine's `timeout` must act.
"""
from __future__ import annotations

import math

from app.shell.both_languages import both

RED_FROM_S = 5  # the last five seconds are red, with one beep


class TurnClock:
    def __init__(self, limit_s: float):
        if limit_s <= 0:
            raise ValueError(both("shell.error.time_limit"))
        self.limit_s = float(limit_s)
        self.key: object = None       # which turn the clock is timing
        self.started: float | None = None
        self._beeped = False

    def start(self, key: object, now: float) -> bool:
        """Time the turn `key`; restarts only when the turn changes. True if (re)started."""
        if key == self.key and self.started is not None:
            return False
        self.key, self.started, self._beeped = key, now, False
        return True

    def stop(self) -> None:
        self.key, self.started, self._beeped = None, None, False

    @property
    def running(self) -> bool:
        return self.started is not None

    def remaining(self, now: float) -> float:
        if self.started is None:
            return self.limit_s
        return max(0.0, self.limit_s - (now - self.started))

    def seconds_shown(self, now: float) -> int:
        """Whole seconds on the dial: counts 15…1, shows 0 only at expiry."""
        return math.ceil(self.remaining(now))

    def is_red(self, now: float) -> bool:
        return self.running and self.remaining(now) <= RED_FROM_S

    def expired(self, now: float) -> bool:
        return self.running and self.remaining(now) <= 0

    def beep_due(self, now: float) -> bool:
        """True exactly once per turn, when the clock turns red."""
        if self.is_red(now) and not self._beeped:
            self._beeped = True
            return True
        return False
