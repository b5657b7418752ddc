"""web/app/table/session.py: the session behind the Bakke and Treere tables.

Most tests run on a stand-in engine (fake_game.py, installed as engine.treere for one test) so
they are about the session; the tests at the end play the real engines.
"""
from __future__ import annotations

import json

import fake_game
import pytest
from app.saves.local_store import LocalStore, backup_key
from app.saves.save_guard import corrupt_save
from app.table import session as gs
from app.table.session import CorruptSave, GameSession

from engine.errors import IllegalAction


class MemoryStorage:
    """localStorage in a dict; `full=True` refuses every write like a full quota."""

    def __init__(self, full: bool = False):
        self.items: dict[str, str] = {}
        self.full = full

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


@pytest.fixture
def fake(monkeypatch):
    fake_game.install(monkeypatch, "treere")


def two_seats(regular="Henning"):
    return [("Mette", "human"), (regular, "regular")]


def play_to_end(s: GameSession) -> None:
    for _ in range(100):
        v = s.view()
        if v["phase"] == "over":
            return
        if s.regular_due():
            s.play_regular()
        else:
            s.act(v["turn"], {"type": "keep", "dice": [0]} if v["rolled"] else {"type": "roll"})
    raise AssertionError("the game never ended")


# ---------- seats and rules ----------
@pytest.mark.parametrize("seats, words", [
    ([("Mette", "human")], "2–8"),
    ([("Mette", "human")] + [(f"P{i}", "human") for i in range(8)], "2–8"),
    ([("Mette", "human"), ("mette", "human")], "To pladser"),
    ([("Mette", "human"), ("  ", "human")], "mangler et navn"),
    ([("Mette", "human"), ("X" * 21, "human")], "for langt"),
    ([("Mette", "human"), ("Bo", "guest")], "Ugyldig plads"),
    ([("Henning", "regular"), ("Lis", "regular")], "Mindst én"),
    ([("Mette", "human"), ("Bodil", "regular")], "ikke en af stamgæsterne"),
    ([("Mette", "human"), "Bo"], "Ugyldig plads"),
    ("Mette", "2–8"),
])
def test_bad_seats_are_refused_in_danish(fake, seats, words):
    with pytest.raises(IllegalAction, match=words):
        GameSession("treere", seats)


def test_seats_come_as_pairs_or_dicts_and_names_are_trimmed(fake):
    s = GameSession("treere", [{"name": " Mette ", "kind": "human"}, ["Lis", "regular"]], seed=3)
    assert s.seats == [("Mette", "human"), ("Lis", "regular")]
    assert s.humans == ["Mette"] and list(s.regulars) == ["Lis"]


def test_an_unknown_game_or_bad_rules_or_seed_is_refused(fake):
    with pytest.raises(IllegalAction, match="Ukendt spil"):
        GameSession("snyd", two_seats())
    with pytest.raises(IllegalAction, match="Ugyldige regler"):
        GameSession("treere", two_seats(), rules=[1])
    with pytest.raises(IllegalAction, match="Ukendte regler"):
        GameSession("treere", two_seats(), rules={"ante": 1, "bund": True})
    with pytest.raises(IllegalAction, match="seed"):
        GameSession("treere", two_seats(), seed="x")


def test_rules_may_be_a_dict_or_the_engines_rules(fake):
    assert GameSession("treere", two_seats(), {"ante": 2}).rules == fake_game.Rules(ante=2)
    assert GameSession("treere", two_seats(), fake_game.Rules(3)).rules.ante == 3


# ---------- whose view, the flow ----------
def test_pass_and_play_shows_the_person_in_turn_and_keeps_them_while_a_regular_plays(fake):
    s = GameSession("treere", [("Mette", "human"), ("Jonas", "human"), ("Lis", "regular")], seed=1)
    assert s.pass_and_play and s.view()["me"] == "Mette"
    s.act("Mette", {"type": "roll"})
    s.act("Mette", {"type": "keep", "dice": [0]})
    assert s.view()["me"] == "Jonas"
    s.act("Jonas", {"type": "roll"})
    s.act("Jonas", {"type": "keep", "dice": [0]})
    assert s.regular_due() == "Lis"
    assert s.view()["me"] == "Jonas", "the phone stays with the last person during a regular's turn"
    assert s.view("Lis")["me"] == "Lis"
    with pytest.raises(IllegalAction):
        s.view("Bodil")


