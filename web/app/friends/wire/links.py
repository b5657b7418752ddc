"""The glue between the peer protocol and the transports (docs/protocol.md "Transports").

``HostLinks`` gives a ``HostRoom`` one logical channel per guest, named by the guest's relay
peer id; ``GuestLinks`` gives a guest's endpoint (``GuestTable``, or ``SessionEndpoint`` over a
bare ``GuestSession``) one path to the host. Each prefers a WebRTC
data channel (signalled through the relay) and uses the relay whenever no channel is open: one
did not open within ``RTC_OPEN_S``, it dropped, or WebRTC is missing. The same peer-protocol
frames travel either way, so the switch is invisible to the room and to the session; a frame
lost at the switch is recovered by the protocol (seq/resync, a pending action resent).

A guest says ``hello`` over the relay whenever the host may have lost its channel: after each
relay (re)attach, when the host (re)attaches, and when its data channel drops. The host treats
a ``hello`` on a channel it already has as a fresh start of that channel (the guest's seat
token brings it back to its seat), so a hello is always safe to repeat.

Use: ``attach_host(host_table)`` at the start and from ``host_table.on_restore``;
``attach_guest(guest_table, room_id)`` from the share link; each ``tick()`` every second or so.
"""
from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from app.friends.core.guest import GuestSession
from app.friends.core.host import Bucket, HostRoom
from app.friends.core.notices import close_line
from app.friends.core.protocol import GUEST_FRAME_MAX, ProtocolError
from app.friends.wire.relay_link import RelayLink
from app.friends.wire.webrtc import SIGNAL_MAX, RtcPeer, decode_signal, is_signal, webrtc_available

RTC_OPEN_S = 5.0       # a data channel not open by then: stay on the relay
RTC_TRIES = 3          # data channels that failed to open in a row: then the relay for good
OFFER_EVERY_S = 2.0    # the host answers at most one offer per guest this often
RTC_MAX = 16           # data channels the host keeps at once (a table has at most 7 guests)
# A hello restarts its channel (a new rate bucket, a welcome, the whole view in pages): without
# a bound of its own a guest could make the host send megabytes a second by saying hello.
RESTART_EVERY_S = 2.0
# The host's door, per guest, before anything of a frame is parsed (signals included): a phone
# sends a burst of ICE candidates and a few acks a second; the room's own bound (host.py,
# RATE_PER_S) is lower still for protocol frames and answers "rate" once.
DOOR_RATE_PER_S = 20.0
DOOR_BURST = 40

HELLO_PREFIX = '{"v":1,"t":"hello"'  # protocol.encode's form; anything else is not a hello


def new_link() -> dict[str, str]:
    """A new table's relay room id and host key (128 bits each), kept with the host's table
    (``HostTable.link``) so a reload re-attaches to the same room."""
    return {"relay_room": secrets.token_urlsafe(16), "host_key": secrets.token_urlsafe(16)}


def attach_host(table: Any, **options: Any) -> HostLinks:
    """Started transports for a ``HostTable`` (at the start, or from ``host_table.on_restore``
    after a reload): its ``link`` gets a new room id and key the first time (saved with it)."""
    if not table.link:
        table.link.update(new_link())
    links = HostLinks.from_link(table.room, table.link, **options)
    links.start()
    return links


def attach_guest(table: Any, room_id: str, **options: Any) -> GuestLinks:
    """Started transports for a ``GuestTable`` at the share link's room ``room_id``."""
    links = GuestLinks(table, room_id, **options)
    links.start()
    return links


@dataclass
class _Path:
    """How the host reaches one guest (one logical channel)."""

    relay: bool = False           # the guest's relay peer is there, as far as the host knows
    rtc: RtcPeer | None = None
    offered: float = -1e9         # when its last offer was answered
    restarted: float = -1e9       # when a hello last restarted its channel
    door: Bucket | None = None    # the frames it may send (a token bucket)


