"""The table plays the rule book (S2–S5, S7, S20–S35, S40–S44), named after rule ids."""
import json

import pytest
from snyd_play import lose_game, table

from engine.snyd import Bid, IllegalAction, Rules, Table, lowest_bid


def snapshot(t: Table):
    return t.log, [t.view(p) for p in t.players], t == Table.replay(t.players, t.rules, t.log)


def assert_illegal(t: Table, fn, *args):
    before_log, before_views = t.log, [t.view(p) for p in t.players]
    with pytest.raises(IllegalAction) as err:
        fn(*args)
    assert t.log == before_log and [t.view(p) for p in t.players] == before_views
    assert str(err.value)  # a message a player can read
    return err.value


# --- a round ---------------------------------------------------------------------------------------

def test_S1_players_two_to_eight_unique_names():
    for bad in (["A"], [chr(65 + i) for i in range(9)], ["A", "A"], ["A", ""], "AB", ["A", 3]):
        with pytest.raises(IllegalAction):
            Table(bad)
    t = Table(["Mette", "Henning"], seed=1)
    t.deal()
    assert t.dice_left == {"Mette": 6, "Henning": 6}
    assert all(len(t.hands[p]) == 6 for p in t.players)


def test_S2_every_player_in_play_gets_fresh_dice_from_the_seed():
    a, b = Table(["A", "B", "C"], seed=42), Table(["A", "B", "C"], seed=42)
    a.deal(), b.deal()
    assert a.hands == b.hands and a.turn == b.turn
    other = Table(["A", "B", "C"], seed=43)
    other.deal()
    assert (other.hands, other.turn) != (a.hands, a.turn)
    t = table(3, dice=3)
    t.deal([[5, 5, 5], [2, 3, 4], [6, 6, 6]])
    t.bid("A", Bid(1, 5))
    t.call("B")  # held: A and C put away one die each
    t.deal()
    assert [len(t.hands[p]) for p in t.in_play] == [2, 3, 2]
    assert all(1 <= d <= 6 for h in t.hands.values() for d in h)


def test_S2_wrong_hands_to_deal_are_illegal():
    t = table(3, dice=2)
    for bad in ([[1, 2], [3, 4]], [[1, 2], [3, 4], [5]], [[1, 2], [3, 4], [5, 7]],
                [[1, 2], [3, 4], [5, "6"]], "123456", [[1, 2], [3, 4], (5, 6.0)], 3):
        assert_illegal(t, t.deal, bad)
    t.deal([[1, 2], [3, 4], [5, 6]])
    assert_illegal(t, t.deal, [[1, 2], [3, 4], [5, 6]])  # a round is in progress


def test_S3_view_shows_own_dice_only():
    t = table(3, dice=3)
    t.deal([[1, 2, 3], [4, 4, 4], [6, 6, 5]])
    v = t.view("A")
    assert v["my_dice"] == [1, 2, 3] and v["can_peek"]
    assert v["my_dice_count"] == 3 and v["dice_left"] == {"A": 3, "B": 3, "C": 3}
    assert "[4, 4, 4]" not in json.dumps(v) and "[6, 6, 5]" not in json.dumps(v)


def test_S4_opener_bids_on_the_whole_table():
    t = table(2, dice=6)
    t.deal([[5, 5, 1, 2, 3, 4], [5, 6, 6, 6, 2, 2]])
    t.bid("A", Bid(5, 5))
    assert t.current_bid == Bid(5, 5) and t.bidder == "A"
    v = t.view("B")
    assert v["current_bid"] == {"quantity": 5, "face": 5}
    assert v["bids"] == [{"player": "A", "quantity": 5, "face": 5}]
    assert t.call("B").count == 4


