"""Hints for a newcomer who has not found the peek yet (pure: the screen asks, then draws).

On the cup, until the player has really looked at their dice once: "Stryg op for at kigge" on
a touch screen, "Hold på Kig" otherwise. A press on *Kig* (or the cup) let go too soon shows
the dice for a blink only: that earns a short line saying to hold it.
"""
from __future__ import annotations

from app.lang import t

SHORT_MS = 400  # a peek shorter than this was a tap, not a look

# The hints' catalogue keys (app/lang/*/tutorial.py): words in the player's language when shown.
HINTS = {
    "touch": "tutorial.peek.swipe",
    "button": "tutorial.peek.hold",
    "short": "tutorial.peek.short",
}


class PeekHint:
    def __init__(self) -> None:
        self.looked = False           # the player has peeked long enough once
        self._since: float | None = None
        self.line = ""                # the short-tap line, until the next peek

    def cup_hint(self, touch: bool, can_peek: bool) -> str:
        """The hint on the cup now ("" once the player has looked, or when no peek is possible)."""
        if self.looked or not can_peek:
            return ""
        return t(HINTS["touch" if touch else "button"])

    def peek_started(self, now_ms: float) -> None:
        if self._since is None:
            self._since = now_ms
            self.line = ""

    def peek_ended(self, now_ms: float) -> str:
        """The cup fell back: returns the short-tap line ("" when it was a real look)."""
        if self._since is None:
            return ""
        held = now_ms - self._since
        self._since = None
        if held >= SHORT_MS:
            self.looked = True
            self.line = ""
        else:
            self.line = t(HINTS["short"])
        return self.line
