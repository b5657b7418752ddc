"""The site's URL layout, computed from the file tree (no hand-maintained lists).

URL layout (other parts of the project rely on it):

    /                 web/index.html   (also /index.html; generated: the static start screen,
                                    Regler and the preload hints filled in, see index_html)
    /sw.js            sw.js            (generated: precache list + version filled in)
    /manifest.json    manifest.json
    /pyscript.json    web/pyscript.json (generated: `files` gets /python.zip, unpacked into ./)
    /python.zip       generated: every engine/**/*.py and web/app/**/*.py as engine/… and app/…
                      (comments and docstrings out, lines kept: relay/strip.py)
    /app/...          web/app/         (stylesheets and scripts; the .py travel in python.zip)
    /vendor/...       web/vendor/      (self-hosted Pyodide + PyScript, made by `make`)
    /icons/...        web/icons/

Adding a module under engine/ or web/app/ reaches /python.zip (so Pyodide), the service worker's
precache and dist/ by itself (one archive, not ~40 fetches, before Python can start); the cache
version is a hash of every precached file's bytes, so any change makes the service worker install
a fresh cache. The .py files have no URL of their own: nothing loads them one by one, and
CPython-only dev tools (`bench.py`, `endgame_lp.py`, `endgame_cfr.py`) stay out of the archive.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import json
import os
import posixpath
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from relay.strip import stripped

ROOT = Path(__file__).resolve().parent.parent

# Marker lines in sw.js that the server/build replaces (the template stays valid JavaScript).
SW_VERSION_MARK = "const VERSION = "
SW_PRECACHE_MARK = "const PRECACHE = "
SW_SNAPSHOT_MARK = "const SNAPSHOT_KEY = "
# Generated next to the snapshot loader (web/boot/): `export const KEY = "<snapshot_key()>";`.
SNAPSHOT_KEY_MODULE = "vendor/bodega-snapshot-key.mjs"
# Pyodide's runtime files a snapshot is tied to (its heap layout and build id).
SNAPSHOT_RUNTIME = ("vendor/pyodide.mjs", "vendor/pyodide.asm.mjs", "vendor/pyodide.asm.wasm",
                    "vendor/python_stdlib.zip")

_SKIP_DIRS = {"__pycache__", "node_modules", ".pytest_cache"}
# CPython-only modules, never imported in the app: the benchmarks (`python -m engine.snyd.bench`)
# and the endgame tables' build-time LP (`make endgame`; it needs SciPy).
# devtools/stdlib.py's trace leaves out the same modules (it imports this set).
DEV_ONLY_MODULES = {"bench.py", "endgame_lp.py", "endgame_cfr.py"}
# Python sources have no URL of their own: they reach the browser inside python.zip only.
_NOT_SERVED = {".py", ".pyc"}
BUNDLE = "python.zip"
# Modules that go into python.zip as they are; every other one loses its comments and docstrings
# (relay/strip.py: each line of code stays on its line). endgame_cli.py's `--help` is its
# docstring (`python -m engine.snyd.endgame`, run from the tree, not the zip: kept to be safe).
_UNSTRIPPED = {"engine/snyd/endgame_cli.py"}
# source bytes -> stripped bytes, for every Site of the process: python_bundle() is asked for
# several times per build (body, version, snapshot key) and stripping all of the modules takes
# ~1.2 s; keyed by content, so an edit is never served stale and only that module is stripped
# again (a dev server keeps the old sources it saw: a few KB per edit).
_STRIPPED: dict[bytes, bytes] = {}
_ZIP_DATE = (2020, 1, 1, 0, 0, 0)  # fixed, so equal sources give equal bytes (and version)

# Marker comments in web/index.html that index_html() fills in (a template without them, like
# the tests' tiny sites, is served as it is).
SHELL_START_MARK = "<!-- shell:start -->"
SHELL_TEMPLATES_MARK = "<!-- shell:templates -->"
SHELL_PRELOAD_MARK = "<!-- shell:preload -->"
# Where the Regler templates go (after shell.js, which paints the first screen before they are
# parsed); a template without it gets them with the others.
SHELL_LATER_MARK = "<!-- shell:later -->"
# The static shell's languages (app/lang: Danish first, the page's own) and the catalogue areas
# it speaks from; an element of the page outside the screens with data-text="<key>" gets its
# text filled in (Danish) and its other languages in <template id="shell-<code>-page">.
SHELL_LANGUAGES = ("da", "en")
SHELL_AREAS = ("start", "rules", "friends", "shell")
# What shell.js says on a share link's static join form, beside the form itself: the kept tap's
# calm line, a missing name, and the default seat name ("Du", "You": never prefilled).
JOIN_WORDS = ("friends.join.waiting_app", "friends.join.bad_name", "friends.join.seated",
              "shell.you")
PAGE_TEXT = re.compile(r'data-text="([\w.]+)"[^>]*>')
# Fetched by Pyodide's loadPyodide / PyScript with a plain fetch(url) (mode cors, credentials
# same-origin): `<link rel=preload as=fetch crossorigin>` is the request they reuse.
PRELOAD_FETCH = ("vendor/pyodide.asm.wasm", "vendor/python_stdlib.zip",
                 "vendor/pyodide-lock.json", "pyscript.json")


@dataclass(frozen=True)
class Site:
    """Where the site's sources are; every URL is site-relative without a leading slash."""

    root: Path = ROOT
    _hash_cache: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def web(self) -> Path:
        return self.root / "web"

    def mounts(self) -> list[tuple[str, Path, tuple[str, ...] | None]]:
        """(url prefix, directory, allowed suffixes or None for all) for the directory mounts."""
        return [
            ("app/", self.web / "app", None),  # minus the .py (see _NOT_SERVED)
            ("vendor/", self.web / "vendor", None),
            ("icons/", self.web / "icons", (".png", ".svg")),
        ]

    def sources(self) -> list[tuple[str, Path]]:
        """(archive prefix, directory) of the Python packages that go into python.zip."""
        return [("engine/", self.root / "engine"), ("app/", self.web / "app")]

    def singles(self) -> dict[str, Path]:
        """Single files served at fixed URLs (the generated ones come from their templates)."""
        return {
            "index.html": self.web / "index.html",
            "manifest.json": self.root / "manifest.json",
            "pyscript.json": self.web / "pyscript.json",
            "sw.js": self.root / "sw.js",
            **self.boot_files(),
        }

    def boot_files(self) -> dict[str, Path]:
        """web/boot/*.mjs at vendor/<name>: the Pyodide loader with the memory snapshot and its
        worker sit next to pyodide.mjs (PyScript takes Pyodide's indexURL from the folder of
        the `interpreter` module). Served from the source: no copy to keep fresh."""
        boot = self.web / "boot"
        if not boot.is_dir():
            return {}
        return {f"vendor/{path.name}": path for path in sorted(boot.glob("*.mjs"))}

    # -- resolving -----------------------------------------------------------------------------

    def resolve(self, url_path: str) -> Path | None:
        """The file behind a site URL path ('' or 'app/main.py'), or None if it is not served."""
        url_path = url_path.lstrip("/")
        if url_path == "":
            url_path = "index.html"
        singles = self.singles()
        if url_path in singles:
            path = singles[url_path]
            return path if path.is_file() else None
        for prefix, directory, suffixes in self.mounts():
            if not url_path.startswith(prefix):
                continue
            rel = url_path[len(prefix):]
            parts = rel.split("/")
            if not rel or any(p in ("", ".", "..") or p.startswith(".") for p in parts):
                return None
            if any(p in _SKIP_DIRS for p in parts):
                return None
            path = directory.joinpath(*parts)
            if not path.is_file():
                return None
            if suffixes is not None and path.suffix not in suffixes or path.suffix in _NOT_SERVED:
                return None
            return path if _inside(path, directory) else None
        return None

    # -- listing -------------------------------------------------------------------------------

    def _listing(self, prefix: str, directory: Path, suffixes: tuple[str, ...] | None) -> list[str]:
        """Files under `directory` as URLs; what `resolve` would refuse (hidden, cache folders,
        symlinks out of the tree) is not listed either, so the precache never names a 404."""
        if not directory.is_dir():
            return []
        urls = []
        for path in sorted(directory.rglob("*")):
            rel = path.relative_to(directory)
            if not path.is_file() or any(p.startswith(".") or p in _SKIP_DIRS for p in rel.parts):
                continue
            if suffixes is not None and path.suffix not in suffixes:
                continue
            if not _inside(path, directory):
                continue
            urls.append(prefix + rel.as_posix())
        return urls

    def python_files(self) -> list[str]:
        """Every Python module the browser imports, as archive names (engine/…, app/…)."""
        names = []
        for prefix, directory in self.sources():
            names += [n for n in self._listing(prefix, directory, (".py",))
                      if n.rsplit("/", 1)[-1] not in DEV_ONLY_MODULES]
        return names

    def _source(self, name: str) -> Path:
        for prefix, directory in self.sources():
            if name.startswith(prefix):
                return directory / name[len(prefix):]
        raise KeyError(name)

    def precache_urls(self) -> list[str]:
        """Every file the app needs offline, as site-relative URLs (sw.js itself excluded)."""
        boot = list(self.boot_files())
        urls = ["index.html", "manifest.json", "pyscript.json", BUNDLE]
        urls += boot + [SNAPSHOT_KEY_MODULE] if boot else []
        for prefix, directory, suffixes in self.mounts():
            urls += [u for u in self._listing(prefix, directory, suffixes)
                     if Path(u).suffix not in _NOT_SERVED]
        return urls

    def site_urls(self) -> list[str]:
        """Every URL of the site (what `build` writes): the precache and sw.js."""
        return self.precache_urls() + ["sw.js"]

    def fingerprint(self) -> tuple:
        """(path, mtime, size) of every file under the site's sources: stats only (well under a
        millisecond), so a development server can take one per request and rebuild on change."""
        marks = []
        dirs = [d for _, d in self.sources()] + [d for _, d, _ in self.mounts()]
        for path in self.singles().values():
            marks.append(_mark(path))
        for top in dirs:
            for folder, subdirs, files in os.walk(top, followlinks=True):
                subdirs[:] = sorted(d for d in subdirs if d not in _SKIP_DIRS)
                marks += [_mark(Path(folder, name)) for name in sorted(files)]
        return tuple(marks)

    # -- generated files -----------------------------------------------------------------------

    def _file_hash(self, path: Path) -> str:
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        cached = self._hash_cache.get(key)
        if cached is None:
            cached = hashlib.sha256(path.read_bytes()).hexdigest()
            self._hash_cache[key] = cached
        return cached

    def version(self) -> str:
        """A content hash over every precached file (and sw.js): the cache version."""
        digest = hashlib.sha256()
        for url in self.precache_urls() + ["sw.js"]:
            if url == "pyscript.json":
                body = self.pyscript_config()
            elif url == "index.html":
                body = self.index_html()
            elif url == BUNDLE:
                body = self.python_bundle()
            elif url == SNAPSHOT_KEY_MODULE:
                body = self.snapshot_key_module()
            else:
                path = self.resolve(url)
                body = self._file_hash(path).encode() if path else b"missing"
            digest.update(url.encode() + b"\0" + body + b"\0")
        return digest.hexdigest()[:16]

    def snapshot_key(self) -> str:
        """What a Pyodide memory snapshot depends on: python.zip, Pyodide's runtime and the boot
        modules (not the stylesheets or icons). The loader keeps its snapshot under this key
        (SNAPSHOT_KEY_MODULE) and sw.js's activate step deletes the other keys'."""
        digest = hashlib.sha256(self.python_bundle())
        for url in SNAPSHOT_RUNTIME + tuple(self.boot_files()):
            path = self.resolve(url)
            body = self._file_hash(path).encode() if path else b"missing"
            digest.update(url.encode() + b"\0" + body + b"\0")
        return digest.hexdigest()[:16]

    def snapshot_key_module(self) -> bytes:
        """The snapshot key as a module the loader and its worker import (a query on the
        loader's URL would not do: the service worker answers with the URL it cached)."""
        return f"export const KEY = {json.dumps(self.snapshot_key())};\n".encode()

    def pyscript_config(self) -> bytes:
        """web/pyscript.json with python.zip in `files` (Pyodide unpacks it into its cwd)."""
        config = json.loads(self.singles()["pyscript.json"].read_text(encoding="utf-8"))
        files = dict(config.get("files", {}))
        files["./" + BUNDLE] = "./*"
        config["files"] = files
        return (json.dumps(config, indent=2, ensure_ascii=False) + "\n").encode()

    def python_bundle(self) -> bytes:
        """Every engine and UI module in one zip (stored: HTTP brotli/gzip compresses it in
        transit), each without its comments and docstrings, every line of code on its line
        (relay/strip.py: a traceback names and shows the right line); _UNSTRIPPED as it is."""
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as bundle:
            for url in self.python_files():
                info = zipfile.ZipInfo(url, date_time=_ZIP_DATE)
                info.external_attr = 0o644 << 16
                source = self._source(url).read_bytes()
                bundle.writestr(info, source if url in _UNSTRIPPED else self._stripped(source))
        return out.getvalue()

    @staticmethod
    def _stripped(source: bytes) -> bytes:
        cached = _STRIPPED.get(source)
        if cached is None:
            cached = _STRIPPED[source] = stripped(source)
        return cached

    def index_html(self) -> bytes:
        """web/index.html with the static shell filled in, in both languages: the Danish start
        screen inside <main>; per language ("da", "en") the start screen, the splash, each game's
        Regler and the page's own words as <template id="shell-<code>-…"> (web/app/shell.js picks
        the language before the first paint and shows them before Python), rendered from the same
        modules the Python screens render (shell/markup.py and the catalogues lang/<code>/start.py,
        rules.py); and the preload hints that start Pyodide's downloads at once. The Regler
        templates go at SHELL_LATER_MARK, after shell.js: the first screen needs none of them."""
        text = self.singles()["index.html"].read_text(encoding="utf-8")
        if SHELL_START_MARK not in text:
            return text.encode()
        markup = _load(self.web / "app" / "shell" / "markup.py")
        templates, later = [], []
        for code in SHELL_LANGUAGES:
            t, book = self._shell_words(markup, code)
            templates += [_template(f"shell-{code}-start", markup.to_html(markup.start_tree(t))),
                          _template(f"shell-{code}-splash", markup.to_html(markup.splash_tree(t))),
                          _template(f"shell-{code}-page", "".join(
                              f'<span data-text="{key}">{markup.to_html(t(key))}</span>'
                              for key in dict.fromkeys(PAGE_TEXT.findall(text))))]
            later += [_template(f"shell-{code}-regler-{game}",
                                markup.to_html(markup.regler_tree(game, book, t)))
                      for game in book]
            templates += self._join_templates(markup, code, t)
        if SHELL_LATER_MARK not in text:
            templates, later = templates + later, []
        t, _book = self._shell_words(markup, SHELL_LANGUAGES[0])
        text = PAGE_TEXT.sub(lambda m: f'{m.group(0)}{markup.to_html(t(m.group(1)))}', text)
        text = text.replace(SHELL_START_MARK, markup.to_html(markup.start_tree(t)))
        text = text.replace(SHELL_TEMPLATES_MARK, "\n  ".join(templates))
        text = text.replace(SHELL_LATER_MARK, "\n  ".join(later))
        # In a <template>: shell.js adds them once the first screen is painted and answers taps
        # (in <head> from the start, their fetches and module parsing delayed the first tap).
        text = text.replace(SHELL_PRELOAD_MARK, _template("shell-preload", "".join(
            self.preload_links())))
        return text.encode()

    def _join_templates(self, markup, code: str, t) -> list[str]:
        """A share link's first paint in one language: "Sæt dig ved bordet" as the join screen
        renders it before anyone answers (app/friends/join_screen.py over the same
        `join_tree`): the form with the neutral invite (`shell-<code>-join`) and with each
        game's (`…-join-for-<game>`, the link's `&spil=`), the broken link (`…-join-bad`) and
        the words shell.js says there (`…-join-words`). Nothing of the address goes in: the
        page is the same for every room (the service worker answers every navigation with it)."""
        form = {"name": "", "status": "", "problem": "", "form": True, "retry": ""}
        html = markup.to_html
        found = [_template(f"shell-{code}-join", html(markup.join_tree(
            t, **form, invite=t("friends.join.invite.neutral"))))]
        found += [_template(f"shell-{code}-join-for-{game}", html(markup.join_tree(
            t, **form, invite=t("friends.join.invite.game", game=t(title)))))
            for game, title, _line, _screen in markup.GAMES]
        found.append(_template(f"shell-{code}-join-bad", html(markup.join_tree(
            t, "", "", t("friends.join.bad_link"), form=False, retry="home"))))
        found.append(_template(f"shell-{code}-join-words", "".join(
            f'<span data-text="{key}">{html(t(key))}</span>' for key in JOIN_WORDS)))
        return found

    def _shell_words(self, markup, code: str):
        """`t` and the rule book of one language, from the catalogue files alone (SHELL_AREAS)."""
        texts: dict[str, str] = {}
        for area in SHELL_AREAS:
            texts.update(_load(self.web / "app" / "lang" / code / f"{area}.py").TEXT)
        t = markup.speaker(texts)
        rules = _load(self.web / "app" / "lang" / code / "rules.py")
        return t, markup.rule_book(t, rules.BLOCKS)

    def preload_links(self) -> list[str]:
        """<link> hints for what Pyodide and PyScript fetch and import after core.js has run:
        the interpreter module (pyscript.json), Pyodide's asm module, core.js's own chunk, and
        the files loadPyodide and PyScript fetch at start (the wasm, stdlib, lock, config)."""
        interpreter = json.loads(self.pyscript_config()).get("interpreter", "")
        modules = [posixpath.normpath(interpreter.removeprefix("./"))] if interpreter else []
        modules += ["vendor/bodega-snapshot-key.mjs", "vendor/bodega-snapshot-store.mjs",
                    "vendor/pyodide.mjs", "vendor/pyodide.asm.mjs"]
        modules += self._core_chunks()
        links = [f'<link rel="modulepreload" href="./{url}">'
                 for url in dict.fromkeys(modules)
                 if self.resolve(url) or url == SNAPSHOT_KEY_MODULE and self.boot_files()]
        links += [f'<link rel="preload" href="./{url}" as="fetch" crossorigin>'
                  for url in PRELOAD_FETCH if url == "pyscript.json" or self.resolve(url)]
        return links

    def _core_chunks(self) -> list[str]:
        """The chunks PyScript's core.js imports statically (their names carry a hash)."""
        core = self.resolve("vendor/pyscript/core.js")
        if core is None:
            return []
        names = re.findall(r'from\s*"\./([\w.-]+\.js)"', core.read_text(encoding="utf-8"))
        return [f"vendor/pyscript/{name}" for name in names]

    def service_worker(self) -> bytes:
        """sw.js with this build's version and precache list on its two marker lines."""
        lines = []
        for line in self.singles()["sw.js"].read_text(encoding="utf-8").splitlines():
            if line.startswith(SW_VERSION_MARK):
                line = f"{SW_VERSION_MARK}{json.dumps(self.version())};"
            elif line.startswith(SW_PRECACHE_MARK):
                line = f"{SW_PRECACHE_MARK}{json.dumps(self.precache_urls())};"
            elif line.startswith(SW_SNAPSHOT_MARK):
                line = f"{SW_SNAPSHOT_MARK}{json.dumps(self.snapshot_key())};"
            lines.append(line)
        return ("\n".join(lines) + "\n").encode()

    def body(self, url_path: str) -> bytes | None:
        """The bytes served for a site URL path, generated files included."""
        url_path = url_path.lstrip("/") or "index.html"
        if url_path == "sw.js":
            return self.service_worker()
        if url_path == "index.html":
            return self.index_html()
        if url_path == "pyscript.json":
            return self.pyscript_config()
        if url_path == BUNDLE:
            return self.python_bundle()
        if url_path == SNAPSHOT_KEY_MODULE:
            return self.snapshot_key_module()
        path = self.resolve(url_path)
        return path.read_bytes() if path else None


def _load(path: Path):
    """A module of the app loaded from its file alone (fresh each call: `--dev` sees edits)."""
    spec = importlib.util.spec_from_file_location(f"_site_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _template(template_id: str, html: str) -> str:
    return f'<template id="{template_id}">{html}</template>'


def _inside(path: Path, directory: Path) -> bool:
    """Whether `path`, symlinks followed, is inside `directory` (never serve what escapes)."""
    return directory.resolve() in path.resolve().parents


def _mark(path: Path) -> tuple[str, int, int]:
    try:
        stat = path.stat()
    except OSError:
        return (str(path), -1, -1)
    return (str(path), stat.st_mtime_ns, stat.st_size)
