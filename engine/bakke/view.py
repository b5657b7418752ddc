"""What one seat (or a spectator) sees of a Bakke table (docs/views.md, "Bakke").

Every die in Bakke is public the moment it lands, so the view shows the whole table; it is
built from what has happened only, never from the table's dice still to come (script or RNG).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction, shown

if TYPE_CHECKING:
    from engine.bakke.table import Table


def build_view(table: Table, me: str | None) -> dict[str, Any]:
    """The view contract for ``me`` (None: a spectator, who may take no action)."""
    if me is not None and not (isinstance(me, str) and me in table.players):
        raise IllegalAction(f"{shown(me)} sidder ikke ved bordet (not at this table)")
    return {
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
        "last": _copy(table.last) if table.last is not None else None,
        "tally": dict(table.tally),
        "events": [_copy(e) for e in table.events],
    }


def _copy(event: dict[str, Any]) -> dict[str, Any]:
    """A copy deep enough that a consumer can't change the table through a view (events and
    ``last`` hold str/int/bool/None and flat lists of those)."""
    return {k: list(v) if type(v) is list else v for k, v in event.items()}
