"""One Pyodide page for a bench: the site served on a free port, headless Chromium, the
self-hosted Pyodide loaded (devtools/browser.py), closed again however the bench ends; and a
suite's figures from a fresh CPython and from Pyodide (a suite's last expression is its
figures as JSON text; it prints them too when run as a script).

    with pyodide_page() as page:
        figures = bt.run_in_pyodide(page, SUITE)

Imported by the bench scripts as a sibling (`python bench/<name>.py` puts bench/ on the path).
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


@contextmanager
def pyodide_page() -> Iterator[Any]:
    """A Playwright page with Pyodide ready (run code on it with devtools.browser.run_in_pyodide)."""
    from playwright.sync_api import sync_playwright

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from devtools import browser as bt

    with bt.serve() as server, sync_playwright() as p:
        chromium = bt.launch(p)
        try:
            yield bt.pyodide_page(chromium, server.url)
        finally:
            chromium.close()


def run_in_pyodide(code: str) -> Any:
    """`code`'s last expression, run once on a fresh page (JSON-decoded)."""
    from devtools import browser as bt

    with pyodide_page() as page:
        return bt.run_in_pyodide(page, code)


def suite_in_cpython(suite: str) -> dict[str, Any]:
    """The suite's figures from a fresh CPython (cold imports, cold caches)."""
    out = subprocess.run([sys.executable, "-c", suite + "\nprint(figures)"], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def suite_in_pyodide(suite: str) -> dict[str, Any]:
    """The suite's figures from the self-hosted Pyodide in headless Chromium."""
    return json.loads(run_in_pyodide(suite))
