"""The view's flags say exactly what the table accepts (issue 8: the opener's *Løft* was enabled,
``can_call`` true with no bid standing, and no test noticed)."""
import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from snyd_play import random_action

from engine.snyd import IllegalAction, Rules, Table, raises

rules_st = st.builds(
    Rules, dice_per_player=st.integers(1, 3), jokers=st.booleans(), stairs=st.booleans(),
    of_a_kind=st.booleans(), present=st.booleans(), peek_once=st.booleans(),
    hidden_count=st.booleans(), classic_call=st.booleans(), viborg_final=st.booleans(),
)


def accepted(t: Table, player: str, action: dict) -> bool:
    probe = copy.deepcopy(t)
    try:
        probe.act(player, action)
    except IllegalAction:
        return False
    return True


def check_flags(t: Table) -> int:
    """For every seat: can_call/can_bid are true exactly when a call/some raise is accepted."""
    checked = 0
    for p in t.players:
        v = t.view(p)
        assert v["can_call"] == accepted(t, p, {"type": "call"}), (p, v["phase"], v["current_bid"])
        options = raises(t.current_bid, t.rules, t.cap) if t.phase == "bidding" else []
        can_raise = bool(options) and accepted(t, p, {"type": "bid", **options[0].to_dict()})
        assert v["can_bid"] == can_raise, (p, v["phase"], v["current_bid"])
        assert (v["my_dice"] is not None) == v["can_peek"] == t.can_peek(p)
        checked += 1
    return checked


def test_the_opener_cannot_call() -> None:
    t = Table(["A", "B", "C"], Rules(dice_per_player=2), seed=1, first="B")
    t.deal()
    opener = t.view("B")
    assert opener["turn"] == "B" and opener["current_bid"] is None
    assert opener["can_bid"] and not opener["can_call"]
    assert not any(t.view(p)["can_call"] for p in t.players)
    t.act("B", {"type": "bid", "quantity": 1, "face": 2})
    assert t.view("C")["can_call"] and not t.view("B")["can_call"] and not t.view("A")["can_call"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_st, st.integers(2, 4), st.integers(0, 10**6))
def test_flags_match_what_the_table_accepts(rules: Rules, n: int, seed: int) -> None:
    rng = random.Random(seed)
    t = Table(["A", "B", "C", "D"][:n], rules, seed=seed)
    checked = check_flags(t)  # idle
    for _ in range(2):  # two rounds: openings, answers, the reveal
        t.deal()
        while t.phase == "bidding":
            checked += check_flags(t)
            t.act(t.turn, random_action(t, rng))
        checked += check_flags(t)
        if t.phase == "game_over":
            break
    assert checked >= 3 * n
