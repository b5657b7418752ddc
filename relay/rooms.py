"""Peer rooms over WebSocket (`GET /ws`): the relay's half of "Med vennerne" (docs/relay.md).

A room has one host and up to 15 guests. The relay forwards opaque `data` strings and never
parses them: a guest's frames go to the room's host only, the host's frames to the one guest it
names, and the relay stamps the sender (`peer`) itself, so a guest can neither reach another
guest nor pose as the host. Every client frame is validated (size and rate before parsing, a
JSON object without a repeated key, a known op, exactly its fields, their types and id formats,
`data` that is text); a bad one closes that connection only, with a close code that says why.
Guests get a smaller frame bound and a lower rate than hosts: what they send goes to a phone.

Room state that every process must agree on (the host key, who is in a room, whether its host is
connected) lives behind a `state` object (`relay.room_terms.State`): `LocalState` here for one
process, or `relay.backplane.RedisBackplane` (`--redis URL`) for several behind a load balancer,
which also carries frames between processes. The server chooses it (`relay.server.room_state`);
this module never imports the backplane. A frame for a socket held by this process goes straight
into that socket's queue.

Sending never waits for a receiver: a frame for a socket is appended to that socket's outgoing
bytes and written, with whatever else queued in the same loop turn, by one callback (`_flush`).
What the kernel does not take waits in the transport's buffer; when queued + buffered bytes
pass `max_backlog` the receiver is cut off (4013) and only it. One slow phone delays nobody.

Logs: one JSON line per connect, ready, close and limit hit (event, room prefix, peer, code);
never a whole room id or host key, never a frame's data.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
import secrets
import struct
import time
from dataclasses import dataclass, field
from json.encoder import encode_basestring  # the C encoder: json.dumps(s, ensure_ascii=False)
from typing import Any

from aiohttp import WSMsgType, web

from relay.room_terms import (
    BAD_FRAME,
    IDLE,
    INTERNAL,
    NO_ROOM,
    RATE,
    REPLACED,
    ROOM_FULL,
    SERVER_FULL,
    SLOW,
    TOO_BIG,
    WRONG_KEY,
    Refused,
    RoomLimits,
    State,
    take_token,
)

log = logging.getLogger("relay.rooms")

ID_RE = re.compile(r"[A-Za-z0-9_-]{22}")      # secrets.token_urlsafe(16): 128 bits
PEER_RE = re.compile(r"[A-Za-z0-9_-]{8}")     # relay-assigned, secrets.token_urlsafe(6)

CLOSE_WAIT = 2.0   # s a closing handshake may take (a peer that stops reading): then abort
PONG = '{"op":"pong"}'

# The exact fields of each client frame, by role ("new": before the first frame is accepted).
FIELDS = {
    "new": {"host": {"op", "room", "key"}, "join": {"op", "room"}},
    "host": {"send": {"op", "to", "data"}, "ping": {"op"},
             # De åbne borde (relay/open_tables.py): list this room's table, update, unlist.
             "list": {"op", "table"}, "unlist": {"op"}},
    "guest": {"send": {"op", "data"}, "ping": {"op"}},
}


def key_digest(key: str) -> str:
    """What the relay keeps of a host key (never the key itself)."""
    return hashlib.sha256(key.encode()).hexdigest()


def log_event(event: str, room: str | None = None, peer: str | None = None,
              code: int | None = None, **extra: Any) -> None:
    """One structured line. Only the first 4 characters of a room id (24 bits of 128) appear."""
    line: dict[str, Any] = {"event": event}
    if room:
        line["room"] = room[:4]
    if peer:
        line["peer"] = peer
    if code is not None:
        line["code"] = code
    line.update(extra)
    log.info(json.dumps(line, separators=(",", ":")))


@dataclass
class _LocalRoom:
    digest: str
    host: str | None = None
    guests: set[str] = field(default_factory=set)
    empty_since: float | None = None      # nobody in it since: gone after `empty_expiry`
    host_gone_since: float | None = None  # guests wait for the host since: gone after `expiry`


class LocalState:
    """One process: rooms in a dict, expired by the hub's sweeper."""

    def __init__(self, limits: RoomLimits) -> None:
        self.limits = limits
        self.rooms: dict[str, _LocalRoom] = {}

    async def start(self, hub: Hub) -> None:
        pass

    async def stop(self) -> None:
        pass

    async def attach_host(self, room: str, digest: str, peer: str) -> str | None:
        entry = self.rooms.get(room)
        if entry is None:
            if len(self.rooms) >= self.limits.rooms:
                raise Refused(SERVER_FULL, "too many rooms")
            entry = self.rooms[room] = _LocalRoom(digest)
        elif not hmac.compare_digest(entry.digest, digest):
            raise Refused(WRONG_KEY, "wrong host key")   # whether or not the host is here
        old, entry.host = entry.host, peer
        entry.empty_since = entry.host_gone_since = None
        return old

    async def join(self, room: str, peer: str) -> bool:
        entry = self.rooms.get(room)
        if entry is None:
            raise Refused(NO_ROOM, "no such room")
        if len(entry.guests) + (entry.host is not None) >= self.limits.members:
            raise Refused(ROOM_FULL, "room full")
        entry.guests.add(peer)
        entry.empty_since = None
        return entry.host is not None

    async def leave(self, room: str, peer: str, host: bool) -> bool:
        entry = self.rooms.get(room)
        if entry is None:
            return False
        now = time.monotonic()
        was_host = host and entry.host == peer
        if was_host:
            entry.host, entry.host_gone_since = None, now
        entry.guests.discard(peer)
        if entry.host is None and not entry.guests:
            entry.empty_since = now
        return was_host

    async def refresh(self, rooms: list[str]) -> None:
        pass

    def publish(self, room: str, message: dict) -> None:
        return None  # one process: every member's socket is local

    def room_count(self) -> int:
        return len(self.rooms)

    def expire(self, now: float) -> list[str]:
        """Forget rooms nobody sat in for `empty_expiry`, and rooms whose guests waited
        `expiry` for a host that did not come back (the hub then closes those guests)."""
        limits = self.limits
        gone = [room for room, entry in self.rooms.items()
                if (entry.empty_since is not None
                    and now - entry.empty_since >= limits.empty_expiry)
                or (entry.host is None and entry.host_gone_since is not None
                    and now - entry.host_gone_since >= limits.expiry)]
        for room in gone:
            del self.rooms[room]
        return gone


