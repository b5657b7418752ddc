"""Dæk bordet's draft and the local store, without a browser."""
import json

import pytest
from app import lang
from app.saves.local_store import FULL, LocalStore
from app.saves.save_guard import UnreadableSave
from app.snyd.setup_markup import Draft, setup_html
from app.snyd.table_setup import MAX_SEATS, Seat
from app.table.seat_draft import SeatDraft, seats_html

REGULARS = [{"name": n, "description": f"{n} spiller"} for n in ("Henning", "Grethe", "Kaj", "Lis")]


def test_rule_set_resets_the_switches_and_switches_change_the_rules():
    d = Draft(seats=[Seat("Mette", "human"), Seat("Henning", "regular")])
    d.choose_ruleset("hardcore")
    assert d.switches["S40"] and d.switches["S43"] and d.rules().hidden_count
    d.switches["S43"] = False
    assert not d.rules().hidden_count and d.rules().peek_once
    d.choose_ruleset("standard")
    assert not any(d.switches[k] for k in ("S40", "S41", "S43"))


def test_adding_regulars_in_choice_order_then_the_next_free_one():
    d = Draft(seats=[Seat("Mette", "human")], regular_choice="Kaj")
    d.add_regular(REGULARS)
    assert d.seats[-1].name == "Kaj" and d.regular_choice == "Henning"
    for _ in range(3):
        d.add_regular(REGULARS)
    assert [s.name for s in d.seats] == ["Mette", "Kaj", "Henning", "Grethe", "Lis"]
    with pytest.raises(ValueError):
        d.add_regular(REGULARS)  # all four are seated


def test_human_seats_get_free_names_and_the_table_stops_at_eight():
    d = Draft(seats=[Seat("Bo", "human")])
    d.add_human()
    assert d.seats[-1].name == "Anne"
    while len(d.seats) < MAX_SEATS:
        d.add_human()
    with pytest.raises(ValueError):
        d.add_human()
    d.remove(0, REGULARS)
    assert len(d.seats) == MAX_SEATS - 1


def test_setup_html_has_the_contract_testids_and_escapes_names():
    d = Draft(seats=[Seat('<b>"Mette"</b>', "human"), Seat("Henning", "regular")], regular_choice="Grethe")
    html = setup_html(d, REGULARS, saved=True)
    for tid in ("ruleset", "start-table", "add-regular", "add-human", "resume-table", "dice-per-player"):
        assert f'data-testid="{tid}"' in html
    assert '<b>"Mette"</b>' not in html and "&lt;b&gt;" in html
    assert "Henning spiller" in html  # a regular's description


def test_snyds_players_are_the_shared_seat_draft_and_its_fieldset():
    d = Draft(seats=[Seat("Mette", "human"), Seat("Henning", "regular")], regular_choice="Kaj")
    assert isinstance(d.seating, SeatDraft) and d.seating.seats == [("Mette", "human"), ("Henning", "regular")]
    shared = SeatDraft(seats=[("Mette", "human"), ("Henning", "regular")], regular_choice="Kaj")
    assert seats_html(shared, REGULARS) in setup_html(d, REGULARS, False)  # Bakke's and Treere's markup
    d.choose_mode("friends")
    assert seats_html(shared, REGULARS, people=False) in setup_html(d, REGULARS, False)  # no + Spiller
    lang.set_language("en")
    try:  # Snyd's English keeps its own two phrasings; the Danish is the same for all three
        assert 'aria-label="Name of player 1"' in setup_html(d, REGULARS, False)
        assert 'aria-label="Player 1&#x27;s name"' in seats_html(shared, REGULARS)
    finally:
        lang.set_language("da")


class FakeStorage:
    def __init__(self):
        self.data = {}

    def getItem(self, key):
        return self.data.get(key)

    def setItem(self, key, value):
        if len(value) > 100:
            raise RuntimeError("QuotaExceededError")
        self.data[key] = value

    def removeItem(self, key):
        self.data.pop(key, None)


def test_store_round_trip_missing_keys_bad_json_and_full_storage():
    s = LocalStore(FakeStorage())
    assert s.read("x") is None and s.read_json("x", 100) is None
    assert s.write_json("x", {"a": "æøå"})
    assert s.read_json("x", 100) == {"a": "æøå"}
    s.write("bad", "{not json")
    with pytest.raises(UnreadableSave):
        s.read_json("bad", 100)
    assert s.write("big", json.dumps(list(range(100)))) is False  # full: no crash, no save
    assert s.last_failure == FULL
    s.remove("x")
    assert s.read("x") is None
