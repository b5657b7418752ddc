"""The Pyodide memory snapshot's key and boot files in the site (relay/site.py, web/boot/):
which changes make a new snapshot, and how the loader, the service worker and the precache
learn the key."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from relay.site import ROOT, SNAPSHOT_KEY_MODULE, Site

BOOT = ("vendor/bodega-pyodide.mjs", "vendor/bodega-snapshot-store.mjs",
        "vendor/bodega-snapshot-worker.mjs")


def make_site(tmp: Path) -> Site:
    """A tiny site with the real boot modules and sw.js."""
    files = {
        "web/index.html": "<!doctype html><title>t</title>",
        "web/pyscript.json": json.dumps({"interpreter": "./vendor/bodega-pyodide.mjs"}),
        "manifest.json": "{}",
        "engine/__init__.py": "",
        "web/app/__init__.py": "",
        "web/app/main.py": "import app\n",
        "web/app/style.css": "body{}\n",
        "web/vendor/pyodide.mjs": "export const version = '0';\n",
        "web/vendor/pyodide.asm.wasm": "\0asm",
    }
    for name, text in files.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(text, encoding="utf-8")
    shutil.copy2(ROOT / "sw.js", tmp / "sw.js")
    shutil.copytree(ROOT / "web" / "boot", tmp / "web" / "boot")
    return Site(root=tmp)


def touch(path: Path, extra: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + extra, encoding="utf-8")


def test_boot_modules_are_served_beside_pyodide_and_precached(tmp_path):
    site = make_site(tmp_path)
    for url in BOOT:
        assert site.body(url) == (tmp_path / "web" / "boot" / url.split("/")[1]).read_bytes()
        assert url in site.precache_urls()
    assert SNAPSHOT_KEY_MODULE in site.precache_urls()
    assert site.body(SNAPSHOT_KEY_MODULE) == f'export const KEY = "{site.snapshot_key()}";\n'.encode()


def test_the_real_config_names_the_loader_and_the_loader_exists():
    site = Site()
    interpreter = json.loads(site.pyscript_config())["interpreter"]
    assert interpreter == "./vendor/bodega-pyodide.mjs"
    assert site.body("vendor/bodega-pyodide.mjs")
    assert site.body(SNAPSHOT_KEY_MODULE).startswith(b"export const KEY = ")


def test_the_key_moves_with_python_pyodide_and_boot_code_not_with_a_stylesheet(tmp_path):
    site = make_site(tmp_path)
    seen = [site.snapshot_key()]
    touch(tmp_path / "web" / "app" / "style.css", "p{}\n")
    assert site.snapshot_key() == seen[-1], "a stylesheet does not change Python's heap"
    for changed in ("web/app/main.py", "engine/__init__.py", "web/vendor/pyodide.asm.wasm",
                    "web/vendor/pyodide.mjs", "web/boot/bodega-snapshot-worker.mjs"):
        touch(tmp_path / changed, "\n// changed\n" if changed.endswith("mjs") else "\n")
        key = site.snapshot_key()
        assert key not in seen, f"{changed} did not change the snapshot key"
        seen.append(key)


def test_the_service_worker_keeps_this_keys_snapshot_and_deletes_the_others(tmp_path):
    site = make_site(tmp_path)
    sw = site.service_worker().decode()
    assert f'const SNAPSHOT_KEY = "{site.snapshot_key()}";' in sw
    # The activate step spares exactly this version's files and this key's snapshot.
    assert 'const SNAPSHOT_CACHE = "bodegabordet-snapshot-" + SNAPSHOT_KEY;' in sw
    keep = re.search(r"keys\.filter\(\(key\) => (.*)\)\s*\n", sw).group(1)
    assert keep == ('key.startsWith("bodegabordet-") && key !== CACHE && '
                    "key !== SNAPSHOT_CACHE")
    # The store names its caches the same way.
    store = (tmp_path / "web" / "boot" / "bodega-snapshot-store.mjs").read_text(encoding="utf-8")
    assert 'const PREFIX = "bodegabordet-snapshot-";' in store


def test_a_site_without_boot_modules_has_no_key_module(tmp_path):
    site = make_site(tmp_path)
    shutil.rmtree(tmp_path / "web" / "boot")
    assert SNAPSHOT_KEY_MODULE not in site.precache_urls()
    assert not any(url.startswith("vendor/bodega-") for url in site.precache_urls())
