"""The next game of the evening: same players, full hands, the loser begins, the tally kept."""
import pytest
from bakke_play import ALL, NEW, THREE, THROW, table

from engine.bakke import Rules
from engine.errors import IllegalAction


def test_new_game_refused_while_a_game_is_on():
    t = table()
    with pytest.raises(IllegalAction, match="i gang"):
        t.act("Mette", NEW)


def test_new_game_the_loser_begins_with_full_hands():
    t = table([2, 3], players=THREE, rules=Rules(dice_per_player=1))
    t.act("Mette", ALL)  # her one die stays: Mette out
    t.act("Henning", THROW)  # a new face stays: Henning out, Ronni loses
    assert t.loser == "Ronni" and t.tally == {"Mette": 0, "Henning": 0, "Ronni": 1}
    t.act("Mette", NEW)  # anyone at the table may clear it for the next game
    assert t.game_no == 2 and t.phase == "playing" and t.turn == "Ronni"
    assert t.hands == {p: 1 for p in THREE} and t.tray == [] and t.out == []
    assert t.loser is None and t.last is None and t.tally["Ronni"] == 1
    assert t.events[-1] == {"type": "new_game", "game_no": 2, "players": list(THREE),
                            "first": "Ronni"}


def test_new_game_not_by_a_stranger_or_spectator():
    t = table([1, 2, 3, 4, 5, 6])
    t.act("Mette", ALL)
    for who in ("Bodil", None):
        with pytest.raises(IllegalAction):
            t.act(who, NEW)
