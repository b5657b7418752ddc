"""``view(player, events_from=n)`` in Snyd, Bakke and Treere (docs/views.md, "events_from").

The contract: the events from n on, ``"events_from": n``, every other field exactly as in
``view(player)``; the slice is ``view(player)["events"][n:]`` for every seat and every n of
random evenings; a bad n is an IllegalAction and changes nothing; ``view(player)`` itself is
unchanged (no ``events_from`` key: a guest's assembled view equals the host's ``view(seat)``).
"""
from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_step import step

from engine import bakke, snyd, treere
from engine.errors import IllegalAction

NAMES = ["Mette", "Henning", "Bent", "Lis", "Ole", "Kaj", "Inge", "Jens"]
GAMES = ("snyd", "bakke", "treere")
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_table(game: str, seats: int, seed: int) -> Any:
    names = NAMES[:seats]
    if game == "snyd":
        rules = snyd.Rules(dice_per_player=2, viborg_final=seed % 2 == 0,
                           hidden_count=seed % 3 == 0)
        return snyd.Table(names, rules, seed=seed, first=names[0])
    if game == "bakke":
        return bakke.Table(names, bakke.Rules(dice_per_player=3), seed=seed)
    return treere.Table(names, seed=seed)


def viewers(game: str, t: Any) -> list[Any]:
    """Every seat, and a spectator where the game has one."""
    return list(t.players) + ([] if game == "snyd" else [None])


def evening(game: str, seats: int, seed: int, steps: int) -> Any:
    rng = random.Random(seed)
    t = new_table(game, seats, seed)
    for _ in range(steps):
        step(game, t, rng)
    return t


def expected(full: dict[str, Any], n: int) -> dict[str, Any]:
    return {**full, "events": full["events"][n:], "events_from": n}


@SETTINGS
@given(st.sampled_from(GAMES), st.integers(2, 8), st.integers(0, 10**6))
def test_events_from_is_the_full_view_sliced_for_every_seat_and_every_n(game, seats, seed):
    rng = random.Random(seed)
    t = new_table(game, seats, seed)
    for checkpoint in range(4):
        for _ in range(rng.randint(1, 60)):
            step(game, t, rng)
        for me in viewers(game, t):
            full = t.view(me)
            assert "events_from" not in full  # view(player) unchanged
            for n in range(len(t.events) + 1):
                assert t.view(me, events_from=n) == expected(full, n), (checkpoint, me, n)


@pytest.mark.parametrize("game", GAMES)
def test_events_from_covers_long_evenings_and_both_ends(game):
    """Several games in (Snyd: past a reveal and a game's end), n = 0 and n = len included."""
    t = evening(game, 5, seed=11, steps=400)
    assert t.game_no >= 2
    total = len(t.events)
    for me in viewers(game, t):
        full = t.view(me)
        assert t.view(me, events_from=0) == {**full, "events_from": 0}
        end = t.view(me, events_from=total)
        assert end["events"] == [] and end["events_from"] == total
        assert {k: v for k, v in end.items() if k not in ("events", "events_from")} == {
            k: v for k, v in full.items() if k != "events"}


def test_events_from_snyd_reveal_and_skjult_antal_slices_hide_nothing_more_or_less():
    """A Snyd slice that starts inside a round holds its reveal as the full view does (hands
    once lifted, no count under S43) and never a hand before the call."""
    t = snyd.Table(["A", "B", "C"], snyd.Rules(dice_per_player=2, hidden_count=True),
                   seed=3, first="A")
    t.deal([[2, 5], [5, 5], [4, 1]])
    before_call = len(t.events)
    t.bid("A", snyd.Bid(3, 5))
    for me in t.players:
        sliced = t.view(me, events_from=before_call)["events"]
        assert [e["type"] for e in sliced] == ["bid"]
    t.call("B")
    for me in t.players:
        sliced = t.view(me, events_from=before_call)
        reveal = next(e for e in sliced["events"] if e["type"] == "reveal")
        assert reveal["hands"] == {"A": [2, 5], "B": [5, 5], "C": [4, 1]}
        assert "count" not in reveal
        assert sliced == expected(t.view(me), before_call)


BAD = [-1, -10**5000, 10**5000, True, False, 1.0, "1", [], {}, [0], b"0"]


@pytest.mark.parametrize("game", GAMES)
def test_events_from_bad_n_is_refused_and_changes_nothing(game):
    t = evening(game, 3, seed=5, steps=40)
    log, views = t.log, [t.view(p) for p in viewers(game, t)]
    for n in [*BAD, len(t.events) + 1]:
        with pytest.raises(IllegalAction) as info:
            t.view(t.players[0], events_from=n)
        message = str(info.value)
        assert "events_from" in message and message.endswith(")") and len(message) < 200
    assert t.log == log and [t.view(p) for p in viewers(game, t)] == views


@pytest.mark.parametrize("game", GAMES)
def test_events_from_a_stranger_is_refused_as_without_it(game):
    t = evening(game, 3, seed=2, steps=10)
    with pytest.raises(IllegalAction, match="sidder ikke ved bordet"):
        t.view("Nobody", events_from=0)


@pytest.mark.parametrize("game", GAMES)
def test_events_from_slices_are_copies_a_consumer_cannot_change_the_table(game):
    t = evening(game, 4, seed=9, steps=200)
    me = t.players[1]
    n = len(t.events) // 2
    before = t.view(me)
    v = t.view(me, events_from=n)
    for event in v["events"]:  # scribble on every list and dict inside the slice
        for value in event.values():
            if isinstance(value, list):
                value.append("x")
            elif isinstance(value, dict):
                value["x"] = 1
                for inner in value.values():
                    if isinstance(inner, list):
                        inner.append("x")
        event["type"] = "forged"
    v["events"].append({"type": "forged"})
    assert t.view(me) == before
