"""Peer rooms over WebSocket (`GET /ws`): the relay's half of "Med vennerne" (docs/relay.md).

A room has one host and up to 15 guests. The relay forwards opaque `data` strings and never
parses them: a guest's frames go to the room's host only, the host's frames to the one guest it
names, and the relay stamps the sender (`peer`) itself, so a guest can neither reach another
guest nor pose as the host. Every client frame is validated (size before parsing, a JSON object,
a known op, exactly its fields, their types and id formats); a bad one closes that connection
only, with a close code that says why.

Room state that every process must agree on (the host key, who is in a room, whether its host is
connected) lives behind a `state` object: `LocalState` here for one process, or
`relay.backplane.RedisBackplane` (`--redis URL`) for several behind a load balancer, which also
carries frames between processes. A frame for a socket held by this process is written directly.

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
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from aiohttp import WSMsgType, web

log = logging.getLogger("relay.rooms")

ID_RE = re.compile(r"[A-Za-z0-9_-]{22}")      # secrets.token_urlsafe(16): 128 bits
PEER_RE = re.compile(r"[A-Za-z0-9_-]{8}")     # relay-assigned, secrets.token_urlsafe(6)

# Close codes (docs/relay.md). 1009 (frame too big) is sent by aiohttp itself.
TOO_BIG = 1009
INTERNAL = 1011      # the relay failed (e.g. Redis unreachable); retry later
REPLACED = 4001      # the host re-attached on another connection
SLOW = 4013          # the socket stopped reading: its unsent frames passed `max_backlog`
BAD_FRAME = 4400
WRONG_KEY = 4403
NO_ROOM = 4404
IDLE = 4408
ROOM_FULL = 4409
RATE = 4429
SERVER_FULL = 4503

# The exact fields of each client frame, by role ("new": before the first frame is accepted).
FIELDS = {
    "new": {"host": {"op", "room", "key"}, "join": {"op", "room"}},
    "host": {"send": {"op", "to", "data"}, "ping": {"op"}},
    "guest": {"send": {"op", "data"}, "ping": {"op"}},
}


@dataclass(frozen=True)
class RoomLimits:
    """Limits of the WebSocket rooms (tests use small ones)."""

    # bytes in one client frame; above: 1009 (aiohttp). A peer-protocol page is at most 64 KiB
    # of ASCII, but inside `data` every quote and backslash is escaped: up to twice that.
    max_frame: int = 136 * 1024
    members: int = 16               # host + guests in one room
    rooms: int = 5_000              # rooms this process knows (live or waiting to expire)
    connections: int = 10_000       # open sockets on this process
    rate: float = 50.0              # frames/s sustained per connection ...
    burst: float = 100.0            # ... with a bucket this deep
    hello_timeout: float = 10.0     # s to send the first frame
    idle: float = 600.0             # s without a frame (a `ping` op counts) before 4408
    heartbeat: float = 30.0         # s between WebSocket pings (aiohttp closes dead sockets)
    expiry: float = 900.0           # s a room lives after its last member left (host reload)
    max_backlog: int = 1024 * 1024  # bytes queued to a socket that does not read: then 4013
    sweep: float = 5.0              # s between idle/expiry sweeps


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


class Refused(Exception):
    """A client frame or request the relay refuses: close with `code`, `reason`."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


# -- shared room state ----------------------------------------------------------------------------

class State(Protocol):
    """Room state every process agrees on. Methods raise `Refused` for a client's mistake."""

    async def start(self, hub: Hub) -> None: ...
    async def stop(self) -> None: ...
    async def attach_host(self, room: str, digest: str, peer: str) -> str | None:
        """Register `peer` as the room's host (creating the room, or checking the key); returns
        the peer id of the host it replaces, if one is attached."""
    async def join(self, room: str, peer: str) -> bool:
        """Add a guest; returns whether the host is connected."""
    async def leave(self, room: str, peer: str, host: bool) -> bool:
        """Remove a member; returns whether `peer` was still the room's host."""
    async def refresh(self, rooms: list[str]) -> None: ...
    def publish(self, room: str, message: dict) -> asyncio.Future | None:
        """Hand `message` to the other processes (None: nothing to wait for)."""
    def room_count(self) -> int: ...


