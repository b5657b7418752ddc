"""The standard rules' heads-up endgame, 1v1 with jokers and the lone 1 (S10, S12; issue 22):
the published *stairs* game, its value, the shipped table, and Lis playing it."""
import itertools
from random import Random

import pytest

from engine.snyd import endgame
from engine.snyd.bots import regular
from engine.snyd.endgame_regulars import SEATS, table_at
from engine.snyd.rules import Rules
from engine.snyd.table import Table

STANDARD = Rules()
KEY = "1v1-jokere"


def test_standard_1v1_is_thomasahles_stairs_game():
    # ones wild and not biddable (S10), a lone 1 counts two (S12), cap 4 (S18): faces 2–6
    ours, published = endgame.snyd_game(1, 1, STANDARD), endgame.published_game(1, 1, "stairs")
    assert [(b.quantity, b.face) for b in ours.ladder] == published.ladder
    assert ours.T == published.T and ours.prob == published.prob
    # Turnering (Trapper on) and Klassisk løft change nothing at 1v1: the same table
    for rules in (Rules.preset("turnering"), STANDARD.with_(stairs=True)):
        assert endgame.covered(1, 1, rules) and endgame.table_key(1, 1, rules) == KEY
        game = endgame.snyd_game(1, 1, rules)
        assert game.ladder == ours.ladder and game.T == ours.T


def test_the_value_is_the_published_zero():
    # thomasahle/snyd: the stairs game is worth 0 to the first bidder; both seats' guarantees
    # (exact LPs, checked by best responses over the whole tree) meet there
    lower, upper = endgame.bounds(1, 1, STANDARD)
    assert -1e-9 <= lower <= upper <= 1e-9
    assert abs(endgame.value(1, 1, STANDARD)) <= 1e-9


def test_the_shipped_table_is_exploitable_by_at_most_a_thousandth():
    # exact best responses over the whole 2^20 tree (every raise), pure Python, to the rows as
    # shipped (whole thousandths)
    game = endgame.snyd_game(1, 1, STANDARD)
    table = endgame.table_policy(game, endgame._table(KEY))
    v = endgame.value(1, 1, STANDARD)
    as_second = game.best_response(0, table)
    as_first = game.best_response(1, table)
    assert as_second - v <= 1e-3  # the table answers
    assert as_first + v <= 1e-3  # the table opens
    assert as_second - v >= -1e-6 and as_first + v >= -1e-6


def standard_table(hands, first="A"):
    t = Table(["A", "B"], STANDARD.with_(dice_per_player=1), first=first)
    t.deal(hands)
    return t


def test_every_position_of_a_round_has_a_legal_mixed_move():
    rng = Random(22)
    for a, b in itertools.product(range(1, 7), repeat=2):
        t = standard_table([[a], [b]])
        while t.phase == "bidding":
            who = t.turn
            mix = endgame.strategy(t.view(who))
            assert mix and abs(sum(mix.values()) - 1) < 1e-9 and all(p > 0 for p in mix.values())
            t.act(who, endgame.choose(t.view(who), rng))  # act raises on an illegal move


def test_a_history_her_own_play_never_makes_is_left_to_her_old_play():
    # an opening the table never makes with this die: after it, the table has no row for her
    game = endgame.snyd_game(1, 1, STANDARD)
    table = endgame._table(KEY)
    die = 3
    opening = table[()][game.index[0][(die,)]]
    never = next(k for k in range(game.n) if k not in opening)
    t = table_at((1, 1), STANDARD, [[die], [5]])
    t.bid(SEATS[0], game.ladder[never])
    answer = next(k for k in range(never + 1, game.n) if game.chance[k][0][game.index[0][(die,)]])
    t.bid(SEATS[1], game.ladder[answer])  # a bid that may hold: no sure Løft
    assert (never, answer) not in table
    assert endgame.strategy(t.view(SEATS[0])) is None
    old = regular("Lis", seed=1)
    old.endgame = False
    assert regular("Lis", seed=1).decide(t.view(SEATS[0])) == old.decide(t.view(SEATS[0]))


def test_lis_plays_the_standard_table_and_samples_it():
    # a position where the equilibrium mixes: she samples it, she does not take the likeliest
    game = endgame.snyd_game(1, 1, STANDARD)
    h, i = next((h, i) for h, rows in sorted(endgame._table(KEY).items()) if len(h) == 1
                for i, moves in sorted(rows.items()) if len(moves) >= 2)
    die = next(d for (d,), j in game.index[1].items() if j == i)
    seen = set()
    for seed in range(60):
        t = table_at((1, 1), STANDARD, [[6], [die]])
        t.bid(SEATS[0], game.ladder[h[0]])
        mix = endgame.strategy(t.view(SEATS[1]))
        action = regular("Lis", seed=seed).decide(t.view(SEATS[1]))
        key = ("call",) if action["type"] == "call" else ("bid", action["quantity"], action["face"])
        assert mix[key] > 0
        seen.add(key)
    assert len(seen) >= 2


@pytest.mark.parametrize("rules", [STANDARD.with_(present=True), Rules.preset("slags"),
                                   Rules.preset("hardcore")], ids=["tilstede", "slags", "hardcore"])
def test_the_other_joker_mixes_are_not_covered(rules):
    assert not endgame.covered(1, 1, rules)
    t = Table(["A", "B"], rules.with_(dice_per_player=1), first="A")
    t.deal([[3], [5]])
    assert endgame.strategy(t.view("A")) is None
