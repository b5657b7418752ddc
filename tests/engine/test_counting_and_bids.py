"""Pure rules: bids, their order, counting (S6, S10–S18, S41, S44), named after rule ids."""
import itertools
import json

import pytest

from engine.snyd import (
    Bid,
    IllegalAction,
    Rules,
    best_face,
    counted,
    counting_dice,
    holds,
    is_raise,
    lowest_bid,
    max_quantity,
    raises,
)

STD = Rules()
STAIRS = Rules(stairs=True)
NOJOKERS = Rules(jokers=False)
SLAGS = Rules(of_a_kind=True)
PRESENT = Rules(present=True)


# --- S1 / S44: rules and rule sets -------------------------------------------------------------

def test_S1_standard_defaults_six_dice_and_range():
    assert Rules().dice_per_player == 6
    for bad in (0, 7, "6", True, 2.0):
        with pytest.raises(IllegalAction):
            Rules(dice_per_player=bad)


def test_S44_presets_are_standard_plus_their_switches():
    assert Rules.preset("standard") == Rules()
    assert Rules.preset("slags") == Rules(of_a_kind=True)
    assert Rules.preset("turnering") == Rules(stairs=True, time_limit=15)
    assert Rules.preset("hardcore") == Rules(peek_once=True, present=True, time_limit=15,
                                             hidden_count=True)
    assert Rules.preset("turnering").viborg and not Rules.preset("turnering").home_by_win
    for name in ("standard", "slags", "turnering", "hardcore"):
        assert Rules.preset(name).preset_name == name
    assert Rules(classic_call=True).preset_name is None
    with pytest.raises(IllegalAction):
        Rules.preset("bodega")


def test_S44_rules_round_trip_through_json():
    r = Rules(dice_per_player=3, jokers=False, of_a_kind=True, time_limit=20, viborg_final=True)
    assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    with pytest.raises(IllegalAction):
        Rules.from_dict({"stairs": True, "ladders": True})
    with pytest.raises(IllegalAction):
        Rules.from_dict({"stairs": "yes"})
    with pytest.raises(IllegalAction):
        Rules(time_limit=0)


# --- S4 / S6: bids and their order ---------------------------------------------------------------

def test_S4_bid_shape_is_validated():
    assert Bid(5, 5).to_dict() == {"quantity": 5, "face": 5}
    assert Bid.from_dict({"quantity": 7, "face": None}) == Bid(7, None)
    for q, f in ((0, 5), (-1, 3), (2, 7), (2, 0), (True, 3), (2.0, 3), (2, "5")):
        with pytest.raises(IllegalAction):
            Bid(q, f)
    with pytest.raises(IllegalAction):
        Bid.from_dict({"quantity": 3})


def test_S6_higher_is_more_dice_or_same_quantity_higher_face():
    assert is_raise(Bid(3, 2), Bid(2, 6), STD)
    assert is_raise(Bid(2, 6), Bid(2, 5), STD)
    assert not is_raise(Bid(2, 5), Bid(2, 5), STD)
    assert not is_raise(Bid(2, 4), Bid(2, 5), STD)
    assert not is_raise(Bid(1, 6), Bid(2, 2), STD)
    assert is_raise(Bid(1, 2), None, STD)


def test_S6_raises_lists_everything_above_in_ascending_order():
    got = raises(Bid(2, 5), STD, 3)
    assert got == [Bid(2, 6)] + [Bid(3, f) for f in range(2, 7)]
    assert raises(None, STD, 1) == [Bid(1, f) for f in range(2, 7)]
    assert raises(Bid(3, 6), STD, 3) == []
    every = raises(None, SLAGS, 4)
    assert all(is_raise(b, a, SLAGS) for a, b in itertools.pairwise(every))


def test_S10_jokers_forbid_bidding_ones():
    assert not is_raise(Bid(3, 1), Bid(2, 6), STD)
    assert all(b.face != 1 for b in raises(None, STD, 6))
    with pytest.raises(IllegalAction):
        counted([[1, 1]], Bid(1, 1), STD)


def test_S15_ones_biddable_and_lowest_without_jokers():
    assert is_raise(Bid(3, 1), Bid(2, 6), NOJOKERS)
    assert not is_raise(Bid(2, 1), Bid(2, 2), NOJOKERS)
    assert raises(None, NOJOKERS, 1)[0] == Bid(1, 1)