@dataclass
class _LocalRoom:
    digest: str
    host: str | None = None
    guests: set[str] = field(default_factory=set)
    empty_since: float | None = None


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
            raise Refused(WRONG_KEY, "wrong host key")
        old, entry.host, entry.empty_since = entry.host, peer, None
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
        was_host = host and entry.host == peer
        if was_host:
            entry.host = None
        entry.guests.discard(peer)
        if entry.host is None and not entry.guests:
            entry.empty_since = time.monotonic()
        return was_host

    async def refresh(self, rooms: list[str]) -> None:
        pass

    def publish(self, room: str, message: dict) -> None:
        return None  # one process: every member's socket is local

    def room_count(self) -> int:
        return len(self.rooms)

    def expire(self, now: float) -> list[str]:
        gone = [room for room, entry in self.rooms.items()
                if entry.empty_since is not None and now - entry.empty_since >= self.limits.expiry]
        for room in gone:
            del self.rooms[room]
        return gone


# -- connections ----------------------------------------------------------------------------------

class Conn:
    """One WebSocket of a room member on this process."""

    __slots__ = ("host", "last_seen", "peer", "queued", "room", "stamp", "tokens", "transport",
                 "ws")

    def __init__(self, ws: web.WebSocketResponse, transport: asyncio.Transport | None,
                 peer: str, limits: RoomLimits) -> None:
        self.ws = ws
        self.transport = transport
        self.peer = peer
        self.room = ""
        self.host = False
        self.tokens = limits.burst
        self.queued = 0   # frames from other processes waiting for this socket to drain
        self.stamp = self.last_seen = time.monotonic()