# -- connections ----------------------------------------------------------------------------------

_HEAD_16 = struct.Struct("!BBH").pack
_HEAD_64 = struct.Struct("!BBQ").pack


def text_frame(payload: bytes) -> bytes:
    """One server->client WebSocket text frame (unmasked, unfragmented, uncompressed: the relay
    does not offer permessage-deflate, so every frame it writes is exactly this)."""
    n = len(payload)
    if n < 126:
        return bytes((0x81, n)) + payload
    if n < 65536:
        return _HEAD_16(0x81, 126, n) + payload
    return _HEAD_64(0x81, 127, n) + payload


class Conn:
    """One WebSocket of a room member on this process."""

    __slots__ = ("address", "code", "flush_due", "hello_timer", "host", "last_seen", "out",
                 "out_bytes", "peer", "room", "stamp", "targets", "tokens", "transport", "ws")

    def __init__(self, ws: web.WebSocketResponse, transport: asyncio.Transport | None,
                 peer: str, limits: RoomLimits, address: str = "") -> None:
        self.ws = ws
        self.transport = transport
        self.peer = peer
        self.address = address          # the client address (request.remote), for hosts_per_minute
        self.room = ""
        self.host = False
        self.tokens = limits.guest_burst  # a socket counts as a guest until its `host` hello
        self.stamp = self.last_seen = time.monotonic()
        self.out: list[bytes] = []      # frames queued for this socket, written by `_flush`
        self.out_bytes = 0
        self.flush_due = False
        self.code: int | None = None    # the close code the relay sent (for the close log line)
        self.targets: dict[str, float] | None = None   # a host's recent `to` peers -> last send
        self.hello_timer: asyncio.TimerHandle | None = None


