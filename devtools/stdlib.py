"""A python_stdlib.zip of exactly what the app imports (issue 19: the first visit's bytes).

Pyodide ships a 2.49 MB stdlib zip (614 members); the app needs a fraction of it. The trace:

- roots: every `import` in the app's Python (web/app/, engine/, tests/portable/, the wheels the
  app loads), in Python code held in strings (the browser tests' and benches' Pyodide code),
  and in the JavaScript that runs Python in the page (PyScript's bundled `pyscript` package,
  Pyodide's loader, web/boot/, the HTML pages); plus Pyodide's own Python side (the `pyodide`
  and `_pyodide` packages, whole) and what CPython's start needs (`site`, `encodings`).
- then, transitively, every import in the source of each stdlib module kept, read with `ast`,
  including imports inside functions (lazy imports run later: keeping them is the safe side).
- codecs: `encodings` holds 120 codec modules (~0.3 MB deflated); kept are those named by a
  string literal handed to encode/decode/open(encoding=)… in a kept module, plus the
  interpreter's own (utf-8, ascii, latin-1), resolved through encodings/aliases.py.

Each kept module's source loses its comments and docstrings, every line of code on its line
(`stripped`: a traceback still names and shows the right line): 1.76 -> 1.13 MB. Modules the
build's Python cannot parse (newer syntax) stay as they are.

Names that are not in the zip (built-in C modules such as `sys` or `_json`, `js`, the app's own
modules) are not the zip's business. tests/browser/test_stdlib_complete.py imports every name
the trace finds, in Pyodide, in the real app page; `check()` refuses a zip that lacks one.
"""

from __future__ import annotations

import ast
import io
import re
import zipfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from relay.site import DEV_ONLY_MODULES
from relay.strip import stripped  # shared with relay/site.py (python.zip); tests use it here

ROOT = Path(__file__).resolve().parent.parent

# Python sources of the app (and of the portable checks the tests run in Pyodide).
PY_ROOTS = ("web/app", "engine", "tests/portable")
# CPython-only modules, left out of python.zip (the benchmarks, the endgame tables' build-time
# LP): not the app's imports either. One set, relay/site.py's.
DEV_ONLY = DEV_ONLY_MODULES
# Python files whose string literals hold code run in Pyodide (run_in_pyodide, benches).
PY_STRING_ROOTS = ("tests/browser", "bench", "devtools")
# Text that runs Python in the page from JavaScript/HTML (PyScript's bundled `pyscript`
# package lives as strings in its core chunk; Pyodide's loader runs a few imports).
JS_ROOTS = ("web/index.html", "web/boot", "devtools/pages")
VENDOR_JS = ("pyscript", "pyodide.mjs", "pyodide.asm.mjs")  # in web/vendor/
# Pyodide's own Python side: kept whole (its C code imports parts of it by name).
WHOLE_PACKAGES = ("pyodide", "_pyodide")
# CPython's start: site.py, the codecs machinery, sysconfig's data (imported by a computed
# name), and the interpreter's own encodings (file system and stdio are UTF-8).
START_MODULES = ("site", "encodings", "encodings.aliases", "codecs", "io", "abc", "os",
                 "stat", "posixpath", "genericpath", "_collections_abc", "_sitebuiltins",
                 "_sysconfigdata__emscripten_wasm32-emscripten")
START_CODECS = ("utf_8", "ascii", "latin_1")

# Calls whose string arguments name a codec (or `encoding=` anywhere).
CODEC_CALLS = {"encode", "decode", "lookup", "open", "TextIOWrapper", "getencoder",
               "getdecoder", "getincrementalencoder", "getincrementaldecoder", "getreader",
               "getwriter", "iterencode", "iterdecode"}
DYNAMIC_IMPORTS = {"import_module", "__import__"}

_IMPORT_LINE = re.compile(r"\s*(?:import|from)\s+[\w.]")
_JS_IMPORT = re.compile(r"(?:^|[\s;\"'`(]|\\n)(?:import\s+([\w.]+(?:\s*,\s*[\w.]+)*)"
                        r"|from\s+([\w.]+)\s+import\b)")


