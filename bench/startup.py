"""Startup benchmark: the app vs a bare PyScript page on the same self-hosted Pyodide.

    python bench/startup.py [--runs 5] [--throttle 4] [--plain] [--json out.json]

In one process on one machine, at 1× CPU and (with `--throttle N`) at N× CPU throttling (CDP
`Emulation.setCPUThrottlingRate`, N=4 is Lighthouse's mid-range phone), alternating, `--runs`
times each:
  bare  /__dev__/bare.html: PyScript hello world (same vendored Pyodide + PyScript as the app)
  app   /: the real shell + engine + UI (from its Pyodide memory snapshot once one is stored)
  plain (--plain) the app with the snapshot turned off (bt.NO_SNAPSHOT): what the snapshot buys
Moments, in ms from navigation start, measured in the page's own clock:
  shell        the start screen answers taps: `performance.mark("bodega:shell")` (the static
               start screen, set before Python), else first-contentful-paint (older shells)
  interactive  `<html data-ready="true">`: Python is running, the start screen is Python's
  table        `performance.mark("bodega:table-ready")`: the lazy Snyd table modules are
               imported, a tap on Snyd opens *Dæk bordet* at once (bare: = interactive)
Cold = a new browser context (empty caches, the app's service worker installing alongside);
then two reloads in the same context (the app's worker in control): the 1st reload, and warm =
the 2nd, the steady state of every later visit. Before the reloads the bench waits for the
service worker's precache and, if the app makes one (`<html data-snapshot>`), for the Pyodide
memory snapshot to be stored (docs/boot.md "How the app boots").
Bytes are response bodies counted AT THE SERVER (the service worker's own fetches included):
first visit with the precache (until the precache and the snapshot are done), first visit of the
page alone (service workers blocked), and the warm visit.
Targets (issue 10): at 4×, warm shell ≤ 500 ms and warm table ≤ 3000 ms and ≤ 0.3× bare's warm
interactive; at 1×, warm interactive ≤ 0.5× bare; first visit ≤ 3.5 MB; second visit 0 bytes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from devtools import browser as bt

# Records when <html data-ready="true"> appears, in the page's own clock (ms since navigation).
READY_PROBE = """
window.__bench = {long: []};
try {  // main-thread long tasks (> 50 ms): is the page janky while the snapshot worker runs?
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.long.push([e.startTime, e.duration]);
  }).observe({type: 'longtask'});
} catch (e) {}
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
          shell: mark('bodega:shell'), table: mark('bodega:table-ready'),
          main: mark('bodega:main'), imported: mark('bodega:imported'),
          snapshot: document.documentElement.getAttribute('data-snapshot')};
}"""

TABLE_READY = "performance.getEntriesByName('bodega:table-ready').length > 0"
# While the snapshot worker ran (first visit): its time, and the page's long tasks meanwhile.
WORKER_COST = """() => {
  const mark = (name) => performance.getEntriesByName(name)[0];
  const start = mark('bodega:snapshot-start'), stored = mark('bodega:snapshot-stored');
  if (!start || !stored) return null;
  const long = window.__bench.long.filter(([t]) => t >= start.startTime && t <= stored.startTime);
  return {worker_ms: stored.startTime - start.startTime, long_tasks: long.length,
          long_ms: long.reduce((sum, [, d]) => sum + d, 0)};
}"""
# The snapshot's state on <html data-snapshot> (set by the Pyodide loader, web/boot/): absent on
# shells without one; "making" until the worker has stored it.
SNAPSHOT_SETTLED = """() => {
  const state = document.documentElement.getAttribute('data-snapshot');
  return state !== 'making';
}"""

VISITS = ("cold", "first", "warm")
MOMENTS = ("shell", "ready", "table")
LABELS = {"cold": "cold", "first": "1st reload", "warm": "warm",
          "shell": "shell usable", "ready": "interactive", "table": "table ready"}


def visit(page, url: str, kind: str, reload: bool = False) -> dict:
    if reload:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_function("window.__bench && window.__bench.ready", timeout=180_000)
    page.wait_for_function("performance.getEntriesByType('paint').length > 0", timeout=30_000)
    if kind != "bare":
        page.wait_for_function(TABLE_READY, timeout=180_000)
    times = page.evaluate(TIMES)
    if times["shell"] is None:  # a shell without the static start screen: its first paint
        times["shell"] = times["paint"]
    if kind == "bare":
        times["table"] = times["ready"]
    return times


def throttle(page, rate: float) -> None:
    """CPU throttling for the page's renderer; it stays on across reloads of the same page."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})


