"""The Treere regulars' start-up cost, in CPython and inside Pyodide in Chromium.

    python bench/treere_regulars.py [--no-pyodide]

Times, from a fresh interpreter: importing ``engine.treere.bots``; Lis's first keep at the
first seat of a 4-seat table (one turn plan from the known values, engine/treere/optimal.py);
at the second seat of 4 and of 8 facing a 6 and a 30 (the look ahead through the seats after
her, from cold caches); a keep during play; a heads-up pot of Lis against the naive player on
the real Table.  The win shares are ``python -m engine.treere.bench`` (CPython only).  No
asserts: figures only.  The times are wall clock (time.perf_counter): run it on a quiet machine.
"""
from __future__ import annotations

import argparse
import sys

from pyodide_timing import suite_in_cpython, suite_in_pyodide

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
    players = {"Lis": bots.regular("Lis", g), "Simpel": bots.naive(seed=g)}
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args(argv)
    rows = {"CPython": suite_in_cpython(SUITE)}
    if not args.no_pyodide:
        rows["Pyodide"] = suite_in_pyodide(SUITE)
    for key in rows["CPython"]:
        print(f"{key:22}" + "".join(f"{name:>9} {figures[key]:9.2f}" for name, figures in rows.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
