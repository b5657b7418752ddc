"""`python -m engine.snyd.endgame`: build the endgame tables, print the published values, and
measure the table and every regular against best responses (issue 22; docs/regulars.md).

The command is run as the solver module's `__main__`; its code lives here because it measures
the regulars (engine/snyd/endgame_regulars.py), and the regulars play by the solver: the
command stands above both, so none of the three imports another in a loop.
"""
from __future__ import annotations

import argparse
from collections.abc import Sequence

from engine.snyd.endgame import PUBLISHED_MODES, build, digest, published_game


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engine.snyd.endgame", description=__doc__
                                     .split("\n")[0])
    parser.add_argument("--build", action="store_true", help="write engine/snyd/endgame_data.py")
    parser.add_argument("--exploitability", action="store_true",
                        help="best responses against the tables and the regulars")
    parser.add_argument("--published", action="store_true",
                        help="thomasahle/snyd's 1v1 values under its rules")
    parser.add_argument("--only", help="with --exploitability: one endgame (e.g. 2v1); with "
                        "--build: the tables to rebuild, comma-separated (the rest kept)")
    parser.add_argument("--samples", type=int, default=None,
                        help="with --exploitability: seeds per mixed regular's move (40)")
    parser.add_argument("--players", nargs="+", default=None,
                        help="with --exploitability: only these regulars")
    args = parser.parse_args(argv)
    if args.build:
        from pathlib import Path
        text = build(only=set(args.only.split(",")) if args.only else None)
        Path(__file__).with_name("endgame_data.py").write_text(text)
        print(f"wrote endgame_data.py ({len(text.encode())} bytes, sha256 {digest(text)[:16]})")
    if args.published:
        for mode in PUBLISHED_MODES[:2]:
            game = published_game(1, 1, mode)
            lo, up = game.solve()
            print(f"1v1 {mode}: value in [{lo:.9f}, {up:.9f}]")
    if args.exploitability:
        from engine.snyd.endgame_regulars import NAMES, SAMPLES, report
        report(lambda text: print(text, flush=True), only=args.only,
               samples=args.samples or SAMPLES, names=tuple(args.players or NAMES))
    if not (args.build or args.exploitability or args.published):
        parser.print_help()




if __name__ == "__main__":
    main()
