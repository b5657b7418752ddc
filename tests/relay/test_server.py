"""The relay's static site: layout, MIME types, compression, caching, generated files, build."""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import os
import subprocess
import sys
import time
import urllib.request
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from devtools.browser import free_port
from relay.build import build
from relay.server import create_app
from relay.site import ROOT, Site


def make_site(tmp: Path) -> Site:
    """A tiny site tree: enough to exercise every mount and the generated files."""
    files = {
        "web/index.html": "<!doctype html><title>t</title>",
        "web/pyscript.json": json.dumps({"interpreter": "./vendor/pyodide.mjs", "files": {}}),
        "sw.js": (ROOT / "sw.js").read_text(encoding="utf-8"),
        "manifest.json": "{}",
        "engine/__init__.py": "",
        "engine/snyd/__init__.py": "X = 1\n",
        "engine/notes.txt": "not served",
        "web/app/main.py": "print('hi')\n",
        "web/app/style.css": "body{}\n" * 200,
        "web/vendor/pyodide.mjs": "export const x = 1;\n" * 100,
        "web/vendor/pyodide.asm.wasm": "\0asm" + "a" * 4000,
        "web/icons/icon-192.png": "png",
        "web/app/__pycache__/main.cpython-311.pyc": "junk",
    }
    for name, text in files.items():
        path = tmp / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return Site(root=tmp)


def fetch(site: Site, path: str, headers: dict | None = None):
    """(status, headers, body) of one GET against the app, through aiohttp's test client."""
    async def go():
        async with TestClient(TestServer(create_app(site))) as client:
            response = await client.get(path, headers=headers or {}, auto_decompress=False)
            return response.status, response.headers, await response.read()

    # A thread of its own: Playwright's sync API (browser tests in the same session) keeps an
    # event loop running in the main thread, where asyncio.run() is refused.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, go()).result()


def test_health_endpoint(tmp_path):
    site = make_site(tmp_path)
    status, _, body = fetch(site, "/healthz")
    assert status == 200
    assert json.loads(body) == {"ok": True, "version": site.version(), "rooms": 0,
                                "connections": 0}


@pytest.mark.parametrize("path, mime", [
    ("/", "text/html"),
    ("/index.html", "text/html"),
    ("/vendor/pyodide.mjs", "text/javascript"),
    ("/vendor/pyodide.asm.wasm", "application/wasm"),
    ("/manifest.json", "application/manifest+json"),
    ("/pyscript.json", "application/json"),
    ("/app/style.css", "text/css"),
    ("/icons/icon-192.png", "image/png"),
    ("/sw.js", "text/javascript"),
])
def test_layout_and_mime_types(tmp_path, path, mime):
    status, headers, _ = fetch(make_site(tmp_path), path)
    assert status == 200, path
    assert headers["Content-Type"].split(";")[0] == mime


@pytest.mark.parametrize("path", [
    "/engine/notes.txt",
    "/engine/snyd/__init__.py",       # the Python sources travel in python.zip only
    "/app/main.py",
    "/app/..%2F..%2Fsw.js",
    "/engine/snyd%2F..%2F..%2Fsw.js",
    "/app/__pycache__/main.cpython-311.pyc",
    "/vendor/",
    "/nothing-here.js",
])
def test_only_the_site_is_served(tmp_path, path):
    status, _, _ = fetch(make_site(tmp_path), path)
    assert status == 404, path


