"""*Learn to play* in English: a fresh phone with an English browser (locale en-GB) is offered
the tutorial on the start screen, takes all three to the end by the step texts alone, and never
sees a missing key (⟦…⟧) or one of the Danish words the tutorial catalogue replaced. A desktop
gets the mouse's peek hint. Screenshots: test-artifacts/english-tutorial-*.png."""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import open_app, tap
from test_tutorial import KEEP_FACES, STEP, follow_the_text, hold, open_learn, step_key

# Words of the Danish catalogue that English replaces (the pub words it keeps with a gloss,
# Viborg, Løft, Videre, en enlig 1'er, are not among them).
DANISH = ("Lær at spille", "Spring over", "Trin ", "Næste runde", "Færdig", "Byd ", "Buddet",
          "Stryg op", "Hold på Kig", "terning", "Bakken", "Slaget", "Behold", "Kast ",
          "Godt spillet", "Spil rigtigt", "Nej tak", "Du:",
          # the board's own words (issue 17): Bakke's throw, each die's mark; Treere's Henning
          "kastede", "i hånden", "i bakken", "væk", "beholdt", "slag ")


def english(page) -> str:
    """The tutorial's text on screen now, checked: no missing key anywhere on the page, no
    Danish word the catalogue replaced in the tutorial."""
    body = page.evaluate("document.body.innerText")
    assert "⟦" not in body, body
    shown = page.locator(STEP).inner_text()
    left = [w for w in DANISH if w in shown]
    assert left == [], (step_key(page), left, shown)
    return shown


def play_to_the_end(page, screenshot, game: str, shots: dict[str, str]) -> list[str]:
    steps = []
    while step_key(page) != "done":
        key = step_key(page)
        steps.append(key)
        english(page)
        if key in shots:
            screenshot(page, f"english-tutorial-{game}-{shots[key]}-phone")
        if key in KEEP_FACES:
            wanted = list(KEEP_FACES[key])
            faces = page.locator('[data-action="pick"] .die').evaluate_all(
                "els => els.map(e => +e.dataset.value)")
            for i, face in enumerate(faces):
                if face in wanted:
                    wanted.remove(face)
                    tap(page, page.get_by_test_id(f"tutorial-die-{i}"))
            assert page.get_by_test_id("tutorial-keep").inner_text() == "Keep"
            tap(page, page.get_by_test_id("tutorial-keep"))
        else:
            follow_the_text(page)
    done = english(page)
    assert "Well played!" in done and page.get_by_test_id("tutorial-play").inner_text() == "Play for real"
    return steps


def test_an_english_newcomer_learns_all_three_games(contexts, server, screenshot):
    page = contexts("phone", locale="en-GB").new_page()
    open_app(page, server)
    offer = page.get_by_test_id("tutorial-offer")
    offer.wait_for()
    assert "New at the table?" in offer.inner_text()
    assert page.get_by_test_id("offer-learn").inner_text() == "Learn to play"
    assert page.get_by_test_id("offer-decline").inner_text() == "No thanks"
    screenshot(page, "english-tutorial-offer-phone")
    tap(page, page.get_by_test_id("offer-learn"))
    page.wait_for_selector(f'{STEP}[data-step="peek"]')
    shown = english(page)
    assert "Learn to play – Snyd" in shown and "Step 1 of 10" in shown and "Skip" in shown
    assert page.get_by_test_id("peek-hint").inner_text() == "Swipe up to peek"
    assert page.get_by_test_id("tutorial-kig").inner_text() == "Peek"
    screenshot(page, "english-tutorial-snyd-peek-phone")
    hold(page, "tutorial-kig", 60)  # a blink: the line says to hold
    assert page.get_by_test_id("tutorial-nudge").inner_text() == "Keep holding Peek to see your dice"
    assert "hold your cup" in english(page)
    assert sorted(hold(page, "tutorial-cup", 700)) == [1, 4, 4], "the cup held shows your dice"
    page.wait_for_selector(f'{STEP}[data-step="jokers"]')
    assert page.get_by_test_id("tutorial-choice-1").inner_text() == "Bid 3 fours"
    page.wait_for_timeout(600)  # reading the step: the release's own click is swallowed (500 ms)
    tap(page, page.get_by_test_id("tutorial-choice-0"))  # a wrong bid: the step's nudge
    assert page.get_by_test_id("tutorial-nudge").inner_text() == "Count your 1 as a four: bid 3 fours."
    steps = play_to_the_end(page, screenshot, "snyd", {
        "jokers": "jokers", "reveal": "reveal", "viborg": "viborg", "clock": "clock"})
    assert steps == ["jokers", "call", "reveal", "one_two", "one_two_reveal", "lone_one",
                     "viborg", "house_rules", "clock"]

    open_learn(page, server, "bakke")
    assert page.get_by_test_id("tutorial-line").inner_text() == "The tray is empty"
    steps = play_to_the_end(page, screenshot, "bakke", {
        "your_throw": "your-throw", "henning_stays": "henning", "resolve": "resolve",
        "fejl": "fejl"})
    assert steps == ["first_throw", "your_throw", "henning_stays", "resolve", "one_leaves",
                     "out", "fejl"]

    open_learn(page, server, "treere")
    steps = play_to_the_end(page, screenshot, "treere", {"keep_threes": "keep", "ties": "ties"})
    assert steps[-3:] == ["won", "ties", "progressive"]
    assert "You: 3" in page.get_by_test_id("tutorial-line").inner_text()


def test_an_english_desktop_is_told_to_hold_peek(contexts, server, screenshot):
    page = contexts("desktop", locale="en-GB").new_page()
    open_learn(page, server, "snyd")
    assert page.get_by_test_id("peek-hint").inner_text() == "Hold Peek"
    english(page)
    screenshot(page, "english-tutorial-snyd-peek-desktop")
