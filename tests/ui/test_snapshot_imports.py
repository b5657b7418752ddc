"""What the Pyodide memory snapshot holds (web/app/shell/snapshot_imports.py): the modules main.py
names, in the page's order; a module that fails in the worker (no DOM) stays out whole."""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pytest
from app.shell import snapshot_imports as si

MAIN = Path(__file__).resolve().parents[2] / "web" / "app" / "main.py"


def test_the_real_main_names_its_screens_in_the_page_order():
    names = si.named_by(MAIN.read_text(encoding="utf-8"))
    assert {"app.home.regler", "app.home.start", "app.shell.screens", "app.snyd.table_screen"} <= set(names)
    assert "app.main" not in names
    assert not any(n.split(".")[0] in ("js", "pyodide") for n in names)
    # The lazy table screens come after the eager imports, sorted as screens.load_lazy() does.
    lazy = [n for n in names if n.endswith("_screen") and n != "app.friends.share_screen"]
    assert lazy == sorted(lazy)
    assert names.index("app.snyd.table_screen") > names.index("app.home.start")


def test_imports_inside_functions_and_dict_values_are_named_once():
    source = textwrap.dedent('''
        import js
        import app.a
        from app import b
        from app.c import thing
        LAZY = {"x": "app.z", "y": "app.d", "n": 3, "o": "not a module of ours"}
        def later():
            import app.e
            import app.a
    ''')
    assert si.named_by(source) == ["app.a", "app", "app.b", "app.c", "app.c.thing",
                                   "app.d", "app.z", "app.e"]


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A package `snapfake` whose `wired` module needs a DOM at import time, like the table
    screens: it imports `plain` and registers itself, then fails (no `window` in a worker)."""
    pkg = tmp_path / "snapfake"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("registry = []\n")
    (pkg / "plain.py").write_text("import snapfake\nsnapfake.registry.append('plain')\n")
    (pkg / "dep.py").write_text("VALUE = 1\n")
    (pkg / "wired.py").write_text(textwrap.dedent('''
        import snapfake
        import snapfake.dep
        snapfake.registry.append("wired, half run")
        raise AttributeError("window")
    '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield ("snapfake",)
    for name in [n for n in sys.modules if n.split(".")[0] == "snapfake"]:
        del sys.modules[name]


MAIN_FAKE = textwrap.dedent('''
    import snapfake.plain
    from snapfake.plain import nothing_to_import
    SCREENS = {"w": "snapfake.wired"}
''')


def test_trial_keeps_what_loaded_and_reports_what_needs_the_dom(package):
    result = si.trial(MAIN_FAKE, package)
    assert result["failed"] == {"snapfake.wired": "AttributeError: window"}
    # The failed module's own imports loaded whole; the attribute import is no failure.
    assert result["loaded"] == ["snapfake", "snapfake.plain", "snapfake.dep"]
    assert importlib.import_module("snapfake").registry == ["plain", "wired, half run"]


def test_load_in_a_fresh_interpreter_leaves_the_half_run_body_out(package):
    loaded = si.trial(MAIN_FAKE, package)["loaded"]
    for name in loaded:  # the worker's second, fresh interpreter
        del sys.modules[name]
    assert si.load(loaded, package) == loaded
    assert importlib.import_module("snapfake").registry == ["plain"]
    assert "snapfake.wired" not in sys.modules


def test_load_raises_when_a_module_no_longer_imports(package):
    with pytest.raises(AttributeError, match="window"):
        si.load(["snapfake.wired"], package)
