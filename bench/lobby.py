"""The open tables' list (relay/open_tables.py): how fast a change reaches every watcher.

    .venv/bin/python bench/lobby.py [--tables 1000] [--watchers 5000] [--updates 40]
                                    [--no-redis]

The relay runs as its own process (one asyncio loop; one process: pinned to CPU 0 and the
generator to CPU 1, as bench/relay.py does), the load generator is this process: raw
WebSocket clients over asyncio streams (pre-built zero-mask frames), no JSON parsing on the
watchers' side. Printed:

1. one process: `--tables` rooms whose hosts list a table (and keep pinging), then `--watchers`
   `/ws/tables` sockets, each of which reads its whole first list; the relay's RSS before and
   after the watchers (per watcher); the time to open them all;
2. `--updates` changes, one after the other: a leader sends `list` with another `free`, and
   the time from its send to the arrival of the push at each watcher (p50/p99/max over every
   watcher and update) and to the last watcher (p50/p99 over updates); and the relay's own
   time per push (`relay_push_ms`: from encoding it once to its last slice of watchers written,
   timed inside the relay process, Lobby.push_times) and its CPU per update;
3. churn: `--churn` changes a second (default 100) from the leaders in turn for 10 s: the
   pushes made (at most one per `push_interval`, each with every change since the last), the
   relay's share of its core and its time per push;
4. the same (1 and 2) across two relay processes sharing a redis-server this script starts: the leaders
   on the first, half of the watchers on each (the second half's pushes cross Redis).

Both sides are measured in this process: the latency includes the generator reading every
watcher's socket (one Python loop reading M sockets per update), so it is an upper bound of
the relay's own fan-out. The relay under test lifts the per-address limits (every client here
is 127.0.0.1) and the WebSocket heartbeat, and uses a 30 s TTL so a leader's ping delayed by
the loaded generator cannot expire rows mid-run (the TTL does not change the fan-out). The
machine's load average is printed with the figures: they are shared-machine figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import shutil
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/: run as a script or imported

from relay_process import RelayProcess, client_frame, free_port, start_redis

SERVE = """
import sys
sys.path.insert(0, sys.argv[1])
from aiohttp import web
from relay.open_tables import TableLimits, install as install_tables
from relay.rooms import RoomLimits, install
from relay.server import room_state
limits = RoomLimits(rate=1e9, burst=1e9, guest_rate=1e9, guest_burst=1e9, hosts_per_minute=1e9,
                    connections=100_000, rooms=100_000, heartbeat=3600, idle=3600)
tables = TableLimits(tables=100_000, tables_per_hour=1e9, watchers=100_000,
                     watchers_per_address=100_000, list_rate=1e9, list_burst=1e9, ttl=30.0,
                     heartbeat=3600)
url = sys.argv[3] or None
app = web.Application()
hub = install(app, limits, room_state(limits, url))
lobby = install_tables(app, hub, tables, url)
# The relay's own side of each push (Lobby.push_times: from its start to its last slice written).
async def push_times(request):
    return web.json_response(list(lobby.push_times)[-int(request.query.get("last", "1000")):])
app.router.add_get("/bench/pushes", push_times)
web.run_app(app, host="127.0.0.1", port=int(sys.argv[2]), print=None, access_log=None)
"""


def handshake(path: str) -> bytes:
    return (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n").encode()


class Relay(RelayProcess):
    """A relay process (bench/relay_process.py) with /ws and /ws/tables."""

    def __init__(self, redis_url: str = "", cpu: int | None = None) -> None:
        super().__init__(SERVE, ROOT, redis_url, cpu)

    async def pushes(self, last: int) -> list:
        """The relay's last `last` pushes: (seconds in _push, watchers then)."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(f"GET /bench/pushes?last={last} HTTP/1.1\r\nHost: x\r\n"
                     "Connection: close\r\n\r\n".encode())
        body = (await reader.read()).split(b"\r\n\r\n", 1)[1]
        writer.close()
        return json.loads(body)


async def connect(port: int, path: str):
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 22)
    writer.write(handshake(path))
    await reader.readuntil(b"\r\n\r\n")
    return reader, writer


async def read_until(reader: asyncio.StreamReader, marker: bytes) -> None:
    tail = b""
    while marker not in tail:
        data = await reader.read(1 << 16)
        if not data:
            raise ConnectionError("closed")
        tail = tail[-64:] + data


