"""What the player is told about saving the table (pure): the line while saves fail, and
when to ask the browser to keep our storage.

A failed save is never silent: the line shows at once, stays while saves keep failing (every
later change tries again), and goes with the first save that works.
"""
from __future__ import annotations

from dataclasses import dataclass

from app.lang import t
from app.saves.local_store import BLOCKED, FULL

LINES = {FULL: "shell.save.full", BLOCKED: "shell.save.blocked"}  # catalogue keys


@dataclass
class SaveStatus:
    failing: str = ""            # local_store.FULL / BLOCKED while saves fail, "" while they work
    persist_asked: bool = False

    def after_save(self, ok: bool, failure: str) -> None:
        self.failing = "" if ok else (failure or BLOCKED)

    @property
    def line(self) -> str:
        return t(LINES.get(self.failing, LINES[BLOCKED])) if self.failing else ""

    def ask_persist(self) -> bool:
        """True once per page: the first time a table is saved, ask for persistent storage
        (so the browser does not evict the table when space runs low)."""
        if self.persist_asked:
            return False
        self.persist_asked = True
        return True
