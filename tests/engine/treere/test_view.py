"""The Treere view contract (docs/views.md, Treere): plain JSON, public dice only, ``legal``."""
import json

import pytest
from treere_play import keep_all

from engine.errors import IllegalAction
from engine.treere import Rules, Table

KEYS = {"game", "me", "rules", "players", "phase", "game_no", "round_no", "stage", "threshold",
        "starter", "in_round", "playoff", "turn", "rolled", "kept", "left", "score", "scores",
        "kept_by", "best", "to_beat", "to_roll", "pot", "winner", "legal", "tally", "last",
        "events"}


def test_view_has_the_contract_keys_and_is_plain_json():
    t = Table(["A", "B", "C"], Rules(progressive="runder", ante=2), seed=4)
    t.act("A", {"type": "roll"})
    v = t.view("B")
    assert set(v) == KEYS
    assert json.loads(json.dumps(v)) == v
    assert v["game"] == "treere" and v["me"] == "B" and v["turn"] == "A"
    assert v["rules"] == {"zero_face": 3, "progressive": "runder", "ante": 2}
    assert v["pot"] == 6 and v["phase"] == "playing" and v["game_no"] == 1
    assert v["scores"] == {"A": None, "B": None, "C": None} and v["best"] is None
    assert v["to_beat"] == 1 and v["threshold"] == 1 and v["to_roll"] == ["B", "C"]
    assert len(v["rolled"]) == 5 and v["kept"] == [] and v["left"] == 5
    assert v["last"] == {"type": "roll", "player": "A", "faces": v["rolled"]}


def test_legal_names_what_me_may_do():
    t = Table(["A", "B"], dice=[1, 2, 4, 5, 6] + [2, 2, 4, 5, 6])
    assert t.view("A")["legal"] == ["roll"] and t.view("B")["legal"] == []
    t.act("A", {"type": "roll"})
    assert t.view("A")["legal"] == ["keep"]
    keep_all_from_roll = {"type": "keep", "dice": [0, 1, 2, 3, 4]}
    t.act("A", keep_all_from_roll)
    keep_all(t)
    assert t.phase == "over" and t.winner == "A"
    assert t.view("A")["legal"] == ["new_game"] == t.view("B")["legal"]
    assert t.view(None)["legal"] == []


def test_spectator_view_and_strangers():
    t = Table(["A", "B"], seed=2)
    v = t.view()
    assert v["me"] is None and v["legal"] == [] and v["turn"] == "A"
    for who in ("Z", 3, ["A"], ""):
        with pytest.raises(IllegalAction):
            t.view(who)


def test_view_never_shows_dice_not_yet_rolled():
    # Two tables with the same history but different dice ahead give identical views.
    a = Table(["A", "B"], seed=1, dice=[1, 2, 4, 5, 6, 1, 1, 1, 1, 1])
    b = Table(["A", "B"], seed=2, dice=[1, 2, 4, 5, 6, 6, 6, 6, 6, 6])
    for t in (a, b):
        t.act("A", {"type": "roll"})
        t.act("A", {"type": "keep", "dice": [0, 1]})
    for me in ("A", "B", None):
        assert a.view(me) == b.view(me)
    assert a.view("A")["rolled"] == [] and a.view("A")["left"] == 3


def test_a_view_is_a_copy():
    t = Table(["A", "B"], seed=1)
    t.act("A", {"type": "roll"})
    v = t.view("A")
    v["rolled"].append(9)
    v["events"][-1]["faces"].append(9)
    v["tally"]["A"] = 99
    assert t.view("A")["rolled"] == t.rolled and len(t.events[-1]["faces"]) == 5
    assert t.tally["A"] == -1


def test_kept_by_and_scores_after_turns():
    t = Table(["A", "B", "C"], dice=[1, 1, 2, 1, 3] + [6, 6, 6, 6, 6])
    keep_all(t)
    t.act("B", {"type": "roll"})
    t.act("B", {"type": "keep", "dice": [0]})
    v = t.view("C")
    assert v["scores"] == {"A": 5, "B": 6, "C": None}
    assert v["kept_by"] == {"A": [1, 1, 2, 1, 3], "B": [6]}
    assert v["best"] == 5 and v["to_beat"] == 5 and v["to_roll"] == []


def test_over_view_names_the_winner():
    t = Table(["A", "B"], dice=[1, 3, 3, 3, 3] + [2] * 5)
    keep_all(t)
    t.act("B", {"type": "roll"})
    t.act("B", {"type": "keep", "dice": [0]})
    v = t.view("B")
    assert v["phase"] == "over" and v["winner"] == "A" and v["turn"] is None
    assert v["to_beat"] is None and v["pot"] == 0 and v["tally"] == {"A": 1, "B": -1}
    assert v["last"]["type"] == "won"
