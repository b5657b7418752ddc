"""The Treere regulars' start-up cost, in CPython and inside Pyodide in Chromium.

    python bench/treere_regulars.py [--no-pyodide]

Times, from a fresh interpreter: importing ``engine.treere.bots``; Lis's first keep at the
first seat of a 4-seat table (one turn plan from the known values, engine/treere/optimal.py);
at the second seat of 4 and of 8 facing a 6 and a 30 (the look ahead through the seats after
her, from cold caches); a keep during play; a heads-up pot of Lis against Simpel (the baseline player) on
the real Table.  The win shares are ``python -m engine.treere.bench`` (CPython only).  No
asserts: figures only.  The times are wall clock (time.perf_counter): run it on a quiet machine.

Then (CPython, ``--pots``) how far each regular's style strays from the perfect keep: pots at
two to four seats, the regular in a random seat among Simpel players; at each of its keeps the
chance of winning the pot of the perfect keep minus that of its own (``bots.options``). It
prints the mean loss per decision, the worst single one and the bound of its style
(``Style.bound``: at most min(slack, share x the best chance)).  ``--losses`` prints these alone.
"""
from __future__ import annotations

import argparse
import sys

from pyodide_timing import ROOT, suite_in_cpython, suite_in_pyodide

# Runs as it is in both interpreters; its last expression is the figures (JSON).
SUITE = """
import time, statistics, json
t0 = time.perf_counter()
from engine.treere import bots
imported = time.perf_counter() - t0
from engine.treere import Table, optimal

def first_keep(m, pos, before):
    optimal._SOLVED.clear(); optimal._table_round.cache_clear()
    names = [f"P{i}" for i in range(m)]
    names[pos] = "Lis"
    table = Table(names, seed=m, first=names[0], dice=before * pos)
    for _ in range(pos):
        who = table.turn
        table.act(who, {"type": "roll"})
        table.act(who, {"type": "keep", "dice": [0, 1, 2, 3, 4]})
    table.act("Lis", {"type": "roll"})
    t0 = time.perf_counter()
    bots.regular("Lis", 1).decide(table.view("Lis"))
    return (time.perf_counter() - t0) * 1e3

figures = {"import_ms": imported * 1e3, "first_seat_of_4_ms": first_keep(4, 0, [])}
for m in (4, 8):
    figures[f"2nd_of_{m}_vs_6_ms"] = first_keep(m, 1, [1, 1, 1, 1, 2])
    figures[f"2nd_of_{m}_vs_30_ms"] = first_keep(m, 1, [6, 6, 6, 6, 6])

decisions, t0 = [], time.perf_counter()
for g in range(100):
    players = {"Lis": bots.regular("Lis", g), "Simpel": bots.simpel(seed=g)}
    table = Table(list(players), seed=g, first=("Lis", "Simpel")[g % 2])
    while table.phase == "playing":
        who = table.turn
        view = table.view(who)
        s = time.perf_counter(); action = players[who].decide(view)
        if who == "Lis" and action["type"] == "keep":
            decisions.append(time.perf_counter() - s)
        table.act(who, action)
figures["pot_ms"] = (time.perf_counter() - t0) * 10
decisions.sort()
figures["keep_median_ms"] = statistics.median(decisions) * 1e3
figures["keep_p95_ms"] = decisions[int(0.95 * len(decisions))] * 1e3
figures = json.dumps(figures)
figures
"""


def losses(pots: int, seed: int = 17) -> dict[str, dict[str, float]]:
    """Per regular: decisions, mean and worst loss against the perfect keep, the worst bound."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import random

    from engine.treere import Table
    from engine.treere.bots import REGULARS, STYLES, options, regular, simpel, situation

    rng = random.Random(seed)
    out = {}
    for info in REGULARS:
        name, style = info["name"], STYLES[info["style"]]
        lost: list[float] = []
        gave_up = 0  # keeps with no chance while another keep had one
        for g in range(pots):
            names = [f"N{i}" for i in range(rng.randrange(1, 4))]
            names.insert(rng.randrange(len(names) + 1), name)
            players = {n: regular(n, g) if n == name else simpel(n, g) for n in names}
            table = Table(names, seed=rng.randrange(10**9), first=rng.choice(names))
            while table.phase == "playing":
                who = table.turn
                view = table.view(who)
                action = players[who].decide(view)
                if who == name and action["type"] == "keep":
                    ranked = options(situation(view))
                    values = {tuple(sorted(k)): v for v, k in ranked}
                    got = values[tuple(action["dice"])]
                    lost.append(ranked[0][0] - got)
                    gave_up += got == 0 < ranked[0][0]
                table.act(who, action)
        out[name] = {"decisions": len(lost), "mean": sum(lost) / len(lost), "worst": max(lost),
                     "gave_up": gave_up, "slack": style.slack}
    return out


def print_losses(pots: int) -> None:
    print(f"\nloss vs the perfect keep (chance of the pot), {pots} pots per regular, 2-4 seats:")
    print(f"{'regular':10}{'decisions':>10}{'mean loss':>12}{'worst':>10}{'gave up':>9}{'slack':>8}")
    for name, f in losses(pots).items():
        print(f"{name:10}{f['decisions']:10d}{f['mean']:12.5f}{f['worst']:10.4f}{f['gave_up']:9d}{f['slack']:8.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    parser.add_argument("--losses", action="store_true", help="the losses vs. the optimum alone")
    parser.add_argument("--pots", type=int, default=400, help="pots per regular for the losses")
    args = parser.parse_args(argv)
    if args.losses:
        print_losses(args.pots)
        return 0
    rows = {"CPython": suite_in_cpython(SUITE)}
    if not args.no_pyodide:
        rows["Pyodide"] = suite_in_pyodide(SUITE)
    for key in rows["CPython"]:
        print(f"{key:22}" + "".join(f"{name:>9} {figures[key]:9.2f}" for name, figures in rows.items()))
    print_losses(args.pots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
