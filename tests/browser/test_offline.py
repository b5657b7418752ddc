"""Offline after one visit (with the server STOPPED), full precache, and the update banner."""

from __future__ import annotations

import shutil
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from devtools import browser as bt
from relay.site import Site


def cached_urls(page, cache: str) -> set[str]:
    return set(page.evaluate(
        "async (name) => (await (await caches.open(name)).keys()).map(r => r.url)", cache))


def server_is_down(url: str) -> bool:
    try:
        urllib.request.urlopen(url + "healthz", timeout=3)
    except (urllib.error.URLError, OSError):
        return True
    return False


@pytest.fixture
def own_server():
    """A server of this test's own, so it can be stopped mid-test."""
    server = bt.start_server()
    yield server
    server.stop()


def test_works_offline_with_the_server_stopped(browser, pw, own_server, watches, screenshot):
    context = bt.phone_context(browser, pw)
    watches.append(bt.watch(context, own_server.origin))
    try:
        page = context.new_page()
        page.goto(own_server.url)
        bt.wait_for_app(page)
        cache = bt.wait_for_service_worker(page)
        assert cache.startswith("bodegabordet-")

        # The precache holds every file the app needs, and every file it requested.
        cached = {urlsplit(u).path for u in cached_urls(page, cache)}
        wanted = {"/" + url for url in Site().precache_urls()}
        assert wanted <= cached, f"not precached: {sorted(wanted - cached)}"
        requested = {urlsplit(u).path for u in watches[-1].requests}
        requested -= {"/", "/sw.js"}  # the navigation (answered with index.html) and the worker
        assert requested, "no requests were seen"
        assert requested <= cached, f"requested but not precached: {sorted(requested - cached)}"

        own_server.stop()
        assert server_is_down(own_server.url)

        # A new visit (navigation with a query, as a share link has) and a reload, both offline.
        offline = context.new_page()
        offline.goto(own_server.url + "?t=offline-check")
        bt.wait_for_app(offline)
        offline.get_by_role("button", name="Regler").click()
        assert "Gangen i en runde" in offline.get_by_test_id("regler-text").inner_text()
        offline.reload()
        bt.wait_for_app(offline)
        screenshot(offline, "offline-phone")
    finally:
        context.close()


def copy_site(tmp: Path) -> Site:
    """A throw-away copy of the site (vendor linked, not copied) that a test may change."""
    root = Site().root
    (tmp / "web").mkdir()
    for name in ("sw.js", "manifest.json"):
        shutil.copy2(root / name, tmp / name)
    shutil.copytree(root / "engine", tmp / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("index.html", "pyscript.json"):
        shutil.copy2(root / "web" / name, tmp / "web" / name)
    for name in ("app", "icons", "boot"):
        shutil.copytree(root / "web" / name, tmp / "web" / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    (tmp / "web" / "vendor").symlink_to(root / "web" / "vendor", target_is_directory=True)
    return Site(root=tmp)


def test_new_version_offers_reload_and_replaces_the_cache(browser, pw, watches, tmp_path):
    site = copy_site(tmp_path)
    server = bt.start_server(site=site)
    context = bt.desktop_context(browser)
    watches.append(bt.watch(context, server.origin))
    try:
        page = context.new_page()
        page.goto(server.url)
        bt.wait_for_app(page)
        old_cache = bt.wait_for_service_worker(page)
        assert page.get_by_test_id("update-banner").is_hidden()

        # Ship a change: the version (a content hash) moves, the new worker installs and waits.
        start = tmp_path / "web" / "app" / "home" / "start.py"
        start.write_text(start.read_text(encoding="utf-8") + "\n# new version\n", encoding="utf-8")
        assert site.version() not in old_cache
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        banner = page.get_by_role("button", name="Ny version – genindlæs")
        banner.wait_for(state="visible", timeout=60_000)

        with page.expect_event("load", timeout=60_000):
            banner.click()
        bt.wait_for_app(page)
        # (The Pyodide snapshot's cache is tests/browser/test_snapshot.py's to check.)
        keys = [k for k in page.evaluate("caches.keys()")
                if not k.startswith("bodegabordet-snapshot-")]
        assert keys == [f"bodegabordet-{site.version()}"], keys
        assert old_cache not in keys
    finally:
        context.close()
        server.stop()
