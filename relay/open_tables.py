"""De åbne borde: the relay's live list of open tables (`GET /ws/tables`, docs/relay.md).

The tables stay peer tables: the relay never sees a die. A table's leader (the host of a `/ws`
room) publishes what it wants listed over its own room socket (`{"op":"list","table":{...}}`,
relay/rooms.py hands it here), and every watcher of `/ws/tables` gets the whole list at once
(paged) and then every change, pushed (rows put, ids gone). The relay adds the row's `id` (a
digest of the room id) and its `room` (the room the guests join through `/ws`) itself: a leader
can only list its own room.

The list never lies: a row lives `ttl` seconds past its leader's last frame on `/ws` (any frame:
`list`, `ping`, `send`), so a leader whose socket closed, whose phone vanished or whose process
died is gone from every watcher's list within `ttl` + `sweep` (4.5 s by default); a hand-over's
new leader (a host re-attached to the same room) that lists the table within that time keeps it
listed without a gap. `unlist` removes it at once.

Limits (`TableLimits`) answer a leader with a `list-refused` frame (its room socket stays, the
list is unchanged) and close a watcher with a code (docs/relay.md, "De åbne borde").

With `--redis URL` the list spans every process (relay/open_tables_redis.py): rows listed here
are written to Redis and published, rows listed elsewhere are mirrored here.

Logs: `listed`, `unlisted`, `watch`, `unwatch` and `limit` lines through relay.rooms' log_event:
a table appears as its id (a digest), never a room id, a key or a name.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import json
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from aiohttp import WSMsgType, web

from relay.room_terms import BAD_FRAME, RATE, SERVER_FULL, SLOW, TOO_BIG, Refused, take_token
from relay.rooms import (
    CLOSE_WAIT,
    PONG,
    Conn,
    Hub,
    _stop_heartbeat,
    log,
    log_event,
    parse,
    text_frame,
)

GAMES = ("snyd", "bakke", "treere")
STATES = ("waiting", "playing", "full")
TABLE_FIELDS = frozenset({"game", "ruleset", "seats", "free", "state", "name"})
SEATS = (2, 8)
WATCHER_FIELDS = {"ping": {"op"}}
# Stripped from names and rule sets: controls (Cc), format characters such as the bidi
# overrides and isolates, zero-width and soft hyphens (Cf), surrogates (Cs), private use (Co),
# unassigned (Cn), line and paragraph separators (Zl, Zp).
STRIPPED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


@dataclass(frozen=True)
class TableLimits:
    """Limits of the open tables' list (tests use small ones)."""

    tables: int = 2_000               # rows listed (with Redis: on every process together)
    tables_per_hour: float = 20.0     # new tables listed per client address per hour (per process)
    watchers: int = 10_000            # `/ws/tables` sockets on this process
    watchers_per_address: int = 20    # of them from one client address
    page_rows: int = 50               # rows (or ids) in one frame to a watcher
    name_max: int = 24                # characters of a leader's name, once cleaned
    ruleset_max: int = 40             # characters of the rule set's text, once cleaned
    list_frame_max: int = 1024        # bytes of a leader's `list` frame
    watcher_frame_max: int = 256      # bytes of a watcher's frame (1009 above)
    list_rate: float = 2.0            # a table's `list` updates per second sustained,
    list_burst: float = 10.0          # with a bucket this deep
    watcher_rate: float = 1.0         # a watcher's frames per second (it only pings),
    watcher_burst: float = 5.0        # bucket
    ttl: float = 4.0                  # s a row lives past its leader's last frame
    sweep: float = 0.5                # s between expiry sweeps (and, with Redis, refreshes)
    push_delay: float = 0.01          # s changes are gathered before one push to every watcher
    push_interval: float = 0.25       # s at least between two pushes (churn: one per interval)
    push_slice: int = 500             # watchers written per loop turn (rooms' frames go between)
    max_backlog: int = 1024 * 1024    # bytes waiting for a watcher that does not read: 4013
    heartbeat: float = 30.0           # s between WebSocket pings to a watcher


