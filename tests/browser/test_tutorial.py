"""*Lær at spille*: a newcomer on a phone plays Snyd's first game to the end by the step texts
alone (the last sentence names the button; the peek is a held Kig), a short tap on Kig earns a
line, skipping works and answers the first-start offer for good, and Bakke's and Treere's
tutorials reach their end."""
from __future__ import annotations

import pathlib
import sys

import pytest

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


# The throw each Bakke step's text tells of (issue 17): the board row it is on (1 Henning,
# 2 you), its faces and what became of each die (app/bakke/tutorial.py, `fates`).
BAKKE_THROWS = {
    "first_throw": None,
    "your_throw": (2, [1, 4, 4, 2, 6, 1], ["gone", "up", "up", "stays", "stays", "gone"]),
    "henning_stays": (1, [5], ["stays"]),
    "resolve": (1, [2], ["up"]),
    "one_leaves": (2, [1], ["gone"]),
    "out": (2, [3], ["stays"]),
    "fejl": (2, [3], ["stays"]),
}


def shown_throw(page):
    """The throw on the board now: (its row, faces, marks), or None."""
    throw = page.locator('[data-testid^="tutorial-throw-"]')
    if throw.count() == 0:
        return None
    assert throw.count() == 1, "one throw on the board: the last"
    row = int(throw.get_attribute("data-testid").rsplit("-", 1)[1])
    faces = [int(v) for v in throw.locator(".die").evaluate_all(
        "els => els.map(e => e.dataset.value)")]
    marks = throw.locator(".fate").evaluate_all("els => els.map(e => e.dataset.fate)")
    return row, faces, marks


def walk_bakke(page, screenshot, shot: str) -> list[str]:
    """Bakke's tutorial by its texts, checking at every step that the board shows the throw the
    text tells of, wholly inside the screen's width; a screenshot of each step."""
    steps = []
    width = page.viewport_size["width"]
    while step_key(page) != "done":
        key = step_key(page)
        steps.append(key)
        assert shown_throw(page) == BAKKE_THROWS[key], key
        if BAKKE_THROWS[key] is not None:
            box = page.locator('[data-testid^="tutorial-throw-"]').bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, key
        screenshot(page, f"tutorial-bakke-{key}-{shot}", full_page=True)
        follow_the_text(page)
    assert page.get_by_test_id("tutorial-done").is_visible()
    return steps


def test_bakke_tutorial_reaches_its_end(phone_page, server, screenshot):
    """Issue 17: each throw the text tells of is on the board at its step — yours, Henning's
    two (one a step), the 1 that leaves and the 3 that stays — upright on a phone."""
    page = phone_page
    open_learn(page, server, "bakke")
    assert walk_bakke(page, screenshot, "phone") == list(BAKKE_THROWS)


def test_bakke_tutorial_shows_each_throw_sideways(contexts, server, screenshot):
    page = contexts("phone", viewport={"width": 915, "height": 412}).new_page()
    open_learn(page, server, "bakke")
    assert walk_bakke(page, screenshot, "sideways") == list(BAKKE_THROWS)


@pytest.mark.parametrize("shot, viewport", [("phone", {"width": 412, "height": 915}),
                                            ("sideways", {"width": 915, "height": 412})])
def test_henning_s_mat_turns_black_in_viborg(contexts, server, screenshot, shot, viewport):
    """Snyd's step "viborg" says his mat turns black: it does, the table's own black mat."""
    page = contexts("phone", viewport=viewport).new_page()
    open_learn(page, server, "snyd")
    hold(page, "tutorial-kig", 700)
    page.wait_for_selector(f'{STEP}[data-step="jokers"]')
    mats = page.locator('[data-testid^="tutorial-mat-"]')
    while step_key(page) != "viborg":
        assert mats.count() == 2
        assert page.locator('.mat[data-state="black"]').count() == 0, step_key(page)
        if step_key(page) == "reveal":  # "dine to, din 1'er og Hennings ene": four rings
            assert page.locator('[data-testid="tutorial-board"] .die.counted').count() == 4
            assert "lægger én væk" in page.get_by_test_id("tutorial-row-1").inner_text()
            screenshot(page, f"tutorial-snyd-reveal-{shot}", full_page=True)
        follow_the_text(page)
    black = page.locator('[data-testid="tutorial-mat-0"][data-state="black"]')
    assert black.count() == 1 and page.locator('.mat[data-state="black"]').count() == 1
    assert black.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(17, 17, 17)"
    assert "Henning" in page.get_by_test_id("tutorial-row-0").inner_text()
    screenshot(page, f"tutorial-snyd-viborg-{shot}", full_page=True)


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
            if key == "won":  # the text tells of Henning's roll and his kept 4: on the board
                for row, name, faces in ((0, "Du beholdt", [3, 3, 3, 1, 2]),
                                         (1, "Hennings slag", [4, 5, 6, 6, 2]),
                                         (2, "Henning beholdt", [4])):
                    drawn = page.get_by_test_id(f"tutorial-row-{row}")
                    assert drawn.locator(".name").inner_text() == name
                    assert [int(v) for v in drawn.locator(".die").evaluate_all(
                        "els => els.map(e => e.dataset.value)")] == faces
                screenshot(page, "tutorial-treere-won-phone", full_page=True)
            if key == "progressive":  # the two forms by their Dæk bordet titles (issue 17)
                text = page.get_by_test_id("tutorial-text").inner_text()
                assert "Progressiv 0, 1, 2 …" in text and "Progressiv 1, 2, 2, 3 …" in text
                assert " spil " not in text and "runde 1" in text
                screenshot(page, "tutorial-treere-progressive-phone")
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