def test_S17_of_a_kind_ranks_between_quantities():
    assert is_raise(Bid(7, None), Bid(6, 6), SLAGS)
    assert not is_raise(Bid(7, None), Bid(7, 2), SLAGS)
    assert is_raise(Bid(7, 2), Bid(7, None), SLAGS)
    both = Rules(of_a_kind=True, jokers=False)
    assert is_raise(Bid(7, 1), Bid(7, None), both)
    assert not is_raise(Bid(7, None), Bid(7, 1), both)
    assert not is_raise(Bid(7, None), Bid(6, 6), STD)  # switch off: not a legal bid
    assert raises(Bid(1, 6), SLAGS, 2)[:2] == [Bid(2, None), Bid(2, 2)]


# --- S10–S14: counting ----------------------------------------------------------------------------

def test_S10_ones_count_as_any_face():
    hands = [[1, 5, 5, 3], [1, 1, 2, 6]]
    assert counted(hands, Bid(2, 5), STD) == 5
    assert counted(hands, Bid(2, 6), STD) == 4
    assert holds(hands, Bid(5, 5), STD) and not holds(hands, Bid(6, 5), STD)


def test_S11_one_and_two_count_three():
    assert counted([[2, 1], [4, 4, 4]], Bid(3, 4), STD) == 6
    assert counted([[1, 2]], Bid(1, 6), STD) == 3
    assert counted([[1, 3]], Bid(1, 6), STD) == 1  # not 1+2: just a joker


def test_S12_lone_one_counts_two():
    assert counted([[1]], Bid(1, 3), STD) == 2
    assert counted([[3]], Bid(1, 3), STD) == 1
    assert counted([[6]], Bid(1, 3), STD) == 0


def test_S13_stairs_count_k_plus_one_only_when_on():
    assert counted([[3, 1, 2]], Bid(1, 5), STAIRS) == 4
    assert counted([[1, 2, 3, 4]], Bid(1, 6), STAIRS) == 5
    assert counted([[1, 2, 3, 4, 5, 6]], Bid(1, 6), STAIRS) == 7
    assert counted([[1, 2, 3]], Bid(1, 5), STD) == 1  # house rule off: just a joker
    assert counted([[1, 2, 4]], Bid(1, 4), STAIRS) == 2  # not a stair: 4 + joker
    assert counted([[2, 3, 4]], Bid(1, 4), STAIRS) == 1  # a stair always starts with 1


def test_S13_stairs_with_one_two_and_lone_one():
    hands = [[1], [2, 1], [1, 2, 3], [5, 5, 1, 6]]
    assert counted(hands, Bid(1, 5), STAIRS) == 2 + 3 + 4 + 3
    assert counted(hands, Bid(1, 5), STD) == 2 + 3 + 1 + 3


def test_S14_special_replaces_plain_count():
    # 1+2 for a bid of twos: plain would be 2, the special 3 (never both: not 5).
    assert counted([[1, 2]], Bid(1, 2), STD) == 3
    # 1-2-3 for threes under stairs: 4, not 2 + 4.
    assert counted([[1, 2, 3]], Bid(1, 3), STAIRS) == 4


def test_S15_no_jokers_ones_count_for_themselves_and_no_specials():
    hands = [[1], [1, 2], [1, 1, 4]]
    assert counted(hands, Bid(1, 4), NOJOKERS) == 1
    assert counted(hands, Bid(1, 1), NOJOKERS) == 4
    assert counted([[1, 2, 3]], Bid(1, 3), Rules(jokers=False, stairs=True)) == 1


def test_S15_no_jokers_with_of_a_kind():
    r = Rules(jokers=False, of_a_kind=True)
    hands = [[1, 1, 1], [1, 5, 5]]
    assert best_face(hands, r) == 1
    assert counted(hands, Bid(4, None), r) == 4
    assert holds(hands, Bid(4, None), r) and not holds(hands, Bid(5, None), r)
    # With jokers the same table counts fives: 2 + 4 jokers.
    assert counted(hands, Bid(6, None), SLAGS) == 6


