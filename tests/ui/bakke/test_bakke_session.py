"""The Bakke table on the shared game session: whose table the phone shows, what a gesture
throws, the regulars' turns and lines, a whole evening to the Tuborg."""
from __future__ import annotations

import pytest
from app.bakke.gesture import gesture_action
from app.bakke.markup import TableLook, absorb, controls_html
from app.table.flick import Flick

from engine.errors import IllegalAction


def test_pass_and_play_the_phone_shows_the_person_in_turn(table_of):
    s = table_of([("Mette", "human"), ("Jonas", "human")], dice=[2, 3, 4, 5, 6, 6, 2])
    assert s.view()["me"] == "Mette"
    s.act("Mette", gesture_action(s.view()))           # the flick: all six (B3)
    v = s.view()
    assert v["me"] == "Jonas" and v["turn"] == "Jonas"  # no hand-off: all dice are public
    assert gesture_action(v) == {"type": "throw"}       # B4: one at a time into a full tray
    s.act("Jonas", gesture_action(v))                   # a 2: with its twin into the hand
    assert s.view()["me"] == "Mette" and s.view()["hands"]["Jonas"] == 7


def test_a_gesture_throws_nothing_out_of_turn_or_after_the_game():
    assert gesture_action({"phase": "playing", "turn": "Kaj", "me": "Mette", "legal": ["fejl"]}) is None
    assert gesture_action({"phase": "over", "turn": None, "me": "Mette", "legal": ["new_game"]}) is None


def test_one_die_into_an_empty_tray_is_the_kast_button_and_binds_the_turn(table_of):
    # B5: after the first throw the tray can be empty again; a flick throws all, Kast one.
    s = table_of([("Mette", "human"), ("Jonas", "human")], dice=[2, 2, 3, 3, 4, 4, 5])
    s.act("Mette", {"type": "throw_all"})               # all pairs: the tray is empty
    v = s.view()
    assert v["tray"] == [] and gesture_action(v) == {"type": "throw_all"}
    assert {"throw", "throw_all"} <= set(v["legal"])
    s.act("Jonas", {"type": "throw"})                   # a 5 stays; one at a time from now on
    assert "throw_all" not in s.view()["legal"] and gesture_action(s.view()) == {"type": "throw"}


def test_a_regular_plays_in_its_turn_and_speaks(table_of):
    s = table_of([("Mette", "human"), ("Henning", "regular")], dice=[2, 3, 4, 5, 6, 6, 5])
    look = TableLook(regulars=("Henning",), single="Mette")
    s.act("Mette", {"type": "throw_all"})
    absorb(look, s.news(), s.lines)
    assert s.regular_due() == "Henning"
    assert s.play_regular() == {"type": "throw"}
    said = absorb(look, s.news(), s.lines)
    assert said == ["Henning slår en femmer", "Henning samler to femmere op"]  # B4: a twin
    assert look.bubbles == {"Henning": "Henning siger skål"}


def test_fejl_from_the_phone_against_a_regular_out_of_turn(table_of):
    """Issue 17: a regular makes no faults, so the phone can call none against one, in its
    turn or not: the session makes its regulars faultless and the engine refuses the call."""
    s = table_of([("Mette", "human"), ("Henning", "regular")], dice=[2, 3, 4, 5, 6, 6])
    s.act("Mette", {"type": "throw_all"})               # tray 2 3 4 5; Henning's turn
    v = s.view()
    assert v["turn"] == "Henning" and v["fejl_against"] == [] and "fejl" not in v["legal"]
    assert "Fejl mod Henning" not in controls_html(v, TableLook(fejl_open=True))
    with pytest.raises(IllegalAction, match="ingen"):
        s.act("Mette", {"type": "fejl", "against": "Henning"})
    assert s.view()["hands"]["Henning"] == 6 and s.view()["tray"] == [2, 3, 4, 5]


def test_fejl_between_people_at_a_table_with_a_regular_but_not_in_its_turn(table_of):
    s = table_of([("Mette", "human"), ("Henning", "regular"), ("Jonas", "human")],
                 dice=[2, 3, 4, 5, 6, 6, 6], first="Jonas")
    s.act("Jonas", {"type": "throw_all"})               # tray 2 3 4 5; Mette's turn
    assert s.view("Mette")["fejl_against"] == ["Jonas"]
    assert s.view("Jonas")["fejl_against"] == ["Mette"]
    s.act("Mette", {"type": "throw"})                   # a 6 stays; Mette may say Videre
    s.act("Mette", {"type": "videre"})                  # Henning's turn: nobody calls a fault now
    assert s.view("Jonas")["fejl_against"] == [] and s.view("Mette")["fejl_against"] == []