def test_S5_turn_order_clockwise_and_only_the_turn_acts():
    t = table(4, dice=2)
    t.deal([[2, 2], [3, 3], [4, 4], [5, 5]])
    assert t.turn == "A"
    assert_illegal(t, t.bid, "B", Bid(1, 2))
    assert_illegal(t, t.call, "A")  # the opener cannot call
    assert_illegal(t, t.bid, "Z", Bid(1, 2))
    t.bid("A", Bid(1, 2))
    assert t.turn == "B"
    t.bid("B", Bid(1, 3))
    t.bid("C", Bid(1, 4))
    t.bid("D", Bid(1, 5))
    assert t.turn == "A"
    assert_illegal(t, t.bid, "A", Bid(1, 4))  # not a raise (S6)
    t.call("A")  # five held (D has two): A loses, the others put away
    assert t.dice_left == {"A": 2, "B": 1, "C": 1, "D": 1}


def test_S5_turn_skips_players_who_are_out():
    t = table(3, dice=1)
    t.deal([[5], [5], [3]])
    t.bid("A", Bid(1, 3))
    t.call("B")  # held: B loses; A and C put away and go out -> B loses the game
    assert t.phase == "game_over"
    t = table(3, dice=2, classic_call=True)
    t.deal([[5, 5], [4, 4], [3, 3]])
    t.bid("A", Bid(3, 6))
    t.call("B")  # a lie: classic call -> only B puts away
    t.deal([[5, 5], [4], [3, 3]])
    assert t.turn == "A"  # the bidder lost, starts
    t.bid("A", Bid(2, 5))
    t.call("B")  # held: B loses; A and C put away
    assert t.dice_left == {"A": 1, "B": 1, "C": 1}
    t.deal([[6], [6], [6]])
    assert t.turn == "B"
    t.bid("B", Bid(1, 6))
    t.bid("C", Bid(2, 6))
    t.bid("A", Bid(3, 6))
    assert t.turn == "B"


def test_S7_reveal_shows_hands_and_golden_rings():
    t = table(3, dice=3)
    t.deal([[1, 5, 2], [5, 5, 6], [2, 3, 4]])
    t.bid("A", Bid(3, 5))
    r = t.call("B")
    assert (r.count, r.held, r.loser, r.face) == (4, True, "B", 5)
    assert r.hands == {"A": [1, 5, 2], "B": [5, 5, 6], "C": [2, 3, 4]}
    assert r.counting == {"A": [0, 1], "B": [0, 1], "C": []}
    lr = t.view("C")["last_reveal"]
    assert lr["hands"] == r.hands and lr["counting"] == r.counting and lr["count"] == 4
    assert lr["put_away"] == ["A", "C"] and lr["face"] == 5
    assert any(e["type"] == "reveal" for e in t.view("C")["events"])


def test_S17_reveal_names_the_best_face_of_a_kind():
    t = table(2, dice=3, of_a_kind=True)
    t.deal([[4, 4, 2], [4, 6, 1]])
    t.bid("A", Bid(4, None))
    r = t.call("B")
    assert (r.face, r.count, r.held) == (4, 4, True)
    assert r.counting == {"A": [0, 1], "B": [0, 2]}


def test_S18_table_refuses_bids_over_the_cap():
    t = table(2, dice=2)
    t.deal([[5, 5], [5, 5]])
    assert t.view("A")["max_quantity"] == 6
    assert_illegal(t, t.bid, "A", Bid(7, 2))
    t.bid("A", Bid(6, 6))
    assert t.view("B")["can_call"]
    assert_illegal(t, t.bid, "B", Bid(7, 2))


def test_S10_S15_table_refuses_bids_the_rules_forbid():
    t = table(2, dice=2)
    t.deal([[1, 1], [1, 1]])
    assert_illegal(t, t.bid, "A", Bid(1, 1))
    assert_illegal(t, t.bid, "A", Bid(1, None))
    t2 = table(2, dice=2, jokers=False)
    t2.deal([[1, 1], [1, 1]])
    t2.bid("A", Bid(4, 1))
    assert t2.call("B").held


# --- who loses the round -------------------------------------------------------------------------

def test_S20_a_lie_costs_the_bidder():
    t = table(3, dice=2)
    t.deal([[2, 3], [4, 4], [6, 6]])
    t.bid("A", Bid(3, 5))
    r = t.call("B")
    assert not r.held and r.loser == "A"
    assert t.dice_left == {"A": 2, "B": 1, "C": 1}


