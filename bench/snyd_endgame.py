"""Lis with the endgame tables against Lis without, heads-up in the covered endgames (issue 22).

    python bench/snyd_endgame.py [--deals 20000] [--seed 1] [--dice 2 1] [--jokers] [--present]
                                 [--slags]
    python bench/snyd_endgame.py --pyodide [--deals 300] [--dice 2 2] [--throttle 4] [--jokers]
                                 [--present] [--slags]

Every deal is one heads-up round from a covered endgame (engine/snyd/endgame.py: 1v1, 2v1, 1v2
or 2v2 under *Ettere uden jokere*; 1v1 with ``--jokers`` under the standard rules, ``--present``
adds *Til stede*, ``--slags`` *En slags* (with ``--jokers``: the *Slags* rule set); ``--dice``
the opener's and the answer's cups, 1v1 unless told), dealt from the table's seeded dice, the
seats alternating: A opens (with the first count) on the even deals and answers (with the
second) on the odd.  Three match-ups: Lis (tables) against Lis of before, and each of them
against Simpel.  Printed: the share of rounds the first-named wins, with a 95% interval (normal
approximation), and the median time of a decision of Lis's with the tables in CPython (the
first, which reads the tables, apart).  Figures only, no asserts; docs/regulars.md and
docs/performance.md quote them.

``--pyodide``: Lis's decisions with the tables (against Simpel, ``--deals`` rounds) in the
self-hosted Pyodide of headless Chromium (bench/pyodide_timing.py), a fresh page at 1x and at
``--throttle`` x CPU: the first decision (it imports and reads the tables) and the median of the
rest (issue 22: ≤ 5 ms).
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

try:
    ROOT = Path(__file__).resolve().parent.parent
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
except NameError:  # this source run inside Pyodide (--pyodide): engine/ is unpacked there
    pass

from engine.snyd.bots import Player, regular, simpel
from engine.snyd.endgame import table_key
from engine.snyd.endgame_regulars import SEATS, table_at
from engine.snyd.rules import Rules

RULES = Rules(jokers=False)


def rules_of(switches: tuple[bool, bool, bool]) -> Rules:
    """(--jokers, --present, --slags) as the Rules of the round."""
    jokers, present, slags = switches
    return Rules(jokers=jokers, present=present, of_a_kind=slags)


def lis(tables: bool, seed: int) -> Player:
    player = regular("Lis", seed=seed)
    player.endgame = tables
    return player


def match(make_a, make_b, deals: int, seed: int, clock: list[float] | None = None,
          dice: tuple[int, int] = (1, 1), rules: Rules = RULES) -> int:
    """Rounds won by A out of ``deals`` (A opens the even deals)."""
    a, b = make_a(seed), make_b(seed + 1)
    wins = 0
    for k in range(deals):
        # A fresh table per deal (a view copies the evening's events), the opener alternating.
        table = table_at(dice, rules, seed=seed * 1_000_003 + k)
        seats = {SEATS[0]: a, SEATS[1]: b} if k % 2 == 0 else {SEATS[0]: b, SEATS[1]: a}
        while table.phase == "bidding":
            who = table.turn
            view = table.view(who)
            t0 = time.perf_counter()
            action = seats[who].decide(view)
            if clock is not None and seats[who] is a:
                clock.append(time.perf_counter() - t0)
            reveal = table.act(who, action)
        wins += seats[reveal.loser] is b
    return wins


def interval(wins: int, n: int) -> str:
    p = wins / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return f"{100 * p:.2f}% ± {100 * half:.2f}%"


def decision_times(deals: int, dice: tuple[int, int],
                   switches: tuple[bool, bool, bool] = (False, False, False)) -> dict[str, float]:
    """Lis's decisions with the tables, in ms: the first (reads them) and the median after."""
    clock: list[float] = []
    match(lambda s: lis(True, s), lambda s: simpel(seed=s), deals, 1, clock, dice,
          rules_of(switches))
    return {"first": 1000 * clock[0], "median": 1000 * statistics.median(clock[1:]),
            "n": len(clock) - 1}


def pyodide(deals: int, dice: tuple[int, int], rate: float,
            switches: tuple[bool, bool, bool]) -> None:
    """decision_times on a fresh Pyodide page at 1x and at ``rate`` x CPU."""
    sys.path.append(str(Path(__file__).resolve().parent))  # last: bench/relay.py is not relay/
    from fair_dice import throttle
    from pyodide_timing import pyodide_page

    from devtools import browser as bt
    print(f"Lis's decisions with the tables, {table_key(*dice, rules_of(switches))}, "
          f"{deals} rounds against Simpel, Pyodide in headless Chromium (ms):")
    for r in (1.0, rate):
        with pyodide_page() as page:
            throttle(page, r)
            bt.run_in_pyodide(page, Path(__file__).read_text(encoding="utf-8") + "\nNone")
            m = bt.run_in_pyodide(page, f"decision_times({deals}, {dice}, {switches})")
            print(f"  {r:g}x CPU: first {m['first']:.1f} (reads the tables), then median "
                  f"{m['median']:.3f} over {m['n']}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dice", type=int, nargs=2, default=[1, 1],
                        help="the opener's dice and the answer's (a covered endgame)")
    parser.add_argument("--only", type=int, action="append",
                        help="run only these match-ups (1, 2, 3; repeatable)")
    parser.add_argument("--jokers", action="store_true",
                        help="the standard rules (jokers, the lone 1): 1v1 only")
    parser.add_argument("--present", action="store_true", help="Til stede (S16)")
    parser.add_argument("--slags", action="store_true",
                        help="En slags (S17); with --jokers the Slags rule set")
    parser.add_argument("--pyodide", action="store_true",
                        help="time Lis's decisions in Pyodide (headless Chromium) instead")
    parser.add_argument("--throttle", type=float, default=4.0,
                        help="with --pyodide: the second CPU throttling rate (default 4)")
    args = parser.parse_args()
    switches = (args.jokers, args.present, args.slags)
    if args.pyodide:
        pyodide(min(args.deals, 2000), (args.dice[0], args.dice[1]), args.throttle, switches)
        return
    clock: list[float] = []
    cases = [
        ("Lis (tables) vs Lis (before)", lambda s: lis(True, s), lambda s: lis(False, s), clock),
        ("Lis (tables) vs Simpel", lambda s: lis(True, s), lambda s: simpel(seed=s), None),
        ("Lis (before) vs Simpel", lambda s: lis(False, s), lambda s: simpel(seed=s), None),
    ]
    dice = (args.dice[0], args.dice[1])
    rules = rules_of(switches)
    print(f"{args.deals} heads-up rounds each, table {table_key(*dice, rules)}; share the first "
          "wins:")
    for k, (name, make_a, make_b, c) in enumerate(cases, 1):
        if args.only and k not in args.only:
            continue
        t0 = time.time()
        wins = match(make_a, make_b, args.deals, args.seed, c, dice, rules)
        print(f"  {name:30} {interval(wins, args.deals)}  ({time.time() - t0:.0f} s)")
    if not clock:
        return
    first, rest = clock[0], clock[1:]
    print(f"Lis's decision with the tables (CPython): first {1000 * first:.2f} ms (reads the "
          f"tables), then median {1000 * statistics.median(rest):.3f} ms over {len(rest)}")


if __name__ == "__main__":
    main()
