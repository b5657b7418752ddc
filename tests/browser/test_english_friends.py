"""Issue 12, "In English too", at a table with friends: phones of two languages at one table.

A Danish host (locale da-DK) and an English guest (en-GB): the guest's join screen, its seat
in the lobby and every notice the host sends it (a name already taken, its seat removed, the
table closed) are English on its phone, while the host's lobby and table stay Danish — the
host sends codes, each phone says them in its own words (app/friends/core/notices.py). Then an English
host's lobby with a Danish guest, and an English phone at a broken link and at a table that
is gone. No ⟦key⟧ on any phone, none of the moved words of the other language, and no console
error (a missing key logs one: the conftest's watch fails the test).
"""
from __future__ import annotations

import json
import pathlib
import re
import sys
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_friends import guest_sits, host_lobby, lobby_seat
from test_table_driver import FELT, open_app, tap

SETTINGS_KEY = "bodegabordet.settings"
# The friends area's Danish words (whole words): none may show on an English phone's screens
# of this area.
DANISH = ["Sæt dig", "Dit navn", "Til forsiden", "Prøv igen", "Med vennerne", "Kopiér link",
          "Stamgæst", "stamgæst", "Start spillet", "Tilbage", "Ved bordet", "vært", "ven",
          "forbundet", "genforbinder", "væk", "Venter på værten", "Værten", "Bordet", "Linket",
          "Der sidder", "pladser", "Del"]
# …and the English ones may not show on a Danish phone.
ENGLISH = ["Take a seat", "Your name", "Sit down", "Try again", "With friends", "Copy link",
           "Regular", "Start game", "At the table", "friend", "connected", "The host"]
JOIN_TEXT = "() => document.querySelector('[data-testid=join]')?.innerText || ''"


def text_of(page: Any) -> str:
    return page.evaluate("document.body.innerText")


def shows(page: Any, words: tuple[str, ...], forbidden: list[str]) -> None:
    """The page shows ``words``, no missing key, and none of the ``forbidden`` (whole words)."""
    text = text_of(page)
    assert "⟦" not in text, text
    for w in words:
        assert w in text, f"{w!r} not shown: {text[:500]!r}"
    left = [w for w in forbidden if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]
    assert left == [], f"other language left: {left} in {text[:500]!r}"


def english_phone(contexts: Any, kind: str = "phone") -> Any:
    return contexts(kind, locale="en-GB").new_page()


def wait_join_says(page: Any, words: str, timeout: int = 30_000) -> None:
    page.wait_for_function(f"() => ({JOIN_TEXT})().includes({json.dumps(words)})", timeout=timeout)


def test_a_danish_host_and_an_english_guest_at_one_table(contexts, server, screenshot):
    host = contexts("phone").new_page()
    url = host_lobby(host, server)
    shows(host, ("Med vennerne", "Kopiér link", "Ved bordet", "+ Stamgæst", "Start spillet"), ENGLISH)

    # The English friend's first visit: the join screen in English.
    guest = english_phone(contexts)
    guest.goto(url)
    guest.get_by_test_id("join").wait_for(timeout=90_000)
    shows(guest, ("Take a seat", "Your name", "Sit down", "Home"), DANISH)
    assert guest.get_by_test_id("join-name").get_attribute("placeholder") == "Your name"
    guest.get_by_test_id("join-name").fill("Mette")
    tap(guest, guest.get_by_test_id("join-sit"))
    wait_join_says(guest, "You're at the table. The host starts the game when everyone's here.")
    shows(guest, ("Take a seat",), DANISH)
    screenshot(guest, "english-friends-join-seated")
    # The host's lobby lists her in Danish.
    lobby_seat(host, "Mette").wait_for(timeout=30_000)
    host.wait_for_function("() => document.querySelector('[data-testid=lobby-seat][data-player=Mette]')"
                           "?.innerText.includes('forbundet')", timeout=30_000)
    shows(host, ("ven", "forbundet", "vært"), ENGLISH)

    # A second English phone asks for her name: the host's refusal is a code, said in English.
    other = english_phone(contexts)
    other.goto(url)
    other.get_by_test_id("join").wait_for(timeout=90_000)
    other.get_by_test_id("join-name").fill("mette")
    tap(other, other.get_by_test_id("join-sit"))
    wait_join_says(other, "There's already a mette at the table – pick another name")
    shows(other, ("Sit down",), DANISH)
    assert other.get_by_test_id("join-sit").is_visible()  # the form again, for another name
    screenshot(other, "english-friends-name-taken")

    # The host removes her seat: her phone says so in English, over the name form.
    tap(host, lobby_seat(host, "Mette").get_by_role("button"))
    wait_join_says(guest, "The host has removed your seat", timeout=15_000)
    shows(guest, ("Sit down",), DANISH)
    screenshot(guest, "english-friends-removed")

    # She sits down again; the host seats a regular and starts: both tables, each in its language.
    guest.get_by_test_id("join-name").fill("Mette")
    tap(guest, guest.get_by_test_id("join-sit"))
    lobby_seat(host, "Mette").wait_for(timeout=30_000)
    wait_join_says(guest, "You're at the table")
    tap(host, host.get_by_test_id("add-regular"))
    host.locator('[data-testid="lobby-seat"][data-kind="regular"]').wait_for()
    tap(host, host.get_by_test_id("start-table"))
    for page in (host, guest):
        page.wait_for_selector(FELT, timeout=30_000)
    assert "⟦" not in text_of(host) + text_of(guest)
    assert host.locator('[data-action="call"]').inner_text().strip() == "Løft"
    assert guest.locator('[data-action="call"]').inner_text().strip() == "Call"
    screenshot(guest, "english-friends-guest-table")

    # The host leaves the table: her phone says in English that the table is closed.
    tap(host, host.get_by_role("button", name="Forlad bordet"))
    wait_join_says(guest, "The host has closed the table", timeout=15_000)
    # …with the way home only: a closed table is not offered "Sit down" again (issue 16)
    shows(guest, ("The table is closed", "Thanks for the game!", "Home"), DANISH)
    assert guest.get_by_test_id("join-sit").count() == 0
    screenshot(guest, "english-friends-join-closed")
    assert "⟦" not in text_of(host)


