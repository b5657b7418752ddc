"""The Treere DP (engine/treere/optimal.py) against brute force, simulation and its own laws."""
from __future__ import annotations

import random
from functools import cache
from itertools import combinations, pairwise, product

import pytest

from engine.treere import Rules, Table, optimal
from engine.treere.bots import regular, simpel
from engine.treere.optimal import NONE, TurnPlan, simpel_keep, simpel_outcome, solve
from engine.treere.scoring import face_value

KNOWN, KNOWN_FIRST, SEATS = optimal.known_tables()


def brute_value(target: int, f: list[float], bust: float, zero_face: int = 3) -> float:
    """Expectimax over ordered rolls and every subset of dice (no multisets, no shortcuts)."""

    @cache
    def v(n: int, s: int) -> float:
        if s > target:
            return bust
        if n == 0:
            return f[s]
        total = 0.0
        for roll in product(range(1, 7), repeat=n):
            scores = [face_value(x, zero_face) for x in roll]
            total += max(v(n - c, s + sum(sub)) for c in range(1, n + 1)
                         for sub in combinations(scores, c))
        return total / 6 ** n

    return v(5, 0)


def brute_simpel(target: int, zero_face: int = 3) -> tuple[list[float], float]:
    """Simpel's final scores: its keep (simpel_keep on the real faces) over every
    ordered roll, the chance of each (dice left, score) carried forward."""
    final = [0.0] * (target + 1)
    bust = 0.0
    mass = {(5, 0): 1.0}
    for n in range(5, 0, -1):
        for (left, s), p in list(mass.items()):
            if left != n:
                continue
            for roll in product(range(1, 7), repeat=n):
                keep = simpel_keep(list(roll), zero_face)
                t = s + sum(face_value(roll[i], zero_face) for i in keep)
                q = p / 6 ** n
                if t > target:
                    bust += q
                elif len(keep) == n:
                    final[t] += q
                else:
                    mass[(n - len(keep), t)] = mass.get((n - len(keep), t), 0.0) + q
    return final, bust


@pytest.mark.parametrize("zero_face", [3, 6])
def test_turn_plan_matches_brute_force_monotone(zero_face: int) -> None:
    target = 7
    f = [1.0 - 0.1 * x for x in range(target + 1)]
    plan = TurnPlan(target, f, 0.05, zero_face)
    assert plan.fast
    assert plan.start == pytest.approx(brute_value(target, f, 0.05, zero_face), abs=1e-12)


def test_turn_plan_matches_brute_force_when_values_rise() -> None:
    """A tie worth more than a narrow lead (f not monotone): every sub-multiset is tried."""
    target = 6
    f = [0.9, 0.8, 0.2, 0.1, 0.3, 0.1, 0.6]
    plan = TurnPlan(target, f, 0.0, 3)
    assert not plan.fast
    assert plan.start == pytest.approx(brute_value(target, f, 0.0), abs=1e-12)


def test_plan_outcome_is_what_following_it_gives() -> None:
    target = 9
    f = [1.0, 0.95, 0.9, 0.6, 0.5, 0.45, 0.2, 0.2, 0.1, 0.05]
    plan = TurnPlan(target, f, 0.01, 3)
    dist, p_bust = plan.outcome()
    assert sum(dist) + p_bust == pytest.approx(1.0, abs=1e-12)
    assert sum(d * v for d, v in zip(dist, f)) + p_bust * 0.01 == pytest.approx(plan.start, abs=1e-12)
    # Monte Carlo of plan.keep on real dice: the same distribution (within 4.5 standard errors)
    rng = random.Random(7)
    counts = [0] * (target + 2)
    runs = 4000
    for _ in range(runs):
        kept_score, n = 0, 5
        while n and kept_score <= target:
            faces = [rng.randint(1, 6) for _ in range(n)]
            keep = plan.keep(n, kept_score, faces)
            kept_score += sum(face_value(faces[i]) for i in keep)
            n -= len(keep)
        counts[min(kept_score, target + 1)] += 1
    for x, p in list(enumerate(dist)) + [(target + 1, p_bust)]:
        se = (p * (1 - p) / runs) ** 0.5
        assert abs(counts[x] / runs - p) <= 4.5 * se + 1e-9, (x, counts[x] / runs, p)


