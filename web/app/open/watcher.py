"""One WebSocket to the relay's `/ws/tables` while the list of open tables is on screen.

It keeps a TableList (tables.py) from the frames and calls `on_change()` whenever what is shown
changed (the rows, or the socket's state). A closed socket is opened again with the relay
link's jittered backoff (wire/relay_link.backoff); the rows are dropped meanwhile, since a list
that cannot be refreshed would lie. The relay pings the socket itself (a WebSocket heartbeat
every 30 s), so the watcher sends nothing. `stop()` closes it for good (the screen was left).
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from app.friends.wire.relay_link import backoff, relay_url
from app.open.tables import TableList

PATH = "/ws/tables"


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

    def start(self) -> None:
        import js
        from pyodide.ffi import create_proxy

        self._cancel_timer()
        self._drop_socket()
        self.list.restart()
        self.state = "connecting"
        ws = js.WebSocket.new(self.url or tables_url(js.location))
        self._ws = ws
        for name, handler in (("message", self._on_message), ("close", self._on_close)):
            proxy = create_proxy(lambda event, h=handler, ws=ws: h(ws, event))
            self._proxies.append((name, proxy))
            ws.addEventListener(name, proxy)

    def stop(self) -> None:
        self._cancel_timer()
        self.state = "closed"
        self._drop_socket()

    def _on_message(self, ws: Any, event: Any) -> None:
        if ws is not self._ws:
            return
        if self.list.receive(event.data):
            if self.list.loaded and self.state != "open":
                self.state, self.attempt = "open", 0
            self.on_change()

    def _on_close(self, ws: Any, _event: Any) -> None:
        if ws is not self._ws or self.state == "closed":
            return
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
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _drop_socket(self) -> None:
        ws, self._ws = self._ws, None
        proxies, self._proxies = self._proxies, []
        if ws is not None:
            for name, proxy in proxies:  # the close we cause must find no listener
                ws.removeEventListener(name, proxy)
            try:
                ws.close()
            except Exception:  # noqa: BLE001, S110  (already closed)
                pass
        asyncio.get_event_loop().call_soon(_destroy, proxies)


def _destroy(proxies: list[tuple[str, Any]]) -> None:
    for _name, proxy in proxies:
        proxy.destroy()
