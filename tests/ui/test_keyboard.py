"""app/device/keyboard.py: each game's keys, never while typing or with a shortcut's modifier, never
Space/Enter on a focused button (the browser clicks it), a held key repeats a step but never a
bid, and the peek is a hold (down and up)."""
from __future__ import annotations

import pytest
from app.device.keyboard import (
    BAKKE,
    KEYMAPS,
    SHAKE,
    SNYD,
    TREERE,
    Click,
    Hold,
    Step,
    fires,
    intent_for,
    stepped,
)


def test_snyd_space_peeks_arrows_choose_enter_bids_l_calls():
    assert intent_for("bordet", " ") == Hold('[data-action="peek"]')
    assert intent_for("bordet", "ArrowUp") == Step('[data-testid="bid-quantity"]', 1)
    assert intent_for("bordet", "ArrowDown") == Step('[data-testid="bid-quantity"]', -1)
    assert intent_for("bordet", "ArrowRight") == Step('[data-testid="bid-face"]', 1)
    assert intent_for("bordet", "ArrowLeft") == Step('[data-testid="bid-face"]', -1)
    assert '[data-action="bid"]' in intent_for("bordet", "Enter").selectors
    assert intent_for("bordet", "l") == intent_for("bordet", "L") == Click(('[data-action="call"]',))


def test_bakke_throws_with_space_or_enter_and_v_says_videre():
    assert intent_for("bakke-bordet", " ").selectors[0] == 'button[data-action="throw"]'
    assert intent_for("bakke-bordet", "Enter").selectors[0] == 'button[data-action="throw"]'
    assert intent_for("bakke-bordet", "V") == Click(('button[data-action="videre"]',))


def test_treere_digits_choose_dice_enter_keeps_space_rolls():
    for d in range(1, 6):
        assert intent_for("treere-bordet", str(d)) == Click((f'[data-action="choose"][data-index="{d - 1}"]',))
    assert intent_for("treere-bordet", "6") is None
    assert intent_for("treere-bordet", "Enter").selectors[0] == 'button[data-action="keep"]'
    assert intent_for("treere-bordet", " ") == Click(('button[data-action="roll"]',))


@pytest.mark.parametrize("tag,editable", [("INPUT", False), ("textarea", False), ("SELECT", False),
                                          ("DIV", True)])
def test_never_while_typing(tag, editable):
    for screen, keymap in KEYMAPS.items():
        for key in keymap:
            assert intent_for(screen, key, tag=tag, editable=editable) is None


def test_not_with_a_modifier_not_off_the_tables_and_not_on_a_focused_button():
    assert intent_for("bordet", "l", modifier=True) is None     # Ctrl+L: the address bar
    for screen in ("start", "regler", "indstillinger", None):
        assert intent_for(screen, "Enter") is None and intent_for(screen, " ") is None
    assert intent_for("bordet", " ", tag="BUTTON") is None      # the browser presses it
    assert intent_for("bordet", "Enter", tag="button") is None
    assert intent_for("bordet", "l", tag="BUTTON") == SNYD["l"]  # a letter is still ours
    assert intent_for("bordet", "x") is None


def test_a_hold_goes_down_once_and_up_and_a_click_never_repeats():
    peek = SNYD[" "]
    assert fires(peek, "keydown", False) == "down"
    assert fires(peek, "keydown", True) is None      # auto-repeat while held: still one peek
    assert fires(peek, "keyup", False) == "up"
    bid = SNYD["Enter"]
    assert fires(bid, "keydown", False) == "press"
    assert fires(bid, "keydown", True) is None       # holding Enter is one bid
    assert fires(bid, "keyup", False) is None
    up = SNYD["ArrowUp"]
    assert fires(up, "keydown", True) == "press"     # holding an arrow runs up the quantities


def test_a_step_stops_at_the_ends():
    assert stepped(0, 5, -1) == 0 and stepped(4, 5, 1) == 4 and stepped(2, 5, 1) == 3


def test_shaking_throws_at_bakke_and_rolls_at_treere_and_only_rattles_at_snyd():
    assert SHAKE == {"bordet": None, "bakke-bordet": BAKKE[" "], "treere-bordet": TREERE[" "]}


def test_regler_ends_each_game_with_its_keys():
    from app.home.rules_text import GAMES, KEYBOARD, plain_text
    assert "L løfter" in KEYBOARD["snyd"] and "hold mellemrum" in KEYBOARD["snyd"] and "l" in SNYD
    assert "V siger videre" in KEYBOARD["bakke"] and "v" in BAKKE and "a" in BAKKE
    assert "1–5" in KEYBOARD["treere"] and {"1", "5", "Enter", " "} <= set(TREERE)
    for game, line in KEYBOARD.items():
        assert GAMES[game]["blocks"][-1] == ("p", line) and line in plain_text(game)
