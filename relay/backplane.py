"""Several relay processes share rooms through Redis (`python -m relay --redis URL`).

Behind a load balancer a room's host and guests may land on different processes (no sticky
sessions needed). Each room has:

- `bb:room:<id>:key`: the SHA-256 of the host key, `SET NX` with a TTL: the first host creates
  the room, every process can check a re-attaching host's key and tell a guest the room exists;
- `bb:room:<id>:members`: a hash peer -> "host"/"guest" (the member cap, host presence), with the
  same TTL; each process refreshes the TTL of rooms it holds members of, so a room expires
  `RoomLimits.expiry` seconds after its last member left;
- a pub/sub channel `bb:room:<id>`, subscribed by each process while it holds members of the room,
  carrying frames for members held elsewhere and presence changes.

Publishing: one task drains a bounded queue and sends what it holds in one pipeline, one PUBLISH
per room with every message for that room in a list (one PUBLISH per message exhausts redis-py's
connection pool and costs the subscribers a parse each). A full queue makes the sending socket
wait: frames are slowed, never dropped.

Known limit: a process that dies leaves its members in the hash until the room expires (the cap
counts them; `host` may read true until the host re-attaches).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from typing import TYPE_CHECKING

from relay.rooms import NO_ROOM, ROOM_FULL, WRONG_KEY, Refused, RoomLimits

if TYPE_CHECKING:
    from relay.rooms import Hub

log = logging.getLogger("relay.backplane")

PREFIX = "bb:room:"
QUEUE_MAX = 10_000    # messages waiting to be published
BATCH_MAX = 10_000    # messages in one pipeline
POOL_MAX = 32         # Redis connections per process (commands wait for a free one)

# A channel message is this process's origin id, then one line per message (`encode`).

# Leave a room: drop the member; report whether it was the host; keep the TTL.
_LEAVE = """
local role = redis.call('HGET', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[1], ARGV[1])
return role == 'host' and 1 or 0
"""

# Join as a guest: the room must exist and have room; returns 1 + host present, or an error.
_JOIN = """
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[2]) then return -2 end
redis.call('HSET', KEYS[2], ARGV[1], 'guest')
redis.call('EXPIRE', KEYS[2], ARGV[3])
local host = 0
for _, role in ipairs(redis.call('HVALS', KEYS[2])) do
  if role == 'host' then host = 1 end
end
return 1 + host
"""

# Attach a host: create the room (SET NX) or check the key's digest; replace a previous host.
_HOST = """
local created = redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[3])
if not created and redis.call('GET', KEYS[1]) ~= ARGV[1] then return {-1, ''} end
local old = ''
local all = redis.call('HGETALL', KEYS[2])
for i = 1, #all, 2 do
  if all[i + 1] == 'host' then old = all[i] end
