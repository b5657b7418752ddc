"""The relay's rooms against slow, vanished and hostile phones (issue 16, "The relay"):
a socket that stops reading delays nobody else, bad strings and duplicate keys are refused,
one address cannot fill the relay with rooms, empty rooms go within seconds, a host's fan-out
is counted fairly, a guest's frames are bounded in size and rate, the close log says the code
the relay sent, the hello timeout is what the docs say, refused sockets leave nothing behind.

Real sockets on loopback through aiohttp's test server; every flood is bounded in count."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import socket
import weakref
from dataclasses import replace

import aiohttp
import pytest
from aiohttp import web

from tests.relay.test_redis_backplane import redis_url, two_relays  # noqa: F401 (redis_url: a fixture)
from tests.relay.test_rooms import (
    TEST_LIMITS,
    close_code,
    guest,
    host,
    masked,
    new_id,
    receive,
    relay,
    run,
    stalled_host,
    table,
    until,
)

BIG = "x" * 64_000   # a host's 64 KiB page, about


def stalled_guest(port: int, room: str) -> socket.socket:
    """A raw guest socket: tiny receive buffer, completes the handshake, joins, never reads."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.connect(("127.0.0.1", port))
    raw.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                b"Sec-WebSocket-Version: 13\r\n\r\n")
    raw.sendall(masked(json.dumps({"op": "join", "room": room}).encode()))
    return raw


async def pong(ws: aiohttp.ClientWebSocketResponse) -> list[dict]:
    """Ping; the frames that came before the pong (the socket is alive and served)."""
    await ws.send_json({"op": "ping"})
    before = []
    while (msg := await receive(ws)) != {"op": "pong"}:
        before.append(msg)
    return before


# -- 1. one slow reader delays nobody --------------------------------------------------------------

def test_a_guest_that_stops_reading_never_freezes_its_host_or_the_other_guests(caplog):
    caplog.set_level(logging.INFO, logger="relay.rooms")
    limits = replace(TEST_LIMITS, max_backlog=256 * 1024, rate=1e6, burst=1e6)

    async def go():
        async with relay(limits) as client:
            room, key = new_id(), new_id()
            h, _ = await host(client, room, key)
            fine, ready = await guest(client, room)
            assert (await receive(h))["op"] == "joined"
            raw = stalled_guest(client.server.port, room)
            slow = (await receive(h))["peer"]
            try:
                # 100 pages to each, interleaved (6.4 MB for the slow one, more than loopback's
                # buffers take): its backlog passes 256 KiB early.
                for i in range(100):
                    await h.send_json({"op": "send", "to": slow, "data": BIG})
                    await h.send_json({"op": "send", "to": ready["peer"], "data": str(i)})
                got = [(await receive(fine))["data"] for _ in range(100)]
                assert got == [str(i) for i in range(100)]  # all of them, in order, at once
                assert await pong(h) == [{"op": "left", "peer": slow}]   # host never blocked
            finally:
                raw.close()

    run(go)
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "relay.rooms"]
    assert [(line["event"], line.get("reason")) for line in lines if line.get("code") == 4013] \
        == [("limit", "not reading"), ("close", None)]            # the slow guest only


def test_a_host_that_stops_reading_gets_4013_and_its_guests_stay_connected(caplog):
    caplog.set_level(logging.INFO, logger="relay.rooms")
    limits = replace(TEST_LIMITS, max_backlog=256 * 1024, guest_rate=1e6, guest_burst=1e6)

    async def go():
        async with relay(limits) as client:
            room = new_id()
            raw = stalled_host(client.server.port, room)
            try:
                await until(lambda: room in client.hub.rooms)
                guests = [(await guest(client, room))[0] for _ in range(3)]
                page = "y" * 30_000                                   # under guest_frame_max
                for _ in range(60):                                   # 5.4 MB in all, bounded
                    for ws in guests:
                        await ws.send_json({"op": "send", "data": page})
                for ws in guests:                                     # each still served
                    assert await pong(ws) == [{"op": "host", "present": False}]
                    assert not ws.closed
            finally:
                raw.close()

    run(go)
    codes = [json.loads(r.getMessage()).get("code") for r in caplog.records
             if r.name == "relay.rooms" and "close" in r.getMessage()]
    assert codes.count(4013) == 1


# -- 2, 3. bad strings and duplicate keys ----------------------------------------------------------

