"""The relay's WebSocket rooms (relay/rooms.py, docs/relay.md): forwarding rules, presence, host
re-attach, every limit and its close code, garbage and floods, expiry, /healthz counts, logs.

Everything runs on loopback through aiohttp's test server; floods are bounded in count."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import socket
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from relay.rooms import LocalState, RoomLimits, install
from relay.server import create_app, room_state
from relay.site import ROOT, Site

WAIT = 5.0  # s: an expected frame that takes longer is a failure

# Small limits so that every one of them can be reached quickly.
TEST_LIMITS = RoomLimits(members=4, rate=200.0, burst=200.0, guest_rate=200.0, guest_burst=200.0,
                         sweep=0.05)


def run(test) -> None:
    """Run an async test in a thread of its own (Playwright's sync API may own this thread's
    loop), bounded in time."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, asyncio.wait_for(test(), 60)).result()


def new_id() -> str:
    return secrets.token_urlsafe(16)


@asynccontextmanager
async def relay(limits: RoomLimits = TEST_LIMITS, redis_url: str | None = None):
    app = web.Application()
    hub = install(app, limits, room_state(limits, redis_url))
    async with TestClient(TestServer(app)) as client:
        client.hub = hub
        yield client


async def receive(ws: aiohttp.ClientWebSocketResponse) -> dict:
    msg = await asyncio.wait_for(ws.receive(), WAIT)
    assert msg.type is aiohttp.WSMsgType.TEXT, (msg.type, msg.data, msg.extra)
    return json.loads(msg.data)


async def close_code(ws: aiohttp.ClientWebSocketResponse) -> int:
    """The code the relay closed `ws` with (frames still in flight are skipped)."""
    while True:
        msg = await asyncio.wait_for(ws.receive(), WAIT)
        if msg.type is aiohttp.WSMsgType.CLOSE:
            return msg.data            # the code in the relay's close frame
        if msg.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            return ws.close_code


async def until(condition, timeout: float = WAIT) -> None:
    """Wait for the relay to have processed something (e.g. a close) it does not announce."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.01)


async def host(client, room: str, key: str):
    ws = await client.ws_connect("/ws")
    await ws.send_json({"op": "host", "room": room, "key": key})
    ready = await receive(ws)
    assert ready["op"] == "ready" and ready["role"] == "host" and ready["host"] is True
    return ws, ready


async def guest(client, room: str):
    ws = await client.ws_connect("/ws")
    await ws.send_json({"op": "join", "room": room})
    ready = await receive(ws)
    assert ready["op"] == "ready" and ready["role"] == "guest", ready
    return ws, ready


async def table(client, guests: int = 2):
    """A room with a host and `guests` guests, the host's joined notices consumed."""
    room, key = new_id(), new_id()
    h, _ = await host(client, room, key)
    members = []
    for _ in range(guests):
        ws, ready = await guest(client, room)
        assert await receive(h) == {"op": "joined", "peer": ready["peer"]}
        members.append((ws, ready["peer"]))
    return room, key, h, members


# -- forwarding -----------------------------------------------------------------------------------

def test_a_guests_frame_reaches_the_host_only_stamped_with_its_peer():
    async def go():
        async with relay() as client:
            _, _, h, [(a, a_peer), (b, b_peer)] = await table(client)
            await a.send_json({"op": "send", "data": '{"v":1,"from":"host"}'})
            assert await receive(h) == {"op": "from", "peer": a_peer,
                                        "data": '{"v":1,"from":"host"}'}
            # b's next frame is the host's, sent after a's: nothing of a's reached b (order is
            # kept on one socket), and a got nothing back either.
            await h.send_json({"op": "send", "to": b_peer, "data": "for b"})
            await h.send_json({"op": "send", "to": a_peer, "data": "for a"})
            assert await receive(b) == {"op": "from", "peer": "host", "data": "for b"}
            assert await receive(a) == {"op": "from", "peer": "host", "data": "for a"}
    run(go)


def test_a_guest_cannot_address_another_guest_or_name_a_sender():
    async def go():
        async with relay() as client:
            _, _, h, [(a, a_peer), (b, b_peer)] = await table(client)
            await a.send_json({"op": "send", "to": b_peer, "data": "psst"})
            assert await close_code(a) == 4400
            await b.send_json({"op": "send", "data": "x", "peer": "host"})
            assert await close_code(b) == 4400
            # The host hears only that both left: neither frame was forwarded to anyone.
            assert [await receive(h) for _ in range(2)] == [
                {"op": "left", "peer": a_peer}, {"op": "left", "peer": b_peer}]
    run(go)


# -- presence and re-attach -----------------------------------------------------------------------