def table_id(room: str) -> str:
    """A table's public id: a digest of its room id (the same room gives the same id, so a
    hand-over keeps the row; logs show this, never the room id)."""
    return hashlib.sha256(b"open-table:" + room.encode()).hexdigest()[:16]


def clean_text(value: Any, field: str, most: int) -> str:
    """A stranger's text, made safe to list: white space (tabs, newlines, line separators) made
    spaces, control, bidi and other invisible characters stripped, runs of spaces made one, at
    most `most` characters (else refused)."""
    if not isinstance(value, str):
        raise Refused(BAD_FRAME, f"{field}: must be text")
    if len(value) > 4 * most:
        raise Refused(BAD_FRAME, f"{field}: at most {most} characters")
    text = unicodedata.normalize("NFC", "".join(
        " " if ch.isspace() else ch for ch in value
        if ch.isspace() or unicodedata.category(ch) not in STRIPPED))
    text = " ".join(text.split())
    if not text:
        raise Refused(BAD_FRAME, f"{field}: empty")
    if len(text) > most:
        raise Refused(BAD_FRAME, f"{field}: at most {most} characters")
    return text


def _whole(value: Any) -> bool:
    return type(value) is int  # not bool, not float


def check_table(table: Any, limits: TableLimits) -> dict:
    """The listing a leader sent, checked field by field (every field, exactly these); the
    reason names the field, never echoes the value."""
    if not isinstance(table, dict):
        raise Refused(BAD_FRAME, "list: table must be an object")
    if set(table) != TABLE_FIELDS:
        raise Refused(BAD_FRAME, "list: table needs exactly game, ruleset, seats, free, state, "
                                 "name")
    game, seats, free, state = table["game"], table["seats"], table["free"], table["state"]
    if not isinstance(game, str) or game not in GAMES:
        raise Refused(BAD_FRAME, "game: snyd, bakke or treere")
    if not _whole(seats) or not SEATS[0] <= seats <= SEATS[1]:
        raise Refused(BAD_FRAME, "seats: a whole number 2..8")
    if not _whole(free) or not 0 <= free <= seats:
        raise Refused(BAD_FRAME, "free: a whole number 0..seats")
    if not isinstance(state, str) or state not in STATES:
        raise Refused(BAD_FRAME, "state: waiting, playing or full")
    if (state == "full") != (free == 0) and state != "playing":
        raise Refused(BAD_FRAME, "state: full exactly when no seat is free")
    return {"game": game, "ruleset": clean_text(table["ruleset"], "ruleset", limits.ruleset_max),
            "seats": seats, "free": free, "state": state,
            "name": clean_text(table["name"], "name", limits.name_max)}


class Entry:
    """One listed table: listed here (`conn`, the leader's room socket) or mirrored from another
    process (`origin`, alive until `deadline`)."""

    __slots__ = ("conn", "deadline", "origin", "row", "stamp", "tokens", "ver")

    def __init__(self, row: dict, ver: int, conn: Conn | None = None, origin: str = "",
                 deadline: float = 0.0, tokens: float = 0.0) -> None:
        self.row = row
        self.ver = ver
        self.conn = conn
        self.origin = origin
        self.deadline = deadline
        self.tokens = tokens
        self.stamp = time.monotonic()


class Watcher:
    """One `/ws/tables` socket."""

    __slots__ = ("address", "code", "id", "stamp", "tokens", "transport", "ws")

    def __init__(self, ws: web.WebSocketResponse, transport: asyncio.Transport | None,
                 address: str, limits: TableLimits) -> None:
        self.ws = ws
        self.transport = transport
        self.address = address
        self.id = secrets.token_urlsafe(6)
        self.code: int | None = None
        self.tokens = limits.watcher_burst
        self.stamp = time.monotonic()


