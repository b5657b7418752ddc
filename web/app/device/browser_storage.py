"""Two small browser calls around saving: persistent storage, and warnings for bug reports."""
from __future__ import annotations

from typing import Any

import js
from app.shell.dom_util import present
from pyodide.ffi import create_proxy

_kept: dict[str, Any] = {}


def ask_persistence() -> None:
    """`navigator.storage.persist()` where it exists: asks the browser not to evict our
    storage (the table) when space runs low. Chromium answers without a prompt; the answer
    needs no action, a refusal is not an error."""
    try:
        storage = js.navigator.storage
        if not present(storage) or not present(getattr(storage, "persist", None)):
            return
        if "ignore" not in _kept:
            _kept["ignore"] = create_proxy(lambda *_a: None)
        storage.persist().then(_kept["ignore"], _kept["ignore"])
    except Exception:  # noqa: BLE001 – no Storage API (or it throws): saving works without it
        return


def warn(*lines: str) -> None:
    """Technical detail for a bug report: console.warn, never console.error (a warning is
    not a failure of the app, which carried on)."""
    js.console.warn("\n".join(lines))
