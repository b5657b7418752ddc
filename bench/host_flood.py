"""The host's cost per frame at its door, under a flood from guests (issue 16), in CPython.

    python bench/host_flood.py [--seconds 2] [--root DIR]

A host's HostLinks and HostRoom (3 guests seated over the relay path) are fed relay frames
straight into the relay socket's message handler (RelayLink._on_message), as the page gets
them, on a simulated clock: what one frame costs the host's page, and what the host sends back.

  normal   the seated guests' acks and pings
  junk     12 sockets x 45 frames/s of small junk (not JSON, wrong fields)
  big      12 sockets x 45 frames/s of 120 KB frames (each under the relay's 136 KiB bound)

Prints per kind the median and p95 handling time per frame (µs) and the most frames the host
sent in any one second (the relay closes a socket over 50/s: 4429). ``--root`` runs the same
against another checkout (e.g. one of the commit before the door, for a before/after).
In Pyodide every figure is some 3-5x slower; the copy of a JS string into a str before the
length check (Pyodide does it on ``event.data``) is not part of this bench.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent.parent


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def relay_frame(peer: str, data: str) -> SimpleNamespace:
    return SimpleNamespace(data=json.dumps({"op": "from", "peer": peer, "data": data},
                                           separators=(",", ":")))


def setup():
    from app.friends.core.host import HostRoom
    from app.friends.core.protocol import encode
    from app.friends.wire.links import HostLinks

    clock = Clock()
    room = HostRoom("Vært", clock=clock)
    links = HostLinks(room, "room1", "k" * 22, webrtc=False, clock=clock)
    sent: list[float] = []
    links.relay.send = lambda _data, to=None: sent.append(clock.now) or True
    ws = object()
    links.relay._ws = ws
    links.relay._on_message(ws, SimpleNamespace(
        data='{"op":"ready","peer":"host1","role":"host","host":true}'))
    for i, name in enumerate(("Mette", "Kaj", "Lis")):
        links.relay._on_message(ws, relay_frame(f"guest{i}", encode("hello", name=name,
                                                                     token=None)))
    clock.now += 5
    return links, clock, sent, ws, encode


def run(kind: str, seconds: float) -> tuple[list[float], int]:
    links, clock, sent, ws, encode = setup()
    sent.clear()
    start = clock.now
    if kind == "normal":  # 3 guests, an ack or a ping every 0.3 s each
        peers, rate = [f"guest{i}" for i in range(3)], 1 / 0.3
        frames = [relay_frame(p, encode("ping", n=1)) for p in peers]
    elif kind == "junk":
        peers, rate = [f"flood{i}" for i in range(12)], 45
        junk = ["{", "[]", '{"v":1,"t":"act","id":1}', '{"v":2,"t":"ping","n":1}']
        frames = [relay_frame(p, junk[i % len(junk)]) for i, p in enumerate(peers)]
    else:
        peers, rate = [f"flood{i}" for i in range(12)], 45
        frames = [relay_frame(p, '{"v":1,"t":"ping","n":1,"x":"' + "y" * 120_000 + '"}')
                  for p in peers]
    times = []
    for _step in range(int(seconds * rate)):
        clock.now += 1 / rate
        for frame in frames:
            t0 = time.perf_counter()
            links.relay._on_message(ws, frame)
            times.append((time.perf_counter() - t0) * 1e6)
    window, busiest, lo = sorted(t - start for t in sent), 0, 0
    for hi, t in enumerate(window):
        while t - window[lo] >= 1.0:
            lo += 1
        busiest = max(busiest, hi - lo + 1)
    return times, busiest


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--root", type=Path, default=HERE)
    args = parser.parse_args()
    root = args.root.resolve()
    sys.path[:0] = [str(root), str(root / "web")]
    print(f"code: {root}")
    for kind in ("normal", "junk", "big"):
        times, busiest = run(kind, args.seconds)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{kind:7s} {len(times):6d} frames  median {statistics.median(times):8.1f} µs"
              f"  p95 {p95:8.1f} µs  host sent at most {busiest:4d} frames in a second")


if __name__ == "__main__":
    main()
