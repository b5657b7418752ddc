"""*Lær at spille*: every script is consistent with the engine (app.tutorial and the three
scripts): each step's situation is on the table when the step shows, its expected action is
legal there and among its choices, a wrong choice changes nothing, and the game ends as told."""
from __future__ import annotations

import copy

import pytest
from app import tutorial
from app.bakke import tutorial as bakke
from app.snyd import tutorial as snyd
from app.treere import tutorial as treere
from app.tutorial import NEXT, PEEK, Tutorial

from engine.errors import IllegalAction

SCRIPTS = [snyd, bakke, treere]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.GAME)
def test_every_step_shows_its_situation_and_its_action_is_legal(script):
    tut = Tutorial(script)
    for step in script.STEPS:
        assert tut.step is step
        assert step.check is not None and step.check(tut.table), step.key
        if step.expect not in (PEEK,) and step.expect["type"] != "keep":
            assert step.expect in [c.action for c in step.choices], step.key
        assert tut.tap(step.expect), step.key  # the engine took it (it raises if illegal)
    assert tut.done and tut.step is None


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.GAME)
def test_a_wrong_choice_nudges_and_changes_nothing(script):
    tut = Tutorial(script)
    for step in script.STEPS:
        wrong = [c.action for c in step.choices if c.action != step.expect]
        for action in wrong + ([{"type": "keep", "dice": [4]}] if step.expect["type"] == "keep" else []):
            before = copy.deepcopy(tut.table.view(script.PLAYER))
            assert not tut.tap(action)
            assert tut.nudge == step.nudge and tut.step is step
            assert tut.table.view(script.PLAYER) == before
        tut.tap(step.expect)
        assert tut.nudge == ""


def test_snyd_covers_the_lesson_in_order():
    keys = [s.key for s in snyd.STEPS]
    assert keys == ["peek", "jokers", "call", "reveal", "one_two", "one_two_reveal", "lone_one",
                    "viborg"]


def test_snyd_specials_really_count_as_the_text_says():
    from engine.snyd import Rules
    from engine.snyd.counting import special_value
    rules = Rules(dice_per_player=snyd.DICE)
    assert special_value(snyd.HANDS[1][0], rules) == 3   # "1+2 … tæller som 3"
    assert special_value(snyd.HANDS[2][0], rules) == 2   # "en enlig 1'er … tæller som 2"
    assert 1 in snyd.HANDS[0][0] and "jokere" in snyd.STEPS[1].text


def test_snyd_ends_with_henning_in_viborg_and_the_board_shows_it():
    tut = Tutorial(snyd)
    for step in snyd.STEPS[:-1]:
        tut.tap(step.expect)
    board = snyd.board(tut.table, peeking=False)
    henning = board["rows"][0]
    assert henning["name"] == "Henning" and henning["note"] == "i Viborg"
    assert board["rows"][1]["dice"] == [1] and "holdt" in board["line"]


def test_snyd_board_hides_your_dice_until_you_peek_and_henning_until_the_reveal():
    tut = Tutorial(snyd)
    hidden = snyd.board(tut.table, peeking=False)
    assert hidden["rows"][1]["dice"] == [None, None, None] and hidden["peek"]
    shown = snyd.board(tut.table, peeking=True)
    assert shown["rows"][1]["dice"] == [4, 1, 4] and shown["rows"][0]["dice"] == [None] * 3


def test_the_runner_refuses_a_tap_after_the_end_and_skip_ends_it():
    tut = Tutorial(bakke)
    tut.skip()
    assert tut.done and tut.skipped
    with pytest.raises(IllegalAction):
        tut.tap(NEXT)


def test_progress_counts_steps():
    tut = Tutorial(treere)
    assert tut.progress() == f"Trin 1 af {len(treere.STEPS)}"
    tut.tap(treere.STEPS[0].expect)
    assert tut.progress() == f"Trin 2 af {len(treere.STEPS)}"


def test_the_offer_is_open_until_answered():
    from app.player_settings import clean_settings
    assert tutorial.offer_open(clean_settings(None))
    assert not tutorial.offer_open(clean_settings({tutorial.OFFER_KEY: True}))
    assert tutorial.offer_open(clean_settings({tutorial.OFFER_KEY: "yes"}))  # bad value: default


def test_screen_markup_waits_for_the_peek_and_offers_the_choices():
    from app.tutorial_markup import screen_html
    tut = Tutorial(snyd)
    html = screen_html(tut, snyd.board(tut.table, False), set(), "Hold på Kig", "")
    assert 'data-waits="peek"' in html and 'data-testid="tutorial-kig"' in html
    assert 'data-testid="peek-hint">Hold på Kig<' in html
    tut.tap(PEEK)
    html = screen_html(tut, snyd.board(tut.table, False), set(), "", "")
    assert html.count('data-action="choice"') == 3 and "Byd 3 firere" in html
    t2 = Tutorial(treere)
    t2.tap(treere.STEPS[0].expect)
    html = screen_html(t2, treere.board(t2.table, False), {0}, "", "")
    assert 'data-testid="tutorial-die-0" aria-pressed="true"' in html
    assert 'data-testid="tutorial-keep">' in html  # enabled once a die is chosen


def _last_sentence(text: str) -> str:
    parts = [p for p in text.replace("!", ".").split(".") if p.strip()]
    return parts[-1].lower()


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.GAME)
def test_each_step_names_its_own_choice_last(script):
    """By the hints alone: the text's last sentence names the expected choice and no other
    (tests/browser/test_tutorial.py plays that way); a one-choice step needs no naming."""
    for step in script.STEPS:
        if len(step.choices) < 2:
            continue
        named = [c for c in step.choices if c.label.lower() in _last_sentence(step.text)]
        assert [c.action for c in named] == [step.expect], step.key
