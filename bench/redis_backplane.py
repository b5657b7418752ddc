"""Redis backplane benchmark (relay/backplane.py): hellos, bad messages, recovery, on loopback.

    .venv/bin/python bench/redis_backplane.py [--rooms 200] [--trials 3] [--compare OLD_FILE]

Two relay hubs in this process (aiohttp test servers, one asyncio loop: one core shared with
the clients) share rooms through a redis-server this script starts. Printed:

1. hellos: `--rooms` rooms of 1 host (process one) + 3 guests (process two), every hello sent
   at once, then every socket closed: hellos/s until all are ready, closes/s until both
   processes have forgotten every socket (every state command crosses Redis), and the time
   of one sweep's refresh on both processes at once with every room live (median of 5);
2. bad messages: 10,000 frames for one room published through process two's state beside
   100 that cannot be encoded (lone surrogates) for another room, in batches of 1,000: the
   frames that reach the host on process one, and the time until the last one;
3. recovery (this code only): a live table (host on one, guest on two), then Redis loses its
   data, `--trials` times each way: FLUSHALL, and kill + restart on the same port (timed from
   the restarted server's first answer). Seconds until the room's key is back in Redis while
   nobody knocks, until a guest joining on a process that held nothing of the room is seated
   (retrying on 1011 every 50 ms; its first 1011 asks every process to re-assert), and
   (restart) until frames flow between host and guest again. Default limits: `sweep` 5 s, so
   with nobody knocking a FLUSHALL is found at the next sweep (uniform in 0-5 s); a restart is
   found when the subscription breaks.

`--compare OLD_FILE` runs 1 and 2 with the backplane module in OLD_FILE too (e.g.
`git show 1e9b27f~1:relay/backplane.py > /tmp/old_backplane.py`), in the same run.
Everything is bounded in time; the redis-server started here is stopped.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import statistics
import sys
import time
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

import relay.backplane
from devtools.redis_server import RedisServer
from relay.rooms import Hub, RoomLimits

LIMITS = RoomLimits(rate=1e9, burst=1e9, guest_rate=1e9, guest_burst=1e9,
                    hosts_per_minute=1e9, connections=100_000, rooms=100_000)
WAIT = 20.0


def load_module(path: str):
    spec = importlib.util.spec_from_file_location("old_backplane", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@asynccontextmanager
async def process(module, url: str, limits: RoomLimits):
    """One relay process's hub, with the backplane class of `module`."""
    hub = Hub(limits, module.RedisBackplane(url, limits))
    app = web.Application()
    app.router.add_get("/ws", hub.handle)
    app.on_startup.append(hub.start)
    app.on_shutdown.append(hub.shutdown)
    app.on_cleanup.append(hub.stop)
    # No connector limit: every hello's socket stays open (aiohttp's default is 100).
    async with TestClient(TestServer(app), connector=aiohttp.TCPConnector(limit=0)) as client:
        client.hub = hub
        yield client


@asynccontextmanager
async def processes(module, url: str, n: int, limits: RoomLimits = LIMITS):
    async with AsyncExitStack() as stack:
        yield [await stack.enter_async_context(process(module, url, limits)) for _ in range(n)]


def new_id() -> str:
    import secrets

    return secrets.token_urlsafe(16)


async def hello(client, frame: dict):
    ws = await client.ws_connect("/ws")
    await ws.send_json(frame)
    msg = await asyncio.wait_for(ws.receive(), WAIT)
    if msg.type is aiohttp.WSMsgType.TEXT:
        ws.ready = json.loads(msg.data)
        return ws, None
    return None, msg.data if msg.type is aiohttp.WSMsgType.CLOSE else ws.close_code


async def hellos(module, url: str, rooms: int) -> dict:
    async with processes(module, url, 2) as (one, two):
        ids = [(new_id(), new_id()) for _ in range(rooms)]
        start = time.perf_counter()
        hosts = await asyncio.gather(*(hello(one, {"op": "host", "room": r, "key": k})
                                       for r, k in ids))
        guests = await asyncio.gather(*(hello(two, {"op": "join", "room": r})
                                        for r, _ in ids for _ in range(3)))
        ready_s = time.perf_counter() - start
        sockets = [ws for ws, _ in hosts + guests if ws is not None]
        # One sweep's refresh on each process (every room re-asserted), median of 5.
        refresh_ms = []
        for _ in range(5):
            start = time.perf_counter()
            await asyncio.gather(one.hub.state.refresh(list(one.hub.rooms)),
                                 two.hub.state.refresh(list(two.hub.rooms)))
            refresh_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        await asyncio.gather(*(ws.close() for ws in sockets))
        while one.hub.conns or two.hub.conns or one.hub.rooms or two.hub.rooms:
            await asyncio.sleep(0.005)
        closed_s = time.perf_counter() - start
        return {"hellos": len(hosts) + len(guests), "ready": len(sockets),
                "hellos_per_s": round(len(sockets) / ready_s),
                "closes_per_s": round(len(sockets) / closed_s),
                "refresh_both_ms": round(statistics.median(refresh_ms), 1)}


