"""Lis with the endgame tables against Lis without, heads-up in the covered endgames (issue 22).

    python bench/snyd_endgame.py [--deals 20000] [--seed 1]

Every deal is one heads-up round from a covered endgame (engine/snyd/endgame.py: 1v1 under
*Ettere uden jokere*), dealt from the table's seeded dice, the opener alternating.  Three
match-ups: Lis (tables) against Lis of before, and each of them against Simpel.  Printed: the
share of rounds the first-named wins, with a 95% interval (normal approximation), and the
median time of a decision of Lis's with the tables in CPython (the first, which reads the
tables, apart).  Figures only, no asserts; docs/regulars.md and docs/performance.md quote them.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.snyd.bots import Player, regular, simpel
from engine.snyd.rules import Rules
from engine.snyd.table import Table

RULES = Rules(jokers=False, dice_per_player=1)


def lis(tables: bool, seed: int) -> Player:
    player = regular("Lis", seed=seed)
    player.endgame = tables
    return player


def match(make_a, make_b, deals: int, seed: int, clock: list[float] | None = None) -> int:
    """Rounds won by A out of ``deals`` (A opens the even deals)."""
    a, b = make_a(seed), make_b(seed + 1)
    wins = 0
    for k in range(deals):
        # A fresh table per deal (a view copies the evening's events), the opener alternating.
        table = Table(["A", "B"], RULES, seed=seed * 1_000_003 + k, first="AB"[k % 2])
        table.deal()
        seats = {"A": a, "B": b}
        while table.phase == "bidding":
            who = table.turn
            view = table.view(who)
            t0 = time.perf_counter()
            action = seats[who].decide(view)
            if clock is not None and who == "A":
                clock.append(time.perf_counter() - t0)
            reveal = table.act(who, action)
        wins += reveal.loser == "B"
    return wins


def interval(wins: int, n: int) -> str:
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return f"{100 * p:.2f}% ± {100 * half:.2f}%"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", type=int, action="append",
                        help="run only these match-ups (1, 2, 3; repeatable)")
    args = parser.parse_args()
    clock: list[float] = []
    cases = [
        ("Lis (tables) vs Lis (before)", lambda s: lis(True, s), lambda s: lis(False, s), clock),
        ("Lis (tables) vs Simpel", lambda s: lis(True, s), lambda s: simpel(seed=s), None),
        ("Lis (before) vs Simpel", lambda s: lis(False, s), lambda s: simpel(seed=s), None),
    ]
    print(f"{args.deals} heads-up rounds each, 1v1, Ettere uden jokere; share the first wins:")
    for k, (name, make_a, make_b, c) in enumerate(cases, 1):
        if args.only and k not in args.only:
            continue
        t0 = time.time()
        wins = match(make_a, make_b, args.deals, args.seed, c)
        print(f"  {name:30} {interval(wins, args.deals)}  ({time.time() - t0:.0f} s)")
    if not clock:
        return
    first, rest = clock[0], clock[1:]
    print(f"Lis's decision with the tables (CPython): first {1000 * first:.2f} ms (reads the "
          f"tables), then median {1000 * statistics.median(rest):.3f} ms over {len(rest)}")


if __name__ == "__main__":
    main()
