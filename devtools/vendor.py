"""Copy the self-hosted browser runtime from web/node_modules/ into web/vendor/.

Only the files the app loads are copied, so the service worker precaches no dead weight:
Pyodide's runtime at /vendor/ (pyodide.mjs finds its siblings relative to its own URL) and
PyScript's core bundle at /vendor/pyscript/ (minus the CodeMirror/xterm/MicroPython chunks,
which the app never loads), and the pinned pure-Python wheels the app loads lazily at
/vendor/wheels/ (segno, for the share link's QR code: web/app/friends/qr.py), fetched from PyPI with
`pip download` and checked against their pinned SHA-256. Pyodide's python_stdlib.zip is not
copied but trimmed to the modules the app imports (devtools/stdlib.py); the build stops if the
trimmed zip lacks one.

Run: python -m devtools.vendor   (stdlib only, so it works before the venv exists)
"""

from __future__ import annotations

import fnmatch
import hashlib
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    from devtools import stdlib
except ImportError:  # run as a script: python devtools/vendor.py
    import stdlib  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "web" / "node_modules"
VENDOR = ROOT / "web" / "vendor"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
)
STDLIB = "python_stdlib.zip"
# python_stdlib.zip is trimmed to what the app imports (devtools/stdlib.py: 2.55 -> 1.76 MB, the
# members kept deflated as Pyodide ships them), each module without its comments and docstrings,
# line numbers kept (-> 1.13 MB), under the same name, so Pyodide loads it as usual.
# Before, it was copied as Pyodide ships it (members deflated one by one, so HTTP brotli
# gains nothing on it: 2.49 MB). Tried: repacked with its members stored, brotli takes it to
# 1.61 MB on a first visit, but every warm start under 4x CPU got ~0.4 s slower (the 9.7 MB
# archive read from the cache and copied into Pyodide's file system): not kept (docs/deploy.md).

# PyScript's dist/ chunks are content-hashed (core-C9KDLldu.js): select by pattern, not by name.
# core.js imports its small plugin chunks (py-editor, py-game, py-terminal) at start even when
# unused, so those stay; the heavy CodeMirror/xterm/MicroPython chunks they import lazily go.
# So do the chunks core imports only for what the app does not use (checked against every
# request of a full session, docs/performance.md): a TOML config, `packages` in the config
# (pyodide_graph), zip `files` unpacked by JS (zip), pyscript.storage, the terminal's runtime
# (py-<hash>.js, 8 characters) and CodeMirror's view (index-*).
PYSCRIPT_SKIP = (
    "*.map",
    "*.css",
    "codemirror*",
    "xterm*",
    "mpy-*",
    "service-worker.js",
    "toml-*",
    "pyodide_graph-*",
    "zip-*",
    "storage.js",
    "py-????????.js",
    "index-*",
)


# Wheels the app loads with pyodide.loadPackage(<same-origin URL>): file name -> SHA-256.
# web/app/friends/qr.py names the same file; tests/ui/test_friends_share.py checks they agree.
WHEELS = {
    "segno-1.6.6-py3-none-any.whl":
        "28c7d081ed0cf935e0411293a465efd4d500704072cdb039778a2ab8736190c7",
}


def pyscript_files(dist: Path) -> list[Path]:
    """The PyScript dist files the app may load (JS chunks and core.css)."""
    keep = []
    for path in sorted(dist.iterdir()):
        if path.suffix not in (".js", ".css"):
            continue
        if any(fnmatch.fnmatch(path.name, pattern) for pattern in PYSCRIPT_SKIP):
            continue
        keep.append(path)
    return keep


def vendor(node_modules: Path = NODE_MODULES, target: Path = VENDOR) -> list[Path]:
    """Rebuild `target` from `node_modules`; returns the files written."""
    pyodide = node_modules / "pyodide"
    dist = node_modules / "@pyscript" / "core" / "dist"
    if not pyodide.is_dir() or not dist.is_dir():
        raise SystemExit(f"{node_modules} lacks pyodide or @pyscript/core: run `npm ci` in web/")
    if target.exists():
        shutil.rmtree(target)
    (target / "pyscript").mkdir(parents=True)
    written = []
    for name in PYODIDE_FILES:
        written.append(Path(shutil.copy2(pyodide / name, target / name)))
    for path in pyscript_files(dist):
        written.append(Path(shutil.copy2(path, target / "pyscript" / path.name)))
    written += vendor_wheels(target / "wheels")
    written.append(vendor_stdlib(pyodide / STDLIB, target))
    return written


def vendor_stdlib(original: Path, target: Path = VENDOR) -> Path:
    """python_stdlib.zip of exactly the modules the app needs (the trace reads the vendored
    PyScript/Pyodide files and wheels too, so it runs last); refuses a zip that lacks one."""
    data, keep = stdlib.build(original.read_bytes(), ROOT, sorted((target / "wheels").glob("*.whl")),
                              target)
    dest = target / STDLIB
    dest.write_bytes(data)
    print(f"{STDLIB}: {len(keep)} modules, {original.stat().st_size / 1e6:.2f} -> "
          f"{len(data) / 1e6:.2f} MB")
    return dest


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def vendor_wheels(target: Path = VENDOR / "wheels") -> list[Path]:
    """Put each pinned wheel in `target` (pip download from PyPI, no dependencies), checked
    against its SHA-256; a wheel already there with the right hash is kept."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, digest in WHEELS.items():
        dest = target / name
        if not (dest.is_file() and _sha256(dest) == digest):
            project, version = name.split("-")[:2]
            with tempfile.TemporaryDirectory() as tmp:
                subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                                "--only-binary=:all:", f"{project}=={version}", "-d", tmp],
                               check=True)
                got = Path(tmp) / name
                if not got.is_file() or _sha256(got) != digest:
                    raise SystemExit(f"{name}: missing or not the pinned SHA-256 {digest}")
                shutil.copy2(got, dest)
        written.append(dest)
    return written


def main() -> None:
    files = vendor()
    size = sum(f.stat().st_size for f in files)
    print(f"vendored {len(files)} files ({size / 1e6:.1f} MB) into {VENDOR.relative_to(ROOT)}/")


if __name__ == "__main__":
    sys.exit(main())
