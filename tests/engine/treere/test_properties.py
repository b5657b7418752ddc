"""Property tests of the Treere table: random legal evenings, junk input, replay."""
import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from treere_play import assert_flat_events, play_pot, random_action, snapshot

from engine.errors import IllegalAction
from engine.treere import Rules, Table

NAMES = ["Mette", "Henning", "Grethe", "Kaj", "Ronni", "Lis", "Bo", "Aase"]

rules_st = st.builds(Rules, zero_face=st.integers(1, 6),
                     progressive=st.sampled_from([False, True, "spil", "runder"]),
                     ante=st.integers(1, 5))
evenings = st.tuples(st.integers(2, 8), rules_st, st.integers(0, 2**32), st.integers(0, 2**32))
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

JUNK = [None, 3, "roll", [], {}, {"type": "fly"}, {"type": ["roll"]}, {"type": "roll", "x": 1},
        {"type": "keep"}, {"type": "keep", "dice": []}, {"type": "keep", "dice": [9]},
        {"type": "keep", "dice": [0, 0]}, {"type": "keep", "dice": "01"},
        {"type": "keep", "dice": [True]}, {"type": "keep", "dice": [0.0]},
        {"type": "keep", "dice": [-1]}, {"type": "keep", "dice": [2**80]},
        {"type": "keep", "dice": list(range(6))}, {"type": "keep", "dice": None},
        {"type": "new_game", "dice": [0]}]


def make(n, rules, seed):
    return Table(NAMES[:n], rules, seed=seed)


@SETTINGS
@given(evenings)
def test_random_legal_play_ends_and_the_units_add_up(evening):
    n, rules, seed, choices = evening
    t, rng = make(n, rules, seed), random.Random(choices)
    for _ in range(3):
        steps = play_pot(t, rng)
        assert steps <= 10_000 and t.phase == "over" and t.pot == 0
        assert sum(t.tally.values()) == 0  # every unit paid in was won by someone
        won = t.events[-1]
        assert won["type"] == "won" and won["player"] == t.winner
        assert won["pot"] >= n * rules.ante and won["pot"] % rules.ante == 0
        t.act(rng.choice(t.players), {"type": "new_game"})
    assert sum(t.tally.values()) + t.pot == 0
    assert_flat_events(t)  # the view's cheap copy of the history stays a full copy


@SETTINGS
@given(evenings)
def test_nobody_acts_out_of_turn_and_every_view_is_json(evening):
    n, rules, seed, choices = evening
    t, rng = make(n, rules, seed), random.Random(choices)
    for step in range(200):
        player, action = random_action(t, rng)
        if t.phase == "playing":
            assert t.view(player)["legal"] == [action["type"]]
            other = rng.choice([p for p in t.players if p != player])
            before = snapshot(t)
            with pytest.raises(IllegalAction):
                t.act(other, action)
            assert snapshot(t) == before and t.view(other)["legal"] == []
        view = t.view(player)
        if step % 10 == 0:  # the round trip is the slow part; every tenth view shows it
            assert json.loads(json.dumps(view)) == view
        assert sum(view["tally"].values()) + view["pot"] == 0
        assert view["to_beat"] is None or view["to_beat"] >= 0
        t.act(player, action)


@SETTINGS
@given(evenings)
def test_replay_reproduces_the_table(evening):
    n, rules, seed, choices = evening
    t, rng = make(n, rules, seed), random.Random(choices)
    for _ in range(rng.randrange(400)):
        t.act(*random_action(t, rng))
    again = Table.replay(t.players, rules, json.loads(json.dumps(t.log)))
    assert again == t
    assert again.view("Mette") == t.view("Mette")


@SETTINGS
@given(evenings, st.lists(st.sampled_from(range(len(JUNK))), min_size=1, max_size=5))
def test_junk_raises_and_changes_nothing(evening, picks):
    n, rules, seed, choices = evening
    t, rng = make(n, rules, seed), random.Random(choices)
    for _ in range(rng.randrange(60)):
        t.act(*random_action(t, rng))
    for i in picks:
        for player in (t.turn or "Mette", "Nobody", None, ["Mette"]):
            before = copy.deepcopy(t)
            with pytest.raises(IllegalAction):
                t.act(player, JUNK[i])
            assert t == before


def test_scripted_dice_come_before_the_seeded_ones():
    seeded = Table(["A", "B"], seed=7)
    scripted = Table(["A", "B"], seed=7, dice=[6, 6])
    assert scripted.roll("A")[:2] == [6, 6]
    rest = seeded.roll("A")
    assert scripted.rolled[2:] == rest[:3]
