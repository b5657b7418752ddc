"""The regulars' pace at the Bakke table: how long the screen waits before each of a regular's
moves (pure: CPython tests and bench/bakke_pace.py compute the very schedule the screen uses).

A Bakke turn may be many moves: a regular with a full hand throws one die at a time (B4) until
a pair, and every 1 leaves and lets it throw again. One pause of 0.6–1.2 s plus a 0.45 s
tumble per move made a regular's turn 5–16 s and 16–32 s passed between your turns against two
of them (issue 17). So a turn has a budget: the first move waits the regular's thinking pause
and the tumble, every later one a short step, and no wait is more than half the budget left,
so a whole turn stays under ``TURN_MS`` (times the tempo of *Indstillinger*) however many dice
it throws: a long run of throws goes quicker and quicker, the dice landing almost together.
"""
from __future__ import annotations

from dataclasses import dataclass

ROLL_MS = 450   # the throw's tumble (bakke.css .die.roll, var(--tumble)): its full length
STEP_MS = 320   # a later move of the same turn at normal tempo: the last die lands, the next flies
TURN_MS = 4500  # a regular's whole turn at normal tempo, at most (the bound: 5 s)
MIN_TUMBLE_MS = 120  # a tumble shorter than this reads as a flicker: the die just appears


@dataclass
class TurnPace:
    """The waits of one regular's turn, move by move (the screen keeps one)."""

    who: str | None = None
    spent: int = 0   # ms waited so far this turn, the wait for the move at ``key`` included
    moves: int = 0   # moves waited for so far this turn
    key: object = None  # the table state of the last wait asked for
    last: int = 0       # ... and that wait

    def reset(self) -> None:
        self.who, self.spent, self.moves, self.key, self.last = None, 0, 0, None, 0

    def wait_ms(self, who: str, think_ms: int, tempo: float, reduced: bool, key: object = None) -> int:
        """The wait before ``who``'s next move. ``think_ms``: the session's pause for this move
        (already times the tempo); a new regular in turn starts a new turn. Asked again for the
        same table state (``key``: a redraw, a change of settings) it is the same move again,
        not one more."""
        if key is not None and key == self.key and who == self.who:
            self.spent, self.moves = self.spent - self.last, self.moves - 1  # ask this move anew
        elif who != self.who:
            self.who, self.spent, self.moves = who, 0, 0
        tumble = 0 if reduced else ROLL_MS
        wanted = think_ms + tumble if self.moves == 0 else int(STEP_MS * tempo)
        left = int(TURN_MS * tempo) - self.spent
        wait = max(0, min(wanted, left // 2))
        self.spent += wait
        self.moves += 1
        self.key, self.last = key, wait
        return wait

def tumble_ms(wait: int, reduced: bool) -> int:
    """How long the die just thrown tumbles: all of it when the wait allows, shorter when the
    next move comes sooner, none when that would be a flicker (or under reduced motion)."""
    if reduced:
        return 0
    t = min(ROLL_MS, wait)
    return t if t >= MIN_TUMBLE_MS else 0

