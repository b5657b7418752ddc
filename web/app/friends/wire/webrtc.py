"""One WebRTC data channel to one other phone, signalled through the relay link.

The guest offers, the host answers (docs/protocol.md "Transports"). Offer, answer and ICE
candidates travel inside the relay's opaque ``data`` as small JSON frames of their own,
``{"rtc": "<kind>", ...}``, told apart from peer-protocol frames (``{"v": 1, ...}``) by that
prefix, and validated on arrival like every other frame: size, depth, exact fields.

Pyodide facts this follows (docs/browser-notes.md): every JS listener is a ``create_proxy`` kept as
long as the listener lives and destroyed on close; frames go out as ``str``; the
end-of-candidates event carries ``jsnull``; dicts become JS objects through
``dict_converter=js.Object.fromEntries``.
"""
from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from app.friends.core.protocol import (
    HOST_FRAME_MAX,
    ProtocolError,
    nullable,
    parse_frame,
    text,
    whole,
)

SIGNAL_PREFIX = '{"rtc":'
SIGNAL_MAX = 16 * 1024     # a data-channel-only SDP is ~0.5-1 KB; candidates travel apart
SDP_MAX = 12 * 1024
CANDIDATE_MAX = 1024
CANDIDATES_MAX = 64        # taken per connection; a real gathering has < 10
CHANNEL_LABEL = "bodega"

SIGNALS: dict[str, dict[str, Callable[[Any], bool]]] = {
    "offer": {"sdp": text(1, SDP_MAX)},
    "answer": {"sdp": text(1, SDP_MAX)},
    "ice": {"candidate": text(1, CANDIDATE_MAX), "mid": nullable(text(0, 64)),
            "index": nullable(whole(0, 1024))},
}


def is_signal(data: object) -> bool:
    """True when a relay ``data`` string is transport signalling, not a peer-protocol frame."""
    return isinstance(data, str) and data.startswith(SIGNAL_PREFIX)


def encode_signal(kind: str, **fields: Any) -> str:
    return json.dumps({"rtc": kind, **fields}, separators=(",", ":"))


def decode_signal(data: object) -> dict[str, Any]:
    """A signalling frame with exactly its kind's fields, each valid; else ProtocolError."""
    msg = parse_frame(data, SIGNAL_MAX)
    kind = msg.get("rtc")
    if not isinstance(kind, str) or kind not in SIGNALS:
        raise ProtocolError("unknown_type")  # not a signal of ours
    fields = SIGNALS[kind]
    if set(msg) != set(fields) | {"rtc"} or not all(check(msg[k]) for k, check in fields.items()):
        raise ProtocolError("bad_field")
    return msg


def webrtc_available() -> bool:
    """False outside a browser, or where RTCPeerConnection is missing or disabled."""
    try:
        import js
    except ImportError:
        return False
    return bool(getattr(js, "RTCPeerConnection", None))


def _value(x: Any) -> Any:
    """A JS null or undefined as None (Pyodide gives ``jsnull`` for null in events)."""
    from pyodide.ffi import JsNull

    return None if x is None or isinstance(x, JsNull) else x