class Hub:
    """This process's sockets, by room, and the limits and forwarding rules."""

    def __init__(self, limits: RoomLimits | None = None, state: State | None = None) -> None:
        self.limits = limits or RoomLimits()
        self.state: State = state or LocalState(self.limits)
        self.rooms: dict[str, dict[str, Conn]] = {}   # room -> peer -> conn ("host" for the host)
        self.conns: set[Conn] = set()
        self._sweeper: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()

    def _spawn(self, coro: Any) -> asyncio.Task:
        """Run `coro` beside the caller (a close waits for the peer's handshake; presence must
        not hold up the frame that caused it), holding a reference until it ends."""
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
        await asyncio.gather(*(conn.ws.close(code=1001, message=b"server shutting down")
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
        """Close idle sockets, expire empty rooms, refresh the TTL of rooms with members here."""
        now = time.monotonic()
        for conn in list(self.conns):
            limit = self.limits.idle if conn.room else self.limits.hello_timeout
            if now - conn.last_seen > limit:
                self._spawn(self._close(conn, IDLE, "idle"))
        if isinstance(self.state, LocalState):
            self.state.expire(now)
        await self.state.refresh(list(self.rooms))

    # -- one socket --

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        limits = self.limits
        ws = web.WebSocketResponse(heartbeat=limits.heartbeat, max_msg_size=limits.max_frame)
        await ws.prepare(request)
        conn = Conn(ws, request.transport, secrets.token_urlsafe(6), limits)  # type: ignore[arg-type]
        if len(self.conns) >= limits.connections:
            await self._refuse(conn, Refused(SERVER_FULL, "too many connections"))
            return ws
        self.conns.add(conn)
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
            # Shielded: a server with handler_cancellation (aiohttp's test server) cancels this
            # handler when the client hangs up, which must not leave the room state half done.
            await asyncio.shield(self._spawn(self._gone(conn)))
        return ws

    async def _frame(self, conn: Conn, text: str) -> None:
        now = time.monotonic()
        conn.last_seen = now
        conn.tokens = min(self.limits.burst, conn.tokens + (now - conn.stamp) * self.limits.rate)
        conn.stamp = now
        if conn.tokens < 1:
            raise Refused(RATE, "too many frames")
        conn.tokens -= 1
        role = "host" if conn.host else "guest" if conn.room else "new"
        frame = parse(text, FIELDS[role])
        op = frame["op"]
        if op == "send":
            await self._send(conn, frame)
        elif op == "ping":
            await conn.ws.send_str('{"op":"pong"}')
        else:
            await self._hello(conn, frame)

    async def _hello(self, conn: Conn, frame: dict) -> None:
        room = frame["room"]
        if frame["op"] == "host":
            old = await self.state.attach_host(room, key_digest(frame["key"]), conn.peer)
            conn.host, present = True, True
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
        role = "host" if conn.host else "guest"
        log_event("ready", room, conn.peer, role=role)
        await conn.ws.send_str(json.dumps({"op": "ready", "peer": conn.peer, "role": role,
                                           "host": present}))

    async def _send(self, conn: Conn, frame: dict) -> None:
        data = json.dumps(frame["data"], ensure_ascii=False)  # JSON still escapes newlines
        room = conn.room
        if conn.host:
            to = frame["to"]
            text = '{"op":"from","peer":"host","data":' + data + "}"
            target = self.rooms[room].get(to)
            if target is not None and target is not conn:
                await self._write(target, text)
            else:
                await self._publish_wait(room, {"t": "to", "peer": to, "text": text})
        else:
            text = '{"op":"from","peer":"' + conn.peer + '","data":' + data + "}"
            host = self.rooms[room].get("host")
            if host is not None:
                await self._write(host, text)
            else:
                await self._publish_wait(room, {"t": "to", "peer": "host", "text": text})

    async def _write(self, target: Conn, text: str) -> None:
        transport = target.transport
        if transport is not None and transport.get_write_buffer_size() > self.limits.max_backlog:
            self._spawn(self._close(target, SLOW, "not reading"))
            return
        try:
            await target.ws.send_str(text)
        except (ConnectionError, RuntimeError):
            pass  # the target is closing: its own handler cleans up

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
            self._spawn(self._write(host, text))

    def _to_guests(self, room: str, text: str) -> None:
        for peer, conn in self.rooms.get(room, {}).items():
            if peer != "host":
                self._spawn(self._write(conn, text))

    async def deliver_frame(self, room: str, peer: str, text: str) -> None:
        """A frame another process forwarded to `peer` ("host" for the host), if it is here."""
        target = self.rooms.get(room, {}).get(peer)
        if target is None:
            return
        # One task delivers for every room on this process: it must never wait for one socket to
        # drain. A socket with a backlog gets its frames through tasks of their own, in order
        # (each task writes in its first step; direct writes resume only when none is pending);
        # `_write` cuts it off once the backlog passes `max_backlog`.
        transport = target.transport
        if target.queued or (transport is not None and transport.get_write_buffer_size() > 16384):
            target.queued += 1
            self._spawn(self._write_queued(target, text))
        else:
            await self._write(target, text)   # does not suspend: the socket is not paused

    async def _write_queued(self, target: Conn, text: str) -> None:
        try:
            await self._write(target, text)
        finally:
            target.queued -= 1

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
        if code in (IDLE, SLOW, REPLACED):
            log_event("limit", conn.room, conn.peer, code, reason=reason)
        if code == SLOW and conn.transport is not None:
            conn.transport.abort()  # a closing handshake would queue behind the backlog
        try:
            await conn.ws.close(code=code, message=reason.encode())
        except (ConnectionError, RuntimeError):
            pass

    async def _gone(self, conn: Conn) -> None:
        """The socket closed (any reason): forget it and tell the room."""
        log_event("close", conn.room, conn.peer, conn.ws.close_code)
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


def parse(text: str, allowed: dict[str, set[str]]) -> dict:
    """A client frame, checked: a JSON object with a known op and exactly its fields."""
    try:
        frame = json.loads(text)
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
    if "data" in frame and not isinstance(frame["data"], str):
        raise Refused(BAD_FRAME, "send: data must be a string")
    return frame


HUB_KEY = web.AppKey("rooms", Hub)


def install(app: web.Application, limits: RoomLimits | None = None,
            redis_url: str | None = None) -> Hub:
    """Add `GET /ws` (before any catch-all route) and the hub's start/stop to `app`."""
    limits = limits or RoomLimits()
    state: State | None = None
    if redis_url:
        from relay.backplane import RedisBackplane  # only with --redis: no redis import otherwise

        state = RedisBackplane(redis_url, limits)
    hub = Hub(limits, state)
    app[HUB_KEY] = hub
    app.router.add_get("/ws", hub.handle)
    app.on_startup.append(hub.start)
    app.on_shutdown.append(hub.shutdown)
    app.on_cleanup.append(hub.stop)
    return hub
