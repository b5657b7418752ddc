"""What one seat sees of a Treere table (docs/views.md, Treere).

Every die in Treere is public as soon as it is rolled, so all seats (and a spectator) see the
same table; only ``me`` and ``legal`` differ.  Dice not yet rolled are never shown: the view is
built from what has happened, never from the table's RNG or a scripted list.

This module knows the table only as ``TreereTable``, the state it reads: ``table.py`` imports
it, never the other way round.
"""
from __future__ import annotations

from typing import Any, Protocol

from engine.events import first_event
from engine.treere.rules import Rules
from engine.treere.scoring import DICE, score


class TreereTable(Protocol):
    """What a view is built from (``engine.treere.table.Table`` has it all)."""

    players: tuple[str, ...]
    rules: Rules
    phase: str
    game_no: int
    round_no: int
    stage: int
    starter: str
    in_round: list[str]
    playoff: bool
    turn: str | None
    rolled: list[int]
    kept: list[int]
    scores: dict[str, int | None]
    kept_by: dict[str, list[int]]
    pot: int
    winner: str | None
    tally: dict[str, int]
    events: list[dict[str, Any]]

    @property
    def threshold(self) -> int | None: ...
    @property
    def best(self) -> int | None: ...
    @property
    def to_beat(self) -> int | None: ...
    @property
    def to_roll(self) -> list[str]: ...
    def legal(self, player: str | None) -> list[str]: ...


def build_view(table: TreereTable, me: str | None,
               events_from: int | None = None) -> dict[str, Any]:
    """The view contract of docs/views.md for ``me`` (None: a spectator); with ``events_from``
    n only the events from n on, and ``"events_from": n``."""
    start = 0 if events_from is None else first_event(events_from, len(table.events))
    playing = table.phase == "playing"
    view = {
        "game": "treere",
        "me": me,
        "rules": table.rules.to_dict(),
        "players": list(table.players),
        "phase": table.phase,
        "game_no": table.game_no,
        "round_no": table.round_no,
        "stage": table.stage,
        "threshold": table.threshold if playing else None,
        "starter": table.starter,
        "in_round": list(table.in_round),
        "playoff": table.playoff,
        "turn": table.turn,
        "rolled": list(table.rolled),
        "kept": list(table.kept),
        "left": DICE - len(table.kept) if playing else 0,
        "score": score(table.kept, table.rules.zero_face),
        "scores": dict(table.scores),
        "kept_by": {p: list(k) for p, k in table.kept_by.items()},
        "best": table.best,
        "to_beat": table.to_beat,
        "to_roll": table.to_roll,
        "pot": table.pot,
        "winner": table.winner,
        "legal": table.legal(me),
        "tally": dict(table.tally),
        "last": _copy_event(table.events[-1]) if table.events else None,
        "events": [_copy_event(e) for e in table.events[start:]],
    }
    if events_from is not None:
        view["events_from"] = start
    return view


# The keys holding a list, per event type; every other value is a str/int/bool/None.  view()
# without events_from copies the evening's whole history, so copying only these is worth it
# (about twice as fast as copying every value; tests/engine/treere/test_properties.py checks
# the table is true).
LIST_KEYS: dict[str, tuple[str, ...]] = {
    "roll": ("faces",), "keep": ("dice", "faces", "kept"), "turn_over": ("kept",),
    "ante": ("players",), "new_game": ("players",), "tie": ("players",), "replay": ("players",),
}


def _copy_event(event: dict[str, Any]) -> dict[str, Any]:
    """A copy deep enough that a consumer can't change the table's history through a view."""
    out = event.copy()
    for key in LIST_KEYS.get(event["type"], ()):
        out[key] = out[key][:]
    return out