def test_act_refuses_a_regulars_seat_and_illegal_moves_and_changes_nothing(fake):
    s = GameSession("treere", two_seats(), seed=5)
    before = s.to_json()
    with pytest.raises(IllegalAction, match="ikke ved denne telefon"):
        s.act("Henning", {"type": "roll"})
    with pytest.raises(IllegalAction):
        s.act("Mette", {"type": "keep", "dice": [0]})
    with pytest.raises(IllegalAction):
        s.act("Mette", "roll")
    assert s.to_json() == before


def test_regulars_play_when_due_and_the_pot_is_won_and_a_new_game_follows(fake):
    s = GameSession("treere", two_seats("Lis"), seed=9)
    assert s.regular_due() is None
    with pytest.raises(IllegalAction, match="stamgæsts tur"):
        s.play_regular()
    with pytest.raises(IllegalAction, match="ikke slut"):
        s.new_game()
    play_to_end(s)
    assert s.view()["phase"] == "over"
    assert sum(s.tally.values()) == 0 and sorted(s.tally.values()) == [-1, 1]
    s.new_game()
    assert s.view()["phase"] == "playing" and s.view()["game_no"] == 2


def test_a_regulars_pause_is_fixed_per_state_and_scaled_by_tempo(fake):
    s = GameSession("treere", two_seats(), seed=2)
    s.act("Mette", {"type": "roll"})
    s.act("Mette", {"type": "keep", "dice": [0]})
    first = s.pause_ms()
    assert gs.PAUSE_MIN_MS <= first <= gs.PAUSE_MIN_MS + gs.PAUSE_SPREAD_MS
    assert s.pause_ms() == first and s.pause_ms(0.5) == first // 2
    s.play_regular()
    later = [s.pause_ms()]
    s.play_regular()
    s.new_game()
    s.act("Mette", {"type": "roll"})
    s.act("Mette", {"type": "keep", "dice": [0]})
    later.append(s.pause_ms())
    assert any(p != first for p in later), "each state draws its own pause"


class Crashing(fake_game.Regular):
    def decide(self, view):
        raise ZeroDivisionError("division by zero")

    def say(self, event, view, lang="da"):
        raise KeyError("line")


class Cheating(fake_game.Regular):
    def decide(self, view):
        return {"type": "keep", "dice": [4, 4, 4]}


@pytest.mark.parametrize("cls, error", [(Crashing, "ZeroDivisionError"), (Cheating, "IllegalAction")])
def test_a_regular_that_raises_or_cheats_is_recorded_and_a_legal_move_is_taken(fake, cls, error):
    s = GameSession("treere", [("Mette", "human"), ("Kaj", "regular")], seed=4,
                    regular_factory=lambda name, seed: cls(name, seed))
    s.act("Mette", {"type": "roll"})
    s.act("Mette", {"type": "keep", "dice": [0]})
    assert s.play_regular() == {"type": "roll"}
    assert s.play_regular() == {"type": "keep", "dice": [0]}
    assert s.view()["phase"] == "over", "the table never sticks"
    faults = s.new_faults()
    assert [f.player for f in faults] == ["Kaj", "Kaj"] and error in faults[0].error
    assert "Kaj gik i stå" in faults[0].line and faults[0].traceback
    assert s.new_faults() == [], "each fault is told once"


def test_faults_are_bounded(fake):
    s = GameSession("treere", [("Mette", "human"), ("Kaj", "regular")], seed=4,
                    regular_factory=lambda name, seed: Crashing(name, seed))
    for _ in range(gs.MAX_FAULTS + 15):
        assert s.lines({"type": "roll", "player": "Kaj"}) == []
    assert len(s.faults) == gs.MAX_FAULTS
    assert len(s.new_faults()) == gs.MAX_FAULTS


