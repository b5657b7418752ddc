"""Saves never blank the app, and a save that fails is never silent (issue 8, items 1 and 5).

Storage is prepared by an init script before the app's first line runs (one boot per test).
The pages are watched: a console.error or Python traceback fails the test, so the technical
detail of a bad save must go to console.warn.
"""
from __future__ import annotations

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import FELT, open_app, set_settings, set_table, tap, until_mine

TABLE_KEY = "bodegabordet.snyd.table"
SETTINGS_KEY = "bodegabordet.settings"
DEEP = "'['.repeat(20000) + ']'.repeat(20000)"  # the save: killed Pyodide on every boot
CORRUPT_NOTICE = "Det gemte bord kunne ikke læses"


def seed(page, items: dict[str, str]) -> None:
    """Before the app loads (first navigation only): localStorage[key] = JS expression."""
    sets = "".join(f"localStorage.setItem({json.dumps(k)}, {v});" for k, v in items.items())
    page.add_init_script(
        f"if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1'); {sets} }}")


def boot(page, server: str) -> None:
    """Open the app; it may leave the start screen at once (the resume step)."""
    page.goto(server)
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)


def stored(page, key: str) -> str | None:
    return page.evaluate("k => localStorage.getItem(k)", key)


def test_a_deeply_nested_table_save_gives_the_notice_and_the_app_works(phone_page, server, screenshot):
    page = phone_page
    seed(page, {TABLE_KEY: DEEP})
    boot(page, server)
    notice = page.get_by_role("alert").filter(has_text=CORRUPT_NOTICE)
    notice.wait_for(timeout=20_000)  # old code: Pyodide died ("Maximum call stack size exceeded")
    screenshot(page, "saves-deep-table")
    text = notice.inner_text()
    assert "Error" not in text and "(" not in text, f"Python internals shown to the player: {text!r}"
    assert stored(page, TABLE_KEY) is None
    backup = json.loads(stored(page, TABLE_KEY + ".backup"))
    assert backup["text"] == "[" * 20000 + "]" * 20000 and "deeper" in backup["reason"]
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_selector(FELT)
    page.wait_for_function(f"localStorage.getItem({json.dumps(TABLE_KEY)}) !== null")


def test_a_save_with_wrong_types_gets_a_danish_sentence_not_python_internals(phone_page, server):
    page = phone_page
    seed(page, {TABLE_KEY: json.dumps(json.dumps(
        {"format": "bodegabordet.snyd.table", "version": 1, "seats": 7, "rules": {}, "log": [], "seed": 1}))})
    boot(page, server)
    notice = page.get_by_role("alert").filter(has_text=CORRUPT_NOTICE)
    notice.wait_for(timeout=20_000)
    text = notice.inner_text()
    # old code: "... (The saved table was unreadable: TypeError: 'int' object is not iterable)"
    assert "Error" not in text and "not iterable" not in text, text
    assert "seats is not a list" in json.loads(stored(page, TABLE_KEY + ".backup"))["reason"]


def test_deeply_nested_settings_fall_back_to_defaults_and_say_so_once(phone_page, server, screenshot):
    page = phone_page
    seed(page, {SETTINGS_KEY: DEEP})
    open_app(page, server)
    tap(page, page.get_by_test_id("open-indstillinger"))
    page.wait_for_selector('[data-testid="settings"]', timeout=15_000)  # old code: blank screen
    status = page.locator('[data-testid="settings"] .saved')
    assert "sat tilbage til standard" in status.inner_text()
    screenshot(page, "saves-deep-settings")
    assert page.locator("#my-name").input_value() == "Du"
    assert stored(page, SETTINGS_KEY) is None and stored(page, SETTINGS_KEY + ".backup")
    page.locator('select[data-setting="tempo"]').select_option("hurtig")
    page.wait_for_function("document.querySelector('.saved').textContent === 'Gemt'")
    assert json.loads(stored(page, SETTINGS_KEY))["tempo"] == "hurtig"
    tap(page, page.get_by_role("button", name="Tilbage"))
    tap(page, page.get_by_test_id("open-indstillinger"))  # told once: not again
    page.wait_for_selector('[data-testid="settings"]')
    assert page.locator('[data-testid="settings"] .saved').inner_text() == ""
    tap(page, page.get_by_role("button", name="Tilbage"))
    tap(page, page.get_by_test_id("game-snyd"))
    page.wait_for_selector('[data-testid="setup"]', timeout=15_000)  # old code: blank too


FILL_STORAGE = """() => {
    // Fill localStorage for real (not a fake setItem): the app meets the browser's own quota error.
    let size = 1 << 22;
    for (let i = 0; size >= 1; i++) {
        try { localStorage.setItem('test-filler-' + i, 'x'.repeat(size)); } catch (e) { size >>= 1; }
    }
    try { localStorage.setItem('test-probe', 'x'.repeat(64)); return false; } catch (e) { return e.name; }
}"""
EMPTY_FILLER = """() => Object.keys(localStorage).filter(k => k.startsWith('test-filler-'))
    .forEach(k => localStorage.removeItem(k))"""
COUNT_PERSIST = """
window.__persistCalls = 0;
if (navigator.storage && navigator.storage.persist) {
    const persist = navigator.storage.persist.bind(navigator.storage);
    navigator.storage.persist = () => { window.__persistCalls += 1; return persist(); };
}"""


def test_a_full_storage_says_so_at_once_keeps_trying_and_recovers(phone_page, server, screenshot):
    page = phone_page
    page.add_init_script(COUNT_PERSIST)
    open_app(page, server)
    set_settings(page, tempo="rolig")
    assert page.evaluate(FILL_STORAGE) == "QuotaExceededError"
    set_table(page, dice=3, regulars=2)
    line = page.get_by_test_id("save-failed")
    line.wait_for(state="visible", timeout=10_000)  # old code: nothing, play went on unsaved
    assert line.inner_text() == "Bordet kan ikke gemmes – lageret er fuldt"
    until_mine(page)
    screenshot(page, "saves-storage-full")
    assert stored(page, TABLE_KEY) is None
    tap(page, page.get_by_role("button", name="Byd", exact=True))  # still failing: the line stays
    page.wait_for_function("document.querySelector('.centre .current').innerText.startsWith('Du:')")
    assert line.is_visible()
    page.evaluate(EMPTY_FILLER)  # room again: the next change is saved and the line goes
    line.wait_for(state="hidden", timeout=15_000)
    saved = json.loads(stored(page, TABLE_KEY))
    assert any(e.get("player") == "Du" and e["type"] == "bid" for e in saved["log"])
    assert page.evaluate("window.__persistCalls") == 1, "persistent storage asked for once"
    page.reload()
    page.wait_for_selector(FELT, timeout=60_000)  # the table survived


def test_storage_that_throws_on_every_touch_never_stops_boot_or_play(phone_page, server, screenshot):
    page = phone_page
    page.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });""")
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_table(page, dice=2, regulars=1)
    line = page.get_by_test_id("save-failed")
    line.wait_for(state="visible", timeout=10_000)
    assert line.inner_text() == "Bordet kan ikke gemmes – lageret er spærret"
    until_mine(page)
    screenshot(page, "saves-storage-blocked")
