"""Bench for the Bakke regulars: ``python -m engine.bakke.bench [--games N] [--seed S]``.

CPython only (left out of the browser archive like every ``bench.py``, relay/site.py).

1. Lis (the exact optimum) heads-up against Simpel (the baseline player) over ``--games`` games on the real
   ``Table``, who begins alternating: her share of games not lost with a 95% Wilson interval,
   next to the exact chance from the DP (``optimal.Game`` evaluating both policies).
2. Every regular heads-up against Simpel (the baseline player): simulated (``--character-games``) and exact;
   Lis at 3 and 4 seats against Simpel players (simulated: the approximation at work).
3. More than two players: the exact 3-player game (``--three-dice`` dice each, every seat
   optimising its own chance) against the heads-up approximations (``optimal.AGGREGATES``):
   agreement with the exact choices and the chance lost when one seat plays the approximation
   and the others the exact policy.
4. Timings: importing ``engine.bakke.bots`` (fresh interpreter) and the first ``decide()``.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable, Mapping

from engine.bakke import optimal
from engine.bakke.bots import POLICIES, REGULARS, Player, regular, simpel
from engine.bakke.optimal import Game, Spot
from engine.bakke.rules import Rules
from engine.bakke.table import Table
from engine.stats import wilson


def play_game(players: list[Player], seed: int, first: str, dice: int = 6,
              max_actions: int = 100_000) -> str:
    """One game on a fresh table; the loser's name."""
    by_name = {p.name: p for p in players}
    table = Table([p.name for p in players], Rules(dice_per_player=dice), seed=seed, first=first)
    for _ in range(max_actions):
        if table.phase == "over":
            assert table.loser is not None
            return table.loser
        who = table.turn
        assert who is not None
        table.act(who, by_name[who].decide(table.view(who)))
    raise RuntimeError("game did not end")



def heads_up_match(name: str, games: int, seed: int, dice: int = 6) -> int:
    """Games regular ``name`` did not lose against Simpel (the baseline player); the first thrower
    alternates, every game has its own seed."""
    kept = 0
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        hero, other = regular(name, seed=game_seed), simpel(seed=game_seed + 1)
        first = hero.name if g % 2 == 0 else other.name
        if play_game([hero, other], game_seed, first, dice) != hero.name:
            kept += 1
    return kept


