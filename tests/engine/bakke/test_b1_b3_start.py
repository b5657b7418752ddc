"""B1 (the players, six dice each, one tray) and B3 (the first throw is all six)."""
import pytest
from bakke_play import ALL, THREE, THROW, VIDERE, table

from engine.bakke import Rules
from engine.errors import IllegalAction


def test_b1_six_dice_each_and_an_empty_tray():
    t = table(players=THREE)
    assert t.hands == {"Mette": 6, "Henning": 6, "Ronni": 6}
    assert t.tray == [] and t.out == [] and t.loser is None and t.phase == "playing"


def test_b1_dice_per_player_is_a_house_rule():
    t = table(rules=Rules(dice_per_player=3), dice=[2, 3, 4])
    assert t.hands["Henning"] == 3
    t.act("Mette", ALL)
    assert t.last["faces"] == [2, 3, 4]


@pytest.mark.parametrize("players", [["Mette"], [], ["A"] * 2, [f"p{i}" for i in range(9)]])
def test_b1_two_to_eight_distinct_players(players):
    with pytest.raises(IllegalAction):
        table(players=tuple(players))


def test_b3_first_throw_is_all_six_dice():
    t = table([2, 3, 4, 5, 6, 5])
    assert t.legal("Mette") == ["throw_all"] and t.first_throw
    t.act("Mette", ALL)
    assert t.last["mode"] == "all" and len(t.last["faces"]) == 6 and not t.first_throw


def test_b3_one_die_or_videre_refused_at_the_first_throw():
    t = table()
    before = t.log
    for action in (THROW, VIDERE):
        with pytest.raises(IllegalAction):
            t.act("Mette", action)
    assert t.log == before and t.dice.used == 0


def test_b3_turn_passes_after_the_first_throw():
    t = table([2, 3, 4, 5, 6, 6], players=THREE)
    t.act("Mette", ALL)
    assert t.turn == "Henning" and t.thrown == 0 and t.last["passes"]


def test_b3_first_throw_again_in_every_new_game():
    t = table([2, 3, 4, 5, 6, 1] + [2] * 6, rules=Rules(dice_per_player=6))
    t.act("Mette", ALL)  # Mette out at once (five different faces, a one)
    assert t.phase == "over" and t.loser == "Henning"
    t.act("Henning", {"type": "new_game"})
    assert t.first_throw and t.legal("Henning") == ["throw_all"]
