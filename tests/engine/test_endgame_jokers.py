"""The endgames solved over their whole tree (engine/snyd/endgame_cfr.py and the one-sided LPs;
issue 22): the standard rules' 1v1, jokers and the lone 1 (S10, S12), with and without *Til
stede* (S16), *En slags* (S17) without jokers, and the *Slags* rule set's 1v1 (jokers and *En
slags*) — the published *stairs* game, the values, the shipped tables, and Lis playing them."""
import itertools
from random import Random

import pytest

from engine.errors import IllegalAction
from engine.snyd import endgame
from engine.snyd.bots import regular
from engine.snyd.endgame_regulars import SEATS, table_at
from engine.snyd.rules import Rules
from engine.snyd.table import Table

STANDARD = Rules()
KEY = "1v1-jokere"
SLAGS_S15 = Rules(jokers=False, of_a_kind=True)
SLAGS = Rules.preset("slags")  # jokers and En slags
# every table of this build, by the rules that reach it
WHOLE_TREE = {"1v1-jokere": STANDARD, "1v1-jokere-tilstede": STANDARD.with_(present=True),
              "1v1-slags": SLAGS_S15, "1v1-jokere-slags": SLAGS}


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


@pytest.mark.parametrize("key", WHOLE_TREE)
def test_the_shipped_table_is_exploitable_by_at_most_a_thousandth(key):
    # exact best responses over the whole tree (every raise), pure Python, to the rows as
    # shipped (whole thousandths)
    rules = WHOLE_TREE[key]
    assert endgame.table_key(1, 1, rules) == key and endgame.covered(1, 1, rules)
    game = endgame.snyd_game(1, 1, rules)
    table = endgame.table_policy(game, endgame._table(key))
    lower, upper = endgame.bounds(1, 1, rules)
    assert upper - lower <= 1e-9  # both seats' exact guarantees meet
    v = endgame.value(1, 1, rules)
    as_second = game.best_response(0, table)
    as_first = game.best_response(1, table)
    assert as_second - v <= 1e-3  # the table answers
    assert as_first + v <= 1e-3  # the table opens
    assert as_second - v >= -1e-6 and as_first + v >= -1e-6


def test_en_slags_without_jokers_is_one_game_with_or_without_til_stede_and_worth_a_ninth():
    plain, present = (endgame.snyd_game(1, 1, r) for r in (SLAGS_S15, SLAGS_S15.with_(present=True)))
    assert plain.ladder == present.ladder and plain.T == present.T
    assert endgame.value(1, 1, SLAGS_S15.with_(present=True)) == endgame.value(1, 1, SLAGS_S15)
    # the opener gains a ninth (without En slags, S15 1v1, she loses one: -1/9)
    assert abs(endgame.value(1, 1, SLAGS_S15) - 1 / 9) <= 1e-9


@pytest.mark.parametrize("key", WHOLE_TREE)
def test_every_position_of_a_round_has_a_legal_mixed_move(key):
    rng = Random(22)
    for a, b in itertools.product(range(1, 7), repeat=2):
        t = Table(["A", "B"], WHOLE_TREE[key].with_(dice_per_player=1), first="A")
        t.deal([[a], [b]])
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


def test_the_slags_rule_set_gives_the_opener_14_in_537():
    # jokers and En slags: a 24-bid ladder; both seats' exact guarantees meet at 14/537
    # (docs/regulars.md), an edge to the opener where the standard rules give none
    game = endgame.snyd_game(1, 1, SLAGS)
    assert game.n == 24 and endgame.table_key(1, 1, SLAGS) == "1v1-jokere-slags"
    lower, upper = endgame.bounds(1, 1, SLAGS)
    assert abs(lower - 14 / 537) <= 1e-9 and abs(upper - 14 / 537) <= 1e-9
    # Trapper changes nothing with one die: the same game, so the same table
    stairs = endgame.snyd_game(1, 1, SLAGS.with_(stairs=True))
    assert stairs.ladder == game.ladder and stairs.T == game.T
    assert endgame.table_key(1, 1, SLAGS.with_(stairs=True)) == "1v1-jokere-slags"


@pytest.mark.parametrize("rules", [SLAGS.with_(present=True), Rules.preset("hardcore")],
                         ids=["slags-tilstede", "hardcore"])
def test_jokers_en_slags_and_til_stede_together_and_skjult_antal_are_not_covered(rules):
    assert not endgame.covered(1, 1, rules)
    t = Table(["A", "B"], rules.with_(dice_per_player=1), first="A")
    t.deal([[3], [5]])
    assert endgame.strategy(t.view("A")) is None
    with pytest.raises(IllegalAction, match="not covered"):
        endgame.value(1, 1, rules)