def test_gzip_etag_and_cache_headers(tmp_path):
    site = make_site(tmp_path)
    raw = (tmp_path / "web/vendor/pyodide.asm.wasm").read_bytes()
    status, headers, body = fetch(site, "/vendor/pyodide.asm.wasm", {"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(body) == raw and len(body) < len(raw)
    assert headers["Cache-Control"] == "no-cache"
    _, plain_headers, plain = fetch(site, "/vendor/pyodide.asm.wasm", {"Accept-Encoding": "identity"})
    assert plain == raw and "Content-Encoding" not in plain_headers
    status, _, body = fetch(site, "/vendor/pyodide.asm.wasm",
                            {"Accept-Encoding": "gzip", "If-None-Match": headers["ETag"]})
    assert status == 304 and body == b""
    _, sw_headers, _ = fetch(site, "/sw.js")
    assert sw_headers["Cache-Control"] == "no-cache"  # revalidated on every update check
    status, _, _ = fetch(site, "/sw.js", {"If-None-Match": sw_headers["ETag"]})
    assert status == 304


def bundle_names(site: Site) -> dict[str, bytes]:
    zipped = zipfile.ZipFile(io.BytesIO(fetch(site, "/python.zip")[2]))
    return {name: zipped.read(name) for name in zipped.namelist()}


def test_generated_files_follow_the_tree(tmp_path):
    site = make_site(tmp_path)
    before = site.version()
    config = json.loads(fetch(site, "/pyscript.json")[2])
    assert config["interpreter"] == "./vendor/pyodide.mjs"
    assert config["files"] == {"./python.zip": "./*"}
    assert bundle_names(site) == {
        "app/main.py": b"print('hi')\n",
        "engine/__init__.py": b"",
        "engine/snyd/__init__.py": b"X = 1\n",
    }
    assert fetch(site, "/python.zip")[2] == fetch(site, "/python.zip")[2]  # deterministic
    # A new engine module reaches the bundle (so Pyodide) and the version by itself.
    (tmp_path / "engine/snyd/dice.py").write_text("FACES = 6\n", encoding="utf-8")
    assert bundle_names(site)["engine/snyd/dice.py"] == b"FACES = 6\n"
    assert "engine/snyd/dice.py" in site.python_files()
    after = site.version()
    assert after != before
    sw = fetch(site, "/sw.js", {"Accept-Encoding": "identity"})[2].decode()
    assert f'const VERSION = "{after}";' in sw
    precache = json.loads(sw.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    assert precache == site.precache_urls()
    assert "python.zip" in precache and "app/style.css" in precache
    assert "sw.js" not in precache and "engine/notes.txt" not in precache
    assert not any(url.endswith(".py") for url in precache)  # they travel in python.zip
    assert not any("__pycache__" in url for url in precache)
    # Changing a file's bytes changes the version too (the cache must be replaced).
    (tmp_path / "web/app/main.py").write_text("print('hej')\n", encoding="utf-8")
    assert site.version() != after


def test_build_writes_the_same_layout(tmp_path):
    site = make_site(tmp_path / "src")
    out = tmp_path / "dist"
    urls = build(out, site)
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    packed = [w for w in written if w.endswith((".br", ".gz"))]  # tests/relay/test_brotli.py
    assert sorted(set(written) - set(packed)) == sorted(urls + ["_headers"])
    assert set(urls) == set(site.precache_urls()) | {"sw.js"}
    assert not any(url.endswith(".py") for url in urls)  # all of them are in python.zip
    for url in urls:
        assert (out / url).read_bytes() == site.body(url), url


def test_real_site_precaches_runtime_engine_and_app():
    # `make test` vendors Pyodide/PyScript first; without it this must fail, not pass quietly.
    assert (ROOT / "web" / "vendor" / "pyodide.mjs").is_file(), "run `make setup` (web/vendor/)"
    site = Site()
    urls = site.precache_urls()
    for needed in ("index.html", "manifest.json", "pyscript.json", "python.zip",
                   "vendor/pyodide.mjs", "vendor/pyodide.asm.wasm", "vendor/python_stdlib.zip",
                   "vendor/pyodide-lock.json", "vendor/pyscript/core.js", "app/shell.css",
                   "icons/icon-512.png"):
        assert needed in urls, needed
    bundled = set(zipfile.ZipFile(io.BytesIO(site.python_bundle())).namelist())
    engine_py = {"engine/" + p.relative_to(ROOT / "engine").as_posix()
                 for p in (ROOT / "engine").rglob("*.py") if "__pycache__" not in p.parts}
    # Every engine module but the CPython-only benchmarks (`python -m engine.<game>.bench`) and
    # the endgame tables' build-time LP and whole-tree CFR+ (SciPy, numpy; `make endgame`).
    assert engine_py - bundled == {p for p in engine_py
                                   if p.endswith(("/bench.py", "/endgame_lp.py", "/endgame_cfr.py"))}
    assert {"engine/snyd/endgame_lp.py", "engine/snyd/endgame_cfr.py"} <= engine_py - bundled
    # The stdlib's trace (devtools/stdlib.py) leaves out the same modules: not the app's imports.
    from devtools import stdlib
    from relay import site as site_module
    assert stdlib.DEV_ONLY is site_module.DEV_ONLY_MODULES
    assert {"engine/snyd/bench.py", "engine/bakke/bench.py"} <= engine_py - bundled
    assert {"app/main.py", "app/shell/screens.py", "app/home/start.py", "app/home/regler.py"} <= bundled
    # The games' rooms (web/app/snyd/, web/app/bakke/ …) travel too: the archive is recursive.
    app_py = {"app/" + p.relative_to(ROOT / "web" / "app").as_posix()
              for p in (ROOT / "web" / "app").rglob("*.py") if "__pycache__" not in p.parts}
    assert "app/snyd/table_screen.py" in app_py
    assert app_py <= bundled


DOCUMENTED = '''"""The module's docstring, on two
lines."""
import math  # a comment after code


class Box:
    """A class docstring."""

    # a comment on its own line
    def area(self, side):
        """One line."""
        return math.pi * side ** 2  # pi r squared

    def raises(self):
        return 1 / 0
'''


def test_python_zip_carries_its_modules_without_comments_and_docstrings(tmp_path):
    site = make_site(tmp_path)
    (tmp_path / "engine/snyd/box.py").write_text(DOCUMENTED, encoding="utf-8")
    zipped = zipfile.ZipFile(io.BytesIO(site.python_bundle()))
    member = zipped.read("engine/snyd/box.py").decode()
    assert zipped.read("engine/snyd/__init__.py") == b"X = 1\n"  # nothing to strip: unchanged
    for gone in ("docstring", "comment", "One line", "pi r squared", "#"):
        assert gone not in member, gone
    # every line of code on its line and column: a traceback names and shows the right one
    lines, before = member.split("\n"), DOCUMENTED.split("\n")
    assert len(lines) == len(before)
    for number, line in enumerate(before):
        code = line.split("  #")[0].rstrip()
        if code.lstrip().startswith(("import", "class", "def", "return")):
            assert lines[number].rstrip() == code, number
    module: dict = {}
    exec(compile(member, "engine/snyd/box.py", "exec"), module)  # noqa: S102  (our test source)
    assert module["__doc__"] == " " and module["Box"].__doc__ == " "  # truthy, as before
    assert module["Box"].area.__doc__ == " " and module["Box"]().area(1) == pytest.approx(3.14159)
    with pytest.raises(ZeroDivisionError) as error:
        module["Box"]().raises()
    assert error.traceback[-1].lineno == before.index("        return 1 / 0")  # 0-based


def test_the_real_python_zip_is_stripped_and_every_member_compiles_on_its_lines():
    import ast
    import tokenize

    from relay import site as site_module

    site = Site()
    zipped = zipfile.ZipFile(io.BytesIO(site.python_bundle()))
    names = zipped.namelist()
    assert "app/main.py" in names and len(names) > 100
    main_doc = ast.get_docstring(ast.parse((ROOT / "web/app/main.py").read_bytes()))
    assert main_doc.split("\n")[0].encode() not in zipped.read("app/main.py")
    changed = 0
    for name in names:
        member = zipped.read(name)
        source = site._source(name).read_bytes()
        assert member.count(b"\n") == source.count(b"\n"), name  # tracebacks' line numbers
        compile(member, name, "exec", dont_inherit=True)
        if name in site_module._UNSTRIPPED:
            assert member == source, name
            continue
        changed += member != source
        tokens = tokenize.tokenize(io.BytesIO(member).readline)
        assert not [t for t in tokens if t.type == tokenize.COMMENT], name
        for node in ast.walk(ast.parse(member)):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                assert ast.get_docstring(node, clean=False) in (None, " "), name
    assert changed > len(names) // 2  # the sources are documented: a no-op strip fails here
    # the same bytes every time (the cache version and the snapshot key hash them)
    assert Site().python_bundle() == site.python_bundle()


def test_command_line_serves_on_the_given_port(tmp_path):
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "relay", "--host", "127.0.0.1",
                             "--port", str(port)], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    assert json.loads(r.read())["ok"] is True
                    break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise AssertionError(proc.stdout.read().decode() if proc.poll() is not None
                                         else "relay did not answer in 20 s")
                time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
