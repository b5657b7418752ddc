"""Server benchmark: the relay now vs a baseline tree (default: commit 5164e2c), same run.

    .venv/bin/python bench/server.py [--before /tmp/before] [--runs 3] [--clients 100]

Make the baseline once (never switch branches in the working tree):

    git worktree add /tmp/before 5164e2c && ln -s "$PWD/web/vendor" /tmp/before/web/vendor

Each server runs as its own process on a free loopback port (`python -m relay`'s app, production
mode: no rebuild on change). Printed, per server:

- requests/s and p99 latency with `--clients` concurrent keep-alive clients for: the index
  (gzip), 304 revalidations of the index, the page mix (every URL a first visit loads: the
  shell, sw.js and the whole precache, gzip), and /healthz. Medians over `--runs`; the two
  servers run side by side and take turns. All clients share 127.0.0.1, so "now" runs with its
  per-client download cap lifted here (else most of the page mix is, rightly, a 503).
- RSS of the server process with 80 stalled readers: clients that ask for
  /vendor/pyodide.asm.wasm without gzip and never read. Idle, peak while they hang, and a few
  seconds after they disconnect. "now" is measured twice: as shipped (the per-client cap
  answers most of them 503 at once) and with the cap lifted (every one of them streams).

Everything is bounded: each load scenario stops after `--requests` requests or `--seconds`,
the stalled readers hang for `--hold` seconds, and every server is stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LAUNCH = """
import sys
root, port, cap = sys.argv[1], int(sys.argv[2]), sys.argv[3]
sys.path.insert(0, root)
from aiohttp import web
from relay.server import create_app
if cap == "lifted":
    from relay.server import Limits
    app = create_app(limits=Limits(per_client=10**6))
else:
    app = create_app()
web.run_app(app, host="127.0.0.1", port=port, print=None, access_log=None)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    def __init__(self, root: Path, cap: str = "shipped") -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-c", LAUNCH, str(root), str(self.port), cap], cwd=root,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise SystemExit(f"server in {root} did not start")
                time.sleep(0.1)

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# -- load -----------------------------------------------------------------------------------------

async def load(base: str, requests: list[tuple[str, dict]], clients: int, total: int,
               seconds: float) -> tuple[float, float, int]:
    """(requests/s, p99 ms, errors): `clients` keep-alive clients work through `requests`
    (cycled) until `total` are done or `seconds` pass."""
    import aiohttp

    latencies: list[float] = []
    errors = 0
    counter = iter(range(total))
    deadline = time.monotonic() + seconds
    connector = aiohttp.TCPConnector(limit=clients)
    timeout = aiohttp.ClientTimeout(total=60)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout,
                                     auto_decompress=False) as session:
        async def client() -> None:
            nonlocal errors
            for n in counter:
                if time.monotonic() > deadline:
                    return
                path, headers = requests[n % len(requests)]
                start = time.perf_counter()
                try:
                    async with session.get(base + path, headers=headers) as response:
                        await response.read()
                        if response.status not in (200, 304):
                            errors += 1
                except aiohttp.ClientError:
                    errors += 1
                latencies.append(time.perf_counter() - start)

        start = time.perf_counter()
        await asyncio.gather(*(client() for _ in range(clients)))
        elapsed = time.perf_counter() - start
    latencies.sort()
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] if latencies else 0
    return len(latencies) / elapsed, p99 * 1000, errors