class Stdlib:
    """The members of a stdlib zip, as modules."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            self.names = zf.namelist()
            self.sources = {n: zf.read(n) for n in self.names if n.endswith(".py")}
        self.modules: dict[str, str] = {}  # module name -> member
        for member in self.sources:
            parts = member[:-3].split("/")
            if parts[-1] == "__init__":
                parts.pop()
            self.modules[".".join(parts)] = member

    def is_package(self, name: str) -> bool:
        return self.modules.get(name, "").endswith("/__init__.py")

    def members(self, modules: Iterable[str]) -> set[str]:
        return {self.modules[m] for m in modules if m in self.modules}


def _parents(name: str) -> Iterator[str]:
    parts = name.split(".")
    for i in range(1, len(parts) + 1):
        yield ".".join(parts[:i])


def _strings(node: ast.AST) -> Iterator[str]:
    """String constants of an argument, through `a or "b"` and `a if c else "b"`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _strings(value)
    elif isinstance(node, ast.IfExp):
        yield from _strings(node.body)
        yield from _strings(node.orelse)


def _call_name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _parse(source: str | bytes) -> ast.Module | None:
    """The module's AST; for source newer than this interpreter (the zip is Python 3.14, the
    build may run 3.11), a module of just its import statements, cut out line by line."""
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        pass
    text = source.decode("utf-8", "replace") if isinstance(source, bytes) else source
    lines = text.splitlines()
    statements = []
    for i, line in enumerate(lines):
        if not _IMPORT_LINE.match(line):
            continue
        statement = line.strip()
        j = i
        while statement.count("(") > statement.count(")") and j + 1 < len(lines):
            j += 1
            statement += " " + lines[j].strip()
        statement = statement.split(";")[0].split("#")[0].rstrip("\\ ")
        try:
            statements += ast.parse(statement).body
        except SyntaxError:
            continue
    return ast.Module(body=statements, type_ignores=[]) if statements else None


