"""Peeking (S3, S40): by a real swipe on a phone, by holding the cup with a mouse, by holding Kig.
Your dice are in the DOM only while you peek."""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import (
    DIE,
    Touch,
    felt_point,
    my_count,
    my_dice,
    open_app,
    set_settings,
    set_table,
    tap,
    until_mine,
)


def cup_lift(page) -> float:
    return page.evaluate("""() => { const t = getComputedStyle(document.getElementById('cup-me')).transform;
        return t === 'none' ? 0 : -new DOMMatrix(t).m42; }""")


def test_peek_by_swipe_on_a_phone(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_table(page, dice=3)
    assert page.locator(DIE).count() == 0, "no dice in the DOM before a peek"
    until_mine(page)  # the round stays open while we look (the regulars may call among themselves)
    x, y = felt_point(page, 0.5, 0.8)
    t = Touch(page).start(x, y).move_to(x, y - 12, steps=2)
    assert my_dice(page) == [], "a small move only nudges the cup"
    t.move_to(x, y - 100)
    page.wait_for_timeout(30)
    dice = my_dice(page)
    assert len(dice) == my_count(page) and all(1 <= d <= 6 for d in dice)
    assert cup_lift(page) >= 90, "the cup follows the finger"
    screenshot(page, "peek-swipe-phone")
    t.end()
    assert page.locator(DIE).count() == 0, "the dice leave the DOM when the finger lets go"
    page.wait_for_function("getComputedStyle(document.getElementById('cup-me')).transform === 'none'")
    # A swipe that starts anywhere on the felt works, e.g. near the top.
    x, y = felt_point(page, 0.2, 0.3)
    t = Touch(page).start(x, y).move_to(x, y - 60)
    assert my_dice(page) == dice, "the same dice, whatever the regulars did meanwhile"
    t.end()


def test_peek_by_holding_the_cup_with_a_mouse(desktop_page, server, screenshot):
    page = desktop_page
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_table(page, dice=4)
    until_mine(page)
    cup = page.get_by_test_id("cup-me").bounding_box()
    # Pressing the felt beside the cup is not a peek with a mouse.
    page.mouse.move(cup["x"] - 150, cup["y"] + 10)
    page.mouse.down()
    assert page.locator(DIE).count() == 0
    page.mouse.up()
    page.mouse.move(cup["x"] + cup["width"] / 2, cup["y"] + cup["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(300)
    assert len(my_dice(page)) == my_count(page) >= 1
    screenshot(page, "peek-cup-desktop")
    page.mouse.up()
    assert page.locator(DIE).count() == 0


def test_peek_by_holding_kig_touch_and_mouse(phone_page, desktop_page, server):
    page = phone_page
    open_app(page, server)
    set_table(page, dice=2)
    until_mine(page)
    kig = page.get_by_role("button", name="Kig", exact=True).bounding_box()
    t = Touch(page).start(kig["x"] + kig["width"] / 2, kig["y"] + kig["height"] / 2)
    page.wait_for_timeout(200)
    assert len(my_dice(page)) == my_count(page) >= 1
    t.end()
    assert page.locator(DIE).count() == 0
    page = desktop_page
    open_app(page, server)
    set_table(page, dice=2)
    until_mine(page)
    page.get_by_role("button", name="Kig", exact=True).hover()
    page.mouse.down()
    page.wait_for_timeout(200)
    assert len(my_dice(page)) == my_count(page) >= 1
    page.mouse.up()
    assert page.locator(DIE).count() == 0


def test_peek_once_locks_the_cup_after_the_first_bid(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    set_settings(page, tempo="rolig")  # the regulars answer slowly: the round stays open while we look
    set_table(page, dice=3, switches={"S40": True}, regulars=2)
    until_mine(page)
    x, y = felt_point(page, 0.5, 0.8)
    t = Touch(page).start(x, y).move_to(x, y - 90)
    assert len(my_dice(page)) == my_count(page) >= 1, "before the first bid you may peek"
    t.end()
    tap(page, page.get_by_role("button", name="Byd", exact=True))
    cup = page.get_by_test_id("cup-me")
    page.wait_for_function("document.getElementById('cup-me').classList.contains('locked')")
    assert "låst" in cup.get_attribute("aria-label")
    t = Touch(page).start(x, y).move_to(x, y - 90)
    assert page.locator(DIE).count() == 0, "a locked cup shows nothing"
    screenshot(page, "peek-once-locked")
    t.end()
    assert page.get_by_role("button", name="Kig", exact=True).is_disabled()


def test_a_swipe_up_from_the_bid_strip_peeks_and_a_tap_on_it_still_opens_it(contexts, server, screenshot):
    """Issue 17 (the seed: swipe up *anywhere* on the table): a finger that starts on the
    round's bid strip lifts the cup too, and is no tap (the strip stays shut); a tap on the
    strip still opens the whole round."""
    from test_table_geometry import snyd_page
    page = snyd_page(contexts, server, 3, "da", first=1, tempo=1.0)  # a regular bids first
    until_mine(page)
    strip = page.get_by_test_id("history-toggle")
    box = strip.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    t = Touch(page).start(x, y).move_to(x, y - 80)
    page.wait_for_timeout(30)
    dice = my_dice(page)
    assert len(dice) == my_count(page) >= 1, "a swipe from the bid strip shows your dice"
    assert cup_lift(page) >= 60, "the cup follows the finger"
    screenshot(page, "peek-swipe-from-bid-strip")
    t.end()
    assert page.locator(DIE).count() == 0, "letting go hides them"
    assert strip.get_attribute("aria-expanded") == "false", "a swipe is not a tap: the strip stays shut"
    t = Touch(page).start(x, y)
    t.end()
    page.wait_for_function(
        "document.querySelector('[data-testid=history-toggle]').getAttribute('aria-expanded') === 'true'")
    assert page.locator(DIE).count() == 0, "a tap shows no dice"
