"""Relay rooms benchmark (relay/rooms.py): load, saturation and memory on loopback.

    .venv/bin/python bench/relay.py [--rooms 250] [--load-seconds 10] [--sat-seconds 5]
                                    [--refused-rate 900] [--refused-seconds 20]
                                    [--no-redis] [--compare OLD_ROOT]

`--compare OLD_ROOT` runs the one-process figures against the relay package under OLD_ROOT too
(e.g. a copy of the previous code: `mkdir -p /tmp/old/relay && git show HEAD~1:relay/rooms.py >
/tmp/old/relay/rooms.py`, with relay/__init__.py and backplane.py beside it), in the same run.

The relay runs as its own process (one asyncio loop: one core), the load generator is this
process. The generator speaks raw WebSocket frames over asyncio streams (pre-built, zero-mask
client frames; received frames counted by bytes during saturation), so that one Python process
can drive the relay to its limit. Printed:

1. memory: the relay's RSS before and after opening `--rooms` x 4 connections (1 host + 3
   guests each), per idle connection;
2. load: every client sends one frame a second for `--load-seconds` (guests to their host, the
   host to one guest in turn), each frame carrying its send time: p50/p99/max forwarding latency
   (send to receive, both in this process) and the frames delivered;
3. saturation: every guest sends as fast as the relay takes frames for `--sat-seconds`; frames
   delivered per second (counted at the hosts), and per CPU-second of the relay process;
4. stalled: the load of 2 again, with one guest in every tenth room that stops reading (a
   4 KiB receive buffer, never read) while its host sends it 64 KB frames 20 times a second:
   p50/p99/max of everyone else's frames (one slow phone must delay nobody);
5. refused: `--refused-rate` connections a second for `--refused-seconds`, each refused by the
   relay (a junk first frame: 4400; the client answers the close, as a browser does): the
   relay's RSS before, right after and 5 s after (what refused sockets leave behind);
6. the same 2 and 3 through two relay processes sharing rooms through a redis-server this
   script starts (hosts on one process, guests on the other: every frame crosses Redis).

The per-connection rate limit (50/s) is lifted in the relay under test, or saturation would
measure the limiter. Everything is bounded in time; every process started here is stopped.
The machine's load average is printed with the figures: they are shared-machine figures.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import socket
import statistics
import struct
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/: run as a script or imported

from relay_process import RelayProcess, client_frame, free_port, start_redis

SERVE = """
import dataclasses, sys
sys.path.insert(0, sys.argv[1])
from aiohttp import web
from relay.rooms import RoomLimits, install
try:
    from relay.server import room_state    # the server chooses the rooms' state
except ImportError:                        # an older relay: install() took the Redis URL
    def room_state(limits, url):
        return url
lifted = dict(rate=1e9, burst=1e9, guest_rate=1e9, guest_burst=1e9, hosts_per_minute=1e9,
              connections=100_000, rooms=100_000)
known = {f.name for f in dataclasses.fields(RoomLimits)}   # an older relay has fewer limits
limits = RoomLimits(**{k: v for k, v in lifted.items() if k in known})
app = web.Application()
install(app, limits, room_state(limits, sys.argv[3] or None))
web.run_app(app, host="127.0.0.1", port=int(sys.argv[2]), print=None, access_log=None)
"""

WINDOW = 400  # saturation: frames per room sent but not yet delivered

HANDSHAKE = (b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


def server_frame_size(text: str) -> int:
    n = len(text.encode())
    return n + (2 if n < 126 else 4)


class Client:
    """One raw WebSocket client."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.buffer = b""
        self.peer = ""

    @classmethod
    async def open(cls, port: int, rcvbuf: int = 0) -> Client:
        sock = socket.socket()
        if rcvbuf:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        sock.setblocking(False)
        await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port))
        reader, writer = await asyncio.open_connection(sock=sock)
        writer.write(HANDSHAKE)
        await reader.readuntil(b"\r\n\r\n")
        return cls(reader, writer)

    def send(self, frame: dict) -> None:
        self.writer.write(client_frame(json.dumps(frame, separators=(",", ":"))))

    async def receive(self) -> dict:
        while True:
            if len(self.buffer) >= 2:
                n = self.buffer[1] & 0x7F
                start = 2
                if n == 126:
                    if len(self.buffer) < 4:
                        n = -1
                    else:
                        n, start = struct.unpack("!H", self.buffer[2:4])[0], 4
                if n >= 0 and len(self.buffer) >= start + n:
                    opcode = self.buffer[0] & 0x0F
                    payload, self.buffer = self.buffer[start:start + n], self.buffer[start + n:]
                    if opcode == 1:
                        return json.loads(payload)
                    if opcode == 8:
                        raise ConnectionError("closed by the relay")
                    continue  # ping etc.
            data = await self.reader.read(65536)
            if not data:
                raise ConnectionError("eof")
            self.buffer += data


