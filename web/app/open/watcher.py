"""One WebSocket to the relay's `/ws/tables` while the list of open tables is on screen.

It keeps a TableList (tables.py) from the frames and calls `on_change()` whenever what is shown
changed (the rows, or the socket's state). A closed socket is opened again with the relay
link's jittered backoff (wire/relay_link.backoff); the rows are dropped meanwhile, since a list
that cannot be refreshed would lie. The relay pings the socket itself (a WebSocket heartbeat
every 30 s) and so finds a phone that vanished; the phone cannot see those pings, so it sends its
own `{"op":"ping"}` when it heard nothing for PING_S, and a socket silent for STALE_S (the pub's
wifi dropped without a close) counts as closed: the rows go and it reconnects (Liveness).
`stop()` closes it for good (the screen was left).
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from app.friends.wire.relay_link import backoff, drop_socket, relay_url
from app.open.tables import TableList

PATH = "/ws/tables"
PING_S = 10.0    # silence after which the watcher pings (the relay allows a frame a second)
STALE_S = 25.0   # silence after which the socket is taken for dead
BEAT_S = 2.5     # how often the watcher looks


class Liveness:
    """When to ping and when to give a silent socket up, on any clock (pure: tested in CPython)."""

    def __init__(self, now: float) -> None:
        self.heard_at = self.pinged_at = now

    def heard(self, now: float) -> None:
        self.heard_at = now

    def due(self, now: float) -> str | None:
        """"stale" (nothing heard for STALE_S), "ping" (send one now), or None."""
        if now - self.heard_at >= STALE_S:
            return "stale"
        if now - max(self.heard_at, self.pinged_at) >= PING_S:
            self.pinged_at = now
            return "ping"
        return None


def tables_url(location: Any) -> str:
    """ws(s)://<the page's host>/ws/tables (the relay sits at the origin's root)."""
    return relay_url(location) + PATH[len("/ws"):]


class Watcher:
    """`state`: "connecting", "open" (a whole list arrived), "waiting" (to reconnect), "closed"."""

    def __init__(self, on_change: Callable[[], None], url: str | None = None) -> None:
        self.list = TableList()
        self.on_change = on_change
        self.url = url
        self.state = "closed"
        self.attempt = 0
        self._ws: Any = None
        self._proxies: list[tuple[str, Any]] = []
        self._timer: asyncio.TimerHandle | None = None
        self._beat: asyncio.TimerHandle | None = None
        self.live = Liveness(0.0)

    def start(self) -> None:
        import js
        from pyodide.ffi import create_proxy

        self._cancel_timer()
        self._drop_socket()
        self.list.restart()
        self.state = "connecting"
        ws = js.WebSocket.new(self.url or tables_url(js.location))
        self._ws = ws
        self.live = Liveness(_now())
        self._schedule_beat()
        for name, handler in (("message", self._on_message), ("close", self._on_close)):
            proxy = create_proxy(lambda event, h=handler, ws=ws: h(ws, event))
            self._proxies.append((name, proxy))
            ws.addEventListener(name, proxy)

    def stop(self) -> None:
        self._cancel_timer()
        self.state = "closed"
        self._drop_socket()

    def _schedule_beat(self) -> None:  # start() cancelled the last one; _on_beat ran it
        self._beat = asyncio.get_event_loop().call_later(BEAT_S, self._on_beat)

    def _on_beat(self) -> None:
        self._beat = None
        ws = self._ws
        if ws is None or self.state not in ("connecting", "open"):
            return
        due = self.live.due(_now())
        if due == "stale":
            self._lost()
            return
        if due == "ping" and ws.readyState == 1:  # OPEN (a connecting socket cannot send)
            ws.send('{"op":"ping"}')
        self._schedule_beat()

    def _on_message(self, ws: Any, event: Any) -> None:
        if ws is not self._ws:
            return
        self.live.heard(_now())
        if self.list.receive(event.data):
            if self.list.loaded and self.state != "open":
                self.state, self.attempt = "open", 0
            self.on_change()

    def _on_close(self, ws: Any, _event: Any) -> None:
        if ws is not self._ws or self.state == "closed":
            return
        self._lost()

    def _lost(self) -> None:
        """The socket closed or fell silent: no rows until a new one has the whole list."""
        self._drop_socket()
        self.list.restart()
        self.state = "waiting"
        self._timer = asyncio.get_event_loop().call_later(backoff(self.attempt), self._retry)
        self.attempt += 1
        self.on_change()

    def _retry(self) -> None:
        self._timer = None
        if self.state == "waiting":
            self.start()

    def _cancel_timer(self) -> None:
        for handle in (self._timer, self._beat):
            if handle is not None:
                handle.cancel()
        self._timer = self._beat = None

    def _drop_socket(self) -> None:
        ws, self._ws = self._ws, None
        proxies, self._proxies = self._proxies, []
        drop_socket(ws, proxies)


def _now() -> float:
    return asyncio.get_event_loop().time()
