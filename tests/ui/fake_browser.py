"""A fake browser for importing the DOM modules (table_screen, share_screen …) in CPython."""
import sys
import types


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
