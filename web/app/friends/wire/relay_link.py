"""One WebSocket to the relay's ``/ws`` (docs/relay.md), as a table's host or as a guest.

It speaks the relay's protocol (``host``/``join``, ``send``, ``from``, presence) and nothing of
the game: ``data`` is an opaque string for the link above (``links.py``). A dropped socket is
opened again with jittered exponential backoff (capped at ``BACKOFF_CAP_S``) and re-attached: the
host with its room key, a guest by joining again (the link above then says hello with its seat
token). Close codes that retrying cannot fix stop it, with a reason for the screen (in this
phone's language: notices.close_line).

The host's link also keeps an open table listed (``list_table`` / ``unlist``, docs/protocol.md
"De åbne borde: the list"): the row goes again after every ``ready`` and a frame at least every
2 s keeps it alive; a refusal's reason is kept for the screen.

Everything the relay sends is checked like any input (size, depth, fields): a bad frame is
counted and ignored. On the host the size comes first, before anything is parsed: a guest's
frame is small, so a frame far over it is dropped unread (``too_big``), and a flood of large
frames costs the host's page a length check each.
"""
from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Callable
from typing import Any

from app.friends.core.notices import close_line
from app.friends.core.protocol import GUEST_FRAME_MAX, ProtocolError, is_bool, parse_frame, text
from app.friends.wire.webrtc import SIGNAL_MAX

# A `from` frame wraps a host frame (<= 64 KiB) as a JSON string: escaping can double it.
RELAY_FRAME_MAX = 2 * 64 * 1024 + 1024
# What the host's socket takes: a guest's frame or a WebRTC signal, escaped (at most doubled),
# in the relay's envelope. Anything longer is no guest's and is dropped before it is parsed.
HOST_RELAY_FRAME_MAX = 2 * max(GUEST_FRAME_MAX, SIGNAL_MAX) + 1024
PEER_MAX = 64
BACKOFF_FIRST_S = 0.5
BACKOFF_CAP_S = 10.0
KEEPALIVE_S = 60.0   # a `ping` op on a quiet socket (all on data channels): the relay's idle
                     # close (4408) is for sockets nobody uses, not for a waiting fallback
# While the table is listed (De åbne borde): its row lives 4 s past the leader's last frame
# (docs/protocol.md), so a frame goes at least every 2 s with a tick each second.
LISTED_KEEPALIVE_S = 1.5
LIST_REASON_MAX = 200  # characters of a `list-refused` reason kept for the screen

# Retrying cannot help: another phone holds the host key, another tab or phone re-attached as
# the host (4001: retrying would make the two take the room from each other in turn), the room
# is full, or we spoke wrong.
FINAL = frozenset({4001, 4403, 4409, 4400})
NO_ROOM = 4404  # final before the first `ready`; afterwards the relay may just have restarted
# ... and the host's phone re-creates the room within seconds of its own reconnect. A room still
# missing after this many tries in a row is gone: its host closed it or never came back (the
# relay closes a room's guests with 4404 when its host stayed away `expiry`).
NO_ROOM_TRIES = 4

PEER = text(1, PEER_MAX)
ROW_ID = re.compile(r"[0-9a-f]{16}")  # relay/open_tables.table_id: a digest of the room id


def _row_id(x: Any) -> bool:
    return isinstance(x, str) and ROW_ID.fullmatch(x) is not None


def _code(x: Any) -> bool:
    return type(x) is int and 1000 <= x <= 4999

FROM_RELAY: dict[str, dict[str, Callable[[Any], bool]]] = {
    "ready": {"peer": PEER, "role": lambda x: x in ("host", "guest"), "host": is_bool},
    "from": {"peer": PEER, "data": lambda x: isinstance(x, str)},
    "joined": {"peer": PEER},
    "left": {"peer": PEER},
    "host": {"present": is_bool},
    "pong": {},
    # the open tables' list (a host's `list` / `unlist`): docs/protocol.md "De åbne borde"
    "listed": {"id": _row_id},
    "unlisted": {"id": _row_id},
    "list-refused": {"code": _code, "reason": text(0, LIST_REASON_MAX)},
}


def decode_relay(data: object, max_chars: int = RELAY_FRAME_MAX) -> dict[str, Any]:
    """A relay frame with exactly its op's fields, each valid; else ProtocolError."""
    msg = parse_frame(data, max_chars)
    op = msg.get("op")
    if not isinstance(op, str) or op not in FROM_RELAY:
        raise ProtocolError("unknown_type")  # an op the relay never sends
    fields = FROM_RELAY[op]
    if set(msg) != set(fields) | {"op"} or not all(check(msg[k]) for k, check in fields.items()):
        raise ProtocolError("bad_field")
    return msg


def close_reason(code: int) -> str:
    """The line for the screen when the relay closed with ``code`` (this phone's language;
    a code without a line of its own reads "Kan ikke nå bordet")."""
    return close_line(code)


