"""The shell in English (issue 12): an English phone sees English on *Settings*, on the router's
"not ready" screen, on Bakke's *Set the table* seats, in the save notices (a full storage, a
corrupt save, unreadable settings); a Danish phone that picks English under *Indstillinger*
switches at once, and keeps English back on the start screen and after a reload (the static
start screen, drawn before Python, too).

Each page is watched (conftest): a missing catalogue key is a console.error and fails the test;
the checks below also look for ⟦ and for the Danish words the shell moved to its catalogue.
"""
from __future__ import annotations

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_saves import DEEP, EMPTY_FILLER, FILL_STORAGE, SETTINGS_KEY, seed
from test_table_driver import open_app, tap

from devtools.browser import wait_for_app

BAKKE_KEY = "bodegabordet.bakke.table"
# Danish texts of the shell's catalogue that an English player must never meet.
DANISH = ("Indstillinger", "Sprog", "Dit navn", "Ved bordet", "Færre bevægelser", "Stamgæsternes tempo",
          "Tilbage", "ikke klar endnu", "Gemt", "+ Spiller", "+ Stamgæst", "Start spillet", "Med vennerne",
          "ved telefonen", "kan ikke gemmes", "kunne ikke læses", "Øvebord")


def body_text(page) -> str:
    return page.evaluate("document.body.innerText")


def assert_english(page, *words: str) -> None:
    text = body_text(page)
    assert "⟦" not in text, f"a missing key on screen: {text!r}"
    for word in words:
        assert word in text, f"{word!r} not on screen"
    left = [w for w in DANISH if w in text]
    assert left == [], f"Danish left on an English screen: {left}"


def english_phone(contexts):
    return contexts("phone", locale="en-GB").new_page()


def open_settings(page) -> None:
    tap(page, page.get_by_test_id("open-indstillinger"))
    page.wait_for_selector('[data-testid="settings"]')


def test_an_english_phone_sees_english_settings_and_notices(contexts, server, screenshot):
    page = english_phone(contexts)
    open_app(page, server)
    assert page.evaluate("document.documentElement.lang") == "en"
    open_settings(page)
    assert page.get_by_test_id("setting-language").input_value() == "en"
    assert page.locator("#my-name").input_value() == "You"
    assert_english(page, "Settings", "Language", "Your name", "At the table", "Sound", "Vibration",
                   "Practice table against the regulars", "Less motion", "The regulars' pace", "Back")
    page.locator('select[data-setting="tempo"]').select_option("hurtig")
    page.wait_for_function("document.querySelector('.saved').textContent === 'Saved'")
    assert page.locator('select[data-setting="tempo"] option:checked').inner_text() == "Quick"
    screenshot(page, "english-settings-phone")
    tap(page, page.get_by_role("button", name="Back"))
    page.wait_for_selector('[data-testid="start"]')

    # the router: a screen nobody has registered
    page.goto(server + "#findes-ikke")
    page.reload()
    panel = page.get_by_test_id("unavailable")
    panel.wait_for(timeout=60_000)
    assert "isn't ready yet" in panel.inner_text()
    assert_english(page, "Back")
    screenshot(page, "english-unavailable-phone")
    tap(page, page.get_by_role("button", name="Back"))
    page.wait_for_selector('[data-testid="start"]')

    # Bakke's Set the table: the seats and buttons are the shell's
    tap(page, page.get_by_test_id("game-bakke"))
    page.wait_for_selector('[data-testid="setup"]', timeout=20_000)
    assert page.locator('[data-testid="setup-seat"][data-kind="human"]').first.get_attribute("data-player") == "You"
    assert_english(page, "+ Player", "+ Regular", "Start game", "With friends", "Back")
    tap(page, page.get_by_test_id("add-human"))  # two people at the phone: "You" names nobody
    page.wait_for_selector('[data-testid="setup-seat"][data-player="Bo"]')
    screenshot(page, "english-bakke-setup-phone")

    # a save that fails is said, in English
    assert page.evaluate(FILL_STORAGE) == "QuotaExceededError"
    tap(page, page.get_by_test_id("start-table"))
    line = page.get_by_test_id("save-failed")
    line.wait_for(state="visible", timeout=20_000)
    assert line.inner_text() == "The table can't be saved – the storage is full"
    screenshot(page, "english-save-failed-phone")
    page.evaluate(EMPTY_FILLER)


