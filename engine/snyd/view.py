"""What one seat sees of a Snyd table (docs/views.md).

Built only from public state plus the seat's own dice while it may peek, so that
before a reveal the view never depends on any other player's dice.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import IllegalAction, shown
from engine.snyd.bid import Bid, bid_rank, max_quantity

if TYPE_CHECKING:
    from engine.snyd.table import Table


def build_view(table: Table, me: str) -> dict[str, Any]:
    """The view contract of docs/views.md for player ``me``."""
    if me not in table.players:
        raise IllegalAction(f"{shown(me)} sidder ikke ved bordet (not at this table)")
    rules = table.rules
    bidding = table.phase == "bidding"
    can_peek = table.can_peek(me)
    my_turn = bidding and table.turn == me
    view: dict[str, Any] = {
        "game": "snyd",
        "me": me,
        "rules": rules.to_dict(),
        "players": list(table.players),
        "phase": table.phase,
        "game_no": table.game_no,
        "round_no": table.round_no,
        "in_game": list(table.in_game),
        "in_play": table.in_play,
        "out": list(table.out),
        "final": table.final,
        "turn": table.turn,
        "starter": table.starter if table.phase != "idle" else table._next_starter,
        "next_starter": None if bidding else table._next_starter,
        "current_bid": None if table.current_bid is None else table.current_bid.to_dict(),
        "bidder": table.bidder,
        "bids": [dict(b) for b in table.bids],
        "max_quantity": _cap_shown(table),
        "my_dice_count": table.dice_left.get(me, 0),
        "can_peek": can_peek,
        "my_dice": list(table.hands[me]) if can_peek else None,
        "can_bid": my_turn and _a_raise_exists(table),
        "can_call": my_turn and table.current_bid is not None,
        "viborg": [p for p in table.players if p in table.viborg],
        "tally": dict(table.tally),
        "selvbinder": dict(table.selvbinder),
        "last_reveal": None,
        "events": [e.copy() if e["type"] in FLAT_EVENTS else _copy_event(e) for e in table.events],
    }
    if not rules.hidden_count:  # S43: no counts but one's own
        view["dice_left"] = dict(table.dice_left)
        view["total_dice"] = sum(table.dice_left.values())
    if table.last_reveal is not None:
        view["last_reveal"] = table.last_reveal.to_dict(with_count=not rules.hidden_count)
    return view


# Events whose values are all str/int/bool/None: a shallow copy is a full copy.  Most of an
# evening's events are of these kinds, and view() copies the whole history on every call, so
# this saves a third of a long evening's view() time (tests/engine/test_view_contract.py
# checks that these kinds stay flat).
FLAT_EVENTS = frozenset({"deal", "bid", "call", "put_away", "out", "timeout", "game_lost",
                         "to_viborg", "home", "lost_completely"})


def _cap_shown(table: Table) -> int:
    """The S18 cap of the round being bid, or of the next round when none is.

    After a game (and before the first) the next round opens a new game with full cups
    for the players who will get dice (only the finalists before an S32 final).
    """
    if table.phase in ("idle", "game_over"):
        players = table.upcoming
        return max_quantity([table.rules.dice_per_player] * len(players), table.rules)
    return table.cap


def _a_raise_exists(table: Table) -> bool:
    """Whether any bid still ranks above the current one within the cap (else only *Løft*)."""
    current = table.current_bid
    if current is None:
        return True  # an opening: at least 1 of the lowest face fits any cap (S18)
    top = Bid(table.cap, table.rules.biddable_faces[-1])
    return bid_rank(top, table.rules) > bid_rank(current, table.rules)


def _copy_event(event: dict[str, Any]) -> dict[str, Any]:
    """A copy deep enough that a consumer can't change the table's history through a view.

    Events hold str/int/bool/None, lists of those, and dicts (reveal: hands, counting)
    of those; a hand-rolled copy is several times faster than ``copy.deepcopy``.
    """
    out = dict(event)
    for key, value in out.items():
        if type(value) is list:
            out[key] = list(value)
        elif type(value) is dict:
            out[key] = {k: list(v) if type(v) is list else
                        (dict(v) if type(v) is dict else v) for k, v in value.items()}
    return out
