"""Bakke's *Fejl* on a phone (issue 17), upright (390×844) and sideways (915×412): at a
pass-and-play table with a regular, the menu says what counts as a fault and never offers the
regular; a name asks first (*Fejl mod Mette?*, who, what it costs); *Fortryd* calls nothing,
*Ja, fejl* calls it with a news line naming the caller; *Fortryd fejlen* puts the dice back;
during the regular's turn *Fejl* cannot be pressed. At a table with friends the host accuses the
guest, whose own phone says who called it, and its undo. Screenshots in test-artifacts/ (looked at).
"""
from __future__ import annotations

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_bakke import boot_to_table, button, counts, flick, overlaps, plant, planted, tray, turn
from test_peer_games import (
    EXPECTED_NOISE,
    GUEST,
    HOST,
    bakke_shows,
    bakke_table,
    host_lobby,
    start_bakke_with,
)
from test_table_driver import tap

SEATS = [("Mette", "human"), ("Jonas", "human"), ("Henning", "regular")]
DICE = [2, 3, 4, 5, 6, 6, 6]  # Mette: tray 2 3 4 5, two dice left; Jonas's one die: a 6 stays


def news(page) -> str:
    return page.get_by_test_id("news").inner_text()


def on_screen(page, testid: str) -> None:
    """The element and every button in it lie inside the viewport, uncovered."""
    size = page.viewport_size
    for box in page.get_by_test_id(testid).locator("button").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().toJSON())") + [
            page.get_by_test_id(testid).bounding_box()]:
        x, y = box["x"], box["y"]
        w, h = box["width"], box["height"]
        assert 0 <= x and x + w <= size["width"] and 0 <= y and y + h <= size["height"], (testid, box)


@pytest.mark.parametrize("name, viewport", [("portrait", {"width": 390, "height": 844}),
                                            ("landscape", {"width": 915, "height": 412})])
def test_fejl_is_asked_called_told_and_undone(contexts, server, screenshot, name, viewport):
    page = contexts("phone", viewport=viewport).new_page()
    plant(page, planted(SEATS, DICE))
    boot_to_table(page, server)
    flick(page)  # Mette throws all six
    page.wait_for_function("document.querySelector('[data-testid=turn] .turn-line')"
                           "?.textContent === 'Jonas\\' tur'")
    page.wait_for_timeout(600)  # the tumble is over
    assert tray(page) == [2, 3, 4, 5] and counts(page)["Mette"] == 2

    tap(page, button(page, "Fejl"))
    menu = page.get_by_test_id("fejl-menu")
    menu.wait_for()
    what = page.get_by_test_id("fejl-what").inner_text()
    assert "røre bakken" in what and "gentlemanspil" in what
    accused = menu.get_by_test_id("fejl-against").evaluate_all("els => els.map(e => e.dataset.player)")
    assert accused == ["Mette"], "never the regular Henning"
    on_screen(page, "fejl-menu")
    screenshot(page, f"bakke-fejl-menu-{name}")

    tap(page, button(page, "Fejl mod Mette"))
    ask = page.get_by_test_id("fejl-confirm")
    ask.wait_for()
    text = ask.inner_text()
    assert "Fejl mod Mette?" in text
    assert "Jonas dømmer fejl mod Mette: Mette tager bakkens fire terninger op." in text
    assert page.evaluate("document.activeElement.dataset.testid") == "fejl-cancel"
    on_screen(page, "fejl-confirm")
    assert overlaps(page) == [], name
    screenshot(page, f"bakke-fejl-confirm-{name}")
    tap(page, button(page, "Fortryd"))  # nothing called
    page.wait_for_selector('[data-testid="fejl-confirm"]', state="detached")
    assert counts(page)["Mette"] == 2 and tray(page) == [2, 3, 4, 5]

    tap(page, button(page, "Fejl"))
    tap(page, button(page, "Fejl mod Mette"))
    tap(page, button(page, "Ja, fejl"))
    page.get_by_test_id("fejl-undo").wait_for()
    assert counts(page)["Mette"] == 6 and tray(page) == []
    assert "Fejl! Jonas dømmer fejl mod Mette: Mette tager fire terninger op" in news(page)
    assert "Fejl mod Mette – kan fortrydes indtil næste kast" in page.get_by_test_id(
        "fejl-undo-bar").inner_text()
    on_screen(page, "fejl-undo-bar")
    assert overlaps(page) == [], name
    screenshot(page, f"bakke-fejl-called-{name}")

    tap(page, button(page, "Fortryd fejlen"))
    page.wait_for_selector('[data-testid="fejl-undo"]', state="detached")
    assert counts(page)["Mette"] == 2 and tray(page) == [2, 3, 4, 5]
    assert "Jonas fortryder fejlen mod Mette: fire terninger tilbage i bakken" in news(page)
    screenshot(page, f"bakke-fejl-undone-{name}")

    flick(page)  # Jonas throws one die: a 6 stays; then Videre, and Henning throws
    page.wait_for_function("document.querySelector('[data-testid=thrown-die]')?.dataset.value === '6'"
                           " && document.querySelector('[data-testid=last-throw]').dataset.player === 'Jonas'")
    page.wait_for_timeout(500)
    tap(page, button(page, "Videre"))
    page.wait_for_function("document.querySelector('[data-testid=turn]').dataset.state === 'regular'")
    assert turn(page) == "Henning kaster …"
    assert page.evaluate("document.querySelector('.btn.fejl').disabled"), \
        "no fault during the regular's turn"
    screenshot(page, f"bakke-fejl-regulars-turn-{name}")


