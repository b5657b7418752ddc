"""The engine contract (engine/contract.py), held once over all three games: Snyd, Bakke, Treere.

Each game is played at random for a while; then the contract must hold of the table as it is:
the shape (``GameTable``), the log replays to an equal table (also after a trip through JSON),
equality sees the dice still to come, an illegal action changes nothing, a junk log is refused
with an ``IllegalAction`` only, views are plain JSON and ``events_from`` cuts them, and the log
is a copy. The half the three share is written once (``engine.log.LoggedTable``).
"""
from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest
from random_step import step

from engine import bakke, snyd, treere
from engine.contract import GameRules, GameTable
from engine.errors import IllegalAction
from engine.log import LoggedTable

PLAYERS = ["Mette", "Henning", "Lis"]


@dataclass(frozen=True)
class Game:
    name: str
    package: Any  # engine.snyd / engine.bakke / engine.treere
    step: Callable[[Any, random.Random], None]
    # an action that is never legal for the seat given, whatever the phase
    illegal: dict[str, Any]


GAMES = [
    Game("snyd", snyd, partial(step, "snyd"), {"type": "bid", "quantity": 0, "face": 7}),
    Game("bakke", bakke, partial(step, "bakke"), {"type": "fejl", "against": "Mette"}),  # Mette herself
    Game("treere", treere, partial(step, "treere"), {"type": "keep", "dice": [9]}),
]
IDS = [g.name for g in GAMES]


def played(game: Game, seed: int, steps: int = 60) -> Any:
    """A table of ``game`` after ``steps`` random legal steps from ``seed``."""
    rng = random.Random(seed)
    t = game.package.Table(PLAYERS, game.package.Rules(), seed=seed, first="Mette")
    for _ in range(steps):
        game.step(t, rng)
    return t


def replayed(game: Game, t: Any, log: Any) -> Any:
    return game.package.Table.replay(list(t.players), t.rules, log)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_each_table_meets_the_game_table_contract_and_shares_its_half(game: Game) -> None:
    t = played(game, seed=1)
    assert isinstance(t, GameTable) and isinstance(t.rules, GameRules)
    assert game.package.Rules.from_dict(t.rules.to_dict()) == t.rules
    # One replay and one equality for all three games, not a copy in each (issue 18).
    table = game.package.Table
    assert issubclass(table, LoggedTable)
    for name in ("log", "_replay_entries", "_state", "__eq__", "_event"):
        assert name not in vars(table), f"{game.name} writes {name} again"
    assert table.__hash__ is None  # mutable


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_log_replays_to_an_equal_table_also_through_json(game: Game, seed: int) -> None:
    t = played(game, seed)
    assert replayed(game, t, t.log) == t
    assert replayed(game, t, json.loads(json.dumps(t.log))) == t


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_equality_sees_the_dice_still_to_come(game: Game) -> None:
    t = played(game, seed=4)
    same = copy.deepcopy(t)
    assert same == t
    same.dice.throw(1)  # nothing else changes: the next faces do
    assert same != t


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_an_illegal_action_changes_nothing(game: Game) -> None:
    t = played(game, seed=5)
    before = copy.deepcopy(t)
    for player, action in [("Mette", game.illegal), ("Ole", {"type": "call"}),
                           ("Mette", {"type": "tjubang"}), ("Mette", [1, 2]),
                           ("Mette", {**game.illegal, "extra": 1})]:
        with pytest.raises(IllegalAction):
            t.act(player, action)
        assert t == before


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_junk_log_is_refused_with_an_illegal_action_only(game: Game) -> None:
    t = played(game, seed=6)
    log = t.log
    junk_entries = [5, None, "deal", [], {}, {"type": "bid"}, {"type": "call", "player": []},
                    {"type": "throw", "player": "Mette", "faces": "x"},
                    {"type": "keep", "player": {"x": 1}, "dice": None}]
    for junk in junk_entries:
        with pytest.raises(IllegalAction):
            replayed(game, t, log[:3] + [junk])
    for junk_log in [None, 5, "log", [], [{"type": "deal"}], log[1:]]:
        with pytest.raises(IllegalAction):
            replayed(game, t, junk_log)
    other = game.package.Table(["Bo", "Lis"], game.package.Rules(), seed=1)
    with pytest.raises(IllegalAction):  # a log from another table
        replayed(game, t, other.log)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_views_are_plain_json_and_events_from_cuts_them(game: Game) -> None:
    t = played(game, seed=7)
    for player in t.players:
        view = t.view(player)
        assert json.loads(json.dumps(view)) == view and view["game"] == game.name
        n = len(view["events"]) // 2
        cut = t.view(player, events_from=n)
        assert cut["events"] == view["events"][n:] and cut["events_from"] == n
        assert {k: v for k, v in cut.items() if k not in ("events", "events_from")} == {
            k: v for k, v in view.items() if k != "events"}
    with pytest.raises(IllegalAction):
        t.view("Ole")
    with pytest.raises(IllegalAction):
        t.view("Mette", events_from=len(t.events) + 1)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_log_is_a_copy_and_json(game: Game) -> None:
    t = played(game, seed=8)
    before = copy.deepcopy(t)
    log = t.log
    assert json.loads(json.dumps(log)) == log and log[0]["type"] == "start"
    log[0]["players"].append("Ole")
    log.append({"type": "call", "player": "Mette"})
    assert t == before and t.log != log
