"""The view, the reveal and the events of one scripted round, field by field (docs/views.md).

Written for mutation testing: the property tests compare two views with each other, so a key
renamed on both sides, a reveal that names the wrong bidder or face, or an event without its
player went unnoticed. Every value below is worked out by hand from the rules.
"""
import copy

from engine.snyd import Bid, Rules, Table

VIEW_KEYS = {
    "game", "me", "rules", "players", "phase", "game_no", "round_no", "in_game", "in_play", "out",
    "final", "turn", "starter", "next_starter", "current_bid", "bidder", "bids", "max_quantity",
    "dice_left", "total_dice", "my_dice_count", "can_peek", "my_dice", "can_bid", "can_call",
    "viborg", "tally", "selvbinder", "last_reveal", "events",
}


def one_round() -> tuple[Table, object]:
    """A's time runs out (lowest bid, 1 two), B bids 3 fives, C calls.

    Fives: A's 5+5 and C's joker = 3, so the bid holds and the caller C loses the round (S21);
    A and B put away a die (S22). Sixes also show 3 (B's 6+6, C's joker): "the face counted" is
    still the bid's five.
    """
    t = Table(["A", "B", "C"], Rules(dice_per_player=2), seed=1, first="A")
    t.deal([[5, 5], [6, 6], [1, 3]])
    assert t.timeout("A") is None
    t.bid("B", Bid(3, 5))
    return t, t.call("C")


REVEAL = {
    "bid": {"quantity": 3, "face": 5}, "bidder": "B", "caller": "C", "count": 3, "held": True,
    "loser": "C", "face": 5, "hands": {"A": [5, 5], "B": [6, 6], "C": [1, 3]},
    "counting": {"A": [0, 1], "B": [], "C": [0]}, "put_away": ["A", "B"],
}


def test_reveal_fields() -> None:
    _, reveal = one_round()
    assert reveal.to_dict() == REVEAL
    assert reveal.bidder == "B" and reveal.face == 5 and reveal.count == 3
    assert "count" not in reveal.to_dict(with_count=False)


def test_events_of_a_round() -> None:
    t, _ = one_round()
    assert t.events == [
        {"type": "new_game", "game_no": 1, "players": ["A", "B", "C"]},
        {"type": "deal", "game_no": 1, "round_no": 1, "starter": "A"},
        {"type": "timeout", "player": "A"},
        {"type": "bid", "player": "A", "quantity": 1, "face": 2},
        {"type": "bid", "player": "B", "quantity": 3, "face": 5},
        {"type": "call", "player": "C"},
        {"type": "reveal", **REVEAL},
        {"type": "put_away", "player": "A"},
        {"type": "put_away", "player": "B"},
    ]
    assert [e["type"] for e in t.log] == ["start", "deal", "timeout", "bid", "call"]


def test_act_call_is_logged_as_a_call() -> None:
    t = Table(["A", "B"], Rules(dice_per_player=1), seed=1, first="A")
    t.deal([[2], [3]])
    t.act("A", {"type": "bid", "quantity": 1, "face": 2})
    t.act("B", {"type": "call"})
    assert t.log[-1] == {"type": "call", "player": "B"}
    assert not any(e["type"] == "timeout" for e in t.events)


def test_view_of_a_reveal_field_by_field() -> None:
    t, _ = one_round()
    v = t.view("A")
    assert set(v) == VIEW_KEYS
    assert {k: v[k] for k in VIEW_KEYS - {"rules", "events"}} == {
        "game": "snyd", "me": "A", "players": ["A", "B", "C"], "phase": "reveal",
        "game_no": 1, "round_no": 1, "in_game": ["A", "B", "C"], "in_play": ["A", "B", "C"],
        "out": [], "final": False, "turn": None, "starter": "A", "next_starter": "C",
        "current_bid": {"quantity": 3, "face": 5}, "bidder": "B",
        "bids": [{"player": "A", "quantity": 1, "face": 2},
                 {"player": "B", "quantity": 3, "face": 5}],
        # Next round: A 1 die, B 1, C 2, each of them able to show a special (+1, S18).
        "max_quantity": 7, "dice_left": {"A": 1, "B": 1, "C": 2}, "total_dice": 4,
        "my_dice_count": 1, "can_peek": False, "my_dice": None, "can_bid": False,
        "can_call": False, "viborg": [], "tally": {"A": 0, "B": 0, "C": 0},
        "selvbinder": {"A": 0, "B": 0, "C": 0}, "last_reveal": REVEAL,
    }
    assert v["rules"] == Rules(dice_per_player=2).to_dict() and v["events"] == t.events


