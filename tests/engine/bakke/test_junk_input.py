"""Hostile input: junk actions, players, constructor arguments and logs raise IllegalAction and
change nothing."""
import copy
import random

import pytest
from bakke_play import ALL, NEW, THROW, play_game, table
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bakke import Rules, Table
from engine.errors import IllegalAction

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)
actions = st.one_of(
    json_values,
    st.fixed_dictionaries({"type": st.sampled_from(["throw", "throw_all", "videre", "fejl",
                                                    "new_game", "bid", ""])},
                          optional={"against": json_values, "faces": json_values,
                                    "player": json_values}),
)


def a_table_in_play(seed: int) -> Table:
    t = table(seed=seed, players=("Mette", "Henning", "Ronni"))
    rng = random.Random(seed)
    if seed % 3 == 0:
        play_game(t, rng)  # some tables are over
    else:
        t.act("Mette", ALL)
    return t


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 30), st.one_of(st.sampled_from(["Mette", "Henning", "Ronni"]),
                                     json_values), actions)
def test_junk_actions_raise_and_change_nothing(seed, player, action):
    t = a_table_in_play(seed)
    before = copy.deepcopy(t)
    try:
        t.act(player, action)
    except IllegalAction:
        assert t == before
    else:  # only a well-formed, legal action can pass
        assert isinstance(action, dict) and set(action) <= {"type", "against"}
        assert action["type"] in before.legal(player)


@pytest.mark.parametrize("action", [
    {"type": "throw", "extra": 1}, {"type": "fejl"}, {"type": "videre", "against": "Mette"},
    {"type": ["throw"]}, {"type": "THROW"}, {}, [], "throw", None, {"type": None},
])
def test_malformed_actions_refused(action):
    t = table()
    with pytest.raises(IllegalAction):
        t.act("Mette", action)
    assert t.dice.used == 0 and len(t.log) == 1


@pytest.mark.parametrize("kwargs", [
    {"players": "MetteHenning"}, {"players": ["Mette", ""]}, {"players": ["Mette", 3]},
    {"rules": {"dice_per_player": 6}}, {"seed": 2**80}, {"seed": 1.5}, {"first": ["Mette"]},
    {"dice": [0]}, {"dice": [7]}, {"dice": "123"}, {"dice": [True]}, {"dice": 5},
])
def test_junk_table_arguments_refused(kwargs):
    args = {"players": ["Mette", "Henning"], **kwargs}
    with pytest.raises(IllegalAction):
        Table(**args)


def _good_log():
    t = table([2, 3, 4, 5, 6, 6])
    t.act("Mette", ALL)
    t.act("Henning", THROW)
    return t, t.log


def _broken_logs():
    _, log = _good_log()
    yield []
    yield "log"
    yield [{"type": "throw"}]
    yield [{**log[0], "players": ["Mette", "Bodil"]}]
    yield [{**log[0], "rules": {"dice_per_player": 5, "faults": True}}]
    yield [{**log[0], "rules": "x"}]
    yield [{**log[0], "extra": 1}]
    yield [{**log[0], "seed": [1]}]
    yield [{**log[0], "dice": ["x"]}]
    yield [log[0], "throw"]
    yield [log[0], {"type": "throw_all", "player": "Mette"}]  # faces missing
    yield [log[0], {"type": "throw_all", "player": "Mette", "faces": [6, 6, 6, 6, 6, 6]}]
    yield [log[0], {"type": "throw", "player": "Mette", "faces": [2]}]  # B3: all first
    yield [log[0], {"type": "bid", "player": "Mette"}]
    yield [log[0], {"type": "videre", "player": ["Mette"]}]
    yield [*log, {"type": "fejl", "player": "Mette", "against": "Bodil"}]
    yield [*log, {"type": "new_game", "player": "Mette"}]


@pytest.mark.parametrize("log", list(_broken_logs()))
def test_replay_refuses_a_broken_log(log):
    with pytest.raises(IllegalAction):
        Table.replay(["Mette", "Henning"], Rules(), log)


def test_replay_refuses_other_players_or_rules():
    t, log = _good_log()
    assert Table.replay(["Mette", "Henning"], Rules(), log) == t
    with pytest.raises(IllegalAction):
        Table.replay(["Henning", "Mette"], Rules(), log)
    with pytest.raises(IllegalAction):
        Table.replay(["Mette", "Henning"], Rules(faults=False), log)


def test_replay_goes_on_with_the_script_where_it_was():
    t = table([2, 3, 4, 5, 6, 6, 6, 5])
    t.act("Mette", ALL)
    again = Table.replay(list(t.players), t.rules, t.log)
    t.act("Henning", THROW)
    again.act("Henning", THROW)
    assert again == t and t.last["faces"] == [6]


def test_new_game_in_a_log_replays():
    t = table([1, 2, 3, 4, 5, 6])
    t.act("Mette", ALL)
    t.act("Henning", NEW)
    assert Table.replay(list(t.players), t.rules, t.log) == t
