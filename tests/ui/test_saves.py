"""Reading saves defensively, setting bad ones aside, full storage, one table per tab (CPython).

The browser tests (tests/browser/test_saves.py, test_tabs.py) show the same in Chromium;
these pin the pure decisions quickly.
"""
from __future__ import annotations

import json

import pytest
from app.home.player_settings import DEFAULTS, load_settings, read_settings
from app.saves.local_store import BLOCKED, FULL, SETTINGS_KEY, TABLE_KEY, LocalStore, backup_key
from app.saves.save_guard import (
    MAX_DEPTH,
    UnreadableSave,
    corrupt_save,
    nesting_depth,
    parse_bounded,
)
from app.saves.save_status import SaveStatus
from app.saves.tab_claim import ASKING, ELSEWHERE, FREE, MINE, MOVED, TabClaim
from app.snyd.table_session import CorruptSave, Session
from fake_browser import Storage
from hypothesis import given, settings
from hypothesis import strategies as st

DEEP = "[" * 20000 + "]" * 20000  # the issue's save that killed Pyodide


class Refusing:
    """localStorage in a page that may not use it: every touch throws (SecurityError)."""

    def __getattr__(self, name):
        raise RuntimeError("SecurityError: The operation is insecure.")


# ---------- bounded parsing ----------

