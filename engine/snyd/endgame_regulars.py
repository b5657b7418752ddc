"""How much a best response wins against each regular in the covered endgames (issue 22).

``python -m engine.snyd.endgame --exploitability`` prints, for every covered endgame and either
seat, the best response's expected score against the tables (Lis now) and against each
regular's own play there (Henning, Grethe, Kaj, Ronni, Lis without the tables, Simpel), minus
the equilibrium's: what the regular gives away, in stakes (+1/−1 per round).

A regular's move is read from its ``decide`` on the real view of a real table (a Table with the
two hands dealt and the round's bids made).  Simpel and Grethe are deterministic; the others
draw bluffs and jumps from their rng, so their mixed move is estimated from ``SAMPLES`` seeds
(an estimate of their policy; the best response to it is then exact).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engine.snyd import endgame
from engine.snyd.bid import Bid
from engine.snyd.bots import Player, regular, simpel
from engine.snyd.rules import Rules
from engine.snyd.table import Table

SAMPLES = 40
NAMES = ("Henning", "Grethe", "Kaj", "Ronni", "Lis", "Simpel")
SEATS = ("Første", "Anden")  # the first bidder, the other


def make_player(name: str, seed: int, tables: bool = False) -> Player:
    player = simpel(seed=seed) if name == "Simpel" else regular(name, seed=seed)
    if hasattr(player, "endgame"):
        player.endgame = tables  # type: ignore[attr-defined]
    return player


def table_at(counts: tuple[int, int], rules: Rules, hands: list[list[int]] | None = None,
             seed: int | None = None) -> Table:
    """A real two-seat table dealt for a heads-up round with ``counts`` dice (the first seat
    opens).  Unequal cups are reached on an evening by rounds lost and won; here the table is
    put straight between two rounds of a game with those dice left (its own state, set as
    ``_score`` leaves it), then dealt as any round is."""
    table = Table(list(SEATS), rules.with_(dice_per_player=max(counts)), first=SEATS[0],
                  seed=seed)
    if counts[0] != counts[1]:
        table._start_game(list(SEATS))
        table.dice_left = dict(zip(SEATS, counts))
        table._next_starter = SEATS[0]
        table.phase = "reveal"
    table.deal(hands)
    return table


def view_at(game: endgame.Game, rules: Rules, h: tuple[int, ...], seat: int,
            hand: tuple[int, ...], other: tuple[int, ...]) -> dict[str, Any]:
    """The view of ``seat`` at history ``h`` of a real table (the other hand is not shown)."""
    n = (len(hand), len(other)) if seat == 0 else (len(other), len(hand))
    table = table_at(n, rules, [list(hand), list(other)] if seat == 0 else [list(other), list(hand)])
    for k, move in enumerate(h):
        bid = game.ladder[move]
        table.bid(SEATS[k % 2], Bid(bid.quantity, bid.face))
    return table.view(SEATS[seat])


def regular_policy(game: endgame.Game, rules: Rules, name: str, seat: int,
                   tables: bool = False, samples: int = SAMPLES
                   ) -> Callable[[tuple[int, ...]], list[list[float]]]:
    """The regular's (estimated) mixed move per own hand at each history where ``seat`` moves."""
    deterministic = name in ("Simpel", "Grethe")
    filler = game.hands[1 - seat][0][0]  # the other hand: not in the view, so any will do

    @cache
    def policy(h: tuple[int, ...]) -> list[list[float]]:
        actions = game.actions(h)
        rows = []
        for hand, _ in game.hands[seat]:
            view = view_at(game, rules, h, seat, hand, filler)
            row = [0.0] * len(actions)
            runs = 1 if deterministic else samples
            for s in range(runs):
                action = make_player(name, seed=s, tables=tables).decide(view)
                move = endgame.CALL if action["type"] == "call" else game.ladder.index(
                    Bid(action["quantity"], action["face"]))
                row[actions.index(move)] += 1 / runs
            rows.append(row)
        return rows
    return policy


def gains(first_dice: int, second_dice: int, rules: Rules, samples: int = SAMPLES,
          names: tuple[str, ...] = NAMES, print_: Callable[[str], None] | None = None
          ) -> dict[str, tuple[float, float]]:
    """Per player ("Lis (tables)" and ``names``): the best response's gain over the equilibrium
    value with the player first, and second (each printed as it is found, with ``print_``)."""
    key = endgame.table_key(first_dice, second_dice, rules)
    v = endgame.value(first_dice, second_dice, rules)
    game = endgame.snyd_game(first_dice, second_dice, rules)
    table = endgame.table_policy(game, endgame._table(key))
    out = {"Lis (tabeller)": (game.best_response(1, table) + v, game.best_response(0, table) - v)}
    if print_:
        print_(line("Lis (tabeller)", *out["Lis (tabeller)"]))
    for name in names:
        first = game.best_response(1, regular_policy(game, rules, name, 0, samples=samples)) + v
        second = game.best_response(0, regular_policy(game, rules, name, 1, samples=samples)) - v
        out[name] = (first, second)
        if print_:
            print_(line(name, first, second))
    return out


def line(name: str, first: float, second: float) -> str:
    return (f"  {name:15} best response gains {first:+.6f} (player first), "
            f"{second:+.6f} (player second), {(first + second) / 2:+.6f} on average")


def report(print_: Callable[[str], None] = print, only: str | None = None,
           samples: int = SAMPLES, names: tuple[str, ...] = NAMES) -> None:
    """Every covered endgame (or ``only``: a table key such as "2v1" or "1v1-jokere"); *Til
    stede* is the same game without jokers (endgame.build checks it), so its tables are measured
    once."""
    for (first_dice, second_dice), rules in endgame.covered_endgames():
        if rules.present and not rules.jokers:
            continue  # the same game as without Til stede
        key = endgame.table_key(first_dice, second_dice, rules)
        if only is not None and key != only:
            continue
        lo, up, _ = endgame._tables()["values"][key]
        also = "" if rules.jokers else f" (and {key}-tilstede)"  # one game without jokers
        print_(f"{key}{also}: value {(lo + up) / 2:+.10f} "
               f"(bounds {lo:+.12f} … {up:+.12f}); regulars' mixes from {samples} seeds")
        gains(first_dice, second_dice, rules, samples, names, print_)
