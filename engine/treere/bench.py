"""Bench for the Treere regulars: ``python -m engine.treere.bench [--games N] [--seed S]``.

The perfect regular (Lis) against Simpel, the baseline player (every zero face, else the lowest die) over
``--games`` pots on fresh tables, her seat rotating: her share of pots won with a 95% Wilson
interval, next to the exact chance from the DP (engine/treere/optimal.py, ``evaluate``): the
two must agree.  Then every regular heads-up against Simpel, and the cost of a
decision in CPython (import, the first decision from cold caches, the rest), as the process's
CPU time (the dev machine is shared: wall-clock times there say more about the neighbours).

``--table`` rewrites engine/treere/optimal_data.py (the known values of perfect rounds).
CPython only: relay/site.py leaves every bench.py out of the browser's archive.
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

from engine.stats import wilson
from engine.treere import Rules, Table, optimal
from engine.treere.bots import REGULARS, Player, regular, simpel
from engine.treere.optimal import Round


def play_pot(players: list[Player], rules: Rules, seed: int, times: list[float] | None = None,
             timed: str | None = None, max_actions: int = 10_000) -> str:
    """One pot on a fresh table, the players in seat order (the first begins); the winner.
    The keeps of player ``timed`` are timed into ``times``."""
    names = [p.name for p in players]
    by_name = {p.name: p for p in players}
    table = Table(names, rules, seed=seed, first=names[0])
    for _ in range(max_actions):
        if table.phase == "over":
            return str(table.winner)
        who = table.turn
        view = table.view(who)
        start = time.process_time()
        action = by_name[who].decide(view)
        if times is not None and who == timed and action["type"] == "keep":
            times.append(time.process_time() - start)
        table.act(who, action)
    raise RuntimeError("the pot was never won")


def match(hero: str, seats: int, games: int, seed: int, rules: Rules,
          times: list[float] | None = None) -> int:
    """Pots won by regular ``hero`` against seats - 1 Simpel players, its seat rotating."""
    won = 0
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        others = [simpel(f"Simpel{i}", seed=game_seed + i) for i in range(1, seats)]
        me = regular(hero, seed=game_seed)
        pos = g % seats
        players: list[Player] = others[:pos] + [me] + others[pos:]
        if play_pot(players, rules, game_seed, times, timed=me.name) == me.name:
            won += 1
    return won


def exact_share(seats: int, rules: Rules) -> float:
    """The perfect player's exact chance against Simpel players, averaged over her seats."""
    key = optimal.stage_key(rules, 1, playoff=False)
    total = 0.0
    for pos in range(seats):
        turns = ["simpel"] * seats
        turns[pos] = "optimal"
        total += optimal.evaluate(turns, rules.zero_face, key).value[pos]
    return total / seats


def cold() -> None:
    """Forget every solved round and plan: the next decision starts from nothing."""
    optimal._SOLVED.clear()
    optimal._table_round.cache_clear()
    optimal._evaluate.cache_clear()


# The seats before Lis in first_decisions: five dice kept at once, scoring 6 (typical) or 30
# (the worst case: Lis must look ahead through every score the seats after her could face).
BEFORE = {6: [1, 1, 1, 1, 2], 30: [6, 6, 6, 6, 6]}


def first_decisions(rules: Rules, sizes: range) -> list[tuple[int, int, int | None, float]]:
    """Seconds for Lis's first keep in a round of m players, from cold caches: at the first
    seat, and at the second facing a 6 and a 30."""
    out = []
    for m in sizes:
        for pos, facing in ((0, None), (1, 6), (1, 30)):
            cold()
            names = [f"P{i}" for i in range(m)]
            names[pos] = "Lis"
            table = Table(names, rules, seed=m, first=names[0],
                          dice=BEFORE[facing] * pos if facing else None)
            for _ in range(pos):
                who = table.turn
                table.act(who, {"type": "roll"})
                table.act(who, {"type": "keep", "dice": [0, 1, 2, 3, 4]})
            table.act("Lis", {"type": "roll"})
            start = time.process_time()
            regular("Lis", seed=1).decide(table.view("Lis"))
            out.append((m, pos + 1, facing, time.process_time() - start))
    return out


def import_seconds() -> float:
    """A fresh interpreter's import of engine.treere.bots, in seconds (median of three)."""
    code = ("import time; t = time.process_time(); import engine.treere.bots; "
            "print(time.process_time() - t)")
    root = Path(__file__).resolve().parents[2]
    runs = [float(subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                                 text=True, check=True).stdout) for _ in range(3)]
    return statistics.median(runs)


def table_entries(m: int, zero_face: int, progression: str) -> dict[tuple, Round]:
    """The solved rounds to keep for m players: the plain game, or every stage of a
    progression that is a round of its own (a "runder" stage equal to the next is left out:
    optimal.round_value looks further along its run)."""
    if not progression:
        return {(m, zero_face, "", 1): optimal.solve(m, zero_face)}
    first = optimal.stage_key(Rules(zero_face=zero_face, progressive=progression), 1, False)
    optimal.solve(m, zero_face, first)
    return {(mm, zf) + key: rnd for (mm, zf, key), rnd in optimal._SOLVED.items()
            if mm == m and zf == zero_face and key[0] == progression and rnd.key == key}