def reference_depth(text: str) -> int:
    """A plain scanner: the deepest [/{ nesting outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='[]{}"\\ab\n,:'),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(alphabet='[]{}"\\a'), inner, max_size=4),
    max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_nesting_depth_matches_a_plain_scanner_on_json_with_brackets_in_strings(value):
    text = json.dumps(value)
    assert nesting_depth(text) == reference_depth(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='[]{}"\\a1,: '))
def test_any_text_parses_or_gives_unreadable_save_never_another_error(text):
    # Within both bounds the result is json.loads's (or UnreadableSave where json.loads fails);
    # past either bound it is UnreadableSave. Any other exception fails the test by itself.
    unreadable = object()
    try:
        plain = json.loads(text)
    except ValueError:
        plain = unreadable
    within = len(text) <= 1000 and nesting_depth(text) <= 4
    try:
        got = parse_bounded(text, max_chars=1000, max_depth=4)
    except UnreadableSave:
        got = unreadable
    assert got == (plain if within else unreadable)


def test_the_issues_save_and_unbalanced_brackets_are_refused_before_parsing(monkeypatch):
    import app.saves.save_guard as guard

    def no_parse(_text):
        raise AssertionError("json.loads reached with an unbounded text")

    monkeypatch.setattr(guard.json, "loads", no_parse)
    for text in (DEEP, "[" * 50000 + "}", '["' + "[" * 50000, "{" * 40 + "}" * 40):
        with pytest.raises(UnreadableSave):
            parse_bounded(text, max_chars=10**6)
    with pytest.raises(UnreadableSave, match="characters"):
        parse_bounded("[" + "0," * 600 + "0]", max_chars=1000)
    with pytest.raises(UnreadableSave, match="not text"):
        parse_bounded(12, max_chars=1000)


def test_within_bounds_is_plain_json():
    text = json.dumps({"a": [[["[[[[{{{"]]], "b": "\\\"]"})
    assert parse_bounded(text, 1000) == json.loads(text)
    assert parse_bounded("[" * MAX_DEPTH + "]" * MAX_DEPTH, 1000) is not None
    with pytest.raises(UnreadableSave, match="deeper"):
        parse_bounded("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), 1000)


# ---------- the table's save ----------

def test_a_deep_or_mistyped_table_save_is_a_corrupt_save_with_a_player_sentence():
    from app.snyd.table_setup import Seat

    from engine.snyd import Rules

    base = Session([Seat("Du", "human"), Seat("Ib", "human")], Rules(dice_per_player=2), seed=5).to_dict()
    assert Session.from_dict(base).table.log == base["log"]  # each case below breaks one field
    cases = {"deep": DEEP, "seats": {**base, "seats": 7}, "log": {**base, "log": {"a": 1}},
             "seed as text": {**base, "seed": "5"}, "seed as float": {**base, "seed": 5.0},
             "memory": {**base, "memory": [1]}, "tempo": {**base, "tempo": "fast"},
             "seat name": {**base, "seats": [{"name": 12, "kind": "human"}, base["seats"][1]]}}
    for what, case in cases.items():
        with pytest.raises(CorruptSave) as err:
            Session.from_json(case if isinstance(case, str) else json.dumps(case))
        assert str(err.value) == corrupt_save(), "the player reads Danish, not Python"
        assert err.value.detail, what


# ---------- the store: backups, full storage, refusing storage ----------

def test_a_bad_save_is_set_aside_as_one_bounded_backup():
    store = LocalStore(Storage(quota=100_000))
    store.write(TABLE_KEY, DEEP[:30000])
    store.set_aside(TABLE_KEY, DEEP[:30000], "nested deeper than 32", max_chars=1000)
    assert store.read(TABLE_KEY) is None
    copy = json.loads(store.read(backup_key(TABLE_KEY)))
    assert copy["reason"] == "nested deeper than 32" and copy["length"] == 30000
    assert copy["text"] == DEEP[:1000]
    store.set_aside(TABLE_KEY, "second", "not JSON", max_chars=1000)
    assert json.loads(store.read(backup_key(TABLE_KEY)))["text"] == "second"  # replaced, not added
    assert sorted(store.backend.data) == [backup_key(TABLE_KEY)]


def test_a_full_storage_drops_the_backups_to_make_room_for_the_live_table():
    store = LocalStore(Storage(quota=10_000))
    assert store.write(backup_key(TABLE_KEY), "x" * 6000)
    assert store.write(backup_key(SETTINGS_KEY), "y" * 2000)
    assert store.write(TABLE_KEY, "t" * 4000)
    assert store.read(backup_key(TABLE_KEY)) is None and store.read(backup_key(SETTINGS_KEY)) is None
    assert store.read(TABLE_KEY) == "t" * 4000 and store.last_failure == ""


def test_a_full_storage_with_nothing_to_drop_fails_and_says_full():
    store = LocalStore(Storage(quota=10_000))
    assert store.write("someone-else", "z" * 9000)
    assert store.write(TABLE_KEY, "t" * 4000) is False
    assert store.last_failure == FULL and store.read(TABLE_KEY) is None
    store.remove("someone-else")
    assert store.write(TABLE_KEY, "t" * 4000) and store.last_failure == ""


def test_storage_that_throws_on_every_touch_reads_nothing_and_fails_blocked():
    store = LocalStore(Refusing())
    assert store.read(TABLE_KEY) is None
    assert store.write(TABLE_KEY, "{}") is False and store.last_failure == BLOCKED
    store.remove(TABLE_KEY)
    store.set_aside(TABLE_KEY, "x", "why", 10)
    assert load_settings(store) == (DEFAULTS, "")


def test_save_status_line_shows_while_failing_and_persistence_is_asked_once():
    s = SaveStatus()
    assert s.line == "" and s.ask_persist() and not s.ask_persist()
    s.after_save(False, FULL)
    assert s.line == "Bordet kan ikke gemmes – lageret er fuldt"
    s.after_save(False, FULL)
    assert s.line
    s.after_save(True, "")
    assert s.line == ""
    s.after_save(False, BLOCKED)
    assert "kan ikke gemmes" in s.line


# ---------- settings ----------

@pytest.mark.parametrize("text", [DEEP, "{not json", "[1, 2]", '"Du"', "x" * 20_000])
def test_unreadable_settings_fall_back_to_defaults_and_are_told_once(text):
    store = LocalStore(Storage(quota=100_000))
    store.write(SETTINGS_KEY, text)
    settings, problem = load_settings(store)
    assert settings == DEFAULTS and problem
    assert store.read(SETTINGS_KEY) is None and store.read(backup_key(SETTINGS_KEY))
    assert load_settings(store) == (DEFAULTS, "")  # told once


def test_a_screen_that_reads_first_does_not_swallow_the_notice():
    """The start screen (the tutorial offer), the keys and the join screen read the settings
    before any screen that tells: the reset must still be told, once, by the first that does."""
    store = LocalStore(Storage(quota=100_000))
    store.write(SETTINGS_KEY, DEEP)
    assert read_settings(store) == DEFAULTS and read_settings(store) == DEFAULTS
    assert store.read(SETTINGS_KEY) is None and store.read(backup_key(SETTINGS_KEY))
    settings, problem = load_settings(store)
    assert settings == DEFAULTS and "unreadable" in problem
    assert load_settings(store) == (DEFAULTS, "")  # told once


def test_a_single_bad_setting_falls_back_quietly():
    store = LocalStore(Storage(quota=10_000))
    store.write(SETTINGS_KEY, json.dumps({"tempo": "lynhurtig", "sound": False}))
    settings, problem = load_settings(store)
    assert problem == "" and settings["tempo"] == "normal" and settings["sound"] is False


# ---------- one table, one tab ----------

def test_a_tab_asks_then_holds_or_hears_the_table_is_elsewhere():
    a, b = TabClaim(), TabClaim()
    assert a.tab_id != b.tab_id and not a.may_write and a.state == FREE
    assert a.ask() and a.state == ASKING and not a.ask()
    a.answer(True)
    assert a.state == MINE and a.may_write
    b.ask()
    b.answer(False)
    assert b.state == ELSEWHERE and not b.may_write and b.notice()[0] == "Bordet er åbent i en anden fane"


def test_taking_the_table_stops_the_other_tab_by_the_lock_or_by_the_token():
    a, b = TabClaim(), TabClaim()
    a.take()
    a.token_written(True)
    b.take()
    b.token_written(True)
    assert a.owner_seen(b.tab_id) is True         # read back before a save
    assert a.state == MOVED and not a.may_write
    assert a.notice()[0] == "Bordet er flyttet til en anden fane"
    assert a.owner_seen(b.tab_id) is False        # already stopped: nothing new
    a.take()                                      # and back
    assert b.lost() is True and b.state == MOVED
    assert a.may_write and a.owner_seen(a.tab_id) is False


def test_a_token_proves_nothing_when_missing_or_when_ours_could_not_be_written():
    a = TabClaim()
    a.take()
    a.token_written(False)                        # storage full: the old holder's id stays
    assert a.owner_seen("old-tab") is False and a.may_write
    assert a.owner_seen(None) is False
    assert a.owner_seen("new-tab", fresh=True) is True  # a storage event is news, though


def test_a_take_while_asking_is_not_undone_by_the_late_answer():
    a = TabClaim()
    a.ask()
    a.take()
    a.answer(False)
    assert a.state == MINE


def test_the_technical_detail_of_a_corrupt_save_is_bounded():
    huge = {"format": "bodegabordet.snyd.table", "version": "9" * 100_000}  # quoted by the message
    with pytest.raises(CorruptSave) as err:
        Session.from_json(json.dumps(huge))
    assert "unknown version" in err.value.detail and len(err.value.detail) <= 501
