"""A whole evening against three regulars on a phone: real swipes and taps, to a *tabt helt*."""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import (
    my_dice,
    open_app,
    peek_by_swipe,
    set_settings,
    set_table,
    tap,
    wait_state,
)


def test_whole_evening_against_three_regulars(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_table(page, dice=2)
    screenshot(page, "evening-01-table")
    seats = page.get_by_test_id("seat").evaluate_all("els => els.map(e => e.dataset.player)")
    assert len(seats) == 4
    saw = {"peek": False, "bid": False, "call": False, "reveal": False, "black": False}
    games = set()
    for _ in range(300):
        s = wait_state(page, ("mine", "next"), timeout_s=30)
        games.add(page.locator(".round-info").inner_text().split("·")[0].strip())
        if page.locator('[data-testid="mat"][data-state="black"]').count():
            if not saw["black"]:
                screenshot(page, "evening-04-viborg")
            saw["black"] = True
        if s == "mine":
            dice = peek_by_swipe(page)
            assert 1 <= len(dice) <= 2 and all(1 <= d <= 6 for d in dice)
            assert my_dice(page) == [], "the dice leave the DOM when the finger lets go"
            saw["peek"] = True
            call = page.get_by_role("button", name="Løft", exact=True)
            if call.is_enabled():
                tap(page, call)
                saw["call"] = True
            else:
                if not saw["bid"]:
                    screenshot(page, "evening-02-my-turn")
                tap(page, page.get_by_role("button", name="Byd", exact=True))
                saw["bid"] = True
            continue
        verdict = page.locator(".verdict").inner_text()
        assert " taber runden" in verdict and verdict.startswith(("Buddet holdt", "Buddet var løgn"))
        assert page.get_by_test_id("revealed-die").count() >= 2  # all cups are lifted
        if not saw["reveal"]:
            screenshot(page, "evening-03-reveal")
            saw["reveal"] = True
        if "har tabt helt" in page.locator("#live").inner_text():
            screenshot(page, "evening-05-tabt-helt")
            break
        tap(page, page.locator('[data-action="next"]'))
    else:
        raise AssertionError("no one lost completely in 300 steps")
    assert all(saw.values()), saw
    assert len(games) >= 2, f"a tabt helt takes several games, saw {games}"
    # The tally gets its stroke.
    tap(page, page.get_by_role("button", name="Tavlen"))
    board = page.get_by_test_id("tally")
    board.wait_for(state="visible")
    strokes = board.locator("td.strokes").all_inner_texts()
    assert sorted(int(x) for x in strokes) == [0, 0, 0, 1]
    screenshot(page, "evening-06-tavlen")
