"""The whole-tree CFR+ of the standard rules' endgame build (engine/snyd/endgame_cfr.py, issue
22): its sweeps against the pure-Python solver's exact best responses, the published values,
its checkpoints, and the restricted trees it hands to the exact LP."""
from fractions import Fraction

import pytest

from engine.snyd import endgame
from engine.snyd.endgame_cfr import TreeCFR, support_tree
from tests.engine.test_endgame import tiny_game


@pytest.mark.parametrize("make", [tiny_game, lambda: endgame.published_game(1, 1, "joker")],
                         ids=["tiny", "joker"])
def test_its_best_responses_are_the_pure_python_solvers(make):
    game = make()
    solver = TreeCFR(game)
    solver.iterate(9)  # mixed here and there, not yet the equilibrium
    lower, upper = solver.bounds()
    assert game.bounds(solver.policy) == pytest.approx((lower, upper), abs=1e-12)
    assert lower < upper


@pytest.mark.parametrize("mode, published, gap", [
    ("normal", Fraction(-1, 9), 2e-3),
    ("joker", Fraction(-7, 327), 2e-3),
])
def test_it_converges_to_the_published_values(mode, published, gap):
    solver = TreeCFR(endgame.published_game(1, 1, mode))
    lower, upper = solver.solve(gap, most=3000, step=100)
    assert upper - lower <= gap
    assert lower - 1e-12 <= float(published) <= upper + 1e-12


def test_a_checkpoint_resumes_where_it_stopped(tmp_path):
    game = endgame.published_game(1, 1, "joker")
    state = str(tmp_path / "state.npz")
    first = TreeCFR(game)
    first.solve(0.0, most=30, step=10, checkpoint=state)
    again = TreeCFR(game)
    again.solve(0.0, most=60, step=30, checkpoint=state)  # resumes at 30
    straight = TreeCFR(game)
    straight.iterate(60)
    assert again.iterations == 60
    assert again.bounds() == pytest.approx(straight.bounds(), abs=1e-12)
    with pytest.raises(ValueError, match="another game"):
        TreeCFR(tiny_game()).load(state)


def reached(game, policy, seat, floor):
    """support_tree's histories, by a plain recursion over the pure-Python tree."""
    out = set()

    def walk(h, hands):
        out.add(h)
        rows = policy(h) if len(h) % 2 == seat else None
        for ai, a in enumerate(game.actions(h)):
            if a == endgame.CALL:
                continue
            if rows is None:
                walk(h + (a,), hands)
            else:
                keep = [i for i in hands if rows[i][ai] >= floor]
                if keep:
                    walk(h + (a,), keep)
    walk((), list(range(len(game.hands[seat]))))
    return out


@pytest.mark.parametrize("seat", [0, 1])
def test_the_support_tree_is_the_seats_moves_against_every_reply(seat):
    game = endgame.published_game(1, 1, "joker")
    solver = TreeCFR(game)
    solver.iterate(40)
    for floor in (0.3, 0.05):
        tree = support_tree(solver, seat, floor)
        assert tree == reached(game, solver.policy, seat, floor)
        for h in tree:  # the other seat is free: every raise of its is in the tree
            if h and len(h) % 2 != seat:
                assert all(h + (a,) in tree for a in game.actions(h)[1:])
    assert len(support_tree(solver, seat, 0.3)) < len(support_tree(solver, seat, 0.05))


def test_in_float32_it_is_the_same_game_at_half_the_memory():
    import numpy as np
    game = endgame.published_game(1, 1, "joker")
    solver = TreeCFR(game, np.float32)
    solver.iterate(20)
    assert solver.r_in.dtype == np.float32 and solver.reach(0, solver.current()[0]).dtype == np.float32
    assert game.bounds(solver.policy) == pytest.approx(solver.bounds(), abs=1e-5)