class Relay(RelayProcess):
    """A relay process (bench/relay_process.py) serving /ws with the rate limits lifted."""

    def __init__(self, redis_url: str = "", cpu: int | None = None, root: Path = ROOT) -> None:
        super().__init__(SERVE, root, redis_url, cpu)


async def open_rooms(host_port: int, guest_port: int, rooms: int,
                     stalled_every: int = 0) -> list[tuple[Client, list]]:
    """`rooms` rooms of 1 host + 3 guests; the joined notices consumed. With `stalled_every`,
    the first guest of every such room gets a 4 KiB receive buffer (it will stop reading)."""
    import secrets

    tables = []
    for i in range(rooms):
        room = secrets.token_urlsafe(16)
        h = await Client.open(host_port)
        h.send({"op": "host", "room": room, "key": secrets.token_urlsafe(16)})
        await h.receive()
        guests = []
        for j in range(3):
            small = stalled_every and i % stalled_every == 0 and j == 0
            g = await Client.open(guest_port, rcvbuf=4096 if small else 0)
            g.send({"op": "join", "room": room})
            g.peer = (await g.receive())["peer"]
            guests.append(g)
        for _ in range(3):
            await h.receive()
        tables.append((h, guests))
    return tables


async def load(tables: list, seconds: float, stalled_every: int = 0) -> dict:
    """Every client sends 1 frame/s (spread over the second); latency at the receivers. With
    `stalled_every`, the first guest of every such room never reads (nor sends) and its host
    also sends it a 64 KB frame 20 times a second; the other members of those rooms ("near":
    the frames of a host with a stalled guest) are reported apart from everyone else."""
    latencies: dict[str, list[float]] = {"others": [], "near": []}
    expected = {"others": 0, "near": 0}
    stop = time.monotonic() + seconds
    big = {"op": "send", "data": "x" * 64_000}

    async def pusher(client: Client, to: Client) -> None:
        frame = client_frame(json.dumps({**big, "to": to.peer}, separators=(",", ":")))
        while time.monotonic() < stop:
            client.writer.write(frame)
            await asyncio.sleep(0.05)

    async def sender(client: Client, to: list | None, offset: float, group: str,
                     stalled: Client | None) -> None:
        await asyncio.sleep(offset)
        turn = 0
        while time.monotonic() < stop:
            frame = {"op": "send", "data": str(time.monotonic_ns())}
            if to is not None:
                target = to[turn % len(to)]
                frame["to"] = target.peer
                turn += 1
            if to is None or target is not stalled:
                expected[group] += 1
            client.send(frame)
            await asyncio.sleep(1.0)

    async def receiver(client: Client, group: str) -> None:
        while True:
            msg = await client.receive()
            if msg.get("op") == "from":
                latencies[group].append((time.monotonic_ns() - int(msg["data"])) / 1e6)

    n = sum(1 + len(g) for _, g in tables)
    tasks, i = [], 0
    for room, (h, guests) in enumerate(tables):
        stalled = guests[0] if stalled_every and room % stalled_every == 0 else None
        group = "near" if stalled is not None else "others"
        if stalled is not None:
            tasks.append(asyncio.create_task(pusher(h, stalled)))
        for c, to in [(h, guests)] + [(g, None) for g in guests]:
            if c is not stalled:
                tasks.append(asyncio.create_task(
                    sender(c, to, (i % 1000) / 1000, group, stalled)))
                tasks.append(asyncio.create_task(receiver(c, group)))
            i += 1
    await asyncio.sleep(seconds + 1.0)  # the last frames arrive
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    result: dict = {"connections": n}
    for group, values in latencies.items():
        if not expected[group]:
            continue
        values.sort()
        q = statistics.quantiles(values, n=100) if len(values) > 1 else [0.0] * 99
        result[group] = {"sent": expected[group], "delivered": len(values), "p50_ms": q[49],
                         "p99_ms": q[98], "max_ms": values[-1] if values else None}
    return result