def scenarios(base: str) -> dict[str, list[tuple[str, dict]]]:
    """What each load scenario requests, read from the server itself (its own sw.js)."""
    import urllib.request

    gz = {"Accept-Encoding": "gzip, deflate, br"}
    with urllib.request.urlopen(urllib.request.Request(base + "/", headers=gz)) as r:
        etag = r.headers["ETag"]
    with urllib.request.urlopen(base + "/sw.js") as r:
        sw = r.read().decode()
    precache = json.loads(sw.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    mix = ["/", "/sw.js"] + ["/" + url for url in precache if url != "index.html"]
    return {
        "index": [("/", gz)],
        "304 index": [("/", dict(gz, **{"If-None-Match": etag}))],
        "page mix": [(path, gz) for path in mix],
        "healthz": [("/healthz", {})],
    }


# -- stalled readers ------------------------------------------------------------------------------

def stalled_readers(server: ServerProcess, count: int, hold: float) -> dict[str, float]:
    idle = server.rss_mb()
    socks = []
    for _ in range(count):
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(b"GET /vendor/pyodide.asm.wasm HTTP/1.1\r\nHost: bench\r\n"
                     b"Accept-Encoding: identity\r\n\r\n")
        socks.append(sock)  # never read
    peak = idle
    end = time.monotonic() + hold
    while time.monotonic() < end:
        peak = max(peak, server.rss_mb())
        time.sleep(0.1)
    for sock in socks:
        sock.close()
    time.sleep(3)
    return {"idle": idle, "peak": peak, "after": server.rss_mb()}


# -- report ---------------------------------------------------------------------------------------

def measure_load(args: argparse.Namespace) -> dict[str, dict[str, tuple[float, float, int]]]:
    """{server: {scenario: (median req/s, median p99 ms, errors)}}; the two servers run side by
    side and take turns (order flipped every run), so machine noise hits both alike."""
    # All bench clients share 127.0.0.1: the per-client download cap would answer most of the
    # page mix 503, which is right for one address but not what 100 phones see. Lifted here.
    servers = {"before": ServerProcess(args.before), "now": ServerProcess(ROOT, "lifted")}
    try:
        plans = {label: scenarios(server.base) for label, server in servers.items()}
        results = {label: {name: [] for name in plans[label]} for label in servers}
        for run in range(args.runs):
            for name in plans["now"]:
                order = list(servers) if run % 2 == 0 else list(reversed(servers))
                for label in order:
                    requests = plans[label][name]
                    total = args.requests if name != "page mix" else args.clients * len(requests)
                    results[label][name].append(asyncio.run(
                        load(servers[label].base, requests, args.clients, total, args.seconds)))
        return {label: {name: (statistics.median(r[0] for r in runs),
                               statistics.median(r[1] for r in runs),
                               sum(r[2] for r in runs)) for name, runs in by_name.items()}
                for label, by_name in results.items()}
    finally:
        for server in servers.values():
            server.stop()


def measure_memory(root: Path, cap: str, args: argparse.Namespace) -> dict[str, float]:
    server = ServerProcess(root, cap)
    try:
        return stalled_readers(server, args.stalled, args.hold)
    finally:
        server.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, default=Path("/tmp/before"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--stalled", type=int, default=80)
    parser.add_argument("--hold", type=float, default=6.0)
    args = parser.parse_args(argv)
    if not (args.before / "relay" / "server.py").is_file():
        raise SystemExit(f"no baseline tree at {args.before}: see this file's docstring")

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python "
          f"{platform.python_version()}; {args.clients} clients, median of {args.runs} runs")
    loads = measure_load(args)
    print(f"\n{'':12}{'before req/s':>14}{'p99 ms':>9}{'now req/s':>12}{'p99 ms':>9}"
          f"{'now/before':>12}")
    for name in loads["now"]:
        b, n = loads["before"][name], loads["now"][name]
        errors = f"  (errors: before {b[2]}, now {n[2]})" if b[2] or n[2] else ""
        print(f"{name:12}{b[0]:14.0f}{b[1]:9.0f}{n[0]:12.0f}{n[1]:9.0f}{n[0] / b[0]:11.1f}x"
              f"{errors}")

    print(f"\nserver RSS (MB) with {args.stalled} stalled readers of the wasm (identity):")
    print(f"{'':22}{'idle':>8}{'peak':>8}{'after':>8}")
    for label, root, cap in (("before", args.before, "shipped"), ("now", ROOT, "shipped"),
                             ("now, cap lifted", ROOT, "lifted")):
        m = measure_memory(root, cap, args)
        print(f"{label:22}{m['idle']:8.0f}{m['peak']:8.0f}{m['after']:8.0f}")


if __name__ == "__main__":
    main()
