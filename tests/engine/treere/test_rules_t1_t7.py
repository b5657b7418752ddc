"""Treere by rule id (docs/rules.md T1–T7, docs/rules-decisions.md "Treere"), with scripted dice."""
import pytest
from treere_play import keep_all, turn

from engine.errors import IllegalAction
from engine.treere import Rules, Table, score

FIVE = [0, 1, 2, 3, 4]


def types(table, kind):
    return [e for e in table.events if e["type"] == kind]


# --- T1: antes, the pot, the score ---------------------------------------------------------------

def test_t1_every_player_antes_into_the_pot():
    t = Table(["A", "B", "C"], Rules(ante=2), seed=1)
    assert t.pot == 6
    assert t.tally == {"A": -2, "B": -2, "C": -2}
    assert types(t, "ante") == [{"type": "ante", "reason": "new_game", "units": 2,
                                 "players": ["A", "B", "C"], "pot": 6}]


def test_t1_a_three_counts_zero_and_other_faces_their_pips():
    assert score([3, 1, 2, 4, 5]) == 12
    assert score([3, 3, 3, 3, 3]) == 0
    t = Table(["A", "B"], dice=[3, 1, 2, 4, 6])
    keep_all(t)
    assert t.scores == {"A": 13, "B": None}


def test_t1_lowest_score_takes_the_pot():
    t = Table(["A", "B"], dice=[1, 2, 4, 5, 6] + [1, 2, 4, 1, 2])
    keep_all(t)
    keep_all(t)
    assert t.winner == "B" and t.phase == "over" and t.pot == 0
    assert t.tally == {"A": -1, "B": 1}
    assert types(t, "won") == [{"type": "won", "player": "B", "score": 10, "pot": 2, "game_no": 1}]


# --- T2: keep at least one; stop when you like -----------------------------------------------------

def test_t2_keep_at_least_one_die():
    t = Table(["A", "B"], dice=[1, 2, 4, 5, 6])
    t.act("A", {"type": "roll"})
    before = t.log
    with pytest.raises(IllegalAction, match="mindst én"):
        t.act("A", {"type": "keep", "dice": []})
    assert t.log == before and t.rolled == [1, 2, 4, 5, 6]


def test_t2_the_next_roll_throws_only_the_dice_not_set_aside():
    t = Table(["A", "B"], dice=[1, 2, 4, 5, 6, 2, 2, 2])
    t.act("A", {"type": "roll"})
    t.act("A", {"type": "keep", "dice": [0, 1]})
    assert t.kept == [1, 2] and t.rolled == []
    assert t.roll("A") == [2, 2, 2]


def test_t2_a_player_may_stop_after_the_first_roll_by_keeping_all_five():
    t = Table(["A", "B"], dice=[1, 1, 1, 1, 2])
    keep_all(t)
    assert t.scores["A"] == 6 and t.turn == "B"
    assert types(t, "turn_over")[-1] == {"type": "turn_over", "player": "A", "score": 6,
                                         "kept": [1, 1, 1, 1, 2], "early": False}


def test_t2_must_set_aside_before_rolling_again():
    t = Table(["A", "B"], seed=3)
    t.act("A", {"type": "roll"})
    with pytest.raises(IllegalAction, match="til side"):
        t.act("A", {"type": "roll"})


def test_t2_the_turn_ends_when_all_five_are_set_aside_one_by_one():
    t = Table(["A", "B"], dice=[1, 6, 6, 6, 6, 6, 6, 6, 2, 6, 6, 6, 6, 6, 6])
    turn(t, [0], [3], [0], [0], [0])
    assert t.scores["A"] == 1 + 2 + 6 + 6 + 6 and t.turn == "B"


def test_t2_keep_indexes_refer_to_the_last_roll():
    t = Table(["A", "B"], dice=[6, 5, 4, 2, 1])
    t.act("A", {"type": "roll"})
    t.act("A", {"type": "keep", "dice": [4, 3]})
    assert t.kept == [2, 1]
    assert types(t, "keep")[-1]["faces"] == [2, 1]


# --- T3: the early end -----------------------------------------------------------------------------

def test_t3_turn_ends_when_over_best():
    t = Table(["A", "B", "C"], dice=[1, 1, 1, 1, 3] + [5, 6, 6, 6, 6] + [3, 3, 3, 3, 3])
    keep_all(t)  # A: 4
    t.act("B", {"type": "roll"})
    t.act("B", {"type": "keep", "dice": [0]})  # 5 > 4: over at once
    assert t.scores == {"A": 4, "B": 5, "C": None}
    assert t.turn == "C" and t.kept == []
    assert types(t, "early_end") == [{"type": "early_end", "player": "B", "score": 5,
                                      "to_beat": 4, "left": 4}]
    assert types(t, "turn_over")[-1]["early"] is True