def test_S21_a_held_bid_costs_the_caller():
    t = table(3, dice=2)
    t.deal([[5, 3], [4, 1], [6, 5]])
    t.bid("A", Bid(3, 5))
    r = t.call("B")
    assert r.held and r.loser == "B"
    assert t.dice_left == {"A": 1, "B": 2, "C": 1}


def test_S22_everyone_but_the_loser_puts_away_one_die():
    t = table(4, dice=3)
    t.deal([[2, 2, 2], [3, 3, 3], [4, 4, 4], [6, 6, 6]])
    t.bid("A", Bid(1, 5))
    r = t.call("B")  # a lie: A loses
    assert r.put_away == ("B", "C", "D")
    assert [e["player"] for e in t.events if e["type"] == "put_away"] == ["B", "C", "D"]


def test_S23_classic_call_only_the_caller_puts_away_on_a_correct_call():
    t = table(3, dice=2, classic_call=True)
    t.deal([[2, 3], [4, 4], [6, 6]])
    t.bid("A", Bid(3, 5))
    r = t.call("B")
    assert r.loser == "A" and r.put_away == ("B",)
    assert t.dice_left == {"A": 2, "B": 1, "C": 2}
    t.deal([[5, 5], [4], [6, 6]])
    t.bid("A", Bid(2, 5))
    r = t.call("B")  # a wrong call: S22 as usual
    assert r.loser == "B" and r.put_away == ("A", "C")


def test_S23_classic_call_can_end_a_game():
    t = table(2, dice=1, classic_call=True)
    t.deal([[3], [4]])
    t.bid("A", Bid(1, 6))
    r = t.call("B")  # correct call: only B puts away its last die and is out
    assert r.loser == "A" and t.out == ["B"]
    assert t.phase == "game_over"
    assert [e for e in t.events if e["type"] == "game_lost"] == [{"type": "game_lost", "player": "A"}]


def test_S24_out_and_safe_several_share_the_place():
    t = table(3, dice=1)
    t.deal([[2], [3], [4]])
    t.bid("A", Bid(1, 6))
    t.call("B")  # A lied: B and C put away their only die, both out in one round
    assert t.out == ["B", "C"] and t.in_play == ["A"]
    assert [e["player"] for e in t.events if e["type"] == "out"] == ["B", "C"]


def test_S24_out_players_cannot_act():
    t = table(3, dice=2)
    t.deal([[5, 5], [2, 2], [5, 3]])
    t.bid("A", Bid(2, 5))
    t.call("B")  # held, B loses; A and C down to one die
    t.deal([[5], [2, 2], [6]])
    t.bid("B", Bid(1, 4))
    t.call("C")  # a lie: B loses; A and C go out -> B loses the game
    assert t.phase == "game_over"
    assert_illegal(t, t.bid, "A", Bid(1, 2))
    assert_illegal(t, t.call, "B")


def test_S25_loser_starts_next_round_and_first_round_from_seed():
    t = table(3, dice=2)
    t.deal([[2, 2], [3, 3], [4, 4]])
    t.bid("A", Bid(1, 2))
    t.bid("B", Bid(1, 3))
    t.call("C")  # held: C loses
    assert t.view("A")["next_starter"] == "C"
    t.deal()
    assert t.turn == t.starter == "C"
    firsts = set()
    for seed in range(40):
        s = Table(["A", "B", "C", "D"], seed=seed)
        again = Table(["A", "B", "C", "D"], seed=seed)
        s.deal(), again.deal()
        assert s.turn == again.turn
        firsts.add(s.turn)
    assert firsts == {"A", "B", "C", "D"}


def test_S26_the_last_with_dice_loses_the_game():
    t = table(2, dice=2)
    t.deal([[3, 3], [4, 4]])
    t.bid("A", Bid(2, 3))
    t.call("B")  # held: A puts away
    t.deal([[3], [4, 4]])
    t.bid("B", Bid(1, 4))
    t.call("A")  # held: A loses, B puts away one (1 left)
    t.deal([[5], [6]])
    t.bid("A", Bid(1, 5))
    t.call("B")  # held: A has 1 die still, B loses and A out
    assert t.phase == "game_over" and t.in_play == ["B"]
    assert t.events[-2:][0] == {"type": "game_lost", "player": "B"} or any(
        e == {"type": "game_lost", "player": "B"} for e in t.events)
    assert t.view("A")["turn"] is None and not t.view("B")["can_bid"]