def test_at_a_table_with_friends_the_accused_guest_sees_the_fault_and_its_undo(contexts, server, watches,
                                                                                screenshot):
    """The host calls a fault against the guest on the host's phone; the guest's own phone (390×844)
    tells them who called it, and again when the caller takes it back."""
    host = contexts("phone", viewport={"width": 390, "height": 844}).new_page()
    guest = contexts("phone", viewport={"width": 390, "height": 844}).new_page()
    for w in watches:
        w.allowed_errors.extend(EXPECTED_NOISE)
    start_bakke_with(host, guest, host_lobby(host, server, "bakke"))
    pages = {HOST: host, GUEST: guest}
    table = bakke_table(host)
    for _ in range(30):  # play until the host may accuse the guest (dice in the tray)
        if GUEST in table.table.fejl_targets(HOST):
            break
        v = table.table.view(None)
        who = v["turn"]
        if table.table.phase == "over":  # one in ten games: the first throw empties a hand (B1)
            who, target = HOST, host.get_by_test_id("new-game")
        else:
            move = next((m for m in ("throw_all", "throw", "videre") if m in table.table.legal(who)),
                        None)
            if move is None:  # a loaded machine read the save between two moves: read it again
                host.wait_for_timeout(200)
                table = bakke_table(host)
                continue
            bakke_shows(pages[who], table.table.view(who))
            target = pages[who].locator(f'[data-action="{move}"]')
        tap(pages[who], target)
        for _ in range(200):
            new = bakke_table(host)
            if len(new.table.log) > len(table.table.log):
                break
            host.wait_for_timeout(100)
        table = new
    assert GUEST in table.table.fejl_targets(HOST), "the tray never held dice"
    taken = len(table.table.tray)
    bakke_shows(host, table.table.view(HOST))

    tap(host, button(host, "Fejl"))
    tap(host, button(host, f"Fejl mod {GUEST}"))
    host.get_by_test_id("fejl-confirm").wait_for()
    tap(host, button(host, "Ja, fejl"))
    host.get_by_test_id("fejl-undo").wait_for()
    guest.wait_for_function("t => document.querySelector('[data-testid=news]').textContent.includes(t)",
                            arg=f"Fejl! {HOST} dømmer fejl mod dig: du tager ", timeout=20_000)
    after = bakke_table(host)
    assert after.table.events[-1]["type"] == "fejl" and after.table.events[-1]["against"] == GUEST
    bakke_shows(guest, after.table.view(GUEST))
    assert guest.get_by_test_id("fejl-undo").count() == 0, "only the caller may undo"
    screenshot(guest, "bakke-fejl-friends-accused-guest")

    tap(host, button(host, "Fortryd fejlen"))
    guest.wait_for_function("t => document.querySelector('[data-testid=news]').textContent.includes(t)",
                            arg=f"{HOST} fortryder fejlen mod dig", timeout=20_000)
    back = bakke_table(host)
    assert back.table.view(None)["hands"][GUEST] == after.table.view(None)["hands"][GUEST] - taken
    bakke_shows(guest, back.table.view(GUEST))
    screenshot(guest, "bakke-fejl-friends-undone-guest")