def test_an_english_phone_is_told_of_a_corrupt_save_and_unreadable_settings(contexts, server):
    page = english_phone(contexts)
    seed(page, {BAKKE_KEY: json.dumps("{not a table")})
    # The unfinished Bakke table is resumed at boot, cannot be read, and Set the table says so.
    # Not open_app: the start screen may be gone (resumed past) before a wait sees it.
    page.goto(server)
    page.get_by_text("The saved table couldn't be read, so we're setting a new one.").wait_for(timeout=90_000)
    assert_english(page, "Start game", "+ Regular")

    page = english_phone(contexts)
    seed(page, {SETTINGS_KEY: DEEP})
    open_app(page, server)
    open_settings(page)
    status = page.locator('[data-testid="settings"] .saved')
    assert status.inner_text() == "Your settings couldn't be read, so they're back to the defaults."
    assert page.locator("#my-name").input_value() == "You"
    assert_english(page, "Settings")


def test_a_danish_phone_switches_to_english_under_indstillinger(contexts, server, screenshot):
    page = contexts("phone").new_page()  # a Danish phone (locale da-DK)
    open_app(page, server)
    assert page.evaluate("document.documentElement.lang") == "da"
    open_settings(page)
    assert page.get_by_test_id("setting-language").input_value() == "da"
    assert "Sprog" in body_text(page) and page.locator("#my-name").input_value() == "Du"
    page.get_by_test_id("setting-language").select_option("en")
    # at once: the screen is drawn again in English, <html lang> follows, the choice is stored
    page.wait_for_function("document.querySelector('[data-testid=\"settings\"] h2').textContent === 'Settings'")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("#my-name").input_value() == "You"
    assert page.locator(".saved").inner_text() == "Saved"
    assert_english(page, "Language", "Your name", "Back")
    assert json.loads(page.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')"))["language"] == "en"
    screenshot(page, "english-switched-settings-phone")
    tap(page, page.get_by_role("button", name="Back"))
    start = page.get_by_test_id("start")
    start.wait_for()
    assert page.get_by_test_id("open-indstillinger").inner_text().startswith("Settings")
    assert page.get_by_test_id("open-regler").inner_text().startswith("Rules")
    assert "⟦" not in body_text(page) and "Indstillinger" not in body_text(page)

    # a reload: the static start screen (before Python) is English already, and Python keeps it
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector('[data-testid="start"]')
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.get_by_test_id("open-indstillinger").inner_text().startswith("Settings")
    wait_for_app(page)
    assert page.get_by_test_id("open-indstillinger").inner_text().startswith("Settings")
    open_settings(page)
    assert page.get_by_test_id("setting-language").input_value() == "en"
    assert_english(page, "Settings", "Language")

    # and back to Danish the same way
    page.get_by_test_id("setting-language").select_option("da")
    page.wait_for_function("document.querySelector('[data-testid=\"settings\"] h2').textContent === 'Indstillinger'")
    assert page.evaluate("document.documentElement.lang") == "da"
    assert page.locator("#my-name").input_value() == "Du" and page.locator(".saved").inner_text() == "Gemt"


def test_english_settings_on_a_desktop(contexts, server, screenshot):
    page = contexts("desktop", locale="en-GB").new_page()
    open_app(page, server)
    open_settings(page)
    assert_english(page, "Settings", "Language", "The regulars' pace")
    screenshot(page, "english-settings-desktop")
