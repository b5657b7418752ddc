"""Startup benchmark: the app vs a bare PyScript page on the same self-hosted Pyodide.

    python bench/startup.py [--runs 5]

In one run on one machine, alternating, `--runs` times each:
  bare  /__dev__/bare.html: PyScript hello world (same vendored Pyodide + PyScript as the app)
  app   /: the real shell + engine + UI
For each: first paint (first-contentful-paint) and interactive (the moment `<html data-ready>`
is set: the start screen / hello world is on screen with its handlers), both in ms from
navigation start, measured in the page. Cold = a new browser context (empty caches); then two
reloads in the same context (the app's service worker in control; the bare page revalidates its
HTTP cache): the 1st reload, while Chromium's code caches still fill, and warm = the 2nd, the
steady state of every later visit. Prints medians, app/bare ratios and the bytes the server
sent on the warm visit.
Targets (DESIGN.md): warm app/bare ≤ 1.15, shell painted ≤ 300 ms, second visit 0 bytes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from devtools import browser as bt

# Records when <html data-ready="true"> appears, in the page's own clock (ms since navigation).
READY_PROBE = """
window.__bench = {};
new MutationObserver((_, observer) => {
  if (document.documentElement && document.documentElement.getAttribute('data-ready') === 'true') {
    window.__bench.ready = performance.now();
    observer.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-ready']});
"""

TIMES = """() => {
  const paint = performance.getEntriesByName('first-contentful-paint')[0]
             || performance.getEntriesByName('first-paint')[0];
  const mark = (name) => (performance.getEntriesByName(name)[0] || {}).startTime ?? null;
  return {paint: paint ? paint.startTime : null, ready: window.__bench.ready,
          main: mark('bodega:main'), imported: mark('bodega:imported')};
}"""


def visit(page, url: str, reload: bool = False) -> dict:
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("window.__bench && window.__bench.ready", timeout=120_000)
    page.wait_for_function("performance.getEntriesByType('paint').length > 0", timeout=10_000)
    return page.evaluate(TIMES)


def run_once(browser, pw, server: bt.Server, kind: str) -> dict:
    """One cold visit and one warm reload of `kind` ('bare' or 'app') in a fresh context."""
    url = server.url + ("__dev__/bare.html" if kind == "bare" else "")
    context = bt.phone_context(browser, pw)
    context.add_init_script(READY_PROBE)
    try:
        page = context.new_page()
        cold = visit(page, url)
        if kind == "app":
            bt.wait_for_service_worker(page)  # precache complete, worker in control
        else:
            page.wait_for_timeout(300)  # let the bare page's HTTP cache settle alike
        first = visit(page, url, reload=True)  # the first reload: code caches still filling
        page.wait_for_timeout(300)
        before = len(server.sent())
        warm = visit(page, url, reload=True)  # steady state: what every later visit gets
        sent = server.sent()[before:]
    finally:
        context.close()
    return {
        "cold_paint": cold["paint"], "cold_ready": cold["ready"],
        "warm_paint": warm["paint"], "warm_ready": warm["ready"],
        "first_paint": first["paint"], "first_ready": first["ready"],
        "cold_main": cold["main"], "warm_main": warm["main"],
        "cold_imported": cold["imported"], "warm_imported": warm["imported"],
        "warm_bytes": sum(n for _, _, n in sent),
        "warm_requests": len(sent),
        "warm_full": sum(1 for _, status, _ in sent if status == 200),
    }


def median(rows: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each page (≥5 for figures)")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    results: dict[str, list[dict]] = {"bare": [], "app": []}
    with bt.serve() as server, sync_playwright() as pw:
        browser = bt.launch(pw)
        # One untimed round first, so the server's gzip cache is warm for both pages alike.
        run_once(browser, pw, server, "app")
        run_once(browser, pw, server, "bare")
        for i in range(args.runs):
            order = ("bare", "app") if i % 2 == 0 else ("app", "bare")
            for kind in order:
                row = run_once(browser, pw, server, kind)
                results[kind].append(row)
                print(f"run {i + 1} {kind:4}: cold paint {row['cold_paint']:6.0f} ms, "
                      f"ready {row['cold_ready']:6.0f} ms | 1st reload ready "
                      f"{row['first_ready']:6.0f} ms | warm paint {row['warm_paint']:6.0f}"
                      f" ms, ready {row['warm_ready']:6.0f} ms, {row['warm_requests']} requests"
                      f" / {row['warm_bytes']} bytes", flush=True)
        browser.close()

    bare, app = results["bare"], results["app"]
    print(f"\nmedians of {args.runs} alternating runs (ms from navigation start, Pixel 7 profile)")
    print(f"{'':24}{'bare':>9}{'app':>9}{'app/bare':>10}")
    for key, label in (("cold_paint", "cold first paint"), ("cold_ready", "cold interactive"),
                       ("first_paint", "1st reload paint"), ("first_ready", "1st reload interactive"),
                       ("warm_paint", "warm first paint"), ("warm_ready", "warm interactive")):
        b, a = median(bare, key), median(app, key)
        print(f"{label:24}{b:9.0f}{a:9.0f}{a / b:10.2f}")
    print(f"{'warm visit: requests':24}{median(bare, 'warm_requests'):9.0f}"
          f"{median(app, 'warm_requests'):9.0f}")
    print(f"{'warm visit: bytes':24}{median(bare, 'warm_bytes'):9.0f}"
          f"{median(app, 'warm_bytes'):9.0f}   (response bodies the server sent)")
    for temp in ("cold", "warm"):
        up, imported, ready = (median(app, f"{temp}_{k}") for k in ("main", "imported", "ready"))
        print(f"app {temp}: Python up (main.py starts) {up:.0f} ms, app imports "
              f"{imported - up:.0f} ms, first screen {ready - imported:.0f} ms")
    warm_ratio = median(app, "warm_ready") / median(bare, "warm_ready")
    print("\ntargets: warm app/bare ≤ 1.15: "
          f"{'met' if warm_ratio <= 1.15 else 'MISSED'} ({warm_ratio:.2f}); "
          f"shell painted ≤ 300 ms: {'met' if median(app, 'cold_paint') <= 300 else 'MISSED'} "
          f"(cold {median(app, 'cold_paint'):.0f} ms, warm {median(app, 'warm_paint'):.0f} ms); "
          f"second visit 0 bytes: {'met' if median(app, 'warm_bytes') == 0 else 'MISSED'} "
          f"({median(app, 'warm_bytes'):.0f} bytes)")


if __name__ == "__main__":
    main()
