"""Issue 17: extra people at the phone get first names a pub would use, not "Spiller 7":
unique at the table (whatever the case), never a regular's name, in both languages, in the
Bakke/Treere seat draft and Snyd's *Dæk bordet* alike."""
from __future__ import annotations

import pytest
from app import lang
from app.snyd.setup_markup import Draft
from app.snyd.table_setup import Seat
from app.table.pub_names import free_pub_name, pub_names
from app.table.seat_draft import SeatDraft
from app.table.session import MAX_SEATS

from engine.bakke.bots import REGULARS as BAKKE
from engine.snyd.bots import REGULARS as SNYD
from engine.treere.bots import REGULARS as TREERE

REGULAR_NAMES = {r["name"].casefold() for r in BAKKE + SNYD + TREERE} | {"simpel"}


@pytest.fixture(params=["da", "en"])
def language(request):
    lang.set_language(request.param)
    yield request.param
    lang.set_language("da")


def test_the_catalogue_has_a_name_for_every_seat_and_none_is_a_regulars(language):
    names = pub_names()
    assert len(names) >= MAX_SEATS and len({n.casefold() for n in names}) == len(names)
    assert not {n.casefold() for n in names} & REGULAR_NAMES
    assert all(n.isalpha() and len(n) <= 10 for n in names)


def test_a_full_table_of_people_gets_pub_names(language):
    d = SeatDraft.first("Du" if language == "da" else "You", TREERE)  # you, Lis, Henning
    while len(d.seats) < MAX_SEATS:
        d.add_human()
    names = [n for n, _ in d.seats]
    assert len(set(names)) == MAX_SEATS
    humans = [n for n, k in d.seats if k == "human"]
    assert humans == pub_names()[:len(humans)]  # "Du" renamed first: Bo, Anne, Jens, …
    assert not any(n.startswith(("Spiller", "Player")) for n in names)


def test_snyds_set_the_table_names_extra_people_the_same_way(language):
    d = Draft(seats=[Seat("Du", "human"), Seat("Henning", "regular")])
    while len(d.seats) < MAX_SEATS:
        d.add_human()
    humans = [s.name for s in d.seats if s.kind == "human"]
    assert humans == pub_names()[:len(humans)] and len(set(humans)) == len(humans)


def test_a_typed_name_is_never_given_twice_whatever_its_case():
    d = SeatDraft(seats=[(" bo ", "human"), ("ANNE", "human"), ("Lis", "regular")])
    d.add_human()
    assert d.seats[-1] == ("Jens", "human")


def test_when_every_pub_name_is_typed_already_a_numbered_seat_is_the_last_resort():
    assert free_pub_name(pub_names() + ["Spiller 1"]) == "Spiller 2"