async def saturate(tables: list, seconds: float, relays: list[Relay]) -> dict:
    """The guests send as fast as the relay delivers, with at most `WINDOW` frames per room in
    flight (else kernel socket buffers, megabytes each on loopback, would swallow millions of
    frames and the figure would mean nothing); delivered frames counted by bytes at the hosts."""
    payload = "x" * 60
    frame = client_frame(json.dumps({"op": "send", "data": payload}, separators=(",", ":")))
    size = server_frame_size(json.dumps({"op": "from", "peer": "A" * 8, "data": payload},
                                        separators=(",", ":")))
    chunk = 20                                  # frames per write
    burst = frame * chunk
    rooms = len(tables)
    sent = [0] * rooms
    got = [0] * rooms                           # bytes at each host
    progress = [asyncio.Event() for _ in range(rooms)]
    running = [True]

    async def sender(room: int, g: Client) -> None:
        while running[0]:
            if sent[room] - got[room] // size >= WINDOW:
                progress[room].clear()
                await progress[room].wait()
                continue
            g.writer.write(burst)
            sent[room] += chunk
            await g.writer.drain()

    async def counter(room: int, h: Client) -> None:
        h.buffer = b""
        while True:
            data = await h.reader.read(1 << 16)
            if not data:
                return
            got[room] += len(data)
            progress[room].set()

    tasks = [asyncio.create_task(counter(i, h)) for i, (h, _) in enumerate(tables)]
    await asyncio.sleep(0)
    start, cpu0, own0 = time.monotonic(), sum(r.cpu_seconds() for r in relays), time.process_time()
    senders = [asyncio.create_task(sender(i, g)) for i, (_, guests) in enumerate(tables)
               for g in guests]
    await asyncio.sleep(seconds)
    running[0] = False
    for event in progress:
        event.set()
    await asyncio.gather(*senders, return_exceptions=True)
    # Until the last frame in flight arrives (or 5 s without progress: frames were lost).
    last, last_change = sum(got), time.monotonic()
    while sum(got) < sum(sent) * size and time.monotonic() - last_change < 5:
        await asyncio.sleep(0.02)
        if sum(got) != last:
            last, last_change = sum(got), time.monotonic()
    elapsed = last_change - start
    cpu = sum(r.cpu_seconds() for r in relays) - cpu0
    own = time.process_time() - own0
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    delivered = sum(got) / size
    return {"sent": sum(sent), "delivered": int(delivered), "seconds": round(elapsed, 2),
            "delivered_per_s": delivered / elapsed, "relay_cpu_s_per_s": cpu / elapsed,
            "generator_cpu_s_per_s": own / elapsed,
            "delivered_per_cpu_s": delivered / cpu if cpu else 0.0}


