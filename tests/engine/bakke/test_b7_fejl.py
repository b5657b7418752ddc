"""B7: *Fejl* — the offender takes every die in the tray, even out of turn (decisions in
docs/rules-decisions.md, "Bakke")."""
import pytest
from bakke_play import ALL, PLAYERS, THREE, THROW, VIDERE, fejl, table

from engine.bakke import Rules, Table
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
    assert t.view("Henning")["legal"] == ["throw", "videre", "undo_fejl"]  # the caller may undo
    t.act("Henning", VIDERE)
    assert t.turn == "Mette" and t.hands["Mette"] == 2 + 5


# --- issue 17: a fault is a call that can be taken back, and never against a regular ---------

UNDO = {"type": "undo_fejl"}


def test_b7_the_fault_is_told_with_its_caller_and_offered_for_undo_in_every_view():
    t = table(OPEN + [6], players=THREE)
    t.act("Mette", ALL)
    t.act("Ronni", fejl("Mette"))
    fault = {"player": "Ronni", "against": "Mette", "faces": [2, 3, 4, 5]}
    for seat in (*THREE, None):  # everyone sees who called it, the accused too
        v = t.view(seat)
        assert v["events"][-1] == {"type": "fejl", **fault}
        assert v["fejl_undo"] == fault
    assert "undo_fejl" in t.legal("Ronni")
    assert "undo_fejl" not in t.legal("Mette") and "undo_fejl" not in t.legal("Henning")


def test_b7_the_caller_undoes_before_the_next_throw_and_the_table_is_as_it_was():
    t = table(OPEN + [6], players=THREE)
    t.act("Mette", ALL)
    before = (dict(t.hands), sorted(t.tray), t.turn, t.thrown)
    t.act("Ronni", fejl("Mette"))
    t.act("Ronni", UNDO)
    assert (dict(t.hands), sorted(t.tray), t.turn, t.thrown) == before
    assert t.events[-1] == {"type": "fejl_undone", "player": "Ronni", "against": "Mette",
                            "faces": [2, 3, 4, 5]}
    assert t.view("Mette")["fejl_undo"] is None and "undo_fejl" not in t.legal("Ronni")


def test_b7_only_the_caller_may_undo():
    t = table(OPEN, players=THREE)
    t.act("Mette", ALL)
    t.act("Ronni", fejl("Mette"))
    for other in ("Mette", "Henning"):
        with pytest.raises(IllegalAction, match="Kun Ronni"):
            t.act(other, UNDO)
    assert t.hands["Mette"] == 6 and t.tray == []


def test_b7_the_next_throw_closes_the_undo():
    t = table(OPEN + [6, 2])
    t.act("Mette", ALL)
    t.act("Henning", THROW)  # 6 stays
    t.act("Mette", fejl("Henning"))
    t.act("Henning", THROW)  # a 2 lands: the fault stands for good
    with pytest.raises(IllegalAction, match="ingen fejl at fortryde"):
        t.act("Mette", UNDO)
    assert t.view("Mette")["fejl_undo"] is None and t.hands["Henning"] == 10 - 1


def test_b7_a_videre_does_not_close_the_undo():
    t = table(OPEN + [6])
    t.act("Mette", ALL)
    t.act("Henning", THROW)  # 6 stays, Henning has thrown
    t.act("Henning", fejl("Mette"))
    t.act("Henning", VIDERE)  # not a throw: the caller may still take it back
    t.act("Henning", UNDO)
    assert t.turn == "Mette" and t.hands["Mette"] == 2 and sorted(t.tray) == [2, 3, 4, 5, 6]
    assert t.legal("Mette") == ["throw", "fejl"]  # the tray holds dice again: one at a time (B4)


