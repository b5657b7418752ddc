"""`python -m relay [--host H] [--port P]` serves the app; `python -m relay build [--out DIR]`
writes the static site."""

from __future__ import annotations

import argparse
from pathlib import Path

from relay.site import ROOT


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m relay", description=__doc__)
    parser.add_argument("command", nargs="?", choices=["serve", "build"], default="serve")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="build: output folder")
    args = parser.parse_args(argv)

    if args.command == "build":
        from relay.build import build

        urls = build(args.out)
        print(f"wrote {len(urls)} files to {args.out}")
        return

    from aiohttp import web

    from relay.server import create_app

    print(f"Bodegabordet: http://{args.host}:{args.port}/")
    web.run_app(create_app(), host=args.host, port=args.port, print=None)


if __name__ == "__main__":
    main()