def test_presence_and_a_host_reattaching_with_its_key():
    async def go():
        async with relay() as client:
            room, key, h, [(a, a_peer)] = await table(client, guests=1)
            await h.close()
            assert await receive(a) == {"op": "host", "present": False}
            b, ready = await guest(client, room)            # the room outlives its host
            assert ready["host"] is False
            h2, _ = await host(client, room, key)           # the host's reload
            assert await receive(a) == {"op": "host", "present": True}
            assert await receive(b) == {"op": "host", "present": True}
            await b.send_json({"op": "send", "data": "hi"})
            assert await receive(h2) == {"op": "from", "peer": ready["peer"], "data": "hi"}
            await a.close()
            assert await receive(h2) == {"op": "left", "peer": a_peer}
    run(go)


def test_a_wrong_host_key_is_refused_and_the_room_is_unchanged():
    async def go():
        async with relay() as client:
            room, _, h, [(a, a_peer)] = await table(client, guests=1)
            thief = await client.ws_connect("/ws")
            await thief.send_json({"op": "host", "room": room, "key": new_id()})
            assert await close_code(thief) == 4403
            await a.send_json({"op": "send", "data": "still yours"})
            assert await receive(h) == {"op": "from", "peer": a_peer, "data": "still yours"}
    run(go)


def test_a_second_host_connection_replaces_the_first():
    async def go():
        async with relay() as client:
            room, key, h, [(a, a_peer)] = await table(client, guests=1)
            h2, _ = await host(client, room, key)
            assert await close_code(h) == 4001
            await a.send_json({"op": "send", "data": "to the new one"})
            assert await receive(h2) == {"op": "from", "peer": a_peer, "data": "to the new one"}
    run(go)


def test_joining_a_room_that_does_not_exist_closes_4404():
    async def go():
        async with relay() as client:
            ws = await client.ws_connect("/ws")
            await ws.send_json({"op": "join", "room": new_id()})
            assert await close_code(ws) == 4404
    run(go)


# -- bad frames -----------------------------------------------------------------------------------

GARBAGE = [
    "not json",
    "[1, 2]",
    '"op"',
    "[" * 30_000,                                         # deep nesting: no RecursionError
    '{"op": "hello"}',
    '{"op": "join"}',
    '{"op": "join", "room": "short"}',
    '{"op": "join", "room": 5}',
    '{"op": "host", "room": "%s"}' % ("a" * 22),        # no key
    json.dumps({"op": "host", "room": "a" * 22, "key": "b" * 22, "x": 1}),
    '{"op": "send", "data": "before hello"}',
    '{"op": "ping"}',                                     # before hello too
]


@pytest.mark.parametrize("text", GARBAGE, ids=range(len(GARBAGE)))
def test_a_bad_first_frame_closes_4400(text):
    async def go():
        async with relay() as client:
            ws = await client.ws_connect("/ws")
            await ws.send_str(text)
            assert await close_code(ws) == 4400
    run(go)


def test_bad_frames_after_hello_close_4400():
    bad = [
        lambda peer: {"op": "send", "to": peer, "data": 5},      # data not a string
        lambda peer: {"op": "send", "to": "host", "data": "x"},  # not a peer id
        lambda peer: {"op": "send", "data": "x"},                # host must say to whom
        lambda peer: {"op": "join", "room": new_id()},           # a second hello
    ]

    async def go():
        async with relay() as client:
            for make in bad:
                _, _, h, [(_, peer)] = await table(client, guests=1)
                await h.send_json(make(peer))
                assert await close_code(h) == 4400, make(peer)
            _, _, h, _ = await table(client, guests=0)
            await h.send_bytes(b'{"op":"ping"}')
            assert await close_code(h) == 4400
    run(go)


def sized(frame: dict, size: int) -> str:
    """`frame` as compact JSON of exactly `size` bytes, its `data` padded with "x"."""
    text = json.dumps({**frame, "data": ""}, separators=(",", ":"))
    return json.dumps({**frame, "data": "x" * (size - len(text))}, separators=(",", ":"))


def test_a_frame_over_the_size_limit_closes_1009():
    # The limits are "up to and including": a frame of exactly max_frame bytes (136 KiB) passes
    # (aiohttp refuses max_msg_size itself, hence max_frame + 1), one byte more is 1009.
    async def go():
        async with relay() as client:
            _, _, h, [(a, a_peer)] = await table(client, guests=1)
            exact = sized({"op": "send", "to": a_peer}, 136 * 1024)
            await h.send_str(exact)
            assert (await receive(a))["data"] == json.loads(exact)["data"]
            await h.send_str(sized({"op": "send", "to": a_peer}, 136 * 1024 + 1))
            assert await close_code(h) == 1009
            assert await receive(a) == {"op": "host", "present": False}
    run(go)


