"""The Redis backplane under faults (relay/backplane.py, docs/relay.md "Several processes"):
a message that cannot be published, a bad channel message, Redis flushed or restarted during a
live table (or only a room's key lost), a wrong host key while the host is away, empty rooms,
processes that died (or were taken for dead), a leave while Redis refuses.

Each test starts its own redis-server on a free loopback port (restartable on that port)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import aiohttp
import pytest
import redis.asyncio as redis

from devtools.browser import free_port
from relay.backplane import PREFIX, member_value
from relay.rooms import key_digest
from tests.relay.test_redis_backplane import redis_server, relays
from tests.relay.test_rooms import (
    TEST_LIMITS,
    WAIT,
    close_code,
    guest,
    host,
    new_id,
    receive,
    run,
    until,
)

RETRY = 1011   # "relay error, retry later": what a hello gets while Redis recovers its rooms



@pytest.fixture
def server():
    srv = redis_server()
    srv.start()
    try:
        yield srv
    finally:
        srv.kill()


@asynccontextmanager
async def admin(url: str):
    client = redis.from_url(url, decode_responses=True)
    try:
        yield client
    finally:
        await client.aclose()


async def hello(client, frame: dict) -> tuple[dict | None, int | None]:
    """Send a hello: (the ready frame, None) or (None, the close code)."""
    ws = await client.ws_connect("/ws")
    await ws.send_json(frame)
    msg = await asyncio.wait_for(ws.receive(), WAIT)
    if msg.type is aiohttp.WSMsgType.TEXT:
        ws.ready = json.loads(msg.data)
        return ws, None
    return None, (msg.data if msg.type is aiohttp.WSMsgType.CLOSE else ws.close_code)


async def until_not_retry(client, frame: dict) -> tuple[object, int | None]:
    """A hello repeated while it gets RETRY (as a phone's backoff would): its final answer."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while True:
        ws, code = await hello(client, frame)
        if code != RETRY:
            return ws, code
        assert asyncio.get_running_loop().time() < deadline, "still recovering"
        await asyncio.sleep(0.05)


def join(room: str) -> dict:
    return {"op": "join", "room": room}


def attach(room: str, key: str) -> dict:
    return {"op": "host", "room": room, "key": key}


async def frames_flow(sender, receiver, frame: dict, expect: dict) -> None:
    """Frames reach `receiver` again (those sent while Redis was away are lost: resend)."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while True:
        await sender.send_json(frame)
        try:
            msg = await asyncio.wait_for(receiver.receive(), 0.3)
        except TimeoutError:
            assert asyncio.get_running_loop().time() < deadline, "frames do not flow"
            continue
        got = json.loads(msg.data)
        if got == expect:
            return
        assert got.get("op") in ("host", "joined", "left"), got  # presence may come first


# -- publishing ------------------------------------------------------------------------------------

def test_a_message_that_cannot_be_published_loses_only_itself(server):
    # A lone surrogate cannot be encoded as UTF-8: today the whole pipeline of every room fails.
    bad = '{"op":"from","peer":"xxxxxxxx","data":"\ud800"}'

    async def go():
        async with relays(server.url, TEST_LIMITS, TEST_LIMITS) as (one, two):
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, ready = await guest(two, room)
            assert await receive(h) == {"op": "joined", "peer": ready["peer"]}
            state, other_room = two.hub.state, new_id()
            for i in range(50):  # one batch: nothing is awaited in between
                state.publish(other_room, {"t": "to", "peer": "host", "text": bad})
                if i == 25:
                    state.publish(room, {"t": "to", "peer": "host", "text": bad})
                text = json.dumps({"op": "from", "peer": ready["peer"], "data": str(i)})
                state.publish(room, {"t": "to", "peer": "host", "text": text})
            got = [(await receive(h))["data"] for _ in range(50)]
            assert got == [str(i) for i in range(50)]
            await a.send_json({"op": "send", "data": "after"})   # and the publisher goes on
            assert await receive(h) == {"op": "from", "peer": ready["peer"], "data": "after"}
    run(go)


def test_a_bad_channel_message_does_not_stop_the_reader(server):
    async def go():
        async with relays(server.url, TEST_LIMITS, TEST_LIMITS) as (one, two), \
                admin(server.url) as db:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, ready = await guest(two, room)
            assert await receive(h) == {"op": "joined", "peer": ready["peer"]}
            await db.publish(PREFIX + room, "someone\nno-spaces-here\njs - {not json")
            await a.send_json({"op": "send", "data": "after"})
            assert await receive(h) == {"op": "from", "peer": ready["peer"], "data": "after"}
    run(go)


# -- Redis loses its data --------------------------------------------------------------------------

def test_after_a_flushall_the_room_comes_back_with_its_key_and_members(server):
    async def go():
        async with relays(server.url, TEST_LIMITS, TEST_LIMITS) as (one, two), \
                admin(server.url) as db:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)                # the table lives on process one;
            a, a_ready = await guest(one, room)              # process two knows nothing of it
            assert await receive(h) == {"op": "joined", "peer": a_ready["peer"]}
            await db.flushall()
            # A reloading guest on the other process: never 4404 (final), at most a retry.
            b, code = await until_not_retry(two, join(room))
            assert code is None and b.ready["host"] is True
            assert await receive(h) == {"op": "joined", "peer": b.ready["peer"]}
            # Nobody takes the room with a new key, on either process.
            for client in (two, one):
                thief, code = await until_not_retry(client, attach(room, new_id()))
                assert thief is None and code == 4403
            assert await db.get(PREFIX + room + ":key") == key_digest(key)
            # The members are back too: the cap (4) still counts the host and guest a.
            c, code = await until_not_retry(two, join(room))
            assert await receive(h) == {"op": "joined", "peer": c.ready["peer"]}
            _, code = await hello(two, join(room))
            assert code == 4409
            await a.send_json({"op": "send", "data": "still here"})
            assert await receive(h) == {"op": "from", "peer": a_ready["peer"],
                                        "data": "still here"}
    run(go)


def test_a_restarted_redis_gets_the_rooms_back_and_frames_flow_again(server):
    async def go():
        async with relays(server.url, TEST_LIMITS, TEST_LIMITS, TEST_LIMITS) as (
                one, two, three), admin(server.url) as db:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, ready = await guest(two, room)
            assert await receive(h) == {"op": "joined", "peer": ready["peer"]}
            server.kill()
            server.start()                                   # empty: every key is gone
            await frames_flow(a, h, {"op": "send", "data": "up?"},
                              {"op": "from", "peer": ready["peer"], "data": "up?"})
            await frames_flow(h, a, {"op": "send", "to": ready["peer"], "data": "down?"},
                              {"op": "from", "peer": "host", "data": "down?"})
            # Process three held nothing of the room: it learns of it from Redis.
            b, code = await until_not_retry(three, join(room))
            assert code is None and b.ready["host"] is True
            thief, code = await until_not_retry(three, attach(room, new_id()))
            assert thief is None and code == 4403
            assert await db.get(PREFIX + room + ":key") == key_digest(key)
            _h2, code = await until_not_retry(three, attach(room, key))   # the host's reload
            assert code is None
            assert await close_code(h) == 4001
    run(go)


def test_while_redis_recovers_a_room_unknown_to_a_process_is_not_given_away(server):
    # Process one holds the table but cannot re-assert it yet (its sweep is slow and it does not
    # hear the resync request): in that window a `host` with a new key on process two must not
    # create the room under that key, and a `join` must not be told the room is gone.
    slow = replace(TEST_LIMITS, sweep=30.0)

    async def go():
        async with relays(server.url, slow, TEST_LIMITS) as (one, two), \
                admin(server.url) as db:
            one.hub.state._resync_soon = lambda: None
            room, key = new_id(), new_id()
            await host(one, room, key)
            await db.flushall()
            thief, code = await hello(two, attach(room, new_id()))
            assert thief is None and code == RETRY
            stray, code = await hello(two, join(room))        # not 4404: it may come back
            assert stray is None and code == RETRY
            _, code = await hello(one, attach(room, key))     # its host's reload re-asserts it
            assert code is None
            assert await db.get(PREFIX + room + ":key") == key_digest(key)
            thief, code = await hello(two, attach(room, new_id()))
            assert thief is None and code == 4403
    run(go)


def test_a_room_whose_key_alone_was_lost_is_not_new(server):
    # Only the key is gone (the members are there): the room was lost, not never made, even
    # outside the grace (bb:up is there). Process one cannot re-assert yet.
    slow = replace(TEST_LIMITS, sweep=30.0)

    async def go():
        async with relays(server.url, slow, TEST_LIMITS) as (one, two), \
                admin(server.url) as db:
            one.hub.state._resync_soon = lambda: None
            room, key = new_id(), new_id()
            await host(one, room, key)
            await guest(one, room)
            await db.delete(PREFIX + room + ":key")
            thief, code = await hello(two, attach(room, new_id()))
            assert thief is None and code == RETRY
            stray, code = await hello(two, join(room))
            assert stray is None and code == RETRY
            _, code = await hello(one, join(room))            # one knows the room: puts it back
            assert code is None
            assert await db.get(PREFIX + room + ":key") == key_digest(key)
    run(go)


def test_a_hello_for_a_lost_room_makes_every_process_re_assert_at_once(server):
    slow = replace(TEST_LIMITS, sweep=30.0)     # process one would re-assert in 30 s

    async def go():
        async with relays(server.url, slow, TEST_LIMITS) as (one, two), \
                admin(server.url) as db:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            await db.flushall()
            # Seated well before process one's sweep (until_not_retry gives up after WAIT, 5 s;
            # process two's grace is 2 s: without the request the join ends 4404).
            b, code = await until_not_retry(two, join(room))
            assert code is None and b.ready["host"] is True
            assert await db.get(PREFIX + room + ":key") == key_digest(key)
            assert await receive(h) == {"op": "joined", "peer": b.ready["peer"]}
    run(go)


# -- the host away ---------------------------------------------------------------------------------

def test_a_wrong_key_is_refused_while_the_host_is_away_across_processes(server):
    async def go():
        async with relays(server.url, TEST_LIMITS, TEST_LIMITS) as (one, two):
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, _ = await guest(two, room)
            await h.close()                                    # a reload: the room lives on
            assert await receive(a) == {"op": "host", "present": False}
            for client in (one, two):
                thief, code = await hello(client, attach(room, new_id()))
                assert thief is None and code == 4403
            _h2, _ = await host(one, room, key)
            assert await receive(a) == {"op": "host", "present": True}
    run(go)


def test_a_wrong_key_is_refused_while_the_host_is_away_and_redis_lost_the_room(server):
    async def go():
        async with relays(server.url, TEST_LIMITS, TEST_LIMITS) as (one, two), \
                admin(server.url) as db:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, _ = await guest(two, room)
            await h.close()
            assert await receive(a) == {"op": "host", "present": False}
            await until(lambda: not one.hub.rooms)             # process one holds nothing now
            await db.flushall()
            for client in (one, two):
                thief, code = await until_not_retry(client, attach(room, new_id()))
                assert thief is None and code == 4403
            _h2, code = await until_not_retry(one, attach(room, key))
            assert code is None
            assert await receive(a) == {"op": "host", "present": True}
    run(go)


# -- empty rooms -----------------------------------------------------------------------------------

def test_a_room_with_nobody_in_it_expires_after_empty_expiry(server):
    limits = replace(TEST_LIMITS, empty_expiry=1.0, expiry=60.0)

    async def go():
        async with relays(server.url, limits, limits) as (one, two), admin(server.url) as db:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            assert await db.ttl(PREFIX + room + ":key") > 50
            await h.close()
            await until(lambda: not one.hub.conns)
            assert 0 < await db.ttl(PREFIX + room + ":key") <= 1
            # A returning host within empty_expiry: the same room, and the key still counts.
            _thief, code = await hello(two, attach(room, new_id()))
            assert code == 4403
            h, _ = await host(two, room, key)
            await h.close()
            await until(lambda: not two.hub.conns)
            await asyncio.sleep(1.5)
            _late, code = await hello(one, join(room))
            assert code == 4404
    run(go)


def test_a_room_whose_guests_wait_for_their_host_keeps_the_long_expiry(server):
    limits = replace(TEST_LIMITS, empty_expiry=1.0, expiry=60.0)

    async def go():
        async with relays(server.url, limits, limits) as (one, two), admin(server.url) as db:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, _ = await guest(two, room)
            await h.close()
            assert await receive(a) == {"op": "host", "present": False}
            await asyncio.sleep(1.5)
            assert await db.ttl(PREFIX + room + ":key") > 50
            _b, ready = await guest(one, room)
            assert ready["host"] is False
            await host(one, room, key)
            assert await receive(a) == {"op": "host", "present": True}
    run(go)


# -- processes that died ---------------------------------------------------------------------------

def test_members_of_a_process_that_died_leave_the_room(server):
    dead = "0123456789abcdef"     # no bb:alive:<origin> key: that process is gone

    async def go():
        async with relays(server.url, TEST_LIMITS, TEST_LIMITS) as (one, two), \
                admin(server.url) as db:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            ghosts = ["ghost001", "ghost002", "ghost003"]       # host + 3 = the cap of 4
            await db.hset(PREFIX + room + ":members",
                          mapping={g: member_value("guest", dead) for g in ghosts})
            _a, ready = await guest(two, room)                   # today: 4409, room full
            heard = [await receive(h) for _ in range(4)]
            assert sorted(m["peer"] for m in heard if m["op"] == "left") == ghosts
            assert {"op": "joined", "peer": ready["peer"]} in heard

            # A room whose host sat on the dead process: guests hear it is away.
            other, other_key = new_id(), new_id()
            await db.set(PREFIX + other + ":key", key_digest(other_key), ex=60)
            await db.hset(PREFIX + other + ":members", "ghost004", member_value("host", dead))
            b, b_ready = await guest(two, other)
            assert b_ready["host"] is False                     # today: True
            await host(one, other, other_key)
            assert await receive(b) == {"op": "host", "present": True}
    run(go)


SERVE = """
import sys
from dataclasses import replace
from pathlib import Path
from aiohttp import web
from relay.rooms import install
from relay.server import room_state
from tests.relay.test_rooms import TEST_LIMITS
app = web.Application()
limits = replace(TEST_LIMITS, sweep=0.3)
install(app, limits, room_state(limits, sys.argv[1]))
web.run_app(app, host="127.0.0.1", port=int(sys.argv[2]), print=None)
"""


def test_a_relay_process_killed_outright_leaves_no_ghosts(server):
    port = free_port()
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen([sys.executable, "-c", SERVE, server.url, str(port)], cwd=root,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    async def go():
        async with relays(server.url, TEST_LIMITS) as (one,), aiohttp.ClientSession() as s:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            deadline = asyncio.get_running_loop().time() + 20
            while True:                                    # the other process is starting
                try:
                    doomed = await s.ws_connect(f"http://127.0.0.1:{port}/ws")
                    break
                except aiohttp.ClientError:
                    assert asyncio.get_running_loop().time() < deadline, "relay did not start"
                    await asyncio.sleep(0.1)
            await doomed.send_json(join(room))
            ready = await receive(doomed)
            assert await receive(h) == {"op": "joined", "peer": ready["peer"]}
            proc.kill()                                     # no leave ever runs
            proc.wait(5)
            # Its liveness key runs out (2 s), then process one's sweep drops the ghost.
            msg = await asyncio.wait_for(h.receive(), 10)
            assert json.loads(msg.data) == {"op": "left", "peer": ready["peer"]}
            await doomed.close()
    try:
        run(go)
    finally:
        proc.kill()
        proc.wait(5)


def test_a_live_process_puts_back_members_taken_for_dead(server):
    async def go():
        async with relays(server.url, TEST_LIMITS, TEST_LIMITS) as (one, two), \
                admin(server.url) as db:
            room, key = new_id(), new_id()
            _h, _ = await host(one, room, key)
            _a, ready = await guest(two, room)
            members = PREFIX + room + ":members"
            await db.hdel(members, ready["peer"])               # as if two had stalled
            await until_async(lambda: db.hexists(members, ready["peer"]))
            assert await db.hget(members, ready["peer"]) == member_value(
                "guest", two.hub.state.origin)
    run(go)


def test_a_leave_that_failed_while_redis_refused_is_done_when_it_is_back(server):
    async def go():
        async with relays(server.url, TEST_LIMITS, TEST_LIMITS) as (one, two), \
                admin(server.url) as db:
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, ready = await guest(two, room)
            assert await receive(h) == {"op": "joined", "peer": ready["peer"]}
            members = PREFIX + room + ":members"
            await db.execute_command("ACL", "SETUSER", "default", "-evalsha", "-eval")
            await a.close()                                     # its leave fails
            await until(lambda: not two.hub.conns)
            assert await db.hexists(members, ready["peer"])
            await db.execute_command("ACL", "SETUSER", "default", "+evalsha", "+eval")
            await until_async(lambda: _not(db.hexists(members, ready["peer"])))
            assert await receive(h) == {"op": "left", "peer": ready["peer"]}   # told late
    run(go)


async def _not(awaitable) -> bool:
    return not await awaitable


async def until_async(condition, timeout: float = WAIT) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not await condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.02)