def run_once(browser, pw, server: bt.Server, kind: str, rate: float) -> dict:
    """One cold visit and two reloads of `kind` in a fresh context: 'bare', 'app', or 'plain'
    (the app with its Pyodide snapshot turned off: what the snapshot buys)."""
    url = server.url + ("__dev__/bare.html" if kind == "bare" else "")
    context = bt.phone_context(browser, pw)
    context.add_init_script(READY_PROBE)
    if kind == "plain":
        context.add_init_script(bt.NO_SNAPSHOT)
    try:
        page = context.new_page()
        throttle(page, rate)
        start = len(server.sent())
        cold = visit(page, url, kind)
        worker = None
        if kind != "bare":
            bt.wait_for_service_worker(page)  # precache complete, worker in control
            page.wait_for_function(SNAPSHOT_SETTLED, timeout=240_000, polling=250)
            worker = page.evaluate(WORKER_COST)
        else:
            page.wait_for_timeout(300)  # let the bare page's HTTP cache settle alike
        first_bytes = sum(n for _, _, n in server.sent()[start:])
        first = visit(page, url, kind, reload=True)  # the first reload: code caches still filling
        page.wait_for_timeout(300)
        before = len(server.sent())
        warm = visit(page, url, kind, reload=True)  # steady state: what every later visit gets
        sent = server.sent()[before:]
    finally:
        context.close()
    row = {f"{v}_{k}": t[k] for v, t in zip(VISITS, (cold, first, warm)) for k in t}
    row.update({
        "first_visit_bytes": first_bytes,
        "warm_bytes": sum(n for _, _, n in sent),
        "warm_requests": len(sent),
        "warm_full": sum(1 for _, status, _ in sent if status == 200),
    })
    row.update(worker or {})
    return row


def page_alone_bytes(browser, pw, server: bt.Server, kind: str) -> int:
    """Bytes of a first visit with service workers blocked: what the page itself pulls."""
    url = server.url + ("__dev__/bare.html" if kind == "bare" else "")
    context = bt.phone_context(browser, pw, service_workers="block")
    context.add_init_script(READY_PROBE)
    try:
        page = context.new_page()
        start = len(server.sent())
        visit(page, url, kind)
        page.wait_for_timeout(500)
        return sum(n for _, _, n in server.sent()[start:])
    finally:
        context.close()


def median(rows: list[dict], key: str) -> float | None:
    values = [r[key] for r in rows if r.get(key) is not None]
    return statistics.median(values) if values else None


def _ms(value: float | None) -> str:
    return f"{value:9.0f}" if value is not None else f"{'–':>9}"


def _ratio(a: float | None, b: float | None) -> str:
    return f"{a / b:10.2f}" if a is not None and b else f"{'':10}"


def report(rate: float, runs: int, bare: list[dict], app: list[dict],
           plain: list[dict] | None = None) -> dict:
    """Print the medians and ratios for one throttling rate; return the medians."""
    print(f"\n{rate:g}× CPU: medians of {runs} alternating runs (ms from navigation start, "
          "Pixel 7 profile)")
    extra = f"{'plain':>9}{'app/plain':>10}" if plain else ""
    print(f"{'':26}{'bare':>9}{'app':>9}{'app/bare':>10}{extra}")
    medians: dict[str, float | None] = {}
    for v in VISITS:
        for m in MOMENTS:
            b, a = median(bare, f"{v}_{m}"), median(app, f"{v}_{m}")
            # The table is ready when bare is interactive: compare both with bare's interactive.
            base = median(bare, f"{v}_ready") if m == "table" else b
            line = f"{LABELS[v] + ' ' + LABELS[m]:26}{_ms(b)}{_ms(a)}{_ratio(a, base)}"
            if plain:
                p = medians[f"plain_{v}_{m}"] = median(plain, f"{v}_{m}")
                line += f"{_ms(p)}{_ratio(a, p)}"
            print(line)
            medians[f"bare_{v}_{m}"], medians[f"app_{v}_{m}"] = b, a
    for temp in ("cold", "warm"):
        up, imported, ready = (median(app, f"{temp}_{k}") for k in ("main", "imported", "ready"))
        if None not in (up, imported, ready):
            print(f"app {temp}: Python up (main.py starts) {up:.0f} ms, app imports "
                  f"{imported - up:.0f} ms, first screen {ready - imported:.0f} ms")
    states = sorted({str(r.get("warm_snapshot")) for r in app})
    print(f"app warm visit: snapshot {', '.join(states)}; requests "
          f"{median(app, 'warm_requests'):.0f}, bytes {median(app, 'warm_bytes'):.0f} "
          f"(bare: {median(bare, 'warm_requests'):.0f} requests, "
          f"{median(bare, 'warm_bytes'):.0f} bytes)")
    if median(app, "worker_ms") is not None:
        print(f"app first visit: the snapshot worker took {median(app, 'worker_ms'):.0f} ms; "
              f"main-thread long tasks meanwhile {median(app, 'long_tasks'):.0f} "
              f"({median(app, 'long_ms'):.0f} ms)")
    for key in ("warm_bytes", "first_visit_bytes", "worker_ms", "long_tasks", "long_ms"):
        medians[f"app_{key}"] = median(app, key)
    medians["bare_warm_bytes"] = median(bare, "warm_bytes")
    return medians


