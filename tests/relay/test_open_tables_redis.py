"""The open tables' list across relay processes through a real redis-server
(relay/open_tables_redis.py): a table listed through one process is listed to the watchers of
another, changes and removals follow, a process that starts later gets the list, a process that
dies takes its rows with it within the TTL, a hand-over across processes keeps the row, and Redis
faults (FLUSHALL, a restart) heal.

The redis-server is started on a free loopback port (devtools/redis_server.py), as in
tests/relay/test_redis_backplane.py; a missing redis-server fails these tests."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack

import pytest

from tests.relay.test_open_tables import (
    SNYD,
    TABLES,
    change,
    leader,
    quiet,
    relay,
    watch,
)
from tests.relay.test_redis_backplane import redis_server
from tests.relay.test_rooms import close_code, guest, host, receive, run, until

LATE = TABLES.ttl + 4 * TABLES.sweep + 0.5   # s: a row must be gone by then everywhere


@pytest.fixture
def redis():
    server = redis_server()
    server.start()
    try:
        yield server
    finally:
        server.kill()


def test_a_table_listed_through_one_process_is_listed_by_another(redis):
    async def go():
        async with AsyncExitStack() as stack:
            one = await stack.enter_async_context(relay(redis_url=redis.url))
            two = await stack.enter_async_context(relay(redis_url=redis.url))
            w, rows = await watch(two)
            assert rows == {}
            h, room, _, tid = await leader(one)
            assert await change(w) == {tid: {"id": tid, "room": room, **SNYD}}
            # Guests join through the other process with the listed room id.
            _, ready = await guest(two, room)
            assert ready["host"] is True
            await h.send_json({"op": "list", "table": {**SNYD, "free": 2}})
            await receive(h)
            assert (await change(w))[tid]["free"] == 2
            # It stays listed on two while its leader keeps talking (alive every sweep).
            for _ in range(10):
                await h.send_json({"op": "ping"})
                await asyncio.sleep(0.1)
            assert tid in two.lobby.rows
            # A process that starts now gets the list from Redis.
            three = await stack.enter_async_context(relay(redis_url=redis.url))
            _, rows3 = await watch(three)
            assert rows3[tid]["free"] == 2
            await h.send_json({"op": "unlist"})
            assert await change(w) == {tid: None}
            await until(lambda: not three.lobby.rows)
    run(go)


def test_a_vanished_leader_or_a_dead_process_is_gone_everywhere_within_the_ttl(redis):
    async def go():
        async with AsyncExitStack() as stack:
            one = await stack.enter_async_context(relay(redis_url=redis.url))
            two = await stack.enter_async_context(relay(redis_url=redis.url))
            w, _ = await watch(two)
            loop = asyncio.get_running_loop()
            h, _, _, tid = await leader(one)
            await change(w)
            start = loop.time()
            await h.close()                                   # the leader's phone is gone
            assert await change(w) == {tid: None}
            assert loop.time() - start <= LATE
            # The process itself dies: nothing of it talks to Redis any more.
            h2, _, _, tid2 = await leader(one)
            await change(w)
            pinger = asyncio.create_task(keep_pinging(h2))   # its leader is fine
            start = loop.time()
            one.lobby._sweeper.cancel()
            for task in one.lobby.share._tasks:
                task.cancel()
            assert await change(w) == {tid2: None}
            assert loop.time() - start <= LATE
            pinger.cancel()
    run(go)


async def keep_pinging(ws) -> None:
    while True:
        await ws.send_json({"op": "ping"})
        await asyncio.sleep(0.1)


def test_a_hand_over_to_another_process_keeps_the_row(redis):
    async def go():
        async with AsyncExitStack() as stack:
            one = await stack.enter_async_context(relay(redis_url=redis.url))
            two = await stack.enter_async_context(relay(redis_url=redis.url))
            w1, _ = await watch(one)
            w2, _ = await watch(two)
            h, room, key, tid = await leader(one)
            await change(w1)
            await change(w2)
            # The next leader attaches to the room on the other process and lists it again.
            h2, _ = await host(two, room, key)
            assert await close_code(h) == 4001
            await h2.send_json({"op": "list", "table": {**SNYD, "name": "Karl"}})
            assert await receive(h2) == {"op": "listed", "id": tid}
            assert (await change(w1))[tid]["name"] == "Karl"
            assert (await change(w2))[tid]["name"] == "Karl"
            pinger = asyncio.create_task(keep_pinging(h2))
            await asyncio.sleep(LATE)                        # the old leader's TTL is long past
            await quiet(w1, 0.05)
            await quiet(w2, 0.05)
            assert one.lobby.rows[tid].origin == two.lobby.share.origin
            assert two.lobby.rows[tid].conn is not None
            pinger.cancel()
    run(go)


def test_the_list_heals_after_redis_loses_its_data_or_restarts(redis):
    healed = []

    async def go():
        async with AsyncExitStack() as stack:
            one = await stack.enter_async_context(relay(redis_url=redis.url))
            two = await stack.enter_async_context(relay(redis_url=redis.url))
            w, _ = await watch(two)
            h, _, _, tid = await leader(one)
            await change(w)
            pinger = asyncio.create_task(keep_pinging(h))
            # FLUSHALL: the rows stay listed, and one writes its hash back within a sweep, so a
            # process starting after the loss lists the table too.
            await two.lobby.share.redis.flushall()
            await asyncio.sleep(4 * TABLES.sweep)
            three = await stack.enter_async_context(relay(redis_url=redis.url))
            _, rows3 = await watch(three)
            assert tid in rows3
            await quiet(w, 0.3)                              # no flicker on two
            # Redis restarts: while it is away two cannot know that the table is alive, so it
            # stops listing it within the TTL (the list never lies); once Redis is back the
            # row returns without anyone listing it again.
            redis.kill()
            assert await change(w) == {tid: None}
            redis.start()
            back = asyncio.get_running_loop().time()
            await until(lambda: tid in two.lobby.rows, timeout=20)
            healed.append(asyncio.get_running_loop().time() - back)
            assert (await change(w))[tid]["name"] == SNYD["name"]
            pinger.cancel()
    run(go)
    print(f"listed again {healed[0]:.2f} s after Redis answered")
