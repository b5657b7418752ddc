import pytest
from app.snyd.table_setup import (
    HOUSE_RULE_IDS,
    HOUSE_RULES,
    RULE_SETS,
    Seat,
    build_rules,
    check_seats,
    switches_of,
)

from engine.snyd import IllegalAction, Rules


def test_every_house_rule_of_the_issue_has_a_switch_and_a_danish_line():
    assert HOUSE_RULE_IDS == ["S13", "S15", "S16", "S17", "S23", "S32", "S33", "S34",
                              "S40", "S41", "S42", "S43"]
    for h in HOUSE_RULES:
        assert h.title and 10 < len(h.text) < 90
        assert hasattr(Rules(), h.field)


def test_rule_sets_are_the_four_presets():
    assert [r.key for r in RULE_SETS] == ["standard", "slags", "turnering", "hardcore"]
    for r in RULE_SETS:
        assert build_rules(r.key) == Rules.preset(r.key)


@pytest.mark.parametrize("h", HOUSE_RULES, ids=lambda h: h.rule_id)
def test_each_switch_turns_its_rule_on_and_off(h):
    on = build_rules("standard", {h.rule_id: True})
    off = build_rules("standard", {h.rule_id: False})
    assert switches_of(on)[h.rule_id] is True
    assert switches_of(off)[h.rule_id] is False
    others = [x.rule_id for x in HOUSE_RULES if x.field != h.field]
    assert all(switches_of(on)[o] == switches_of(Rules())[o] for o in others)


def test_inverted_switches_and_the_clock():
    assert build_rules("standard", {"S15": True}).jokers is False
    assert build_rules("standard", {"S34": True}).viborg is False
    assert build_rules("standard", {"S41": True}).time_limit == 15
    assert build_rules("hardcore", {"S41": False}).time_limit is None
    assert build_rules("turnering").stairs is True


def test_dice_per_player_and_bad_choices():
    assert build_rules("slags", dice_per_player=3).dice_per_player == 3
    for bad in (0, 7, "6"):
        with pytest.raises(IllegalAction):
            build_rules("standard", dice_per_player=bad)
    with pytest.raises(IllegalAction):
        build_rules("poker")
    with pytest.raises(IllegalAction):
        build_rules("standard", {"S99": True})


def test_seats_two_to_eight_unique_names_one_human():
    humans = [Seat(n, "human") for n in ["Mette", "Jonas", "Ib", "Bo", "Kim", "Lis", "Ole", "Per", "Åse"]]
    assert len(check_seats(humans[:2])) == 2
    assert len(check_seats(humans[:8])) == 8
    for bad in (humans[:1], humans[:9], [Seat("Mette", "human"), Seat("mette ", "human")],
                [Seat("Mette", "human"), Seat("  ", "human")]):
        with pytest.raises(IllegalAction):
            check_seats(bad)
    assert check_seats([Seat(" Mette ", "human"), Seat("Jonas", "human")])[0].name == "Mette"


def test_seat_round_trip_and_bad_seat():
    s = Seat("Mette", "human")
    assert Seat.from_dict(s.to_dict()) == s
    with pytest.raises(IllegalAction):
        Seat.from_dict({"name": "x", "kind": "robot"})


def test_an_unknown_rule_set_of_any_kind_is_a_clear_illegal_action():
    # A huge int cannot even be formatted with !r (int-to-str limit): the quote must be bounded.
    for junk in (10 ** 5000, "x" * 10_000, None, ["standard"]):
        with pytest.raises(IllegalAction, match="Ukendt regelsæt"):
            build_rules(junk)
