"""What one seat sees of a Snyd table (docs/views.md).

Built only from public state plus the seat's own dice while it may peek, so that
before a reveal the view never depends on any other player's dice.

This module knows the table only as ``SnydTable``, the state it reads: ``table.py`` imports it,
never the other way round.
"""
from __future__ import annotations

from typing import Any, Protocol

from engine.errors import IllegalAction, shown
from engine.events import first_event
from engine.snyd.bid import MAX_QUANTITY, Bid, bid_of, bid_rank, max_quantity
from engine.snyd.checks import (
    MAX_PLAYERS,
    dice_counts_of,
    hand_of,
    is_list,
    rules_of,
    whole,
)
from engine.snyd.rules import Rules


class SnydTable(Protocol):
    """What a view is built from (``engine.snyd.table.Table`` has it all)."""

    players: tuple[str, ...]
    rules: Rules
    phase: str
    game_no: int
    round_no: int
    in_game: list[str]
    out: list[str]
    final: bool
    turn: str | None
    starter: str | None
    current_bid: Bid | None
    bidder: str | None
    bids: list[dict[str, Any]]
    dice_left: dict[str, int]
    hands: dict[str, list[int]]
    viborg: set[str]
    tally: dict[str, int]
    selvbinder: dict[str, int]
    events: list[dict[str, Any]]
    last_reveal: Any  # a table.Reveal (its to_dict) or None

    @property
    def in_play(self) -> list[str]: ...
    @property
    def upcoming(self) -> list[str]: ...
    @property
    def next_starter(self) -> str: ...
    @property
    def cap(self) -> int: ...
    def can_peek(self, player: str) -> bool: ...


def build_view(table: SnydTable, me: str, events_from: int | None = None) -> dict[str, Any]:
    """The view contract of docs/views.md for player ``me``; with ``events_from`` n only the
    events from n on, and ``"events_from": n`` (every other field as without it)."""
    if me not in table.players:
        raise IllegalAction(f"{shown(me)} sidder ikke ved bordet (not at this table)")
    start = 0 if events_from is None else first_event(events_from, len(table.events))
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
        "starter": table.starter if table.phase != "idle" else table.next_starter,
        "next_starter": None if bidding else table.next_starter,
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
        "events": [e.copy() if e["type"] in FLAT_EVENTS else _copy_event(e)
                   for e in table.events[start:]],
    }
    if events_from is not None:
        view["events_from"] = start
    if not rules.hidden_count:  # S43: no counts but one's own
        view["dice_left"] = dict(table.dice_left)
        view["total_dice"] = sum(table.dice_left.values())
    if table.last_reveal is not None:
        view["last_reveal"] = table.last_reveal.to_dict(with_count=not rules.hidden_count)
    return view


# Events whose values are all str/int/bool/None: a shallow copy is a full copy.  Most of an
# evening's events are of these kinds, and view() copies the whole history on every call
# without events_from, so this saves a third of a long evening's view() time
# (tests/engine/test_view_contract.py checks that these kinds stay flat).
FLAT_EVENTS = frozenset({"deal", "bid", "call", "put_away", "out", "timeout", "game_lost",
                         "to_viborg", "home", "lost_completely"})


def _cap_shown(table: SnydTable) -> int:
    """The S18 cap of the round being bid, or of the next round when none is.

    After a game (and before the first) the next round opens a new game with full cups
    for the players who will get dice (only the finalists before an S32 final).
    """
    if table.phase in ("idle", "game_over"):
        players = table.upcoming
        return max_quantity([table.rules.dice_per_player] * len(players), table.rules)
    return table.cap


def _a_raise_exists(table: SnydTable) -> bool:
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


# --- reading a view that came from elsewhere (a peer's host, a save) ----------------------------

PHASES = frozenset({"idle", "bidding", "reveal", "game_over"})


def read_view(view: Any) -> dict[str, Any]:
    """``view`` if it has the shape of docs/views.md in every field a consumer reads (the
    regulars, *Øvebord*), else an ``IllegalAction``.  A view built by ``Table.view`` always passes.
    """
    bad = IllegalAction(f"Visningen af bordet kan ikke læses: {shown(view)} (malformed view)")
    if not isinstance(view, dict) or view.get("game") != "snyd":
        raise bad
    players = view.get("players")
    if (not is_list(players) or not 2 <= len(players) <= MAX_PLAYERS
            or any(not isinstance(p, str) for p in players) or len(set(players)) != len(players)):
        raise bad
    seats = set(players)

    def seat(value: Any) -> bool:
        return isinstance(value, str) and value in seats  # str first: a list is unhashable

    def names(value: Any) -> bool:
        return is_list(value) and all(seat(p) for p in value)

    if not isinstance(view.get("rules"), dict):
        raise bad
    rules = rules_of(view["rules"])
    checks = (
        seat(view.get("me")),
        isinstance(view.get("phase"), str) and view["phase"] in PHASES,
        all(type(view.get(k)) is int and view[k] >= 0 for k in ("game_no", "round_no")),
        names(view.get("in_play")) and names(view.get("in_game")),
        "turn" in view and (view["turn"] is None or seat(view["turn"])),
        all(type(view.get(k)) is bool for k in ("can_bid", "can_call", "can_peek")),
        is_list(view.get("bids")) and all(isinstance(b, dict) and seat(b.get("player"))
                                          for b in view["bids"]),
        is_list(view.get("events")) and all(isinstance(e, dict) for e in view["events"]),
    )
    if not all(checks):
        raise bad
    whole(view.get("max_quantity"), 1, MAX_QUANTITY, "Loftet (max_quantity)")
    whole(view.get("my_dice_count"), 0, rules.dice_per_player, "Antal terninger (my_dice_count)")
    if view.get("my_dice") is not None:
        hand_of(view["my_dice"])
    if view.get("current_bid") is not None:
        bid_of(view["current_bid"])
    for b in view["bids"]:
        bid_of(b)
    if "dice_left" in view:
        left = view["dice_left"]
        if not isinstance(left, dict) or not set(view["in_play"]) <= left.keys() <= seats:
            raise bad
        dice_counts_of(left)
    for e in view["events"]:  # the regulars keep the count from these under Skjult antal
        if ("player" in e and not seat(e["player"])) or ("players" in e and not names(e["players"])):
            raise bad
    return view
