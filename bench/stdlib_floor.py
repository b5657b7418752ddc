"""The stdlib an evening really imports, and the least its zip could weigh on a first visit.

    python bench/stdlib_floor.py

In the real app page (Chromium, the vendored Pyodide and trimmed python_stdlib.zip): the start
screen, then a host's Snyd lobby *Med vennerne* with its QR code (test_friends.host_lobby), by
which time main.py has imported every game's UI and the friends' modules (screens.load_lazy);
then `sys.modules`. Those of its names that are members of the stdlib zip Pyodide ships are the
floor: no trace can keep fewer and still run this evening. Printed: the brotli size (as the
relay serves it) of a zip of exactly those, deflated as today and stored (brotli over the whole
archive), beside today's trimmed zip; and the first visit's total with each, from
bench/first_visit.py's count. Issue 19's target is a first visit ≤ 3.5 MB.
"""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests" / "browser", ROOT / "tests" / "peers", ROOT / "web"):
    sys.path.insert(0, str(path))

from bench.first_visit import STDLIB_URL, wire_size
from devtools import browser as bt
from devtools import stdlib
from relay.site import Site
from relay.snapshot import Snapshot

PYODIDE_STDLIB = ROOT / "web" / "node_modules" / "pyodide" / "python_stdlib.zip"


def imported_modules() -> list[str]:
    """sys.modules of the app page after a host's lobby with its QR code."""
    from playwright.sync_api import sync_playwright
    from test_friends import host_lobby
    from test_stdlib_complete import python_handle

    with bt.serve() as server, sync_playwright() as pw:
        browser = bt.launch(pw)
        context = bt.phone_context(browser, pw, service_workers="block")
        context.route("**/vendor/bodega-pyodide.mjs", python_handle)
        page = context.new_page()
        host_lobby(page, server.url)
        page.wait_for_selector("#share-qr-box svg", timeout=60_000)  # segno drew the QR code
        names = page.evaluate("globalThis.__pyodide.runPython("
                              "'import sys, json; json.dumps(sorted(sys.modules))')")
        browser.close()
    return json.loads(names)


def stored(data: bytes) -> bytes:
    """The same zip with every member stored (brotli then compresses the whole archive)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            body = src.read(info)
            info.compress_type = zipfile.ZIP_STORED
            dst.writestr(info, body)
    return out.getvalue()


def brotli_size(data: bytes) -> int:
    import brotli

    return len(brotli.compress(data, quality=11))


def main() -> None:
    full = stdlib.Stdlib(PYODIDE_STDLIB.read_bytes())
    used = {name for name in imported_modules() if name in full.modules}
    used |= {f"encodings.{codec}" for codec in stdlib.START_CODECS}
    floor = stdlib.trimmed(full, used)
    files = Snapshot.build(Site()).assets
    total = sum(wire_size(asset) for asset in files.values())
    today = wire_size(files[STDLIB_URL])
    rows = [("today's trimmed zip (the trace)", today),
            (f"exactly the {len(used)} imported modules, deflated", brotli_size(floor)),
            ("the same, stored (brotli over the archive)", brotli_size(stored(floor)))]
    print(f"stdlib modules imported by the evening: {len(used)} (of {len(full.modules)})")
    for label, size in rows:
        first = total - today + size
        verdict = "met" if first <= 3.5e6 else "missed"
        print(f"  {label:48} {size / 1e6:.3f} MB   first visit {first / 1e6:.3f} MB ({verdict})")


if __name__ == "__main__":
    main()