@pytest.mark.parametrize("frame", [
    '{"op":"send","data":"\\ud800"}',                   # a lone surrogate: valid JSON, not UTF-8
    '{"op":"send","data":"ok \\udfff then"}',
])
def test_data_that_is_not_valid_text_closes_the_sender_4400(frame, caplog):
    caplog.set_level(logging.INFO, logger="relay.rooms")

    async def go():
        async with relay() as client:
            _, _, h, [(a, a_peer), (b, b_peer)] = await table(client)
            await a.send_str(frame)
            assert await close_code(a) == 4400
            await b.send_json({"op": "send", "data": "still fine"})
            heard = [await receive(h) for _ in range(2)]            # in either order
            assert sorted(heard, key=str) == sorted([
                {"op": "left", "peer": a_peer},
                {"op": "from", "peer": b_peer, "data": "still fine"}], key=str)

    run(go)
    assert "send: data must be text" in caplog.text
    assert "Traceback" not in caplog.text and "socket failed" not in caplog.text


def test_data_that_is_not_valid_text_is_refused_before_redis_sees_it(redis_url):  # noqa: F811
    # Through Redis (host on one process, guests on the other) the bad string used to stop the
    # process's publishes: other rooms lost their frames and the sender stayed connected.
    async def go():
        async with two_relays(redis_url) as (one, two):
            room, key = new_id(), new_id()
            h, _ = await host(one, room, key)
            a, a_ready = await guest(two, room)
            b, b_ready = await guest(two, room)
            next_door = new_id()
            other_host, _ = await host(one, next_door, new_id())
            c, c_ready = await guest(two, next_door)
            assert [(await receive(h))["op"] for _ in range(2)] == ["joined", "joined"]
            assert (await receive(other_host))["op"] == "joined"
            await a.send_str('{"op":"send","data":"\\ud800"}')
            assert await close_code(a) == 4400
            await b.send_json({"op": "send", "data": "still fine"})
            await c.send_json({"op": "send", "data": "next door"})
            heard = [await receive(h) for _ in range(2)]
            assert sorted(heard, key=str) == sorted([
                {"op": "left", "peer": a_ready["peer"]},
                {"op": "from", "peer": b_ready["peer"], "data": "still fine"}], key=str)
            assert await receive(other_host) == {"op": "from", "peer": c_ready["peer"],
                                                 "data": "next door"}
    run(go)


def test_a_host_sending_a_lone_surrogate_is_refused_too():
    async def go():
        async with relay() as client:
            _, _, h, [(a, a_peer)] = await table(client, guests=1)
            await h.send_str('{"op":"send","to":"' + a_peer + '","data":"\\ud83d"}')
            assert await close_code(h) == 4400
            assert await receive(a) == {"op": "host", "present": False}
    run(go)


@pytest.mark.parametrize("text", [
    '{"op":"join","op":"host","room":"' + "a" * 22 + '","key":"' + "b" * 22 + '"}',
    '{"op":"host","room":"' + "a" * 22 + '","room":"' + "c" * 22 + '","key":"' + "b" * 22 + '"}',
])
def test_duplicate_keys_in_a_first_frame_close_4400(text):
    async def go():
        async with relay() as client:
            ws = await client.ws_connect("/ws")
            await ws.send_str(text)
            assert await close_code(ws) == 4400
            assert client.hub.state.room_count() == 0               # no room was opened
    run(go)


def test_duplicate_keys_in_a_send_close_4400():
    async def go():
        async with relay() as client:
            _, _, h, [(a, a_peer)] = await table(client, guests=1)
            await a.send_str('{"op":"send","data":"one","data":"two"}')
            assert await close_code(a) == 4400
            assert await receive(h) == {"op": "left", "peer": a_peer}
    run(go)


# -- 4. filling the relay ---------------------------------------------------------------------------

def test_one_address_opens_at_most_hosts_per_minute_new_rooms_then_4429():
    limits = replace(TEST_LIMITS, hosts_per_minute=5)

    async def go():
        async with relay(limits) as client:
            rooms = [(new_id(), new_id()) for _ in range(5)]
            for room, key in rooms:
                ws, _ = await host(client, room, key)
                await ws.close()
            for room, key in rooms:                                    # reloads do not count
                ws, _ = await host(client, room, key)
                await ws.close()
            late = await client.ws_connect("/ws")
            await late.send_json({"op": "host", "room": new_id(), "key": new_id()})
            assert await close_code(late) == 4429
            # Guests are not host hellos: joining still works from the same address.
            room = next(iter(client.hub.state.rooms))
            _, ready = await guest(client, room)
            assert ready["host"] is False
    run(go)