@pytest.mark.parametrize("target", [0, 4, 11])
def test_naive_outcome_matches_enumeration(target: int) -> None:
    dist, bust = simpel_outcome(target, 3)
    want, want_bust = brute_simpel(target)
    assert list(dist) == pytest.approx(want, abs=1e-12)
    assert bust == pytest.approx(want_bust, abs=1e-12)


def test_keep_never_keeps_nothing_and_names_real_dice() -> None:
    plan = solve(2).plan(1, 6, False)
    rng = random.Random(3)
    for _ in range(300):
        n = rng.randint(1, 5)
        faces = [rng.randint(1, 6) for _ in range(n)]
        keep = plan.keep(n, 0, faces)
        assert 1 <= len(keep) == len(set(keep)) and all(0 <= i < n for i in keep)


def test_last_seat_plays_for_the_lead_the_tie_and_nothing_else() -> None:
    """Seat 2 of 2 facing b: a lower score wins, b replays the round, over loses."""
    rnd = solve(2)
    for b in (1, 4, 9):
        plan = rnd.plan(1, b, False)
        want = [1.0] * b + [rnd.value[1]]
        assert list(plan.f) == pytest.approx(want, abs=1e-15) and plan.bust == 0.0
        assert plan.start == pytest.approx(brute_value(b, want, 0.0), abs=1e-12)


def test_middle_seat_values_come_from_the_last_seats_plan() -> None:
    """Seat 2 of 3, leading with x: it wins if seat 3 goes over, replays if seat 3 ties x."""
    rnd = solve(3)
    plan = rnd.plan(1, 8, False)
    for x in range(1, 8):
        dist, over = rnd.dists_of(2, x, False)
        assert plan.f[x] == pytest.approx(over + dist[x] * rnd.value[1], abs=1e-12)
    # a zero: seat 3 ties it with the chance of five zeros, and then the two play it off
    q = optimal.zero_chance(3)
    assert plan.f[0] == pytest.approx((1 - q) + q * solve(2).value[0], abs=1e-12)


@pytest.mark.parametrize("m", [2, 3])
def test_round_values_are_chances_that_add_up(m: int) -> None:
    values = solve(m).value
    assert all(0 < v < 1 for v in values)
    assert sum(values) == pytest.approx(1.0, abs=1e-12)
    assert values == tuple(sorted(values))  # the later seat sees more: it is never worse off


@pytest.mark.parametrize("m", [2, 3])
def test_known_values_are_the_solved_ones(m: int) -> None:
    key = (m, 3, "", 1)
    assert KNOWN[key] == pytest.approx(solve(m).value, abs=1e-12)
    f, bust = optimal.first_values(solve(m))
    assert KNOWN_FIRST[key][0] == pytest.approx(f, abs=1e-12)
    assert KNOWN_FIRST[key][1] == pytest.approx(bust, abs=1e-12)


def test_naive_heads_up_is_even() -> None:
    """Simpel (the baseline player) ignores the score to beat, and T3 only cuts short a lost turn."""
    values = optimal.evaluate(["simpel", "simpel"]).value
    assert values == pytest.approx((0.5, 0.5), abs=1e-12)


def test_perfect_play_is_never_worse_than_naive() -> None:
    for pos in (0, 1):
        turns = ["simpel", "simpel"]
        turns[pos] = "optimal"
        assert optimal.evaluate(turns).value[pos] > optimal.evaluate(["simpel", "simpel"]).value[pos]
    # against a perfect first seat, the perfect second seat does at least as well as Simpel
    assert solve(2).value[1] >= optimal.evaluate(["optimal", "simpel"]).value[1]
    assert solve(2).value[0] <= optimal.evaluate(["optimal", "simpel"]).value[0]


def test_a_higher_score_to_beat_is_never_worse_for_the_last_seat() -> None:
    rnd = solve(2)
    chances = [rnd.plan(1, b, False).start for b in range(1, 31)]
    assert all(a <= b + 1e-15 for a, b in pairwise(chances))
    assert chances[0] < 0.2 and chances[-1] > 0.9
    first = rnd.plan(0, NONE, False).f
    assert all(a >= b for a, b in pairwise(first))  # a lower final score is worth more