# A save made before issue 17 (the app saved exactly this): Mette called a fault against the
# regular Henning, who took the tray. It must still load, as it was played.
OLD_SAVE = (
    '{"format":"bodegabordet.game","version":1,"game":"bakke",'
    '"seats":[{"name":"Mette","kind":"human"},{"name":"Henning","kind":"regular"}],'
    '"rules":{"dice_per_player":6,"faults":true},"seed":7,'
    '"log":[{"type":"start","players":["Mette","Henning"],'
    '"rules":{"dice_per_player":6,"faults":true},"seed":7,"first":null,'
    '"dice":[2,3,4,5,6,6]},{"type":"throw_all","player":"Mette","faces":[2,3,4,5,6,6]},'
    '{"type":"fejl","player":"Mette","against":"Henning"}],"memory":{}}')


def test_an_old_save_with_a_fault_against_a_regular_still_loads():
    from app.table.session import SAVE_FORMAT, SAVE_VERSION, GameSession
    assert (SAVE_FORMAT, SAVE_VERSION) == ("bodegabordet.game", 1)  # the fixture is that format
    s = GameSession.from_json(OLD_SAVE, "bakke")
    v = s.view("Mette")
    assert v["hands"] == {"Mette": 2, "Henning": 10} and v["tray"] == []
    assert v["events"][-1]["type"] == "fejl" and v["fejl_undo"]["against"] == "Henning"
    s.act("Mette", {"type": "undo_fejl"})               # the caller may still take it back
    assert s.view("Mette")["hands"]["Henning"] == 6 and s.view("Mette")["fejl_against"] == []


def test_a_person_cannot_act_for_a_regular_and_bad_actions_change_nothing(table_of):
    s = table_of([("Mette", "human"), ("Henning", "regular")], dice=[2, 3, 4, 5, 6, 6])
    before = s.to_json()
    for who, action in (("Henning", {"type": "throw_all"}), ("Mette", {"type": "videre"}),
                        ("Mette", {"type": "throw"}), ("Mette", {"type": "fejl", "against": "Mette"})):
        with pytest.raises(IllegalAction):
            s.act(who, action)
    assert s.to_json() == before


def test_a_whole_evening_against_a_regular_ends_in_a_tuborg_and_a_new_game(table_of):
    s = table_of([("Mette", "human"), ("Henning", "regular")], dice=[], dice_per_player=2)
    look = TableLook(regulars=("Henning",), single="Mette")
    for _ in range(500):
        v = s.view()
        if v["phase"] == "over":
            break
        if s.regular_due():
            s.play_regular()
        else:  # Mette throws once, then Videre: the flick and the button
            s.act("Mette", {"type": "videre"} if "videre" in v["legal"] else gesture_action(v))
        absorb(look, s.news(), s.lines)
    v = s.view()
    assert v["phase"] == "over" and v["loser"] in ("Mette", "Henning")
    assert s.tally[v["loser"]] == 1
    assert look.news.endswith("giver en Tuborg")
    s.new_game()
    assert s.view()["phase"] == "playing" and s.view()["game_no"] == 2
    assert s.view()["turn"] == v["loser"], "the loser begins the next game"


@pytest.mark.parametrize("moves, result", [
    ([(0, 0, 0), (2, -60, 200)], "flick"),     # quick and up
    ([(0, 0, 0), (3, 4, 120)], "tap"),
    ([(0, 0, 0), (2, -60, 1500)], None),       # a slow drag
    ([(0, 0, 0), (80, -40, 200)], None),       # sideways
    ([(0, 0, 0), (0, 70, 200)], None),         # down
])
def test_the_flick(moves, result):
    f = Flick()
    (x0, y0, t0), (x1, y1, t1) = moves
    f.down(x0, y0, t0)
    f.move(x1, y1)
    assert f.up(x1, y1, t1) == result
    assert not f.active and f.up(x1, y1, t1) is None  # one gesture, one answer
