"""Engine benchmark: random legal Snyd games and Treere pots, CPython vs Pyodide.

    python bench/engine.py [--games 300] [--runs 5] [--players 4] [--no-browser]

Prints games per second (median of ``--runs`` runs) for Snyd under each rule set and pots per
second for Treere (plain, Progressiv "spil" and "runder"), in CPython and inside Pyodide in
headless Chromium (through ``devtools.browser``), and the ratio; then what one Treere
``view()`` costs after a long evening (it copies the evening's events).  No asserts: figures only.
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
TREERE = ("plain", "spil", "runder")  # Rules(progressive=False / "spil" / "runder")
CASES = [("snyd", p) for p in PRESETS] + [("treere", v) for v in TREERE]


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


def treere_evening(variant: str, pots: int, players: int, seed: int):  # -> engine.treere.Table
    """``pots`` random legal Treere pots on one table (random keeps: 1 to all of each roll).

    Self-contained (its source is sent into Pyodide).
    """
    import random

    from engine.treere import Rules, Table

    rules = Rules(progressive=False if variant == "plain" else variant)
    rng = random.Random(seed)
    names = ["Mette", "Henning", "Bent", "Lis", "Ole", "Kaj", "Inge", "Jens"][:players]
    table = Table(names, rules, seed=seed)
    for pot in range(pots):
        if pot:
            table.act(names[0], {"type": "new_game"})
        while table.phase == "playing":
            if not table.rolled:
                table.act(table.turn, {"type": "roll"})
            else:
                n = len(table.rolled)
                table.act(table.turn, {"type": "keep", "dice": rng.sample(range(n), rng.randint(1, n))})
    return table


def play_random_treere(variant: str, pots: int, players: int, seed: int) -> float:
    """Seconds for ``treere_evening`` (self-contained: sent into Pyodide)."""
    import time

    start = time.perf_counter()
    treere_evening(variant, pots, players, seed)
    return time.perf_counter() - start


def treere_view_ms(pots: int, players: int) -> dict[str, float]:
    """Milliseconds (median of 21) for one Treere ``view()`` after ``pots`` random pots, and the
    events the view copies.  Self-contained (its source is sent into Pyodide)."""
    import time

    table = treere_evening("plain", pots, players, 1)
    samples = []
    for _ in range(21):
        start = time.perf_counter()
        table.view(table.players[0])
        samples.append(time.perf_counter() - start)
    samples.sort()
    return {"ms": 1000 * samples[10], "events": len(table.events)}


def play(game: str, variant: str, games: int, players: int, seed: int) -> float:
    """One timed run of ``game`` (self-contained: sent into Pyodide with the two above)."""
    if game == "snyd":
        return play_random_games(variant, games, players, seed)
    return play_random_treere(variant, games, players, seed)


def cpython_rates(games: int, runs: int, players: int) -> dict[tuple[str, str], float]:
    rates = {}
    for game, variant in CASES:
        times = [play(game, variant, games, players, seed) for seed in range(runs)]
        rates[game, variant] = games / statistics.median(times)
    return rates


def pyodide_rates(games: int, runs: int, players: int, view_pots: int
                  ) -> tuple[dict[tuple[str, str], float], dict[str, float]]:
    from pyodide_timing import pyodide_page

    from devtools import browser as bt

    source = "\n\n".join(inspect.getsource(f) for f in (play_random_games, treere_evening,
                                                         play_random_treere, treere_view_ms, play))
    with pyodide_page() as page:
        bt.run_in_pyodide(page, source + "\nNone")
        rates = {}
        for game, variant in CASES:
            times = bt.run_in_pyodide(
                page,
                f"[play({game!r}, {variant!r}, {games}, {players}, seed) "
                f"for seed in range({runs})]",
            )
            rates[game, variant] = games / statistics.median(times)
        view = bt.run_in_pyodide(page, f"treere_view_ms({view_pots}, {players})")
        version = bt.run_in_pyodide(page, "import sys; sys.version.split()[0]")
    print(f"(Pyodide Python {version})")
    return rates, view


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games (pots) per run (default 300)")
    parser.add_argument("--runs", type=int, default=5, help="runs per setting (median; 5)")
    parser.add_argument("--players", type=int, default=4, help="players at the table (4)")
    parser.add_argument("--view-pots", type=int, default=50,
                        help="Treere pots before timing view() (default 50: a long evening)")
    parser.add_argument("--no-browser", action="store_true", help="CPython only")
    args = parser.parse_args()

    print(f"Random legal play, {args.players} players, {args.games} games (Treere: pots)/run, "
          f"median of {args.runs} runs; CPython {sys.version.split()[0]}")
    cpy = cpython_rates(args.games, args.runs, args.players)
    cpy_view = treere_view_ms(args.view_pots, args.players)
    pyo, pyo_view = (None, None) if args.no_browser else pyodide_rates(
        args.games, args.runs, args.players, args.view_pots)
    print(f"{'game':<7} {'rule set':<10} {'CPython /s':>11} {'Pyodide /s':>11} {'CPython/Pyodide':>16}")
    for case in CASES:
        row = f"{case[0]:<7} {case[1]:<10} {cpy[case]:>11.0f}"
        if pyo is None:
            print(f"{row} {'-':>11} {'-':>16}")
        else:
            print(f"{row} {pyo[case]:>11.0f} {cpy[case] / pyo[case]:>16.2f}")
    print(f"Treere view() after {args.view_pots} pots ({cpy_view['events']} events): "
          f"CPython {cpy_view['ms']:.2f} ms", end="")
    print("" if pyo_view is None else f", Pyodide {pyo_view['ms']:.2f} ms "
          f"({pyo_view['events']} events)")


if __name__ == "__main__":
    main()