def _walk(tree: ast.AST, lazy: bool) -> Iterator[ast.AST]:
    """ast.walk; without `lazy`, not into function bodies (what runs on import only)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if not lazy and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        todo.extend(ast.iter_child_nodes(node))


def imports_of(source: str | bytes, module: str = "", package: bool = False,
               lazy: bool = True) -> tuple[set[str], set[str]]:
    """(the module names `source` imports, the codec names it hands to codec calls).

    `module`/`package` resolve relative imports. `from a import b` yields `a` and `a.b` (b may
    be a submodule; a name that is not one is dropped later). With `lazy`, imports inside
    functions count too. A text that does not parse yields nothing (a non-Python string)."""
    tree = _parse(source)
    if tree is None:
        return set(), set()
    base = module if package else module.rpartition(".")[0]
    names: set[str] = set()
    codecs: set[str] = set()
    for node in _walk(tree, lazy):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = base.split(".") if base else []
                parts = parts[:len(parts) - node.level + 1]
                head = ".".join(parts + ([node.module] if node.module else []))
            else:
                head = node.module or ""
            if head:
                names.add(head)
                names.update(f"{head}.{alias.name}" for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call):
            name = _call_name(node)
            if name in DYNAMIC_IMPORTS and node.args:
                names.update(s for s in _strings(node.args[0]) if s.isidentifier()
                             or all(p.isidentifier() for p in s.split(".")))
            if name in CODEC_CALLS:
                for arg in node.args:
                    codecs.update(_strings(arg))
            for kw in node.keywords:
                if kw.arg in ("encoding", "errors_encoding"):
                    codecs.update(_strings(kw.value))
    return names, codecs


def js_imports(text: str) -> set[str]:
    """Module names after `import`/`from … import` in JavaScript or HTML that holds Python."""
    names = set()
    for many, one in _JS_IMPORT.findall(text):
        names.update(n.strip() for n in (many.split(",") if many else [one]))
    return names


def _python_strings(source: str) -> Iterator[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and "import" in node.value:
            yield node.value


def _files(root: Path, rel: str, suffixes: tuple[str, ...]) -> list[Path]:
    path = root / rel
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*") if p.suffix in suffixes and p.is_file())


def app_names(root: Path = ROOT, wheels: Iterable[Path] = (), vendor: Path | None = None
              ) -> set[str]:
    """Every module name the app's code (and the Python it runs in the page) imports;
    `vendor`: the vendored PyScript/Pyodide (default web/vendor/)."""
    vendor = vendor or root / "web" / "vendor"
    names: set[str] = set()
    for rel in PY_ROOTS:
        for path in _files(root, rel, (".py",)):
            if path.name not in DEV_ONLY:
                names |= imports_of(path.read_bytes())[0]
    for rel in PY_STRING_ROOTS:
        for path in _files(root, rel, (".py",)):
            for text in _python_strings(path.read_text(encoding="utf-8")):
                names |= imports_of(text)[0]
    js = [p for rel in JS_ROOTS for p in _files(root, rel, (".js", ".mjs", ".html"))]
    js += [p for rel in VENDOR_JS for p in _files(vendor, rel, (".js", ".mjs"))]
    for path in js:
        names |= js_imports(path.read_text(encoding="utf-8", errors="replace"))
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as zf:
            for member in zf.namelist():
                if member.endswith(".py"):
                    names |= imports_of(zf.read(member))[0]
    return {n for n in names if not is_dev_only(n)}


def is_dev_only(name: str) -> bool:
    """A dev-only engine module named in the app (the endgame's build imports its LP lazily),
    or a name in one: not in python.zip, so neither a name the page must import nor a root."""
    dev = {m.removesuffix(".py") for m in DEV_ONLY}
    return name.startswith("engine.") and bool(dev & set(name.split(".")))


def _codec_modules(stdlib: Stdlib, codecs: set[str]) -> set[str]:
    """encodings.<module> for each codec name, normalised as encodings.search_function does
    and looked up in encodings/aliases.py."""
    aliases_src = stdlib.sources.get("encodings/aliases.py", b"")
    aliases: dict[str, str] = {}
    for node in ast.walk(ast.parse(aliases_src)):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and isinstance(value, ast.Constant):
                    aliases[key.value] = value.value
    found = set()
    for codec in codecs:
        norm = re.sub(r"[^0-9a-z.]+", "_", codec.lower()).strip("_")
        for name in (norm, aliases.get(norm, ""), aliases.get(norm.replace(".", "_"), "")):
            if name and f"encodings.{name}" in stdlib.modules:
                found.add(f"encodings.{name}")
    return found


def trace(stdlib: Stdlib, roots: Iterable[str], lazy: bool = True) -> set[str]:
    """The stdlib modules `roots` need, transitively (names in the zip only); `lazy`: follow
    the imports inside the stdlib's functions too."""
    todo = [n for root in roots for n in _parents(root)]
    todo += [m for m in stdlib.modules if m.split(".")[0] in WHOLE_PACKAGES]
    todo += list(START_MODULES) + [f"encodings.{c}" for c in START_CODECS]
    seen: set[str] = set()
    codecs: set[str] = set()
    while todo:
        while todo:
            name = todo.pop()
            if name in seen or name not in stdlib.modules:
                continue
            seen.add(name)
            member = stdlib.modules[name]
            whole = name.split(".")[0] in WHOLE_PACKAGES
            names, named_codecs = imports_of(stdlib.sources[member], name,
                                             stdlib.is_package(name), lazy or whole)
            codecs |= named_codecs
            todo += [p for n in names for p in _parents(n)]
        # the codecs the kept modules name, and what those import, until nothing is new
        todo = [c for c in _codec_modules(stdlib, codecs) if c not in seen]
    return seen


def trimmed(stdlib: Stdlib, keep: set[str], strip: bool = True) -> bytes:
    """A zip of the members of `keep` (and their package directories), each member compressed
    as in Pyodide's zip (same compression, same order); `strip`: each module's source without
    its comments and docstrings, line numbers kept (`stripped`)."""
    members = stdlib.members(keep)
    dirs = {m.rsplit("/", 1)[0] + "/" for m in members if "/" in m}
    dirs |= {d.rsplit("/", 2)[0] + "/" for d in dirs if d.count("/") > 1}
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(stdlib.data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            if info.filename in members or info.filename in dirs:
                data = src.read(info)
                if strip and info.filename.endswith(".py"):
                    data = stripped(data)
                dst.writestr(info, data, compress_type=info.compress_type, compresslevel=9)
    return out.getvalue()


def check(stdlib: Stdlib, needed: Iterable[str]) -> list[str]:
    """The needed modules (names of the original zip) that `stdlib` lacks."""
    return sorted(m for m in needed if m not in stdlib.modules)


def build(original: bytes, root: Path = ROOT, wheels: Iterable[Path] = (),
          vendor: Path | None = None) -> tuple[bytes, set[str]]:
    """(the trimmed zip, the modules it keeps); SystemExit if the result lacks one."""
    full = Stdlib(original)
    keep = trace(full, app_names(root, wheels, vendor))
    data = trimmed(full, keep)
    missing = check(Stdlib(data), keep)
    if missing:
        raise SystemExit(f"the trimmed python_stdlib.zip lacks {', '.join(missing)}")
    return data, keep
