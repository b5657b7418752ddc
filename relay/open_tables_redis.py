"""The open tables' list across relay processes, through Redis (`--redis URL`).

Each process lists its own tables (rows whose leader's `/ws` socket is on it) and mirrors
everyone else's (relay/open_tables.py `Lobby.rows`):

- `bb:tables:<origin>`: a hash table id -> `{"row":…, "ver":n}` of the rows listed on process
  `origin` (a random id per process start), TTL `ceil(ttl)` renewed every `sweep`: a process
  that dies takes its hash with it within the TTL; a process starting reads every such hash;
- the channel `bb:tables`: one message per batch, the origin's id and then one JSON line per
  change: `{"t":"put","row":…,"ver":n}`, `{"t":"gone","id":…}`, and every `sweep`
  `{"t":"alive","rows":{id: ver, …}}` (every row the origin lists now).

A mirrored row lives `ttl` past the last `alive` that named it: a process death drops its rows
from every other process's list within `ttl` + `sweep`. An `alive` that names a row this process
lacks, or an older version of it, makes it fetch the row from the origin's hash (HMGET): a
message lost while Redis was away, or a FLUSHALL, heals within one `sweep` of Redis answering
again (the origin writes its whole hash back when it finds it missing or after any failure).

Versions are one counter per process, so a fetched row older than what came meanwhile (or a
row removed meanwhile) is not applied. Writes and the publish of one batch go in one pipeline,
hash first: a process that reads the hash after the message finds at least that change.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import secrets
import time
from typing import Any

log = logging.getLogger("relay.open_tables")

CHANNEL = "bb:tables"
HASH = "bb:tables:"   # + origin


def _cancelled() -> bool:
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class TablesShare:
    """The list's Redis half for one process (relay/open_tables.py `Lobby.share`)."""

    def __init__(self, url: str, limits: Any) -> None:
        self.url = url
        self.limits = limits
        self.origin = secrets.token_hex(8)
        self.ttl_s = max(1, math.ceil(limits.ttl))
        self.pending: list[tuple[str, str, str]] = []   # ("put", id, row json) / ("gone", id, "")
        self.alive_due = False
        self.dirty = True            # write our whole hash back at the next alive
        self.ready = asyncio.Event()
        self.fetching: set[str] = set()
        self.lobby: Any = None
        self._tasks: list[asyncio.Task] = []
        self._pending: set[asyncio.Task] = set()

    async def start(self, lobby: Any) -> None:
        import redis.asyncio as redis

        self.lobby = lobby
        self.redis = redis.Redis.from_url(self.url, decode_responses=True,
                                          socket_connect_timeout=5)
        await self.redis.ping()
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(CHANNEL)       # first: nothing published from now is missed
        self._tasks = [asyncio.create_task(self._publisher()),
                       asyncio.create_task(self._reader())]
        await self._load()

    async def stop(self) -> None:
        for task in self._tasks + list(self._pending):
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2)
        if self.lobby is not None:
            with contextlib.suppress(Exception):
                await self.pubsub.aclose()
            with contextlib.suppress(Exception):
                await self.redis.aclose()

    async def _load(self) -> None:
        """Every other process's rows, as a process starts."""
        since = time.monotonic()
        async for key in self.redis.scan_iter(match=HASH + "*", count=500):
            origin = key[len(HASH):]
            if origin != self.origin:
                for value in (await self.redis.hgetall(key)).values():
                    self._apply(origin, value, since)

    def _apply(self, origin: str, value: str, since: float) -> None:
        try:
            stored = json.loads(value)
            row, ver = stored["row"], stored["ver"]
            if not (isinstance(row, dict) and isinstance(row.get("id"), str)):
                raise TypeError("not a row")
        except Exception:  # noqa: BLE001 (one bad value must not stop the others)
            log.warning("bad table row in Redis from process %s", origin[:4])
            return
        self.lobby.remote_put(origin, row, ver, since)

    # -- what the lobby hands over (synchronously: the order of calls is the order sent) --

    def put(self, tid: str, row: dict, ver: int) -> None:
        self.pending.append(("put", tid, _dumps({"row": row, "ver": ver})))
        self.ready.set()

    def gone(self, tid: str) -> None:
        self.pending.append(("gone", tid, ""))
        self.ready.set()

    def alive(self) -> None:
        """Every sweep: renew our hash's TTL and tell everyone which rows we list."""
        self.alive_due = True
        self.ready.set()

    # -- Redis --

    async def _publisher(self) -> None:
        key = HASH + self.origin
        while not _cancelled():
            await self.ready.wait()
            self.ready.clear()
            batch, self.pending = self.pending, []
            alive, self.alive_due = self.alive_due, False
            if not batch and not alive:
                continue
            lines = [self.origin]
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for kind, tid, value in batch:
                        if kind == "put":
                            pipe.hset(key, tid, value)
                            lines.append('{"t":"put",' + value[1:])
                        else:
                            pipe.hdel(key, tid)
                            lines.append(_dumps({"t": "gone", "id": tid}))
                    expire_at = -1
                    if alive:
                        local = {tid: entry for tid, entry in self.lobby.rows.items()
                                 if entry.conn is not None}
                        if self.dirty:
                            pipe.delete(key)
                            if local:
                                pipe.hset(key, mapping={
                                    tid: _dumps({"row": e.row, "ver": e.ver})
                                    for tid, e in local.items()})
                        expire_at = len(pipe.command_stack)
                        pipe.expire(key, self.ttl_s)
                        lines.append(_dumps({"t": "alive",
                                             "rows": {tid: e.ver for tid, e in local.items()}}))
                    pipe.publish(CHANNEL, "\n".join(lines))
                    results = await pipe.execute(raise_on_error=False)
                failed = [r for r in results if isinstance(r, Exception)]
                if failed:
                    self.dirty = True
                    log.warning("tables publish: %d command(s) failed: %s", len(failed),
                                failed[0])
                elif alive:
                    # EXPIRE of a missing hash (lost, or no rows yet) answers 0: write it back.
                    self.dirty = not results[expire_at]
            except Exception as error:  # noqa: BLE001 (Redis away: rows heal at the next alive)
                if _cancelled():
                    raise asyncio.CancelledError from None
                self.dirty = True
                log.warning("tables publish failed (%d changes): %s", len(batch), error)
                await asyncio.sleep(0.5)

    async def _reader(self) -> None:
        while not _cancelled():
            try:
                message = await self.pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # noqa: BLE001
                if _cancelled():
                    raise asyncio.CancelledError from None
                log.warning("tables subscription failed (%s); retrying", error)
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            self._dispatch(message["data"])

    def _dispatch(self, data: str) -> None:
        origin, _, body = data.partition("\n")
        if origin == self.origin or self.lobby is None:
            return
        for line in body.split("\n"):
            try:
                message = json.loads(line)
                kind = message["t"]
                if kind == "put":
                    self.lobby.remote_put(origin, message["row"], message["ver"])
                elif kind == "gone":
                    self.lobby.remote_gone(origin, message["id"])
                elif kind == "alive":
                    fetch = self.lobby.remote_alive(origin, message["rows"])
                    if fetch and origin not in self.fetching:
                        self._spawn(self._fetch(origin, fetch))
            except Exception:  # one bad line must not stop the reader
                log.exception("bad tables message from process %s", origin[:4])

    async def _fetch(self, origin: str, ids: list[str]) -> None:
        self.fetching.add(origin)
        since = time.monotonic()
        try:
            values = await self.redis.hmget(HASH + origin, ids)
            for value in values:
                if value is not None:
                    self._apply(origin, value, since)
        except Exception as error:  # noqa: BLE001 (the next alive asks again)
            log.warning("tables fetch failed: %s", error)
        finally:
            self.fetching.discard(origin)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)