def table_match(name: str, seats: int, games: int, seed: int, dice: int = 6) -> int:
    """Games regular ``name`` did not lose at a table with ``seats - 1`` Simpel players; its seat
    and who begins rotate."""
    kept = 0
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        others = [simpel(f"Simpel{i}", seed=game_seed + i) for i in range(1, seats)]
        players = others[: g % seats] + [regular(name, seed=game_seed)] + others[g % seats:]
        first = players[(g // seats) % seats].name
        if play_game(players, game_seed, first, dice) != name:
            kept += 1
    return kept


def exact_heads_up(style: str, dice: int = 6) -> float:
    """The exact chance that a regular of ``style`` does not lose to Simpel, the baseline player, who
    begins alternating (the mean of the two games)."""
    game = Game(2, dice, [POLICIES[style], POLICIES["simpel"]])
    return (game.game_value(0)[0] + game.game_value(1)[0]) / 2


def exact_policy(game: Game) -> dict[Spot, str]:
    """The solved game's choices (each seat optimising its own chance), by position."""
    choices: dict[Spot, str] = {}
    for key in game.decision_keys():
        mover = key[1]
        values = {o: v[mover] for o, v in game.choice_values(key).items()}
        choices.setdefault(game.spot(key), optimal.best_of(values))
    return choices


def compare_approximations(seats: int = 3, dice: int = 2) -> list[tuple[str, float, float, float]]:
    """Per policy (the exact one, each heads-up aggregate, Simpel): agreement with the exact
    choices over every decision position, seat 0's chance of not losing when it plays that
    policy and the others play the exact one (mean over who begins), and the chance lost."""
    exact_game = Game(seats, dice)
    exact = exact_policy(exact_game)

    def follow(spot: Spot) -> Mapping[str, float]:
        return {exact[spot]: 1.0}

    candidates: list[tuple[str, Callable[[Spot], Mapping[str, float]]]] = [("exact", follow)]
    candidates += [(name, optimal.aggregate_policy(name)) for name in optimal.AGGREGATES]
    candidates.append(("simpel", optimal.simpel_policy))
    fair = (seats - 1) / seats
    rows = []
    for name, policy in candidates:
        agree = sum(max(policy(s), key=policy(s).get) == c for s, c in exact.items()) / len(exact)
        game = Game(seats, dice, [policy] + [follow] * (seats - 1))
        value = sum(game.game_value(first)[0] for first in range(seats)) / seats
        rows.append((name, agree, value, fair - value))
    return rows


def timings() -> tuple[float, float]:
    """Seconds to import engine.bakke.bots in a fresh interpreter, and for its first decide()
    with a real choice (an empty tray: all or one; a look-up in the stored choices)."""
    code = ("import time; t = time.perf_counter(); import engine.bakke.bots as b; "
            "i = time.perf_counter() - t; from engine.bakke import Table; "
            "v = Table(['Lis', 'Bo'], first='Bo', dice=[2, 2, 3, 3, 4, 4]); "
            "v.act('Bo', {'type': 'throw_all'}); "
            "t = time.perf_counter(); b.regular('Lis', 1).decide(v.view('Lis')); "
            "print(i, time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    first_import, first_decide = (float(x) for x in out.stdout.split())
    return first_import, first_decide


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="Lis vs Simpel games")
    parser.add_argument("--character-games", type=int, default=2_000,
                        help="games per regular vs Simpel")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dice", type=int, default=6, help="dice per player (heads-up part)")
    parser.add_argument("--three-dice", type=int, default=2,
                        help="dice per player in the exact 3-player game (0: skip)")
    parser.add_argument("--no-timing", action="store_true")
    args = parser.parse_args(argv)
    began = time.perf_counter()

    dice = args.dice
    print(f"Bakke heads-up, {dice} dice each, vs Simpel, the baseline (who begins alternates; "
          f"seed {args.seed})")
    exact = exact_heads_up("sharp", dice)
    kept = heads_up_match("Lis", args.games, args.seed, dice)
    lo, hi = wilson(kept, args.games)
    verdict = "inside" if lo <= exact <= hi else "OUTSIDE"
    print(f"Lis (optimal): not lost {kept}/{args.games} = {kept / args.games:.1%} "
          f"[{lo:.1%}, {hi:.1%}]; exact {exact:.2%} ({verdict} the interval)")
    print(f"  exact, both perfect: the first thrower keeps {optimal.first_throw_value(dice):.2%}")

    print(f"\n{'regular':8} {'style':9} {'games':>6} {'not lost':>9} {'95% interval':>16} {'exact':>7}")
    for info in REGULARS:
        n = args.character_games
        won = heads_up_match(info["name"], n, args.seed + 7, dice)
        lo, hi = wilson(won, n)
        print(f"{info['name']:8} {info['style']:9} {n:6d} {won / n:9.1%} "
              f"{f'[{lo:.1%}, {hi:.1%}]':>16} {exact_heads_up(info['style'], dice):7.2%}")

    for seats in (3, 4):
        n = args.character_games
        won = table_match("Lis", seats, n, args.seed + seats, dice)
        lo, hi = wilson(won, n)
        print(f"Lis at {seats} seats vs {seats - 1} Simpel: not lost {won / n:.1%} [{lo:.1%}, {hi:.1%}] "
              f"(fair share {(seats - 1) / seats:.1%}; aggregate {optimal.AGGREGATE!r})")

    if args.three_dice:
        print(f"\nThree players, {args.three_dice} dice each: one seat plays the policy, the "
              "others the exact one (fair share 66.67%)")
        print(f"{'policy':8} {'agreement':>9} {'not lost':>9} {'lost vs exact':>14}")
        for name, agree, value, lost in compare_approximations(3, args.three_dice):
            print(f"{name:8} {agree:9.1%} {value:9.2%} {lost:14.2%}")
        print(f"(the regulars use the aggregate {optimal.AGGREGATE!r})")

    if not args.no_timing:
        imp, first = timings()
        print(f"\nimport engine.bakke.bots: {imp * 1000:.0f} ms; first decide() "
              f"(stored choices): {first * 1000:.1f} ms (CPython; Pyodide: bench/bakke_regulars.py)")
    print(f"\nbench time {time.perf_counter() - began:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