def test_view_while_bidding() -> None:
    t = Table(["A", "B", "C"], Rules(dice_per_player=2), seed=1, first="A")
    t.deal([[5, 5], [6, 6], [1, 3]])
    v = t.view("A")
    assert (v["phase"], v["turn"], v["starter"], v["next_starter"]) == ("bidding", "A", "A", None)
    assert (v["my_dice"], v["can_peek"], v["can_bid"], v["can_call"]) == ([5, 5], True, True, False)
    assert v["max_quantity"] == 9 and v["total_dice"] == 6 and v["last_reveal"] is None


def test_a_view_is_a_deep_copy_of_the_history() -> None:
    """Changing every list and dict inside a view's events changes nothing at the table."""
    t, _ = one_round()
    before = copy.deepcopy(t.view("B"))
    for event in t.view("B")["events"]:
        for value in event.values():
            if isinstance(value, list):
                value.append("x")
            elif isinstance(value, dict):
                for inner in value.values():
                    if isinstance(inner, list):
                        inner.append("x")
                value["x"] = 1
    assert t.view("B") == before


def test_selvbinder_and_loss_events_count_up() -> None:
    """Two players, Viborg on: B loses game 1 (Viborg), game 2 (alone there: selvbinder), and
    again games 3 and 4: two strokes, two selvbinders, and the events say False/True exactly."""
    from snyd_play import lose_game

    t = Table(["A", "B"], Rules(dice_per_player=1), seed=1, first="A")
    for _ in range(4):
        lose_game(t, "B")
    assert t.tally == {"A": 0, "B": 2} and t.selvbinder == {"A": 0, "B": 2}
    losses = [e for e in t.events if e["type"] == "lost_completely"]
    assert [e["selvbinder"] for e in losses] == [True, True]
    no_viborg = Table(["A", "B"], Rules(dice_per_player=1, viborg=False), seed=1, first="A")
    lose_game(no_viborg, "B")
    assert [e for e in no_viborg.events if e["type"] == "lost_completely"] == [
        {"type": "lost_completely", "player": "B", "selvbinder": False}]


def test_equal_tables_need_equal_dice_to_come() -> None:
    """Table equality includes the RNG: the same history with a different next roll is unequal."""
    t, _ = one_round()
    same = copy.deepcopy(t)
    assert same == t
    same.dice.throw(1)  # the dice to come move on: nothing else changes
    assert same != t
    other = copy.deepcopy(t)
    other.deal()
    assert other != t


def test_bid_in_words() -> None:
    assert str(Bid(3, 5)) == "3 femmere" and str(Bid(2, None)) == "2 af en slags"
    assert str(Bid(1, 1)) == "1 ettere"


def test_equal_rng_is_not_enough_for_equal_tables() -> None:
    """Same seed, same RNG state, different history (a scripted deal draws nothing): unequal."""
    t = Table(["A", "B"], Rules(dice_per_player=1), seed=4, first="A")
    dealt = copy.deepcopy(t)
    dealt.deal([[2], [3]])
    assert dealt.dice.state() == t.dice.state() and dealt != t


def test_is_legal_at_the_cap() -> None:
    """S18: a bid of exactly the cap may be made, one more may not (and None means no cap)."""
    from engine.snyd import is_legal, is_raise

    rules = Rules()
    assert is_legal(Bid(3, 5), rules, cap=3) and not is_legal(Bid(4, 5), rules, cap=3)
    assert is_legal(Bid(40, 5), rules) and not is_legal(Bid(1, 1), rules, cap=3)
    assert is_raise(Bid(3, 6), Bid(3, 5), rules) and not is_raise(Bid(3, 5), Bid(3, 5), rules)


def test_raises_above_a_bid_these_rules_do_not_allow() -> None:
    """raises() from a current bid that is not on this ladder (ones under jokers, a kind bid
    without En slags) compares ranks: the first raise is the next quantity-and-face up."""
    from engine.snyd import raises

    assert raises(Bid(2, 1), Rules(), 3)[0] == Bid(2, 2)
    assert raises(Bid(2, None), Rules(), 3) == [Bid(q, f) for q in (2, 3) for f in (2, 3, 4, 5, 6)]
