"""A fake browser for importing the DOM modules (table_screen, share_screen …) in CPython."""
import sys
import types
from unittest import mock


def install_fake_browser(monkeypatch, fake_js, forget=()):
    """Put a fake `js` and `pyodide.ffi` in sys.modules (for importing a DOM module in CPython)
    and forget the modules in `forget`, so the next import sees the fakes."""
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = ffi.create_once_callable = lambda fn: fn
    ffi.to_js = lambda value, **_kw: value
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    monkeypatch.setitem(sys.modules, "js", fake_js)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    for name in forget:
        monkeypatch.delitem(sys.modules, name, raising=False)


class Storage:
    """localStorage in memory. `quota` counts the characters of keys and values, like the
    browser's (None: no limit); `full = True` refuses every write."""

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota
        self.full = False

    def getItem(self, key):
        return self.data.get(key)

    def setItem(self, key, value):
        used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
        if self.full or (self.quota is not None and used + len(key) + len(value) > self.quota):
            raise RuntimeError("QuotaExceededError: Setting the value exceeded the quota.")
        self.data[key] = value

    def removeItem(self, key):
        self.data.pop(key, None)


class Node:
    """An element a screen writes into (innerHTML, textContent, hidden)."""

    def __init__(self) -> None:
        self.innerHTML = ""
        self.textContent = ""
        self.hidden = True
        self.classList = mock.MagicMock()

    def addEventListener(self, *_a) -> None:
        pass

    def setPointerCapture(self, *_a) -> None:
        pass

    def querySelectorAll(self, _selector: str) -> list:
        return []  # no child elements: a screen writes markup as text here

    def querySelector(self, _selector: str) -> None:
        return None

    def insertAdjacentHTML(self, _where: str, html: str) -> None:
        self.innerHTML = html + self.innerHTML
