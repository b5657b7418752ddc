"""The one contract that every game's table meets (Snyd, Bakke, Treere): ``GameTable``.

What the app, the regulars and a friends' table rely on, whatever the game:

- ``Rules``: house rules as a frozen value, ``to_dict()`` and ``Rules.from_dict(d)`` round trip;
- ``Table(players, rules, seed=..., first=...)``: a deterministic state machine whose only
  chance is its ``dice`` (engine/dice.py: seeded, or scripted faces first);
- ``act(player, action)``: one action as a plain dict; an ``IllegalAction`` leaves the table
  exactly as it was (Snyd's chance step, ``deal``, is its own method: nobody acts to deal);
- ``view(player, events_from=None)``: what that seat may know, as plain JSON (docs/views.md);
- ``log``: the start and every action, dice included (JSON, a copy; the host's record, never
  part of a view); ``Table.replay(players, rules, log)`` builds an equal table from it, and
  refuses a log that is junk or from another table with an ``IllegalAction``;
- ``==``: equal state, the dice still to come included (tables are mutable: not hashable).

The half they share is written once, in ``engine.log.LoggedTable`` (the log, the replay of its
entries, equality); tests/engine/test_contract.py holds all three games to this contract.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from engine.dice import Dice


@runtime_checkable
class GameRules(Protocol):
    """A game's house rules (``engine.<game>.rules.Rules``)."""

    def to_dict(self) -> dict[str, Any]: ...


@runtime_checkable
class GameTable(Protocol):
    """A game's table (``engine.<game>.table.Table``)."""

    players: tuple[str, ...]
    rules: GameRules
    phase: str
    game_no: int
    tally: dict[str, int]
    events: list[dict[str, Any]]
    dice: Dice

    @property
    def log(self) -> list[dict[str, Any]]: ...
    def act(self, player: str, action: Mapping[str, Any]) -> Any: ...
    def view(self, player: str, events_from: int | None = None) -> dict[str, Any]: ...

    @classmethod
    def replay(cls, players: Sequence[str], rules: Any,
               log: Sequence[Mapping[str, Any]]) -> GameTable: ...

    def __eq__(self, other: object) -> bool: ...