class Lobby:
    """The list of open tables on this process and its watchers."""

    def __init__(self, hub: Hub, limits: TableLimits | None = None, share: Any = None) -> None:
        self.hub = hub
        self.limits = limits or TableLimits()
        self.share = share                       # TablesShare (Redis) or None
        self.rows: dict[str, Entry] = {}         # table id -> entry (here and elsewhere)
        self.watchers: set[Watcher] = set()
        self.per_address: collections.Counter[str] = collections.Counter()
        self.opened: dict[str, tuple[float, float]] = {}   # address -> (tokens, stamp)
        self.tombs: dict[str, float] = {}        # id -> when a remote row was last removed
        self.version = 0                         # every local change gets the next number
        self._put: dict[str, dict] = {}          # changes waiting for the next push
        self._gone: set[str] = set()
        self._push_due: asyncio.TimerHandle | None = None
        self._last_push = -1e9                   # loop time the last push started
        self._sending: tuple[bytes, list[Watcher], int, float] | None = None  # a push underway
        self.push_times: collections.deque[tuple[float, int]] = collections.deque(maxlen=1000)
        self._snapshot: bytes | None = None      # the whole list, encoded once per change
        self._sweeper: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()
        hub.lobby = self

    # -- lifecycle --

    async def start(self, _app: web.Application | None = None) -> None:
        if self.share is not None:
            await self.share.start(self)
        self._sweeper = asyncio.create_task(self._sweep_forever())

    async def shutdown(self, _app: web.Application | None = None) -> None:
        if self._sweeper:
            self._sweeper.cancel()
        await asyncio.gather(*(self._close(w, 1001, "server shutting down")
                               for w in list(self.watchers)), return_exceptions=True)

    async def stop(self, _app: web.Application | None = None) -> None:
        await self.shutdown()
        if self.share is not None:
            await self.share.stop()

    def counts(self) -> dict[str, int]:
        return {"tables": len(self.rows), "watchers": len(self.watchers)}

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.limits.sweep)
            try:
                self.sweep()
            except Exception:  # noqa: BLE001 (a sweep must never stop the sweeper)
                log.exception("table sweep failed")

    def sweep(self) -> None:
        """Drop rows whose leader sent nothing for `ttl` (and mirrored rows not refreshed for
        `ttl`), forget addresses whose budget is full again; with Redis, refresh ours."""
        now = time.monotonic()
        ttl = self.limits.ttl
        for tid, entry in list(self.rows.items()):
            if entry.conn is not None:
                if now - entry.conn.last_seen >= ttl:
                    self._remove(tid, "expired")
            elif now >= entry.deadline:
                self._remove(tid, "expired elsewhere")
        per_s = self.limits.tables_per_hour / 3600
        for address, (tokens, stamp) in list(self.opened.items()):
            if tokens + (now - stamp) * per_s >= self.limits.tables_per_hour:
                del self.opened[address]
        for tid, when in list(self.tombs.items()):
            if now - when > 4 * ttl:
                del self.tombs[tid]
        if self.share is not None:
            self.share.alive()

    # -- a leader's frames (from relay/rooms.py: a room host's `list` and `unlist`) --

    def leader_frame(self, conn: Conn, frame: dict, size: int) -> None:
        try:
            if frame["op"] == "list":
                self._list(conn, frame["table"], size)
            else:
                self._unlist(conn)
        except Refused as refused:
            log_event("limit", code=refused.code, reason=refused.reason,
                      table=table_id(conn.room))
            self.hub._write(conn, json.dumps({"op": "list-refused", "code": refused.code,
                                              "reason": refused.reason}))

    def _list(self, conn: Conn, table: Any, size: int) -> None:
        limits = self.limits
        if size > limits.list_frame_max:
            raise Refused(TOO_BIG, f"list: at most {limits.list_frame_max} bytes")
        tid = table_id(conn.room)
        row = {"id": tid, "room": conn.room, **check_table(table, limits)}
        now = time.monotonic()
        entry = self.rows.get(tid)
        if entry is not None and entry.conn is conn:
            if not _take_one(entry, limits.list_rate, limits.list_burst, now):
                raise Refused(RATE, "too many list updates")
            if row != entry.row:
                self.version += 1
                entry.row, entry.ver = row, self.version
                self._changed(tid, row, entry)
        else:
            # New here, or a new leader of a listed table (a host re-attached: a hand-over),
            # which is the same table and opens nothing new.
            if entry is None:
                if len(self.rows) >= limits.tables:
                    raise Refused(SERVER_FULL, "too many open tables")
                self._count_open(conn.address)
                log_event("listed", table=tid, game=row["game"], seats=row["seats"])
            self.version += 1
            entry = self.rows[tid] = Entry(row, self.version, conn, tokens=limits.list_burst - 1)
            self._changed(tid, row, entry)
        self.hub._write(conn, '{"op":"listed","id":"' + tid + '"}')

    def _count_open(self, address: str) -> None:
        """`tables_per_hour` new tables per client address (a token bucket of that depth)."""
        if not take_token(self.opened, address, self.limits.tables_per_hour, 3600, time.monotonic()):
            raise Refused(RATE, "too many new tables from this address")

    def _unlist(self, conn: Conn) -> None:
        tid = table_id(conn.room)
        entry = self.rows.get(tid)
        if entry is not None and entry.conn is conn:
            self._remove(tid, "unlisted")
        self.hub._write(conn, '{"op":"unlisted","id":"' + tid + '"}')

    def _remove(self, tid: str, why: str) -> None:
        entry = self.rows.pop(tid)
        self._changed(tid, None, entry)
        if entry.conn is not None:
            log_event("unlisted", table=tid, reason=why)

    # -- rows from other processes (relay/open_tables_redis.py) --

    def remote_put(self, origin: str, row: dict, ver: int, since: float | None = None) -> None:
        """A row listed on process `origin`. `since`: fetched (after an `alive` named it) at
        that time: applied only if nothing newer came meanwhile."""
        tid = row["id"]
        entry = self.rows.get(tid)
        if since is not None:
            if entry is None and self.tombs.get(tid, -1.0) >= since:
                return   # removed while the fetch ran
            if entry is not None and not ((entry.origin == origin and ver > entry.ver)
                                          or entry.conn is not None):
                return   # something newer came meanwhile
        if entry is None and len(self.rows) >= self.limits.tables:
            return       # this process is full: the row is not mirrored (logged at the leader)
        if entry is not None and entry.conn is not None:
            if self._leads(entry.conn):
                return   # our leader is the room's host here: a late message from the old one
            log_event("unlisted", table=tid, reason="led elsewhere now")
            if self.share is not None:
                self.share.gone(tid)   # out of this process's hash
        self.rows[tid] = entry = Entry(row, ver, origin=origin,
                                       deadline=time.monotonic() + self.limits.ttl)
        self._changed(tid, row, entry)

    def _leads(self, conn: Conn) -> bool:
        """Whether `conn` is still its room's host on this process (not closed, not replaced)."""
        return conn.code is None and self.hub.rooms.get(conn.room, {}).get("host") is conn

    def remote_gone(self, origin: str, tid: str) -> None:
        self.tombs[tid] = time.monotonic()
        entry = self.rows.get(tid)
        if entry is not None and entry.conn is None and entry.origin == origin:
            del self.rows[tid]
            self._changed(tid, None, entry)

    def remote_alive(self, origin: str, versions: dict[str, int]) -> list[str]:
        """Process `origin` still lists these rows (id -> version): their deadlines move on;
        returns the ids this process lacks or holds an older version of (to fetch)."""
        deadline = time.monotonic() + self.limits.ttl
        fetch = []
        for tid, ver in versions.items():
            entry = self.rows.get(tid)
            if entry is None or (entry.conn is not None and not self._leads(entry.conn)):
                fetch.append(tid)      # unknown here, or our leader of it is gone (a hand-over)
            elif entry.conn is None and entry.origin == origin:
                entry.deadline = deadline
                if entry.ver != ver:
                    fetch.append(tid)
        return fetch

    # -- pushing changes to watchers --

    def _changed(self, tid: str, row: dict | None, entry: Entry) -> None:
        self._snapshot = None
        if row is None:
            self._put.pop(tid, None)
            self._gone.add(tid)
        else:
            self._gone.discard(tid)
            self._put[tid] = row
        if self.share is not None and entry.conn is not None:
            if row is None:
                self.share.gone(tid)
            else:
                self.share.put(tid, row, entry.ver)
        if self._push_due is None:
            self._schedule_push()

    def _schedule_push(self) -> None:
        """The next push: `push_delay` from now, but not before `push_interval` after the last
        one (under churn the watchers get one push per interval with every change in it)."""
        loop = asyncio.get_running_loop()
        delay = max(self.limits.push_delay,
                    self._last_push + self.limits.push_interval - loop.time())
        self._push_due = loop.call_later(delay, self._push)

    def _pages(self, op: str, field: str, items: list) -> list[bytes]:
        n = self.limits.page_rows
        return [text_frame(json.dumps({"op": op, field: items[i:i + n]},
                                      separators=(",", ":"), ensure_ascii=False).encode())
                for i in range(0, len(items), n)]

    def _push(self) -> None:
        """One push of every change gathered since the last: encoded once, written to every
        watcher's socket, `push_slice` watchers per loop turn so that the rooms' frames are not
        held up by a long list of watchers (a watcher that stopped reading is cut off)."""
        self._push_due = None
        if self._sending is not None:      # the last push is still being written: after it
            self._schedule_push()
            return
        if not self._put and not self._gone:
            return
        frames = (self._pages("gone", "ids", sorted(self._gone))
                  + self._pages("put", "rows", list(self._put.values())))
        self._put, self._gone = {}, set()
        loop = asyncio.get_running_loop()
        self._last_push = loop.time()
        if self.watchers:
            self._sending = (b"".join(frames), list(self.watchers), 0, time.perf_counter())
            self._send_slice()

    def _send_slice(self) -> None:
        if self._sending is None:
            return
        data, targets, start, began = self._sending
        end = start + self.limits.push_slice
        for watcher in targets[start:end]:
            self._write(watcher, data)
        if end < len(targets):
            self._sending = (data, targets, end, began)
            asyncio.get_running_loop().call_soon(self._send_slice)
        else:
            self._sending = None
            self.push_times.append((time.perf_counter() - began, len(targets)))

    def snapshot(self) -> bytes:
        """The whole list as `list` pages (the last with `"more":false`), encoded once."""
        if self._snapshot is None:
            rows = [entry.row for entry in self.rows.values()]
            n = self.limits.page_rows
            pages = [rows[i:i + n] for i in range(0, len(rows), n)] or [[]]
            self._snapshot = b"".join(
                text_frame(json.dumps({"op": "list", "rows": page, "more": i < len(pages) - 1},
                                      separators=(",", ":"), ensure_ascii=False).encode())
                for i, page in enumerate(pages))
        return self._snapshot

    def _write(self, watcher: Watcher, data: bytes) -> None:
        transport = watcher.transport
        if transport is None or transport.is_closing() or watcher.code is not None:
            return
        if transport.get_write_buffer_size() + len(data) > self.limits.max_backlog:
            watcher.code = SLOW
            log_event("limit", peer=watcher.id, code=SLOW, reason="watcher not reading")
            transport.abort()
            return
        transport.write(data)

    # -- one watcher's socket --

    async def handle(self, request: web.Request) -> web.StreamResponse:
        limits = self.limits
        address = request.remote or ""
        ws = web.WebSocketResponse(heartbeat=limits.heartbeat,
                                   max_msg_size=limits.watcher_frame_max + 1, compress=False)
        refused = None
        if len(self.watchers) >= limits.watchers:
            refused = Refused(SERVER_FULL, "too many watchers")
        elif self.per_address[address] >= limits.watchers_per_address:
            refused = Refused(RATE, "too many watchers from this address")
        await ws.prepare(request)
        watcher = Watcher(ws, request.transport, address, limits)  # type: ignore[arg-type]
        if refused is not None:
            log_event("limit", peer=watcher.id, code=refused.code, reason=refused.reason)
            try:
                await self._close(watcher, refused.code, refused.reason)
            finally:
                _stop_heartbeat(ws)
            return ws
        self.watchers.add(watcher)
        self.per_address[address] += 1
        log_event("watch", peer=watcher.id)
        self._write(watcher, self.snapshot())
        try:
            async for msg in ws:
                if msg.type is WSMsgType.TEXT:
                    self._watcher_frame(watcher, msg.data)
                elif msg.type is WSMsgType.BINARY:
                    raise Refused(BAD_FRAME, "text frames only")
                elif msg.type is WSMsgType.ERROR and ws.close_code == TOO_BIG:
                    log_event("limit", peer=watcher.id, code=TOO_BIG, reason="frame too big")
        except Refused as refused_now:
            log_event("limit", peer=watcher.id, code=refused_now.code,
                      reason=refused_now.reason)
            await self._close(watcher, refused_now.code, refused_now.reason)
        finally:
            _stop_heartbeat(ws)
            self.watchers.discard(watcher)
            self.per_address[address] -= 1
            if self.per_address[address] <= 0:
                del self.per_address[address]
            code = watcher.code if watcher.code is not None else ws.close_code
            log_event("unwatch", peer=watcher.id, code=code)
        return ws

    def _watcher_frame(self, watcher: Watcher, text: str) -> None:
        limits = self.limits
        if not _take_one(watcher, limits.watcher_rate, limits.watcher_burst, time.monotonic()):
            raise Refused(RATE, "too many frames")
        parse(text, WATCHER_FIELDS)   # only {"op":"ping"}
        self._write(watcher, text_frame(PONG.encode()))

    async def _close(self, watcher: Watcher, code: int, reason: str) -> None:
        if watcher.code is None:
            watcher.code = code
        try:
            await asyncio.wait_for(watcher.ws.close(code=code, message=reason.encode()),
                                   CLOSE_WAIT)
        except (ConnectionError, RuntimeError):
            pass
        except TimeoutError:
            if watcher.transport is not None:
                watcher.transport.abort()


