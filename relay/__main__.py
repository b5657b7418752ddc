"""`python -m relay [--host H] [--port P] [--dev]` serves the app; `python -m relay build
[--out DIR]` writes the static site (with `_headers`, see docs/deploy.md).

The site is computed once at start; `--dev` (used by `make run`) rebuilds it when a file under
the tree changes, so an edit shows up on the next request."""

from __future__ import annotations

import argparse
from pathlib import Path

from relay.site import ROOT


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m relay", description=__doc__)
    parser.add_argument("command", nargs="?", choices=["serve", "build"], default="serve")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dev", action="store_true",
                        help="serve: rebuild the site when a source file changes")
    parser.add_argument("--downloads-per-client", type=int, default=None, metavar="N",
                        help="serve: large downloads at once per client address (default 16; "
                             "behind a proxy every client has the proxy's address)")
    parser.add_argument("--trust-proxy", action="append", default=[], metavar="ADDR",
                        help="serve: a reverse proxy's address (repeatable, e.g. 127.0.0.1 for "
                             "Caddy on this machine): its X-Forwarded-For names the client for "
                             "the per-address limits (relay/proxy.py)")
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="serve: share peer rooms with other relay processes through Redis "
                             "pub/sub, e.g. redis://127.0.0.1:6379/0 (docs/relay.md)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="build: output folder")
    args = parser.parse_args(argv)

    if args.command == "build":
        from relay.build import build

        urls = build(args.out)
        print(f"wrote {len(urls)} files to {args.out}")
        return

    import logging
    import sys

    from aiohttp import web

    # The rooms' structured lines (one JSON object per connect/ready/close/limit) to stderr.
    rooms_log = logging.getLogger("relay.rooms")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s"))
    rooms_log.addHandler(handler)
    rooms_log.setLevel(logging.INFO)
    rooms_log.propagate = False

    from relay.proxy import parse_trusted
    from relay.server import Limits, create_app

    try:
        trusted = parse_trusted(args.trust_proxy)
    except ValueError as error:
        parser.error(str(error))

    limits = Limits()
    if args.downloads_per_client is not None:
        limits = Limits(per_client=max(1, args.downloads_per_client))
    app = create_app(dev=args.dev, limits=limits, redis_url=args.redis,
                     trusted_proxies=trusted)
    print(f"Bodegabordet: http://{args.host}:{args.port}/" + (" (dev: rebuilds on change)" if args.dev else ""))
    web.run_app(app, host=args.host, port=args.port, print=None)


if __name__ == "__main__":
    main()