# --- the road to Viborg ---------------------------------------------------------------------------

def events_of(t, kind):
    return [e for e in t.events if e["type"] == kind]


def test_S30_loser_goes_to_viborg_and_winning_does_not_bring_home():
    t = table(3)
    lose_game(t, "B")
    assert t.viborg == {"B"} and events_of(t, "to_viborg") == [{"type": "to_viborg", "player": "B"}]
    lose_game(t, "C")  # B wins nothing by it: still in Viborg
    assert t.viborg == {"B", "C"} and t.view("A")["viborg"] == ["B", "C"]
    assert t.tally == {"A": 0, "B": 0, "C": 0}


def test_S31_losing_in_viborg_is_losing_completely_selvbinder_when_alone():
    t = table(3)
    lose_game(t, "B")
    lose_game(t, "B")
    assert events_of(t, "lost_completely") == [
        {"type": "lost_completely", "player": "B", "selvbinder": True}]
    assert t.tally["B"] == 1 and t.selvbinder["B"] == 1 and t.viborg == set()
    assert {"type": "home", "player": "B"} in t.events


def test_S31_not_selvbinder_when_others_sit_in_viborg():
    t = table(3)
    lose_game(t, "B")
    lose_game(t, "C")
    lose_game(t, "B")
    assert events_of(t, "lost_completely") == [
        {"type": "lost_completely", "player": "B", "selvbinder": False}]
    assert t.tally == {"A": 0, "B": 1, "C": 0} and t.selvbinder["B"] == 0
    assert t.viborg == set()  # every mat green again
    assert [e["player"] for e in events_of(t, "home")] == ["B", "C"]


def test_S32_final_between_the_two_in_viborg():
    t = table(4, viborg_final=True)
    lose_game(t, "B")
    lose_game(t, "D")
    assert t.viborg == {"B", "D"} and t.upcoming == ["B", "D"]
    t.deal([[5], [5]])
    v = t.view("A")
    assert v["final"] and v["in_game"] == ["B", "D"] and v["in_play"] == ["B", "D"]
    assert not v["can_peek"] and v["my_dice"] is None and v["my_dice_count"] == 0
    assert events_of(t, "final") == [{"type": "final", "players": ["B", "D"]}]
    assert t.turn == "D"  # the loser of the last game starts (S35)
    assert_illegal(t, t.bid, "A", Bid(1, 2))
    t.bid("D", Bid(1, 5))
    t.call("B")
    assert t.phase == "game_over"
    assert events_of(t, "lost_completely") == [
        {"type": "lost_completely", "player": "B", "selvbinder": False}]
    assert t.viborg == set() and t.tally["B"] == 1
    t.deal([[5]] * 4)
    assert t.in_game == ["A", "B", "C", "D"] and not t.final and t.turn == "B"


def test_S32_final_off_lets_several_sit_and_third_never_enters_with_final_on():
    t = table(4)
    for p in ("B", "C", "D"):
        lose_game(t, p)
    assert t.viborg == {"B", "C", "D"}
    f = table(4, viborg_final=True)
    lose_game(f, "B")
    lose_game(f, "C")
    f.deal([[5], [5]])
    assert f.final and f.in_game == ["B", "C"]
    assert_illegal(f, f.bid, "A", Bid(1, 5))  # A watches the final: A cannot play or lose it


def test_S32_final_with_viborg_off_is_never_played():
    t = table(3, viborg=False, viborg_final=True)
    lose_game(t, "B")
    lose_game(t, "C")
    assert t.upcoming == ["A", "B", "C"] and t.viborg == set()


