"""Several relay processes share rooms through Redis (`python -m relay --redis URL`).

Behind a load balancer a room's host and guests may land on different processes (no sticky
sessions needed). Each room has:

- `bb:room:<id>:key`: the SHA-256 of the host key, created by the first host (`SET NX`), with
  a TTL: every process can check a re-attaching host's key and tell a guest the room exists;
- `bb:room:<id>:members`: a hash peer -> "host:<origin>"/"guest:<origin>" (the member cap, host
  presence; `origin` names the process holding that socket), with the same TTL;
- a pub/sub channel `bb:room:<id>`, subscribed by each process while it holds members of the room,
  carrying frames for members held elsewhere and presence changes.

Each process also remembers, for every room it holds members of, the key's digest and its own
members (`self.digests`, `self.members`). Every `sweep` it re-asserts them (`_SYNC`): it puts
the key back if Redis lost it (a restart, a FLUSHALL), writes its own members back exactly, and
sets the TTLs: `RoomLimits.expiry` while members remain, `empty_expiry` once nobody is left. A
host attach with a key other than the remembered one is refused here, before Redis is asked.

Liveness: each process keeps `bb:alive:<origin>` (TTL `alive_ttl`) fresh; members whose
process has no such key are dropped from a room by the next script that touches it (the process
died without leaving), and their room is told they left.

Recovery: `bb:up` holds Redis's clock when its data was last found empty. For `grace` seconds
after that, a room unknown in Redis may be a room that Redis lost and whose processes have not
re-asserted it yet, so a `join` of it and a `host` creating it (on a process that does not know
it) get 1011 (retry) instead of 4404 / a new room under a stranger's key; so does a room whose
key alone is missing while its members hash has live members. Whoever finds the loss
(a sweep finding `bb:up` missing, a hello answered 1011) publishes on `bb:resync`, and every
process re-asserts at once instead of at its next sweep; a broken subscription (a restart) does
the same for its own process.

All state commands of a process (join, host, leave, sync) go through one queue into one
pipeline at a time, so Redis applies them in the order this process issued them: a sync can
then write this process's members back exactly without racing its own joins and leaves. A
leave that fails (Redis away) is issued again at each sweep until it is done, and the room told.

Publishing: one task drains a bounded queue and sends what it holds in one pipeline, one PUBLISH
per room with every message for that room in a list (one PUBLISH per message exhausts redis-py's
connection pool and costs the subscribers a parse each). A full queue makes the sending socket
wait: frames are slowed, never dropped. A message that cannot be encoded is dropped alone: the
rest of its batch, and every other room's, is published.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hmac
import json
import logging
import secrets
from typing import Any

from relay.room_terms import INTERNAL, NO_ROOM, ROOM_FULL, WRONG_KEY, HubView, Refused, RoomLimits

log = logging.getLogger("relay.backplane")

PREFIX = "bb:room:"
ALIVE = "bb:alive:"   # + origin: this process is alive (TTL alive_ttl)
UP = "bb:up"          # Redis's clock (s) when its data was last found empty
RESYNC = "bb:resync"  # a channel: "Redis lost its data, re-assert your rooms now"
QUEUE_MAX = 10_000    # messages waiting to be published
BATCH_MAX = 10_000    # messages (or state commands) in one pipeline
POOL_MAX = 32         # Redis connections per process (commands wait for a free one)

# A channel message is this process's origin id, then one line per message (`encode`).

# Shared by the scripts. The keys they touch besides KEYS (bb:alive:*, bb:up) make them
# single-instance scripts: Redis Cluster is not supported.
_LIB = """
local function split(value)
  local role, owner = string.match(value, '^(%a+):(.+)$')
  return role or value, owner
end
-- Drop the members of processes without a liveness key; returns {peer, role, ...}.
local function purge(members, origin)
  local removed, alive = {}, {}
  local all = redis.call('HGETALL', members)
  for i = 1, #all, 2 do
    local role, owner = split(all[i + 1])
    if owner and owner ~= origin then
      if alive[owner] == nil then
        alive[owner] = redis.call('EXISTS', 'bb:alive:' .. owner) == 1
      end
      if not alive[owner] then
        redis.call('HDEL', members, all[i])
        table.insert(removed, all[i])
        table.insert(removed, role)
      end
    end
  end
  return removed
