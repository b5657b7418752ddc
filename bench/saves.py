"""Save-reading benchmark: what a long evening's save weighs, and what the bounds cost.

    python bench/saves.py [--games 20] [--runs 5]

1. Plays a real evening in CPython (8 seats, 6 dice: one person, the five regulars, two more
   people played by a regular), `--games` lost games long, and prints the save's size per game
   (the save is the table's log, so it grows linearly).
2. Scales that save to ~0.6 MB (a 200-game evening), 2 MB and 4 MB (save_guard.MAX_TABLE_CHARS)
   by repeating its log (still JSON of the same shape), plus the issue's hostile save
   ('[' * 20000 + ']' * 20000) and 4 MB of brackets.
3. Times, in CPython and in Pyodide in Chromium, `nesting_depth` (the check before parsing)
   against `json.loads` of the same text: medians of `--runs`, and their ratio in the same run.
   Also `Session.from_json` (bounded parse + replay) of the real save.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from app.saves.save_guard import nesting_depth
from app.snyd.table_session import Session
from app.snyd.table_setup import Seat

from devtools import browser as bt
from engine.snyd import IllegalAction, Rules
from engine.snyd.bots import REGULARS, regular


def long_evening(games: int) -> str:
    """A real save after `games` lost games at a full table."""
    seats = ([Seat("Du", "human")] + [Seat(r["name"], "regular") for r in REGULARS]
             + [Seat("Mette", "human"), Seat("Jonas", "human")])[:8]
    s = Session(seats, Rules(), seed=7)
    people = {n: regular("Lis", seed=i) for i, n in enumerate(s.humans)}
    lost = 0
    while lost < games:
        kind = s.next_step()["kind"]
        if kind == "handoff":
            s.accept_handoff()
        elif kind == "human":
            try:
                s.act(people[s.holder].decide(s.view()))
            except IllegalAction:
                s.table.act(s.holder, {"type": "timeout"})
                s._update_handoff()
        elif kind == "regular":
            s.play_regular()
        else:
            lost += kind == "game_over"
            s.next_round()
    return s.to_json()


def scaled(save: str, chars: int) -> str:
    data = json.loads(save)
    log = data["log"]
    data["log"] = log * max(1, round(chars / len(save)))
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


TIMER = """
import json, statistics, time
from app.saves.save_guard import nesting_depth
def median_ms(fn, text, runs):
    out = []
    for _ in range(runs):
        t = time.perf_counter(); fn(text); out.append((time.perf_counter() - t) * 1000)
    return statistics.median(out)
"""


def cases(save: str) -> dict[str, str]:
    return {"real save": save, "0.6 MB (200 games)": scaled(save, 600_000),
            "2 MB": scaled(save, 2_000_000), "4 MB": scaled(save, 4_000_000)}


def hostile() -> dict[str, str]:
    return {"issue's '['*20000": "[" * 20000 + "]" * 20000, "4 MB of brackets": "[" * 2_000_000 + "]" * 2_000_000}


def median_ms(fn, text: str, runs: int) -> float:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn(text)
        out.append((time.perf_counter() - t) * 1000)
    return statistics.median(out)


def time_here(save: str, runs: int) -> dict[str, tuple[float, float | None]]:
    out = {}
    for name, text in cases(save).items():
        out[name] = (median_ms(nesting_depth, text, runs), median_ms(json.loads, text, runs))
    for name, text in hostile().items():
        out[name] = (median_ms(nesting_depth, text, runs), None)
    return out


def time_in_pyodide(save: str, runs: int) -> tuple[dict, float]:
    from pyodide_timing import pyodide_page

    with pyodide_page() as page:
        bt.write_files(page, {"bench_save.json": save})
        bt.run_in_pyodide(page, TIMER + "\nsave = open('bench_save.json').read()\nNone")
        out = bt.run_in_pyodide(page, f"""
def scaled(save, chars):
    data = json.loads(save); log = data["log"]
    data["log"] = log * max(1, round(chars / len(save)))
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
texts = {{"real save": save, "0.6 MB (200 games)": scaled(save, 600_000), "2 MB": scaled(save, 2_000_000),
         "4 MB": scaled(save, 4_000_000)}}
hostile = {{"issue's '['*20000": "[" * 20000 + "]" * 20000, "4 MB of brackets": "[" * 2_000_000 + "]" * 2_000_000}}
out = {{n: [median_ms(nesting_depth, t, {runs}), median_ms(json.loads, t, {runs})] for n, t in texts.items()}}
out.update({{n: [median_ms(nesting_depth, t, {runs}), None] for n, t in hostile.items()}})
out""")
        restore = bt.run_in_pyodide(page, f"""
from app.snyd.table_session import Session
median_ms(Session.from_json, save, {runs})""")
    return out, restore


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()

    save = long_evening(args.games)
    events = len(json.loads(save)["log"])
    print(f"real evening: {args.games} lost games, {events} log entries, {len(save):,} characters "
          f"({len(save) / args.games / 1000:.1f} kB per game; 200 games ≈ {len(save) / args.games * 200 / 1e6:.2f} MB)")
    here = time_here(save, args.runs)
    t = time.perf_counter()
    Session.from_json(save)
    restore_here = (time.perf_counter() - t) * 1000
    pyo, restore_pyo = time_in_pyodide(save, args.runs)

    print(f"\nmedians of {args.runs} runs, ms: nesting_depth (check before parsing) vs json.loads")
    print(f"{'text':<22} {'CPython depth':>14} {'loads':>8} {'ratio':>6} {'Pyodide depth':>14} {'loads':>8} {'ratio':>6}")
    for name, (depth, parse) in here.items():
        p_depth, p_parse = pyo[name]
        ratio = f"{depth / parse:.2f}" if parse else "-"
        p_ratio = f"{p_depth / p_parse:.2f}" if p_parse else "-"
        print(f"{name:<22} {depth:>14.1f} {parse or 0:>8.1f} {ratio:>6} {p_depth:>14.1f} {p_parse or 0:>8.1f} {p_ratio:>6}")
    print(f"\nSession.from_json of the real save (bounded parse + replay): "
          f"CPython {restore_here:.0f} ms, Pyodide {restore_pyo:.0f} ms")


if __name__ == "__main__":
    main()