LOBBY_KEY = web.AppKey("open_tables", Lobby)


def install(app: web.Application, hub: Hub, limits: TableLimits | None = None,
            redis_url: str | None = None) -> Lobby:
    """Add `GET /ws/tables` (before any catch-all route) to `app`, and the `list`/`unlist` ops
    to `hub`'s hosts. `redis_url`: share the list with the other processes on that Redis."""
    limits = limits or TableLimits()
    share = None
    if redis_url:
        from relay.open_tables_redis import TablesShare

        share = TablesShare(redis_url, limits)
    lobby = Lobby(hub, limits, share)
    app[LOBBY_KEY] = lobby
    app.router.add_get("/ws/tables", lobby.handle)
    app.on_startup.append(lobby.start)
    app.on_shutdown.append(lobby.shutdown)
    app.on_cleanup.append(lobby.stop)
    return lobby


def _take_one(holder: Entry | Watcher, rate: float, burst: float, now: float) -> bool:
    """One token of `holder`'s own bucket (its `tokens`, refilled at `rate` a second up to
    `burst` since its `stamp`): a listing's updates, a watcher's frames."""
    holder.tokens = min(burst, holder.tokens + (now - holder.stamp) * rate)
    holder.stamp = now
    if holder.tokens < 1:
        return False
    holder.tokens -= 1
    return True