end
-- Whether Redis lost its data less than `grace` seconds ago (or has not been told yet).
local function recovering(grace)
  local up = redis.call('GET', 'bb:up')
  if not up then return true end
  return tonumber(redis.call('TIME')[1]) - tonumber(up) < tonumber(grace)
end
local function host_of(members)
  local all = redis.call('HGETALL', members)
  for i = 1, #all, 2 do
    if split(all[i + 1]) == 'host' then return all[i] end
  end
  return nil
end
"""

# A room without its key but with live members lost the key (they will put it back): not new.
_LIB = _LIB + """
local function lost(members, grace)
  return recovering(grace) or redis.call('HLEN', members) > 0
end
"""

# Join as a guest. ARGV: peer, cap, ttl, origin, digest this process remembers ('' if none),
# grace. Returns {status, host present, the key's digest, removed}: status 1, or -1 no room,
# -2 full, -3 Redis is recovering its rooms (retry).
_JOIN = _LIB + """
local removed = purge(KEYS[2], ARGV[4])
if redis.call('EXISTS', KEYS[1]) == 0 then
  if ARGV[5] == '' then return {lost(KEYS[2], ARGV[6]) and -3 or -1, 0, '', removed} end
  redis.call('SET', KEYS[1], ARGV[5], 'EX', ARGV[3])
end
if redis.call('HLEN', KEYS[2]) >= tonumber(ARGV[2]) then return {-2, 0, '', removed} end
redis.call('HSET', KEYS[2], ARGV[1], 'guest:' .. ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return {1, host_of(KEYS[2]) and 1 or 0, redis.call('GET', KEYS[1]), removed}
"""

# Attach a host: create the room or check the key's digest; replace a previous host. ARGV:
# digest, peer, ttl, origin, '1' if this process remembers the room (with this digest), grace.
# Returns {1 created / 0 attached / -1 wrong key / -3 recovering, the replaced host or '',
# removed}.
_HOST = _LIB + """
local created = 0
local removed = purge(KEYS[2], ARGV[4])
if redis.call('EXISTS', KEYS[1]) == 0 then
  if ARGV[5] ~= '1' and lost(KEYS[2], ARGV[6]) then return {-3, '', removed} end
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
  created = 1
elseif redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return {-1, '', removed}
end
local old = host_of(KEYS[2]) or ''
if old ~= '' then redis.call('HDEL', KEYS[2], old) end
redis.call('HSET', KEYS[2], ARGV[2], 'host:' .. ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return {created, old, removed}
"""

# Leave a room. ARGV: peer, empty ttl, origin. Returns {1 if it was the host, removed}; a room
# left with nobody in it keeps its key for `empty_expiry` only.
_LEAVE = _LIB + """
local role = split(redis.call('HGET', KEYS[2], ARGV[1]) or '')
redis.call('HDEL', KEYS[2], ARGV[1])
local removed = purge(KEYS[2], ARGV[3])
if redis.call('HLEN', KEYS[2]) == 0 then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
return {role == 'host' and 1 or 0, removed}
"""

# Re-assert a room this process holds members of. ARGV: digest, origin, ttl, empty ttl, then
# peer, role pairs (this process's members, exactly). Returns {1 if the key had to be put back
# / 0 / -1 if Redis holds another key for the room, removed}.
_SYNC = _LIB + """
local created = 0
local current = redis.call('GET', KEYS[1])
if not current then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[3])
  created = 1
elseif current ~= ARGV[1] then
  return {-1, {}}
end
local removed = purge(KEYS[2], ARGV[2])
local own, other_host = {}, false
for i = 5, #ARGV, 2 do own[ARGV[i]] = ARGV[i + 1] end
local all = redis.call('HGETALL', KEYS[2])
for i = 1, #all, 2 do
  local role, owner = split(all[i + 1])
  if owner == ARGV[2] then
    if own[all[i]] == nil then redis.call('HDEL', KEYS[2], all[i]) end
  elseif role == 'host' then
    other_host = true
  end
end
for peer, role in pairs(own) do
  -- A host attach elsewhere replaced ours (its kick is on the way): do not put ours back.
  if role == 'guest' or not other_host then
    redis.call('HSET', KEYS[2], peer, role .. ':' .. ARGV[2])
  end
end
if redis.call('HLEN', KEYS[2]) > 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[3])
else
  redis.call('EXPIRE', KEYS[1], ARGV[4])
