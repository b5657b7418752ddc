"""Properties of random legal play (hypothesis): games end, only the player in turn acts (but
*Fejl*), ``legal`` tells the truth, replay reproduces, views change nothing and show nothing
not yet thrown."""
import copy
import json
import random

import pytest
from bakke_play import NEW, play_game, random_action
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bakke import ACTIONS, Rules, Table
from engine.errors import IllegalAction

NAMES = ("Mette", "Henning", "Ronni", "Bodil", "Kaj")
tables = st.builds(
    lambda n, dpp, faults, seed: Table(list(NAMES[:n]), Rules(dpp, faults), seed=seed),
    st.integers(2, 5), st.integers(1, 6), st.booleans(), st.integers(0, 2**32))


def check_invariants(t: Table, dice_total: int) -> None:
    assert t.tray == sorted(set(t.tray)) and 1 not in t.tray
    assert all(n >= 0 for n in t.hands.values())
    start = max(i for i, e in enumerate(t.events) if e["type"] == "new_game")
    gone = sum(e["count"] for e in t.events[start:] if e["type"] == "ones_out")
    assert sum(t.hands.values()) + len(t.tray) + gone == dice_total  # no die made or lost
    assert t.out == [p for p in t.out if t.hands[p] == 0] and len(set(t.out)) == len(t.out)
    assert set(t.out) | set(t.in_game) == set(t.players)
    if t.phase == "playing":
        assert t.turn in t.in_game and len(t.in_game) >= 2 and t.loser is None
    else:
        assert t.turn is None and t.in_game == [t.loser]


@settings(max_examples=40, deadline=None)
@given(tables, st.integers(0, 2**32))
def test_random_legal_play_ends_and_keeps_the_invariants(t, seed):
    rng = random.Random(seed)
    total = len(t.players) * t.rules.dice_per_player
    for step in range(20_000):
        if t.phase == "over":
            break
        player, action = random_action(t, rng, fejl_weight=0.05)
        t.act(player, action)
        check_invariants(t, total)
    assert t.phase == "over" and t.tally[t.loser] == 1 and sum(t.tally.values()) == 1


@settings(max_examples=25, deadline=None)
@given(tables, st.integers(0, 2**32), st.integers(0, 60))
def test_legal_tells_the_truth_and_only_the_turn_acts_but_fejl(t, seed, steps):
    rng = random.Random(seed)
    for _ in range(steps):
        if t.phase == "over" and rng.random() < 0.5:
            break
        t.act(*random_action(t, rng))
    for player in t.players:
        legal = t.legal(player)
        if t.phase == "playing" and player != t.turn:
            # Out of turn: a Fejl, or the caller's own undo of it until the next throw (B7,
            # docs/rules-decisions.md), nothing else.
            caller = t.undoable["player"] if t.undoable else None
            assert set(legal) <= ({"fejl", "undo_fejl"} if player == caller else {"fejl"})
        for kind in ACTIONS:
            action = {"type": kind}
            if kind == "fejl":
                targets = t.fejl_targets(player)
                action["against"] = targets[0] if targets else t.players[0]
            trial = copy.deepcopy(t)
            try:
                trial.act(player, action)
            except IllegalAction:
                assert kind not in legal, (player, kind)
                assert trial == t  # refused: nothing changed
            else:
                assert kind in legal, (player, kind)


@settings(max_examples=25, deadline=None)
@given(tables, st.integers(0, 2**32), st.integers(1, 3))
def test_replay_reproduces_the_table(t, seed, games):
    rng = random.Random(seed)
    for g in range(games):
        play_game(t, rng)
        if g < games - 1:
            t.act(rng.choice(t.players), NEW)
    log = json.loads(json.dumps(t.log))  # as a save or a peer would keep it
    again = Table.replay(list(t.players), t.rules, log)
    assert again == t and again.view(None) == t.view(None)


@settings(max_examples=25, deadline=None)
@given(tables, st.integers(0, 2**32), st.integers(0, 40))
def test_a_view_never_changes_the_table(t, seed, steps):
    rng = random.Random(seed)
    for _ in range(steps):
        if t.phase == "over":
            break
        t.act(*random_action(t, rng))
    before = copy.deepcopy(t)
    for me in (None, *t.players):
        v = t.view(me)
        json.dumps(v)
        v["tray"].append(1)
        v["hands"].clear()
        v["events"][-1]["type"] = "x"
        for e in v["events"]:
            for value in e.values():
                if isinstance(value, list):
                    value.append(9)
        if v["last"] is not None:
            v["last"]["faces"].append(9)
    assert t == before


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**32), st.integers(0, 30))
def test_a_view_shows_nothing_not_yet_thrown(n, seed, steps):
    """Two tables with the same throws so far but different dice to come look the same."""
    players = list(NAMES[:n])
    probe = Table(players, seed=seed)
    rng = random.Random(seed)
    actions = []
    for _ in range(steps):
        if probe.phase == "over":
            break
        actions.append(random_action(probe, rng))
        probe.act(*actions[-1])
    thrown = [f for e in probe.log[1:] for f in e.get("faces", [])]
    a = Table(players, seed=1, dice=thrown + [1] * 12)
    b = Table(players, seed=2, dice=thrown + [6] * 12)
    for player, action in actions:
        a.act(player, action)
        b.act(player, action)
    for me in (None, *players):
        assert a.view(me) == b.view(me)


@pytest.mark.parametrize("faults", [False, True])
def test_many_random_games_end(faults):
    """A long evening of random games: each ends well inside the bound (two to six players)."""
    rng = random.Random(11)
    longest = 0
    for n in range(2, 6):
        t = Table(list(NAMES[:n]), Rules(faults=faults), seed=n)
        for _ in range(30):
            longest = max(longest, play_game(t, rng, max_steps=20_000, fejl_weight=0.1))
            t.act(t.players[0], NEW)
    assert t.game_no == 31 and longest < 20_000


def test_every_list_in_an_event_is_the_one_the_view_copies():
    """view.py copies one list per event kind (LIST_IN_EVENT): no kind may hold another."""
    from engine.bakke.view import LIST_IN_EVENT
    rng = random.Random(5)
    t = Table(list(NAMES), seed=5)
    for _ in range(5):
        play_game(t, rng, fejl_weight=0.3)
        t.act(t.players[0], NEW)
    kinds = {e["type"] for e in t.events}
    assert {"throw", "fejl", "new_game", "game_over", "ones_out", "pick_up", "out",
            "videre"} <= kinds
    for e in t.events:
        lists = {k for k, v in e.items() if isinstance(v, (list, dict))}
        assert lists <= {LIST_IN_EVENT.get(e["type"])}, e
