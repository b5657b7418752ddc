"""Issue 8 item 4: each bad input that escaped as ValueError/TypeError/KeyError is now an
IllegalAction with a short message, and the table is unchanged."""
from __future__ import annotations

import pytest

from engine.errors import MAX_QUOTE, IllegalAction, shown
from engine.snyd import Bid, Rules, Table

HUGE = 10**5000  # past CPython's 4,300-digit int-to-str limit: repr() of it raises ValueError


def fresh() -> Table:
    t = Table(["A", "B"], Rules(dice_per_player=2), seed=1, first="A")
    t.deal([[5, 5], [1, 3]])
    return t


def refused(call) -> str:
    with pytest.raises(IllegalAction) as info:
        call()
    message = str(info.value)
    assert message and "Traceback" not in message and "Exceeds the limit" not in message
    assert message.endswith(")") and " (" in message  # Danish first, English in brackets
    return message


def test_shown_is_short_and_never_raises() -> None:
    deep: list = []
    for _ in range(10_000):
        deep = [deep]
    for value in (HUGE, -HUGE, {HUGE: HUGE}, [HUGE] * 100, "x" * 10_000, deep, b"\x00" * 999,
                  float("nan"), "\u202e\u0000\ud800"):
        assert 0 < len(shown(value)) <= MAX_QUOTE
    assert "5001 cifre" in shown(HUGE)
    assert shown("Mette") == "'Mette'"


@pytest.mark.parametrize("action", ["act", "bid", "call", "timeout", "view", "can_peek"])
def test_huge_or_unhashable_player_is_refused_and_changes_nothing(action: str) -> None:
    t = fresh()
    log, views = t.log, [t.view(p) for p in t.players]
    calls = {
        "act": lambda p: t.act(p, {"type": "call"}),
        "bid": lambda p: t.bid(p, Bid(3, 5)),
        "call": t.call,
        "timeout": t.timeout,
        "view": t.view,
        "can_peek": t.can_peek,
    }
    for player in (HUGE, [], {}, [HUGE]):
        if action == "can_peek":
            assert t.can_peek(player) is False  # a question, not an action: no, never an error
        else:
            assert "sidder ikke ved bordet" in refused(lambda p=player: calls[action](p))
    assert t.log == log and [t.view(p) for p in t.players] == views


def test_huge_numbers_in_bids_rules_and_first() -> None:
    assert "Antallet" in refused(lambda: Bid(HUGE, 5))
    assert "Antallet" in refused(lambda: Bid(57, 5))  # past any cap (8 × (6 + 1))
    assert "Øjnene" in refused(lambda: Bid(3, HUGE))
    assert "Terninger" in refused(lambda: Rules(dice_per_player=HUGE))
    assert "Tidsgrænsen" in refused(lambda: Rules(time_limit=-HUGE))
    assert "til eller fra" in refused(lambda: Rules(jokers=HUGE))
    assert "sidder ikke" in refused(lambda: Table(["A", "B"], first=HUGE))
    assert "Ukendte husregler" in refused(lambda: Rules.from_dict({HUGE: 1}))
    assert "Ukendt regelsæt" in refused(lambda: Rules.preset([HUGE]))
    t = fresh()
    log = t.log
    refused(lambda: t.act("A", {"type": "bid", "quantity": HUGE, "face": 5}))
    refused(lambda: t.act("A", {"type": "bid", "quantity": 3, "face": -HUGE}))
    assert t.log == log


def test_rules_with_unknown_switch() -> None:
    assert "foo" in refused(lambda: Rules().with_(foo=1))
    assert Rules().with_(jokers=False).jokers is False


@pytest.mark.parametrize("start", ids=range(8), argvalues=[
    {"type": "start", "players": 5, "rules": Rules().to_dict(), "seed": 1, "first": "A"},
    {"type": "start", "players": "AB", "rules": Rules().to_dict(), "seed": 1, "first": "A"},
    {"type": "start", "players": ["A", "B"], "rules": Rules().to_dict(), "first": "A"},
    {"type": "start", "players": ["A", "B"], "rules": Rules().to_dict(), "seed": 1},
    {"type": "start", "players": ["A", "B"], "seed": 1, "first": "A"},
    {"type": "start", "players": ["A", "B"], "rules": [], "seed": 1, "first": "A"},
    {"type": "start", "players": ["A", "B"], "rules": Rules().to_dict(), "seed": [], "first": "A"},
    {"type": "start", "players": ["A", "B"], "rules": Rules().to_dict(), "seed": 1, "first": HUGE},
])
def test_replay_refuses_a_malformed_start(start: dict) -> None:
    refused(lambda: Table.replay(["A", "B"], Rules(), [start]))