end
if old ~= '' then redis.call('HDEL', KEYS[2], old) end
redis.call('HSET', KEYS[2], ARGV[2], 'host')
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return {created and 1 or 0, old}
"""


class RedisBackplane:
    """The `State` of relay/rooms.py over Redis, plus frames between processes."""

    def __init__(self, url: str, limits: RoomLimits) -> None:
        self.url = url
        self.limits = limits
        self.origin = secrets.token_hex(8)   # this process: its own publishes are skipped
        self.queue: asyncio.Queue[tuple[str, dict]] = asyncio.Queue(QUEUE_MAX)
        self.subscribed: set[str] = set()
        self._tasks: list[asyncio.Task] = []
        self.hub: Hub | None = None

    async def start(self, hub: Hub) -> None:
        import redis.asyncio as redis

        self.hub = hub
        # A blocking pool: when many sockets join or leave at once (a restart, a flood of
        # closes) commands wait for a connection instead of failing with "Too many connections".
        pool = redis.BlockingConnectionPool.from_url(self.url, decode_responses=True,
                                                     max_connections=POOL_MAX, timeout=10)
        self.redis = redis.Redis(connection_pool=pool)
        await self.redis.ping()  # fail at start-up, not at the first room
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        # A channel of our own, so the reader always has a subscription to read.
        await self.pubsub.subscribe("bb:process:" + self.origin)
        self._join = self.redis.register_script(_JOIN)
        self._host = self.redis.register_script(_HOST)
        self._leave = self.redis.register_script(_LEAVE)
        self._tasks = [asyncio.create_task(self._publisher()), asyncio.create_task(self._reader())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        # Bounded: redis-py may turn a cancellation inside a command into an error we retry on.
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2)
        if self.hub is not None:
            with contextlib.suppress(Exception):
                await self.pubsub.aclose()
                await self.redis.aclose()

    # -- State --

    @staticmethod
    def _keys(room: str) -> list[str]:
        return [PREFIX + room + ":key", PREFIX + room + ":members"]

    def _ttl(self) -> int:
        return max(1, int(self.limits.expiry))

    async def attach_host(self, room: str, digest: str, peer: str) -> str | None:
        status, old = await self._host(keys=self._keys(room), args=[digest, peer, self._ttl()])
        if status == -1:
            raise Refused(WRONG_KEY, "wrong host key")
        await self._subscribe(room)
        return old or None

    async def join(self, room: str, peer: str) -> bool:
        result = await self._join(keys=self._keys(room),
                                  args=[peer, self.limits.members, self._ttl()])
        if result == -1:
            raise Refused(NO_ROOM, "no such room")
        if result == -2:
            raise Refused(ROOM_FULL, "room full")
        await self._subscribe(room)
        return result == 2

    async def leave(self, room: str, peer: str, host: bool) -> bool:
        was_host = await self._leave(keys=self._keys(room)[1:], args=[peer])
        if self.hub is not None and room not in self.hub.rooms and room in self.subscribed:
            self.subscribed.discard(room)
            await self.pubsub.unsubscribe(PREFIX + room)
        return bool(was_host)

    async def refresh(self, rooms: list[str]) -> None:
        if not rooms:
            return
        async with self.redis.pipeline(transaction=False) as pipe:
            for room in rooms:
                for key in self._keys(room):
                    pipe.expire(key, self._ttl())
            await pipe.execute()

    def room_count(self) -> int:
        """Rooms with members on this process (the global count is in Redis: SCAN bb:room:*)."""
        return len(self.hub.rooms) if self.hub is not None else 0

    async def _subscribe(self, room: str) -> None:
        if room not in self.subscribed:
            self.subscribed.add(room)
            await self.pubsub.subscribe(PREFIX + room)

    # -- frames between processes --

    def publish(self, room: str, message: dict) -> asyncio.Future | None:
        try:
            self.queue.put_nowait((room, message))
            return None
        except asyncio.QueueFull:
            return asyncio.ensure_future(self.queue.put((room, message)))

    async def _publisher(self) -> None:
        while not _cancelled():  # redis-py may swallow a cancellation inside execute()
            batch = [await self.queue.get()]
            while len(batch) < BATCH_MAX and not self.queue.empty():
                batch.append(self.queue.get_nowait())
            by_room: dict[str, list[str]] = {}
            for room, message in batch:
                by_room.setdefault(room, [self.origin]).append(encode(message))
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for room, lines in by_room.items():
                        pipe.publish(PREFIX + room, "\n".join(lines))
                    await pipe.execute()
            except Exception:  # Redis away: these frames are lost, the sockets stay up
                if _cancelled():
                    raise asyncio.CancelledError from None
                log.exception("publish failed (%d messages)", len(batch))
                await asyncio.sleep(0.5)

    async def _reader(self) -> None:
        while not _cancelled():
            try:
                message = await self.pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception:
                if _cancelled():
                    raise asyncio.CancelledError from None
                log.exception("redis subscription failed; retrying")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            await self._dispatch(message["channel"], message["data"])

    async def _dispatch(self, channel: str, data: str) -> None:
        if not channel.startswith(PREFIX) or self.hub is None:
            return
        origin, _, body = data.partition("\n")
        if origin == self.origin:
            return
        room = channel[len(PREFIX):]
        for line in body.split("\n"):
            tag, peer, text = line.split(" ", 2)
            if tag == "to":
                await self.hub.deliver_frame(room, peer, text)
            else:
                await self.hub.deliver(room, json.loads(text))

    async def has_room(self, room: str) -> bool:
        """Whether any process knows `room` (tests, and SCAN-free checks)."""
        return bool(await self.redis.exists(PREFIX + room + ":key"))


def _cancelled() -> bool:
    """Whether this task was asked to stop (redis-py may re-raise a cancellation as an error)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def encode(message: dict) -> str:
    """One line of a channel message: `to <peer> <frame>` for a frame (the common case: no JSON
    round trip), `js - <json>` for presence. Frames are JSON text, whose strings escape every
    newline, so a line never contains one."""
    if message["t"] == "to":
        return "to " + message["peer"] + " " + message["text"]
    return "js - " + json.dumps(message, separators=(",", ":"))
