"""The Bakke DP (engine/bakke/optimal.py) against the engine's own tray rules, brute force,
simulation on the real Table, and the properties a chance must have."""
from __future__ import annotations

import itertools
import math
import random

import pytest

from engine.bakke import Table, drop_one, resolve
from engine.bakke import optimal as o
from engine.bakke.bots import regular, simpel


@pytest.fixture(scope="module")
def table() -> o.HeadsUp:
    h = o.HeadsUp()
    h.ensure(12)
    return h


def positions(level: int):
    for mask in range(32):
        k = (mask).bit_count()
        for a in range(1, level - k):
            b = level - k - a
            if b >= 1:
                yield a, b, mask


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_throw_all_outcomes_match_every_throw(n: int) -> None:
    """All 6^n throws resolved by the engine's own B2 (tray.resolve) give the same distribution."""
    counts: dict[tuple[int, int], int] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        r = resolve([], list(faces))
        key = (len(r.picked), o.mask_of(r.tray))
        counts[key] = counts.get(key, 0) + 1
    got = {(picked, mask): p for picked, mask, p in o.throw_all_outcomes(n)}
    assert set(got) == set(counts)
    for key, c in counts.items():
        assert got[key] == pytest.approx(c / 6**n, abs=1e-12)


def test_bellman_equations_hold_with_the_engines_tray(table: o.HeadsUp) -> None:
    """Every solved position satisfies its optimality equation, recomputed here from the
    engine's drop_one/resolve (so the DP's moves are the rule book's), to 1e-10."""
    for level in range(2, 13):
        for a, b, mask in positions(level):
            tray = list(o.faces_of(mask))
            throw = 0.0
            for face in range(1, 7):
                r = drop_one(tray, face)
                hand = a + len(r.picked) - 1
                if r.picked:
                    throw += 1 - table.start(b, hand, o.mask_of(r.tray))
                else:
                    throw += table.mid(hand, b, o.mask_of(r.tray))
            throw /= 6
            videre = 1 - table.start(b, a, mask)
            assert table.mid(a, b, mask) == pytest.approx(max(throw, videre), abs=1e-10)
            start = throw
            if not tray:
                whole = (_throw_all_by_hand(table, a, b) if a <= 4
                         else table.choice_values(a, b, 0, False)["throw_all"])
                start = max(throw, whole)
            assert table.start(a, b, mask) == pytest.approx(start, abs=1e-10)


def _throw_all_by_hand(table: o.HeadsUp, a: int, b: int) -> float:
    """All a dice on an empty tray, every one of the 6^a throws resolved by the engine."""
    whole = 0.0
    for faces in itertools.product(range(1, 7), repeat=a):
        r = resolve([], list(faces))
        whole += 1 - table.start(b, len(r.picked), o.mask_of(r.tray))
    return whole / 6**a


def test_values_are_chances_and_monotone(table: o.HeadsUp) -> None:
    """In [0, 1]; one die fewer in your hand, or one more in theirs, never hurts."""
    for level in range(2, 12):
        for a, b, mask in positions(level):
            for f in (table.start, table.mid):
                v = f(a, b, mask)
                assert 0.0 <= v <= 1.0
                assert f(a + 1, b, mask) <= v + 1e-12
                assert f(a, b + 1, mask) >= v - 1e-12


def test_one_die_each_first_thrower_always_wins() -> None:
    """B3 with one die: it leaves (a 1) or stays alone in the tray; either way the hand is empty."""
    assert o.first_throw_value(1) == 1.0