def test_b7_who_undid_calls_no_new_fault_until_the_next_throw():
    """The rate bound: each player calls at most once per throw, so fault and undo cannot loop."""
    t = table(OPEN + [6], players=THREE)
    t.act("Mette", ALL)
    t.act("Ronni", fejl("Mette"))
    t.act("Ronni", UNDO)
    with pytest.raises(IllegalAction, match="fortrudt"):
        t.act("Ronni", fejl("Henning"))
    assert t.fejl_targets("Ronni") == [] and "fejl" not in t.legal("Ronni")
    t.act("Henning", fejl("Mette"))  # another player may still call it
    t.act("Henning", THROW)  # the next throw: Ronni may call again
    assert t.fejl_targets("Ronni") == ["Mette", "Henning"]


def test_b7_no_undo_without_a_fault_nor_with_faults_off():
    t = table(OPEN)
    t.act("Mette", ALL)
    with pytest.raises(IllegalAction, match="ingen fejl"):
        t.act("Henning", UNDO)
    off = table(OPEN, rules=Rules(faults=False))
    off.act("Mette", ALL)
    assert "undo_fejl" not in off.legal("Mette")
    with pytest.raises(IllegalAction):
        off.act("Mette", UNDO)
    with pytest.raises(IllegalAction, match="felterne"):
        t.act("Henning", {"type": "undo_fejl", "against": "Mette"})


def test_b7_replay_rebuilds_a_fault_and_its_undo():
    t = table(OPEN + [6, 2, 3], players=THREE)
    t.act("Mette", ALL)
    t.act("Ronni", fejl("Mette"))
    t.act("Ronni", UNDO)
    t.act("Henning", fejl("Mette"))  # stands, still undoable when saved
    again = Table.replay(list(THREE), t.rules, t.log)
    assert again == t and again.view("Henning")["fejl_undo"]["against"] == "Mette"
    again.act("Henning", UNDO)
    t.act("Henning", UNDO)
    assert again == t


def test_b7_no_fault_against_a_player_who_makes_no_faults():
    t = Table(list(THREE), seed=1, dice=OPEN, faultless=["Henning"])
    t.act("Mette", ALL)  # Henning's turn now
    assert t.fejl_targets("Ronni") == []  # nor anyone else: a regular is throwing
    with pytest.raises(IllegalAction, match="ingen rører bakken"):
        t.act("Ronni", fejl("Mette"))
    t2 = Table(list(THREE), seed=1, dice=OPEN + [6], first="Ronni", faultless=["Henning"])
    t2.act("Ronni", ALL)  # Mette's turn: a fault may be called, but never against Henning
    assert t2.fejl_targets("Ronni") == ["Mette"] and t2.fejl_targets("Mette") == ["Ronni"]
    with pytest.raises(IllegalAction, match="Henning laver ingen fejl"):
        t2.act("Mette", fejl("Henning"))
    assert t2.hands["Henning"] == 6 and t2.view("Mette")["fejl_against"] == ["Ronni"]


def test_b7_an_old_log_with_a_fault_against_a_regular_still_replays():
    """Saves from before issue 17: a fault against a regular was allowed then, so replay takes
    the log as it was played and only then makes the regular faultless."""
    t = table(OPEN)
    t.act("Mette", ALL)
    t.act("Mette", fejl("Henning"))  # the free punishment of old
    again = Table.replay(list(PLAYERS), t.rules, t.log, faultless=["Henning"])
    assert again.hands["Henning"] == 10 and again.faultless == ("Henning",)
    assert "fejl" not in again.legal("Mette")
    again.act("Mette", UNDO)  # the caller may still take the old fault back
    assert again.hands["Henning"] == 6


def test_b7_faultless_must_name_players_at_the_table():
    for junk in ("Henning", ["Bodil"], [3], None, [["Mette"]]):
        with pytest.raises(IllegalAction):
            Table(list(PLAYERS), faultless=junk)
    t = table()
    with pytest.raises(IllegalAction):
        t.set_faultless(["Mette", "Bodil"])
    assert t.faultless == ()
