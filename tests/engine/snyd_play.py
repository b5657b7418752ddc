"""Helpers for the engine tests: scripted tables and random legal play."""
from __future__ import annotations

import random

from engine.snyd import Bid, Rules, Table, raises


def table(n: int = 3, dice: int = 1, **switches) -> Table:
    """Players A, B, C … with ``dice`` each; A opens the first round (S25, scripted)."""
    names = [chr(ord("A") + i) for i in range(n)]
    return Table(names, Rules(dice_per_player=dice, **switches), seed=7, first="A")


def lose_game(t: Table, loser: str) -> None:
    """Drive the rest of a game so that ``loser`` loses every round, and so the game.

    Everyone holds only fives.  If ``loser`` opens, they bid one six (a lie) and are
    called; else true bids of fives go round until ``loser`` calls them.  Every other
    player puts away a die each round (S22, not classic call) and all go out together.
    """
    if t.phase == "bidding":
        raise AssertionError("finish the round first")
    while True:
        t.deal([[5] * t.dice_left.get(p, t.rules.dice_per_player) if t.phase == "reveal"
                else [5] * t.rules.dice_per_player for p in t.upcoming])
        if t.turn == loser:
            t.bid(loser, Bid(1, 6))
            t.call(t.turn)
        else:
            q = 1
            while t.turn != loser:
                t.bid(t.turn, Bid(q, 5))
                q += 1
            t.call(loser)
        if t.phase == "game_over":
            return


def random_action(t: Table, rng: random.Random) -> dict:
    """A random legal action for whoever's turn it is, as an action dict."""
    opts = raises(t.current_bid, t.rules, t.cap)
    r = rng.random()
    if t.current_bid is not None and (not opts or r < 0.35):
        return {"type": "call"}
    if r < 0.42:
        return {"type": "timeout"}
    b = rng.choice(opts[:10])
    return {"type": "bid", "quantity": b.quantity, "face": b.face}


def play_games(t: Table, rng: random.Random, games: int, on_step=None) -> None:
    """Random legal play until ``games`` more games have ended."""
    ended = 0
    while ended < games:
        t.deal()
        while t.phase == "bidding":
            player = t.turn
            action = random_action(t, rng)
            if on_step is not None:
                on_step(t, player, action)
            t.act(player, action)
        if t.phase == "game_over":
            ended += 1
