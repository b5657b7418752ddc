"""The log, replay and equality that the three games' tables share (engine/contract.py).

Every game's ``Table.replay`` checks first that the log is a list that starts with its 'start'
entry (``start_entry``); what the start must hold after that is each game's own (Snyd's late
arrivals). Then it builds a table from the start and hands it the rest (``LoggedTable``).
"""
from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from engine.dice import Dice
from engine.errors import IllegalAction, shown

ANOTHER_TABLE = "Loggen hører til et andet bord (the log is from another table)"


def start_entry(log: Any) -> Mapping[str, Any]:
    """The 'start' entry of ``log`` (input from outside: a save, a peer), or IllegalAction."""
    if (isinstance(log, (str, bytes)) or not isinstance(log, Sequence) or not log
            or not isinstance(log[0], Mapping) or log[0].get("type") != "start"):
        raise IllegalAction("Loggen skal starte med 'start' (a log starts with 'start')")
    return log[0]


class LoggedTable:
    """The half of a table that every game writes the same way: its log (the start and every
    action, dice included), its events, the replay of a log's entries, and equality of state.

    A game's ``Table`` subclasses it, keeps ``_log``, ``events`` and ``dice`` (its one source of
    chance), and says in ``_replay_one`` how one log entry is played again.
    """

    _log: list[dict[str, Any]]
    events: list[dict[str, Any]]
    dice: Dice

    @property
    def log(self) -> list[dict[str, Any]]:
        """Everything that happened, dice included (JSON; a copy). The log is the host's
        record, never part of a view."""
        return copy.deepcopy(self._log)

    def log_since(self, start: int) -> list[dict[str, Any]]:
        """The log's entries from ``start`` on (a copy): a peer's copy of the record grows by
        these, without copying the whole evening each time."""
        return copy.deepcopy(self._log[start:])

    def _event(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    def _replay_entries(self, log: Sequence[Any]) -> None:
        """Play every entry after the start again; a log from outside (a save, a peer) that
        is junk raises IllegalAction, never a KeyError or TypeError."""
        for entry in log[1:]:
            try:
                self._replay_one(entry)
            except (KeyError, TypeError, AttributeError) as err:
                raise IllegalAction(f"Loggen er i stykker ved {shown(entry)} (broken log)") from err

    def _replay_one(self, entry: Any) -> None:
        raise NotImplementedError  # each game's own

    def _state(self) -> dict[str, Any]:
        """Everything that decides the table, the dice still to come included."""
        state = {k: v for k, v in vars(self).items() if k != "dice"}
        state["dice"] = self.dice.state()
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, type(self)):
            return NotImplemented
        return self._state() == other._state()

    __hash__ = None  # type: ignore[assignment]  # mutable
