"""The terms of the relay's rooms: what `relay/rooms.py` (the hub) and every room state share.

The close codes, the limits, `Refused`, and `State`, the room state every process agrees on:
`relay.rooms.LocalState` for one process or `relay.backplane.RedisBackplane` for several. A
state knows the hub only as `HubView`, what it hands frames from other processes to. Both
`rooms.py` and `backplane.py` import this module and not each other; the server chooses the
state (`relay.server.room_state`) and gives it to the hub (docs/relay.md).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any, Protocol

# Close codes (docs/relay.md). 1009 (frame too big) is sent by aiohttp itself over `max_frame`,
# by us for a guest's frame over `guest_frame_max`.
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


@dataclass(frozen=True)
class RoomLimits:
    """Limits of the WebSocket rooms (tests use small ones)."""

    # bytes in one client frame (up to and including); above: 1009 (aiohttp). A peer-protocol
    # page is at most 64 KiB of ASCII, but inside `data` every quote and backslash is escaped:
    # up to twice that.
    max_frame: int = 136 * 1024
    # bytes in one frame from a guest (or a socket before its hello), checked before parsing;
    # above: 1009. The largest thing a guest sends is WebRTC signalling, at most 16 KiB of JSON
    # (SIGNAL_MAX in web/app/friends/wire/webrtc.py; a peer-protocol frame is <= 8 KiB), up to twice
    # that once escaped inside `data`, plus the 23-byte envelope (docs/relay.md).
    guest_frame_max: int = 33 * 1024
    members: int = 16               # host + guests in one room
    rooms: int = 5_000              # rooms this process knows (live or waiting to expire)
    connections: int = 10_000       # open sockets on this process
    rate: float = 50.0              # a host's frames/s sustained (a send to one of n guests
    burst: float = 100.0            # costs 1/n) with a bucket this deep
    guest_rate: float = 20.0        # a guest's frames/s (2x what the host's page takes from a
    guest_burst: float = 40.0       # guest, docs/protocol.md), bucket deep enough for signalling
    hosts_per_minute: float = 30.0  # new rooms opened per client address per minute
    hello_timeout: float = 10.0     # s to send the first frame
    idle: float = 600.0             # s without a frame (a `ping` op counts) before 4408
    heartbeat: float = 30.0         # s between WebSocket pings (aiohttp closes dead sockets)
    expiry: float = 900.0           # s a room whose guests still sit waits for its host
    empty_expiry: float = 10.0      # s a room with nobody in it lives (a host's reload)
    max_backlog: int = 1024 * 1024  # bytes queued to a socket that does not read: then 4013
    sweep: float = 5.0              # s between idle/expiry sweeps


class Refused(Exception):
    """A client frame or request the relay refuses: close with `code`, `reason`."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


# -- shared room state ----------------------------------------------------------------------------

def take_token(buckets: dict[str, tuple[float, float]], key: str, cap: float, period_s: float,
               now: float) -> bool:
    """A token bucket per `key` (a client address): `cap` tokens, refilled over `period_s`.
    True when one was taken; False (the bucket kept, so waiting refills it) when none is left."""
    tokens, stamp = buckets.get(key, (cap, now))
    tokens = min(cap, tokens + (now - stamp) * cap / period_s)
    if tokens < 1:
        buckets[key] = (tokens, now)
        return False
    buckets[key] = (tokens - 1, now)
    return True


class State(Protocol):
    """Room state every process agrees on. Methods raise `Refused` for a client's mistake."""

    async def start(self, hub: HubView) -> None: ...
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


class HubView(Protocol):
    """What a `State` sees of the hub (`relay.rooms.Hub`): this process's sockets by room, and
    where frames and presence from other processes go in."""

    rooms: dict[str, dict[str, Any]]   # room -> peer -> connection ("host" for the host)

    async def deliver_frame(self, room: str, peer: str, text: str) -> None: ...
    async def deliver(self, room: str, message: dict) -> None: ...
