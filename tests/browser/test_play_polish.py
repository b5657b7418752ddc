"""Findings of the Friday-night play-test that live in the DOM glue (the pure ones are in
tests/ui/snyd/test_play_fixes.py): each test failed before its fix."""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import (
    FELT,
    open_app,
    set_settings,
    set_table,
    state,
    tap,
    until_mine,
    wait_state,
)


def overlaps(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def to_a_reveal(page) -> None:
    """Call the first bid this phone sees (or bid when there is none) until a verdict shows."""
    for _ in range(40):
        s = wait_state(page, ("mine", "next", "handoff"), timeout_s=30)
        if s == "next":
            return
        if s == "handoff":
            tap(page, page.locator('[data-action="handoff-ok"]'))
            continue
        call = page.get_by_role("button", name="Løft", exact=True)
        tap(page, call if call.is_enabled() else page.get_by_role("button", name="Byd", exact=True))
    raise AssertionError("no reveal")


def test_the_screen_root_is_not_a_live_region_only_the_table_log_is(phone_page, server):
    # <main id="screen"> used to be aria-live: every redraw of the felt was read out.
    page = phone_page
    open_app(page, server)
    assert page.locator("main#screen").get_attribute("aria-live") is None
    set_settings(page, tempo="hurtig")
    set_table(page, dice=2)
    assert page.locator("main#screen").get_attribute("aria-live") is None
    assert page.locator('#live[aria-live="polite"][role="log"]').count() == 1
    tap(page, page.get_by_role("button", name="Forlad bordet"))
    page.wait_for_selector('[data-testid="start"]')
    assert page.locator("main#screen").get_attribute("aria-live") is None


def test_the_verdict_never_covers_a_seat_and_the_news_sits_with_naeste(contexts, server, screenshot):
    # Portrait and landscape with the default four seats, and a full table of eight (its lowest
    # side seats sit halfway down the felt).
    for size, humans, regulars in (({"width": 412, "height": 915}, None, None),
                                   ({"width": 915, "height": 412}, None, None),
                                   ({"width": 412, "height": 915}, ["Du", "Mette", "Ole"], 5)):
        page = contexts("phone", viewport=size).new_page()
        open_app(page, server)
        set_settings(page, tempo="hurtig")
        # one die each: the first call ends a game, with its news
        set_table(page, dice=1, humans=humans, regulars=regulars)
        to_a_reveal(page)
        box = page.locator(".centre.reveal").bounding_box()
        names = page.locator('[data-testid="seat"] .seat-name, [data-testid="seat"] .seat-tags, '
                             '.seat.me .mat, .seat.me .bubble')
        for i in range(names.count()):
            if names.nth(i).is_visible():
                assert not overlaps(box, names.nth(i).bounding_box()), \
                    f"the verdict covers {names.nth(i).inner_text()!r} at {size}"
        felt = page.locator(FELT).bounding_box()
        for b in page.locator(".bubble").all():
            assert b.bounding_box()["y"] >= felt["y"], f"{b.inner_text()!r} sticks out of the felt at {size}"
        next_btn = page.locator('[data-action="next"]')
        assert page.locator("#controls").locator('[data-action="next"]').count() == 1
        assert next_btn.bounding_box()["height"] >= 44
        assert page.locator("#controls .after li").count() >= 1  # slap / taber spillet / Viborg …
        screenshot(page, f"polish-reveal-{size['width']}x{size['height']}-{page.get_by_test_id('seat').count()}")


def test_landscape_verdict_keeps_clear_of_every_seat_bubble_and_the_controls(contexts, server, screenshot):
    # 915×412: the verdict used to sit in the felt's middle, over the top of your own mat and
    # your own "Løft!" bubble. Every seat, mat and bubble (not only names) must stay clear.
    for humans, regulars in ((None, None), (["Du", "Mette", "Ole"], 5)):
        page = contexts("phone", viewport={"width": 915, "height": 412}).new_page()
        open_app(page, server)
        set_settings(page, tempo="hurtig")
        set_table(page, dice=1, humans=humans, regulars=regulars)
        to_a_reveal(page)
        verdict = page.locator(".centre.reveal")
        box = verdict.bounding_box()
        assert box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= 915 \
            and box["y"] + box["height"] <= 412, f"the verdict leaves the screen: {box}"
        others = page.locator('[data-testid="seat"], [data-testid="seat"] .mat, .bubble, #controls')
        seen = 0
        for i in range(others.count()):
            el = others.nth(i)
            if el.is_visible():
                seen += 1
                assert not overlaps(box, el.bounding_box()), \
                    f"the verdict covers {el.get_attribute('class')} {el.inner_text()!r}"
        assert seen >= 2 * page.get_by_test_id("seat").count() + 1  # every seat, its mat, the controls
        screenshot(page, f"polish-landscape-verdict-{page.get_by_test_id('seat').count()}")


def test_the_clock_goes_at_once_when_a_call_is_made(phone_page, server):
    page = phone_page
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_table(page, dice=2, ruleset="turnering", regulars=1)
    for _ in range(20):
        until_mine(page)
        page.get_by_role("timer").wait_for()
        call = page.get_by_role("button", name="Løft", exact=True)
        if call.is_enabled():
            # Tap and look in the same breath: no 200 ms tick may pass in between.
            hidden = page.evaluate("""() => {
                document.querySelector('[data-action="call"]').click();
                return document.getElementById('clock').hidden;
            }""")
            assert state(page) == "next"
            assert hidden, "the clock stayed on over the reveal until the next tick"
            return
        tap(page, page.get_by_role("button", name="Byd", exact=True))
    raise AssertionError("never had a bid to call")


def test_old_bubbles_stay_still_when_the_felt_is_redrawn(phone_page, server):
    page = phone_page
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_table(page, dice=3)
    for _ in range(10):
        until_mine(page)
        if page.locator(".bubble").count() >= 2:
            break
        tap(page, page.get_by_role("button", name="Byd", exact=True))
    assert page.locator(".bubble").count() >= 2
    moving = page.evaluate("""() => [...document.querySelectorAll('.bubble')]
        .filter(b => getComputedStyle(b).animationName !== 'none').length""")
    assert moving <= 1, f"{moving} bubbles replayed their pop on a redraw"


def test_sharing_the_phone_renames_the_default_seat(phone_page, server):
    page = phone_page
    open_app(page, server)
    tap(page, page.get_by_test_id("game-snyd"))
    page.wait_for_selector('[data-testid="setup"]')
    assert page.locator('[data-testid="setup-seat"][data-kind="human"] input').input_value() == "Du"
    tap(page, page.get_by_test_id("add-human"))
    names = page.locator('[data-testid="setup-seat"][data-kind="human"] input').evaluate_all(
        "els => els.map(e => e.value)")
    assert "Du" not in names and len(names) == 2
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_selector(FELT)