def test_an_english_hosts_lobby_with_a_danish_guest(contexts, server, screenshot):
    host = english_phone(contexts)
    open_app(host, server)
    tap(host, host.get_by_test_id("game-snyd"))
    host.wait_for_selector('[data-testid="setup"]')
    tap(host, host.get_by_test_id("mode-friends"))
    while host.locator('[data-testid="setup-seat"][data-kind="regular"]').count():
        tap(host, host.locator('[data-testid="setup-seat"][data-kind="regular"]').last.get_by_role("button"))
    host.locator('[data-testid="setup-seat"][data-kind="human"] input').fill("Ole")
    tap(host, host.get_by_test_id("open-lobby"))
    url = host.get_by_test_id("share-link").input_value()
    host.get_by_test_id("share-qr").wait_for(timeout=30_000)
    shows(host, ("With friends", "Send the link", "Copy link", "At the table", "+ Regular", "Start game",
                 "Back", "host"), DANISH)
    assert host.get_by_test_id("share-qr").get_attribute("aria-label") == "QR code with the link to the table"
    assert host.locator("#share-qr-box").get_attribute("aria-label") == "QR code for the table"
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tap(host, host.get_by_test_id("copy-link"))
    host.wait_for_function("() => document.getElementById('copy-status').textContent === 'Link copied'")
    # Alone at the table: the engine's refusal in the host's half.
    tap(host, host.get_by_test_id("start-table"))
    refusal = host.locator("#lobby-error").inner_text().strip()
    assert refusal and not re.search(r"[æøå]", refusal), refusal

    guest = contexts("phone").new_page()  # a Danish phone
    guest_sits(guest, url, "Mette")
    wait_join_says(guest, "Du sidder ved bordet")
    shows(guest, ("Sæt dig ved bordet",), ENGLISH)
    guest.wait_for_function("() => document.querySelector('[data-testid=join-invite]')"
                            "?.textContent === 'Ole inviterer dig til Snyd'", timeout=15_000)
    lobby_seat(host, "Mette").wait_for(timeout=30_000)
    host.wait_for_function("() => document.querySelector('[data-testid=lobby-seat][data-player=Mette]')"
                           "?.innerText.includes('connected')", timeout=30_000)
    assert lobby_seat(host, "Mette").get_by_role("button").get_attribute("aria-label") == "Remove Mette"
    tap(host, host.get_by_test_id("add-regular"))
    host.locator('[data-testid="lobby-seat"][data-kind="regular"]').wait_for()
    shows(host, ("friend", "connected", "regular"), DANISH)
    # The picker, rebuilt after the seats changed, still says who each regular is (in English).
    choices = host.locator('[data-testid="regular-choice"] option').all_inner_texts()
    assert choices and all(" – " in c for c in choices), choices
    screenshot(host, "english-friends-lobby-phone")
    host.set_viewport_size({"width": 1280, "height": 800})
    screenshot(host, "english-friends-lobby-wide")
    # Back: the English host leaves, the Danish guest hears it in Danish.
    tap(host, host.locator('[data-testid="lobby"] [data-action="back"]'))
    wait_join_says(guest, "Værten har lukket bordet", timeout=15_000)
    shows(guest, ("Bordet er lukket", "Til forsiden"), ENGLISH)
    assert guest.get_by_test_id("join-sit").count() == 0


def test_an_english_phone_at_a_broken_link_and_at_a_table_that_is_gone(contexts, server, screenshot):
    page = english_phone(contexts)
    page.goto(f"{server.rstrip('/')}/?bord=kort")
    page.get_by_test_id("join").wait_for(timeout=90_000)
    shows(page, ("Take a seat", "The link to the table isn't whole – ask for a new one", "Home"), DANISH)
    page.goto(f"{server.rstrip('/')}/?bord={'A' * 22}")   # well-formed, but no such table
    page.get_by_test_id("join").wait_for(timeout=90_000)
    page.get_by_test_id("join-name").fill("Mette")
    tap(page, page.get_by_test_id("join-sit"))
    retry = page.get_by_test_id("join-retry")
    retry.wait_for(timeout=30_000)
    assert retry.inner_text() == "Try again"
    shows(page, ("There is no such table",), DANISH)
    screenshot(page, "english-friends-no-table")
