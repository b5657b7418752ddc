"""A regular that raised instead of playing, for every game's session: recorded (bounded), told
once at the table and warned in the console with its traceback (table/screen.py
`report_faults`). A confused regular must never stop the evening, but it is a bug, so it is
never hidden either. Pure: no `js`."""
from __future__ import annotations

import traceback
from dataclasses import dataclass
from typing import ClassVar

from app.lang import t
from app.saves.save_guard import MAX_DETAIL

MAX_FAULTS = 20   # a regular that crashes every turn must not grow memory all evening


@dataclass(frozen=True)
class RegularFault:
    """A regular that raised (or answered with an illegal move) instead of playing."""
    player: str
    error: str       # "ZeroDivisionError: division by zero"
    traceback: str   # the traceback's tail, for console.warn

    @property
    def line(self) -> str:
        """The short line at the table."""
        return t("shell.regular_stuck", player=self.player)


class FaultLog:
    """The session's record of its regulars' faults (a mix-in: `faults`, `new_faults()`)."""

    FAULT: ClassVar[type[RegularFault]] = RegularFault  # a game may say it in its own words

    faults: list[RegularFault]  # set to [] in the session's __init__, newest last
    _faults_told: int           # and 0: how many were reported

    def _record_fault(self, name: str, exc: BaseException) -> None:
        self.faults.append(self.FAULT(name, f"{type(exc).__name__}: {exc}"[:MAX_DETAIL],
                                      "".join(traceback.format_exception(exc))[-4 * MAX_DETAIL:]))
        if len(self.faults) > MAX_FAULTS:
            self.faults.pop(0)
            self._faults_told = max(0, self._faults_told - 1)

    def new_faults(self) -> list[RegularFault]:
        """Faults since the last call (each is reported once)."""
        fresh = self.faults[self._faults_told:]
        self._faults_told = len(self.faults)
        return fresh