def test_t3_equal_to_best_plays_on():
    t = Table(["A", "B"], dice=[1, 1, 1, 1, 3] + [4, 6, 6, 6, 6])
    keep_all(t)
    t.act("B", {"type": "roll"})
    t.act("B", {"type": "keep", "dice": [0]})  # 4 == 4: a tie is still possible
    assert t.turn == "B" and t.kept == [4] and t.scores["B"] is None


def test_t3_the_first_player_never_ends_early():
    t = Table(["A", "B"], dice=[6, 6, 6, 6, 6])
    t.act("A", {"type": "roll"})
    t.act("A", {"type": "keep", "dice": [0, 1, 2]})
    assert t.turn == "A" and t.view("A")["to_beat"] is None


def test_t3_to_beat_is_the_best_of_the_earlier_players():
    t = Table(["A", "B", "C"], dice=[1, 1, 2, 2, 3] + [1, 1, 1, 1, 3])
    keep_all(t)
    assert t.view("B")["to_beat"] == 6
    keep_all(t)
    assert t.view("C")["to_beat"] == 4 and t.view("C")["best"] == 4


# --- T4: a zero, and everybody antes again ---------------------------------------------------------

def test_t4_zero_makes_every_player_ante_again():
    t = Table(["A", "B", "C"], dice=[3] * 5 + [1, 3, 3, 3, 3] + [2, 3, 3, 3, 3])
    keep_all(t)
    assert t.pot == 6 and t.tally == {"A": -2, "B": -2, "C": -2}
    assert types(t, "ante")[-1] == {"type": "ante", "reason": "zero", "units": 1,
                                    "players": ["A", "B", "C"], "pot": 6}
    assert t.view("B")["to_beat"] == 0
    turn(t, [0])  # B keeps a 1: over zero at once
    turn(t, [0])
    assert t.winner == "A" and t.tally == {"A": 4, "B": -2, "C": -2}


# --- T5: one tie, all tie; the zero tie --------------------------------------------------------------

def test_t5_tie_for_lowest_replays_with_everyone_for_the_same_pot():
    t = Table(["A", "B", "C"], dice=[1, 1, 1, 1, 3] + [2, 2, 3, 3, 3] + [5, 3, 3, 3, 3])
    keep_all(t)
    keep_all(t)
    turn(t, [0])  # C: 5 > 4, early end
    assert t.winner is None and t.phase == "playing"
    assert types(t, "tie") == [{"type": "tie", "players": ["A", "B"], "score": 4}]
    assert types(t, "replay")[-1]["players"] == ["A", "B", "C"]
    assert t.in_round == ["A", "B", "C"] and t.round_no == 2 and t.pot == 3
    assert t.scores == {"A": None, "B": None, "C": None} and t.turn == "A"


def test_t5_zero_tie_is_played_by_the_tied_players_alone():
    dice = [3] * 5 + [4, 3, 3, 3, 3] + [3] * 5 + [5, 3, 3, 3, 3] + [6, 3, 3, 3, 3]
    t = Table(["A", "B", "C"], dice=dice)
    keep_all(t)  # A: 0, everyone antes
    turn(t, [0])  # B: 4 > 0
    keep_all(t)  # C: 0, everyone antes
    assert t.pot == 9 and t.tally == {"A": -3, "B": -3, "C": -3}
    assert t.in_round == ["A", "C"] and t.playoff and t.turn == "A"
    assert types(t, "replay")[-1]["reason"] == "zero_tie"
    with pytest.raises(IllegalAction):
        t.act("B", {"type": "roll"})
    keep_all(t)  # A: 5 (no threshold in a playoff)
    turn(t, [0])  # C: 6 > 5
    assert t.winner == "A" and t.tally == {"A": 6, "B": -3, "C": -3}


def test_t5_a_tie_in_a_zero_playoff_replays_the_playoff_only():
    dice = [3] * 5 + [3] * 5 + [4, 3, 3, 3, 3] + [2, 3, 3, 3, 3] + [2, 3, 3, 3, 3]
    t = Table(["A", "B", "C"], dice=dice)
    keep_all(t)
    keep_all(t)
    turn(t, [0])
    assert t.in_round == ["A", "B"]
    keep_all(t)
    keep_all(t)  # 2 and 2: one tie, all tie, among the playoff's players
    assert t.in_round == ["A", "B"] and t.playoff and t.round_no == 3 and t.pot == 9