def test_S33_home_by_win_first_out_goes_home():
    t = table(3, home_by_win=True)
    lose_game(t, "B")
    assert t.viborg == {"B"}
    # B opens: A and C lose nothing; make C lose the game with B out first.
    t.deal([[5], [5], [5]])
    assert t.turn == "B"
    t.bid("B", Bid(1, 5))
    t.call("C")  # held: C loses, A and B go out together -> both won, B goes home
    assert t.viborg == {"C"}
    assert {"type": "home", "player": "B"} in t.events
    assert t.tally == {"A": 0, "B": 0, "C": 0}


def test_S33_home_by_win_needs_to_be_among_the_first_out():
    t = table(3, dice=2, home_by_win=True)
    t.deal([[5, 5]] * 3)
    t.bid("A", Bid(1, 6))
    t.call("B")  # lie: A loses round; B and C down to 1
    t.deal([[5, 5], [6], [6]])
    t.bid("A", Bid(1, 6))
    t.call("B")  # held: B loses; A to 1, C out first
    t.deal([[5], [6]])
    t.bid("B", Bid(1, 5))
    t.call("A")  # held: A loses, B out: A loses the game
    assert t.viborg == {"A"}
    # Next game: A in Viborg, but C goes out first: A is not home by going out later.
    t.deal([[5, 5]] * 3)
    assert t.turn == "A"
    t.bid("A", Bid(1, 6))
    t.call("B")  # lie: A keeps 2, B and C at 1
    t.deal([[5, 5], [6], [6]])
    t.bid("A", Bid(1, 5))
    t.bid("B", Bid(2, 5))
    t.call("C")  # held (three fives): C loses; A to 1, B out first
    t.deal([[5], [6]])
    assert t.turn == "C"
    t.bid("C", Bid(1, 5))
    t.call("A")  # held: A loses the round, C puts away and is out: A loses the game again
    assert events_of(t, "lost_completely")[-1] == {
        "type": "lost_completely", "player": "A", "selvbinder": True}


def test_S33_off_no_home_by_winning():
    t = table(3)
    lose_game(t, "B")
    t.deal([[5], [5], [5]])
    t.bid("B", Bid(1, 5))
    t.call("C")
    assert t.viborg == {"B", "C"}


def test_S33_several_first_out_one_in_viborg_alone_loses_selvbinder_after_others_home():
    t = table(4, dice=2, home_by_win=True)
    lose_game(t, "B")
    # Game 2: A and D go out first, B later, C loses: B stays in Viborg (not a winner).
    t.deal([[5, 5]] * 4)
    t.bid("B", Bid(1, 6))
    t.call("C")  # lie: B loses the round; A, C, D down to one
    t.deal([[5], [5, 5], [5], [5]])
    t.bid("B", Bid(1, 5))
    t.call("C")  # held: C loses; A and D out first, B down to one
    t.deal([[5], [5]])
    t.bid("C", Bid(1, 6))
    t.call("B")  # lie: C loses, B out: C loses the game
    assert t.viborg == {"B", "C"} and t.out == ["A", "D", "B"]
    # Game 3: C lies round after round; A, B and D go out together, B is home first,
    # so C sits alone in Viborg when losing again: a selvbinder (docs/rules-decisions.md).
    lose_game(t, "C")
    assert {"type": "home", "player": "B"} in t.events
    assert events_of(t, "lost_completely") == [
        {"type": "lost_completely", "player": "C", "selvbinder": True}]
    assert t.viborg == set()


def test_S34_viborg_off_every_loser_loses_completely():
    t = table(3, viborg=False)
    lose_game(t, "B")
    lose_game(t, "B")
    lose_game(t, "A")
    assert t.tally == {"A": 1, "B": 2, "C": 0}
    assert t.viborg == set() and not events_of(t, "to_viborg")
    assert all(not e["selvbinder"] for e in events_of(t, "lost_completely"))


def test_S35_new_game_everyone_with_full_dice_started_by_the_loser():
    t = table(3, dice=2)
    t.deal([[2, 2], [3, 3], [4, 4]])
    t.bid("A", Bid(5, 6))
    t.call("B")  # lie: B, C at 1
    t.deal([[2, 2], [3], [4]])
    t.bid("A", Bid(4, 6))
    t.call("B")  # lie: A loses again, B and C out: A loses the game
    assert t.phase == "game_over"
    t.deal()
    assert t.game_no == 2 and t.round_no == 1
    assert t.dice_left == {"A": 2, "B": 2, "C": 2} and t.turn == "A"
    assert t.out == [] and t.view("B")["last_reveal"] is None