class Hub:
    """This process's sockets, by room, and the limits and forwarding rules."""

    def __init__(self, limits: RoomLimits | None = None, state: State | None = None) -> None:
        self.limits = limits or RoomLimits()
        self.state: State = state or LocalState(self.limits)
        self.rooms: dict[str, dict[str, Conn]] = {}   # room -> peer -> conn ("host" for the host)
        self.conns: set[Conn] = set()
        self.opening = 0                              # sockets in their WebSocket handshake
        self.hosted: dict[str, tuple[float, float]] = {}  # address -> (tokens, stamp)
        self._sweeper: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        self.lobby: Any = None   # relay.open_tables.Lobby, when installed: a host's list ops

    def _spawn(self, coro: Any) -> asyncio.Task:
        """Run `coro` beside the caller (a close waits for the peer's handshake), holding a
        reference until it ends."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    # -- lifecycle (aiohttp on_startup / on_shutdown / on_cleanup) --

    async def start(self, _app: web.Application | None = None) -> None:
        await self.state.start(self)
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def shutdown(self, _app: web.Application | None = None) -> None:
        """Close every socket first: aiohttp runs on_cleanup only after its graceful-shutdown
        wait (60 s by default), which open WebSockets would otherwise use up in full."""
        if self._sweeper:
            self._sweeper.cancel()
        await asyncio.gather(*(self._close(conn, 1001, "server shutting down")
                               for conn in list(self.conns)), return_exceptions=True)

    async def stop(self, _app: web.Application | None = None) -> None:
        await self.shutdown()
        await self.state.stop()

    def counts(self) -> dict[str, int]:
        return {"rooms": self.state.room_count(), "connections": len(self.conns)}

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep)
            try:
                await self.sweep()
            except Exception:  # a sweep must never stop the sweeper
                log.exception("sweep failed")

    async def sweep(self) -> None:
        """Close idle sockets, expire rooms, refresh the TTL of rooms with members here, forget
        addresses whose room budget is full again. (A missing hello has a timer of its own.)"""
        now = time.monotonic()
        for conn in list(self.conns):
            if conn.room and now - conn.last_seen > self.limits.idle:
                self._spawn(self._close(conn, IDLE, "idle"))
        if isinstance(self.state, LocalState):
            for room in self.state.expire(now):
                for conn in list(self.rooms.get(room, {}).values()):
                    self._spawn(self._close(conn, NO_ROOM, "the host did not come back"))
        per_s = self.limits.hosts_per_minute / 60
        full = [address for address, (tokens, stamp) in self.hosted.items()
                if tokens + (now - stamp) * per_s >= self.limits.hosts_per_minute]
        for address in full:
            del self.hosted[address]
        await self.state.refresh(list(self.rooms))

    # -- one socket --

    async def handle(self, request: web.Request) -> web.StreamResponse:
        limits = self.limits
        if len(self.conns) + self.opening >= limits.connections:
            # Refused before the upgrade: no WebSocket, no heartbeat, nothing kept.
            log_event("limit", code=503, reason="too many connections")
            return web.Response(status=503, text="too many connections\n",
                                headers={"Retry-After": "10"})
        # max_msg_size + 1: aiohttp refuses a frame of max_msg_size bytes or more, and a frame of
        # exactly `max_frame` is allowed. compress=False: no permessage-deflate (the frames
        # `_flush` writes are plain; and no decompression for a hostile client to exploit).
        ws = web.WebSocketResponse(heartbeat=limits.heartbeat, max_msg_size=limits.max_frame + 1,
                                   compress=False)
        self.opening += 1
        try:
            await ws.prepare(request)
        finally:
            self.opening -= 1
        conn = Conn(ws, request.transport, secrets.token_urlsafe(6), limits,  # type: ignore[arg-type]
                    request.remote or "")
        self.conns.add(conn)
        conn.hello_timer = asyncio.get_running_loop().call_later(
            limits.hello_timeout, self._no_hello, conn)
        log_event("connect", peer=conn.peer)
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    await self._frame(conn, msg.data)
                elif msg.type is WSMsgType.BINARY:
                    raise Refused(BAD_FRAME, "text frames only")
                elif msg.type is WSMsgType.ERROR and ws.close_code == TOO_BIG:
                    log_event("limit", conn.room, conn.peer, TOO_BIG, reason="frame too big")
        except Refused as refused:
            await self._refuse(conn, refused)
        except Exception:  # e.g. Redis unreachable: this socket ends, the relay stays up
            log.exception("socket failed")
            await self._refuse(conn, Refused(INTERNAL, "relay error"))
        finally:
            _stop_heartbeat(ws)
            # Shielded: a server with handler_cancellation (aiohttp's test server) cancels this
            # handler when the client hangs up, which must not leave the room state half done.
            await asyncio.shield(self._spawn(self._gone(conn)))
        return ws

    def _no_hello(self, conn: Conn) -> None:
        conn.hello_timer = None
        if not conn.room and conn in self.conns:
            self._spawn(self._close(conn, IDLE, "no hello"))

    async def _frame(self, conn: Conn, text: str) -> None:
        now = time.monotonic()
        conn.last_seen = now
        limits = self.limits
        if conn.host:
            rate, burst = limits.rate, limits.burst
        else:
            # A guest's frame is bounded before it is parsed (characters <= UTF-8 bytes).
            cap = limits.guest_frame_max
            if len(text) > cap or (not text.isascii() and len(text.encode()) > cap):
                raise Refused(TOO_BIG, "guest frame too big")
            rate, burst = limits.guest_rate, limits.guest_burst
        conn.tokens = min(burst, conn.tokens + (now - conn.stamp) * rate)
        conn.stamp = now
        if conn.tokens < 1:
            raise Refused(RATE, "too many frames")
        role = "host" if conn.host else "guest" if conn.room else "new"
        frame = parse(text, FIELDS[role])
        op = frame["op"]
        if op == "send":
            conn.tokens -= self._fanout_cost(conn, frame["to"], now) if conn.host else 1
            await self._send(conn, frame)
        elif op == "ping":
            conn.tokens -= 1
            self._write(conn, PONG)
        elif op == "list" or op == "unlist":
            conn.tokens -= 1
            if self.lobby is None:
                self._write(conn, '{"op":"list-refused","code":4404,'
                                  '"reason":"no open tables on this relay"}')
            else:
                size = len(text) if text.isascii() else len(text.encode("utf-8", "surrogatepass"))
                self.lobby.leader_frame(conn, frame, size)
        else:
            conn.tokens -= 1
            await self._hello(conn, frame)

    def _fanout_cost(self, conn: Conn, to: str, now: float) -> float:
        """A host's frame to one of the n guests it sent to within the last second costs 1/n:
        its budget grows with the table it serves (15 guests x 5 frames/s is fine at 50/s), and
        one guest still gets at most `rate` frames/s of it. n <= members - 1."""
        targets = conn.targets
        if targets is None:
            targets = conn.targets = {}
        targets.pop(to, None)
        targets[to] = now                                   # newest last
        while len(targets) > 1 and (len(targets) >= self.limits.members
                                    or now - next(iter(targets.values())) > 1.0):
            del targets[next(iter(targets))]                # the oldest (never `to` itself)
        return 1.0 / len(targets)

    def _new_room(self, room: str) -> bool:
        """Whether a `host` for `room` opens a new room: a host's re-attach (a reload) to a room
        this process knows does not count. With Redis only rooms with members on this process
        are known here: a re-attach to a room held elsewhere counts as a new one."""
        if room in self.rooms:
            return False
        return not (isinstance(self.state, LocalState) and room in self.state.rooms)

    def _count_host(self, address: str) -> None:
        """`hosts_per_minute` new rooms per client address (a token bucket of that depth)."""
        if not take_token(self.hosted, address, self.limits.hosts_per_minute, 60, time.monotonic()):
            raise Refused(RATE, "too many new rooms")

    async def _hello(self, conn: Conn, frame: dict) -> None:
        room = frame["room"]
        if frame["op"] == "host":
            if self._new_room(room):
                self._count_host(conn.address)
            old = await self.state.attach_host(room, key_digest(frame["key"]), conn.peer)
            conn.host, present = True, True
            conn.tokens, conn.stamp = self.limits.burst, time.monotonic()   # a host's bucket
            local = self.rooms.setdefault(room, {})
            previous = local.get("host")
            local["host"] = conn
            if previous is not None:
                self._spawn(self._close(previous, REPLACED, "host re-attached elsewhere"))
            elif old is not None:
                self._publish(room, {"t": "kick", "peer": old})
            self._to_guests(room, '{"op":"host","present":true}')
            self._publish(room, {"t": "host", "present": True})
        else:
            present = await self.state.join(room, conn.peer)
            self.rooms.setdefault(room, {})[conn.peer] = conn
            self._to_host(room, '{"op":"joined","peer":"' + conn.peer + '"}')
            self._publish(room, {"t": "joined", "peer": conn.peer})
        conn.room = room
        if conn.hello_timer is not None:
            conn.hello_timer.cancel()
            conn.hello_timer = None
        role = "host" if conn.host else "guest"
        log_event("ready", room, conn.peer, role=role)
        self._write(conn, json.dumps({"op": "ready", "peer": conn.peer, "role": role,
                                      "host": present}))

    async def _send(self, conn: Conn, frame: dict) -> None:
        # What json.dumps(data, ensure_ascii=False) gives (JSON still escapes newlines), without
        # its per-call encoder set-up: ~3 us of a frame's ~10.
        data = encode_basestring(frame["data"])
        room = conn.room
        if conn.host:
            to = frame["to"]
            text = '{"op":"from","peer":"host","data":' + data + "}"
            target = self.rooms[room].get(to)
            if target is not None and target is not conn:
                self._write(target, text)
            else:
                await self._publish_wait(room, {"t": "to", "peer": to, "text": text})
        else:
            text = '{"op":"from","peer":"' + conn.peer + '","data":' + data + "}"
            host = self.rooms[room].get("host")
            if host is not None:
                self._write(host, text)
            else:
                await self._publish_wait(room, {"t": "to", "peer": "host", "text": text})

    # -- the outgoing queue of each socket --

    def _write(self, target: Conn, text: str) -> None:
        """Queue `text` for `target` and return at once: the sender never waits for a reader.
        Past `max_backlog` (queued here + in the transport's buffer) the target is cut off."""
        transport = target.transport
        if transport is None or transport.is_closing() or target.code is not None:
            # Closing: its own handler cleans up. Nothing may follow our close frame (RFC 6455
            # 5.5.1), and `_close` flushed what was queued before it.
            return
        data = text_frame(text.encode())
        target.out.append(data)
        target.out_bytes += len(data)
        if target.out_bytes + transport.get_write_buffer_size() > self.limits.max_backlog:
            self._cut_off(target)
        elif not target.flush_due:
            target.flush_due = True
            asyncio.get_running_loop().call_soon(self._flush, target)

    @staticmethod
    def _flush(conn: Conn) -> None:
        """Write what was queued for `conn` this loop turn, in one write (one syscall for many
        frames under load). The transport keeps what the kernel does not take yet."""
        conn.flush_due = False
        out = conn.out
        if not out:
            return
        data = out[0] if len(out) == 1 else b"".join(out)
        out.clear()
        conn.out_bytes = 0
        transport = conn.transport
        if transport is not None and not transport.is_closing():
            transport.write(data)

    def _cut_off(self, conn: Conn) -> None:
        """4013: drop the socket's queue and abort it (a closing handshake would queue behind
        the backlog); its handler sees the connection lost and cleans up."""
        conn.code = SLOW
        conn.out.clear()
        conn.out_bytes = 0
        log_event("limit", conn.room, conn.peer, SLOW, reason="not reading")
        if conn.transport is not None:
            conn.transport.abort()

    # -- presence and cross-process delivery --

    def _publish(self, room: str, message: dict) -> None:
        self.state.publish(room, message)

    async def _publish_wait(self, room: str, message: dict) -> None:
        waiter = self.state.publish(room, message)
        if waiter is not None:
            await waiter  # a full publish queue slows the sender down instead of dropping

    def _to_host(self, room: str, text: str) -> None:
        host = self.rooms.get(room, {}).get("host")
        if host is not None:
            self._write(host, text)

    def _to_guests(self, room: str, text: str) -> None:
        for peer, conn in self.rooms.get(room, {}).items():
            if peer != "host":
                self._write(conn, text)

    async def deliver_frame(self, room: str, peer: str, text: str) -> None:
        """A frame another process forwarded to `peer` ("host" for the host), if it is here.
        Queued like any other frame: the one task delivering for every room never waits."""
        target = self.rooms.get(room, {}).get(peer)
        if target is not None:
            self._write(target, text)

    async def deliver(self, room: str, message: dict) -> None:
        """A message another process published for `room`: to this process's members."""
        kind = message["t"]
        members = self.rooms.get(room)
        if not members:
            return
        if kind == "to":
            await self.deliver_frame(room, message["peer"], message["text"])
        elif kind == "joined" or kind == "left":
            self._to_host(room, json.dumps({"op": kind, "peer": message["peer"]}))
        elif kind == "host":
            present = "true" if message["present"] else "false"
            self._to_guests(room, '{"op":"host","present":' + present + "}")
        elif kind == "kick":
            host = members.get("host")
            if host is not None and host.peer == message["peer"]:
                self._spawn(self._close(host, REPLACED, "host re-attached elsewhere"))

    # -- closing --

    async def _refuse(self, conn: Conn, refused: Refused) -> None:
        log_event("limit", conn.room, conn.peer, refused.code, reason=refused.reason)
        await self._close(conn, refused.code, refused.reason)

    async def _close(self, conn: Conn, code: int, reason: str) -> None:
        if conn.code is None:
            conn.code = code
        if code in (IDLE, REPLACED, NO_ROOM):
            log_event("limit", conn.room, conn.peer, code, reason=reason)
        self._flush(conn)  # frames queued before the close go first (e.g. an error's cause)
        try:
            # Bounded: close() waits for the peer to take the close frame and answer it.
            await asyncio.wait_for(conn.ws.close(code=code, message=reason.encode()), CLOSE_WAIT)
        except (ConnectionError, RuntimeError):
            pass
        except TimeoutError:
            if conn.transport is not None:
                conn.transport.abort()

    async def _gone(self, conn: Conn) -> None:
        """The socket closed (any reason): forget it and tell the room."""
        if conn.hello_timer is not None:
            conn.hello_timer.cancel()
            conn.hello_timer = None
        code = conn.code if conn.code is not None else conn.ws.close_code
        log_event("close", conn.room, conn.peer, code)
        conn.out.clear()
        try:
            await self._leave(conn)
        finally:
            self.conns.discard(conn)  # last: once gone from `conns`, the room state says so too

    async def _leave(self, conn: Conn) -> None:
        room = conn.room
        if not room:
            return
        members = self.rooms.get(room, {})
        key = "host" if conn.host else conn.peer
        if members.get(key) is conn:
            del members[key]
        if not members:
            self.rooms.pop(room, None)
        try:
            was_host = await self.state.leave(room, conn.peer, conn.host)
        except Exception:  # Redis away: the room's TTL cleans up
            log.exception("leave failed")
            return
        if conn.host:
            if was_host:
                self._to_guests(room, '{"op":"host","present":false}')
                self._publish(room, {"t": "host", "present": False})
        else:
            self._to_host(room, '{"op":"left","peer":"' + conn.peer + '"}')
            self._publish(room, {"t": "left", "peer": conn.peer})


def _stop_heartbeat(ws: web.WebSocketResponse) -> None:
    """Make sure nothing of a finished socket stays scheduled. aiohttp 3.14 cancels the
    heartbeat in close(), but data arriving afterwards (the client's answer to our close frame)
    re-arms it (`_on_data_received` -> `_reset_heartbeat`): a timer that keeps the whole socket
    alive for heartbeat + heartbeat/2 = 45 s, which at ~900 refused sockets/s grew the RSS by
    hundreds of MB (bench/relay.py, "refused"). Private attributes: guarded, a no-op if gone."""
    cancel = getattr(ws, "_cancel_heartbeat", None)
    if cancel is not None:
        ws._heartbeat = None  # so _on_data_received/_reset_heartbeat no longer schedule anything
        cancel()


class _DuplicateKey(ValueError):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict:
    """json.loads' object_pairs_hook: `{"op":"join","op":"host"}` is refused, not read as its
    last value (what a browser's JSON.parse and Python's dict would each make of it differs)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise _DuplicateKey
    return obj


# One decoder for every frame: json.loads(text, object_pairs_hook=...) builds a new one per call.
_DECODER = json.JSONDecoder(object_pairs_hook=_unique_keys)


def parse(text: str, allowed: dict[str, set[str]]) -> dict:
    """A client frame, checked: a JSON object with a known op and exactly its fields."""
    try:
        frame = _DECODER.decode(text)
    except _DuplicateKey:
        raise Refused(BAD_FRAME, "duplicate key") from None
    except (ValueError, RecursionError):
        raise Refused(BAD_FRAME, "not JSON") from None
    if not isinstance(frame, dict):
        raise Refused(BAD_FRAME, "not a JSON object")
    op = frame.get("op")
    if not isinstance(op, str) or op not in allowed:
        raise Refused(BAD_FRAME, "unknown op")
    if set(frame) != allowed[op]:
        raise Refused(BAD_FRAME, f"{op}: wrong fields")
    for name in ("room", "key"):
        if name in frame and not (isinstance(frame[name], str) and ID_RE.fullmatch(frame[name])):
            raise Refused(BAD_FRAME, f"{op}: bad {name}")
    if "to" in frame and not (isinstance(frame["to"], str) and PEER_RE.fullmatch(frame["to"])):
        raise Refused(BAD_FRAME, "send: bad to")
    if "data" in frame:
        data = frame["data"]
        if not isinstance(data, str):
            raise Refused(BAD_FRAME, "send: data must be a string")
        if not data.isascii():
            try:  # a lone surrogate ("\ud800" is valid JSON) cannot be sent on as UTF-8
                data.encode()
            except UnicodeEncodeError:
                raise Refused(BAD_FRAME, "send: data must be text") from None
    return frame


HUB_KEY = web.AppKey("rooms", Hub)


def install(app: web.Application, limits: RoomLimits | None = None,
            state: State | None = None) -> Hub:
    """Add `GET /ws` (before any catch-all route) and the hub's start/stop to `app`; `state`
    None: this process alone (`LocalState`)."""
    limits = limits or RoomLimits()
    hub = Hub(limits, state)
    app[HUB_KEY] = hub
    app.router.add_get("/ws", hub.handle)
    app.on_startup.append(hub.start)
    app.on_shutdown.append(hub.shutdown)
    app.on_cleanup.append(hub.stop)
    return hub