def backoff(attempt: int, rng: Callable[[], float] = random.random) -> float:
    """Seconds before reconnect ``attempt`` (0, 1, ...): doubling, capped, with jitter so that
    a whole table does not knock on a restarted relay in the same instant."""
    ceiling = min(BACKOFF_CAP_S, BACKOFF_FIRST_S * 2 ** min(attempt, 16))
    return ceiling * (0.5 + 0.5 * rng())


def relay_url(location: Any) -> str:
    """ws(s)://<the page's host>/ws: the relay sits at the origin's root even when the app is
    served from a sub-path."""
    scheme = "wss" if location.protocol == "https:" else "ws"
    return f"{scheme}://{location.host}/ws"


class RelayLink:
    """The relay connection of one phone: ``role`` is "host" (with ``key``) or "guest".

    Callbacks: ``on_ready(peer, host_present)`` after each (re)attach; ``on_frame(peer, data)``
    for each forwarded frame (``peer`` is "host" on a guest); ``on_presence(peer, present)``
    (the host hears guests come and go; a guest hears about the host, ``peer`` "host");
    ``on_closed(code, reason, final)`` when the socket closes (``final``: no reconnect).
    """

    def __init__(self, role: str, room: str, key: str | None = None, *,
                 on_ready: Callable[[str, bool], None],
                 on_frame: Callable[[str, str], None],
                 on_presence: Callable[[str, bool], None],
                 on_closed: Callable[[int, str, bool], None],
                 url: str | None = None,
                 rng: Callable[[], float] = random.random,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if role not in ("host", "guest") or (role == "host") != (key is not None):
            raise ValueError("a host link needs its key, a guest link none")
        self.role, self.room, self.key = role, room, key
        self.on_ready, self.on_frame = on_ready, on_frame
        self.on_presence, self.on_closed = on_presence, on_closed
        self.url = url
        self.rng = rng
        self.clock = clock
        self._sent_at = clock()
        self.state = "idle"          # idle -> connecting -> open -> waiting (backoff) -> ...
        self.peer: str | None = None
        self.host_present = False
        self.ever_ready = False
        self.attempt = 0
        self.reconnects = 0          # sockets opened after the first (tests, the console)
        self.bad_frames = 0
        self.too_big = 0             # frames dropped unread for their size (a flood, on the host)
        self.frame_max = HOST_RELAY_FRAME_MAX if role == "host" else RELAY_FRAME_MAX
        self.sent = self.received = 0
        self.reason: str | None = None  # the line for the screen while not connected
        self.close_code: int | None = None  # the relay's code of the last close (the screens)
        self.no_room = 0             # 4404s in a row since the last `ready`
        # De åbne borde (host only): the row to keep listed (None: not listed), the relay's id
        # of it once `listed`, and the last refusal (code, reason) for the screen.
        self.listing: dict[str, Any] | None = None
        self.listed_id: str | None = None
        self.list_refused: tuple[int, str] | None = None
        self._ws: Any = None
        self._proxies: list[tuple[str, Any]] = []  # (event, proxy) on the current socket
        self._timer: asyncio.TimerHandle | None = None

    # --- use --------------------------------------------------------------------------------

    def start(self) -> None:
        """Open the socket (again): also the screen's *Prøv igen* after a final close."""
        import js
        from pyodide.ffi import create_proxy

        self._cancel_timer()
        self._drop_socket()
        self.state = "connecting"
        ws = js.WebSocket.new(self.url or relay_url(js.location))
        self._ws = ws
        for name, handler in (("open", self._on_open), ("message", self._on_message),
                              ("close", self._on_close)):
            proxy = create_proxy(lambda event, h=handler, ws=ws: h(ws, event))
            self._proxies.append((name, proxy))
            ws.addEventListener(name, proxy)

    def send(self, data: str, to: str | None = None) -> bool:
        """Forward ``data`` (to guest ``to`` from the host; to the host from a guest).
        False when the socket is not ready (the peer protocol resends what matters)."""
        if self.state != "open" or (self.role == "host") != (to is not None):
            return False
        frame = {"op": "send", "data": data} if to is None else {"op": "send", "to": to,
                                                                  "data": data}
        if not self._put(frame):
            return False
        self.sent += 1
        return True

    def tick(self) -> None:
        """Now and then: a `ping` op on a socket that has been quiet for KEEPALIVE_S (for
        LISTED_KEEPALIVE_S while the table is listed: its row lives on the leader's frames)."""
        quiet = LISTED_KEEPALIVE_S if self.listing is not None else KEEPALIVE_S
        if self.state == "open" and self.clock() - self._sent_at >= quiet:
            self._put({"op": "ping"})

    def list_table(self, table: dict[str, Any]) -> bool:
        """List the table on the relay's open tables (the whole row each time: open_listing),
        and again after every `ready` (a reconnect keeps the row: the same room, the same id).
        False when it could not go now (not open yet: it goes at the next `ready`; or a guest's
        link, which lists nothing)."""
        if self.role != "host":
            return False
        self.listing = dict(table)
        return self.state == "open" and self._put({"op": "list", "table": self.listing})

    def unlist(self) -> bool:
        """Take the table off the list (it also goes 4 s after this socket's last frame).
        False when the socket is not open to say it."""
        was, self.listing, self.listed_id = self.listing, None, None
        return (was is not None and self.state == "open"
                and self._put({"op": "unlist"}))

    def _put(self, frame: dict[str, Any]) -> bool:
        try:
            self._ws.send(json.dumps(frame, separators=(",", ":")))
        except Exception:  # noqa: BLE001  (closing under us: the close event follows)
            return False
        self._sent_at = self.clock()
        return True

    def close(self) -> None:
        """Leave for good (the table ended or the page goes): no reconnect."""
        self._cancel_timer()
        self.state = "closed"
        self._drop_socket()

    # --- socket events ------------------------------------------------------------------------

    def _on_open(self, ws: Any, _event: Any) -> None:
        if ws is not self._ws:
            return
        first = {"op": "host", "room": self.room, "key": self.key} if self.role == "host" \
            else {"op": "join", "room": self.room}
        ws.send(json.dumps(first, separators=(",", ":")))

    def _on_message(self, ws: Any, event: Any) -> None:
        if ws is not self._ws:
            return
        data = event.data  # Pyodide copies a JS string into a str here: nothing more before
        if isinstance(data, str) and len(data) > self.frame_max:  # the size is checked
            self.too_big += 1
            return
        try:
            msg = decode_relay(data, self.frame_max)
        except ProtocolError:
            self.bad_frames += 1
            return
        op = msg["op"]
        if op == "ready":
            if msg["role"] != self.role:
                self.bad_frames += 1
                return
            self.state, self.peer, self.attempt, self.no_room = "open", msg["peer"], 0, 0
            self.host_present, self.ever_ready, self.reason = msg["host"], True, None
            if self.listing is not None and self.role == "host":
                self._put({"op": "list", "table": self.listing})  # a new socket: list again
            self.on_ready(msg["peer"], msg["host"])
        elif self.state != "open":
            self.bad_frames += 1  # nothing but `ready` comes before `ready`
        elif op == "from":
            self.received += 1
            self.on_frame(msg["peer"], msg["data"])
        elif op in ("joined", "left") and self.role == "host":
            self.on_presence(msg["peer"], op == "joined")
        elif op == "pong":
            pass  # the answer to our keepalive
        elif op in ("listed", "unlisted", "list-refused") and self.role == "host":
            self._list_answer(msg)
        elif op == "host" and self.role == "guest":
            self.host_present = msg["present"]
            self.on_presence("host", msg["present"])
        else:
            self.bad_frames += 1

    def _list_answer(self, msg: dict[str, Any]) -> None:
        """The relay's answer to `list` / `unlist`. A refusal changes nothing on the relay and
        the socket stays: its reason is kept for the screen, the next change lists again."""
        op = msg["op"]
        if op == "listed":
            if self.listing is not None:  # an answer to a `list` sent before an unlist
                self.listed_id, self.list_refused = msg["id"], None
        elif op == "unlisted":
            self.listed_id = None
        else:
            self.list_refused = (msg["code"], msg["reason"])

    def _on_close(self, ws: Any, event: Any) -> None:
        if ws is not self._ws or self.state == "closed":
            return
        code = int(event.code or 1006)
        self.no_room = self.no_room + 1 if code == NO_ROOM else 0
        final = code in FINAL or (code == NO_ROOM and (not self.ever_ready
                                                        or self.no_room >= NO_ROOM_TRIES))
        self.close_code = code
        self.peer, self.host_present = None, False
        self.reason = close_reason(code)
        if final:
            self.state = "closed"
        else:
            self.state = "waiting"
            self._timer = asyncio.get_event_loop().call_later(
                backoff(self.attempt, self.rng), self._retry)
            self.attempt += 1
        self.on_closed(code, self.reason, final)

    def _retry(self) -> None:
        self._timer = None
        if self.state == "waiting":
            self.reconnects += 1
            self.start()

    # --- plumbing -------------------------------------------------------------------------------

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _drop_socket(self) -> None:
        """Close the old socket and release its listeners' proxies (never from inside one of
        them: start() runs from the backoff timer or the screen, close() from the link)."""
        ws, self._ws = self._ws, None
        proxies, self._proxies = self._proxies, []
        drop_socket(ws, proxies)


def drop_socket(ws: Any, proxies: list[tuple[str, Any]]) -> None:
    """Close ``ws`` (None: none) with its listeners taken off first, so that a close event we
    cause finds none, and destroy their proxies on the next turn of the loop (we may be inside
    one of them now). Also the list watcher's (app/open/watcher.py)."""
    if ws is not None:
        for name, proxy in proxies:
            ws.removeEventListener(name, proxy)
        try:
            ws.close()
        except Exception:  # noqa: BLE001, S110  (already closed)
            pass
    asyncio.get_event_loop().call_soon(_destroy, proxies)


def _destroy(proxies: list[tuple[str, Any]]) -> None:
    for _name, proxy in proxies:
        proxy.destroy()
