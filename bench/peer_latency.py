"""From a guest's *Byd* to the other guest holding the new view: over WebRTC and over the relay.

    python bench/peer_latency.py [--bids 50]

A host page and two guest pages (phone contexts, one Chromium, loopback) play Snyd as in
tests/browser/test_peer_transport.py: once with data channels, once with RTCPeerConnection
removed from the guests (everything through the relay). For every bid a guest makes, the time
from just before `act()` on that guest's page to the moment the other guest's page has applied
the frame that holds it (both read as `performance.timeOrigin + performance.now()`, one clock
for all pages of the machine). Prints median and p95 per path and their ratio.
Target (issue 9): median ≤ 100 ms on loopback for both paths.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web"), str(ROOT / "tests" / "browser")]

from test_peer_transport import GUESTS, NO_WEBRTC, Evening, py

from devtools import browser as bt

TIMED = """
import js
arrivals = []    # (ms on the shared clock, events in my view) after each frame is applied
errors = []      # error codes the host sent this guest (e.g. "rate": moves too fast)
_untimed = links._receive

def _timed(text, via):
    _untimed(text, via)
    if '"t":"error"' in text:
        errors.append(session.error_code)
    view = session.view()
    arrivals.append((js.performance.timeOrigin + js.performance.now(),
                     len(view["events"]) if view else 0))

links._receive = _timed

def bid_move(step):
    view = session.view()
    rng = random.Random(step)
    rules = Rules.from_dict(view["rules"])
    current = view["current_bid"]
    bid = None if current is None else Bid(current["quantity"], current["face"])
    options = raises(bid, rules, view["max_quantity"])
    # Mostly bids (what is measured); a call now and then so rounds end.
    if not options or (view["can_call"] and rng.random() < 0.2):
        action = {"type": "call"}
    else:
        pick = rng.choice(options[:3])
        action = {"type": "bid", "quantity": pick.quantity, "face": pick.face}
    t0 = js.performance.timeOrigin + js.performance.now()
    endpoint.act(action)
    return [t0, action["type"]]
0
"""


def measure(table: Evening, bids: int, pace: float) -> list[float]:
    for page in table.guests.values():
        py(page, TIMED)
    latencies: list[float] = []
    step = 0
    while len(latencies) < bids:
        host = table.synced()
        time.sleep(pace)  # the host takes 10 frames/s per guest (RATE_PER_S): acks count too
        step += 1
        turn = host["turn"]
        if host["phase"] != "bidding" or turn == "Vært":
            py(table.host, f"host_move(random.Random({step}))\n0")
            continue
        other = next(n for n in GUESTS if n != turn)
        before = py(table.guests[other], "len(session.view()['events'])")
        t0, kind = py(table.guests[turn], f"bid_move({step})")
        table.synced()
        if kind != "bid":
            continue
        arrivals = py(table.guests[other], "arrivals")
        t1 = next(t for t, n in arrivals if n > before and t >= t0)
        latencies.append(t1 - t0)
    return latencies


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bids", type=int, default=50)
    parser.add_argument("--pace", type=float, default=0.25,
                        help="s between moves (faster than ~5/s trips the host's rate bound, "
                             "and a dropped act waits 5 s for its resend)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    results = {}
    with bt.serve() as server, sync_playwright() as pw:
        browser = bt.launch(pw)
        for path, webrtc in (("webrtc", True), ("relay", False)):
            contexts = [bt.phone_context(browser, pw) for _ in range(3)]
            if not webrtc:
                for context in contexts[1:]:
                    context.add_init_script(NO_WEBRTC)
            table = Evening(contexts[0], contexts[1:], server.url)
            if webrtc:
                deadline = time.monotonic() + 20
                while any(py(p, "links.path") != "webrtc" for p in table.guests.values()):
                    if time.monotonic() > deadline:
                        raise SystemExit("the data channels did not open")
                    time.sleep(0.2)
            latencies = measure(table, args.bids, args.pace)
            used = {n: py(p, "links.path") for n, p in table.guests.items()}
            print(path, "errors", {n: py(p, "errors") for n, p in table.guests.items()},
                  "slow (ms)", [round(v) for v in latencies if v > 1000])
            assert set(used.values()) == {path}, used
            results[path] = latencies
            for context in contexts:
                context.close()
        browser.close()

    print(f"guest's bid -> the other guest holds it ({args.bids} bids per path, loopback, "
          f"one Chromium, Pixel 7 contexts, a move every {args.pace} s)")
    for path, values in results.items():
        print(f"  {path:7s} median {statistics.median(values):6.1f} ms   "
              f"p95 {percentile(values, 0.95):6.1f} ms   min {min(values):5.1f}   "
              f"max {max(values):6.1f}")
    ratio = statistics.median(results["relay"]) / statistics.median(results["webrtc"])
    print(f"  relay/webrtc median ratio {ratio:.2f}")


if __name__ == "__main__":
    main()
