"""Two relay processes sharing rooms through a real redis-server (relay/backplane.py): a host on
one app, guests on the other, each app with its own Redis client.

The fixture starts `redis-server` on a free loopback port and kills it at teardown. In CI (env
CI=true) a missing redis-server fails these tests; locally they are skipped with the reason."""

from __future__ import annotations

import asyncio
import contextlib
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import replace

import pytest

from devtools.redis_server import RedisServer
from tests.relay.test_rooms import (
    TEST_LIMITS,
    close_code,
    guest,
    host,
    new_id,
    receive,
    relay,
    run,
    stalled_host,
    until,
)


@pytest.fixture
def redis_url():
    server = redis_server()
    server.start()
    try:
        yield server.url
    finally:
        server.kill()


def redis_server() -> RedisServer:
    """A RedisServer, or the test fails: the Redis backplane must be tested (never a skip)."""
    try:
        return RedisServer()
    except FileNotFoundError as missing:
        pytest.fail(f"{missing}: the Redis backplane must be tested")


@asynccontextmanager
async def relays(url: str, *limits):
    """One relay process per entry of `limits`, all on the Redis at `url`."""
    async with AsyncExitStack() as stack:
        yield [await stack.enter_async_context(relay(each, url)) for each in limits]


def two_relays(url: str, limits=TEST_LIMITS):
    return relays(url, limits, limits)


def test_host_on_one_process_guests_on_the_other(redis_url):
    async def go():
        async with two_relays(redis_url) as (one, two):
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, a_ready = await guest(two, room)
            b, b_ready = await guest(two, room)
            assert a_ready["host"] is True
            assert [await receive(h) for _ in range(2)] == [
                {"op": "joined", "peer": a_ready["peer"]}, {"op": "joined", "peer": b_ready["peer"]}]
            # Any text survives the hop through Redis (its channel messages are line-based).
            tricky = 'bid\n{"v":1}\r\n\u2028 Sæt dig ved bordet " \\ to host x'
            await a.send_json({"op": "send", "data": tricky})
            assert await receive(h) == {"op": "from", "peer": a_ready["peer"], "data": tricky}
            await h.send_json({"op": "send", "to": b_ready["peer"], "data": "for b"})
            await h.send_json({"op": "send", "to": a_ready["peer"], "data": "for a"})
            assert await receive(b) == {"op": "from", "peer": "host", "data": "for b"}
            assert await receive(a) == {"op": "from", "peer": "host", "data": "for a"}
            await b.close()
            assert await receive(h) == {"op": "left", "peer": b_ready["peer"]}
            # The host reloads onto the other process: same room, same key.
            await h.close()
            assert await receive(a) == {"op": "host", "present": False}
            h2, _ = await host(two, room, key)
            assert await receive(a) == {"op": "host", "present": True}
            await a.send_json({"op": "send", "data": "again"})
            assert await receive(h2) == {"op": "from", "peer": a_ready["peer"], "data": "again"}
    run(go)


def test_keys_rooms_and_caps_hold_across_processes(redis_url):
    async def go():
        async with two_relays(redis_url) as (one, two):
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            thief = await two.ws_connect("/ws")
            await thief.send_json({"op": "host", "room": room, "key": new_id()})
            assert await close_code(thief) == 4403
            stray = await two.ws_connect("/ws")
            await stray.send_json({"op": "join", "room": new_id()})
            assert await close_code(stray) == 4404
            for client in (two, one, two):                    # host + 3 = the cap of 4
                await guest(client, room)
            extra = await one.ws_connect("/ws")
            await extra.send_json({"op": "join", "room": room})
            assert await close_code(extra) == 4409
            await host(two, room, key)                         # re-attach elsewhere: the old
            assert await close_code(h) == 4001                 # host connection is closed
            assert two.hub.counts()["rooms"] == 1
    run(go)


def test_a_room_expires_in_redis_after_its_last_member_left(redis_url):
    limits = replace(TEST_LIMITS, expiry=1.0)

    async def go():
        async with two_relays(redis_url, limits) as (one, two):
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            await h.close()
            await until(lambda: not one.hub.conns)
            a, ready = await guest(two, room)                  # kept while the host reloads
            assert ready["host"] is False
            await a.close()
            await asyncio.sleep(2.2)
            late = await two.ws_connect("/ws")
            await late.send_json({"op": "join", "room": room})
            assert await close_code(late) == 4404
    run(go)


def test_a_flood_through_redis_arrives_in_order_and_complete(redis_url):
    async def go():
        limits = replace(TEST_LIMITS, rate=1e6, burst=1e6, guest_rate=1e6, guest_burst=1e6)
        async with two_relays(redis_url, limits) as (one, two):
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, ready = await guest(two, room)
            assert await receive(h) == {"op": "joined", "peer": ready["peer"]}
            for i in range(3000):                               # bounded
                await a.send_json({"op": "send", "data": str(i)})
            got = [(await receive(h))["data"] for _ in range(3000)]
            assert got == [str(i) for i in range(3000)]
    run(go)


def test_a_host_that_stops_reading_does_not_stall_other_rooms_across_processes(redis_url):
    # One task delivers every frame arriving from Redis: it must never wait for one socket.
    # (A backlog cap above the flood: the stalled host is not cut off during this test.)
    limits = replace(TEST_LIMITS, max_backlog=64 << 20, rate=1e6, burst=1e6, guest_rate=1e6,
                     guest_burst=1e6, guest_frame_max=70_000)

    async def go():
        async with two_relays(redis_url, limits) as (one, two):
            stuck_room = new_id()
            raw = stalled_host(one.server.port, stuck_room)
            await until(lambda: stuck_room in one.hub.rooms)
            flooder, _ = await guest(two, stuck_room)
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, ready = await guest(two, room)
            assert await receive(h) == {"op": "joined", "peer": ready["peer"]}
            for _ in range(100):                          # ~6.5 MB at the stalled host
                await flooder.send_json({"op": "send", "data": "x" * 65_000})
            await flooder.send_json({"op": "ping"})       # the pong: all of it is on its way
            assert await receive(flooder) == {"op": "pong"}
            await a.send_json({"op": "send", "data": "still here"})
            assert await receive(h) == {"op": "from", "peer": ready["peer"], "data": "still here"}
            raw.close()
    run(go)


def test_redis_going_away_ends_new_hellos_with_1011_and_the_relay_stays_up(redis_url):
    async def go():
        async with relay(TEST_LIMITS, redis_url) as one:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            import redis.asyncio as redis

            admin = redis.from_url(redis_url)
            with contextlib.suppress(Exception):           # the server closes the connection
                await admin.shutdown(nosave=True)
            await admin.aclose()
            late = await one.ws_connect("/ws")
            await late.send_json({"op": "join", "room": room})
            assert await close_code(late) == 1011
            await h.send_json({"op": "ping"})               # the host's socket is unaffected
            assert await receive(h) == {"op": "pong"}
    run(go)