def write_table(sizes: range, zero_faces: tuple[int, ...] = (3,),
                progressions: tuple[str, ...] = ("", "spil", "runder")) -> Path:
    """Solve the rounds and write engine/treere/optimal_data.py."""
    known, first = {}, {}
    for zero_face in zero_faces:
        for progression in progressions:
            for m in sizes:
                start = time.perf_counter()
                entries = table_entries(m, zero_face, progression)
                for key, rnd in sorted(entries.items()):
                    known[key] = rnd.value
                    first[key] = optimal.first_values(rnd)
                print(f"  solved m={m}, zero {zero_face}, {progression or 'plain'}: "
                      f"{len(entries)} rounds in {time.perf_counter() - start:.1f} s", flush=True)
    path = Path(optimal.__file__).with_name("optimal_data.py")
    head, rest = path.read_text().split('TABLE = """')
    seats = 'SEATS = """' + rest.split('SEATS = """')[1]
    rows = []
    for key, values in known.items():
        m, zero_face, progression, stage = key
        f, bust = first[key]
        rows.append(f"{m} {zero_face} {progression or '-'} {stage}|{' '.join(map(repr, values))}|"
                    f"{' '.join(map(repr, f))}|{bust!r}")
    path.write_text(head + 'TABLE = """\n' + "\n".join(rows) + '\n"""\n' + seats)
    return path


def write_seats(sizes: range, zero_face: int = 3) -> Path:
    """Solve the plain rounds and rewrite optimal_data.py's SEATS: every seat but the first
    and the last, so a regular's first keep there needs no look ahead."""
    rows = []
    for m in sizes:
        rnd = optimal.solve(m, zero_face)
        for j in range(1, m - 1):
            zero, *parts = rnd.seat_table(j)
            rows.append(f"{m} {zero_face} - 1 {j}|{zero!r}|"
                        + "|".join(" ".join(map(repr, part)) for part in parts))
    path = Path(optimal.__file__).with_name("optimal_data.py")
    head = path.read_text().split('SEATS = """')[0]
    path.write_text(head + 'SEATS = """\n' + "\n".join(rows) + '\n"""\n')
    return path


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.treere.bench", description=__doc__)
    parser.add_argument("--games", type=int, default=10_000, help="pots, perfect vs Simpel")
    parser.add_argument("--char-games", type=int, default=2_000, help="pots per regular")
    parser.add_argument("--players", type=int, default=2, help="seats (one perfect, rest Simpel)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--zero-face", type=int, default=3)
    parser.add_argument("--progressive", default="", help="'', spil or runder")
    parser.add_argument("--no-timing", action="store_true")
    parser.add_argument("--table", action="store_true", help="rewrite optimal_data.py and stop")
    parser.add_argument("--seats", action="store_true", help="rewrite its SEATS only and stop")
    args = parser.parse_args(argv)
    if args.table or args.seats:
        if args.table:
            write_table(range(2, 9))
        print(f"wrote {write_seats(range(3, 9))}")
        return 0
    rules = Rules(zero_face=args.zero_face, progressive=args.progressive or False)
    m = args.players
    print(f"Treere, {m} pladser, regler {rules.to_dict()}, seed {args.seed}")

    start = time.perf_counter()
    exact = exact_share(m, rules)
    solve_s = time.perf_counter() - start
    times: list[float] = []
    start = time.perf_counter()
    won = match("Lis", m, args.games, args.seed, rules, times)
    played_s = time.perf_counter() - start
    lo, hi = wilson(won, args.games)
    agree = "ja" if lo <= exact <= hi else "NEJ"
    print(f"\nLis (perfekt) mod {m - 1} × Simpel, {args.games} potter (fair andel {percent(1 / m)}):")
    print(f"  simuleret {percent(won / args.games)} [{percent(lo)}, {percent(hi)}]"
          f"  eksakt (DP) {100 * exact:.2f}%  inden for intervallet: {agree}")
    print(f"  (DP {solve_s:.1f} s; {args.games} potter på {played_s:.1f} s)")

    print(f"\nStamgæsterne mod {m - 1} × Simpel, {args.char_games} potter hver:")
    for info in REGULARS:
        w = match(info["name"], m, args.char_games, args.seed + 1, rules)
        lo, hi = wilson(w, args.char_games)
        print(f"  {info['name']:8} {percent(w / args.char_games):>6} [{percent(lo)}, {percent(hi)}]")

    if not args.no_timing:
        print("\nTid (CPython, processens CPU-tid: maskinen deles med andre):")
        print(f"  import engine.treere.bots: {1000 * import_seconds():.0f} ms")
        for size, seat, facing, secs in first_decisions(rules, range(2, 9)):
            against = f", mod {facing}" if facing is not None else ""
            print(f"  første valg, {size} pladser, plads {seat}{against}, kolde caches: "
                  f"{1000 * secs:.0f} ms")
        times.sort()
        print(f"  Lis' valg af terninger under spillet: median {1000 * statistics.median(times):.2f} ms, "
              f"p95 {1000 * times[int(0.95 * (len(times) - 1))]:.2f} ms ({len(times)} valg)")
    return 0 if agree == "ja" else 1


if __name__ == "__main__":
    sys.exit(main())
