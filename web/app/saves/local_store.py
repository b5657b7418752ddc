"""Local storage of the unfinished table and the settings (survives a reload or a killed app).

A thin wrapper: the backend is the page's `localStorage` in the browser and any object with
getItem/setItem/removeItem in tests. Storage that is full, switched off or throwing on every
touch (SecurityError) never crashes the game: reads give None, a failed write returns False
and says why in `last_failure`, so the screen can tell the player.
"""
from __future__ import annotations

import json
import time
from typing import Any

from app.saves.last_table import TABLE_KEYS
from app.saves.save_guard import MAX_DEPTH, parse_bounded
from app.table import games

TABLE_KEY = games.get("snyd").store_key  # Snyd's unfinished table (the others: app/saves/last_table.py)
SETTINGS_KEY = "bodegabordet.settings"
TAB_KEY = games.get("snyd").tab_key  # which tab holds Snyd's table (see tab_claim.py)
BACKUP_SUFFIX = ".backup"            # one set-aside copy per key, replaced by the next one

FULL = "full"        # the quota is used up
BLOCKED = "blocked"  # storage is switched off or refuses this page


def backup_key(key: str) -> str:
    return key + BACKUP_SUFFIX


def failure_kind(exc: BaseException) -> str:
    """FULL for a quota error (JS QuotaExceededError, name or message), else BLOCKED."""
    name = str(getattr(exc, "name", "") or "")
    return FULL if "quota" in f"{name} {exc}".lower() else BLOCKED


def _backend() -> Any:
    import js  # the browser only
    return js.localStorage  # may itself throw (SecurityError): callers are inside a try


class LocalStore:
    def __init__(self, backend: Any = None):
        self._backend = backend
        self.last_failure = ""  # FULL / BLOCKED after a failed write, "" after a good one
        self.settings_untold = ""  # a settings reset the player has not been told of yet

    @property
    def backend(self) -> Any:
        if self._backend is None:
            self._backend = _backend()
        return self._backend

    def read(self, key: str) -> str | None:
        try:
            value = self.backend.getItem(key)
        except Exception:  # noqa: BLE001
            return None
        # A missing key is JS null: None in CPython fakes, `jsnull` in newer Pyodide.
        if value is None or type(value).__name__ == "JsNull" or not isinstance(value, str):
            return None
        return value

    def write(self, key: str, text: str) -> bool:
        """Store `text`; when the storage is full, drop the set-aside backups and try once more
        (a live table matters more than a copy of a broken one)."""
        if self._try_write(key, text):
            return True
        if self.last_failure == FULL and self.drop_backups():
            return self._try_write(key, text)
        return False

    def _try_write(self, key: str, text: str) -> bool:
        try:
            self.backend.setItem(key, text)
        except Exception as exc:  # quota or private mode: play on without saving  # noqa: BLE001
            self.last_failure = failure_kind(exc)
            return False
        self.last_failure = ""
        return True

    def remove(self, key: str) -> None:
        try:
            self.backend.removeItem(key)
        except Exception:  # noqa: BLE001, S110
            pass

    def drop_backups(self) -> bool:
        """Remove every set-aside copy; True if there was one."""
        found = False
        for key in (*TABLE_KEYS.values(), SETTINGS_KEY):  # every game's table: Snyd, Bakke, Treere
            if self.read(backup_key(key)) is not None:
                self.remove(backup_key(key))
                found = True
        return found

    def set_aside(self, key: str, text: str, reason: str, max_chars: int) -> None:
        """Move a save that could not be read out of the way, under `key`.backup (one copy,
        at most `max_chars` of it), with the reason: kept for a bug report, never read back."""
        self.remove(key)  # first: the copy may need the room the original took
        copy = {"key": key, "reason": reason, "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                "length": len(text), "text": text[:max_chars]}
        self._try_write(backup_key(key), json.dumps(copy, ensure_ascii=False))

    def read_json(self, key: str, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
        """The stored JSON, or None when missing. A text out of bounds or not JSON raises
        save_guard.UnreadableSave (it is never parsed)."""
        text = self.read(key)
        return None if text is None else parse_bounded(text, max_chars, max_depth)

    def write_json(self, key: str, data: Any) -> bool:
        return self.write(key, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


store = LocalStore()
