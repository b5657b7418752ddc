"""Treere's *Dæk bordet* (pure draft + markup) and the session it starts on the real engine."""
from __future__ import annotations

import re

import pytest
from app.lang import t
from app.table.seat_draft import SeatDraft
from app.table.session import CorruptSave, GameSession
from app.treere.setup_markup import Draft, setup_html

from engine.errors import IllegalAction
from engine.treere import Rules
from engine.treere.bots import REGULARS

ZERO_WARNING = t("treere.setup.zero_warning")


def draft() -> Draft:
    return Draft(seats=SeatDraft.first("Mette", REGULARS))


def test_a_first_table_is_you_against_lis_and_henning_with_the_seeds_plain_rules():
    d = draft()
    assert d.seats.seats == [("Mette", "human"), ("Lis", "regular"), ("Henning", "regular")]
    assert Rules.from_dict(d.rules()) == Rules()


@pytest.mark.parametrize("what, value, field, want", [
    ("ante", "5", "ante", 5),
    ("progressive", "spil", "progressive", "spil"),
    ("progressive", "runder", "progressive", "runder"),
    ("progressive", "false", "progressive", False),
    ("zero-face", "6", "zero_face", 6),
])
def test_each_choice_reaches_the_engines_rules(what, value, field, want):
    d = draft()
    d.choose(what, value)
    assert getattr(Rules.from_dict(d.rules()), field) == want


@pytest.mark.parametrize("what, value", [("ante", "7"), ("ante", "-1"), ("zero-face", "0"),
                                         ("progressive", "bund"), ("clock", "15")])
def test_choices_outside_the_lists_are_refused(what, value):
    with pytest.raises(ValueError):
        draft().choose(what, value)


def test_the_markup_selects_the_choices_and_warns_about_another_zero_face():
    d = draft()
    html = setup_html(d, REGULARS, saved=False)
    assert ZERO_WARNING not in html and 'data-testid="resume-table"' not in html
    assert re.search(r'data-testid="treere-zero-face"[^>]*>.*<option value="3" selected>Treere<', html)
    d.choose("zero-face", "5")
    d.choose("progressive", "runder")
    d.choose("ante", "2")
    html = setup_html(d, REGULARS, saved=True)
    assert ZERO_WARNING in html and "anbefales ikke" in html
    assert '<option value="5" selected>Femmere<' in html
    assert '<option value="runder" selected>Progressiv 1, 2, 2, 3 …<' in html
    assert '<option value="2" selected>2 enheder<' in html
    assert "2 runder med højst to" in html
    assert 'data-testid="resume-table"' in html
    assert html.count('data-testid="setup-seat"') == 3


def test_the_draft_starts_a_real_session_and_pass_and_play_renames_du():
    d = Draft(seats=SeatDraft.first("Du", REGULARS))
    d.seats.add_human()
    names = [n for n, _ in d.seats.seats]
    assert "Du" not in names
    s = GameSession("treere", d.seats.seats, d.rules(), seed=3)
    assert s.pass_and_play and s.view()["players"] == names


# ---------- the session on the real Treere engine ----------
def test_a_treere_session_plays_a_pot_against_the_real_regulars_and_saves_and_restores():
    s = GameSession("treere", [("Mette", "human"), ("Lis", "regular"), ("Kaj", "regular")], seed=12)
    steps = 0
    while s.view()["phase"] == "playing":
        steps += 1
        assert steps < 300
        if s.regular_due():
            s.play_regular()
            continue
        v = s.view()
        s.act("Mette", {"type": "roll"} if "roll" in v["legal"] else {"type": "keep", "dice": [0]})
        if steps == 5:
            back = GameSession.from_json(s.to_json(), "treere")
            assert back.view() == s.view() and back.table == s.table
    assert s.faults == [], "the real regulars never fall back"
    assert sum(s.tally.values()) == 0 and s.view()["winner"] in ("Mette", "Lis", "Kaj")
    s.new_game()
    assert s.view()["game_no"] == 2
    assert GameSession.from_json(s.to_json(), "treere").table == s.table


def test_scripted_dice_reach_the_table():
    s = GameSession("treere", [("Mette", "human"), ("Bo", "human")], dice=[3, 3, 3, 3, 3])
    s.act("Mette", {"type": "roll"})
    assert s.view()["rolled"] == [3, 3, 3, 3, 3]


def test_a_save_of_one_game_is_not_the_others():
    s = GameSession("treere", [("Mette", "human"), ("Bo", "human")], seed=1)
    with pytest.raises(CorruptSave):
        GameSession.from_json(s.to_json(), "bakke")
    with pytest.raises(IllegalAction):
        GameSession("treere", [("Mette", "human"), ("Bodil", "regular")])
