"""House rules alone and in combination, and the review's fixes (named after rule ids)."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from snyd_play import lose_game, random_action, table

from engine.snyd import (
    Bid,
    IllegalAction,
    Rules,
    Table,
    counted,
    holds,
    lowest_bid,
    max_quantity,
    raises,
)

STD = Rules()


# --- S13 / S14 / S18: stairs up to six dice, and the cap per dice count --------------------------

def test_S13_S18_a_six_dice_stair_counts_seven_and_the_cap_allows_it():
    t = table(2, dice=6, stairs=True)
    t.deal([[6, 5, 4, 3, 2, 1], [5, 5, 5, 5, 5, 5]])
    assert t.cap == 14  # 6 + 1 for each player: a stair is possible with six dice
    with pytest.raises(IllegalAction):
        t.bid("A", Bid(15, 2))
    t.bid("A", Bid(13, 5))
    r = t.call("B")
    assert (r.count, r.held) == (7 + 6, True)
    assert r.counting["A"] == [0, 1, 2, 3, 4, 5]  # the whole stair gets a ring
    plain = table(2, dice=6)
    plain.deal([[6, 5, 4, 3, 2, 1], [5, 5, 5, 5, 5, 5]])
    assert plain.cap == 12
    plain.bid("A", Bid(9, 5))
    r = plain.call("B")  # without Trapper: A shows a five and a joker, B six fives
    assert (r.count, r.held) == (8, False)


def test_S14_a_stair_replaces_its_plain_count_for_every_face():
    stairs = Rules(stairs=True)
    for k in range(3, 7):
        hand = list(range(1, k + 1))
        for face in range(2, 7):
            assert counted([hand], Bid(1, face), stairs) == k + 1
    # One die twice is no stair: the plain count (fives + a joker).
    assert counted([[1, 2, 3, 4, 5, 5]], Bid(1, 5), stairs) == 3


@pytest.mark.parametrize("n", range(1, 7))
def test_S18_cap_per_dice_count_under_every_special_switch(n):
    assert max_quantity([n], STD) == (n + 1 if n <= 2 else n)
    assert max_quantity([n], Rules(stairs=True)) == n + 1
    assert max_quantity([n], Rules(jokers=False)) == n
    assert max_quantity([n], Rules(jokers=False, stairs=True)) == n  # specials are joker rules


def test_S18_S43_hidden_cap_is_the_start_also_in_a_final():
    t = table(3, dice=3, hidden_count=True, viborg_final=True)
    lose_game(t, "B")
    lose_game(t, "C")
    t.deal([[5, 5, 5], [5, 5, 5]])
    assert t.final and t.cap == 6  # the two finalists' six dice, not the table's nine
    assert all(t.view(p)["max_quantity"] == 6 for p in t.players)
    t.bid(t.turn, Bid(6, 5))
    assert t.view(t.turn)["can_bid"] and raises(Bid(6, 5), t.rules, t.cap) == [Bid(6, 6)]
    t.bid(t.turn, Bid(6, 6))
    assert not t.view(t.turn)["can_bid"] and t.view(t.turn)["can_call"]


# --- S15 / S16 / S17 in combination --------------------------------------------------------------

def test_S15_S17_the_ladder_without_jokers_has_slags_below_ettere():
    r = Rules(jokers=False, of_a_kind=True)
    assert raises(None, r, 2) == [Bid(1, None)] + [Bid(1, f) for f in range(1, 7)] + \
        [Bid(2, None)] + [Bid(2, f) for f in range(1, 7)]


def test_S16_S15_without_jokers_a_one_two_hand_is_plain_so_its_two_is_present():
    hands = [[1, 2], [5, 5]]
    assert holds(hands, Bid(1, 2), Rules(present=True, jokers=False))
    assert not holds(hands, Bid(1, 2), Rules(present=True))  # with jokers 1+2 is a special


def test_S16_S13_a_one_two_three_is_plain_unless_trapper_is_on():
    hands = [[1, 2, 3], [6, 6, 6]]
    assert holds(hands, Bid(2, 3), Rules(present=True))  # a three and a joker, and a three shows
    assert not holds(hands, Bid(2, 3), Rules(present=True, stairs=True))  # a stair: no three shows


def test_S16_S17_S13_specials_count_for_the_best_present_face():
    r = Rules(present=True, of_a_kind=True, stairs=True)
    t = Table(["A", "B"], r.with_(dice_per_player=3), seed=1, first="A")
    t.deal([[1, 2, 3], [4, 4, 6]])
    t.bid("A", Bid(6, None))
    rev = t.call("B")
    assert (rev.face, rev.count, rev.held) == (4, 4 + 2, True)


# --- S23 / S24 / S25 / S26: who goes out, who starts ------------------------------------------------

def test_S24_two_out_in_one_round_the_game_goes_on_and_turns_skip_them():
    t = table(4, dice=2)
    t.deal([[5, 5], [4, 4], [3, 3], [2, 2]])
    t.bid("A", Bid(1, 6))
    t.call("B")  # a lie: A loses; B, C, D to one die
    t.deal([[5, 5], [4], [3], [2]])
    t.bid("A", Bid(1, 5))
    t.call("B")  # held: B loses; A to one, C and D out together
    assert t.out == ["C", "D"] and t.phase == "reveal" and t.in_play == ["A", "B"]
    t.deal([[6], [6]])
    assert t.turn == "B"
    t.bid("B", Bid(1, 6))
    assert t.turn == "A"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans(), st.booleans(), st.integers(2, 6), st.integers(1, 4), st.integers(0, 10**6))
def test_S25_S26_S35_the_starter_always_holds_dice(classic, final, n, dice, seed):
    rng = random.Random(seed)
    rules = Rules(dice_per_player=dice, classic_call=classic, viborg_final=final)
    t = Table([chr(65 + i) for i in range(n)], rules, seed=seed, first="A")
    for _ in range(4):
        t.deal()
        while True:
            assert t.turn == t.starter and t.dice_left[t.starter] > 0 and t.starter in t.in_play
            while t.phase == "bidding":
                r = t.act(t.turn, random_action(t, rng))
            # S25: the round's loser starts next and never put a die away.
            assert r is not None and t.view("A")["next_starter"] == r.loser
            assert r.loser not in r.put_away and t.dice_left[r.loser] > 0
            if t.phase == "game_over":
                assert t.in_play == [r.loser] and r.loser in t.upcoming  # S26, S35
                break
            t.deal()


def test_S23_S33_a_correct_classic_call_out_first_brings_the_caller_home():
    t = table(3, dice=1, classic_call=True, home_by_win=True)
    lose_game(t, "C")
    assert t.viborg == {"C"}
    t.deal([[3], [4], [5]])
    assert t.turn == "C"
    t.bid("C", Bid(1, 5))
    t.bid("A", Bid(2, 5))
    t.bid("B", Bid(3, 5))
    r = t.call("C")  # a correct call: only C puts away its last die (S23) and is out first
    assert r.put_away == ("C",) and t.out == ["C"] and t.phase == "reveal"
    t.deal([[2], [6]])
    assert t.turn == "B"
    t.bid("B", Bid(1, 6))
    t.call("A")  # held: A loses the game
    assert t.viborg == {"A"} and {"type": "home", "player": "C"} in t.events


def test_S23_S31_classic_call_ends_the_game_for_the_bidder_alone_in_viborg():
    t = table(2, dice=1, classic_call=True)
    lose_game(t, "B")
    t.deal([[3], [4]])
    assert t.turn == "B"
    t.bid("B", Bid(1, 6))
    t.call("A")  # a correct call: only A puts away and is out; B lost from Viborg alone
    assert t.phase == "game_over" and t.tally == {"A": 0, "B": 1} and t.selvbinder["B"] == 1
    assert t.viborg == set()


# --- S32: the final ----------------------------------------------------------------------------------

def test_S32_S33_a_winner_going_home_means_no_final():
    t = table(3, viborg_final=True, home_by_win=True)
    lose_game(t, "B")
    lose_game(t, "C")  # B went out first in that game (with A): home before C arrives
    assert t.viborg == {"C"} and t.upcoming == ["A", "B", "C"]
    assert {"type": "home", "player": "B"} in t.events
    t.deal([[5], [5], [5]])
    assert not t.final and all(e["type"] != "final" for e in t.events)


def test_S32_the_final_watchers_then_everyone_back():
    t = table(3, viborg_final=True)
    lose_game(t, "B")
    lose_game(t, "C")
    assert t.upcoming == ["B", "C"]
    t.deal([[5], [5]])
    assert t.final and t.turn == "C"
    for watcher_action in (lambda: t.bid("A", Bid(1, 2)), lambda: t.timeout("A")):
        with pytest.raises(IllegalAction):
            watcher_action()
    t.bid("C", Bid(2, 6))
    t.call("B")  # a lie: C loses the final, B goes out first
    assert t.tally == {"A": 0, "B": 0, "C": 1} and t.selvbinder["C"] == 0 and t.viborg == set()
    assert t.view("A")["max_quantity"] == 3 + 3  # the next game is everyone's: 3 × (1 + 1)
    t.deal([[5], [5], [5]])
    assert t.in_game == ["A", "B", "C"] and not t.final and t.turn == "C"


# --- S41 / S44: timeouts and the rule sets ------------------------------------------------------------

EXPECTED_LOWEST = {"standard": Bid(1, 2), "slags": Bid(1, None), "turnering": Bid(1, 2),
                   "hardcore": Bid(1, 2)}


@pytest.mark.parametrize("name", sorted(EXPECTED_LOWEST))
def test_S41_S44_timeout_under_each_rule_set(name):
    rules = Rules.preset(name)
    assert lowest_bid(rules) == EXPECTED_LOWEST[name]
    t = Table(["A", "B", "C"], rules, seed=2, first="A")
    t.deal()
    t.timeout("A")  # the opener: the lowest legal bid
    assert t.current_bid == EXPECTED_LOWEST[name] and t.bidder == "A"
    assert t.view("A")["can_peek"] is (not rules.peek_once)
    r = t.timeout("B")  # anyone else: a call
    assert r.caller == "B" and t.phase in ("reveal", "game_over")


def test_S41_lowest_bid_when_ones_are_ordinary():
    assert lowest_bid(Rules(jokers=False)) == Bid(1, 1)
    assert lowest_bid(Rules(jokers=False, of_a_kind=True)) == Bid(1, None)


def test_S41_decision_timeout_works_without_a_time_limit():
    # The UI uses it as the clock's rule for a regular that fails to decide (docs/rules-decisions.md).
    t = table(2, dice=2)
    assert t.rules.time_limit is None
    t.deal([[2, 2], [3, 3]])
    t.timeout("A")
    assert t.current_bid == Bid(1, 2)


def test_S44_each_rule_set_switches_exactly_what_the_rule_book_lists():
    std = Rules().to_dict()
    changed = {name: {k: v for k, v in Rules.preset(name).to_dict().items() if std[k] != v}
               for name in ("standard", "slags", "turnering", "hardcore")}
    assert changed == {
        "standard": {},
        "slags": {"of_a_kind": True},
        "turnering": {"stairs": True, "time_limit": 15},
        "hardcore": {"peek_once": True, "present": True, "time_limit": 15, "hidden_count": True},
    }
    assert std["jokers"] and std["viborg"] and std["dice_per_player"] == 6
    assert not any(std[k] for k in ("stairs", "of_a_kind", "present", "peek_once", "hidden_count",
                                    "classic_call", "viborg_final", "home_by_win", "practice"))
    assert Rules.preset("HARDCORE") == Rules.preset("hardcore")


# --- the review's fixes -------------------------------------------------------------------------------

def test_decision_can_bid_is_false_when_no_raise_is_left():
    t = table(2, dice=2)
    t.deal([[5, 5], [6, 6]])
    t.bid("A", Bid(6, 6))  # the cap, highest face: nothing ranks above
    v = t.view("B")
    assert not v["can_bid"] and v["can_call"]
    assert raises(t.current_bid, t.rules, v["max_quantity"]) == []
    t2 = table(2, dice=2)
    t2.deal([[5, 5], [6, 6]])
    t2.bid("A", Bid(6, 5))
    assert t2.view("B")["can_bid"]  # six sixes is still left


def test_decision_max_quantity_between_games_is_the_next_games_cap():
    t = table(3, dice=2)
    assert t.view("A")["max_quantity"] == 9  # idle: the first game, 3 × (2 + 1)
    lose_game(t, "B")
    assert t.phase == "game_over"
    assert t.view("A")["max_quantity"] == 9  # not the loser's dice left over
    t.deal()
    assert t.view("A")["max_quantity"] == t.cap == 9
    final = table(4, dice=2, viborg_final=True)
    lose_game(final, "B")
    lose_game(final, "C")
    assert final.view("A")["max_quantity"] == 6  # before the final: the two finalists


@pytest.mark.parametrize("bad", [["standard"], {"x": 1}, None, 3])
def test_S44_unknown_rule_set_of_any_type_is_illegal(bad):
    with pytest.raises(IllegalAction):
        Rules.preset(bad)


@pytest.mark.parametrize("bad", [{"type": ["bid"]}, {"type": {"x": 1}}, {"type": None}, {"type": 3}])
def test_act_with_an_unhashable_or_odd_type_is_illegal_and_changes_nothing(bad):
    t = table(2, dice=2)
    t.deal([[2, 2], [3, 3]])
    log = t.log
    with pytest.raises(IllegalAction):
        t.act("A", bad)
    assert t.log == log


@pytest.mark.parametrize("bad", [{"0": 1}, {0: {"type": "start"}}, 5, None, b"start"])
def test_replay_of_something_that_is_not_a_log_is_illegal(bad):
    with pytest.raises(IllegalAction):
        Table.replay(["A", "B"], STD, bad)