def test_lines_are_the_event_players_own_or_a_remark_on_news_without_a_regular(fake):
    s = GameSession("treere", [("Mette", "human"), ("Henning", "regular"), ("Lis", "regular")], seed=1)
    assert s.lines({"type": "roll", "player": "Henning"}) == [("Henning", "Så ruller vi.")]
    assert s.lines({"type": "roll", "player": "Mette"}) == []
    assert s.lines({"type": "won", "player": "Mette"}) == [("Henning", "Tillykke.")]
    assert s.lines({"type": "won", "player": "Lis"}) == [("Lis", "Skål!")]
    assert s.lines({"type": "keep", "player": "Lis"}) == []
    assert s.lines("junk") == []


def test_news_gives_each_event_once(fake):
    s = GameSession("treere", two_seats(), seed=1)
    assert s.news() == []
    s.act("Mette", {"type": "roll"})
    assert [e["type"] for e in s.news()] == ["roll"]
    assert s.news() == []


# ---------- saves ----------
def test_a_save_restores_the_same_table_by_replay(fake):
    s = GameSession("treere", [("Mette", "human"), ("Jonas", "human"), ("Lis", "regular")], seed=7)
    s.act("Mette", {"type": "roll"})
    s.act("Mette", {"type": "keep", "dice": [0]})
    s.act("Jonas", {"type": "roll"})
    text = s.to_json()
    back = GameSession.from_json(text, "treere")
    assert back.to_json() == text
    assert back.view() == s.view() and back.view()["me"] == "Jonas"
    # the replayed table goes on with the same dice
    s.act("Jonas", {"type": "keep", "dice": [0]})
    back.act("Jonas", {"type": "keep", "dice": [0]})
    s.play_regular()
    back.play_regular()
    assert back.view() == s.view()


def _save(**changes):
    d = {"format": gs.SAVE_FORMAT, "version": 1, "game": "treere",
         "seats": [{"name": "Mette", "kind": "human"}, {"name": "Lis", "kind": "regular"}],
         "rules": {"ante": 1}, "seed": 3, "log": [{"type": "start", "seed": 3}], "memory": {}}
    d.update(changes)
    return d


@pytest.mark.parametrize("changes", [
    {},  # the good one: must load (guards the cases below against failing for another reason)
    {"format": "bodegabordet.snyd.table"},
    {"version": 2},
    {"game": "bakke"},
    {"game": "snyd"},
    {"seats": "Mette"},
    {"seats": [{"name": "Mette", "kind": "human"}]},
    {"seats": [{"name": "Mette", "kind": "human"}, {"name": "Bodil", "kind": "regular"}]},
    {"seats": [{"name": ["x"], "kind": "human"}, {"name": "Lis", "kind": "regular"}]},
    {"rules": {"ante": 1, "x": 2}},
    {"rules": None},
    {"seed": "3"},
    {"seed": None},
    {"seed": 2**70},
    {"log": {"0": 1}},
    {"log": []},
    {"log": [{"type": "start", "seed": 3}, {"player": "Lis", "action": {"type": "roll"}}]},
    {"log": [{"type": "start", "seed": 3}, 7]},
    {"memory": []},
    {"memory": {"Mette": {}}},
    {"memory": {"Lis": "lots"}},
])
def test_hostile_saves_are_one_clear_error(fake, changes):
    d = _save(**changes)
    if not changes:
        assert GameSession.from_dict(d, "treere").seed == 3
        return
    with pytest.raises(CorruptSave) as err:
        GameSession.from_dict(d, "treere")
    assert str(err.value) == corrupt_save() and err.value.detail


@pytest.mark.parametrize("text", [None, 5, "", "not json", "[" * 50_000 + "]" * 50_000,
                                  "x" * (gs.MAX_TABLE_CHARS + 1), "[]", json.dumps(_save(log=[0] * 3))])
def test_unreadable_texts_are_corrupt_saves_never_another_error(fake, text):
    with pytest.raises(CorruptSave):
        GameSession.from_json(text, "treere")


def test_the_detail_of_a_corrupt_save_is_bounded(fake):
    with pytest.raises(CorruptSave) as err:
        GameSession.from_dict(_save(version="v" * 10_000), "treere")
    assert len(err.value.detail) <= gs.MAX_DETAIL + 1