async def bad_messages(module, url: str) -> dict:
    bad = '{"op":"from","peer":"xxxxxxxx","data":"\ud800"}'
    async with processes(module, url, 2) as (one, two):
        room, key = new_id(), new_id()
        h, _ = await hello(one, {"op": "host", "room": room, "key": key})
        a, _ = await hello(two, {"op": "join", "room": room})
        await asyncio.wait_for(h.receive(), WAIT)                 # joined
        peer = a.ready["peer"]
        state, other = two.hub.state, new_id()
        start = time.perf_counter()
        for batch in range(10):
            for i in range(1000):
                if i % 100 == 0:
                    state.publish(other, {"t": "to", "peer": "host", "text": bad})
                text = json.dumps({"op": "from", "peer": peer, "data": str(batch * 1000 + i)})
                state.publish(room, {"t": "to", "peer": "host", "text": text})
            await asyncio.sleep(0.01)
        got, last = 0, start
        while True:
            try:
                msg = await asyncio.wait_for(h.receive(), 3.0)
            except TimeoutError:
                break
            if msg.type is not aiohttp.WSMsgType.TEXT:
                break
            got += 1
            last = time.perf_counter()
            if got == 10_000:
                break
        return {"sent": 10_000, "delivered": got, "seconds": round(last - start, 3)}


async def seated(client, frame: dict):
    """A hello retried while it gets 1011 (Redis recovering), as the phone's backoff would."""
    while True:
        ws, code = await hello(client, frame)
        if ws is not None:
            return ws
        if code != 1011:
            raise RuntimeError(f"hello refused {code}")
        await asyncio.sleep(0.05)


async def until_true(check) -> None:
    while not await check():
        await asyncio.sleep(0.01)


async def recovery(server: RedisServer, how: str, passive: bool) -> dict:
    import redis.asyncio as redis

    async with processes(relay.backplane, server.url, 3) as (one, two, three):
        room, key = new_id(), new_id()
        # (A new room within the grace of the previous trial's loss gets 1011 first.)
        h = await seated(one, {"op": "host", "room": room, "key": key})
        a, _ = await hello(two, {"op": "join", "room": room})
        await asyncio.wait_for(h.receive(), WAIT)
        await asyncio.sleep(5 * os.urandom(1)[0] / 255)           # a random phase of the sweep
        db = redis.from_url(server.url)
        start = time.perf_counter()
        if how == "flushall":
            await db.flushall()
        else:
            server.kill()
            server.start()
            start = time.perf_counter()
        figures = {}
        if passive:  # nobody knocks: the sweeps (or the broken subscription) find the loss
            await asyncio.wait_for(until_true(lambda: db.exists(f"bb:room:{room}:key")), WAIT)
            figures["key_back_s"] = time.perf_counter() - start
        # A guest knocking at once (its 1011 asks every process to re-assert).
        await asyncio.wait_for(seated(three, {"op": "join", "room": room}), WAIT)
        figures["guest_seated_s"] = time.perf_counter() - start
        if how == "restart":
            while True:
                await a.send_json({"op": "send", "data": "up?"})
                try:
                    msg = await asyncio.wait_for(h.receive(), 0.05)
                    if json.loads(msg.data).get("op") == "from":
                        break
                except TimeoutError:
                    pass
            figures["frames_flow_s"] = time.perf_counter() - start
        await db.aclose()
        return figures


def median_of(trials: list[dict]) -> dict:
    return {name: f"{statistics.median(t[name] for t in trials):.2f} "
                  f"(max {max(t[name] for t in trials):.2f})" for name in trials[0]}


async def main_async(args: argparse.Namespace) -> None:
    try:
        server = RedisServer()
    except FileNotFoundError as missing:
        print(missing)
        return
    server.start()
    try:
        modules = [("this code", relay.backplane)]
        if args.compare:
            modules.append((f"old ({args.compare})", load_module(args.compare)))
        for name, module in modules:
            print(f"{name}: hellos {await hellos(module, server.url, args.rooms)}", flush=True)
            print(f"{name}: bad messages {await bad_messages(module, server.url)}", flush=True)
        for how in ("flushall", "restart"):
            for passive in (True, False):
                trials = [await recovery(server, how, passive) for _ in range(args.trials)]
                way = "nobody knocks, then a guest" if passive else "a guest knocks at once"
                print(f"recovery after {how}, {way} (s, median of {args.trials}): "
                      f"{median_of(trials)}", flush=True)
    finally:
        server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--compare", metavar="OLD_FILE")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()}", flush=True)
    asyncio.run(asyncio.wait_for(main_async(args), 600))
    print(f"load average after: {os.getloadavg()}", flush=True)


if __name__ == "__main__":
    main()
