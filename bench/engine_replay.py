"""Replay and equality of the three engines (engine/log.py ``LoggedTable``), optionally against
an older checkout of the engine.

    python bench/engine_replay.py [--runs 5] [--compare OLD_ROOT]

Per game a seeded random evening on one table (Snyd 60 games at 4 seats, Bakke 200 games at 3,
Treere 300 pots at 3), then ``Table.replay`` of its log and ``==`` of the two tables. Prints
the median CPU time (``time.process_time``: the machine is shared, wall time is noise) of
``--runs`` runs, each run its own process, old and new taking turns. ``OLD_ROOT``: a folder
holding an older ``engine/`` (``git archive <commit> engine | tar -x -C OLD_ROOT``). No
asserts: figures only.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Run in a process of its own with the engine of sys.argv[1]; prints one JSON line.
RUN = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from engine import bakke, snyd, treere


def snyd_evening():
    rng = random.Random(1)
    t = snyd.Table(["A", "B", "C", "D"], snyd.Rules(), seed=1)
    for _ in range(60):
        t.deal()
        while t.phase != "game_over":
            if t.phase == "reveal":
                t.deal()
            bids = snyd.raises(t.current_bid, t.rules, t.cap)
            if t.current_bid is not None and (not bids or rng.random() < 0.35):
                t.act(t.turn, {"type": "call"})
            else:
                b = rng.choice(bids[:8])
                t.act(t.turn, {"type": "bid", "quantity": b.quantity, "face": b.face})
    return t


def bakke_evening():
    rng = random.Random(1)
    t = bakke.Table(["A", "B", "C"], bakke.Rules(), seed=1)
    for _ in range(200):
        while t.phase != "over":
            kinds = [k for k in t.legal(t.turn) if k not in ("fejl", "undo_fejl", "new_game")]
            t.act(t.turn, {"type": rng.choice(kinds)})
        t.act("A", {"type": "new_game"})
    return t


def treere_evening():
    rng = random.Random(1)
    t = treere.Table(["A", "B", "C"], treere.Rules(), seed=1)
    for _ in range(300):
        while t.phase != "over":
            if not t.rolled:
                t.act(t.turn, {"type": "roll"})
            else:
                n = len(t.rolled)
                t.act(t.turn, {"type": "keep", "dice": rng.sample(range(n), rng.randint(1, n))})
        t.act("A", {"type": "new_game"})
    return t


out = {}
for name, evening, package in [("snyd", snyd_evening, snyd), ("bakke", bakke_evening, bakke),
                               ("treere", treere_evening, treere)]:
    t0 = time.process_time()
    table = evening()
    t1 = time.process_time()
    again = package.Table.replay(list(table.players), table.rules, table.log)
    t2 = time.process_time()
    for _ in range(20):
        assert again == table
    t3 = time.process_time()
    out[name] = {"entries": len(table.log), "play": t1 - t0, "replay": t2 - t1,
                 "eq": (t3 - t2) / 20}
print(json.dumps(out))
"""


def run(root: Path) -> dict:
    done = subprocess.run([sys.executable, "-c", RUN, str(root)], capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per engine (median; 5)")
    parser.add_argument("--compare", type=Path, help="a folder holding an older engine/")
    args = parser.parse_args()
    roots = {"now": ROOT} | ({"old": args.compare} if args.compare else {})
    runs: dict[str, list[dict]] = {label: [] for label in roots}
    for _ in range(args.runs):
        for label, root in roots.items():  # in turns: both see the same load
            runs[label].append(run(root))
    print(f"CPU ms, median of {args.runs} runs (play: the evening; replay: Table.replay of its "
          "log; ==: one comparison)")
    print(f"{'engine':8}{'game':8}{'entries':>9}{'play':>9}{'replay':>9}{'==':>9}")
    for label, results in runs.items():
        for game in results[0]:
            med = {k: statistics.median(r[game][k] for r in results) * 1000
                   for k in ("play", "replay", "eq")}
            print(f"{label:8}{game:8}{results[0][game]['entries']:>9}{med['play']:>9.1f}"
                  f"{med['replay']:>9.1f}{med['eq']:>9.2f}")


if __name__ == "__main__":
    main()