def test_a_room_with_nobody_in_it_expires_after_empty_expiry_and_its_host_can_reopen_it():
    limits = replace(TEST_LIMITS, empty_expiry=0.3, expiry=60.0)

    async def go():
        async with relay(limits) as client:
            room, key, h, _ = await table(client, guests=0)
            await h.close()
            await until(lambda: room not in client.hub.state.rooms)
            late = await client.ws_connect("/ws")
            await late.send_json({"op": "join", "room": room})
            assert await close_code(late) == 4404
            h2, _ = await host(client, room, key)                      # the same id and key
            _, ready = await guest(client, room)
            assert ready["host"] is True
            assert (await receive(h2))["op"] == "joined"
    run(go)


def test_a_room_whose_guests_sit_waits_expiry_for_its_host_then_closes_them_4404():
    limits = replace(TEST_LIMITS, empty_expiry=0.1, expiry=2.0)

    async def go():
        async with relay(limits) as client:
            room, _, h, [(a, _)] = await table(client, guests=1)
            await h.close()
            assert await receive(a) == {"op": "host", "present": False}
            await asyncio.sleep(0.4)                                   # past empty_expiry
            b, ready = await guest(client, room)                       # still there
            assert ready["host"] is False
            assert await close_code(a) == 4404                         # after `expiry`
            assert await close_code(b) == 4404
            assert room not in client.hub.state.rooms
    run(go)


def test_a_wrong_key_is_refused_while_the_host_is_away_and_the_host_can_still_return():
    async def go():
        async with relay() as client:
            room, key, h, [(a, a_peer)] = await table(client, guests=1)
            await h.close()
            assert await receive(a) == {"op": "host", "present": False}
            thief = await client.ws_connect("/ws")
            await thief.send_json({"op": "host", "room": room, "key": new_id()})
            assert await close_code(thief) == 4403
            assert client.hub.state.rooms[room].host is None           # nothing changed
            h2, _ = await host(client, room, key)
            assert await receive(a) == {"op": "host", "present": True}
            await a.send_json({"op": "send", "data": "you again"})
            assert await receive(h2) == {"op": "from", "peer": a_peer, "data": "you again"}
    run(go)


# -- 5. refused sockets keep nothing ---------------------------------------------------------------

def test_a_refused_socket_leaves_nothing_scheduled(monkeypatch):
    made: list[weakref.ref] = []

    class Tracked(web.WebSocketResponse):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            made.append(weakref.ref(self))

    monkeypatch.setattr(web, "WebSocketResponse", Tracked)

    async def go():
        async with relay() as client:
            for _ in range(3):
                ws = await client.ws_connect("/ws")       # answers the relay's close (autoclose)
                await ws.send_str("junk")
                assert await close_code(ws) == 4400
                await ws.close()
            await until(lambda: not client.hub.conns)
            await asyncio.sleep(0.2)
            gc.collect()
            # aiohttp re-armed the 30 s heartbeat of a closed socket when the client's close
            # answer came in: the timer kept the whole socket alive for ~45 s.
            assert [ref for ref in made if ref() is not None] == []
    run(go)


# -- 6. a host's fan-out ---------------------------------------------------------------------------

def test_a_host_sending_to_each_of_15_guests_5_times_a_second_is_never_closed():
    limits = replace(TEST_LIMITS, members=16, rate=10.0, burst=10.0)   # the limit, scaled down

    async def go():
        async with relay(limits) as client:
            _, _, h, members = await table(client, guests=15)
            for _ in range(10):                                        # 2 s at 5 rounds/s
                for _, peer in members:
                    await h.send_json({"op": "send", "to": peer, "data": "view"})
                await asyncio.sleep(0.2)
            for ws, _ in members:
                assert [(await receive(ws))["data"] for _ in range(10)] == ["view"] * 10
            assert await pong(h) == []                                 # still connected
    run(go)


def test_a_host_flooding_one_guest_still_meets_the_rate_limit():
    limits = replace(TEST_LIMITS, rate=10.0, burst=10.0)

    async def go():
        async with relay(limits) as client:
            _, _, h, [(_, a_peer)] = await table(client, guests=1)
            for i in range(40):
                if h.closed:
                    break
                await h.send_json({"op": "send", "to": a_peer, "data": str(i)})
            assert await close_code(h) == 4429
    run(go)


# -- 7. what a guest may send its host -------------------------------------------------------------

