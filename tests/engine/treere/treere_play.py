"""Helpers for the Treere tests: play scripted turns and random legal games."""
from __future__ import annotations

import random
from typing import Any

from engine.treere import Table


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
    view = table.view(table.turn)
    if view["legal"] == ["roll"]:
        return table.turn, {"type": "roll"}
    n = len(view["rolled"])
    return table.turn, {"type": "keep", "dice": rng.sample(range(n), rng.randint(1, n))}


def play_pot(table: Table, rng: random.Random, limit: int = 10_000) -> int:
    """Random legal play until the pot is won; returns the number of actions taken."""
    for steps in range(limit):
        if table.phase == "over":
            return steps
        player, action = random_action(table, rng)
        table.act(player, action)
    raise AssertionError("the pot was never won")