def test_a_guests_frame_is_bounded_by_guest_frame_max_before_parsing():
    async def go():
        async with relay() as client:
            cap = client.hub.limits.guest_frame_max
            _, _, h, [(a, a_peer), (b, b_peer)] = await table(client)
            exact = sized({"op": "send"}, cap)
            await a.send_str(exact)
            assert (await receive(h))["data"] == json.loads(exact)["data"]
            await a.send_str(sized({"op": "send"}, cap + 1))
            assert await close_code(a) == 1009
            # Counted in UTF-8 bytes, not characters: "æ" is 2 bytes.
            await b.send_str(json.dumps({"op": "send", "data": "æ" * (cap // 2)},
                                        ensure_ascii=False))
            assert await close_code(b) == 1009
            assert [await receive(h) for _ in range(2)] == [
                {"op": "left", "peer": a_peer}, {"op": "left", "peer": b_peer}]
    run(go)


def test_ping_keeps_a_connection_alive_and_idle_ones_close_4408():
    limits = replace(TEST_LIMITS, idle=0.4, hello_timeout=0.4)

    async def go():
        async with relay(limits) as client:
            silent = await client.ws_connect("/ws")              # never says hello
            _, _, h, [(a, a_peer)] = await table(client, guests=1)
            other = []
            for _ in range(8):                                    # 0.8 s of pings
                await asyncio.sleep(0.1)
                await h.send_json({"op": "ping"})
                while (msg := await receive(h)) != {"op": "pong"}:
                    other.append(msg)
            assert await close_code(silent) == 4408
            assert await close_code(a) == 4408
            assert other == [{"op": "left", "peer": a_peer}]      # the host is still there
    run(go)


# -- caps -----------------------------------------------------------------------------------------

def test_a_full_room_closes_4409():
    async def go():
        async with relay() as client:
            room, _, _, _ = await table(client, guests=3)        # host + 3 = members cap 4
            ws = await client.ws_connect("/ws")
            await ws.send_json({"op": "join", "room": room})
            assert await close_code(ws) == 4409
    run(go)


def test_a_flood_closes_4429_and_other_rooms_keep_working():
    limits = replace(TEST_LIMITS, guest_rate=20.0, guest_burst=20.0)

    async def go():
        async with relay(limits) as client:
            _, _, h, [(a, a_peer)] = await table(client, guests=1)
            _, _, flood_host, [(flooder, _)] = await table(client, guests=1)
            for i in range(200):                                   # bounded
                if flooder.closed:
                    break
                await flooder.send_json({"op": "send", "data": str(i)})
            assert await close_code(flooder) == 4429
            received = 0
            while (await receive(flood_host))["op"] == "from":
                received += 1
            assert received <= 21                                  # the bucket, then cut off
            await a.send_json({"op": "send", "data": "fine"})
            assert await receive(h) == {"op": "from", "peer": a_peer, "data": "fine"}
    run(go)


def test_server_full_closes_4503_for_connections_and_rooms():
    async def go():
        async with relay(replace(TEST_LIMITS, connections=2)) as client:
            keep = [await client.ws_connect("/ws") for _ in range(2)]
            await keep[1].send_json({"op": "ping"})                # served: 2 open is the cap
            # Over the cap: a plain 503 before the upgrade (no WebSocket is made at all).
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect("/ws")
            assert refused.value.status == 503
            assert refused.value.headers["Retry-After"] == "10"
            assert await close_code(keep[1]) == 4400              # ping before hello
        async with relay(replace(TEST_LIMITS, rooms=2)) as client:
            await table(client, guests=0)
            await table(client, guests=0)
            ws = await client.ws_connect("/ws")
            await ws.send_json({"op": "host", "room": new_id(), "key": new_id()})
            assert await close_code(ws) == 4503
    run(go)


def test_garbage_from_many_sockets_leaves_other_rooms_and_the_relay_working():
    async def go():
        async with relay() as client:
            _, _, h, [(a, a_peer)] = await table(client, guests=1)
            attackers = [await client.ws_connect("/ws") for _ in range(30)]
            for i, ws in enumerate(attackers):
                await ws.send_str(GARBAGE[i % len(GARBAGE)])
            assert {await close_code(ws) for ws in attackers} == {4400}
            await a.send_json({"op": "send", "data": "after the storm"})
            assert await receive(h) == {"op": "from", "peer": a_peer, "data": "after the storm"}
            assert client.hub.counts() == {"rooms": 1, "connections": 2}
    run(go)


def test_a_socket_that_stops_reading_is_cut_off_4013_not_buffered_forever():
    limits = replace(TEST_LIMITS, max_backlog=256 * 1024, guest_rate=1e6, guest_burst=1e6,
                     guest_frame_max=70_000)

    async def go():
        async with relay(limits) as client:
            room = new_id()
            raw = stalled_host(client.server.port, room)
            await until(lambda: room in client.hub.rooms)
            a, _ = await guest(client, room)
            for _ in range(400):                     # at most ~26 MB, far more than any buffer
                if a.closed or not client.hub.rooms.get(room, {}).get("host"):
                    break
                await a.send_json({"op": "send", "data": "x" * 65_000})
                await asyncio.sleep(0)
            assert await receive(a) == {"op": "host", "present": False}
            raw.close()
    run(go)


def stalled_host(port: int, room: str) -> socket.socket:
    """A raw host socket that completes the handshake, says hello and never reads again."""
    raw = socket.create_connection(("127.0.0.1", port))
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                b"Sec-WebSocket-Version: 13\r\n\r\n")
    raw.sendall(masked(json.dumps({"op": "host", "room": room, "key": new_id()}).encode()))
    return raw


def masked(payload: bytes) -> bytes:
    """One client text frame (clients must mask)."""
    mask = b"\1\2\3\4"
    body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    assert len(payload) < 126
    return bytes([0x81, 0x80 | len(payload)]) + mask + body


# -- expiry, health, logs -------------------------------------------------------------------------

def test_an_empty_room_lives_on_for_the_expiry_time_then_goes():
    limits = replace(TEST_LIMITS, expiry=0.5)

    async def go():
        async with relay(limits) as client:
            room, _, h, _ = await table(client, guests=0)
            await h.close()
            await until(lambda: not client.hub.conns)
            a, ready = await guest(client, room)                    # still there
            assert ready["host"] is False
            await a.close()
            await asyncio.sleep(0.8)
            assert client.hub.counts() == {"rooms": 0, "connections": 0}
            late = await client.ws_connect("/ws")
            await late.send_json({"op": "join", "room": room})
            assert await close_code(late) == 4404
    run(go)


class SlowState(LocalState):
    """Room state that takes a while to record a departure (as Redis does)."""

    async def leave(self, room: str, peer: str, host: bool) -> bool:
        await asyncio.sleep(0.2)
        return await super().leave(room, peer, host)


def test_a_hang_up_is_recorded_even_when_the_server_cancels_the_handler():
    # aiohttp's test server cancels a handler when its client hangs up (handler_cancellation).
    async def go():
        app = web.Application()
        hub = install(app, TEST_LIMITS)
        hub.state = SlowState(TEST_LIMITS)
        async with TestClient(TestServer(app)) as client:
            client.hub = hub
            room, _, h, [(a, _)] = await table(client, guests=1)
            await h.close()
            assert await receive(a) == {"op": "host", "present": False}
            assert hub.state.rooms[room].host is None
            _, ready = await guest(client, room)
            assert ready["host"] is False
    run(go)


def test_the_default_expiry_outlasts_a_host_reload():
    assert RoomLimits().expiry >= 600


def tiny_site(tmp: Path) -> Site:
    files = {"web/index.html": "<!doctype html><title>t</title>",
             "web/pyscript.json": json.dumps({"interpreter": "./vendor/pyodide.mjs",
                                              "files": {}}),
             "sw.js": (ROOT / "sw.js").read_text(encoding="utf-8"), "manifest.json": "{}",
             "engine/__init__.py": "", "web/app/main.py": "print('hi')\n"}
    for name, text in files.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(text, encoding="utf-8")
    return Site(root=tmp)


def test_healthz_counts_rooms_and_connections_and_the_site_still_works(tmp_path):
    async def go():
        app = create_app(tiny_site(tmp_path), room_limits=TEST_LIMITS)
        async with TestClient(TestServer(app)) as client:
            empty = await (await client.get("/healthz")).json()
            assert (empty["rooms"], empty["connections"]) == (0, 0)
            await table(client, guests=2)
            await table(client, guests=1)
            counts = await (await client.get("/healthz")).json()
            assert (counts["rooms"], counts["connections"]) == (2, 5)
            page = await client.get("/")
            assert page.status == 200 and "Content-Security-Policy" in page.headers
    run(go)


def test_logs_are_json_lines_without_room_ids_or_keys(caplog):
    caplog.set_level(logging.INFO, logger="relay.rooms")

    async def go():
        async with relay() as client:
            room, key, h, [(a, _)] = await table(client, guests=1)
            await a.send_str("garbage")
            assert await close_code(a) == 4400
            await h.close()
            await asyncio.sleep(0.1)
            return room, key

    holder = []

    async def keep():
        holder.append(await go())

    run(keep)
    room, key = holder[0]
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "relay.rooms"]
    events = [line["event"] for line in lines]
    assert events.count("ready") == 2 and events.count("close") == 2
    limit = next(line for line in lines if line["event"] == "limit")
    assert (limit["room"], limit["code"], limit["reason"]) == (room[:4], 4400, "not JSON")
    text = caplog.text
    assert room not in text and key not in text and room[:5] not in text
