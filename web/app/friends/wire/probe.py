"""Where did the table go? (issue 20: the table outlives its host.)

A host's phone that comes back after an absence (a reload, a network that was gone longer
than the grace) may find that the next person in seat order carried the table on meanwhile.
Each guest's hello named the room its phone would open then (core/succession.py); this asks
the relay, as a guest of each of those rooms at once, whether it has a host now. The first that
has one is where the table is: ``on_found(room)``. Rooms without a host (4404, or ``host``
false) are let go; when none has one, nothing is said and this phone hosts on.
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable

from app.friends.wire.relay_link import RelayLink


class SuccessorProbe:
    """One relay socket per candidate room, closed as soon as its answer is in."""

    def __init__(self, rooms: list[str], on_found: Callable[[str], None],
                 url: str | None = None) -> None:
        self.on_found = on_found
        self.found: str | None = None
        self.links = {room: RelayLink("guest", room, url=url,
                                      on_ready=lambda _peer, host, room=room: self._ready(room, host),
                                      on_frame=lambda *_a: None, on_presence=lambda *_a: None,
                                      on_closed=lambda *_a: None)
                      for room in dict.fromkeys(rooms)}

    def start(self) -> None:
        for link in self.links.values():
            link.start()

    def close(self) -> None:
        for link in self.links.values():
            link.close()

    def _ready(self, room: str, host_present: bool) -> None:
        # Its answer is in: a guest socket must not linger there. Closed from the loop, not
        # from inside the socket's own listener (relay_link: its proxies go with it).
        loop = asyncio.get_event_loop()
        loop.call_soon(self.links[room].close)
        if host_present and self.found is None:
            self.found = room
            loop.call_soon(self.close)
            loop.call_soon(self.on_found, room)  # out of the listener: it may close us all
