"""What the Pyodide memory snapshot holds: the modules the page would import anyway.

The snapshot is made in a Web Worker (web/boot/bodega-snapshot-worker.mjs, docs/boot.md
"How the app boots"): there is no DOM there, and `makeMemorySnapshot()` refuses a heap that holds
a JS object made from Python (a `create_proxy`, a listener). So the worker imports in two passes:

1. `trial(main_source)`: import every module `app/main.py` names, in the page's own order (its
   top-level imports, then the lazy screens sorted as `screens.load_lazy()` does, then the
   imports inside its functions). A module that wires the DOM at import time fails here (no
   `window` in a worker); the modules it imported before failing stay. Returns the engine/app
   modules that loaded, in load order, and the failures.
2. In a fresh interpreter, `load(modules)` imports exactly those, so no failed module's half-run
   body (and no proxy it made) is in the snapshot; the page imports the failed ones itself.

A module must not read the page at import time (storage, navigator, DOM): what it read in the
worker would be frozen into every restore. Plain Python, no `js`: CPython tests import it.
"""

from __future__ import annotations

import ast
import importlib
import sys

PACKAGES = ("app", "engine")
ENTRY = "app.main"  # touches the DOM at import: never in the snapshot
# main.py takes the games' screens from the registry, not from a dict of its own: an entry that
# imports it names those modules as lazy screens too.
REGISTRY = "app.table.games"


def _ours(name: str, packages: tuple[str, ...] = PACKAGES) -> bool:
    return name.split(".", 1)[0] in packages and name != ENTRY


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module and not node.level:
        # `from app.shell import screens` imports the module app.shell.screens; `from app.x
        # import f` only app.x (trial() skips the names that are attributes, not modules).
        return [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return []


def named_by(source: str, packages: tuple[str, ...] = PACKAGES) -> list[str]:
    """The app/engine modules an entry module's source names, in the order the page imports
    them: top-level imports, then string values of top-level dict literals that are module
    names and, when it imports the games' registry, every game's screen modules (the lazy
    screens; sorted, as `screens.load_lazy()` imports them), then imports anywhere else
    (inside functions). Each once."""
    tree = ast.parse(source)
    eager, lazy, later = [], [], []
    for node in tree.body:
        eager += _imported(node)
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, ast.Dict):
            lazy += [v.value for v in value.values
                     if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    if REGISTRY in eager:
        lazy += importlib.import_module(REGISTRY).screen_modules().values()
    top = {id(node) for node in tree.body}
    for node in ast.walk(tree):
        if id(node) not in top:
            later += _imported(node)
    seen: set[str] = set()
    ordered = []
    for name in eager + sorted(lazy) + later:
        if _ours(name, packages) and name not in seen:
            seen.add(name)
            ordered.append(name)
    return ordered


def loaded(packages: tuple[str, ...] = PACKAGES) -> list[str]:
    """The app/engine modules in sys.modules, in the order they were first imported."""
    return [name for name in sys.modules if _ours(name, packages)]


def trial(main_source: str, packages: tuple[str, ...] = PACKAGES) -> dict:
    """Pass 1: import what `main_source` names; {"loaded": [...], "failed": {name: error}}."""
    failed = {}
    for name in named_by(main_source, packages):
        try:
            importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # a module it imports is missing: a real failure
                failed[name] = f"{type(exc).__name__}: {exc}"
        except Exception as exc:  # noqa: BLE001  (a worker has no DOM: expected for some)
            failed[name] = f"{type(exc).__name__}: {exc}"
    return {"loaded": loaded(packages), "failed": failed}


def load(modules: list[str], packages: tuple[str, ...] = PACKAGES) -> list[str]:
    """Pass 2: import exactly `modules` (each imported fine in pass 1); returns loaded()."""
    for name in modules:
        importlib.import_module(name)
    return loaded(packages)
