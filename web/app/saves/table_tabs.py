"""One table, one tab, for every game's table screen.

The decisions are tab_claim.py's and the browser's side is tab_lock.py's, each game's table
with its own lock and token. This is the screen's part: before a saved table is loaded, ask
whether this tab may have it; if not, show "Bordet er åbent i en anden fane" with *Tag bordet
hertil*; when another tab takes the table, drop the session here (no regular moves, nothing is
saved) and show that the table moved.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.saves.tab_claim import FREE, claim_html
from app.saves.tab_lock import TabLock
from app.shell import screens
from app.shell.dom_util import present
from pyodide.ffi import create_proxy


class TableTabs:
    def __init__(self, game: str, screen: str, table_class: str, drop: Callable[[], None]):
        self.screen = screen
        self.table_class = table_class
        self.drop = drop  # stops the timers and forgets the session of this tab (not the save)
        self.lock = TabLock(on_change=self.changed, game=game)
        self._click = create_proxy(self.on_click)

    @property
    def claim(self) -> Any:
        """The claim's state (tab_claim.TabClaim): held, free, elsewhere, moved."""
        return self.lock.claim

    @property
    def may_write(self) -> bool:
        return self.lock.claim.may_write

    def still_mine(self) -> bool:
        """Before a save: False (and the screen stops) when another tab has taken the table."""
        return self.lock.still_mine()

    def take(self) -> None:
        """A new table is set here, or *Tag bordet hertil*: this tab holds it from now on."""
        self.lock.take()

    def changed(self) -> None:
        """The lock or the token says this tab no longer (or now) holds the table."""
        if not self.may_write:
            self.drop()
        if screens.current() == self.screen:
            screens.show(self.screen)

    def gate(self, root: Any) -> bool:
        """Before loading the saved table: True when this tab may play it; else the notice
        (or a blank table while the lock answers) is drawn into `root`."""
        if self.lock.claim.state == FREE:
            self.lock.ask()  # without Web Locks the answer is already here
        if self.may_write:
            return True
        root.innerHTML = claim_html(self.lock.claim.notice(), self.table_class)
        section = root.querySelector(".tab-claim")
        if present(section):
            section.addEventListener("click", self._click)
        return False

    def on_click(self, ev: Any) -> None:
        target = ev.target.closest("[data-action]")
        if not present(target):
            return
        if target.getAttribute("data-action") == "take":
            self.drop()  # whatever this tab had is older than the save
            self.take()
            screens.show(self.screen)
        elif target.getAttribute("data-action") == "home":
            screens.show(screens.START)
