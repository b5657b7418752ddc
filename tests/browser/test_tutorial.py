"""*Lær at spille*: a newcomer on a phone plays Snyd's first game to the end by the step texts
alone (the last sentence names the button; the peek is a held Kig), a short tap on Kig earns a
line, skipping works and answers the first-start offer for good, and Bakke's and Treere's
tutorials reach their end."""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import Touch, felt_point, open_app, set_settings, set_table, tap

STEP = '[data-testid="tutorial"]'


def step_key(page) -> str:
    return page.locator(STEP).get_attribute("data-step")


def last_sentence(text: str) -> str:
    parts = [p for p in text.replace("!", ".").split(".") if p.strip()]
    return parts[-1].lower()


def hold(page, testid: str, ms: int) -> list[int]:
    """A finger held on `testid` for `ms`; returns your dice seen meanwhile."""
    box = page.get_by_test_id(testid).bounding_box()
    t = Touch(page).start(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_timeout(ms)
    seen = [int(v) for v in page.locator('[data-testid="tutorial-cup"] .die[data-value]')
            .evaluate_all("els => els.map(e => e.dataset.value)")]
    t.end()
    return seen


def follow_the_text(page) -> None:
    """Tap the one choice the step's text names last (or the only one)."""
    text = page.get_by_test_id("tutorial-text").inner_text()
    choices = page.locator('[data-action="choice"]')
    labels = choices.all_inner_texts()
    named = [i for i, label in enumerate(labels) if label.lower() in last_sentence(text)]
    if len(labels) == 1:
        named = [0]
    assert len(named) == 1, f"the text must name one choice: {text!r} {labels}"
    tap(page, choices.nth(named[0]))


def open_learn(page, server, game: str) -> None:
    open_app(page, server)
    tap(page, page.get_by_test_id("open-regler"))
    tap(page, page.get_by_test_id(f"regler-{game}"))
    tap(page, page.get_by_test_id("regler-learn"))
    page.wait_for_selector(f'{STEP}[data-game="{game}"]')


def test_a_newcomer_learns_snyd_by_the_hints_alone(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    offer = page.get_by_test_id("tutorial-offer")
    offer.wait_for()
    tap(page, page.get_by_test_id("offer-learn"))
    page.wait_for_selector(f'{STEP}[data-step="peek"]')
    assert page.get_by_test_id("peek-hint").inner_text() in ("Stryg op for at kigge", "Hold på Kig")
    assert page.locator('[data-testid="tutorial-cup"] .die[data-value]').count() == 0
    screenshot(page, "tutorial-snyd-peek-phone")
    # A tap too short: the dice flash, a line says to hold, the step waits.
    hold(page, "tutorial-kig", 60)
    assert "Hold Kig nede" in page.get_by_test_id("tutorial-nudge").inner_text()
    assert step_key(page) == "peek"
    seen = hold(page, "tutorial-kig", 700)
    assert sorted(seen) == [1, 4, 4], "your own dice show while you hold Kig"
    page.wait_for_selector(f'{STEP}[data-step="jokers"]')
    assert page.get_by_test_id("peek-hint").count() == 0, "no hint once you have looked"
    # A wrong choice: a nudge, the same step.
    tap(page, page.get_by_test_id("tutorial-choice-0"))
    assert page.get_by_test_id("tutorial-nudge").inner_text() != ""
    assert step_key(page) == "jokers"
    seen_steps = []
    while step_key(page) != "done":
        seen_steps.append(step_key(page))
        if seen_steps[-1] == "reveal":
            screenshot(page, "tutorial-snyd-reveal-phone")
        follow_the_text(page)
    assert seen_steps == ["jokers", "call", "reveal", "one_two", "one_two_reveal", "lone_one",
                          "viborg", "house_rules", "clock"]
    assert page.get_by_test_id("tutorial-done").is_visible()
    # Finishing answered the offer: the start screen offers it no more, even after a reload.
    page.reload()
    page.wait_for_selector('[data-testid="start"]')
    page.wait_for_function("document.documentElement.dataset.ready === 'true'")
    assert page.get_by_test_id("tutorial-offer").count() == 0


def test_skip_leaves_at_once_and_answers_the_offer(phone_page, server):
    page = phone_page
    open_learn(page, server, "snyd")
    tap(page, page.get_by_test_id("tutorial-skip"))
    page.wait_for_selector('[data-testid="regler-text"]')
    tap(page, page.get_by_test_id("back"))
    page.wait_for_selector('[data-testid="start"]')
    assert page.get_by_test_id("tutorial-offer").count() == 0


def test_declining_the_offer_is_remembered(phone_page, server):
    page = phone_page
    open_app(page, server)
    tap(page, page.get_by_test_id("offer-decline"))
    assert page.get_by_test_id("tutorial-offer").count() == 0
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === 'true'")
    assert page.get_by_test_id("tutorial-offer").count() == 0


def test_bakke_tutorial_reaches_its_end(phone_page, server, screenshot):
    page = phone_page
    open_learn(page, server, "bakke")
    while step_key(page) != "done":
        if step_key(page) == "out":
            screenshot(page, "tutorial-bakke-out-phone")
        follow_the_text(page)
    assert page.get_by_test_id("tutorial-done").is_visible()


KEEP_FACES = {"keep_threes": [3, 3], "keep_low": [3, 1], "keep_last": [2]}


def test_treere_tutorial_reaches_its_end(phone_page, server, screenshot):
    page = phone_page
    open_learn(page, server, "treere")
    while step_key(page) != "done":
        key = step_key(page)
        if key in KEEP_FACES:
            wanted = list(KEEP_FACES[key])
            for i, face in enumerate(page.locator('[data-action="pick"] .die')
                                     .evaluate_all("els => els.map(e => +e.dataset.value)")):
                if face in wanted:
                    wanted.remove(face)
                    tap(page, page.get_by_test_id(f"tutorial-die-{i}"))
            if key == "keep_threes":
                screenshot(page, "tutorial-treere-keep-phone")
            tap(page, page.get_by_test_id("tutorial-keep"))
        else:
            follow_the_text(page)
    assert "Du: 3" in page.get_by_test_id("tutorial-line").inner_text()


def test_the_table_hints_the_peek_until_a_real_look(phone_page, server, screenshot):
    """At a real Snyd table: the hint on your cup, a line after a blink on Kig, gone after a look."""
    page = phone_page
    open_app(page, server)
    set_settings(page, tempo="rolig")
    set_table(page, dice=3)
    hint = page.get_by_test_id("cup-me").get_by_test_id("peek-hint")
    hint.wait_for()
    assert hint.inner_text() == "Stryg op for at kigge"
    screenshot(page, "table-peek-hint-phone")
    box, felt = hint.bounding_box(), page.get_by_test_id("table").bounding_box()
    assert felt["x"] <= box["x"] and box["x"] + box["width"] <= felt["x"] + felt["width"]
    for other in page.locator(".seat:not(.me)").all():
        o = other.bounding_box()
        assert o["y"] + o["height"] <= box["y"], "the hint covers no other seat"
    kig = page.locator('#controls [data-action="peek"]').bounding_box()
    t = Touch(page).start(kig["x"] + kig["width"] / 2, kig["y"] + kig["height"] / 2)
    page.wait_for_timeout(40)
    t.end()
    page.wait_for_function(
        "document.getElementById('toast').textContent.includes('Hold Kig nede')")
    assert hint.count() == 1, "a blink is no look: the hint stays"
    x, y = felt_point(page, 0.5, 0.75)
    t = Touch(page).start(x, y).move_to(x, y - 90)
    page.wait_for_timeout(600)
    t.end()
    page.wait_for_function("!document.querySelector('#cup-me [data-testid=\"peek-hint\"]')")
