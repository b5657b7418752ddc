"""The Bakke regulars' start-up cost, in CPython and inside Pyodide in Chromium.

    python bench/bakke_regulars.py [--no-pyodide]

Times, from a fresh interpreter: importing ``engine.bakke.bots``; Lis's first decision with a
real choice heads-up (a look-up in the stored choices, engine/bakke/optimal.py); solving the
heads-up table to 12 dice (what the stored choices spare the first decision); the decisions
after; and a heads-up game of Lis against Simpel (the baseline player) on the real Table. The win
shares are ``python -m engine.bakke.bench`` (CPython only). No asserts: figures only.
"""
from __future__ import annotations

import argparse
import sys

from pyodide_timing import suite_in_cpython, suite_in_pyodide

# Runs as it is in both interpreters; its last expression is the figures (JSON).
SUITE = """
import time, statistics, json
t0 = time.perf_counter()
from engine.bakke import bots
from engine.bakke.table import Table
imported = time.perf_counter() - t0

def first_choice(names, script):
    table = Table(names, first=names[0], dice=script)
    table.act(names[0], {"type": "throw_all"})
    return table

heads = first_choice(["Bo", "Lis"], [2, 2, 3, 3, 4, 4])  # Bo keeps all six: Lis on an empty tray
t0 = time.perf_counter(); bots.regular("Lis", 1).decide(heads.view("Lis"))
first_heads_up = time.perf_counter() - t0
from engine.bakke import optimal
t0 = time.perf_counter(); optimal.heads_up().ensure(12)  # what the stored choices spare
solve_12 = time.perf_counter() - t0

decisions, games = [], 0
t0 = time.perf_counter()
for g in range(100):
    players = {"Lis": bots.regular("Lis", g), "Simpel": bots.simpel(seed=g)}
    table = Table(list(players), seed=g, first=("Lis", "Simpel")[g % 2])
    while table.phase == "playing":
        who = table.turn
        view = table.view(who)
        s = time.perf_counter(); action = players[who].decide(view)
        if who == "Lis":
            decisions.append(time.perf_counter() - s)
        table.act(who, action)
    games += 1
per_game = (time.perf_counter() - t0) / games
decisions.sort()
figures = json.dumps({"import_ms": imported * 1e3, "first_decide_ms": first_heads_up * 1e3,
                      "solve_to_12_ms": solve_12 * 1e3,
                      "decide_median_us": statistics.median(decisions) * 1e6,
                      "decide_p95_us": decisions[int(0.95 * len(decisions))] * 1e6,
                      "game_ms": per_game * 1e3})
figures
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args(argv)
    rows = {"CPython": suite_in_cpython(SUITE)}
    if not args.no_pyodide:
        rows["Pyodide"] = suite_in_pyodide(SUITE)
    keys = list(rows["CPython"])
    print(f"{'':10}" + "".join(f"{k:>22}" for k in keys))
    for name, figures in rows.items():
        print(f"{name:10}" + "".join(f"{figures[k]:22.2f}" for k in keys))
    return 0


if __name__ == "__main__":
    sys.exit(main())