def test_a_last_die_by_hand(table: o.HeadsUp) -> None:
    """A lone die on an empty tray always leaves the hand (a 1 leaves the game, another face
    stays alone): certain not to lose. Against k dice in the tray it goes out unless it pairs:
    at least (6 - k) / 6, exactly that plus the pairs' share."""
    for b in range(1, 11):
        assert table.start(1, b, 0) == 1.0 and table.mid(1, b, 0) == 1.0
        for mask in range(1, 32):
            if 1 + b + (mask).bit_count() > 12:
                continue
            k = (mask).bit_count()
            pairs = sum(1 - table.start(b, 2, mask & ~(1 << i)) for i in range(5) if mask >> i & 1)
            assert table.start(1, b, mask) == pytest.approx((6 - k + pairs) / 6, abs=1e-12)
            assert table.start(1, b, mask) >= (6 - k) / 6 - 1e-12


def test_heads_up_table_equals_the_general_solver() -> None:
    """Two implementations (mover-relative scalar, named seats with value vectors) agree."""
    game = o.Game(2, 3)
    h = o.heads_up()
    for (hands, mover, mask, thrown), v in game.values.items():
        a, b = hands[mover], hands[1 - mover]
        want = h.mid(a, b, mask) if thrown else h.start(a, b, mask)
        assert v[mover] == pytest.approx(want, abs=1e-9)
        assert sum(v) == pytest.approx(1.0, abs=1e-9)  # exactly one of the two loses
    assert game.game_value(0)[0] == pytest.approx(o.first_throw_value(3), abs=1e-9)


@pytest.mark.parametrize("dice", [1, 2, 3])
def test_optimal_never_worse_than_naive(dice: int) -> None:
    """Against the same perfect opponent, the optimum keeps at least what Simpel's play keeps, and
    against Simpel it keeps at least half (the mean over who begins)."""
    perfect = o.Game(2, dice)
    simpel_seat = o.Game(2, dice, [o.simpel_policy, None])
    sharp_vs_simpel = o.Game(2, dice, [o.optimal_policy, o.simpel_policy])
    for first in (0, 1):
        assert simpel_seat.game_value(first)[0] <= perfect.game_value(first)[0] + 1e-9
    mean = (sharp_vs_simpel.game_value(0)[0] + sharp_vs_simpel.game_value(1)[0]) / 2
    assert mean >= 0.5 - 1e-9


def _simulate(players, dice: int, games: int, seed: int) -> int:
    """Games not lost by players[0] on the real Table; who begins alternates."""
    kept = 0
    for g in range(games):
        names = [p.name for p in players]
        t = Table(names, rules=_rules(dice), seed=seed + g, first=names[g % 2])
        while t.phase == "playing":
            who = t.turn
            t.act(who, next(p for p in players if p.name == who).decide(t.view(who)))
        kept += t.loser != names[0]
    return kept


def _rules(dice: int):
    from engine.bakke import Rules
    return Rules(dice_per_player=dice)


def test_exact_chance_agrees_with_games_on_the_real_table() -> None:
    """Lis against Simpel, three dice each: the DP's chance within 4 standard errors of 2,000
    games played on the engine's Table (the DP's model of the rules is the engine's)."""
    games = 2000
    kept = _simulate([regular("Lis", seed=1), simpel(seed=2)], 3, games, seed=11)
    game = o.Game(2, 3, [o.optimal_policy, o.simpel_policy])
    exact = (game.game_value(0)[0] + game.game_value(1)[0]) / 2
    se = math.sqrt(exact * (1 - exact) / games)
    assert abs(kept / games - exact) < 4 * se


def test_three_players_exact_game_is_consistent() -> None:
    """Three seats, two dice: exactly one loser (values sum to 2), the seats' mean is fair."""
    game = o.Game(3, 2)
    for v in game.values.values():
        assert sum(v) == pytest.approx(2.0, abs=1e-9)
        assert all(-1e-12 <= x <= 1 + 1e-12 for x in v)
    mean0 = sum(game.game_value(f)[0] for f in range(3)) / 3
    assert mean0 == pytest.approx(2 / 3, abs=1e-9)


