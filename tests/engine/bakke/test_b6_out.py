"""B6: out when the hand is empty (at once, mid-turn); the last with dice loses the Tuborg."""
from bakke_play import ALL, THREE, THROW, VIDERE, table

from engine.bakke import Rules


def test_b6_throwing_the_last_die_goes_out_and_passes():
    t = table([3, 4, 5, 6, 6, 6] + [1, 1] + [1, 1, 1], players=THREE)
    t.act("Mette", ALL)  # 6 6 6 up: Mette 3, tray 3 4 5
    t.act("Henning", THROW)  # 1
    t.act("Henning", VIDERE)
    t.act("Ronni", THROW)  # 1
    t.act("Ronni", VIDERE)
    for _ in range(2):  # Mette throws her three as ones: still in after two
        t.act("Mette", THROW)
    assert t.hands["Mette"] == 1 and t.turn == "Mette"
    t.act("Mette", THROW)
    assert t.hands["Mette"] == 0 and t.out == ["Mette"] and t.turn == "Henning"
    assert t.last["out"] and t.last["passes"]
    assert t.events[-1] == {"type": "out", "player": "Mette"}
    assert "Mette" not in t.in_game and t.phase == "playing"


def test_b6_a_throw_all_that_empties_the_hand_is_out():
    t = table([1, 2, 3, 4, 5, 6], players=THREE)
    t.act("Mette", ALL)
    assert t.out == ["Mette"] and t.hands["Mette"] == 0 and t.turn == "Henning"


def test_b6_out_players_are_skipped_in_turn_order():
    t = table([1, 2, 3, 4, 5, 6] + [2, 1], players=THREE)
    t.act("Mette", ALL)
    t.act("Henning", THROW)  # 2 is in the tray: both up, turn passes to Ronni
    assert t.turn == "Ronni"
    t.act("Ronni", THROW)  # 1
    t.act("Ronni", VIDERE)
    assert t.turn == "Henning"  # Mette is out


def test_b6_the_last_with_dice_loses_and_gives_the_tuborg():
    t = table([1, 2, 3, 4, 5, 6])
    t.act("Mette", ALL)
    assert t.phase == "over" and t.loser == "Henning" and t.turn is None
    assert t.tally == {"Mette": 0, "Henning": 1}
    assert t.events[-1] == {"type": "game_over", "game_no": 1, "loser": "Henning",
                            "out": ["Mette"]}
    v = t.view("Mette")
    assert v["legal"] == ["new_game"] and v["loser"] == "Henning" and v["phase"] == "over"


def test_b6_a_last_die_that_stays_in_the_tray_is_out_too():
    t = table([3, 3] + [4, 5] + [6, 2], players=THREE, rules=Rules(dice_per_player=2))
    t.act("Mette", ALL)  # 3 3 up again: Mette 2, tray empty
    t.act("Henning", ALL)  # 4 5 stay: Henning out
    assert t.out == ["Henning"] and t.turn == "Ronni" and t.tray == [4, 5]
    t.act("Ronni", THROW)  # 6 stays
    t.act("Ronni", THROW)  # 2 stays: Ronni's hand is empty, out; Mette is the last with dice
    assert t.tray == [2, 4, 5, 6] and t.out == ["Henning", "Ronni"]
    assert t.phase == "over" and t.loser == "Mette" and t.tally["Mette"] == 1
