"""First-visit bytes: what a friend's phone downloads on its first visit, as the relay serves it.

    python bench/first_visit.py [--before PATH] [--top 8]

Everything the app needs offline is the service worker's precache (relay/site.py
precache_urls: the page, python.zip, Pyodide, PyScript, the wheels, …) plus sw.js; each is
counted with the body the relay sends a browser that accepts brotli (relay/snapshot.py:
brotli where it has one, else identity; uncompressible files such as the .whl as they are).
`--before PATH` also prints the total with python_stdlib.zip replaced by PATH (default: the
zip Pyodide ships, web/node_modules/pyodide/), so the trim of devtools/stdlib.py is quoted
before/after in one run. The bytes the browser really pulls on a cold visit (headers and the
page's own requests included) are bench/startup.py's "first visit" figure.
Target (issue 19): ≤ 3.5 MB.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from relay.site import Site
from relay.snapshot import Asset, Snapshot

STDLIB_URL = "vendor/python_stdlib.zip"
TARGET = 3.5e6


def wire_size(asset: Asset) -> int:
    return len(asset.encoded("br")[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path,
                        default=ROOT / "web" / "node_modules" / "pyodide" / "python_stdlib.zip")
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args()

    snapshot = Snapshot.build(Site())
    sizes = {url: wire_size(asset) for url, asset in snapshot.assets.items()}
    total = sum(sizes.values())
    print(f"first visit, offline-complete ({len(sizes)} files, brotli as the relay serves it):")
    for url, size in sorted(sizes.items(), key=lambda item: -item[1])[:args.top]:
        raw = len(snapshot.assets[url].body)
        print(f"  {size / 1e6:6.3f} MB  {url}  (raw {raw / 1e6:.3f} MB)")
    print(f"  total {total / 1e6:.3f} MB: target ≤ {TARGET / 1e6} MB "
          f"{'met' if total <= TARGET else 'MISSED'}")
    if args.before.is_file() and STDLIB_URL in sizes:
        before = wire_size(Asset.make(STDLIB_URL, args.before.read_bytes()))
        was = total - sizes[STDLIB_URL] + before
        print(f"  with {args.before.relative_to(ROOT) if args.before.is_relative_to(ROOT) else args.before}"
              f" instead: stdlib {before / 1e6:.3f} MB, total {was / 1e6:.3f} MB "
              f"(the trim saves {(was - total) / 1e6:.3f} MB)")


if __name__ == "__main__":
    main()