@pytest.mark.parametrize("players", [5, None, HUGE, [HUGE, 1], "AB"], ids=range(5))
def test_replay_refuses_bad_players(players: object) -> None:
    log = Table(["A", "B"], Rules(), seed=1, first="A").log
    refused(lambda: Table.replay(players, Rules(), log))


def test_replay_quotes_a_broken_entry_briefly() -> None:
    t = fresh()
    message = refused(lambda: Table.replay(
        ["A", "B"], t.rules, t.log + [{"type": "bid", "player": "A", "quantity": HUGE}]))
    assert "Loggen er i stykker" in message and len(message) < 120


def test_seeds_that_cannot_seed_or_be_saved() -> None:
    """Found by the junk property: random.Random("\ud800") raises UnicodeEncodeError, and a huge
    int seed made a log that json.dumps could not write."""
    from engine.snyd import bots

    for seed in ("\ud800", HUGE, 2**63, "x" * 101, 1.5, [1]):
        assert "seed" in refused(lambda s=seed: Table(["A", "B"], seed=s))
        assert "seed" in refused(lambda s=seed: bots.simpel(seed=s))
        assert "seed" in refused(lambda s=seed: bots.regular("Lis", seed=s))
    assert Table(["A", "B"], seed="æøå 🎲").seed == "æøå 🎲"


def test_messages_quote_the_bad_value() -> None:
    assert "'tjubang'" in refused(lambda: Rules.preset("tjubang"))
    assert "'Ole'" in refused(lambda: fresh().view("Ole"))
    assert "[1, 2]" in refused(lambda: fresh().act([1, 2], {"type": "call"}))


def test_read_view_refuses_each_malformed_field_and_takes_real_views() -> None:
    from engine.snyd.view import read_view

    eight = Table([f"P{i}" for i in range(8)], Rules(dice_per_player=1), seed=1, first="P0")
    eight.deal()
    for t in (fresh(), eight, Table(["A", "B"], Rules.preset("hardcore"), seed=3)):
        for p in t.players:
            assert read_view(t.view(p)) == t.view(p)
    good = fresh().view("A")
    spoiled = [
        {"players": None}, {"players": "AB"}, {"players": ["A"]}, {"players": ["A", "A"]},
        {"players": [f"P{i}" for i in range(9)]}, {"me": "Ole"}, {"me": []}, {"phase": "dance"},
        {"phase": []}, {"game_no": -1}, {"round_no": 1.0}, {"in_play": ["Ole"]},
        {"in_game": None}, {"turn": "Ole"}, {"can_bid": 1}, {"bids": [{"player": "Ole"}]},
        {"bids": [{"player": "A", "quantity": 0, "face": 5}]}, {"events": [[]]},
        {"events": [{"type": "put_away", "player": []}]},
        {"events": [{"type": "new_game", "players": "AB"}]}, {"max_quantity": 0},
        {"max_quantity": HUGE}, {"my_dice_count": 3}, {"my_dice": [7]}, {"my_dice": "55"},
        {"current_bid": {"quantity": 1}}, {"dice_left": {"A": 2}}, {"dice_left": {"A": 9, "B": 2}},
        {"rules": Rules()}, {"rules": {"jokers": "ja"}}, {"game": "bakke"},
    ]
    for change in spoiled:
        refused(lambda c=change: read_view({**good, **c}))
    without_turn = dict(good)
    del without_turn["turn"]
    refused(lambda: read_view(without_turn))


def test_shown_exactly() -> None:
    assert shown(12345) == "12345" and shown(-(2**63)) == str(-(2**63))
    assert shown(2**70).startswith("<et tal med ca. 22 cifre")
    long = {"a" * 30: "b" * 30, "c" * 30: "d" * 30}
    assert len(shown(long)) == MAX_QUOTE and shown(long).endswith("…")
    assert shown([1, [2, [3, [4]]]]) == "[1, [2, [...]]]"


def test_unknown_switches_are_listed_three_at_most() -> None:
    three = refused(lambda: Rules.from_dict({"a": 1, "b": 2, "c": 3}))
    assert "'a', 'b', 'c' (unknown" in three
    four = refused(lambda: Rules.from_dict({"a": 1, "b": 2, "c": 3, "d": 4}))
    assert "'a', 'b', 'c' … (unknown" in four and "'d'" not in four