PHONE = {"width": 390, "height": 844}
FIRST_STEP = {"snyd": "peek", "bakke": "first_throw", "treere": "roll"}


def in_view(page, locator) -> bool:
    """Wholly on screen and the topmost element at its centre (nothing covers it)."""
    box = locator.bounding_box()
    if box is None or box["x"] < 0 or box["y"] < 0:
        return False
    if box["x"] + box["width"] > PHONE["width"] or box["y"] + box["height"] > PHONE["height"]:
        return False
    return locator.evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
        " return el === top || el.contains(top); }")


@pytest.mark.parametrize("game", ["snyd", "bakke", "treere"])
def test_each_dæk_bordet_opens_its_own_tutorial(contexts, server, screenshot, game):
    """Issue 17: *Lær at spille* where the game is chosen, on each game's *Dæk bordet*; the
    tutorial is that game's, and *Spring over* comes back to the same *Dæk bordet*."""
    page = contexts("phone", viewport=PHONE).new_page()
    open_app(page, server)
    tap(page, page.get_by_test_id(f"game-{game}"))
    page.wait_for_selector('[data-testid="setup"] [data-testid="tutorial-open"]')
    button = page.get_by_test_id("tutorial-open")
    assert button.inner_text() == "Lær at spille"
    assert in_view(page, button), "on screen without scrolling, uncovered"
    screenshot(page, f"tutorial-open-{game}-setup-phone")
    tap(page, button)
    page.wait_for_selector(f'{STEP}[data-game="{game}"]')
    assert step_key(page) == FIRST_STEP[game]
    assert page.get_by_test_id("tutorial-back").count() == 0, "the first step has no way back"
    tap(page, page.get_by_test_id("tutorial-skip"))
    page.wait_for_selector('[data-testid="setup"] [data-testid="tutorial-open"]')


def board_text(page) -> str:
    return page.get_by_test_id("tutorial-board").inner_text()


def test_every_step_after_the_first_goes_back_as_it_was(contexts, server, screenshot):
    """Issue 17: *Tilbage* on every step after the first, the end too; each tap shows the
    previous step again, its text and its board as they were, and the way on still works."""
    page = contexts("phone", viewport=PHONE).new_page()
    open_app(page, server)
    tap(page, page.get_by_test_id("game-bakke"))
    tap(page, page.get_by_test_id("tutorial-open"))
    page.wait_for_selector(f'{STEP}[data-game="bakke"]')
    seen = []
    while True:
        seen.append((step_key(page), page.get_by_test_id("tutorial-text").inner_text(),
                     board_text(page)))
        assert (page.get_by_test_id("tutorial-back").count() == 1) == (len(seen) > 1), seen[-1][0]
        if step_key(page) == "done":
            break
        follow_the_text(page)
    back = page.get_by_test_id("tutorial-back")
    assert back.inner_text() == "Tilbage" and in_view(page, back)
    screenshot(page, "tutorial-back-done-phone")
    for key, text, board in reversed(seen[:-1]):
        tap(page, page.get_by_test_id("tutorial-back"))
        page.wait_for_selector(f'{STEP}[data-step="{key}"]')
        assert page.get_by_test_id("tutorial-text").inner_text() == text
        assert board_text(page) == board, key
        if key == "resolve":
            assert in_view(page, page.get_by_test_id("tutorial-back"))
            screenshot(page, "tutorial-back-step-phone")
    assert page.get_by_test_id("tutorial-back").count() == 0
    while step_key(page) != "done":  # the way on, a second time
        follow_the_text(page)
    assert page.get_by_test_id("tutorial-done").is_visible()


def test_back_to_the_peek_covers_your_dice_again(contexts, server):
    """Snyd: back from the bid to the peek, the cup is shut and the step waits for a look."""
    page = contexts("phone", viewport=PHONE).new_page()
    open_learn(page, server, "snyd")
    hold(page, "tutorial-kig", 700)
    page.wait_for_selector(f'{STEP}[data-step="jokers"]')
    tap(page, page.get_by_test_id("tutorial-back"))
    page.wait_for_selector(f'{STEP}[data-step="peek"][data-waits="peek"]')
    assert page.locator('[data-testid="tutorial-cup"] .die[data-value]').count() == 0
    assert page.get_by_test_id("peek-hint").count() == 1
    assert sorted(hold(page, "tutorial-kig", 700)) == [1, 4, 4]
    page.wait_for_selector(f'{STEP}[data-step="jokers"]')