def test_exact_chance_agrees_with_real_tables() -> None:
    """Lis against Simpel (the baseline player) on the engine's own Table: the DP's chance within 4 SE."""
    exact = (optimal.evaluate(["optimal", "simpel"]).value[0]
             + optimal.evaluate(["simpel", "optimal"]).value[1]) / 2
    games, won = 800, 0
    for g in range(games):
        names = ["Lis", "Simpel"] if g % 2 == 0 else ["Simpel", "Lis"]
        players = {"Lis": regular("Lis", seed=g), "Simpel": simpel(seed=g)}
        table = Table(names, seed=10_000 + g, first=names[0])
        while table.phase != "over":
            who = table.turn
            table.act(who, players[who].decide(table.view(who)))
        won += table.winner == "Lis"
    se = (exact * (1 - exact) / games) ** 0.5
    assert abs(won / games - exact) < 4 * se
    assert exact > 0.55  # the edge is real: about 56.8% heads-up


def test_progressive_stage_round() -> None:
    """A *Progressiv* stage: the values add up, a later seat can face nobody qualified (NONE),
    and failing to qualify is worth the next stage."""
    key = optimal.stage_key(Rules(progressive="spil"), 24, playoff=False)  # threshold 23
    assert key == ("spil", 24)
    rnd = optimal.Round(2, 3, key)
    assert sum(rnd.value) == pytest.approx(1.0, abs=1e-12)
    assert rnd.plan(1, NONE, False).target == 23
    assert rnd.next == pytest.approx(solve(2).value, abs=1e-15)  # threshold 24: the plain game
    assert KNOWN[(2, 3, "spil", 24)] == pytest.approx(rnd.value, abs=1e-12)
    # a plain round is the limit: a threshold this high almost never bites
    assert rnd.value == pytest.approx(solve(2).value, abs=1e-6)
    assert optimal.stage_key(Rules(progressive="spil"), 30, playoff=False) == ("", 1)
    assert optimal.stage_key(Rules(progressive="spil"), 1, playoff=True) == ("", 1)


def test_a_plan_for_a_state_that_never_happens_is_refused() -> None:
    with pytest.raises(ValueError):
        solve(2).plan(0, 5, False)  # the first seat never has a score to beat
    with pytest.raises(ValueError):
        solve(3).plan(1, 5, True)  # one seat before cannot make a tie


def test_a_runder_stage_left_out_of_the_table_is_the_next_of_its_run() -> None:
    rules = Rules(progressive="runder")
    keys = [optimal.stage_key(rules, stage, playoff=False) for stage in range(1, 120)]
    missing = [k for k in keys if k[0] and (3,) + (3,) + k not in KNOWN]
    assert missing  # the table keeps only distinct rounds
    for key in missing[:5]:
        found = optimal.known_key(3, 3, key)
        assert found is not None and found[3] > key[1]
        assert optimal.cap_of(found[2:], 3) == optimal.cap_of(key, 3)
    assert all(optimal.known_key(3, 3, k) for k in keys)  # every stage has its values


def test_known_seat_values_are_the_solved_ones() -> None:
    """optimal_data's SEATS: a later seat's values of every state after its turn, so its first
    keep needs no look ahead; they are the solved round's, and give the same plans."""
    solved = solve(3)
    zero, *parts = SEATS[(3, 3, ("", 1), 1)]
    want_zero, *want = solved.seat_table(1)
    assert zero == pytest.approx(want_zero, abs=1e-12)
    for got, part in zip(parts, want):
        assert got == pytest.approx(part, abs=1e-12)
    optimal._table_round.cache_clear()
    lazy = optimal.table_round(3)
    for b in (1, 5, 12, 30):
        assert lazy.plan(1, b, False).f == pytest.approx(solved.plan(1, b, False).f, abs=1e-12)
    assert not any(j < 2 for j, _state in lazy._rows)  # nothing was looked ahead for seat 1
