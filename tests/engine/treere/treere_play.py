"""Helpers for the Treere tests: play scripted turns and random legal games."""
from __future__ import annotations

import random
from typing import Any

from engine.treere import Table
from engine.treere.view import LIST_KEYS


def turn(table: Table, *keeps: list[int]) -> None:
    """The player in turn rolls and keeps ``keeps[0]``, rolls again and keeps ``keeps[1]`` …"""
    player = table.turn
    for k in keeps:
        table.act(player, {"type": "roll"})
        table.act(player, {"type": "keep", "dice": k})


def keep_all(table: Table) -> None:
    """The player in turn rolls once and keeps all five (T2: stop after the first roll)."""
    turn(table, [0, 1, 2, 3, 4])


def random_action(table: Table, rng: random.Random) -> tuple[str, dict[str, Any]]:
    """A random legal action and who takes it."""
    if table.phase == "over":
        return rng.choice(table.players), {"type": "new_game"}
    if not table.rolled:  # the table's own fields: a view per step would copy the whole history
        return table.turn, {"type": "roll"}
    n = len(table.rolled)
    return table.turn, {"type": "keep", "dice": rng.sample(range(n), rng.randint(1, n))}


def play_pot(table: Table, rng: random.Random, limit: int = 10_000) -> int:
    """Random legal play until the pot is won; returns the number of actions taken."""
    for steps in range(limit):
        if table.phase == "over":
            return steps
        player, action = random_action(table, rng)
        table.act(player, action)
    raise AssertionError("the pot was never won")


def snapshot(table: Table) -> tuple:
    """A cheap fingerprint of everything an action could change (a deepcopy per step is slow)."""
    return (len(table.events), len(table._log), list(table.rolled), list(table.kept),
            dict(table.scores), dict(table.tally), table.turn, table.phase, table.pot,
            table.round_no, table.stage, table.dice.used, table.dice._rng.getstate())


def assert_flat_events(table: Table) -> None:
    """Every event value outside view.LIST_KEYS is a plain scalar, and those keys hold lists."""
    for e in table.events:
        for key, value in e.items():
            if key in LIST_KEYS.get(e["type"], ()):
                assert type(value) is list and all(type(x) in (int, str) for x in value), e
            else:
                assert value is None or type(value) in (str, int, bool), e
