"""Bakke's *Dæk bordet*: the draft, its HTML and the shared seat draft (app/table/seat_draft.py)."""
from __future__ import annotations

import re

import pytest
from app.bakke.setup_markup import Draft, setup_html
from app.table.seat_draft import SeatDraft
from app.table.session import MAX_SEATS, GameSession

REGULARS = [{"name": n, "description": f"{n} spiller"} for n in ("Henning", "Grethe", "Kaj", "Ronni", "Lis")]


def test_a_first_table_is_you_against_the_sharp_regular_and_one_more():
    d = SeatDraft.first("Mette", REGULARS)
    assert d.seats == [("Mette", "human"), ("Lis", "regular"), ("Henning", "regular")]
    assert d.regular_choice == "Grethe"


def test_without_regulars_two_people_share_the_phone():
    d = SeatDraft.first("Du", [])
    assert d.seats == [("Bo", "human"), ("Anne", "human")]  # "Du" names nobody then


def test_adding_people_and_regulars_up_to_a_full_table():
    d = SeatDraft.first("Du", REGULARS)
    d.add_human()
    assert [n for n, k in d.seats if k == "human"] == ["Bo", "Anne"]
    d.add_regular(REGULARS)
    assert d.seats[-1] == ("Grethe", "regular") and d.regular_choice == "Kaj"
    while len(d.seats) < MAX_SEATS:
        d.add_human()
    with pytest.raises(ValueError, match="plads til 8"):
        d.add_human()
    with pytest.raises(ValueError):
        d.add_regular(REGULARS)


def test_rename_only_people_and_remove_frees_the_regular():
    d = SeatDraft.first("Mette", REGULARS)
    d.rename(1, "Hacker")  # Lis is a regular: not renamed
    d.rename(0, "Jonas")
    assert d.seats[:2] == [("Jonas", "human"), ("Lis", "regular")]
    d.regular_choice = ""
    d.remove(1, REGULARS)
    assert ("Lis", "regular") not in d.seats and d.regular_choice == "Grethe"  # the first free


def test_the_setup_html_has_the_dice_the_fejl_switch_the_seats_and_start():
    d = Draft(seats=SeatDraft.first("Mette", REGULARS), dice=4, faults=False)
    html = setup_html(d, REGULARS, saved=True)
    assert '<option value="4" selected>' in html
    assert re.search(r'data-testid="faults"(?! checked)>', html), "Fejl is off"
    assert len(re.findall(r'data-testid="setup-seat"', html)) == 3
    assert 'data-testid="resume-table"' in html and 'data-testid="start-table"' in html
    assert 'data-game="bakke"' in html
    assert "resume-table" not in setup_html(d, REGULARS, saved=False)


def test_the_draft_makes_a_table_the_engine_accepts():
    d = Draft(seats=SeatDraft.first("Mette", []), dice=3)
    d.choose_dice("2")
    s = GameSession("bakke", d.seats.seats, d.rules(), regular_factory=lambda n, s: None)
    assert s.view()["hands"] == {"Mette": 2, "Bo": 2}
    assert s.view()["rules"] == {"dice_per_player": 2, "faults": True}
    with pytest.raises(ValueError):
        d.choose_dice("7")