end
return {created, removed}
"""

# This process is alive; if Redis has no `bb:up` (its data was lost), it is now: returns 1.
_ALIVE = """
redis.call('SET', KEYS[1], '1', 'EX', ARGV[1])
return redis.call('SET', KEYS[2], redis.call('TIME')[1], 'NX') and 1 or 0
"""


def member_value(role: str, origin: str) -> str:
    """A member's value in the `:members` hash."""
    return role + ":" + origin


class RedisBackplane:
    """The `State` of relay/room_terms.py over Redis, plus frames between processes."""

    def __init__(self, url: str, limits: RoomLimits) -> None:
        self.url = url
        self.limits = limits
        self.origin = secrets.token_hex(8)   # this process: its own publishes are skipped
        self.queue: asyncio.Queue[tuple[str, dict]] = asyncio.Queue(QUEUE_MAX)
        self.subscribed: set[str] = set()
        self.digests: dict[str, str] = {}               # room -> host key digest
        self.members: dict[str, dict[str, str]] = {}    # room -> peer -> "host"/"guest"
        self._commands: collections.deque[tuple[Any, list[str], list, asyncio.Future]] = (
            collections.deque())
        self._command_ready = asyncio.Event()
        self._resync: asyncio.Task | None = None
        self._asked = 0.0   # loop time this process last asked everyone to re-assert
        self._redis_errors: tuple[type[BaseException], ...] = (OSError,)
        self._unleft: set[tuple[str, str, bool]] = set()   # (room, peer, host): leave failed
        self._tasks: list[asyncio.Task] = []
        self._pending: set[asyncio.Task] = set()
        self.hub: HubView | None = None
        # Seconds: a process silent this long is dead; a room unknown this long after Redis
        # lost its data is unknown (every process has synced at least twice by then).
        self.alive_ttl = max(2, round(3 * limits.sweep))
        self.grace = max(2.0, 3 * limits.sweep)

    async def start(self, hub: HubView) -> None:
        import redis.asyncio as redis

        self.hub = hub
        # Redis away or failing: logged in one line (no traceback each retry, for each room).
        self._redis_errors = (redis.RedisError, OSError)
        # A blocking pool: when many sockets join or leave at once (a restart, a flood of
        # closes) commands wait for a connection instead of failing with "Too many connections".
        pool = redis.BlockingConnectionPool.from_url(self.url, decode_responses=True,
                                                     max_connections=POOL_MAX, timeout=10,
                                                     socket_connect_timeout=5)
        self.redis = redis.Redis(connection_pool=pool)
        await self.redis.ping()  # fail at start-up, not at the first room
        # A process starting on an empty Redis takes it for a new one (no grace): a Redis that
        # lost its data is found so by the sync of a process that was already running.
        await self.redis.set(UP, 0, nx=True)
        await self.redis.set(ALIVE + self.origin, 1, ex=self.alive_ttl)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        # A channel of our own, so the reader always has a subscription to read.
        await self.pubsub.subscribe("bb:process:" + self.origin, RESYNC)
        self._join = self.redis.register_script(_JOIN)
        self._host = self.redis.register_script(_HOST)
        self._leave = self.redis.register_script(_LEAVE)
        self._sync = self.redis.register_script(_SYNC)
        self._alive = self.redis.register_script(_ALIVE)
        self._tasks = [asyncio.create_task(self._publisher()), asyncio.create_task(self._reader()),
                       asyncio.create_task(self._commander())]

    async def stop(self) -> None:
        tasks = self._tasks + ([self._resync] if self._resync else [])
        for task in tasks:
            task.cancel()
        # Bounded: redis-py may turn a cancellation inside a command into an error we retry on.
        if tasks:
            await asyncio.wait(tasks, timeout=2)
        for *_, future in self._commands:
            future.cancel()
        if self.hub is not None:
            with contextlib.suppress(Exception):
                await self.pubsub.aclose()
            with contextlib.suppress(Exception):
                # Our own pool: a client given one leaves it open unless told.
                await self.redis.aclose(close_connection_pool=True)

    # -- ordered state commands --

    def _submit(self, script: Any, keys: list[str], args: list) -> asyncio.Future:
        """Queue a script call now (synchronously: the order of calls is the order in Redis)."""
        future = asyncio.get_running_loop().create_future()
        self._commands.append((script, keys, args, future))
        self._command_ready.set()
        return future

    async def _commander(self) -> None:
        while not _cancelled():
            await self._command_ready.wait()
            self._command_ready.clear()
            while self._commands:
                batch = [self._commands.popleft()
                         for _ in range(min(BATCH_MAX, len(self._commands)))]
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for script, keys, args, _ in batch:
                            await script(keys=keys, args=args, client=pipe)  # queues
                        results = await pipe.execute(raise_on_error=False)
                except Exception as error:  # noqa: BLE001 (Redis away: each caller gets it)
                    if _cancelled():
                        _cancel(batch)
                        raise asyncio.CancelledError from None
                    results = [error] * len(batch)
                except BaseException:  # stopping: no caller may wait for ever
                    _cancel(batch)
                    raise
                for (*_, future), result in zip(batch, results, strict=True):
                    if future.done():
                        continue  # its caller was cancelled
                    if isinstance(result, Exception):
                        future.set_exception(result)
                    else:
                        future.set_result(result)

    # -- State --

    @staticmethod
    def _keys(room: str) -> list[str]:
        return [PREFIX + room + ":key", PREFIX + room + ":members"]

    def _ttl(self) -> int:
        return max(1, int(self.limits.expiry))

    def _empty_ttl(self) -> int:
        """A room with nobody in it lives this long (a returning host finds it)."""
        return max(1, int(min(self.limits.empty_expiry, self.limits.expiry)))

    def _set_member(self, room: str, peer: str, role: str) -> None:
        self.members.setdefault(room, {})[peer] = role

    def _drop_member(self, room: str, peer: str) -> None:
        members = self.members.get(room)
        if members is None:
            return
        members.pop(peer, None)
        if not members:
            del self.members[room]
            self.digests.pop(room, None)

    async def attach_host(self, room: str, digest: str, peer: str) -> str | None:
        known = self.digests.get(room)
        if known is not None and not hmac.compare_digest(known, digest):
            raise Refused(WRONG_KEY, "wrong host key")  # whatever Redis holds or lost
        # The member is recorded before the script is queued, so that a sync queued meanwhile
        # lists it; the digest of a room new here only once Redis accepted it (a sync puts a
        # lost key back from it). This process keeps one host per room: the one it replaces
        # is no longer its member.
        members = self.members.get(room, {})
        previous = next((p for p, role in members.items() if role == "host"), None)
        if previous is not None:
            del members[previous]
        self._set_member(room, peer, "host")
        try:
            status, old, removed = await self._submit(self._host, self._keys(room), [
                digest, peer, self._ttl(), self.origin, "1" if known else "0", self.grace])
            self._announce(room, removed)
            if status == -1:
                raise Refused(WRONG_KEY, "wrong host key")
            if status == -3:
                self._ask_resync()
                raise Refused(INTERNAL, "relay recovering its rooms; retry")
        except BaseException:
            self._drop_member(room, peer)
            if previous is not None and known is not None:
                self._set_member(room, previous, "host")
                self.digests[room] = known
            raise
        self.digests[room] = digest
        await self._subscribe(room)
        return old or None

    async def join(self, room: str, peer: str) -> bool:
        self._set_member(room, peer, "guest")
        try:
            status, present, digest, removed = await self._submit(
                self._join, self._keys(room), [peer, self.limits.members, self._ttl(),
                                               self.origin, self.digests.get(room, ""),
                                               self.grace])
            self._announce(room, removed)
            if status == -1:
                raise Refused(NO_ROOM, "no such room")
            if status == -2:
                raise Refused(ROOM_FULL, "room full")
            if status == -3:
                self._ask_resync()
                raise Refused(INTERNAL, "relay recovering its rooms; retry")
        except BaseException:
            self._drop_member(room, peer)
            raise
        self.digests[room] = digest
        await self._subscribe(room)
        return present == 1

    async def leave(self, room: str, peer: str, host: bool) -> bool:
        self._drop_member(room, peer)
        try:
            was_host, removed = await self._submit(self._leave, self._keys(room),
                                                   [peer, self._empty_ttl(), self.origin])
        except self._redis_errors:
            self._unleft.add((room, peer, host))   # Redis away: the next refresh leaves again
            raise
        finally:
            if room not in self.members and room in self.subscribed:
                self.subscribed.discard(room)
                await self.pubsub.unsubscribe(PREFIX + room)
        self._announce(room, removed)
        return bool(was_host)

    async def refresh(self, rooms: list[str]) -> None:
        """Every sweep: this process is alive, and every room it holds members of is in Redis
        as this process knows it (`rooms` is the hub's list; the members are our own)."""
        alive = self._submit(self._alive, [ALIVE + self.origin, UP], [self.alive_ttl])
        unleft, self._unleft = self._unleft, set()
        left = [(room, peer, host, self._submit(self._leave, self._keys(room),
                                                [peer, self._empty_ttl(), self.origin]))
                for room, peer, host in unleft]
        synced = [(room, self._submit(self._sync, self._keys(room), [
                      self.digests[room], self.origin, self._ttl(), self._empty_ttl(),
                      *[x for pair in members.items() for x in pair]]))
                  for room, members in self.members.items() if room in self.digests]
        if await alive == 1:
            log.warning("Redis lost its data: every process re-asserts its rooms")
            self._ask_resync()
        for room, peer, host, future in left:
            try:
                was_host, removed = await future
            except self._redis_errors:
                self._unleft.add((room, peer, host))
                continue
            # The hub could not tell the room when the leave failed: it is told now.
            self._announce(room, [*removed, peer, "host" if host else "guest"]
                           if was_host or not host else removed)
        failed = 0
        for room, future in synced:
            try:
                status, removed = await future
            except self._redis_errors as error:
                failed, last = failed + 1, error
                continue
            if status == 1:
                log.warning("room %s: key lost in Redis, re-asserted", room[:4])
            elif status == -1:
                log.warning("room %s: Redis holds another host key; local members kept",
                            room[:4])
            self._announce(room, removed)
        if failed:
            log.warning("re-assert of %d room(s) failed: %s", failed, last)

    def room_count(self) -> int:
        """Rooms with members on this process (the global count is in Redis: SCAN bb:room:*)."""
        return len(self.hub.rooms) if self.hub is not None else 0

    async def _subscribe(self, room: str) -> None:
        if room not in self.subscribed:
            self.subscribed.add(room)
            await self.pubsub.subscribe(PREFIX + room)

    def _announce(self, room: str, removed: list[str]) -> None:
        """Members (peer, role, ...) left `room` without the hub saying so (their process died,
        or Redis was away at their leave): tell its members here and elsewhere."""
        for peer, role in zip(removed[::2], removed[1::2], strict=True):
            log.warning("room %s: %s %s gone (announced late)", room[:4], role, peer)
            message = ({"t": "host", "present": False} if role == "host"
                       else {"t": "left", "peer": peer})
            if self.hub is not None:
                self._spawn(self.hub.deliver(room, message))
            self.publish(room, message)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self._pending.add(task)  # a reference until it ends
        task.add_done_callback(self._pending.discard)

    def _ask_resync(self) -> None:
        """Ask every process (this one too) to re-assert its rooms now, not at its next sweep:
        at most once a second (a flood of hellos for unknown rooms asks once)."""
        now = asyncio.get_running_loop().time()
        if now - self._asked >= 1.0:
            self._asked = now
            self._spawn(self._publish_resync())

    async def _publish_resync(self) -> None:
        try:
            await self.redis.publish(RESYNC, self.origin)
        except self._redis_errors as error:  # Redis away again: the sweeps re-assert
            log.warning("resync request failed: %s", error)

    def _resync_soon(self) -> None:
        """The subscription broke (Redis restarted?): once Redis answers, re-assert our rooms
        at once rather than at the next sweep."""
        if self._resync is None or self._resync.done():
            self._resync = asyncio.create_task(self._resync_when_up())

    async def _resync_when_up(self) -> None:
        while True:
            try:
                await self.redis.ping()
                await self.refresh([])
                return
            except Exception:
                if _cancelled():
                    raise asyncio.CancelledError from None
                log.debug("redis not back yet", exc_info=True)
                await asyncio.sleep(0.5)

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
            payloads = _payloads(self.origin, batch)
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for room, payload in payloads:
                        pipe.publish(PREFIX + room, payload)
                    results = await pipe.execute(raise_on_error=False)
                for (room, _), result in zip(payloads, results, strict=True):
                    if isinstance(result, Exception):  # this room's messages only
                        log.error("publish to room %s failed: %s", room[:4], result)
            except Exception as error:  # Redis away: these frames are lost, the sockets stay up
                if _cancelled():
                    raise asyncio.CancelledError from None
                if isinstance(error, self._redis_errors):
                    log.warning("publish failed (%d messages): %s", len(batch), error)
                else:
                    log.exception("publish failed (%d messages)", len(batch))
                await asyncio.sleep(0.5)

    async def _reader(self) -> None:
        while not _cancelled():
            try:
                message = await self.pubsub.get_message(timeout=None)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if _cancelled():
                    raise asyncio.CancelledError from None
                if isinstance(error, self._redis_errors):
                    log.warning("redis subscription failed (%s); retrying", error)
                else:
                    log.exception("redis subscription failed; retrying")
                self._resync_soon()
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            await self._dispatch(message["channel"], message["data"])

    async def _dispatch(self, channel: str, data: str) -> None:
        if channel == RESYNC:
            self._resync_soon()
            return
        if not channel.startswith(PREFIX) or self.hub is None:
            return
        origin, _, body = data.partition("\n")
        if origin == self.origin:
            return
        room = channel[len(PREFIX):]
        for line in body.split("\n"):
            try:
                tag, peer, text = line.split(" ", 2)
                if tag == "to":
                    await self.hub.deliver_frame(room, peer, text)
                else:
                    await self.hub.deliver(room, json.loads(text))
            except Exception:  # one bad line must not stop the reader (every room's frames)
                log.exception("bad channel message for room %s", room[:4])

    async def has_room(self, room: str) -> bool:
        """Whether any process knows `room` (tests, and SCAN-free checks)."""
        return bool(await self.redis.exists(PREFIX + room + ":key"))