def test_each_game_has_its_own_key_and_a_bad_save_is_set_aside(fake):
    store = LocalStore(MemoryStorage())
    s = GameSession("treere", two_seats(), seed=1)
    assert gs.save(s, store)
    assert set(store.backend.items) == {"bodegabordet.treere.table"}
    assert gs.load("treere", store).to_json() == s.to_json()
    assert gs.load("bakke", store) is None, "Bakke's key is its own"
    store.write("bodegabordet.treere.table", '{"format": "bodegabordet.game", "version": 1}')
    warned = []
    with pytest.raises(CorruptSave):
        gs.load("treere", store, warn=warned.append)
    assert store.read("bodegabordet.treere.table") is None
    copy = json.loads(store.read(backup_key("bodegabordet.treere.table")))
    assert copy["key"] == "bodegabordet.treere.table" and "version" in copy["text"]
    assert warned and "set aside" in warned[0]
    assert gs.load("treere", store) is None, "the next load is clean"
    gs.save(s, store)
    gs.forget("treere", store)
    assert gs.load("treere", store) is None
    with pytest.raises(IllegalAction):
        gs.forget("snyd", store)


def test_a_full_storage_says_so(fake):
    store = LocalStore(MemoryStorage(full=True))
    assert not gs.save(GameSession("treere", two_seats(), seed=1), store)
    assert store.last_failure == "full"


def test_the_memory_of_regulars_is_saved_and_recalled(fake):
    s = GameSession("treere", two_seats("Lis"), seed=1)
    d = s.to_dict()
    assert d["memory"] == {"Lis": {"seen": 0}}
    assert GameSession.from_dict(d, "treere").to_dict() == d


def test_each_view_is_built_once_per_table_state(fake, monkeypatch):
    # A view holds the evening's events: the session must not rebuild it for every question.
    s = GameSession("treere", [("Mette", "human"), ("Jonas", "human"), ("Lis", "regular")], seed=1)
    built = []
    real = fake_game.Table.view
    monkeypatch.setattr(fake_game.Table, "view", lambda self, p=None: built.append(p) or real(self, p))
    s.act("Mette", {"type": "roll"})
    for _ in range(3):
        s.view(), s.regular_due(), s.tally, s.lines({"type": "roll", "player": "Lis"})
    assert built.count("Mette") == 1 and len(built) == 2, built  # Mette's, and Lis's for her line
    s.act("Mette", {"type": "keep", "dice": [0]})
    assert s.view()["me"] == "Jonas" and s.view()["turn"] == "Jonas"
    assert built[2:] == ["Mette", "Jonas"], built  # whose turn (read once), then the phone's


def test_the_regulars_speak_the_players_language(fake):
    """_say hands the bots lang=lang.language() (engine/*/bots.py say(event, view, lang))."""
    from app import lang
    s = GameSession("treere", [("Mette", "human"), ("Henning", "regular"), ("Lis", "regular")], seed=1)
    lang.set_language("en")
    try:
        assert s.lines({"type": "roll", "player": "Henning"}) == [("Henning", "Let's roll.")]
        assert s.lines({"type": "won", "player": "Mette"}) == [("Henning", "Well done.")]
    finally:
        lang.set_language("da")
    assert s.lines({"type": "roll", "player": "Henning"}) == [("Henning", "Så ruller vi.")]


def test_a_real_regular_speaks_english_at_an_english_table():
    """The real Treere regulars (no fakes): the same seed says the same line, in English at an
    English table."""
    from app import lang
    said = {}
    for code in ("da", "en"):
        lang.set_language(code)
        try:
            s = GameSession("treere", [("Mette", "human"), ("Henning", "regular")], seed=3)
            said[code] = s.lines({"type": "won", "player": "Henning"})
        finally:
            lang.set_language("da")
    assert said["da"] and said["en"] and said["da"] != said["en"]
    from engine.treere.bots import regular  # the same regular, asked in English directly
    s = GameSession("treere", [("Mette", "human"), ("Henning", "regular")], seed=3)
    henning = regular("Henning", s.seed + 1)
    assert said["en"] == [("Henning", henning.say({"type": "won", "player": "Henning"}, s.view("Henning"), lang="en"))]
