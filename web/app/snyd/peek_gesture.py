"""The peek gesture (S3) as a small state machine fed with pointer positions.

Touch: a swipe up anywhere on the felt lifts the cup with the finger; past a few pixels
your dice show, and letting go drops the cup. Mouse: press and hold the cup. The *Kig*
button: press and hold. The DOM glue only forwards pointer events and applies `lift`.
"""
from __future__ import annotations

REVEAL_AT_PX = 24   # the cup must clear the dice before they show
MAX_LIFT_PX = 110   # the cup never leaves the felt
# Held (mouse, Kig, keyboard), not swiped: no finger to follow (table.css sets the cup aside).
HELD = ("mouse", "button")


class PeekGesture:
    def __init__(self) -> None:
        self.active = False
        self.kind = ""          # "touch", "mouse", "pen" or "button"
        self.start_y = 0.0
        self.lift = 0.0

    def down(self, kind: str, y: float, on_cup: bool = False) -> bool:
        """A press. Returns True when it starts a peek gesture (the caller captures the pointer)."""
        if self.active:
            return False
        if kind in ("touch", "pen"):
            self.active, self.kind, self.start_y, self.lift = True, kind, y, 0.0
            return True
        if kind in ("mouse", "button") and (on_cup or kind == "button"):
            # A held cup or a held Kig lifts the cup all the way at once.
            self.active, self.kind, self.start_y, self.lift = True, kind, y, float(MAX_LIFT_PX)
            return True
        return False

    def move(self, y: float) -> float:
        """The finger moved: the cup follows it upwards (never below the mat, never off the felt)."""
        if self.active and self.kind in ("touch", "pen"):
            self.lift = max(0.0, min(float(MAX_LIFT_PX), self.start_y - y))
        return self.lift

    def up(self) -> None:
        """Let go: the cup falls back and the dice are hidden again."""
        self.active, self.kind, self.lift = False, "", 0.0

    @property
    def peeking(self) -> bool:
        return self.active and self.lift >= REVEAL_AT_PX

    @property
    def aside(self) -> bool:
        """The cup is held, not swiped (a mouse, *Kig*): on a big screen table.css sets it
        down beside your mat, never up over the bid you answer (issue 17)."""
        return self.active and self.kind in HELD
