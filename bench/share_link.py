"""A friend's share link opened cold: the join form usable, the friend seated, vs a bare page.

    python bench/share_link.py [--runs 3] [--throttle 4] [--json out.json]

One server, one browser. The host's table is real: a phone context (unthrottled) sets a Snyd
table *Med vennerne* and opens the lobby (tests/browser/test_friends.py `host_lobby`), and
stays open. Then, at 1× and (with `--throttle N`) at N× CPU (CDP
`Emulation.setCPUThrottlingRate` on the guest's page only), alternating, `--runs` times each:
  share  a fresh phone context (nothing cached, no service worker) opens the share link; as
         soon as the name field is there the bench types a name and taps *Sæt dig* (a friend
         who types at once); the host removes the seat after the run (8 seats at most)
  bare   bench/startup.py's bare PyScript page (`/__dev__/bare.html`, the same vendored
         Pyodide + PyScript), cold in a fresh context: its time to interactive
Moments, in ms from navigation start in the guest page's own clock:
  form     the join form usable: `performance.mark("bodega:shell")` with `join-name` on the
           page (web/app/shell.js paints the static form, then marks)
  ready    `<html data-ready="true">`: Python has taken the page over
  seated   `#join-status` says "Du sidder ved bordet": the host's `welcome`, asked for at the
           tap by web/app/shell-seat.js over the relay before Python is up (or by Python, had
           that failed)
and bytes: response bodies counted at the server from navigation until seated (the service
worker's precache, running alongside, included).
Targets (issue 19), at N×: form usable ≤ 500 ms; seated ≤ 0.7× bare's cold interactive.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "tests" / "peers"))
sys.path.insert(0, str(ROOT / "web"))  # tests/peers imports the app (as pytest's pythonpath)

from bench.startup import READY_PROBE, throttle, visit
from devtools import browser as bt

SEATED = "Du sidder ved bordet"  # friends.join.seated (da): the guest context speaks Danish
# When the name field appears and when the guest is seated, in the page's own clock.
SHARE_PROBE = """
(() => {
const SEATED = SEATED_WORDS;
window.__share = {};
new MutationObserver(() => {
  const s = window.__share;
  if (s.field === undefined && document.querySelector('[data-testid=join-name]')) {
    s.field = performance.now();
  }
  const status = document.getElementById('join-status');
  if (s.seated === undefined && status && status.textContent.includes(SEATED)) {
    s.seated = performance.now();
  }
  if (s.ready === undefined && document.documentElement.getAttribute('data-ready') === 'true') {
    s.ready = performance.now();
  }
}).observe(document, {childList: true, subtree: true, characterData: true, attributes: true});
})();
""".replace("SEATED_WORDS", json.dumps(SEATED))
TIMES = """() => {
  const mark = (name) => (performance.getEntriesByName(name)[0] || {}).startTime ?? null;
  return {shell: mark('bodega:shell'), field: window.__share.field ?? null,
          ready: window.__share.ready ?? null, seated: window.__share.seated ?? null,
          tap: window.__share.tap ?? null};
}"""


def guest_run(browser, pw, server: bt.Server, host, url: str, rate: float, name: str) -> dict:
    """One friend's cold visit of the share link: typed and tapped at once, until seated."""
    from test_friends import lobby_seat

    context = bt.phone_context(browser, pw)
    context.add_init_script(SHARE_PROBE)
    try:
        page = context.new_page()
        throttle(page, rate)
        start = len(server.sent())
        page.goto(url, wait_until="commit")
        field = page.get_by_test_id("join-name")
        field.wait_for(timeout=60_000)
        field.press_sequentially(name)
        page.evaluate("window.__share.tap = performance.now()")
        page.get_by_test_id("join-sit").tap()
        page.wait_for_function("window.__share.seated !== undefined", timeout=240_000,
                               polling=50)
        seated_bytes = sum(n for _, _, n in server.sent()[start:])
        # Python starts once the friend is seated (bodegaShell.pythonMayStart): "Python up" is
        # after the seat now; wait for it too, for the figure.
        page.wait_for_function("window.__share.ready !== undefined", timeout=240_000, polling=50)
        times = page.evaluate(TIMES)
        times["bytes"] = seated_bytes
        lobby_seat(host, name).wait_for(timeout=30_000)
    finally:
        context.close()
    seat = lobby_seat(host, name)  # free the seat for the next friend
    seat.get_by_role("button").click()
    seat.wait_for(state="detached", timeout=30_000)
    times["form"] = max(times["shell"], times["field"])
    return times


