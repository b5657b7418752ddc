"""The contract other parts of the project build on: imports, view keys, the action shapes."""
import json

import pytest
from bakke_play import ALL, THROW, VIDERE, table

from engine.bakke import Rules, Table
from engine.errors import IllegalAction

VIEW_KEYS = {"game", "players", "me", "tray", "hands", "turn", "out", "loser", "phase", "thrown",
             "legal", "last", "game_no", "tally", "rules"}


def test_view_has_the_contract_keys_and_is_json():
    t = table([2, 3, 3, 4, 5, 6])
    t.act("Mette", ALL)
    v = t.view("Henning")
    assert VIEW_KEYS <= v.keys()
    assert v["game"] == "bakke" and v["me"] == "Henning"
    assert v["tray"] == [2, 4, 5, 6] and v["hands"] == {"Mette": 2, "Henning": 6}
    assert v["turn"] == "Henning" and v["phase"] == "playing" and v["loser"] is None
    assert v["legal"] == ["throw", "fejl"] and v["thrown"] == 0
    assert v["last"]["faces"] == [2, 3, 3, 4, 5, 6] and v["last"]["picked"] == [3, 3]
    assert v["game_no"] == 1 and v["tally"] == {"Mette": 0, "Henning": 0}
    assert v["rules"] == {"dice_per_player": 6, "faults": True}
    assert json.loads(json.dumps(v)) == v


def test_spectator_view_has_no_actions():
    t = table()
    v = t.view(None)
    assert v["me"] is None and v["legal"] == [] and v["turn"] == "Mette"


def test_view_of_a_stranger_is_refused():
    with pytest.raises(IllegalAction):
        table().view("Bodil")


def test_rules_round_trip_and_unknown_keys_refused():
    r = Rules(dice_per_player=4, faults=False)
    assert Rules.from_dict(r.to_dict()) == r
    with pytest.raises(IllegalAction, match="Ukendte husregler"):
        Rules.from_dict({"dice_per_player": 6, "jokers": True})
    with pytest.raises(IllegalAction):
        Rules(dice_per_player=7)
    with pytest.raises(IllegalAction):
        Rules(faults=1)


def test_first_player_begins_and_defaults_to_the_first_seat():
    assert table(first="Henning").turn == "Henning"
    assert Table(["Mette", "Henning"]).turn == "Mette"
    with pytest.raises(IllegalAction):
        table(first="Bodil")


def test_a_whole_scripted_turn():
    t = table([2, 3, 4, 5, 6, 6, 2])
    t.act("Mette", ALL)  # 6, 6 picked up; 2 3 4 5 stay
    assert t.view(None)["tray"] == [2, 3, 4, 5] and t.hands["Mette"] == 2
    t.act("Henning", THROW)  # a 2: both into the hand, the turn passes
    assert t.hands["Henning"] == 7 and t.turn == "Mette" and t.tray == [3, 4, 5]
    t.act("Mette", THROW)  # seeded from here on
    assert t.thrown == 1 or t.turn == "Henning"
    if t.turn == "Mette" and t.phase == "playing":
        t.act("Mette", VIDERE)
        assert t.turn == "Henning"
