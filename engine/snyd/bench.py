"""Bench for the regulars and the practice odds: `python -m engine.snyd.bench [--games N]`.

Per rule set (S44) and per regular: the share of games lost at a 4-seat table against three Simpel
(fair share 25%) and heads-up against one Simpel (fair share 50%), with a 95% Wilson interval;
decision time per regular (median, p95) in CPython; the Øvebord odds for a 6-player, 6-dice
table recomputed on every bid. Every game is a fresh table with its own seed; the regular's seat
rotates and the opener is drawn by the table, so no seat is favoured.

The same timings inside Pyodide in Chromium are `python bench/snyd_regulars.py`: `engine/` stays
pure (it imports nothing of `devtools/` or the browser), so the browser run lives in `bench/`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from engine.snyd.bots import REGULARS, SIMPEL, Player, regular, simpel
from engine.snyd.rules import PRESET_NAMES, Rules
from engine.snyd.table import Table
from engine.stats import wilson


def play_game(players: list[Player], rules: Rules, seed: int,
              timer: Callable[[str, float], None] | None = None, max_actions: int = 5000) -> str:
    """Play one game on a fresh table; return the loser's name."""
    names = [p.name for p in players]
    by_name = {p.name: p for p in players}
    table = Table(names, rules, seed=seed)
    table.deal()
    for _ in range(max_actions):
        if table.phase == "game_over":
            for event in reversed(table.events):
                if event["type"] == "game_lost":
                    return event["player"]
            raise RuntimeError("game over without a loser")
        if table.phase == "reveal":
            table.deal()
            continue
        who = table.turn
        view = table.view(who)
        start = time.perf_counter()
        action = by_name[who].decide(view)
        if timer is not None:
            timer(who, time.perf_counter() - start)
        table.act(who, action)
    raise RuntimeError("game did not end")



def match(name: str, rules: Rules, seats: int, games: int, seed: int,
          times: list[float] | None = None) -> int:
    """Games lost by regular `name` against seats-1 Simpel players."""
    lost = 0
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        hero = regular(name, seed=game_seed)
        others = [simpel(f"Simpel{i}", seed=game_seed + i) for i in range(1, seats)]
        seat = g % seats
        players: list[Player] = others[:seat] + [hero] + others[seat:]
        timer = None
        if times is not None:
            timer = lambda who, dt: times.append(dt) if who == name else None
        if play_game(players, rules, game_seed, timer) == name:
            lost += 1
    return lost


def practice_cost(rounds: int = 20) -> dict[str, float]:
    """Milliseconds for all Øvebord odds at a 6-player, 6-dice table, per bid, caches cleared."""
    from engine.snyd import practice
    samples = []
    names = [f"P{i}" for i in range(6)]
    for r in range(rounds):
        table = Table(names, Rules.preset("slags" if r % 2 else "standard"), seed=r)
        table.deal()
        for _ in range(6):
            if table.phase != "bidding":
                break
            view = table.view(table.turn)
            clear_caches()
            start = time.perf_counter()
            advice = practice.advice(view)
            samples.append((time.perf_counter() - start) * 1000)
            move = advice["suggestion"] if advice else {"type": "call"}
            if move["type"] == "call" and view["current_bid"] is None:
                move = {"type": "bid", **advice["raises"][0]["bid"]}
            table.act(table.turn, move)
    samples.sort()
    return {"median_ms": statistics.median(samples), "p95_ms": samples[int(0.95 * (len(samples) - 1))],
            "n": len(samples)}


def clear_caches() -> None:
    """Forget every cached odds table and hand reading: the next decisions start cold."""
    from engine.snyd import bots, odds
    for cache in (odds._hand_dist, odds._posterior_dist, odds._others_tail, odds._kind_chance,
                  bots.hand_posterior):
        cache.cache_clear()


def _collector(out: list[float], only: str | None) -> Callable[[str, float], None]:
    def timer(who: str, dt: float) -> None:
        if only is None or who == only:
            out.append(dt)
    return timer


