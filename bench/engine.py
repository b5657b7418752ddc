"""Engine benchmark: random legal Snyd games under each rule set, CPython vs Pyodide.

    python bench/engine.py [--games 300] [--runs 5] [--players 4] [--no-browser]

Prints games per second (median of ``--runs`` runs) in CPython and inside Pyodide in
headless Chromium (through ``devtools.browser``), and the ratio.  No asserts: figures only.
"""
from __future__ import annotations

import argparse
import inspect
import statistics
import sys
from pathlib import Path

# This file is named engine.py: keep its own folder off sys.path so `import engine`
# finds the package at the repository root, not this script.
ROOT = Path(__file__).resolve().parent.parent
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).parent]
sys.path.insert(0, str(ROOT))

PRESETS = ("standard", "slags", "turnering", "hardcore")


def play_random_games(preset: str, games: int, players: int, seed: int) -> float:
    """Play ``games`` random legal games on one table; return the seconds taken.

    Self-contained (its source is sent into Pyodide): imports inside, no globals.
    """
    import random
    import time

    from engine.snyd import Rules, Table, raises

    rules = Rules.preset(preset)
    rng = random.Random(seed)
    names = ["Mette", "Henning", "Bent", "Lis", "Ole", "Kaj", "Inge", "Jens"][:players]
    start = time.perf_counter()
    table = Table(names, rules, seed=seed)
    ended = 0
    while ended < games:
        table.deal()
        while table.phase == "bidding":
            current = table.current_bid
            options = raises(current, rules, table.cap)
            if current is not None and (not options or rng.random() < 0.3):
                table.act(table.turn, {"type": "call"})
            else:
                bid = rng.choice(options[:8])
                table.act(table.turn, {"type": "bid", "quantity": bid.quantity, "face": bid.face})
        if table.phase == "game_over":
            ended += 1
    return time.perf_counter() - start


def cpython_rates(games: int, runs: int, players: int) -> dict[str, float]:
    rates = {}
    for preset in PRESETS:
        times = [play_random_games(preset, games, players, seed) for seed in range(runs)]
        rates[preset] = games / statistics.median(times)
    return rates


def pyodide_rates(games: int, runs: int, players: int) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    from devtools import browser as bt

    source = inspect.getsource(play_random_games)
    with bt.serve() as server, sync_playwright() as p:
        chromium = bt.launch(p)
        try:
            page = bt.pyodide_page(chromium, server.url)
            bt.run_in_pyodide(page, source + "\nNone")
            rates = {}
            for preset in PRESETS:
                times = bt.run_in_pyodide(
                    page,
                    f"[play_random_games({preset!r}, {games}, {players}, seed) "
                    f"for seed in range({runs})]",
                )
                rates[preset] = games / statistics.median(times)
            version = bt.run_in_pyodide(page, "import sys; sys.version.split()[0]")
        finally:
            chromium.close()
    print(f"(Pyodide Python {version})")
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per run (default 300)")
    parser.add_argument("--runs", type=int, default=5, help="runs per setting (median; 5)")
    parser.add_argument("--players", type=int, default=4, help="players at the table (4)")
    parser.add_argument("--no-browser", action="store_true", help="CPython only")
    args = parser.parse_args()

    print(f"Snyd engine: random legal games, {args.players} players, {args.games} games/run, "
          f"median of {args.runs} runs; CPython {sys.version.split()[0]}")
    cpy = cpython_rates(args.games, args.runs, args.players)
    pyo = None if args.no_browser else pyodide_rates(args.games, args.runs, args.players)
    print(f"{'rule set':<10} {'CPython games/s':>16} {'Pyodide games/s':>16} {'CPython/Pyodide':>16}")
    for preset in PRESETS:
        if pyo is None:
            print(f"{preset:<10} {cpy[preset]:>16.0f} {'-':>16} {'-':>16}")
        else:
            print(f"{preset:<10} {cpy[preset]:>16.0f} {pyo[preset]:>16.0f} "
                  f"{cpy[preset] / pyo[preset]:>16.2f}")


if __name__ == "__main__":
    main()
