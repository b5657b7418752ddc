"""The open tables' list as a phone keeps it (web/app/open/tables.py): the relay's frames
(docs/protocol.md "De åbne borde: the list") applied, and hostile frames dropped and counted
with nothing changed."""
from __future__ import annotations

import json

import pytest
from app.open import tables
from app.open.tables import TableList, seat_for

ROOM = "pZ1vQ3-x8Y_2b7kLmN0aRw"


def row(n: int = 1, **changes) -> dict:
    base = {"id": f"{n:016x}", "room": (ROOM[:-3] + f"{n:03d}"), "game": "bakke",
            "ruleset": "Husets regler", "seats": 6, "free": 4, "state": "waiting",
            "name": "Bodil"}
    return {**base, **changes}


def frame(op: str, **fields) -> str:
    return json.dumps({"op": op, **fields})


def loaded(*rows: dict) -> TableList:
    lst = TableList()
    assert lst.receive(frame("list", rows=list(rows), more=False))
    return lst


def test_a_paged_list_then_put_and_gone_are_applied_in_order():
    lst = TableList()
    assert not lst.receive(frame("list", rows=[row(1)], more=True))  # not whole yet
    assert lst.rows() == [] and not lst.loaded
    assert lst.receive(frame("list", rows=[row(2, state="full", free=0)], more=False))
    assert lst.loaded and [r["id"] for r in lst.rows()] == [row(1)["id"], row(2)["id"]]
    assert lst.receive(frame("put", rows=[row(1, free=3)]))
    assert lst.get(row(1)["id"])["free"] == 3
    assert not lst.receive(frame("put", rows=[row(1, free=3)]))  # idempotent: no change
    assert lst.receive(frame("gone", ids=[row(2)["id"]]))
    assert not lst.receive(frame("gone", ids=[row(2)["id"]]))  # a row one does not have
    assert [r["id"] for r in lst.rows()] == [row(1)["id"]] and lst.bad == 0


def test_an_empty_list_is_loaded_and_a_new_list_replaces_the_old():
    lst = loaded(row(1), row(2))
    assert lst.receive(frame("list", rows=[row(3)], more=False))
    assert [r["id"] for r in lst.rows()] == [row(3)["id"]]
    assert loaded().rows() == [] and loaded().loaded


def test_waiting_tables_come_first_and_restart_forgets_everything():
    lst = loaded(row(1, state="playing", free=0), row(2, state="full", free=0), row(3))
    assert [r["state"] for r in lst.rows()] == ["waiting", "full", "playing"]
    lst.restart()
    assert lst.rows() == [] and not lst.loaded


def test_changes_during_a_paged_list_land_in_it():
    lst = TableList()
    lst.receive(frame("list", rows=[row(1), row(2)], more=True))
    assert not lst.receive(frame("gone", ids=[row(1)["id"]]))
    assert not lst.receive(frame("put", rows=[row(3)]))
    assert lst.receive(frame("list", rows=[], more=False))
    assert sorted(r["id"] for r in lst.rows()) == [row(2)["id"], row(3)["id"]]


BAD_ROWS = [
    ("missing field", {k: v for k, v in row().items() if k != "name"}),
    ("extra field", {**row(), "html": "<b>"}),
    ("id not hex", row(id="ZZZZZZZZZZZZZZZZ")),
    ("room too short", row(room="abc")),
    ("unknown game", row(game="poker")),
    ("unknown state", row(state="open")),
    ("seats a bool", row(seats=True)),
    ("seats a float", row(seats=4.0)),
    ("seats too many", row(seats=9)),
    ("free above seats", row(seats=4, free=5)),
    ("free negative", row(free=-1)),
    ("full with free seats", row(state="full", free=2)),
    ("waiting with none free", row(state="waiting", free=0)),
    ("name too long", row(name="x" * 25)),
    ("name only invisible", row(name="\u200b\u202e\u2066")),
    ("name not text", row(name=["Bodil"])),
    ("ruleset empty", row(ruleset="   ")),
    ("ruleset too long", row(ruleset="r" * 41)),
]


@pytest.mark.parametrize("row_", [r for _why, r in BAD_ROWS], ids=[w for w, _r in BAD_ROWS])
def test_a_frame_with_one_bad_row_is_dropped_whole_and_counted(row_):
    lst = loaded(row(1))
    before = lst.rows()
    assert not lst.receive(frame("put", rows=[row(5), row_]))
    assert lst.rows() == before and lst.get(row(5)["id"]) is None and lst.bad == 1


HOSTILE = [
    "not json {",
    "[1, 2]",
    json.dumps({"rows": []}),
    json.dumps({"op": "list", "rows": [], "more": "no"}),
    json.dumps({"op": "list", "rows": {}, "more": False}),
    json.dumps({"op": "list", "rows": [], "more": False, "x": 1}),
    json.dumps({"op": "put", "rows": [row(n) for n in range(tables.PAGE_ROWS_MAX + 1)]}),
    json.dumps({"op": "gone", "ids": ["nothex"]}),
    json.dumps({"op": "gone", "ids": "0000000000000001"}),
    json.dumps({"op": "host", "present": True}),
    "[" * 100_000 + "]" * 100_000,   # over the size bound, unread
    "[" * 5_000 + "]" * 5_000,       # deep nesting: no RecursionError escapes
    "x" * (tables.FRAME_MAX_CHARS + 1),
]


@pytest.mark.parametrize("data", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_frames_change_nothing_and_never_raise(data):
    lst = loaded(row(1))
    before = lst.rows()
    assert not lst.receive(data)
    assert lst.rows() == before and lst.bad == 1


def test_non_text_frames_are_bad_and_a_pong_is_nothing():
    lst = loaded(row(1))
    assert not lst.receive(b"{}") and not lst.receive(None) and lst.bad == 2
    assert not lst.receive(frame("pong")) and lst.bad == 2


def test_names_and_rule_sets_are_made_plain_text_and_markup_stays_text():
    name = "<img src=x onerror=alert(1)>"[:24]
    lst = loaded(row(1, name="\u202eBo\u200bdil\n\tH", ruleset="  <b>Klassisk</b>  "),
                 row(2, name=name))
    first, second = lst.get(row(1)["id"]), lst.get(row(2)["id"])
    assert first["name"] == "Bodil H" and first["ruleset"] == "<b>Klassisk</b>"
    assert second["name"] == name  # kept as the text it is: the screen shows it as text


def test_the_list_holds_at_most_rows_max_rows():
    lst = TableList()
    for start in range(0, tables.ROWS_MAX + 20, 50):
        lst.receive(frame("put", rows=[row(n) for n in range(start, start + 50)]))
    assert len(lst.rows()) == tables.ROWS_MAX and lst.overflow == 20 + 30 and lst.bad == 0
    assert lst.receive(frame("put", rows=[row(0, free=1)]))  # a row it has may still change


def test_check_row_returns_a_fresh_copy():
    original = row(1)
    checked = tables.check_row(original)
    checked["name"] = "Mette"
    assert original["name"] == "Bodil"


def test_who_sits_down_with_one_tap():
    seats = {ROOM: {"name": "Ole", "token": "tok"}}
    assert seat_for(ROOM, "Bodil", seats) == ("Ole", "tok")  # this phone's seat there first
    assert seat_for("x" * 22, "Bodil", seats) == ("Bodil", None)
    assert seat_for("x" * 22, "", seats) is None  # no name known: the join screen asks
