"""Helpers for the Bakke tests: scripted tables and short names for the actions."""
from __future__ import annotations

import random
from typing import Any

from engine.bakke import Rules, Table

THROW = {"type": "throw"}
ALL = {"type": "throw_all"}
VIDERE = {"type": "videre"}
NEW = {"type": "new_game"}
PLAYERS = ("Mette", "Henning")
THREE = ("Mette", "Henning", "Ronni")


def fejl(against: str) -> dict[str, Any]:
    return {"type": "fejl", "against": against}


def table(dice: list[int] | None = None, players: tuple[str, ...] = PLAYERS,
          rules: Rules | None = None, seed: int = 1, first: str | None = None) -> Table:
    """A table with scripted faces (then seeded ones)."""
    return Table(list(players), rules, seed=seed, first=first, dice=dice)


def random_action(t: Table, rng: random.Random, fejl_weight: float = 0.05) -> tuple[str, dict]:
    """A random legal action of a random player (a *Fejl* now and then)."""
    if t.phase == "over":
        return rng.choice(t.players), NEW
    undoers = [p for p in t.players if "undo_fejl" in t.legal(p)]
    if undoers and rng.random() < 0.5:  # the caller takes a fault back now and then (issue 17)
        return undoers[0], {"type": "undo_fejl"}
    callers = [p for p in t.players if t.fejl_targets(p)]
    if callers and rng.random() < fejl_weight:
        caller = rng.choice(callers)
        return caller, fejl(rng.choice(t.fejl_targets(caller)))
    player = t.turn
    assert player is not None
    kinds = [k for k in t.legal(player) if k not in ("fejl", "undo_fejl", "new_game")]
    return player, {"type": rng.choice(kinds)}


def play_game(t: Table, rng: random.Random, max_steps: int = 20_000,
              fejl_weight: float = 0.05) -> int:
    """Random legal play until the game is over; the number of actions it took."""
    for step in range(max_steps):
        if t.phase == "over":
            return step
        player, action = random_action(t, rng, fejl_weight)
        t.act(player, action)
    raise AssertionError(f"a game ran past {max_steps} actions")