# --- T6: Progressiv ---------------------------------------------------------------------------------

def test_t6_the_first_round_is_won_only_with_zero():
    t = Table(["A", "B"], Rules(progressive=True), dice=[2, 3, 3, 3, 3] + [1, 3, 3, 3, 3])
    assert t.view("A")["to_beat"] == 0 and t.view("A")["threshold"] == 0
    turn(t, [0])  # 2 > 0: over at once (T3 with the threshold)
    turn(t, [0])
    assert t.winner is None and t.stage == 2 and t.pot == 4
    assert types(t, "no_winner") == [{"type": "no_winner", "threshold": 0, "stage": 1}]
    assert types(t, "ante")[-1]["reason"] == "progressive"
    assert t.view("A")["threshold"] == 1 and t.turn == "A"


def test_t6_the_second_round_is_won_with_one_or_less():
    dice = [2, 3, 3, 3, 3] + [2, 3, 3, 3, 3] + [1, 3, 3, 3, 3] + [2, 3, 3, 3, 3]
    t = Table(["A", "B"], Rules(progressive="spil"), dice=dice)
    turn(t, [0])
    turn(t, [0])
    keep_all(t)  # A: 1 qualifies in round 2
    turn(t, [0])
    assert t.winner == "A" and t.tally == {"A": 2, "B": -2}


def test_t6_a_tie_replays_the_same_stage_without_an_ante():
    dice = [1, 3, 3, 3, 3] * 2
    t = Table(["A", "B"], Rules(progressive=True), dice=[2, 3, 3, 3, 3] * 2 + dice)
    turn(t, [0])
    turn(t, [0])
    keep_all(t)
    keep_all(t)  # 1 and 1 at stage 2
    assert t.stage == 2 and t.pot == 4 and types(t, "replay")[-1]["reason"] == "tie"


@pytest.mark.parametrize("progressive, thresholds", [
    (True, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    ("spil", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    ("runder", [1, 2, 2, 3, 3, 3, 4, 4, 4, 4]),
    (False, [None] * 10),
])
def test_t6_thresholds_by_stage(progressive, thresholds):
    assert [Rules(progressive=progressive).threshold(s) for s in range(1, 11)] == thresholds


def test_t6_runder_first_round_is_won_with_one():
    t = Table(["A", "B"], Rules(progressive="runder"), dice=[1, 3, 3, 3, 3] + [2, 3, 3, 3, 3])
    keep_all(t)
    turn(t, [0])
    assert t.winner == "A"


def test_t6_a_new_pot_starts_at_the_first_threshold_again():
    t = Table(["A", "B"], Rules(progressive=True),
              dice=[2, 3, 3, 3, 3] * 2 + [3] * 5 + [1, 3, 3, 3, 3])
    turn(t, [0])
    turn(t, [0])
    keep_all(t)  # A: 0 at stage 2
    turn(t, [0])
    assert t.winner == "A"
    t.act("B", {"type": "new_game"})
    assert t.stage == 1 and t.view("B")["threshold"] == 0


# --- T7: another zero face -----------------------------------------------------------------------

def test_t7_another_face_counts_zero():
    t = Table(["A", "B"], Rules(zero_face=6), dice=[6] * 5 + [3, 6, 6, 6, 6])
    keep_all(t)
    assert t.scores["A"] == 0 and t.pot == 4  # T4 with the chosen face
    turn(t, [0])  # a 3 counts 3 now
    assert t.scores["B"] == 3 and t.winner == "A"
    assert score([3, 6, 6, 6, 6], zero_face=6) == 3


# --- the next pot ----------------------------------------------------------------------------------

def test_new_game_only_after_a_pot_is_won():
    t = Table(["A", "B"], seed=1)
    with pytest.raises(IllegalAction, match="ikke vundet"):
        t.act("A", {"type": "new_game"})


def test_new_game_antes_again_and_moves_the_start_one_seat():
    t = Table(["A", "B", "C"], first="B", dice=[1, 3, 3, 3, 3] + [2] * 5 + [2] * 5)
    assert t.turn == "B" and t.in_round == ["B", "C", "A"]
    keep_all(t)
    turn(t, [0])
    turn(t, [0])
    assert t.winner == "B"
    t.act("A", {"type": "new_game"})
    assert t.game_no == 2 and t.turn == "C" and t.pot == 3 and t.winner is None
    assert t.tally == {"A": -2, "B": 1, "C": -2}
    with pytest.raises(IllegalAction):
        t.act("A", {"type": "new_game"})
