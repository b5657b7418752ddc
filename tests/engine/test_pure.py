"""engine/ is pure: it runs the same in CPython and Pyodide, so no module of it imports the
browser (js, pyodide, pyscript), the dev tools, the server or the UI (issue 11)."""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = {"devtools", "relay", "js", "pyodide", "pyscript", "playwright", "app"}


def imported_roots(tree: ast.AST) -> set[str]:
    """Top-level names of every import in ``tree``: statements anywhere (functions too) and
    ``__import__``/``importlib.import_module`` calls with a literal name."""
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
        elif (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
              and isinstance(node.args[0].value, str)
              and ((isinstance(node.func, ast.Name) and node.func.id == "__import__")
                   or (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module"))):
            roots.add(node.args[0].value.split(".")[0])
    return roots


def test_the_checker_sees_every_kind_of_import():
    code = ("import js\nfrom devtools.browser import serve\n"
            "def f():\n    import relay.rooms\n    __import__('pyodide.ffi')\n"
            "    importlib.import_module('app.shell.screens')\nfrom . import sibling\n")
    assert imported_roots(ast.parse(code)) == {"js", "devtools", "relay", "pyodide", "app"}


def test_no_engine_module_imports_the_browser_devtools_relay_or_ui():
    modules = sorted((ROOT / "engine").rglob("*.py"))
    assert len(modules) > 10 and ROOT / "engine" / "snyd" / "bench.py" in modules
    bad = {}
    for path in modules:
        found = imported_roots(ast.parse(path.read_text(encoding="utf-8"))) & FORBIDDEN
        if found:
            bad[str(path.relative_to(ROOT))] = sorted(found)
    assert bad == {}


def imported_modules(path: Path) -> set[str]:
    """Absolute module names ``path`` imports, anywhere in it (TYPE_CHECKING blocks too)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_views_know_nothing_of_their_tables():
    """The view depends on nothing of the table's module; the table imports the view (one way)."""
    for game in ("snyd", "treere"):
        view, table = ROOT / "engine" / game / "view.py", ROOT / "engine" / game / "table.py"
        assert f"engine.{game}.table" not in imported_modules(view)
        assert f"engine.{game}.view" in imported_modules(table)
        top_level = {n.module for n in ast.parse(table.read_text(encoding="utf-8")).body
                     if isinstance(n, ast.ImportFrom)}
        assert f"engine.{game}.view" in top_level  # at the top, not inside a function