TABLE = {"game": "snyd", "ruleset": "Klassisk", "seats": 6, "free": 5, "state": "waiting"}


async def open_leaders(port: int, n: int) -> list:
    leaders = []
    for i in range(n):
        reader, writer = await connect(port, "/ws")
        writer.write(client_frame(json.dumps({"op": "host", "room": secrets.token_urlsafe(16),
                                              "key": secrets.token_urlsafe(16)})))
        writer.write(client_frame(json.dumps({"op": "list",
                                              "table": {**TABLE, "name": f"Spiller {i}"}})))
        await read_until(reader, b'"op":"listed"')
        leaders.append((reader, writer, i))
    return leaders


class Watchers:
    """M raw `/ws/tables` sockets; each records when its first read after an update came."""

    def __init__(self) -> None:
        self.socks: list = []
        self.update = -1
        self.sent = 0.0
        self.arrivals: list[list[float]] = []
        self.pending = 0
        self.done = asyncio.Event()
        self.tasks: list[asyncio.Task] = []

    async def open(self, port: int, n: int, group: str) -> None:
        for _ in range(n):
            reader, writer = await connect(port, "/ws/tables")
            await read_until(reader, b'"more":false')
            index = len(self.socks)
            self.socks.append((reader, writer, group))
            self.tasks.append(asyncio.create_task(self._read(index, reader)))

    async def _read(self, index: int, reader: asyncio.StreamReader) -> None:
        seen = -1
        while True:
            data = await reader.read(1 << 16)
            if not data:
                return
            now = time.perf_counter()
            if self.update > seen:
                seen = self.update
                self.arrivals[seen][index] = now - self.sent
                self.pending -= 1
                if self.pending == 0:
                    self.done.set()

    async def measure(self, leader, updates: int) -> list[list[float]]:
        _, writer, i = leader
        for k in range(updates):
            self.arrivals.append([0.0] * len(self.socks))
            self.pending = len(self.socks)
            self.done.clear()
            self.update = k
            self.sent = time.perf_counter()
            writer.write(client_frame(json.dumps(
                {"op": "list", "table": {**TABLE, "free": k % 5 + 1, "name": f"Spiller {i}"}})))
            await asyncio.wait_for(self.done.wait(), 60)
            await asyncio.sleep(0.3)   # past push_interval: each update is pushed on its own
        return self.arrivals

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for _, writer, _ in self.socks:
            writer.close()


async def churn(relay: Relay, leaders: list, rate: float, seconds: float) -> dict:
    """`rate` changes a second from leaders in turn for `seconds`: pushes made, the relay's
    CPU share and its push times (the watchers keep reading)."""
    cpu0, wall0 = relay.cpu_seconds(), time.perf_counter()
    before = len(await relay.pushes(1000))
    sent = 0
    while time.perf_counter() - wall0 < seconds:
        _, writer, i = leaders[sent % len(leaders)]
        writer.write(client_frame(json.dumps(
            {"op": "list", "table": {**TABLE, "free": sent // len(leaders) % 5 + 1,
                                     "name": f"Spiller {i}"}})))
        sent += 1
        await asyncio.sleep(max(0.0, wall0 + sent / rate - time.perf_counter()))
    await asyncio.sleep(1.0)
    cpu, wall = relay.cpu_seconds() - cpu0, time.perf_counter() - wall0
    times = [t for t, _ in await relay.pushes(1000)]
    pushed = len(times) - before if len(times) < 1000 else None
    return {"changes_per_s": rate, "changes": sent, "pushes": pushed,
            "relay_core_share": round(cpu / wall, 2),
            "relay_push_ms": push_summary(times[-(pushed or 1):])}


async def pinger(leaders: list) -> None:
    ping = client_frame('{"op":"ping"}')
    while True:
        for _, writer, _ in leaders:
            writer.write(ping)
        await asyncio.sleep(5)


def push_summary(times: list[float]) -> dict:
    if not times:
        return {}
    times = sorted(times)
    return {"p50": round(1000 * statistics.median(times), 2),
            "p99": round(1000 * times[min(len(times) - 1, int(0.99 * len(times)))], 2),
            "n": len(times)}