def _cancel(batch: list) -> None:
    for *_, future in batch:
        future.cancel()


def _cancelled() -> bool:
    """Whether this task was asked to stop (redis-py may re-raise a cancellation as an error)."""
    task = asyncio.current_task()
    return task is not None and task.cancelling() > 0


def _payloads(origin: str, batch: list[tuple[str, dict]]) -> list[tuple[str, bytes]]:
    """One channel message per room, encoded here: a message that cannot be (a lone surrogate
    in a frame) is dropped alone and logged, never failing the pipeline of every room."""
    by_room: dict[str, list[str]] = {}
    for room, message in batch:
        by_room.setdefault(room, [origin]).append(encode(message))
    payloads = []
    for room, lines in by_room.items():
        try:
            payload = "\n".join(lines).encode()
        except UnicodeEncodeError:  # rare: find the bad lines, keep the others
            good = [line for line in lines if _encodable(line)]
            log.error("room %s: %d message(s) not UTF-8, dropped", room[:4],
                      len(lines) - len(good))
            if len(good) == 1:
                continue  # only the origin is left
            payload = "\n".join(good).encode()
        payloads.append((room, payload))
    return payloads


def _encodable(line: str) -> bool:
    try:
        line.encode()
        return True
    except UnicodeEncodeError:
        return False


def encode(message: dict) -> str:
    """One line of a channel message: `to <peer> <frame>` for a frame (the common case: no JSON
    round trip), `js - <json>` for presence. Frames are JSON text, whose strings escape every
    newline, so a line never contains one."""
    if message["t"] == "to":
        return "to " + message["peer"] + " " + message["text"]
    return "js - " + json.dumps(message, separators=(",", ":"))
