"""The clock (S41): bottom-left on a phone, top-right on a desktop, red at the end, acts at zero."""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import me, open_app, set_settings, set_table, until_mine


def clock_box(page):
    clock = page.get_by_role("timer")
    clock.wait_for(state="visible")
    assert clock.get_attribute("data-testid") == "clock"
    return clock.bounding_box(), page.viewport_size


def test_clock_bottom_left_on_a_phone(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    set_table(page, dice=2, ruleset="turnering")
    box, vp = clock_box(page)
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert cx < vp["width"] / 2 and cy > vp["height"] / 2, (box, vp)
    assert box["width"] >= 44 and box["height"] >= 44
    screenshot(page, "clock-phone")


def test_clock_top_right_on_a_desktop(desktop_page, server, screenshot):
    page = desktop_page
    open_app(page, server)
    set_table(page, dice=2, ruleset="turnering")
    box, vp = clock_box(page)
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert cx > vp["width"] / 2 and cy < vp["height"] / 2, (box, vp)
    screenshot(page, "clock-desktop")


def test_clock_turns_red_and_acts_at_zero(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_table(page, dice=3, ruleset="turnering", regulars=1)
    until_mine(page)
    name = me(page)
    clock = page.get_by_role("timer")
    start = int(clock.inner_text())
    assert 12 <= start <= 15
    assert "red" not in clock.get_attribute("class")
    page.wait_for_function("document.getElementById('clock').classList.contains('red')", timeout=15_000)
    assert int(clock.inner_text()) <= 5
    screenshot(page, "clock-red")
    # Nobody touches anything: at zero the engine's timeout acts for us.
    page.wait_for_function(
        f"document.getElementById('live').innerText.includes('{name} nåede det ikke – tiden løb ud')",
        timeout=10_000)
    text = page.locator("#live").inner_text()
    # An opener makes the lowest bid; otherwise the timeout calls.
    assert f"{name}: en toer" in text or f"{name}: Løft!" in text