def test_aggregate_choice_uses_the_heads_up_table() -> None:
    """With one other player every aggregate is the exact heads-up choice; with more, the
    opponent is aggregate(others)."""
    h = o.heads_up()
    spot = o.Spot((4, 3), 0b00111, True)
    for name in o.AGGREGATES:
        assert o.spot_values(spot, name) == h.choice_values(4, 3, 0b00111, True)
    spot3 = o.Spot((4, 2, 5), 0b00111, True)
    assert o.spot_values(spot3, "max") == h.choice_values(4, 5, 0b00111, True)
    assert o.spot_values(spot3, "next") == h.choice_values(4, 2, 0b00111, True)
    assert o.spot_values(spot3, "sum") == h.choice_values(4, o.FIELD_CAP, 0b00111, True)
    assert o.spot_values(o.Spot((4, 2, 3), 0b111, True)) == h.choice_values(4, 5, 0b111, True)


def test_the_choice_ignores_the_opponents_count_from_five(table: o.HeadsUp) -> None:
    """Why the field can be capped (FIELD_CAP): from five dice up the opponent's count never
    changes the best choice (here every position to 18 dice; the bench notes 30)."""
    table.ensure(18)
    for a in range(1, 9):
        for mask in range(32):
            for thrown in (False, True):
                if mask and not thrown:
                    continue  # one choice only
                ref = o.best_of(table.choice_values(a, 5, mask, thrown))
                for b in range(6, 19 - a - mask.bit_count()):
                    assert o.best_of(table.choice_values(a, b, mask, thrown)) == ref


def test_options_follow_the_engine() -> None:
    """The DP's legal choices are the engine's ``legal`` (minus fejl) in random games."""
    rng = random.Random(5)
    for g in range(30):
        names = ["A", "B", "C"][: 2 + g % 2]
        t = Table(names, seed=g)
        while t.phase == "playing":
            v = t.view(t.turn)
            want = set(o.options(v["thrown"] > 0, o.mask_of(v["tray"]), v["first_throw"]))
            assert want == set(v["legal"]) - {"fejl", "new_game"}
            t.act(t.turn, {"type": rng.choice(sorted(want))})


def test_mask_of_refuses_a_one() -> None:
    with pytest.raises(ValueError):
        o.mask_of([1])
    assert o.faces_of(o.mask_of([6, 2])) == (2, 6)


def test_the_heads_up_table_grows_level_by_level() -> None:
    """Positions beyond the six-dice game (a hand grows at a bigger table) extend the table one
    level at a time, the storage doubling only when full (no runaway growth)."""
    h = o.HeadsUp()
    h.ensure(12)
    width = h.width
    for level in range(13, 17):
        h.ensure(level)
        assert h.level == level
    assert h.width <= 2 * width + 1
    assert h.start(12, 6, 0b11) == pytest.approx(h.throw_value(12, 6, 0b11), abs=1e-12)


def test_the_stored_choices_are_the_solvers() -> None:
    """The precomputed bits (what a phone reads instead of solving) are exactly the solved
    heads-up choices to STORED_LEVEL dice: regenerate with optimal.policy_bits() if this fails."""
    assert o.policy_bits(o.STORED_LEVEL) == o._STORED
    assert len(o.decision_positions(o.STORED_LEVEL)) == 3288


def test_the_stored_choices_are_used_and_beyond_them_the_solver() -> None:
    """Within the stored range a choice is a look-up (no table solved); beyond it, the solver."""
    fresh = o.HeadsUp()
    real = o.heads_up
    o.heads_up = lambda: fresh  # type: ignore[assignment]
    try:
        assert o.optimal_choice(o.Spot((6, 6), 0, False)) == "throw_all"
        assert o.optimal_choice(o.Spot((5, 2, 2), 0b111, True)) == "videre"
        assert fresh.level == 1  # nothing was solved
        big = o.Spot((14, 4), 0b1, True)  # 19 dice in the game: beyond the stored range
        assert o.optimal_choice(big) == o.best_of(fresh.choice_values(14, 4, 0b1, True))
        assert fresh.level >= 19
    finally:
        o.heads_up = real
