"""The screen kept awake at a table: a Screen Wake Lock while a table screen is on show.

`WakeLock` is a small state machine over an injected `navigator` (CPython tests use a fake):
`want(True)` at a table asks `navigator.wakeLock.request("screen")`; the browser drops the
lock when the tab is hidden, so `visible()` asks again on the way back; `want(False)` (leaving
the table) releases it. Where the API is missing, or the request is refused (battery saver, a
frame without permission), it stays "unsupported"/"refused" and the table plays on as before.

States: "off" (not wanted), "asking", "held", "lost" (the browser released it: hidden tab),
"refused", "unsupported".
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.table import games

TABLE_SCREENS = games.TABLE_SCREENS  # every game's table screen (app/table/games.py)


class WakeLock:
    def __init__(self, navigator: Any, then: Callable[[Any, Callable, Callable], Any]) -> None:
        """`then(promise, on_ok, on_fail)` hooks a JS promise (the browser glue passes proxies)."""
        self.nav = navigator
        self.then = then
        self.wanted = False
        self.sentinel: Any = None
        self.state = "off" if self.supported() else "unsupported"

    def supported(self) -> bool:
        try:
            return hasattr(self.nav, "wakeLock") and hasattr(self.nav.wakeLock, "request")
        except Exception:  # noqa: BLE001
            return False

    def want(self, on: bool) -> None:
        """A table screen is on show (True) or not (False)."""
        self.wanted = on
        if on:
            self.acquire()
        else:
            self.release()

    def visible(self, shown: bool) -> None:
        """visibilitychange: the lock is lost while hidden; ask again when shown."""
        if not shown:
            if self.state == "held":
                self.state = "lost"
            return
        if self.wanted and self.state in ("lost", "off"):
            self.acquire()

    def acquire(self) -> None:
        if self.state in ("unsupported", "asking") or (self.state == "held" and self.sentinel is not None
                                                         and not _released(self.sentinel)):
            return
        self.state = "asking"
        try:
            promise = self.nav.wakeLock.request("screen")
        except Exception:  # noqa: BLE001 – e.g. NotAllowedError thrown synchronously
            self.state = "refused"
            return
        self.then(promise, self.granted, self.refused)

    def granted(self, sentinel: Any) -> None:
        self.sentinel = sentinel
        self.state = "held"
        if not self.wanted:  # left the table while the request was on its way
            self.release()

    def refused(self, *_err: Any) -> None:
        self.state = "refused"

    def release(self) -> None:
        sentinel, self.sentinel = self.sentinel, None
        if self.state != "unsupported":
            self.state = "off"
        if sentinel is not None:
            try:
                sentinel.release()
            except Exception:  # noqa: BLE001, S110 – already released by the browser
                pass


def _released(sentinel: Any) -> bool:
    try:
        return bool(sentinel.released)
    except Exception:  # noqa: BLE001
        return False
