"""A late arrival joins the table between games (issue 9): ``Table.join``."""
from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from snyd_play import lose_game, play_games, table

from engine.snyd import Bid, IllegalAction, Rules, Table


def test_a_late_arrival_joins_between_games_after_the_last_seat():
    t = table(3, dice=2)
    lose_game(t, "B")
    assert t.phase == "game_over"
    t.join("Kaj")
    assert t.players == ("A", "B", "C", "Kaj")
    assert t.tally["Kaj"] == 0 and t.selvbinder["Kaj"] == 0
    assert t.events[-1] == {"type": "join", "player": "Kaj"}
    assert t.log[-1] == {"type": "join", "player": "Kaj"}
    t.deal()
    assert t.in_play == ["A", "B", "C", "Kaj"]
    assert len(t.hands["Kaj"]) == 2 and t.dice_left["Kaj"] == 2
    assert t.events[-2]["players"] == ["A", "B", "C", "Kaj"]  # new_game names the joiner


def test_a_late_arrival_may_join_before_the_first_deal():
    t = table(2)
    t.join("C")
    t.deal()
    assert t.in_play == ["A", "B", "C"]


@pytest.mark.parametrize("step", ["bidding", "reveal"])
def test_join_is_refused_during_a_game_and_changes_nothing(step):
    t = table(3, dice=2)
    t.deal([[5, 5], [1, 1], [2, 2]])
    if step == "reveal":
        t.bid("A", Bid(1, 5))
        t.call("B")
        assert t.phase == "reveal"
    before = copy.deepcopy(t)
    with pytest.raises(IllegalAction, match="spillet er slut"):
        t.join("Kaj")
    assert t == before


@pytest.mark.parametrize("name, message", [
    ("", "navn"), (None, "navn"), (7, "navn"), (["Kaj"], "navn"), ("B", "allerede"),
])
def test_a_bad_or_taken_name_is_refused_and_changes_nothing(name, message):
    t = table(3)
    before = copy.deepcopy(t)
    with pytest.raises(IllegalAction, match=message):
        t.join(name)
    assert t == before


def test_a_full_table_refuses_a_ninth_player():
    t = Table([f"P{i}" for i in range(7)], Rules(dice_per_player=1), seed=1, first="P0")
    t.join("P7")
    before = copy.deepcopy(t)
    with pytest.raises(IllegalAction, match="fuldt"):
        t.join("P8")
    assert t == before and len(t.players) == 8


def test_join_waits_for_the_s32_final():
    t = table(4, dice=1, viborg_final=True)
    lose_game(t, "A")
    lose_game(t, "B")  # two in Viborg: the final is next
    before = copy.deepcopy(t)
    with pytest.raises(IllegalAction, match="Finalen"):
        t.join("Kaj")
    assert t == before
    lose_game(t, "A")  # the final; everyone goes home
    assert t.tally["A"] == 1
    t.join("Kaj")
    t.deal()
    assert "Kaj" in t.in_play


def test_replay_rebuilds_a_table_with_late_arrivals():
    t = table(3, dice=2)
    rng = random.Random(3)
    play_games(t, rng, 1)
    t.join("Kaj")
    play_games(t, rng, 2)
    t.join("Lis")
    t.deal()
    again = Table.replay(list(t.players), t.rules, t.log)
    assert again == t
    with pytest.raises(IllegalAction, match="andet bord"):
        Table.replay(["A", "B", "C", "Kaj"], t.rules, t.log)  # Lis left out
    with pytest.raises(IllegalAction, match="andet bord"):
        Table.replay(["A", "B", "C", "Lis", "Kaj"], t.rules, t.log)  # wrong order


def test_the_others_views_change_only_by_players_and_the_join_event():
    t = table(3, dice=2)
    lose_game(t, "C")
    before = {p: t.view(p) for p in t.players}
    t.join("Kaj")
    for p, old in before.items():
        new = t.view(p)
        assert new["players"] == old["players"] + ["Kaj"]
        assert new["events"] == old["events"] + [{"type": "join", "player": "Kaj"}]
        # the next game's cap counts the newcomer's cup too
        assert new["max_quantity"] > old["max_quantity"]
        rest = {k: v for k, v in new.items() if k not in ("players", "events", "tally",
                                                          "selvbinder", "max_quantity")}
        assert rest == {k: v for k, v in old.items() if k in rest}
        assert set(new) == set(old)
    kaj = t.view("Kaj")
    assert kaj["me"] == "Kaj" and kaj["my_dice"] in (None, [])


def test_a_whole_game_with_the_joiner_afterwards():
    t = table(3, dice=2)
    lose_game(t, "A")
    t.join("Kaj")
    lose_game(t, "Kaj")
    assert "Kaj" in t.viborg
    play_games(t, random.Random(9), 3)
    # Every seat, the joiner's too, is on the tally, with a stroke for each time it lost
    # completely (this evening: Kaj once, in the games after the join).
    strokes = Counter(e["player"] for e in t.events if e["type"] == "lost_completely")
    assert strokes, "the evening had a stroke to count"
    assert t.tally == {p: strokes[p] for p in ("A", "B", "C", "Kaj")}
    assert Table.replay(list(t.players), t.rules, t.log) == t
