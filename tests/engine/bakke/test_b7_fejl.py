"""B7: *Fejl* — the offender takes every die in the tray, even out of turn (decisions in
docs/rules-decisions.md, "Bakke")."""
import pytest
from bakke_play import ALL, THREE, THROW, VIDERE, fejl, table

from engine.bakke import Rules
from engine.errors import IllegalAction

OPEN = [2, 3, 4, 5, 6, 6]  # Mette's first throw: tray 2 3 4 5, Mette 2 dice


def test_b7_offender_takes_every_die_in_the_tray_out_of_turn():
    t = table(OPEN, players=THREE)
    t.act("Mette", ALL)
    t.act("Ronni", fejl("Mette"))  # Henning's turn; Ronni calls, Mette pays
    assert t.tray == [] and t.hands["Mette"] == 6 and t.turn == "Henning"
    assert t.events[-1] == {"type": "fejl", "player": "Ronni", "against": "Mette",
                            "faces": [2, 3, 4, 5]}


def test_b7_the_turn_stays_and_an_offender_in_turn_plays_on():
    t = table(OPEN + [6, 2])
    t.act("Mette", ALL)
    t.act("Henning", THROW)  # 6 stays
    t.act("Mette", fejl("Henning"))
    assert t.hands["Henning"] == 5 + 5 and t.tray == [] and t.turn == "Henning"
    assert t.thrown == 1 and t.legal("Henning") == ["throw", "videre"]  # one at a time still
    t.act("Henning", THROW)  # a 2 into the empty tray stays
    assert t.tray == [2] and t.turn == "Henning"


def test_b7_offender_in_turn_before_throwing_may_throw_all_into_the_emptied_tray():
    t = table(OPEN)
    t.act("Mette", ALL)
    t.act("Mette", fejl("Henning"))
    assert t.turn == "Henning" and t.thrown == 0 and t.hands["Henning"] == 10
    assert t.legal("Henning") == ["throw", "throw_all"]


def test_b7_no_fault_against_an_empty_tray():
    t = table()
    with pytest.raises(IllegalAction, match="tom"):
        t.act("Henning", fejl("Mette"))
    assert "fejl" not in t.legal("Henning") and t.fejl_targets("Henning") == []


def test_b7_one_fault_per_die_that_landed():
    t = table(OPEN + [6])
    t.act("Mette", ALL)
    t.act("Henning", fejl("Mette"))
    with pytest.raises(IllegalAction):  # the tray is empty now: nothing more to take
        t.act("Henning", fejl("Mette"))
    t.act("Henning", THROW)
    t.act("Mette", fejl("Henning"))  # a die landed: a fault may be called again
    assert t.hands["Henning"] == 6


def test_b7_not_against_oneself():
    t = table(OPEN)
    t.act("Mette", ALL)
    with pytest.raises(IllegalAction, match="sig selv"):
        t.act("Mette", fejl("Mette"))
    assert t.fejl_targets("Mette") == ["Henning"]


def test_b7_players_out_neither_call_nor_are_called():
    t = table([1, 2, 3, 4, 5, 6], players=THREE)
    t.act("Mette", ALL)  # Mette out, tray 2 3 4 5 6
    with pytest.raises(IllegalAction, match="ude"):
        t.act("Mette", fejl("Henning"))
    with pytest.raises(IllegalAction, match="ude"):
        t.act("Henning", fejl("Mette"))
    assert t.legal("Mette") == [] and t.fejl_targets("Henning") == ["Ronni"]


def test_b7_against_a_stranger_or_junk_is_refused():
    t = table(OPEN)
    t.act("Mette", ALL)
    for who in ("Bodil", None, 3, ["Mette"], {"a": 1}):
        with pytest.raises(IllegalAction):
            t.act("Henning", fejl(who))


def test_b7_faults_off_refuses_the_action():
    t = table(OPEN, rules=Rules(faults=False))
    t.act("Mette", ALL)
    with pytest.raises(IllegalAction, match="uden fejl"):
        t.act("Mette", fejl("Henning"))
    assert "fejl" not in t.legal("Mette") and t.view("Mette")["fejl_against"] == []


def test_b7_no_fault_once_the_game_is_over():
    t = table([1, 2, 3, 4, 5, 6])
    t.act("Mette", ALL)
    with pytest.raises(IllegalAction, match="slut"):
        t.act("Henning", fejl("Mette"))


def test_b7_fault_is_in_the_view_and_videre_after_it_is_still_the_turns_own():
    t = table(OPEN + [6])
    t.act("Mette", ALL)
    t.act("Henning", THROW)
    t.act("Henning", fejl("Mette"))  # the player in turn may call too
    assert t.view("Henning")["legal"] == ["throw", "videre"]
    t.act("Henning", VIDERE)
    assert t.turn == "Mette" and t.hands["Mette"] == 2 + 5
