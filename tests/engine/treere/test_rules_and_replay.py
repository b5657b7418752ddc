"""Treere's Rules (to_dict/from_dict, bad values), the table's bad input, and Table.replay."""
import json

import pytest
from treere_play import keep_all

from engine.errors import IllegalAction
from engine.treere import Rules, Table


@pytest.mark.parametrize("rules", [Rules(), Rules(zero_face=6, progressive=True, ante=3),
                                   Rules(progressive="spil"), Rules(progressive="runder")])
def test_rules_round_trip_through_json(rules):
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


def test_rules_progressive_true_is_spil():
    assert Rules(progressive=True).progression == "spil" == Rules(progressive="spil").progression
    assert Rules().progression is None and Rules(progressive="runder").progression == "runder"
    assert Rules(progressive=True).progressive is True  # kept as given


@pytest.mark.parametrize("bad", [{"zero_face": 0}, {"zero_face": 7}, {"zero_face": True},
                                 {"zero_face": 3.0}, {"progressive": "ja"}, {"progressive": 1},
                                 {"progressive": None}, {"progressive": ["spil"]},
                                 {"ante": 0}, {"ante": -1}, {"ante": 101}, {"ante": 2**80},
                                 {"ante": False}, {"bund": True}, {"dice": 5}])
def test_rules_refuse_bad_values_and_unknown_keys(bad):
    with pytest.raises(IllegalAction):
        Rules.from_dict(bad)


def test_rules_from_dict_refuses_non_dicts():
    for junk in (None, [], "zero_face", 3):
        with pytest.raises(IllegalAction):
            Rules.from_dict(junk)


@pytest.mark.parametrize("players, kw", [
    (["A"], {}), ([], {}), ("AB", {}), (["A", "A"], {}), (["A", ""], {}), ([f"P{i}" for i in range(9)], {}),
    (["A", "B"], {"first": "C"}), (["A", "B"], {"seed": 2**70}), (["A", "B"], {"dice": [7]}),
    (["A", "B"], {"dice": "123"}), (["A", "B"], {"rules": {"ante": 1}}),
])
def test_table_refuses_bad_setup(players, kw):
    with pytest.raises(IllegalAction):
        Table(players, **kw)


def test_replay_refuses_a_log_whose_dice_do_not_match():
    t = Table(["A", "B"], seed=5)
    t.act("A", {"type": "roll"})
    log = t.log
    log[1]["faces"] = [f % 6 + 1 for f in log[1]["faces"]]
    with pytest.raises(IllegalAction, match="passer ikke"):
        Table.replay(["A", "B"], Rules(), log)


def test_replay_of_a_scripted_table_is_equal():
    t = Table(["A", "B"], seed=5, first="B", dice=[3] * 5 + [1, 2])
    keep_all(t)
    t.act("A", {"type": "roll"})
    again = Table.replay(["A", "B"], Rules(), t.log)
    assert again == t and again.rolled[:2] == [1, 2]


@pytest.mark.parametrize("mangle", [
    lambda log: log.__setitem__(0, {"type": "begin"}),
    lambda log: log[0].__setitem__("players", ["B", "A"]),
    lambda log: log[0].__setitem__("rules", {"ante": 2}),
    lambda log: log[0].__setitem__("rules", {"colour": "red"}),
    lambda log: log[0].pop("dice"),
    lambda log: log.append({"type": "roll", "player": "A"}),
    lambda log: log.append({"type": "keep", "player": "A", "dice": [0], "x": 1}),
    lambda log: log.append({"type": "keep", "player": "B", "dice": [0]}),
    lambda log: log.append({"type": "dance"}),
    lambda log: log.append(["roll"]),
    lambda log: log.append({"type": "new_game", "player": "A"}),
])
def test_replay_refuses_broken_logs(mangle):
    t = Table(["A", "B"], seed=5)
    t.act("A", {"type": "roll"})
    log = t.log
    mangle(log)
    with pytest.raises(IllegalAction):
        Table.replay(["A", "B"], Rules(), log)


def test_replay_refuses_a_log_that_is_not_a_list():
    for junk in (None, [], "start", {"type": "start"}, [None]):
        with pytest.raises(IllegalAction):
            Table.replay(["A", "B"], Rules(), junk)


def test_the_log_is_a_copy():
    t = Table(["A", "B"], seed=5)
    t.log[0]["players"].append("C")
    assert t.log[0]["players"] == ["A", "B"]
