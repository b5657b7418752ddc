"""odds.chance against the engine's own counting: brute force for small tables, Monte Carlo for
large ones (S10–S18 under every switch)."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.snyd.bid import Bid
from engine.snyd.counting import holds
from engine.snyd.odds import chance, chance_with_beliefs
from engine.snyd.rules import Rules

SWITCHES = [{"jokers": j, "stairs": s, "present": p, "of_a_kind": k}
            for j, s, p, k in itertools.product([True, False], repeat=4)]


def brute_force(bid: Bid, own: list[int], others: list[int], rules: Rules) -> float:
    """Enumerate every way the unknown dice can fall and ask the engine whether the bid holds."""
    unknown = sum(others)
    hits = 0
    for dice in itertools.product(range(1, 7), repeat=unknown):
        hands, i = [list(own)], 0
        for n in others:
            hands.append(list(dice[i:i + n]))
            i += n
        hits += holds(hands, bid, rules)
    return hits / 6 ** unknown


def bids_for(rules: Rules, cap: int) -> list[Bid]:
    faces = list(rules.biddable_faces) + ([None] if rules.of_a_kind else [])
    return [Bid(q, f) for q in range(1, cap + 1) for f in faces]


@pytest.mark.parametrize("switches", SWITCHES, ids=lambda d: "-".join(k for k, v in d.items() if v) or "plain")
def test_exact_against_enumeration_every_rule_combination(switches: dict) -> None:
    rules = Rules(**switches)
    rng = random.Random(hash(tuple(switches.values())) & 0xFFFF)
    # Positions with the endgame specials: lone 1, 1+2, stairs, and ordinary hands.
    positions = [([1], [1]), ([2, 1], [2]), ([3, 1, 2], [3]), ([], [1, 2]), ([5, 5], [1, 3]),
                 ([4, 1, 6], [2, 2]), ([1, 2, 3, 4], [4])]
    for _ in range(3):
        own = [rng.randint(1, 6) for _ in range(rng.randint(0, 3))]
        others = [rng.randint(1, 2) for _ in range(rng.randint(1, 2))]
        positions.append((own, others))
    checked = 0
    for own, others in positions:
        for bid in bids_for(rules, len(own) + sum(others) + 2):
            got = chance(bid, own, others, rules)
            want = brute_force(bid, own, others, rules)
            assert abs(got - want) < 1e-9, (rules, own, others, bid, got, want)
            checked += 1
    assert checked > 50


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_exact_random_small_positions(data: st.DataObject) -> None:
    rules = Rules(**data.draw(st.sampled_from(SWITCHES)))
    own = data.draw(st.lists(st.integers(1, 6), max_size=4))
    others = data.draw(st.lists(st.integers(1, 3), min_size=1, max_size=3).filter(lambda o: sum(o) <= 4))
    face = data.draw(st.sampled_from(list(rules.biddable_faces) + ([None] if rules.of_a_kind else [])))
    quantity = data.draw(st.integers(1, len(own) + sum(others) + 2))
    bid = Bid(quantity, face)
    assert abs(chance(bid, own, others, rules) - brute_force(bid, own, others, rules)) < 1e-9


@pytest.mark.parametrize("switches", [SWITCHES[0], SWITCHES[5], SWITCHES[6], SWITCHES[9], SWITCHES[15]],
                         ids=lambda d: "-".join(k for k, v in d.items() if v) or "plain")
def test_large_tables_against_seeded_monte_carlo(switches: dict) -> None:
    rules = Rules(**switches)
    rng = random.Random(20261129)
    own = [rng.randint(1, 6) for _ in range(6)]
    others = [6, 6, 5, 3, 2, 1, 1]
    samples = 4000
    hands_list = [[list(own)] + [[rng.randint(1, 6) for _ in range(n)] for n in others]
                  for _ in range(samples)]
    faces = [f for f in (2, 4, 6, None) if f is not None or rules.of_a_kind]
    if not rules.jokers:
        faces.append(1)
    for face in faces:
        for quantity in (4, 8, 11, 14):
            bid = Bid(quantity, face)
            p = chance(bid, own, others, rules)
            hits = sum(holds(h, bid, rules) for h in hands_list) / samples
            se = math.sqrt(max(p * (1 - p), 1e-4) / samples)
            assert abs(p - hits) <= 4 * se, (bid, p, hits, se)


def test_known_values() -> None:
    standard = Rules()
    # Nothing unknown: the bid either holds or not.
    assert chance(Bid(3, 5), [5, 1, 5], [], standard) == 1.0
    assert chance(Bid(4, 5), [5, 1, 5], [], standard) == 0.0
    # One unknown die: a five or a joker (2/6); a lone 1 counts as two (S12) — both reach 1.
    assert abs(chance(Bid(1, 5), [], [1], standard) - 2 / 6) < 1e-12
    assert abs(chance(Bid(2, 5), [], [1], standard) - 1 / 6) < 1e-12
    # Til stede: the lone 1 alone never makes a bid hold (S16).
    assert chance(Bid(1, 5), [], [1], Rules(present=True)) == pytest.approx(1 / 6)


def test_beliefs_reduce_to_fair_dice_and_move_with_evidence() -> None:
    rules = Rules()
    fair = [(6, (1 / 6,) * 6), (4, (1 / 6,) * 6)]
    bid = Bid(5, 4)
    assert chance_with_beliefs(bid, [4, 2], fair, rules) == pytest.approx(chance(bid, [4, 2], [6, 4], rules))
    fours = (0.15, 0.15, 0.15, 0.25, 0.15, 0.15)
    assert chance_with_beliefs(bid, [4, 2], [(6, fours), (4, fours)], rules) > chance(bid, [4, 2], [6, 4], rules)
