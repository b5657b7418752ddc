"""Local storage of the unfinished table and the settings (survives a reload or a killed app).

A thin wrapper: the backend is the page's `localStorage` in the browser and any object with
getItem/setItem/removeItem in tests. Storage that is full or switched off never crashes the
game; it only stops saving.
"""
from __future__ import annotations

import json
from typing import Any

TABLE_KEY = "bodegabordet.snyd.table"
SETTINGS_KEY = "bodegabordet.settings"


def _backend() -> Any:
    import js  # the browser only
    return js.localStorage


class LocalStore:
    def __init__(self, backend: Any = None):
        self._backend = backend

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
        try:
            self.backend.setItem(key, text)
            return True
        except Exception:  # quota or private mode: play on without saving  # noqa: BLE001
            return False

    def remove(self, key: str) -> None:
        try:
            self.backend.removeItem(key)
        except Exception:  # noqa: BLE001, S110
            pass

    def read_json(self, key: str) -> Any:
        text = self.read(key)
        if text is None:
            return None
        try:
            return json.loads(text)
        except ValueError:
            return None

    def write_json(self, key: str, data: Any) -> bool:
        return self.write(key, json.dumps(data, ensure_ascii=False, separators=(",", ":")))


store = LocalStore()