async def refused(relay: Relay, rate: float, seconds: float) -> dict:
    """`rate` connections a second for `seconds`, each refused by the relay: a junk first frame
    (4400); the client reads the close frame and answers it, then hangs up. At most 2,000 in
    flight. The relay's RSS before, every 5 s, right after and 5 s after."""
    junk = client_frame("junk")
    answer = bytes([0x88, 0x82]) + b"\0\0\0\0" + struct.pack("!H", 1000)  # masked close 1000
    done, failed = [0], [0]

    async def one() -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", relay.port)
            writer.write(HANDSHAKE + junk)
            await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
            await asyncio.wait_for(reader.read(256), 10)    # the relay's close frame
            writer.write(answer)
            writer.close()
            done[0] += 1
        except (TimeoutError, OSError, asyncio.IncompleteReadError):
            failed[0] += 1

    before = relay.rss_kib()
    tasks: set[asyncio.Task] = set()
    start, started = time.monotonic(), 0
    samples, next_sample = [], start + 5
    while time.monotonic() - start < seconds:
        if time.monotonic() >= next_sample:   # a leak grows with time, a high-water mark not
            samples.append(round(relay.rss_kib() / 1024, 1))
            next_sample += 5
        due = int((time.monotonic() - start) * rate)
        while started < due and len(tasks) < 2000:
            task = asyncio.create_task(one())
            tasks.add(task)
            task.add_done_callback(tasks.discard)
            started += 1
        await asyncio.sleep(0.01)
    await asyncio.gather(*tasks, return_exceptions=True)
    elapsed = time.monotonic() - start
    after = relay.rss_kib()
    await asyncio.sleep(5)
    later = relay.rss_kib()
    return {"refused": done[0], "failed": failed[0], "per_s": done[0] / elapsed,
            "rss_before_mib": before / 1024, "rss_every_5s_mib": samples,
            "rss_after_mib": after / 1024, "rss_5s_later_mib": later / 1024}


def close_all(tables: list) -> None:
    for h, guests in tables:
        for c in [h, *guests]:
            c.writer.close()


async def one_process(args: argparse.Namespace, root: Path = ROOT) -> dict:
    relay = Relay(cpu=0, root=root)
    os.sched_setaffinity(0, {1})  # the generator on the other core
    try:
        await asyncio.sleep(0.5)
        before = relay.rss_kib()
        tables = await open_rooms(relay.port, relay.port, args.rooms, stalled_every=10)
        await asyncio.sleep(1.0)
        after = relay.rss_kib()
        n = args.rooms * 4
        result = {"root": str(root), "rss_before_mib": before / 1024,
                  "rss_after_mib": after / 1024, "kib_per_idle_connection": (after - before) / n}
        cpu0 = relay.cpu_seconds()
        result["load"] = await load(tables, args.load_seconds)
        result["load"]["relay_cpu_s"] = relay.cpu_seconds() - cpu0
        result["saturation"] = await saturate(tables, args.sat_seconds, [relay])
        cpu0 = relay.cpu_seconds()
        result["stalled"] = await load(tables, args.load_seconds, stalled_every=10)
        result["stalled"]["relay_cpu_s"] = relay.cpu_seconds() - cpu0
        close_all(tables)
        await asyncio.sleep(1.0)
        result["refused"] = await refused(relay, args.refused_rate, args.refused_seconds)
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
        relays = [Relay(url), Relay(url)]
        tables = await open_rooms(relays[0].port, relays[1].port, args.rooms)
        result = {"load": await load(tables, args.load_seconds),
                  "saturation": await saturate(tables, args.sat_seconds, relays)}
        close_all(tables)
        return result
    finally:
        for relay in relays:
            relay.stop()
        redis.kill()
        redis.wait(5)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=250)
    parser.add_argument("--load-seconds", type=float, default=10.0)
    parser.add_argument("--sat-seconds", type=float, default=5.0)
    parser.add_argument("--refused-rate", type=float, default=900.0)
    parser.add_argument("--refused-seconds", type=float, default=20.0)
    parser.add_argument("--no-redis", action="store_true")
    parser.add_argument("--compare", metavar="OLD_ROOT", help="also run one process from here")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}", flush=True)
    results = {}
    if args.compare:
        results["one_process_old"] = asyncio.run(one_process(args, Path(args.compare)))
        print(json.dumps(results["one_process_old"], indent=1), flush=True)
    results["one_process"] = asyncio.run(one_process(args))
    print(json.dumps(results["one_process"], indent=1), flush=True)
    if not args.no_redis:
        results["two_processes_redis"] = asyncio.run(two_processes(args))
        print(json.dumps(results["two_processes_redis"], indent=1), flush=True)
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