class RtcPeer:
    """One RTCPeerConnection with one ordered data channel.

    ``signal(text)`` sends a signalling frame to the other side through the relay;
    ``on_open()``, ``on_message(text)`` and ``on_close()`` report the channel (``on_close``
    once, whether it never opened, failed or was closed by either side). A message that is
    not text or is longer than ``frame_max`` is dropped before it reaches ``on_message``
    (counted in ``too_big``): binary data is never copied out of JS, and the host's peers
    take a guest's frame size (protocol.GUEST_FRAME_MAX), far below what a channel carries.
    """

    def __init__(self, offerer: bool, signal: Callable[[str], None],
                 on_open: Callable[[], None], on_message: Callable[[Any], None],
                 on_close: Callable[[], None], ice_servers: list[dict[str, Any]] | None = None,
                 frame_max: int = HOST_FRAME_MAX) -> None:
        self.offerer = offerer
        self.signal = signal
        self.on_open, self.on_message, self.on_close = on_open, on_message, on_close
        self.ice_servers = list(ice_servers or [])
        self.state = "new"             # new -> connecting -> open -> closed
        self.opened = False            # it reached "open" once (a later close is a drop)
        self.sent = self.received = 0  # frames on the data channel (tests, the console)
        self.frame_max = frame_max
        self.too_big = 0               # messages dropped unread (binary, or over frame_max)
        self._pc: Any = None
        self._dc: Any = None
        self._proxies: list[tuple[Any, str, Any]] = []  # (target, event, proxy)
        self._early: list[dict[str, Any]] = []  # candidates before the remote description
        self._candidates = 0
        self._described = False
        self._tasks: set[asyncio.Task[Any]] = set()

    # --- the link's side --------------------------------------------------------------------

    def start(self) -> None:
        """Create the connection; the offerer also makes the channel and sends the offer."""
        import js

        self.state = "connecting"
        self._pc = js.RTCPeerConnection.new(self._js({"iceServers": self.ice_servers}))
        self._listen(self._pc, "icecandidate", self._on_candidate)
        self._listen(self._pc, "connectionstatechange", self._on_state)
        if self.offerer:
            self._wire(self._pc.createDataChannel(CHANNEL_LABEL, self._js({"ordered": True})))
            self._spawn(self._offer())
        else:
            self._listen(self._pc, "datachannel", lambda event: self._wire(event.channel))

    def signalled(self, msg: dict[str, Any]) -> None:
        """A decoded signalling frame from the other side (``decode_signal``)."""
        if self.state == "closed":
            return
        kind = msg["rtc"]
        if kind == "offer" and not self.offerer and not self._described:
            self._spawn(self._answer(msg["sdp"]))
        elif kind == "answer" and self.offerer and not self._described:
            self._spawn(self._accept(msg["sdp"]))
        elif kind == "ice" and self._candidates < CANDIDATES_MAX:
            self._candidates += 1  # a flood of candidates costs one count each, then nothing
            if self._described:
                self._spawn(self._add_candidate(msg))
            else:
                self._early.append(msg)

    def send(self, frame: str) -> bool:
        """Put a frame on the channel; False when it is not open (the link uses the relay)."""
        if self.state != "open" or self._dc is None or self._dc.readyState != "open":
            return False
        try:
            self._dc.send(frame)
        except Exception:  # noqa: BLE001  (closing under us: the close event follows)
            return False
        self.sent += 1
        return True

    def close(self) -> None:
        """Close the channel and the connection; release every proxy (idempotent)."""
        if self.state == "closed":
            return
        self.state = "closed"
        for obj in (self._dc, self._pc):
            if obj is not None:
                try:
                    obj.close()
                except Exception:  # noqa: BLE001, S110  (already closed)
                    pass
        for task in self._tasks:
            task.cancel()
        # Unhooked now, freed a moment later: close() may run inside one of their own calls.
        proxies, self._proxies = self._proxies, []
        for target, name, proxy in proxies:
            target.removeEventListener(name, proxy)
        asyncio.get_event_loop().call_soon(_destroy, proxies)
        self.on_close()

    # --- negotiation --------------------------------------------------------------------------

    async def _offer(self) -> None:
        offer = await self._pc.createOffer()
        await self._pc.setLocalDescription(offer)
        self.signal(encode_signal("offer", sdp=self._pc.localDescription.sdp))

    async def _answer(self, sdp: str) -> None:
        await self._pc.setRemoteDescription(self._js({"type": "offer", "sdp": sdp}))
        await self._described_now()
        answer = await self._pc.createAnswer()
        await self._pc.setLocalDescription(answer)
        self.signal(encode_signal("answer", sdp=self._pc.localDescription.sdp))

    async def _accept(self, sdp: str) -> None:
        await self._pc.setRemoteDescription(self._js({"type": "answer", "sdp": sdp}))
        await self._described_now()

    async def _described_now(self) -> None:
        self._described = True
        early, self._early = self._early, []
        for msg in early:
            await self._add_candidate(msg)

    async def _add_candidate(self, msg: dict[str, Any]) -> None:
        await self._pc.addIceCandidate(self._js(
            {"candidate": msg["candidate"], "sdpMid": msg["mid"], "sdpMLineIndex": msg["index"]}))

    # --- events -------------------------------------------------------------------------------

    def _on_candidate(self, event: Any) -> None:
        candidate = _value(event.candidate)
        if candidate is None or not candidate.candidate:
            return  # end of candidates: nothing to tell (the other side needs no marker)
        self.signal(encode_signal("ice", candidate=candidate.candidate,
                                  mid=_value(candidate.sdpMid),
                                  index=_value(candidate.sdpMLineIndex)))

    def _on_state(self, _event: Any) -> None:
        if self._pc is not None and self._pc.connectionState in ("failed", "closed"):
            self.close()

    def _wire(self, channel: Any) -> None:
        if self._dc is not None or channel.label != CHANNEL_LABEL:
            channel.close()  # one channel per connection: anything else is not ours
            return
        self._dc = channel
        self._listen(channel, "open", self._on_open)
        self._listen(channel, "message", self._on_message)
        self._listen(channel, "close", lambda _e: self.close())
        if channel.readyState == "open":
            self._on_open(None)

    def _on_open(self, _event: Any) -> None:
        if self.state == "connecting":
            self.state, self.opened = "open", True
            self.on_open()

    def _on_message(self, event: Any) -> None:
        if self.state != "open":
            return
        data = event.data  # a JS string is copied into a str here; binary stays a JsProxy
        if not isinstance(data, str) or len(data) > self.frame_max:
            self.too_big += 1
            return
        self.received += 1
        self.on_message(data)

    # --- plumbing -------------------------------------------------------------------------------

    def _listen(self, target: Any, name: str, handler: Callable[[Any], None]) -> None:
        from pyodide.ffi import create_proxy

        proxy = create_proxy(handler)
        self._proxies.append((target, name, proxy))
        target.addEventListener(name, proxy)

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(self._guarded(coro))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _guarded(self, coro: Any) -> None:
        try:
            await coro
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001  (a failed negotiation: the link stays on the relay)
            self.close()

    @staticmethod
    def _js(data: dict[str, Any]) -> Any:
        import js
        from pyodide.ffi import to_js

        return to_js(data, dict_converter=js.Object.fromEntries)


def _destroy(proxies: list[tuple[Any, str, Any]]) -> None:
    """Free listeners' proxies once unhooked: an event still queued (a close we caused) must
    find no listener rather than a destroyed proxy."""
    for _target, _name, proxy in proxies:
        proxy.destroy()
