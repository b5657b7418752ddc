"""The Pyodide memory snapshot (web/boot/): made in a Web Worker on the first start, restored
from Cache Storage on the next, reseeded, replaced when damaged or when a new version ships,
and no obstacle to starting offline."""

from __future__ import annotations

import json
import pathlib
import sys

import pytest

from devtools import browser as bt

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_offline import copy_site, server_is_down
from test_table_driver import set_settings, set_table, tap, until_mine

STATE = "document.documentElement.getAttribute('data-snapshot')"
TABLE_KEY = "bodegabordet.snyd.table"
TAB_KEY = "bodegabordet.snyd.tab"
PREFIX = "bodegabordet-snapshot-"


def snapshot_state(page) -> str | None:
    return page.evaluate(STATE)


def wait_stored(page, timeout_ms: float = 240_000) -> dict:
    """Until the worker has stored the snapshot; returns what it reported."""
    page.wait_for_function(f"{STATE} !== 'making'", timeout=timeout_ms, polling=250)
    assert snapshot_state(page) == "stored", snapshot_state(page)
    return page.evaluate(
        "performance.getEntriesByName('bodega:snapshot-stored')[0].detail")


def start(page, url: str | None = None) -> str | None:
    """Load (or reload) the app until Python is up; returns the snapshot state."""
    if url:
        page.goto(url)
    else:
        page.reload()
    bt.wait_for_app(page)
    return snapshot_state(page)


def snapshot_caches(page) -> dict[str, list[int]]:
    """{cache name: [entry sizes]} of every snapshot cache of the origin."""
    return page.evaluate("""async (prefix) => {
        const out = {};
        for (const name of await caches.keys()) {
            if (!name.startsWith(prefix)) continue;
            const cache = await caches.open(name);
            out[name] = [];
            for (const request of await cache.keys()) {
                out[name].push((await (await cache.match(request)).arrayBuffer()).byteLength);
            }
        }
        return out;
    }""", PREFIX)


def deal_and_bid(page) -> dict:
    """Deal a Snyd table (no seed), bid once; returns the saved table and this tab's id."""
    set_table(page, dice=2, regulars=1)
    until_mine(page)
    tap(page, page.get_by_role("button", name="Byd", exact=True))
    page.locator(".seat.me .bubble").wait_for()
    saved = page.evaluate(f"[localStorage.getItem('{TABLE_KEY}'), localStorage.getItem('{TAB_KEY}')]")
    assert saved[0], "the table was not saved"
    return {"seed": json.loads(saved[0])["seed"], "tab": saved[1]}


def test_second_start_restores_plays_and_reseeds(contexts, server):
    context = contexts("phone", snapshot=True)
    # Every start deals a fresh table (no resume of the one before).
    context.add_init_script(f"if (location.protocol === 'http:') localStorage.removeItem('{TABLE_KEY}')")
    page = context.new_page()
    assert start(page, server) == "making"  # nothing stored yet: a plain start
    made = wait_stored(page)
    assert made["raw"] > 10_000_000 and made["stored"] == made["raw"]
    assert made["loaded"] > 20, made  # the engine and the UI's pure modules are in it
    set_settings(page, tempo="hurtig")

    draws = []
    for _ in range(2):
        assert start(page) == "restored"
        assert page.evaluate("performance.getEntriesByName('bodega:snapshot-restored').length") == 1
        draws.append(deal_and_bid(page))
    # Without the reseed every restore draws the same numbers: same seed, same tab id.
    assert draws[0]["seed"] != draws[1]["seed"], draws
    assert draws[0]["tab"] != draws[1]["tab"], draws


def test_a_corrupt_snapshot_falls_back_and_is_replaced(contexts, server):
    page = contexts("phone", snapshot=True).new_page()
    start(page, server)
    wait_stored(page)
    [(name, sizes)] = snapshot_caches(page).items()
    # Damage it in place: the right length header, garbage bytes.
    page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            const junk = new Uint8Array(64 * 1024).fill(7);
            await cache.put(request, new Response(junk, {headers: {'X-Bodega-Length': String(junk.length)}}));
        }
    }""", name)
    assert snapshot_caches(page) == {name: [64 * 1024]}

    assert start(page) == "making", "the damaged snapshot must not be used"
    page.get_by_test_id("game-snyd").wait_for()
    wait_stored(page)
    assert snapshot_caches(page) == {name: sizes}, "a whole new snapshot replaces it"
    assert start(page) == "restored"


def test_a_cut_short_snapshot_is_refused(contexts, server):
    page = contexts("phone", snapshot=True).new_page()
    start(page, server)
    wait_stored(page)
    [name] = snapshot_caches(page)
    page.evaluate("""async (name) => {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            const whole = await (await cache.match(request)).arrayBuffer();
            await cache.put(request, new Response(whole.slice(0, whole.byteLength / 2), {
                headers: {'X-Bodega-Length': String(whole.byteLength)}}));
        }
    }""", name)
    assert start(page) == "making"


@pytest.fixture
def own_site(tmp_path):
    site = copy_site(tmp_path)
    server = bt.start_server(site=site)
    yield site, server
    server.stop()


def test_a_new_version_makes_its_own_snapshot_and_drops_the_old(browser, pw, own_site, watches,
                                                                tmp_path):
    site, server = own_site
    context = bt.phone_context(browser, pw)
    watches.append(bt.watch(context, server.origin))
    try:
        page = context.new_page()
        start(page, server.url)
        bt.wait_for_service_worker(page)
        wait_stored(page)
        old = PREFIX + site.snapshot_key()
        assert list(snapshot_caches(page)) == [old]

        # Ship a change to the Python: the snapshot key moves with the version.
        regler = tmp_path / "web" / "app" / "home" / "regler.py"
        regler.write_text(regler.read_text(encoding="utf-8") + "\n# new version\n", encoding="utf-8")
        assert PREFIX + site.snapshot_key() != old
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        banner = page.get_by_role("button", name="Ny version – genindlæs")
        banner.wait_for(state="visible", timeout=60_000)
        with page.expect_event("load", timeout=60_000):
            banner.click()
        bt.wait_for_app(page)
        assert snapshot_state(page) == "making", "the old version's snapshot must not be used"
        assert old not in snapshot_caches(page), "the service worker's activate step drops it"
        wait_stored(page)
        assert list(snapshot_caches(page)) == [PREFIX + site.snapshot_key()]
        assert start(page) == "restored"
    finally:
        context.close()


def test_offline_start_restores_from_the_snapshot(browser, pw, own_site, watches):
    _, server = own_site
    context = bt.phone_context(browser, pw)
    watches.append(bt.watch(context, server.origin))
    try:
        page = context.new_page()
        start(page, server.url)
        bt.wait_for_service_worker(page)
        wait_stored(page)
        server.stop()
        assert server_is_down(server.url)
        offline = context.new_page()
        assert start(offline, server.url + "?t=offline") == "restored"
        tap(offline, offline.get_by_test_id("game-snyd"))
        offline.wait_for_selector('[data-testid="setup"]')
    finally:
        context.close()
