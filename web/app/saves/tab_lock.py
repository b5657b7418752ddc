"""The browser's side of "one table, one tab" (the decisions are in tab_claim.py).

- Web Locks (`navigator.locks`): the tab holding the table holds its game's lock (`tab_claim.lock_name`) for as long
  as it lives; a tab that opens the table asks with `ifAvailable` (granted: it is the only one;
  not granted: another open tab has it). *Tag bordet hertil* asks with `steal`, which rejects
  the old holder's request: that tab stops.
- A token under `token_key(game)` (the holder's tab id; local_store.TAB_KEY for Snyd),
  written on every claim: a `storage` event tells the old holder at once, and it is read
  back before every save, so a tab that has lost the table never writes it, even before the
  lock's news arrives.
- Without Web Locks (an old browser, or plain http on a LAN address, which is no secure
  context) the token alone decides: the tab that opens the table last holds it.

Each game's table has its own lock and token (`TabLock(..., game="bakke")`): a Snyd table in
one tab and a Bakke table in another are two tables, not one table in two tabs.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from app.saves.local_store import store
from app.saves.tab_claim import TabClaim, lock_name, token_key
from app.shell.dom_util import present
from pyodide.ffi import create_once_callable, create_proxy, to_js


def _options(**kw: Any) -> Any:
    return to_js(kw, dict_converter=js.Object.fromEntries)


def _locks() -> Any:
    try:
        locks = js.navigator.locks
    except AttributeError:  # undefined: no Web Locks here
        return None
    return locks if present(locks) else None


class TabLock:
    def __init__(self, on_change: Callable[[], None], game: str):
        self.claim = TabClaim()
        self.lock = lock_name(game)
        self.token_key = token_key(game)  # local_store.TAB_KEY for Snyd
        self.on_change = on_change  # called whenever the claim's state changed by itself
        self._proxies = {"granted": create_proxy(self._granted), "storage": create_proxy(self._storage)}
        self._requests = 0  # only the latest request's rejection means "stolen"
        js.window.addEventListener("storage", self._proxies["storage"])

    def ask(self) -> None:
        """Find out whether this tab may have the table. With Web Locks the answer comes to
        `on_change`; without them it is given at once (this tab takes it), no call."""
        if not self.claim.ask():
            return
        locks = _locks()
        if locks is None:
            self._hold()
            self.claim.answer(True)
            return
        self._request(locks, ifAvailable=True)

    def take(self) -> None:
        """*Tag bordet hertil*: this tab holds the table from now on; the other one stops."""
        if self.claim.may_write:
            self._hold()  # already here (stealing from ourselves would look like a loss)
            return
        self.claim.take()
        self._hold()
        locks = _locks()
        if locks is not None:
            self._request(locks, steal=True)

    def still_mine(self) -> bool:
        """Before a save: read the token back; False (and `on_change`) if the table moved."""
        if self.claim.owner_seen(store.read(self.token_key)):
            self.on_change()
        return self.claim.may_write

    # ---------- the browser's callbacks ----------
    def _request(self, locks: Any, **options: Any) -> None:
        self._requests += 1
        number = self._requests
        promise = locks.request(self.lock, _options(**options), self._proxies["granted"])
        # Rejected when another tab steals the lock. A proxy per request (a few per tab's life),
        # so that a late rejection of an older request cannot undo a newer take.
        promise.then(None, create_proxy(lambda *_error: self._lost(number)))

    def _hold(self) -> None:
        self.claim.token_written(store.write(self.token_key, self.claim.tab_id))

    def _granted(self, lock: Any) -> Any:
        if not present(lock):  # ifAvailable and another tab holds it
            self.claim.answer(False)
            self.on_change()
            return None       # nothing held
        asking = self.claim.state == "asking"
        self.claim.answer(True)
        if asking:
            self._hold()
            self.on_change()
        # Held until this tab closes or another steals it: a promise that never settles.
        return js.Promise.new(create_once_callable(lambda _resolve, _reject: None))

    def _lost(self, number: int) -> None:
        if number == self._requests and self.claim.lost():
            self.on_change()

    def _storage(self, ev: Any) -> None:
        if ev.key == self.token_key and self.claim.owner_seen(ev.newValue if present(ev.newValue) else None,
                                                       fresh=True):
            self.on_change()