class HostLinks:
    """The host's transports: a relay link and a data channel per guest, over ``room``."""

    def __init__(self, room: HostRoom, room_id: str, key: str, *,
                 ice_servers: list[dict[str, Any]] | None = None, url: str | None = None,
                 webrtc: bool | None = None, on_change: Callable[[], None] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.room = room
        self.ice_servers = ice_servers
        self.webrtc = webrtc_available() if webrtc is None else webrtc
        self.on_change = on_change or (lambda: None)
        self.clock = clock
        self.paths: dict[str, _Path] = {}
        self.received = {"webrtc": 0, "relay": 0}   # peer-protocol frames in, by path
        self.bad_signals = 0
        # Frames dropped at the door, unread: "too_big" (no guest's frame is that long) and
        # "rate" (over the guest's DOOR_RATE_PER_S).
        self.dropped = {"too_big": 0, "rate": 0}
        self.relay = RelayLink("host", room_id, key, url=url, on_ready=self._ready,
                               on_frame=self._frame, on_presence=self._presence,
                               on_closed=self._closed)

    @classmethod
    def from_link(cls, room: HostRoom, link: dict[str, str], **options: Any) -> HostLinks:
        """The transports of a table whose ``link`` came from ``new_link()``."""
        return cls(room, link["relay_room"], link["host_key"], **options)

    def start(self) -> None:
        self.relay.start()

    def tick(self) -> None:
        """Every second or so: a word on a quiet relay socket (the room's own timers are the
        screen's to tick, with the table)."""
        self.relay.tick()

    def close(self) -> None:
        """Leave: every channel closed, the relay left (the room itself is the screen's)."""
        for peer in list(self.paths):
            self._drop(peer)
        self.relay.close()

    def via(self, peer: str) -> str:
        """"webrtc" or "relay": how frames to ``peer`` go now."""
        path = self.paths.get(peer)
        return "webrtc" if path and path.rtc and path.rtc.state == "open" else "relay"

    # --- relay events ---------------------------------------------------------------------------

    def _ready(self, _peer: str, _host: bool) -> None:
        self.on_change()

    def _closed(self, _code: int, _reason: str, _final: bool) -> None:
        # Every relay path is gone; channels on a data channel live on.
        for peer, path in list(self.paths.items()):
            path.relay = False
            if self.via(peer) != "webrtc":
                self._drop(peer)
        self.on_change()

    def _presence(self, peer: str, present: bool) -> None:
        if present:
            path = self._path(peer)
            if path is not None:
                path.relay = True
            return
        path = self.paths.get(peer)
        if path is not None:
            path.relay = False
            if self.via(peer) != "webrtc":
                self._drop(peer)

    def _frame(self, peer: str, data: str) -> None:
        path = self._path(peer)
        if path is None:
            return  # the room is full of channels: nothing of this peer is read
        path.relay = True
        if not self._admit(path, data):
            return
        if is_signal(data):
            self._signal(peer, path, data)
            return
        now = self.clock()
        if data.startswith(HELLO_PREFIX) and now - path.restarted >= RESTART_EVERY_S:
            # A hello over the relay: the guest is not on its data channel (any more), and
            # it starts the channel afresh (after a reload, a drop or our own reconnect).
            # A second one within RESTART_EVERY_S reaches the room as is ("already seated").
            path.restarted = now
            if path.rtc is not None and path.rtc.state == "open":
                path.rtc.close()
            self.room.disconnect(peer)
            if not self.room.connect(peer, self._sender(peer)):
                self._drop(peer)
                return
        self._receive(peer, data, "relay")

    def _admit(self, path: _Path, data: Any) -> bool:
        """The door: a frame too long for a guest's, or over the guest's rate, is dropped
        unread (counted). Only a length check and a bucket stand before any parsing."""
        limit = SIGNAL_MAX if is_signal(data) else GUEST_FRAME_MAX
        if not isinstance(data, str) or len(data) > limit:
            self.dropped["too_big"] += 1
            return False
        now = self.clock()
        if path.door is None:
            path.door = Bucket(DOOR_RATE_PER_S, DOOR_BURST, DOOR_BURST, now)
        if not path.door.take(now):
            self.dropped["rate"] += 1
            return False
        return True

    def _from_rtc(self, peer: str, text: Any) -> None:
        path = self.paths.get(peer)
        if path is not None and self._admit(path, text):
            self._receive(peer, text, "webrtc")

    def _receive(self, peer: str, text: Any, via: str) -> None:
        self.received[via] += 1
        self.room.receive(peer, text)
        self.on_change()

    # --- data channels --------------------------------------------------------------------------

    def _signal(self, peer: str, path: _Path, data: str) -> None:
        try:
            msg = decode_signal(data)
        except ProtocolError:
            self.bad_signals += 1
            return
        if msg["rtc"] == "offer":
            now = self.clock()
            live = sum(1 for p in self.paths.values() if p.rtc is not None)
            if (not self.webrtc or now - path.offered < OFFER_EVERY_S
                    or (path.rtc is None and live >= RTC_MAX)):
                self.bad_signals += 1  # the guest's timer gives up and it stays on the relay
                return
            path.offered = now
            if path.rtc is not None:
                path.rtc.close()
            rtc = RtcPeer(False, lambda text: self._relay_send(text, peer),
                          on_open=self.on_change,
                          on_message=lambda text: self._from_rtc(peer, text),
                          on_close=lambda: self._rtc_closed(peer, rtc),
                          ice_servers=self.ice_servers, frame_max=GUEST_FRAME_MAX)
            path.rtc = rtc
            rtc.start()
        if path.rtc is not None:
            path.rtc.signalled(msg)

    def _rtc_closed(self, peer: str, rtc: RtcPeer) -> None:
        path = self.paths.get(peer)
        if path is None or path.rtc is not rtc:
            return
        path.rtc = None
        if not path.relay:
            self._drop(peer)
        self.on_change()

    # --- sending ----------------------------------------------------------------------------------

    def _sender(self, peer: str) -> Callable[[str], None]:
        def send(text: str) -> None:
            path = self.paths.get(peer)
            if path is not None and path.rtc is not None and path.rtc.send(text):
                return
            self._relay_send(text, peer)
        return send

    def _relay_send(self, text: str, peer: str) -> None:
        self.relay.send(text, to=peer)

    # --- bookkeeping ------------------------------------------------------------------------------

    def _path(self, peer: str) -> _Path | None:
        """The path to ``peer``, opened (and its channel connected) on first sight."""
        path = self.paths.get(peer)
        if path is None:
            if not self.room.connect(peer, self._sender(peer)):
                return None
            path = self.paths[peer] = _Path()
        return path

    def _drop(self, peer: str) -> None:
        path = self.paths.pop(peer, None)
        if path is not None and path.rtc is not None:
            path.rtc.close()
        self.room.disconnect(peer)


class SessionEndpoint:
    """A bare ``GuestSession`` in the shape ``GuestLinks`` drives (``GuestTable`` has it too):
    ``attach(send)`` says hello, ``receive(text)`` answers, ``detach()`` when no path is left."""

    def __init__(self, session: GuestSession) -> None:
        self.session = session
        self._send: Callable[[str], None] | None = None

    def attach(self, send: Callable[[str], None]) -> None:
        self._send = send
        send(self.session.hello())

    def detach(self) -> None:
        self._send = None

    def receive(self, text: object) -> None:
        self._put(self.session.receive(text))

    def act(self, action: dict[str, Any]) -> None:
        self._put([self.session.act(action)])

    def tick(self) -> None:
        self._put(self.session.tick())

    def _put(self, frames: list[str]) -> None:
        if self._send is not None:
            for frame in frames:
                self._send(frame)


class Endpoint(Protocol):
    def attach(self, send: Callable[[str], None]) -> None: ...

    def detach(self) -> None: ...

    def receive(self, text: object) -> None: ...


class GuestLinks:
    """A guest's transports: the relay link and (when it opens) one data channel to the host.

    ``endpoint`` is the guest's protocol side (``GuestTable``, or ``SessionEndpoint`` over a
    bare ``GuestSession``): it is attached (says hello) whenever the host may have lost its
    channel, and gets every frame from the host, whichever path brought it.
    """

    def __init__(self, endpoint: Endpoint, room_id: str, *,
                 ice_servers: list[dict[str, Any]] | None = None, url: str | None = None,
                 webrtc: bool | None = None, on_change: Callable[[], None] | None = None,
                 clock: Callable[[], float] = time.monotonic, rtc_open_s: float = RTC_OPEN_S
                 ) -> None:
        self.endpoint = endpoint
        self.ice_servers = ice_servers
        self.webrtc = webrtc_available() if webrtc is None else webrtc
        self.on_change = on_change or (lambda: None)
        self.clock = clock
        self.rtc_open_s = rtc_open_s
        self.rtc: RtcPeer | None = None
        self.rtc_failures = 0         # data channels in a row that never opened
        self.fallbacks = 0            # data channels that dropped after opening
        self.received = {"webrtc": 0, "relay": 0}   # peer-protocol frames in, by path
        self.bad_frames = 0
        self._rtc_started = 0.0
        self.relay = RelayLink("guest", room_id, url=url, on_ready=self._ready,
                               on_frame=self._frame, on_presence=self._presence,
                               on_closed=self._closed)

    @property
    def path(self) -> str:
        """"webrtc", "relay" or "none": how this phone reaches the host now."""
        if self.rtc is not None and self.rtc.state == "open":
            return "webrtc"
        return "relay" if self.relay.state == "open" else "none"

    @property
    def problem(self) -> str | None:
        """What is wrong, in this phone's language, when the host cannot be reached (None while
        it can)."""
        return None if self.path != "none" else (self.relay.reason or close_line(None))

    def start(self) -> None:
        """Connect (also the screen's *Prøv igen* after the relay gave up)."""
        self.relay.start()

    def send(self, frame: str) -> None:
        """One frame to the host: on the data channel when open, else through the relay."""
        if self.rtc is not None and self.rtc.send(frame):
            return
        self._relay_send(frame)

    def tick(self) -> None:
        """Every second or so: give up on a data channel that never opened, and say a word on
        a quiet relay socket (the endpoint's own timers are the screen's to tick)."""
        now = self.clock()
        if (self.rtc is not None and self.rtc.state != "open"
                and now - self._rtc_started >= self.rtc_open_s):
            self.rtc.close()  # never opened: the relay it is (no hello needed, nothing moved)
        self.relay.tick()

    def close(self) -> None:
        # Forget the channel before closing it: its on_close must not take this for a drop
        # and sit down again over the relay (a removed guest would get a new seat).
        rtc, self.rtc = self.rtc, None
        if rtc is not None:
            rtc.close()
        self.relay.close()
        self.endpoint.detach()

    # --- relay events ---------------------------------------------------------------------------

    def _ready(self, _peer: str, host_present: bool) -> None:
        if host_present and self.path != "webrtc":
            self._sit()
        self.on_change()

    def _presence(self, _peer: str, present: bool) -> None:
        if present:
            # The host (re)attached: its relay channels started afresh, and it may be a new
            # page (a reload) whose old data channel to us is dead but not yet noticed.
            self._sit()
        self.on_change()

    def _closed(self, _code: int, _reason: str, _final: bool) -> None:
        if self.path == "none":
            self.endpoint.detach()
        self.on_change()

    def _frame(self, peer: str, data: str) -> None:
        if peer != "host":
            self.bad_frames += 1
            return
        if is_signal(data):
            try:
                msg = decode_signal(data)
            except ProtocolError:
                self.bad_frames += 1
                return
            if self.rtc is not None:
                self.rtc.signalled(msg)
            return
        self._receive(data, "relay")

    def _receive(self, text: Any, via: str) -> None:
        self.received[via] += 1
        self.endpoint.receive(text)
        self.on_change()

    # --- the path ---------------------------------------------------------------------------------

    def _sit(self) -> None:
        """Hello over the relay (a fresh channel at the host), then try a data channel."""
        if self.rtc is not None:
            old, self.rtc = self.rtc, None
            old.close()
        self.endpoint.attach(self.send)
        if self.webrtc and self.rtc_failures < RTC_TRIES:
            self._rtc_started = self.clock()
            rtc = RtcPeer(True, self._relay_send, on_open=self.on_change,
                          on_message=lambda text: self._receive(text, "webrtc"),
                          on_close=lambda: self._rtc_closed(rtc), ice_servers=self.ice_servers)
            self.rtc = rtc
            rtc.start()

    def _rtc_closed(self, rtc: RtcPeer) -> None:
        if self.rtc is not rtc:
            return  # one we replaced ourselves
        self.rtc = None
        self.rtc_failures = 0 if rtc.opened else self.rtc_failures + 1
        if rtc.opened:
            # It dropped mid-game: whatever was in flight on it is lost, so sit down again
            # over the relay (the welcome resends a pending action, then a full view).
            self.fallbacks += 1
            if self.relay.state == "open" and self.relay.host_present:
                self._sit()
            else:
                self.endpoint.detach()
        self.on_change()

    def _relay_send(self, text: str) -> None:
        self.relay.send(text)
