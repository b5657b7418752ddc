"""The pace of the Bakke table against the regulars: how long a regular's turn takes on screen.

    python bench/bakke_pace.py [--games 300] [--tempo normal]

Plays evenings on the real engine (you and Henning and Ronni; your seat played by Lis so the
games are real), and for every regular's turn adds up the waits the table screen schedules before
each of its moves (``app.bakke.pace.TurnPace``, the very code ``bakke/table_screen.py`` runs,
with the session's pause of 0.6–1.2 s times the tempo), plus the whole tumble of its last
throw.
"Between your turns" is the sum of the regulars' turns from the end of yours to your next one.
Before: every move waited its own pause and the whole tumble (issue 17). Pure Python, no
browser: the times are the schedule's, not a clock's; no asserts, figures only.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT, ROOT / "web"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from app.bakke.pace import ROLL_MS, TurnPace
from app.home.player_settings import TEMPOS
from app.table.session import PAUSE_MIN_MS, PAUSE_SPREAD_MS

from engine.bakke import bots
from engine.bakke.table import Table

YOU, REGULARS = "Lis", ("Henning", "Ronni")  # your seat played by Lis (the sharp one)


def turns(games: int, seed: int) -> list[tuple[str, int]]:
    """(who, moves) of every turn of ``games`` games, in order."""
    players = {YOU: bots.regular(YOU, seed), **{n: bots.regular(n, seed + i) for i, n in enumerate(REGULARS)}}
    table = Table([YOU, *REGULARS], seed=seed, faultless=list(players))
    out: list[tuple[str, int]] = []
    for g in range(games):
        if g:
            table.act(YOU, {"type": "new_game"})
        while table.phase == "playing":
            who = table.turn
            if not out or out[-1][0] != who or out[-1][1] < 0:
                out.append((who, 0))
            out[-1] = (who, out[-1][1] + 1)
            table.act(who, players[who].decide(table.view(who)))
        out.append(("", -1))  # a game over ends every turn (and the wait for yours)
    return [t for t in out if t[1] != 0]


def turn_ms(moves: int, tempo: float, reduced: bool, rng: random.Random, before: bool) -> int:
    """A regular's turn of ``moves`` moves on screen: the waits before each, the last tumble."""
    pace, total = TurnPace(), 0
    for k in range(moves):
        think = int((PAUSE_MIN_MS + rng.random() * PAUSE_SPREAD_MS) * tempo)
        wait = think + (0 if reduced else ROLL_MS) if before else \
            pace.wait_ms("R", think, tempo, reduced, key=k)
        total += wait
    return total + (0 if reduced else ROLL_MS)  # the last throw lands in full


def figures(rows: list[tuple[str, int]], tempo_name: str, reduced: bool, seed: int) -> None:
    tempo = TEMPOS[tempo_name]
    for label, before in (("before", True), ("after", False)):
        rng = random.Random(seed)
        regular, between, gap = [], [], 0
        for who, moves in rows:
            if moves < 0:  # the game is over: a wait that ran into it is not between turns
                gap = 0
                continue
            if who == YOU:
                if gap:
                    between.append(gap)
                gap = 0
                continue
            ms = turn_ms(moves, tempo, reduced, rng, before)
            regular.append(ms)
            gap += ms
        regular.sort()
        between.sort()
        q = statistics.quantiles
        print(f"{label:7} {tempo_name:7} reduced={reduced!s:5} regular's turn: median {statistics.median(regular) / 1e3:4.1f} s, "
              f"p95 {q(regular, n=20)[-1] / 1e3:4.1f} s, max {regular[-1] / 1e3:4.1f} s | between your turns: "
              f"median {statistics.median(between) / 1e3:4.1f} s, p95 {q(between, n=20)[-1] / 1e3:4.1f} s, "
              f"max {between[-1] / 1e3:4.1f} s")
    moves = sorted(m for w, m in rows if w not in (YOU, ""))
    print(f"        {len(moves)} regulars' turns; moves per turn: median {statistics.median(moves)}, "
          f"max {moves[-1]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args(argv)
    rows = turns(args.games, args.seed)
    for tempo in ("normal", "rolig", "hurtig"):
        figures(rows, tempo, False, args.seed)
    figures(rows, "normal", True, args.seed)
    print("a long turn (a big hand after faults, a run of ones), normal tempo, mean of 200:")
    for moves in (6, 10, 20, 40):
        before, after = ([turn_ms(moves, 1.0, False, random.Random(i), b) for i in range(200)]
                         for b in (True, False))
        print(f"        {moves:2d} moves: before {statistics.mean(before) / 1e3:5.1f} s, "
              f"after {statistics.mean(after) / 1e3:4.1f} s (max {max(after) / 1e3:4.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
