"""One fact about Pyodide's DOM bridge the screens need: JS null is not always Python None.

Newer Pyodide turns `null` (e.g. from `closest()` or `getElementById()`) into `jsnull`, an
object that `is None` does not catch. `present(x)` is True only for a real node/value.
"""
from __future__ import annotations

from typing import Any


def present(x: Any) -> bool:
    return x is not None and type(x).__name__ != "JsNull"