def bare_run(browser, pw, server: bt.Server, rate: float) -> dict:
    """bench/startup.py's bare PyScript page, cold in a fresh context: time to interactive."""
    context = bt.phone_context(browser, pw)
    context.add_init_script(READY_PROBE)
    try:
        page = context.new_page()
        throttle(page, rate)
        return {"ready": visit(page, server.url + "__dev__/bare.html", "bare")["ready"]}
    finally:
        context.close()


def report(rate: float, share: list[dict], bare: list[dict]) -> dict:
    med = {f"share_{k}": statistics.median(r[k] for r in share)
           for k in ("form", "ready", "seated", "bytes")}
    med["bare_ready"] = statistics.median(r["ready"] for r in bare)
    med["ratio"] = med["share_seated"] / med["bare_ready"]
    print(f"\n{rate:g}× CPU, medians of {len(share)} (ms from navigation start, Pixel 7 profile):"
          f"\n  share link: join form usable {med['share_form']:.0f}, Python up "
          f"{med['share_ready']:.0f}, seated {med['share_seated']:.0f} "
          f"({med['share_bytes'] / 1e6:.2f} MB until seated)"
          f"\n  bare PyScript page: interactive {med['bare_ready']:.0f}"
          f"\n  seated / bare: {med['ratio']:.2f}"
          f"\n  targets: form ≤ 500 ms {'met' if med['share_form'] <= 500 else 'MISSED'}; "
          f"seated ≤ 0.7× bare {'met' if med['ratio'] <= 0.7 else 'MISSED'}")
    return med


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="runs of each (≥3 for figures)")
    parser.add_argument("--throttle", type=float, default=4.0, help="also at this CPU slowdown")
    parser.add_argument("--json", type=Path, default=None, help="write every row here")
    args = parser.parse_args(argv)
    rates = [1.0] + ([args.throttle] if args.throttle and args.throttle != 1 else [])

    from playwright.sync_api import sync_playwright
    from test_friends import host_lobby

    rows = {rate: {"share": [], "bare": []} for rate in rates}
    with bt.serve() as server, sync_playwright() as pw:
        browser = bt.launch(pw)
        host_context = bt.phone_context(browser, pw)
        host_context.add_init_script(bt.NO_SNAPSHOT)  # the host's phone is not measured
        host = host_context.new_page()
        url = host_lobby(host, server.url)
        # One untimed round, so the server's compression cache is warm for both pages alike.
        guest_run(browser, pw, server, host, url, 1.0, "Prøve")
        bare_run(browser, pw, server, 1.0)
        for i in range(args.runs):
            for rate in rates:
                for kind in (("share", "bare") if i % 2 == 0 else ("bare", "share")):
                    if kind == "share":
                        row = guest_run(browser, pw, server, host, url, rate, f"Gæst{i}")
                        print(f"run {i + 1} {rate:g}× share: form {row['form']:6.0f} tap "
                              f"{row['tap']:6.0f} seated {row['seated']:6.0f} Python up "
                              f"{row['ready']:6.0f} ms, "
                              f"{row['bytes']} B", flush=True)
                    else:
                        row = bare_run(browser, pw, server, rate)
                        print(f"run {i + 1} {rate:g}× bare : ready {row['ready']:6.0f} ms",
                              flush=True)
                    rows[rate][kind].append(row)
        host_context.close()
        browser.close()
    medians = {rate: report(rate, r["share"], r["bare"]) for rate, r in rows.items()}
    if args.json:
        args.json.write_text(json.dumps({"rows": {str(k): v for k, v in rows.items()},
                                         "medians": {str(k): v for k, v in medians.items()}},
                                        indent=1))


if __name__ == "__main__":
    main()
