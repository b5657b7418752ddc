"""The table's screens on phone and desktop: Dæk bordet, the bid picker, Skjult antal, the
practice panel, accessibility (names, live region, touch targets, reduced motion), landscape."""
from __future__ import annotations

import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import FELT, open_app, set_settings, set_table, tap, until_mine

WORD = {2: "to", 3: "tre", 4: "fire", 5: "fem", 6: "seks", 7: "syv", 8: "otte"}


def test_setup_screen_rule_sets_switches_and_seats(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    tap(page, page.get_by_test_id("game-snyd"))
    page.wait_for_selector('[data-testid="setup"]')
    page.get_by_test_id("ruleset").select_option("hardcore")
    on = {r: page.locator(f'input[data-rule="{r}"]').is_checked() for r in
          ("S13", "S16", "S17", "S40", "S41", "S43")}
    assert on == {"S13": False, "S16": True, "S17": False, "S40": True, "S41": True, "S43": True}
    page.get_by_test_id("ruleset").select_option("slags")
    assert page.locator('input[data-rule="S17"]').is_checked()
    assert not page.locator('input[data-rule="S43"]').is_checked()
    # Every house rule of the issue, each with a one-line Danish explanation.
    rules = page.locator("input[data-rule]").evaluate_all("els => els.map(e => e.dataset.rule)")
    assert rules == ["S13", "S15", "S16", "S17", "S23", "S32", "S33", "S34", "S40", "S41", "S42", "S43"]
    # Regulars come with their descriptions; the table takes at most eight.
    assert page.locator('[data-testid="setup-seat"][data-kind="regular"] .reg-desc').first.inner_text()
    while page.get_by_test_id("add-regular").is_enabled():
        tap(page, page.get_by_test_id("add-regular"))
    while page.get_by_test_id("add-human").is_enabled():
        tap(page, page.get_by_test_id("add-human"))
    assert page.get_by_test_id("setup-seat").count() == 8
    screenshot(page, "setup-full")
    # Down to one seat: a clear message, no crash, no table.
    while page.get_by_test_id("setup-seat").count() > 1:
        tap(page, page.get_by_test_id("setup-seat").last.get_by_role("button"))
    tap(page, page.get_by_test_id("start-table"))
    alert = page.locator('[data-testid="setup"] .error')
    alert.wait_for()
    assert "2–8 pladser" in alert.inner_text()
    assert page.locator(FELT).count() == 0


def test_bid_with_the_picker_on_a_desktop(desktop_page, server, screenshot):
    page = desktop_page
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_table(page, dice=4, regulars=2)
    until_mine(page)
    quantity = page.get_by_test_id("bid-quantity")
    face = page.get_by_test_id("bid-face")
    qs = [int(v) for v in quantity.locator("option").evaluate_all("els => els.map(e => e.value)")]
    current = page.locator(".centre .current").inner_text()
    if ":" in current:  # someone bid before us: every offered quantity is at least theirs
        said = current.split(":", 1)[1].strip().split()[0]
        assert WORD.get(qs[0], str(qs[0])) == said or qs[0] > 1
    target = qs[min(2, len(qs) - 1)]
    quantity.select_option(str(target))
    faces = face.locator("option").evaluate_all("els => els.map(e => e.value)")
    assert "1" not in faces, "ones are jokers: never offered"
    face.select_option(faces[-1])
    tap(page, page.get_by_role("button", name="Byd", exact=True))
    mine = page.locator('.seat.me .bubble')
    mine.wait_for()
    assert mine.inner_text().startswith(WORD.get(target, "en" if target == 1 else str(target)))
    assert "Du:" in page.locator("#live").inner_text()
    screenshot(page, "table-desktop-bid")


def test_hidden_count_fogs_the_glass_and_shows_no_counts(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    set_table(page, dice=3, ruleset="hardcore")
    glass = page.get_by_test_id("glass")
    assert "fogged" in glass.get_attribute("class")
    assert not re.search(r"\d", glass.inner_text())
    assert page.locator(".seat:not(.me) .dice-count").count() == 0
    # a player always knows their own count (views.md: my_dice_count), even under the beer mat
    assert page.locator(".seat.me .dice-count").inner_text() == "3"
    screenshot(page, "table-hidden-count")


def test_practice_panel_against_the_regulars(phone_page, server):
    page = phone_page
    open_app(page, server)
    set_settings(page, tempo="hurtig", practice=True)
    set_table(page, dice=3, regulars=2)
    until_mine(page)
    panel = page.get_by_test_id("practice")
    panel.wait_for()
    assert "Forslag:" in panel.inner_text() and "%" in panel.inner_text()


def test_accessibility_names_live_region_and_touch_targets(phone_page, server):
    page = phone_page
    open_app(page, server)
    set_table(page, dice=2, ruleset="turnering")
    for name in ("Kig", "Byd", "Løft"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1
    page.get_by_role("timer").wait_for()  # shown from the first tick of the turn
    assert page.get_by_role("timer").count() == 1
    assert page.locator('[aria-live="polite"]#live').count() == 1
    small = page.evaluate("""() => [...document.querySelectorAll(
            '.snyd-table button, .snyd-table select, [data-testid=cup-me]')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.textContent.trim() || e.getAttribute('aria-label'), e.getBoundingClientRect()])
        .filter(([n, r]) => r.width < 44 || r.height < 44).map(([n]) => n)""")
    assert small == [], f"touch targets under 44 px: {small}"


def test_reduced_motion_and_landscape(contexts, server, screenshot):
    ctx = contexts("phone", reduced_motion="reduce", viewport={"width": 915, "height": 412})
    page = ctx.new_page()
    open_app(page, server)
    set_table(page, dice=3)
    assert page.evaluate("getComputedStyle(document.getElementById('cup-me')).transitionDuration") == "0s"
    for name in ("Kig", "Byd", "Løft"):
        box = page.get_by_role("button", name=name, exact=True).bounding_box()
        assert box["y"] + box["height"] <= 412 and box["x"] + box["width"] <= 915
    felt = page.locator(FELT).bounding_box()
    assert felt["height"] > 200
    screenshot(page, "table-landscape")