def decision_times(games: int = 20) -> dict[str, dict[str, float]]:
    """Per regular (and Simpel): seconds per decide() at 4-seat tables vs Simpel, from cold caches."""
    out = {}
    for info in REGULARS + [SIMPEL]:
        clear_caches()
        samples: list[float] = []
        for preset in PRESET_NAMES:
            rules = Rules.preset(preset)
            for g in range(games // len(PRESET_NAMES) + 1):
                others: list[Player] = [simpel(f"Simpel{i}", seed=g + i) for i in range(1, 4)]
                if info["name"] == SIMPEL["name"]:
                    players = [simpel(SIMPEL["name"], seed=g)] + others
                else:
                    players = [regular(info["name"], seed=g)] + others
                play_game(players, rules, 7000 + g, _collector(samples, info["name"]))
        samples.sort()
        out[info["name"]] = {"median_ms": 1000 * statistics.median(samples),
                             "p95_ms": 1000 * samples[int(0.95 * (len(samples) - 1))],
                             "n": len(samples)}
    return out


def timing_suite(games: int = 40) -> dict[str, Any]:
    """The same timing workload wherever it runs (CPython here, Pyodide in the browser)."""
    clear_caches()
    start = time.perf_counter()
    match("Lis", Rules(), 4, games, 99)
    games_per_s = games / (time.perf_counter() - start)
    return {"decisions": decision_times(), "practice": practice_cost(), "games_per_s": games_per_s}


def print_timings(cpython: dict[str, Any], pyodide: dict[str, Any] | None = None) -> None:
    """The timing tables; ``pyodide`` (bench/snyd_regulars.py) adds its columns beside CPython's."""
    print("\n# Decision time per decide() call from cold caches, 4 seats vs Simpel, all rule sets")
    print("# (Pyodide's clock is coarsened to 0.1 ms in the browser)")
    print(f"{'player':<8} {'CPython median':>15} {'p95':>9} {'Pyodide median':>15} {'p95':>9}")
    for name, t in cpython["decisions"].items():
        row = f"{name:<8} {t['median_ms']:12.2f} ms {t['p95_ms']:6.2f} ms"
        if pyodide:
            u = pyodide["decisions"][name]
            row += f" {u['median_ms']:12.2f} ms {u['p95_ms']:6.2f} ms"
        print(row + f"   (n={t['n']})")
    c = cpython["practice"]
    print(f"\n# Øvebord: all odds for a 6-player, 6-dice table on every bid, cold caches (n={c['n']})")
    print(f"CPython: median {c['median_ms']:.1f} ms, p95 {c['p95_ms']:.1f} ms")
    if pyodide:
        u = pyodide["practice"]
        print(f"Pyodide: median {u['median_ms']:.1f} ms, p95 {u['p95_ms']:.1f} ms "
              f"(ratio of medians {u['median_ms'] / c['median_ms']:.1f}x)")
    print(f"\n# Lis + 3 Simpel, Standard: {cpython['games_per_s']:.1f} games/s CPython", end="")
    if pyodide:
        print(f", {pyodide['games_per_s']:.1f} games/s Pyodide "
              f"(ratio {cpython['games_per_s'] / pyodide['games_per_s']:.1f}x)")
    else:
        print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per setting (default 2000)")
    parser.add_argument("--presets", default=",".join(PRESET_NAMES))
    parser.add_argument("--regulars", default=",".join(r["name"] for r in REGULARS))
    parser.add_argument("--seats", default="4,2", help="table sizes to play (4 and heads-up 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-timing", action="store_true", help="skip the timing sections")
    args = parser.parse_args(argv)
    names = [n for n in args.regulars.split(",") if n]
    seats_list = [int(s) for s in args.seats.split(",") if s]

    print(f"# Regulars vs Simpel — {args.games} games per setting; lost share, 95% CI")
    print(f"{'rule set':<10} {'seats':>5} {'regular':<8} {'lost':>7}  {'95% CI':<17} fair")
    for preset in args.presets.split(","):
        rules = Rules.preset(preset)
        for seats in seats_list:
            for i, name in enumerate(names):
                start = time.perf_counter()
                lost = match(name, rules, seats, args.games, args.seed * 100 + i * 10 + seats)
                lo, hi = wilson(lost, args.games)
                share = lost / args.games
                print(f"{preset:<10} {seats:>5} {name:<8} {share:7.1%}  [{lo:5.1%}, {hi:5.1%}]"
                      f"   {1 / seats:.0%}   ({time.perf_counter() - start:.0f} s)", flush=True)
    if args.no_timing:
        return 0
    print_timings(timing_suite())  # the Pyodide columns: python bench/snyd_regulars.py
    return 0


if __name__ == "__main__":
    sys.exit(main())