def test_S16_present_requires_the_face_itself():
    assert not holds([[1, 1], [1, 3]], Bid(2, 5), PRESENT)
    assert holds([[1, 1], [5, 3]], Bid(2, 5), PRESENT)
    assert holds([[1, 1], [1, 3]], Bid(2, 5), STD)


def test_S16_present_with_specials_decision():
    # Only a lone 1 and 1+2 and a joker: count 6 ≥ 5 but no five shows: the bid fails.
    hands = [[1], [1, 2], [1, 4, 4]]
    assert counted(hands, Bid(5, 5), PRESENT) == 6
    assert not holds(hands, Bid(5, 5), PRESENT)
    # The 2 inside a 1+2 hand does not make twos present either.
    assert not holds(hands, Bid(2, 2), PRESENT)
    # A stair's 3 does not make threes present; a plain 3 elsewhere does.
    r = Rules(present=True, stairs=True)
    assert not holds([[1, 2, 3], [6, 6, 6]], Bid(2, 3), r)
    assert holds([[1, 2, 3], [6, 6, 3]], Bid(2, 3), r)


def test_S16_present_with_of_a_kind():
    r = Rules(present=True, of_a_kind=True)
    # Fours are present, sixes not: of-a-kind counts fours (1 + 2 jokers + lone-1 2 = 5 with specials).
    hands = [[1], [4, 1, 1]]
    assert best_face(hands, r) == 4
    assert counted(hands, Bid(1, None), r) == 2 + 3
    # Nothing but jokers and specials: no face is present, the bid fails.
    only_jokers = [[1], [1, 2], [1, 1, 1]]
    assert best_face(only_jokers, r) is None
    assert counted(only_jokers, Bid(1, None), r) == 0
    assert not holds(only_jokers, Bid(1, None), r)
    assert holds(only_jokers, Bid(8, None), SLAGS)  # without Til stede: 2 + 3 + 3


def test_S17_of_a_kind_counts_the_face_with_most_ties_to_higher():
    hands = [[2, 2, 3], [3, 6, 1]]
    assert best_face(hands, SLAGS) == 3  # twos 3, threes 3: tie → higher face
    assert counted(hands, Bid(3, None), SLAGS) == 3
    assert holds(hands, Bid(3, None), SLAGS) and not holds(hands, Bid(4, None), SLAGS)
    with pytest.raises(IllegalAction):
        counted(hands, Bid(3, None), STD)


def test_S7_golden_rings_mark_counting_dice():
    hands = [[1, 5, 3, 5], [1, 2], [6]]
    assert counting_dice(hands, Bid(3, 5), STD) == [[0, 1, 3], [0, 1], []]
    assert counting_dice(hands, Bid(3, 5), NOJOKERS) == [[1, 3], [], []]
    rings = counting_dice([[2, 2, 1], [4]], Bid(2, None), SLAGS)
    assert rings == [[0, 1, 2], []]


# --- S18 / S41 ---------------------------------------------------------------------------------

def test_S18_cap_counts_possible_specials():
    assert max_quantity([6, 6], STD) == 12
    assert max_quantity([1, 2, 3], STD) == 2 + 3 + 3
    assert max_quantity([1, 2, 3], STAIRS) == 2 + 3 + 4
    assert max_quantity([1, 2, 3], NOJOKERS) == 6
    assert max_quantity({"a": 6, "b": 1, "c": 0}, STD) == 8


def test_S18_quantity_at_least_one_and_raises_respect_cap():
    assert all(b.quantity <= 5 for b in raises(None, STD, 5))
    assert raises(None, STD, 5)[-1] == Bid(5, 6)
    with pytest.raises(IllegalAction):
        Bid(0, 3)


def test_S43_cap_is_dice_the_game_started_with():
    r = Rules(hidden_count=True, dice_per_player=5)
    assert max_quantity([5, 1, 0], r) == 15


def test_S41_lowest_bid():
    assert lowest_bid(STD) == Bid(1, 2)
    assert lowest_bid(NOJOKERS) == Bid(1, 1)
    assert lowest_bid(SLAGS) == Bid(1, None)
    assert lowest_bid(Rules(of_a_kind=True, jokers=False)) == Bid(1, None)
