"""B4 (one die at a time into a tray with dice) and B5 (the empty tray: all at once or one)."""
import pytest
from bakke_play import ALL, THREE, THROW, VIDERE, table

from engine.errors import IllegalAction

OPEN = [2, 3, 4, 5, 6, 6]  # Mette's first throw: 6, 6 picked up, tray 2 3 4 5, Mette 2 dice


def test_b4_a_one_leaves_the_game_and_the_player_may_go_on():
    t = table(OPEN + [1])
    t.act("Mette", ALL)
    t.act("Henning", THROW)
    assert t.hands["Henning"] == 5 and t.tray == [2, 3, 4, 5] and t.turn == "Henning"
    assert t.last["ones"] == 1 and not t.last["passes"]
    assert t.legal("Henning") == ["throw", "videre", "fejl"]
    assert [e["type"] for e in t.events[-2:]] == ["throw", "ones_out"]


def test_b4_a_face_in_the_tray_picks_up_both_and_passes_at_once():
    t = table(OPEN + [6, 4], players=THREE)
    t.act("Mette", ALL)
    t.act("Henning", THROW)  # a 6 is new: it stays
    t.act("Henning", THROW)  # a 4 is there: both up, the turn passes
    assert t.hands["Henning"] == 6 - 2 + 2 and t.tray == [2, 3, 5, 6]
    assert t.turn == "Ronni" and t.thrown == 0 and t.last["passes"]
    assert t.events[-1] == {"type": "pick_up", "player": "Henning", "face": 4, "count": 2}


def test_b4_a_new_face_stays():
    t = table([2, 3, 4, 5, 5, 5, 6])
    t.act("Mette", ALL)  # tray 2 3 4, Mette 3
    t.act("Henning", THROW)
    assert t.tray == [2, 3, 4, 6] and t.hands["Henning"] == 5 and t.turn == "Henning"
    assert t.thrown == 1 and t.legal("Henning") == ["throw", "videre", "fejl"]


def test_b4_videre_only_after_at_least_one_die():
    t = table(OPEN + [6])
    t.act("Mette", ALL)
    with pytest.raises(IllegalAction, match="Videre"):
        t.act("Henning", VIDERE)
    t.act("Henning", THROW)
    t.act("Henning", VIDERE)
    assert t.turn == "Mette" and t.thrown == 0
    assert t.events[-1] == {"type": "videre", "player": "Henning"}


def test_b4_throw_all_refused_while_the_tray_holds_dice():
    t = table(OPEN)
    t.act("Mette", ALL)
    with pytest.raises(IllegalAction, match="bakken"):
        t.act("Henning", ALL)
    assert "throw_all" not in t.legal("Henning")


def test_b4_only_the_player_in_turn_throws():
    t = table(OPEN)
    t.act("Mette", ALL)
    for action in (THROW, ALL, VIDERE):
        with pytest.raises(IllegalAction, match="ikke din tur"):
            t.act("Mette", action)


def test_b5_empty_tray_throw_all_resolves_and_passes():
    t = table([2, 2, 3, 3, 4, 4] + [5, 5, 6, 2, 3, 4])
    t.act("Mette", ALL)  # everything picked up: tray empty, Mette keeps 6
    assert t.tray == [] and t.hands["Mette"] == 6
    assert t.legal("Henning") == ["throw", "throw_all"]
    t.act("Henning", ALL)
    assert t.tray == [2, 3, 4, 6] and t.hands["Henning"] == 2 and t.turn == "Mette"


def test_b5_one_die_into_an_empty_tray_goes_one_at_a_time():
    t = table([2, 2, 3, 3, 4, 4] + [5])
    t.act("Mette", ALL)
    t.act("Henning", THROW)  # the first die into an empty tray stays
    assert t.tray == [5] and t.turn == "Henning" and t.hands["Henning"] == 5
    with pytest.raises(IllegalAction):
        t.act("Henning", ALL)


def test_b5_a_one_into_the_empty_tray_leaves_and_the_turn_goes_on_one_at_a_time():
    t = table([2, 2, 3, 3, 4, 4] + [1])
    t.act("Mette", ALL)
    t.act("Henning", THROW)
    assert t.tray == [] and t.hands["Henning"] == 5 and t.turn == "Henning"
    assert t.legal("Henning") == ["throw", "videre"]  # not all at once: B5, one at a time chosen
