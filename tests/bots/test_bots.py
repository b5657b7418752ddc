"""The regulars: legal actions from the view alone, under every rule set and house rule."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalAction
from engine.snyd import bots
from engine.snyd.bench import play_game
from engine.snyd.bid import Bid, raises
from engine.snyd.rules import PRESET_NAMES, Rules
from engine.snyd.table import Table

ALL = [r["name"] for r in bots.REGULARS] + ["Simpel"]


def make(name: str, seed: int = 0) -> bots.Player:
    return bots.simpel(name, seed=seed) if name == "Simpel" else bots.regular(name, seed=seed)


def test_regulars_list() -> None:
    names = [r["name"] for r in bots.REGULARS]
    assert names[0] == "Henning" and len(names) >= 4 and len(set(names)) == len(names)
    styles = {r["style"] for r in bots.REGULARS}
    assert {"careful", "bluffer", "reckless", "sharp"} <= styles
    for info in bots.REGULARS:
        r = bots.regular(info["name"])
        assert r.name == info["name"] and r.description == info["description"]
        assert info["description"] and any(c in info["description"] for c in "æøå.")
    with pytest.raises(ValueError):
        bots.regular("Ukendt")


rules_strategy = st.builds(
    Rules,
    dice_per_player=st.integers(1, 6), jokers=st.booleans(), stairs=st.booleans(),
    of_a_kind=st.booleans(), present=st.booleans(), peek_once=st.booleans(),
    hidden_count=st.booleans(), classic_call=st.booleans(), viborg_final=st.booleans(),
    home_by_win=st.booleans(),
)


@settings(max_examples=60, deadline=None)
@given(rules=rules_strategy, seats=st.integers(2, 6), seed=st.integers(0, 10_000),
       steps=st.integers(0, 40))
def test_every_regular_acts_legally_from_its_view(rules: Rules, seats: int, seed: int,
                                                  steps: int) -> None:
    """Random position (reached by random legal play), then every regular answers it legally."""
    rng = random.Random(seed)
    names = [f"S{i}" for i in range(seats)]
    table = Table(names, rules, seed=seed)
    table.deal()
    for _ in range(steps):
        if table.phase != "bidding":
            table.deal()
            continue
        view = table.view(table.turn)
        actor = make(rng.choice(ALL), seed)
        table.act(table.turn, actor.decide(view))
    if table.phase != "bidding":
        table.deal()
    view = table.view(table.turn)
    for name in ALL:
        action = make(name, seed).decide(view)
        probe = Table.replay(names, rules, table.log)
        probe.act(table.turn, action)  # raises IllegalAction if it is not legal
        assert action["type"] in ("bid", "call")


def test_decision_depends_only_on_the_view() -> None:
    """Same public history and own dice, different hidden dice: same decision."""
    rules = Rules(dice_per_player=4)
    for name in ALL:
        decisions = []
        for others in ([2, 2, 2, 2], [6, 6, 6, 6], [1, 1, 1, 1]):
            table = Table(["A", "B", "C"], rules, seed=5, first="A")
            table.deal([[4, 4, 1, 3], others, [5, 5, 5, 2]])
            table.act("A", {"type": "bid", "quantity": 3, "face": 4})
            table.act("B", {"type": "bid", "quantity": 4, "face": 5})
            assert table.view("C")["my_dice"] == [5, 5, 5, 2]
            decisions.append(make(name, seed=3).decide(table.view("C")))
        assert decisions[0] == decisions[1] == decisions[2], name


def test_refuses_to_act_out_of_turn() -> None:
    table = Table(["A", "B"], Rules(), seed=1, first="A")
    table.deal()
    with pytest.raises(ValueError):
        bots.regular("Lis").decide(table.view("B"))


def test_peek_once_regular_remembers_its_dice() -> None:
    rules = Rules(peek_once=True, dice_per_player=3)
    table = Table(["Lis", "B"], rules, seed=1, first="Lis")
    table.deal([[5, 5, 1], [2, 3, 4]])
    lis = bots.regular("Lis", seed=1)
    table.act("Lis", lis.decide(table.view("Lis")))
    b_view = table.view("B")
    current = Bid.from_dict(b_view["current_bid"])
    table.act("B", {"type": "bid", **raises(current, rules, b_view["max_quantity"])[0].to_dict()})
    locked = table.view("Lis")
    assert locked["my_dice"] is None and locked["can_peek"] is False
    assert lis.own_dice(locked) == [5, 5, 1]
    assert bots.regular("Lis", seed=1).own_dice(locked) is None  # a stranger cannot know them
    # Deciding from the locked view uses the remembered dice, exactly as from the open one.
    open_view = dict(locked, my_dice=[5, 5, 1])
    assert lis.decide(locked) == bots.regular("Lis", seed=1).decide(open_view)


def test_hidden_count_kept_from_events() -> None:
    rules = Rules(hidden_count=True, dice_per_player=3)
    table = Table(["A", "B", "C"], rules, seed=2, first="A")
    table.deal([[2, 2, 2], [3, 3, 3], [4, 4, 4]])
    table.act("A", {"type": "bid", "quantity": 3, "face": 2})
    table.act("B", {"type": "call"})  # held: B loses, A and C put away one die
    table.deal()
    view = table.view(table.turn)
    assert "dice_left" not in view
    assert bots.dice_counts(view) == {"A": 2, "B": 3, "C": 2}


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_few_whole_games_end_with_one_loser(preset: str) -> None:
    rules = Rules.preset(preset)
    for g in range(2):
        players = [bots.regular(r["name"], seed=g) for r in bots.REGULARS[:3]] + [bots.simpel("Simpel", g)]
        assert play_game(players, rules, seed=g) in {p.name for p in players}


def test_say_speaks_its_own_events_in_table_language() -> None:
    henning = bots.regular("Henning", seed=4)
    table = Table(["Henning", "B"], Rules(), seed=1, first="Henning")
    table.deal()
    view = table.view("Henning")
    assert "møller" in henning.say({"type": "bid", "player": "Henning", "quantity": 5, "face": 5}, view)
    assert henning.say({"type": "bid", "player": "B", "quantity": 5, "face": 5}, view) is None
    for kind in ("call", "out", "game_lost", "to_viborg"):
        assert henning.say({"type": kind, "player": "Henning"}, view)
    selv = henning.say({"type": "lost_completely", "player": "Henning", "selvbinder": True}, view)
    assert "selvbinder" in selv.lower()
    assert henning.say({"type": "deal", "game_no": 1, "round_no": 1, "starter": "B"}, view) is None


def test_illegal_action_never_reaches_table_in_endgame() -> None:
    """At the cap the only legal move is Løft."""
    rules = Rules(dice_per_player=1)
    for name in ALL:
        table = Table(["A", "B"], rules, seed=1, first="A")
        table.deal([[1], [6]])
        cap = table.view("A")["max_quantity"]
        table.act("A", {"type": "bid", "quantity": cap, "face": 6})
        assert make(name).decide(table.view("B")) == {"type": "call"}
        try:
            table.act("B", {"type": "bid", "quantity": cap, "face": 6})
        except IllegalAction:
            pass
        else:
            raise AssertionError("the engine accepted a non-raise")


@pytest.mark.parametrize("game", ["snyd", "bakke", "treere"])
def test_the_baseline_has_one_name_in_every_game(game: str) -> None:
    """Simpel is ``simpel`` in all three games (it was ``naive`` in Bakke and Treere, issue 18):
    the player's name, the factory, its dict and its style."""
    import importlib

    module = importlib.import_module(f"engine.{game}.bots")
    baseline = module.simpel(seed=1)
    assert baseline.name == "Simpel" and module.simpel("Bo", seed=1).name == "Bo"
    assert module.SIMPEL["name"] == "Simpel" and module.SIMPEL["style"] == "simpel"
    assert not [name for name in vars(module) if "naive" in name.lower()]
