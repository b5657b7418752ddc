"""The trimmed python_stdlib.zip (devtools/stdlib.py, issue 19) holds every module the app names.

A module the trace missed would be a blank screen (or a dead button) for every friend, so the
test imports, in Pyodide, in the real app page (the vendored, trimmed zip), every name the
trace finds in the app's code, its Python strings, PyScript's and Pyodide's JavaScript and the
segno wheel: computed here from the source by the same trace, not listed by hand. A name counts
if the app's own Python imports it, or if it is a module of the stdlib zip Pyodide ships; a
`from a import b` name may be an attribute of `a`, not a module. The QR code's wheel is loaded
the app's way first (qr.load), and a code drawn, as the host's lobby does.
"""

from __future__ import annotations

import json
import zipfile
from typing import Any

from devtools import browser as bt
from devtools import stdlib

IMPORT_ALL = """
import importlib, js, traceback
from app.friends import qr
await qr.load(js.location.href)
failed = {}
for name in NAMES:
    try:
        importlib.import_module(name)
    except ImportError as error:
        head, _, attr = name.rpartition(".")
        try:
            if head and hasattr(importlib.import_module(head), attr):
                continue  # `from head import attr`: a name, not a module
        except ImportError:
            pass
        failed[name] = traceback.format_exc(limit=-2)
try:
    drawn = qr.svg("https://example.org/t/ABC").startswith("<svg")
except Exception:
    drawn, failed["qr.svg"] = False, traceback.format_exc(limit=-2)
{"failed": failed, "svg": drawn}
"""


def python_handle(route: Any) -> None:
    """Serve the Pyodide loader with the interpreter kept on ``globalThis.__pyodide``."""
    response = route.fetch()
    body = response.text().replace("return pyodide;",
                                   "globalThis.__pyodide = pyodide; return pyodide;")
    route.fulfill(response=response, body=body)


def names_to_import() -> list[str]:
    """The trace's names that must import in the page (see the module's docstring)."""
    vendor = bt.ROOT / "web" / "vendor"
    wheels = sorted((vendor / "wheels").glob("*.whl"))
    shipped = stdlib.Stdlib((bt.ROOT / "web" / "node_modules" / "pyodide" /
                             "python_stdlib.zip").read_bytes())
    own: set[str] = set()
    for rel in stdlib.PY_ROOTS:
        for path in stdlib._files(bt.ROOT, rel, (".py",)):
            if path.name not in stdlib.DEV_ONLY:
                own |= stdlib.imports_of(path.read_bytes())[0]
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            own |= {m[:-3].replace("/", ".").removesuffix(".__init__")
                    for m in zf.namelist() if m.endswith(".py") and "cli" not in m}
    every = stdlib.app_names(bt.ROOT, wheels, vendor)
    return sorted({n for n in own if not stdlib.is_dev_only(n)}
                  | {n for n in every if n in shipped.modules})


def test_every_module_the_app_names_imports_in_pyodide(contexts, server) -> None:
    names = names_to_import()
    # a sanity floor of the trace itself (the list is computed, never written here)
    assert {"json", "html", "asyncio", "urllib.parse", "pyodide.ffi", "app.shell.screens",
            "segno"} <= set(names)
    # No service worker: the loader must come through the route.
    context = contexts("phone", service_workers="block")
    context.route("**/vendor/bodega-pyodide.mjs", python_handle)
    page = context.new_page()
    page.goto(server)
    bt.wait_for_app(page)
    out = bt.run_in_pyodide(page, f"NAMES = {json.dumps(names)}\n" + IMPORT_ALL)
    # (a new import in the app: `python -m devtools.vendor` traces and trims again)
    assert not out["failed"], "not importable in the app page:\n" + "\n".join(
        f"{name}: {error}" for name, error in out["failed"].items())
    assert out["svg"], "segno drew no QR code with the trimmed stdlib"