# --- house rules ----------------------------------------------------------------------------------

def test_S40_peek_once_locks_after_first_bid_of_the_round():
    t = table(3, dice=2, peek_once=True)
    t.deal([[2, 2], [3, 3], [4, 4]])
    assert t.view("A")["can_peek"] and t.view("B")["my_dice"] == [3, 3]
    t.bid("A", Bid(1, 2))
    assert not t.view("A")["can_peek"] and t.view("A")["my_dice"] is None
    assert t.view("B")["can_peek"]
    t.timeout("B")  # a call, not a bid: B may still look until the round ends
    t.deal()
    assert t.view("A")["can_peek"]  # a new round unlocks every cup
    free = table(2, dice=2)
    free.deal([[2, 2], [3, 3]])
    free.bid("A", Bid(1, 2))
    assert free.view("A")["my_dice"] == [2, 2]


def test_S40_timeout_bid_also_locks_the_cup():
    t = table(2, dice=2, peek_once=True)
    t.deal([[2, 2], [3, 3]])
    t.timeout("A")
    assert t.current_bid == Bid(1, 2) and not t.view("A")["can_peek"]


def test_S41_timeout_opener_bids_lowest_else_calls():
    for rules in ({}, {"of_a_kind": True}, {"jokers": False}):
        t = table(3, dice=2, **rules)
        t.deal([[2, 2], [3, 3], [4, 4]])
        assert t.timeout("A") is None
        assert t.current_bid == lowest_bid(t.rules) and t.bidder == "A"
        r = t.timeout("B")
        assert r is not None and r.caller == "B" and r.bid == lowest_bid(t.rules)
        kinds = [e["type"] for e in t.events]
        assert kinds.count("timeout") == 2 and "call" in kinds
    assert Rules.preset("turnering").time_limit == Rules.preset("hardcore").time_limit == 15


def test_S41_timeout_out_of_turn_is_illegal():
    t = table(2, dice=2)
    t.deal([[2, 2], [3, 3]])
    assert_illegal(t, t.timeout, "B")


def test_S42_practice_switch_travels_with_the_rules():
    t = table(2, practice=True)
    assert t.view("A")["rules"]["practice"] is True
    assert Rules.from_dict(t.view("B")["rules"]) == t.rules


def test_S43_hidden_count_no_counts_in_view_events_or_reveal():
    t = table(3, dice=2, hidden_count=True)
    t.deal([[2, 5], [5, 5], [4, 1]])
    v = t.view("A")
    assert "dice_left" not in v and "total_dice" not in v
    assert v["my_dice_count"] == 2 and v["max_quantity"] == 6
    t.bid("A", Bid(3, 5))
    r = t.call("B")
    assert r.count == 4  # the engine knows; the seats are never told
    for p in t.players:
        v = t.view(p)
        assert "count" not in v["last_reveal"] and "dice_left" not in v
        assert all("count" not in e for e in v["events"])
        assert v["last_reveal"]["hands"]["C"] == [4, 1]  # cups are lifted (decision)
    t.deal([[2], [5, 5], [4]])
    assert t.view("B")["max_quantity"] == 6  # the dice the game started with
    assert t.view("A")["my_dice_count"] == 1
    t.bid("B", Bid(6, 6))  # legal, however few are left


def test_S44_each_rule_set_plays_a_whole_evening():
    import random

    from snyd_play import play_games
    for name in ("standard", "slags", "turnering", "hardcore"):
        t = Table(["A", "B", "C"], Rules.preset(name), seed=3)
        play_games(t, random.Random(name), games=3)
        assert t.game_no == 3 and t.phase == "game_over"


# --- combinations listed in the issue --------------------------------------------------------------

