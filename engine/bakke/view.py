"""What one seat (or a spectator) sees of a Bakke table (docs/views.md, "Bakke").

Every die in Bakke is public the moment it lands, so the view shows the whole table; it is
built from what has happened only, never from the table's dice still to come (script or RNG).

This module knows the table only as ``BakkeTable``, the state it reads: ``table.py`` imports it,
never the other way round.
"""
from __future__ import annotations

from typing import Any, Protocol

from engine.bakke.rules import Rules
from engine.errors import IllegalAction, shown
from engine.events import first_event


class BakkeTable(Protocol):
    """What a view is built from (``engine.bakke.table.Table`` has it all)."""

    players: tuple[str, ...]
    rules: Rules
    phase: str
    game_no: int
    starter: str
    first_throw: bool
    turn: str | None
    thrown: int
    tray: list[int]
    hands: dict[str, int]
    out: list[str]
    loser: str | None
    undoable: dict[str, Any] | None
    last: dict[str, Any] | None
    tally: dict[str, int]
    events: list[dict[str, Any]]

    @property
    def in_game(self) -> list[str]: ...
    def legal(self, player: str | None) -> list[str]: ...
    def fejl_targets(self, player: str | None) -> list[str]: ...


def build_view(table: BakkeTable, me: str | None,
               events_from: int | None = None) -> dict[str, Any]:
    """The view contract for ``me`` (None: a spectator, who may take no action); with
    ``events_from`` n only the events from n on, and ``"events_from": n``."""
    if me is not None and not (isinstance(me, str) and me in table.players):
        raise IllegalAction(f"{shown(me)} sidder ikke ved bordet (not at this table)")
    start = 0 if events_from is None else first_event(events_from, len(table.events))
    view = {
        "game": "bakke",
        "me": me,
        "rules": table.rules.to_dict(),
        "players": list(table.players),
        "phase": table.phase,
        "game_no": table.game_no,
        "starter": table.starter,
        "first_throw": table.first_throw,
        "turn": table.turn,
        "thrown": table.thrown,
        "tray": sorted(table.tray),
        "hands": dict(table.hands),
        "in_game": table.in_game,
        "out": list(table.out),
        "loser": table.loser,
        "legal": table.legal(me),
        "fejl_against": table.fejl_targets(me),
        # The last fault while its caller may still undo it (until the next throw), else None.
        "fejl_undo": _copy(table.undoable) if table.undoable is not None else None,
        "last": _copy(table.last) if table.last is not None else None,
        "tally": dict(table.tally),
        "events": [_copy_event(e) for e in table.events[start:]],
    }
    if events_from is not None:
        view["events_from"] = start
    return view


# The one list in each kind of event (the others hold str/int only).  view() without
# events_from copies the whole evening's history (docs/views.md), so a shallow copy plus that
# one list is what it can afford: about three times faster than a general copy on a long
# evening.  The property test that mutates every list of a view
# (tests/engine/bakke/test_properties.py) keeps this honest.
LIST_IN_EVENT = {"throw": "faces", "fejl": "faces", "fejl_undone": "faces", "new_game": "players",
                 "game_over": "out"}


def _copy_event(event: dict[str, Any]) -> dict[str, Any]:
    out = event.copy()
    key = LIST_IN_EVENT.get(event["type"])
    if key is not None:
        out[key] = list(out[key])
    return out


def _copy(flat: dict[str, Any]) -> dict[str, Any]:
    """A copy deep enough that a consumer can't change the table through a view (``last``
    holds str/int/bool and flat lists of ints)."""
    return {k: list(v) if type(v) is list else v for k, v in flat.items()}
