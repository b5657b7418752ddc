"""Time from the host's phone vanishing to the next move being accepted (issue 20: the table
outlives its host), at a fair Snyd friends' table of three phones in headless Chromium.

    python bench/hand_over.py [--runs 10] [--throttle 1] [--webrtc]

Each run: the host and two guests (Pixel 7 profile) sit down by the share link and play one
round; the next round is dealt, and the host's context is closed. Timed from that close, on
the heir's and the other guest's own phones (each polled every 50 ms):

- *moved*: every phone shows that the heir leads the table (`data-host="true"` on her seat,
  the `host-moved` notice);
- *move accepted*: the new host's table has taken the first move of the round dealt again (a
  bid in its save, by a friend's phone, which taps as soon as its turn is live, or by the
  stand-in of the old host's seat).

The grace (core/succession.GRACE_S, 5 s) is inside both. Medians over ``--runs`` hand-overs,
each a fresh table; ``--throttle`` slows the two phones' CPU (CDP) from the round before the
hand-over on (the set-up runs at full speed: three throttled Pyodide starts on two cores take
longer than the helpers wait). The target (issue 20): a
median ≤ 8 s (moonshot 5 s). Figures in docs/performance.md.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "web"))

from bench.startup import throttle
from devtools import browser as bt

LEADS = '[data-testid="seat"][data-player="{}"][data-host="true"]'
# A move taken by the new host's table: a bid (or a call) in its save after the round's deal,
# whoever made it (a friend's phone, or the stand-in of the old host's seat).
NEW_MOVE = """() => {
  const saved = JSON.parse(localStorage.getItem('bodegabordet.snyd.table') || 'null');
  if (!saved || !saved.room || !saved.room.epoch) return false;
  const log = saved.log, deal = log.map(e => e.type).lastIndexOf('fair_deal');
  return deal >= 0 && log.slice(deal + 1).some(e => e.type === 'bid' || e.type === 'call');
}"""
LIVE = """() => !!document.querySelector(
    '[data-action="bid"]:not([disabled]), [data-action="call"]:not([disabled])')"""


class SetUpFailed(Exception):
    """The table of a run never got to the hand-over (not a figure)."""


def one(browser, pw, server: bt.Server, rate: float, webrtc: bool) -> dict:
    from test_fair_dice_table import LIVE_GONE, play_to_reveal
    from test_friends import GUESTS, HOST, NO_WEBRTC, host_lobby, seat_everyone, step
    from test_table_driver import state, tap

    contexts = []

    def phone():
        context = bt.phone_context(browser, pw)
        context.add_init_script(bt.NO_SNAPSHOT)
        if not webrtc:
            context.add_init_script(NO_WEBRTC)
        contexts.append(context)
        return context.new_page()

    try:
        try:
            host = phone()
            guests = {name: phone() for name in GUESTS}
            url = host_lobby(host, server.url, dice=2)
            seat_everyone(host, guests, url)
            play_to_reveal(host, {HOST: host, **guests}, limit_s=120)
            tap(host, host.locator('[data-action="next"]'))
            for page in guests.values():
                page.wait_for_function(
                    "() => !document.querySelector('[data-action=\"next\"]')", timeout=60_000)
        except Exception as exc:  # noqa: BLE001 - the table never got to the hand-over
            raise SetUpFailed(f"{type(exc).__name__}: {str(exc)[:80]}") from None
        for page in guests.values():  # the phones slowed for what is timed: the hand-over
            throttle(page, rate)
        start = time.monotonic()
        contexts[0].close()
        heir = GUESTS[0]
        moved = None
        while True:
            now = time.monotonic() - start
            if now > 120:
                raise TimeoutError("the table never moved on")
            if moved is None and all(p.locator(LEADS.format(heir)).count()
                                     and p.get_by_test_id("host-moved").count()
                                     for p in guests.values()):
                moved = now
            if moved is not None and guests[heir].evaluate(NEW_MOVE):
                return {"moved": moved, "accepted": time.monotonic() - start}
            mine = [p for p in guests.values() if state(p) == "mine" and p.evaluate(LIVE)]
            if mine:  # a phone whose turn it is taps at once (a regular would, too)
                step(mine[0], 1)
                mine[0].wait_for_function(LIVE_GONE, timeout=60_000, polling=50)
            guests[heir].wait_for_timeout(50)
    finally:
        for context in contexts:
            context.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="hand-overs (≥10 for the figure)")
    parser.add_argument("--throttle", type=float, default=1.0, help="CPU slowdown of every phone")
    parser.add_argument("--webrtc", action="store_true", help="data channels (else relay only)")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    rows = []
    with bt.serve() as server, sync_playwright() as pw:
        browser = bt.launch(pw)
        failed = 0
        for i in range(args.runs):
            try:
                row = one(browser, pw, server, args.throttle, args.webrtc)
            except SetUpFailed as exc:  # before the hand-over (a loaded machine): once more
                print(f"hand-over {i + 1}: set-up failed ({exc}), once more", flush=True)
                row = one(browser, pw, server, args.throttle, args.webrtc)
            except TimeoutError as exc:
                failed += 1
                print(f"hand-over {i + 1}: FAILED ({exc})", flush=True)
                continue
            rows.append(row)
            print(f"hand-over {i + 1}: moved {row['moved']:.1f} s, next move accepted "
                  f"{row['accepted']:.1f} s", flush=True)
        browser.close()
    moved = statistics.median(r["moved"] for r in rows)
    accepted = statistics.median(r["accepted"] for r in rows)
    path = "WebRTC" if args.webrtc else "relay only"
    if failed:
        print(f"{failed} hand-over(s) FAILED")
    print(f"\n{args.throttle:g}× CPU, {path}, medians of {len(rows)} hand-overs: every phone "
          f"shows the new host {moved:.1f} s, the next move accepted {accepted:.1f} s after the "
          f"host's phone vanished (grace 5 s; target ≤ 8 s "
          f"{'met' if accepted <= 8 else 'MISSED'}, moonshot 5 s)")


if __name__ == "__main__":
    main()