def test_a_flood_of_large_guest_frames_never_reaches_the_host():
    async def go():
        async with relay(replace(TEST_LIMITS, members=16)) as client:
            _, _, h, members = await table(client, guests=12)
            frame = json.dumps({"op": "send", "data": "z" * 120_000})  # under max_frame
            for _ in range(3):
                for ws, _ in members:
                    if not ws.closed:
                        await ws.send_str(frame)
            assert {await close_code(ws) for ws, _ in members} == {1009}
            heard = [await receive(h) for _ in range(12)]
            assert sorted(m["peer"] for m in heard) == sorted(p for _, p in members)
            assert {m["op"] for m in heard} == {"left"}                # not one frame came
    run(go)


def test_a_guest_over_its_own_lower_rate_closes_4429():
    limits = replace(TEST_LIMITS, guest_rate=20.0, guest_burst=40.0)   # the defaults

    async def go():
        async with relay(limits) as client:
            _, _, h, [(a, _)] = await table(client, guests=1)
            for i in range(100):                                       # bounded
                if a.closed:
                    break
                await a.send_json({"op": "send", "data": str(i)})
            assert await close_code(a) == 4429
            got = 0
            while (await receive(h))["op"] == "from":
                got += 1
            assert got <= 41                                           # the guest's bucket
    run(go)


# -- 8. the close log line and the hello timeout ---------------------------------------------------

def test_the_close_log_line_says_the_code_the_relay_sent(caplog):
    caplog.set_level(logging.INFO, logger="relay.rooms")

    async def go():
        async with relay() as client:
            room, key, h, _ = await table(client, guests=0)
            await host(client, room, key)
            assert await close_code(h) == 4001
            lost = await client.ws_connect("/ws")
            await lost.send_json({"op": "join", "room": new_id()})
            assert await close_code(lost) == 4404
            await until(lambda: len(client.hub.conns) == 1)

    run(go)
    closes = [json.loads(r.getMessage()) for r in caplog.records
              if r.name == "relay.rooms" and '"close"' in r.getMessage()]
    # (the third close is the last host's, at the end of the test)
    assert sorted(line["code"] for line in closes[:2]) == [4001, 4404]


def test_the_hello_timeout_holds_whatever_the_sweep_interval():
    limits = replace(TEST_LIMITS, hello_timeout=0.3, sweep=30.0)

    async def go():
        async with relay(limits) as client:
            silent = await client.ws_connect("/ws")
            assert await asyncio.wait_for(close_code(silent), 2.0) == 4408
            _, _, h, _ = await table(client, guests=0)                 # a hello in time stays
            await asyncio.sleep(0.5)
            assert await pong(h) == []
    run(go)


def _frames(raw: bytes) -> list[int]:
    """The opcodes of the server frames in `raw` (unmasked, after the HTTP response head)."""
    body = raw.split(b"\r\n\r\n", 1)[1]
    opcodes, i = [], 0
    while i + 2 <= len(body):
        opcode, n = body[i] & 0x0F, body[i + 1] & 0x7F
        i += 2
        if n == 126:
            n, i = int.from_bytes(body[i:i + 2], "big"), i + 2
        elif n == 127:
            n, i = int.from_bytes(body[i:i + 8], "big"), i + 8
        opcodes.append(opcode)
        i += n
    return opcodes


def test_nothing_follows_the_relays_close_frame_even_while_the_host_keeps_sending():
    """RFC 6455 5.5.1: after its close frame an endpoint sends no data frame. The host keeps
    writing to a guest the relay is closing (a bad frame), and the guest never answers the
    close (a raw socket): the close is the last frame on the wire."""
    async def go():
        async with relay() as client:
            room, key = new_id(), new_id()
            h, _ = await host(client, room, key)
            raw = socket.socket()
            raw.connect(("127.0.0.1", client.server.port))
            raw.sendall(b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                        b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                        b"Sec-WebSocket-Version: 13\r\n\r\n")
            raw.sendall(masked(json.dumps({"op": "join", "room": room}).encode()))
            peer = (await receive(h))["peer"]
            raw.sendall(masked(b'{"op":"nonsense"}'))           # 4400: the relay closes it
            for i in range(200):
                await h.send_json({"op": "send", "to": peer, "data": f"frame {i}"})
                await asyncio.sleep(0)
            raw.setblocking(False)
            loop, got = asyncio.get_running_loop(), b""
            while chunk := await asyncio.wait_for(loop.sock_recv(raw, 65536), 10):
                got += chunk
            raw.close()
            opcodes = _frames(got)
            assert 0x8 in opcodes, opcodes
            assert opcodes[-1] == 0x8 and opcodes.count(0x8) == 1, opcodes
    run(go)
