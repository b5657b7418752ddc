"""Bakke's *Fejl* on a phone (issue 17), upright (390×844) and sideways (915×412): at a
pass-and-play table with a regular, the menu says what counts as a fault and never offers the
regular; a name asks first (*Fejl mod Mette?*, who, what it costs); *Fortryd* calls nothing,
*Ja, fejl* calls it with a news line naming the caller; *Fortryd fejlen* puts the dice back;
during the regular's turn *Fejl* cannot be pressed. Screenshots in test-artifacts/ (looked at).
"""
from __future__ import annotations

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_bakke import boot_to_table, button, counts, flick, overlaps, plant, planted, tray, turn
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