def test_S13_S11_S12_stairs_with_one_two_and_lone_one_at_the_table():
    t = table(3, dice=3, stairs=True)
    t.deal([[3, 1, 2], [6, 6, 6], [6, 6, 6]])
    t.bid("A", Bid(5, 5))
    t.call("B")  # 1-2-3 = 4 fives: a lie, B and C put away
    t.deal([[4, 4, 4], [2, 1], [1, 5]])
    t.bid("A", Bid(5, 4))
    r = t.call("B")  # 3 fours + 1+2 (3) + a joker (1) = 7
    assert r.count == 7 and r.held and r.counting == {"A": [0, 1, 2], "B": [0, 1], "C": [0]}


def test_S16_S17_present_with_of_a_kind_at_the_table():
    t = table(2, dice=2, present=True, of_a_kind=True)
    t.deal([[1, 2], [1, 1]])
    t.bid("A", Bid(1, None))
    r = t.call("B")
    assert r.face is None and r.count == 0 and not r.held and r.loser == "A"


def test_act_dicts_and_malformed_dicts():
    t = table(2, dice=2)
    t.deal([[2, 2], [3, 3]])
    for bad in (None, "bid", {}, {"type": "raise"}, {"type": "bid", "quantity": 1},
                {"type": "bid", "quantity": "1", "face": 2}, {"type": "bid", "quantity": 1,
                                                               "face": 2, "extra": 1},
                {"type": "call", "quantity": 1}, {"type": "bid", "quantity": 0, "face": 2}):
        assert_illegal(t, t.act, "A", bad)
    assert t.act("A", {"type": "bid", "quantity": 1, "face": 2}) is None
    assert t.act("B", {"type": "call"}).loser == "B"


def test_actions_before_deal_and_between_rounds_are_illegal():
    t = table(2, dice=2)
    assert t.view("A")["phase"] == "idle"
    assert_illegal(t, t.bid, "A", Bid(1, 2))
    t.deal([[2, 2], [3, 3]])
    t.bid("A", Bid(1, 2))
    t.call("B")
    assert t.view("A")["phase"] == "reveal"
    assert_illegal(t, t.bid, "A", Bid(1, 3))
    assert_illegal(t, t.timeout, "A")
    with pytest.raises(IllegalAction):
        t.view("Z")


def test_decision_bid_history_stays_until_the_next_deal():
    t = table(2, dice=2)
    t.deal([[2, 2], [3, 3]])
    t.bid("A", Bid(1, 2))
    t.bid("B", Bid(1, 3))
    t.call("A")
    v = t.view("A")
    assert [b["face"] for b in v["bids"]] == [2, 3] and v["current_bid"]["face"] == 3
    t.deal()
    v = t.view("A")
    assert v["bids"] == [] and v["current_bid"] is None and v["last_reveal"] is not None


def test_replay_rebuilds_an_equal_table_and_refuses_other_tables():
    t = table(3, dice=2)
    lose = Table.replay(t.players, t.rules, t.log)
    assert lose == t
    t.deal()
    t.bid("A", Bid(1, 2))
    t.timeout("B")
    t.deal([[1] * t.dice_left[p] for p in t.in_play])
    again = Table.replay(t.players, t.rules, json.loads(json.dumps(t.log)))
    assert again == t and again.view("C") == t.view("C")
    with pytest.raises(IllegalAction):
        Table.replay(t.players, Rules(), t.log)
    forged = t.log
    assert forged[1]["type"] == "deal" and not forged[1]["scripted"]
    forged[1]["hands"][0] = [6 if d != 6 else 5 for d in forged[1]["hands"][0]]
    with pytest.raises(IllegalAction):
        Table.replay(t.players, t.rules, forged)


def test_replay_refuses_broken_logs():
    t = table(2, dice=2)
    t.deal([[2, 2], [3, 3]])
    t.bid("A", Bid(1, 2))
    for broken in ([], [{"type": "deal"}], t.log[:2] + [{"type": "bid", "player": "B"}],
                   t.log[:2] + [{"type": "call", "player": "A"}], t.log + ["junk"],
                   t.log[:2] + [{"type": "shuffle"}]):
        with pytest.raises(IllegalAction):
            Table.replay(t.players, t.rules, broken)