def verdicts(by_rate: dict[float, dict], first_visit: dict[str, int]) -> None:
    print("\ntargets (issue 10):")
    one = by_rate.get(1.0)
    if one:
        ratio = one["app_warm_ready"] / one["bare_warm_ready"]
        print(f"  1×: warm interactive ≤ 0.5× bare: {'met' if ratio <= 0.5 else 'MISSED'} "
              f"({ratio:.2f})")
    for rate, m in by_rate.items():
        if rate == 1.0:
            continue
        shell, table, bare = m["app_warm_shell"], m["app_warm_table"], m["bare_warm_ready"]
        print(f"  {rate:g}×: warm shell usable ≤ 500 ms: {'met' if shell <= 500 else 'MISSED'} "
              f"({shell:.0f} ms); warm table ready ≤ 3000 ms: "
              f"{'met' if table <= 3000 else 'MISSED'} ({table:.0f} ms), ≤ 0.3× bare "
              f"interactive: {'met' if table <= 0.3 * bare else 'MISSED'} ({table / bare:.2f})")
    with_sw = max((m["app_first_visit_bytes"] for m in by_rate.values()), default=0)
    print(f"  first visit ≤ 3.5 MB: {'met' if with_sw <= 3.5e6 else 'MISSED'} "
          f"({with_sw / 1e6:.2f} MB with the precache; the page alone "
          f"{first_visit['app'] / 1e6:.2f} MB, bare page {first_visit['bare'] / 1e6:.2f} MB)")
    warm = max(m["app_warm_bytes"] for m in by_rate.values())
    print(f"  second visit 0 bytes: {'met' if warm == 0 else 'MISSED'} ({warm:.0f} bytes)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each page (≥5 for figures)")
    parser.add_argument("--throttle", type=float, default=None,
                        help="also measure at this CPU slowdown (4 = mid-range phone)")
    parser.add_argument("--only-throttled", action="store_true",
                        help="skip the 1× runs (with --throttle)")
    parser.add_argument("--plain", action="store_true",
                        help="also the app with its Pyodide snapshot off (what it buys)")
    parser.add_argument("--json", type=Path, default=None, help="write every row here")
    args = parser.parse_args(argv)
    rates = [] if args.only_throttled else [1.0]
    if args.throttle and args.throttle != 1:
        rates.append(args.throttle)

    from playwright.sync_api import sync_playwright

    kinds = ("bare", "app", "plain") if args.plain else ("bare", "app")
    rows: dict[float, dict[str, list[dict]]] = {r: {k: [] for k in kinds} for r in rates}
    with bt.serve() as server, sync_playwright() as pw:
        browser = bt.launch(pw)
        # One untimed round first, so the server's gzip cache is warm for both pages alike.
        run_once(browser, pw, server, "app", 1.0)
        run_once(browser, pw, server, "bare", 1.0)
        first_visit = {kind: page_alone_bytes(browser, pw, server, kind) for kind in ("app", "bare")}
        for i in range(args.runs):
            for rate in rates:
                order = kinds if i % 2 == 0 else kinds[::-1]
                for kind in order:
                    row = run_once(browser, pw, server, kind, rate)
                    rows[rate][kind].append(row)
                    print(f"run {i + 1} {rate:g}× {kind:5}: cold shell {row['cold_shell']:6.0f}"
                          f" ready {row['cold_ready']:6.0f} table {row['cold_table']:6.0f} | "
                          f"1st reload ready {row['first_ready']:6.0f} | warm shell "
                          f"{row['warm_shell']:6.0f} ready {row['warm_ready']:6.0f} table "
                          f"{row['warm_table']:6.0f} ms | first visit "
                          f"{row['first_visit_bytes']} B, warm {row['warm_requests']} requests /"
                          f" {row['warm_bytes']} B | snapshot {row['warm_snapshot']}", flush=True)
        browser.close()

    by_rate = {rate: report(rate, args.runs, r["bare"], r["app"], r.get("plain"))
               for rate, r in rows.items()}
    verdicts(by_rate, first_visit)
    if args.json:
        args.json.write_text(json.dumps({"rows": {str(k): v for k, v in rows.items()},
                                         "first_visit_page_alone": first_visit,
                                         "medians": {str(k): v for k, v in by_rate.items()}},
                                        indent=1))


if __name__ == "__main__":
    main()