def figures(arrivals: list[list[float]], groups: list[str] | None = None) -> dict:
    def summary(values: list[float]) -> dict:
        values = sorted(values)
        return {"p50_ms": round(1000 * statistics.median(values), 1),
                "p99_ms": round(1000 * values[min(len(values) - 1, int(0.99 * len(values)))], 1),
                "max_ms": round(1000 * values[-1], 1)}

    result = {"every_watcher": summary([x for row in arrivals for x in row]),
              "last_watcher": summary([max(row) for row in arrivals])}
    if groups:
        for group in sorted(set(groups)):
            result[group] = summary([x for row in arrivals
                                     for x, g in zip(row, groups, strict=True) if g == group])
    return result


async def one_process(args: argparse.Namespace) -> dict:
    relay = Relay(cpu=0)
    os.sched_setaffinity(0, {1})  # the generator on the other core
    try:
        leaders = await open_leaders(relay.port, args.tables)
        pings = asyncio.create_task(pinger(leaders))
        await asyncio.sleep(1.0)
        before = relay.rss_kib()
        watchers = Watchers()
        start = time.perf_counter()
        await watchers.open(relay.port, args.watchers, "one")
        opened = time.perf_counter() - start
        await asyncio.sleep(1.0)
        after = relay.rss_kib()
        cpu0 = relay.cpu_seconds()
        arrivals = await watchers.measure(leaders[len(leaders) // 2], args.updates)
        cpu = relay.cpu_seconds() - cpu0
        pushes = [t for t, n in await relay.pushes(args.updates) if n == args.watchers]
        result = {"tables": args.tables, "watchers": args.watchers,
                  "relay_push_ms": push_summary(pushes),
                  # the relay's CPU while the updates ran (pings of the leaders included),
                  # per update: what a push costs whatever the machine's load
                  "relay_cpu_ms_per_update": round(1000 * cpu / args.updates, 1),
                  "rss_before_mib": round(before / 1024, 1),
                  "rss_after_mib": round(after / 1024, 1),
                  "kib_per_watcher": round((after - before) / args.watchers, 1),
                  "open_watchers_s": round(opened, 1), **figures(arrivals)}
        if args.churn:
            result["churn"] = await churn(relay, leaders, args.churn, 10.0)
        pings.cancel()
        watchers.close()
        for _, writer, _ in leaders:
            writer.close()
        return result
    finally:
        os.sched_setaffinity(0, set(range(os.cpu_count() or 1)))
        relay.stop()


async def two_processes(args: argparse.Namespace) -> dict:
    server = shutil.which("redis-server")
    if server is None:
        return {"skipped": "redis-server not installed"}
    port = free_port()
    redis = start_redis(server, port)
    relays: list[Relay] = []
    try:
        url = f"redis://127.0.0.1:{port}/0"
        await asyncio.sleep(0.3)
        relays = [Relay(url), Relay(url)]
        leaders = await open_leaders(relays[0].port, args.tables)
        pings = asyncio.create_task(pinger(leaders))
        await asyncio.sleep(2.0)      # every row mirrored on the second process
        before = [relay.rss_kib() for relay in relays]
        watchers = Watchers()
        half = args.watchers // 2
        await watchers.open(relays[0].port, half, "same_process")
        await watchers.open(relays[1].port, args.watchers - half, "through_redis")
        await asyncio.sleep(1.0)
        after = [relay.rss_kib() for relay in relays]
        arrivals = await watchers.measure(leaders[len(leaders) // 2], args.updates)
        result = {"tables": args.tables, "watchers": args.watchers,
                  "relay_push_ms": [push_summary([t for t, _ in await relay.pushes(args.updates)])
                                    for relay in relays],
                  "kib_per_watcher_second_process": round((after[1] - before[1])
                                                          / max(1, args.watchers - half), 1),
                  "rss_mib": [round(x / 1024, 1) for x in after],
                  **figures(arrivals, [g for *_, g in watchers.socks])}
        pings.cancel()
        watchers.close()
        for _, writer, _ in leaders:
            writer.close()
        return result
    finally:
        for relay in relays:
            relay.stop()
        redis.kill()
        redis.wait(5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--watchers", type=int, default=5000)
    parser.add_argument("--updates", type=int, default=40)
    parser.add_argument("--churn", type=float, default=100.0,
                        help="changes/s for 10 s after the updates (0: skip)")
    parser.add_argument("--no-redis", action="store_true")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}", flush=True)
    print(json.dumps({"one_process": asyncio.run(one_process(args))}, indent=1), flush=True)
    if not args.no_redis:
        print(json.dumps({"two_processes_redis": asyncio.run(two_processes(args))}, indent=1),
              flush=True)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
