"""One table, one tab: which tab of this browser may play and save the table (pure decisions).

Every tab runs its own copy of the app on one shared localStorage. If two of them played the
same table, the last to save would win and a round played in the other would vanish. So one
tab holds the table; only that tab plays it and writes its key. The browser side
(tab_lock.py) asks Web Locks who holds it and keeps a token under token_key(game) (the
holding tab's id); this module turns what it learns into a state:

    FREE       this tab has not touched the table yet
    ASKING     waiting for the lock's answer (a few ms)
    MINE       this tab holds the table: play and save
    ELSEWHERE  another open tab holds it: say so, offer *Tag bordet hertil*
    MOVED      this tab held it until another tab took it: stop, offer to take it back

Taking the table (`take`) is always the player's own decision, and always wins: the other
tab learns it from the stolen lock or the token, whichever comes first, and stops.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from app.lang import t
from app.table import games

FREE, ASKING, MINE, ELSEWHERE, MOVED = "free", "asking", "mine", "elsewhere", "moved"

# The states with a notice: (headline, text) are "friends.tab.<state>" and "….text".
NOTICES = (ELSEWHERE, MOVED)


def take_label() -> str:
    """*Tag bordet hertil*, in the language spoken now."""
    return t("friends.tab.take")


GAMES = games.KEYS


def lock_name(game: str) -> str:
    """The Web Lock of `game`'s table (each game's table is held on its own; named as its
    save's key). ValueError for an unknown game."""
    return games.get(game).store_key


def token_key(game: str) -> str:
    """The storage key of the token naming the tab that holds `game`'s table."""
    return games.get(game).tab_key


def claim_html(notice: tuple[str, str] | None, table_class: str) -> str:
    """What a tab without the table shows: a blank `table_class` section while asking (the
    answer comes within milliseconds), else the notice with *Tag bordet hertil*."""
    if notice is None:
        return f'<section class="{table_class} tab-claim" data-testid="table-wait" aria-busy="true"></section>'
    head, text = notice
    return (f'<section class="panel tab-claim" data-testid="table-elsewhere" role="alert">'
            f'<h2>{head}</h2><p>{text}</p>'
            f'<button type="button" class="btn primary" data-action="take" data-testid="take-table">'
            f'{take_label()}</button>'
            f'<button type="button" class="back" data-action="home">{t("friends.tab.home")}</button></section>')


def new_tab_id() -> str:
    return f"{random.getrandbits(64):016x}"


@dataclass
class TabClaim:
    tab_id: str = field(default_factory=new_tab_id)
    state: str = FREE
    token_kept: bool = False  # our id is stored under TAB_KEY (False if storage refused it)

    @property
    def may_write(self) -> bool:
        """Only the tab holding the table plays it and writes its key."""
        return self.state == MINE

    def ask(self) -> bool:
        """Start asking for the table; False if there is nothing to ask (held or asking)."""
        if self.state in (MINE, ASKING):
            return False
        self.state = ASKING
        return True

    def answer(self, granted: bool) -> None:
        """The lock's answer to `ask`. A take meanwhile has decided already."""
        if self.state == ASKING:
            self.state = MINE if granted else ELSEWHERE

    def take(self) -> None:
        """The player takes the table to this tab (or starts a new one here)."""
        self.state = MINE

    def token_written(self, ok: bool) -> None:
        self.token_kept = ok

    def lost(self) -> bool:
        """Another tab took the table (stolen lock); True if this tab must stop now."""
        if self.state != MINE:
            return False
        self.state = MOVED
        return True

    def owner_seen(self, owner: str | None, fresh: bool = False) -> bool:
        """The token under TAB_KEY: read back before a save, or `fresh` from a `storage` event
        (another tab just wrote it). Another tab's id means it took the table: True if this tab
        must stop now. A missing token proves nothing (storage cleared or refusing writes), nor
        does an old one this tab could not overwrite when it took the table."""
        if owner is None or owner == self.tab_id or not (fresh or self.token_kept):
            return False
        return self.lost()

    def notice(self) -> tuple[str, str] | None:
        """(headline, text) for a tab that does not hold the table, else None (in the language
        spoken now)."""
        if self.state not in NOTICES:
            return None
        return t(f"friends.tab.{self.state}"), t(f"friends.tab.{self.state}.text")
