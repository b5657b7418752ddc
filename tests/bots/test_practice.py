"""Øvebord (S42): exact figures and a sensible suggestion, from the player's view."""

from __future__ import annotations

import pytest

from engine.snyd import practice
from engine.snyd.bid import Bid, is_raise
from engine.snyd.odds import chance
from engine.snyd.rules import Rules
from engine.snyd.table import Table


def table_at(rules: Rules, hands: list[list[int]], bids: list[tuple[int, int | None]]) -> Table:
    names = ["A", "B", "C"][:len(hands)]
    table = Table(names, rules.with_(dice_per_player=len(hands[0])), seed=1, first="A")
    table.deal(hands)
    for q, f in bids:
        table.act(table.turn, {"type": "bid", "quantity": q, "face": f})
    return table


def test_figures_are_the_exact_chances() -> None:
    rules = Rules()
    table = table_at(rules, [[5, 5, 1, 2], [3, 3, 3, 3], [6, 6, 4, 2]], [(4, 5)])
    view = table.view("B")
    advice = practice.advice(view)
    assert advice["current"] == pytest.approx(chance(Bid(4, 5), [3, 3, 3, 3], [4, 4], rules), abs=1e-12)
    assert advice["raises"], advice
    for row in advice["raises"]:
        bid = Bid.from_dict(row["bid"])
        assert is_raise(bid, Bid(4, 5), rules) and bid.quantity <= view["max_quantity"]
        assert row["chance"] == pytest.approx(chance(bid, [3, 3, 3, 3], [4, 4], rules), abs=1e-12)
    # The smallest legal raise on every face is offered.
    faces = {r["bid"]["face"] for r in advice["raises"] if r["bid"]["quantity"] in (4, 5)}
    assert faces == {2, 3, 4, 5, 6}


def test_suggests_call_on_an_impossible_bid_and_a_raise_on_a_sure_one() -> None:
    rules = Rules()
    hopeless = table_at(rules, [[2, 2], [3, 3], [4, 4]], [(6, 6)])
    assert practice.advice(hopeless.view("B"))["suggestion"] == {"type": "call"}
    sure = table_at(rules, [[2, 2], [5, 5], [4, 4]], [(1, 2)])
    suggestion = practice.advice(sure.view("B"))["suggestion"]
    assert suggestion["type"] == "bid"
    assert is_raise(Bid(suggestion["quantity"], suggestion["face"]), Bid(1, 2), rules)


def test_opening_has_no_current_and_suggests_a_legal_bid() -> None:
    rules = Rules.preset("slags")
    table = table_at(rules, [[6, 6, 1, 2], [3, 3, 3, 3], [6, 6, 4, 2]], [])
    advice = practice.advice(table.view("A"))
    assert advice["current"] is None
    s = advice["suggestion"]
    assert s["type"] == "bid" and is_raise(Bid(s["quantity"], s["face"]), None, rules)
    assert any(r["bid"]["face"] is None for r in advice["raises"])  # af en slags offered


def test_no_help_under_hidden_count_or_out_of_play() -> None:
    hidden = table_at(Rules(hidden_count=True), [[2, 2], [3, 3], [4, 4]], [(1, 2)])
    assert practice.advice(hidden.view("B")) is None
    idle = Table(["A", "B"], Rules(), seed=1)
    assert practice.advice(idle.view("A")) is None
    # A player who is out (slap) gets nothing.
    table = Table(["A", "B", "C"], Rules(dice_per_player=1), seed=1, first="A")
    table.deal([[2], [3], [4]])
    table.act("A", {"type": "bid", "quantity": 1, "face": 2})
    table.act("B", {"type": "call"})  # held: A and C put away their only die and are out
    assert practice.advice(table.view("A")) is None


def test_locked_cup_uses_the_dice_the_player_passes() -> None:
    rules = Rules(peek_once=True)
    table = table_at(rules, [[5, 5, 5, 5, 1, 1], [2] * 6, [3] * 6], [(3, 5)])
    table.act("B", {"type": "bid", "quantity": 4, "face": 5})
    view = table.view("A")
    assert view["my_dice"] is None
    remembered = practice.advice(view, own_dice=[5, 5, 5, 5, 1, 1])
    forgotten = practice.advice(view)
    assert remembered["current"] == 1.0
    assert forgotten["current"] < 1.0
