"""Heads-up endgames at equilibrium (engine/snyd/endgame.py, issue 22)."""
import itertools
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import brotli
import pytest

from engine.errors import IllegalAction
from engine.snyd import endgame
from engine.snyd.bots import regular
from engine.snyd.endgame_regulars import SEATS, table_at
from engine.snyd.rules import Rules
from engine.snyd.table import Table

S15 = Rules(jokers=False)
ROOT = Path(__file__).resolve().parents[2]


# --- the published values (thomasahle/snyd, README), under its rules ------------------------

@pytest.mark.parametrize("mode, published, gap", [
    ("normal", Fraction(-1, 9), 1e-5),
    ("joker", Fraction(-7, 327), 2e-3),
])
def test_published_1v1_values(mode, published, gap):
    game = endgame.published_game(1, 1, mode)
    lower, upper = game.solve(gap=gap, step=100)
    assert upper - lower <= gap
    assert lower - 1e-12 <= float(published) <= upper + 1e-12


def test_ettere_uden_jokere_1v1_is_the_published_normal_game():
    # S15 1v1: faces 1–6, cap 2 (no specials), ones count for themselves: thomasahle's normal.
    assert abs(endgame.value(1, 1, S15) - (-1 / 9)) <= 1e-6
    lower, upper, _ = endgame._tables()["values"]["1v1"]
    assert lower <= -1 / 9 <= upper and upper - lower <= endgame.GAP
    # Til stede changes nothing without jokers (a count of one or more shows the face)
    assert endgame.value(1, 1, S15.with_(present=True)) == endgame.value(1, 1, S15)


# --- best responses --------------------------------------------------------------------------

def tiny_game():
    """Two-sided dice, one each: bids 1–2 of face 1–2 (small enough to enumerate)."""
    hands = [((1,), 0.5), ((2,), 0.5)]
    ladder = [(q, f) for q in (1, 2) for f in (1, 2)]
    return endgame.Game(ladder, hands, hands,
                        lambda h1, h2, bid: (h1 + h2).count(bid[1]) >= bid[0])


def brute_best_response(game, p, policy):
    """Every pure strategy of seat p (one move per own hand and history), played out exactly."""
    histories = []

    def collect(h):
        if len(h) % 2 == p:
            histories.append(h)
        for a in game.actions(h):
            if a != endgame.CALL:
                collect(h + (a,))
    collect(())
    infosets = [(i, h) for h in histories for i in range(len(game.hands[p]))]
    choices = [game.actions(h) for _, h in infosets]
    best = -2.0
    for pick in itertools.product(*choices):
        mine = dict(zip(infosets, pick))
        total = 0.0
        for i, (_, wi) in enumerate(game.hands[p]):
            for j, (_, wj) in enumerate(game.hands[1 - p]):
                total += wi * wj * play(game, p, mine, policy, i, j, ())
        best = max(best, total)
    return best


def play(game, p, mine, policy, i, j, h):
    mover = len(h) % 2
    if mover == p:
        moves = {mine[(i, h)]: 1.0}
    else:
        row = policy(h)[j]
        moves = {a: row[k] for k, a in enumerate(game.actions(h)) if row[k]}
    out = 0.0
    for a, prob in moves.items():
        if a == endgame.CALL:
            first, second = (i, j) if p == 0 else (j, i)
            held = second in game.T[h[-1]][0][first]
            bidder = 1 - mover
            out += prob * (1 if held == (bidder == p) else -1)
        else:
            out += prob * play(game, p, mine, policy, i, j, h + (a,))
    return out


def test_best_response_matches_brute_force_on_the_tiny_game():
    game = tiny_game()
    game.iterate(7)  # a strategy that is not yet the equilibrium, mixed here and there
    for p in (0, 1):
        assert game.best_response(p, game.policy) == pytest.approx(
            brute_best_response(game, p, game.policy), abs=1e-12)


def test_the_tiny_game_solves_and_nobody_gains_by_deviating():
    game = tiny_game()
    lower, upper = game.solve(gap=1e-3, step=200)
    assert upper - lower <= 1e-3
    assert brute_best_response(game, 0, game.policy) <= upper + 1e-9
    assert -brute_best_response(game, 1, game.policy) >= lower - 1e-9


@pytest.mark.parametrize("rules", endgame.covered_rules(), ids=lambda r: endgame.table_key(1, 1, r))
def test_the_shipped_table_is_exploitable_by_at_most_a_thousandth(rules):
    game = endgame.snyd_game(1, 1, rules)
    table = endgame.table_policy(game, endgame._table(endgame.table_key(1, 1, rules)))
    v = endgame.value(1, 1, rules)
    assert game.best_response(0, table) - v <= 1e-3  # the table plays second
    assert game.best_response(1, table) + v <= 1e-3  # the table plays first
    assert game.best_response(0, table) - v >= -1e-6  # and nobody gets less than the value


# --- the build ---------------------------------------------------------------------------------

def test_the_committed_table_is_what_the_build_writes():
    game = endgame.snyd_game(1, 1, S15)
    lower, upper = game.solve()
    assert endgame._tables()["values"]["1v1"] == (lower, upper, game.iterations)
    assert endgame._tables()["tables"]["1v1"].strip("\n") == "\n".join(endgame.table_lines(game))


def test_tables_fit_in_200_kb_brotli():
    data = (ROOT / "engine" / "snyd" / "endgame_data.py").read_bytes()
    assert len(brotli.compress(data)) <= 200_000


def test_the_tables_are_read_only_when_lis_sits_in_a_covered_endgame():
    code = (
        "import sys\n"
        "from engine.snyd.table import Table\n"
        "from engine.snyd.rules import Rules\n"
        "from engine.snyd.bots import regular\n"
        "t = Table(['Lis', 'Mette'], Rules(dice_per_player=1, hidden_count=True), first='Lis')\n"
        "t.deal([[3], [5]])\n"
        "regular('Lis', seed=1).decide(t.view('Lis'))\n"
        "print('engine.snyd.endgame_data' in sys.modules)\n"
        "t = Table(['Lis', 'Mette'], Rules(dice_per_player=1, jokers=False), first='Lis')\n"
        "t.deal([[3], [5]]); regular('Lis', seed=1).decide(t.view('Lis'))\n"
        "print('engine.snyd.endgame_data' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "True"]


# --- the API ------------------------------------------------------------------------------------

def s15_table(hands, first="A"):
    t = Table(["A", "B"], S15.with_(dice_per_player=1), first=first)
    t.deal(hands)
    return t


def test_strategy_is_a_distribution_over_legal_moves():
    for a, b in itertools.product(range(1, 7), repeat=2):
        t = s15_table([[a], [b]])
        mix = endgame.strategy(t.view("A"))
        assert mix and abs(sum(mix.values()) - 1) < 1e-9
        for key in mix:
            assert key[0] == "bid"
        t.act("A", endgame.to_action(max(mix, key=mix.get)))
        answer = endgame.strategy(t.view("B"))
        assert answer and abs(sum(answer.values()) - 1) < 1e-9
        for key in answer:
            t2 = s15_table([[a], [b]])
            t2.act("A", endgame.to_action(max(mix, key=mix.get)))
            t2.act("B", endgame.to_action(key))  # legal, or act would raise


def test_a_sure_call_and_the_first_moves_agree_with_the_table():
    t = s15_table([[3], [5]])
    t.bid("A", endgame.Bid(2, 6))  # two sixes: B's five shows it cannot hold
    assert endgame.strategy(t.view("B")) == {("call",): 1.0}


def test_strategy_is_none_where_not_covered():
    for rules in (Rules(of_a_kind=True, present=True), S15.with_(hidden_count=True)):
        t = Table(["A", "B"], rules.with_(dice_per_player=1), first="A")  # not covered
        t.deal([[3], [5]])
        assert endgame.strategy(t.view("A")) is None
    t = Table(["A", "B"], Rules(dice_per_player=2), first="A")  # jokers: 1v1 only
    t.deal([[3, 4], [5, 1]])
    assert endgame.strategy(t.view("A")) is None
    t = Table(["A", "B", "C"], S15.with_(dice_per_player=1), first="A")  # three seats
    t.deal([[3], [5], [2]])
    assert endgame.strategy(t.view("A")) is None
    t = s15_table([[3], [5]])
    assert endgame.strategy(t.view("B")) is None  # not B's turn
    t = Table(["A", "B"], S15.with_(dice_per_player=3), first="A")  # 3v3
    t.deal([[3, 4, 1], [5, 6, 2]])
    assert endgame.strategy(t.view("A")) is None
    t = table_at((3, 1), S15, [[3, 4, 1], [5]])  # 3v1
    assert endgame.strategy(t.view("Første")) is None


def test_bad_input_is_a_clear_error():
    with pytest.raises(IllegalAction, match="not covered"):
        endgame.value(2, 1, Rules())  # the standard rules: 1v1 only
    with pytest.raises(IllegalAction, match="not covered"):
        endgame.value(1, 1, Rules(of_a_kind=True, present=True))  # jokers, En slags, Til stede
    with pytest.raises(IllegalAction, match="not covered"):
        endgame.value(2, 1, S15.with_(of_a_kind=True))  # En slags: 1v1 only
    with pytest.raises(IllegalAction, match="not covered"):
        endgame.value(3, 3, S15)
    with pytest.raises(IllegalAction, match="not covered"):
        endgame.value(2, 3, S15)
    with pytest.raises(IllegalAction, match="1–6"):
        endgame.value(0, 1, S15)
    with pytest.raises(IllegalAction, match="1–6"):
        endgame.value(True, 1, S15)
    with pytest.raises(IllegalAction, match="Rules"):
        endgame.value(1, 1, {"jokers": False})
    with pytest.raises(IllegalAction):
        endgame.strategy({"game": "snyd"})
    with pytest.raises(IllegalAction):
        endgame.strategy("view")
    with pytest.raises(IllegalAction, match="mode"):
        endgame.published_game(1, 1, "trapper")


def test_lis_draws_her_move_from_the_table_and_the_others_do_not():
    seen = set()
    for seed in range(60):
        t = s15_table([[3], [5]], first="A")
        lis = regular("Lis", seed=seed)
        action = lis.decide(t.view("A"))
        mix = endgame.strategy(t.view("A"))
        key = ("call",) if action["type"] == "call" else ("bid", action["quantity"], action["face"])
        assert mix[key] > 0
        seen.add(key)
    assert len(seen) >= 2  # a mixed opening: she samples, she does not take the likeliest
    for seed in range(20):  # elsewhere (not covered) she plays exactly as before
        t = Table(["A", "B"], Rules(dice_per_player=1, of_a_kind=True, present=True), first="A")
        t.deal([[seed % 6 + 1], [4]])
        new, old = regular("Lis", seed=seed), regular("Lis", seed=seed)
        old.endgame = False
        assert new.decide(t.view("A")) == old.decide(t.view("A"))


# --- the larger endgames: 2v1, 1v2, 2v2 (the exact LP's tables, engine/snyd/endgame_lp.py) -------

LARGER = [(2, 1), (1, 2), (2, 2)]


@pytest.mark.parametrize("dice", LARGER, ids=lambda d: f"{d[0]}v{d[1]}")
def test_a_larger_endgame_is_covered_with_and_without_til_stede_as_one_game(dice):
    assert endgame.covered(*dice, S15) and endgame.covered(*dice, S15.with_(present=True))
    assert not endgame.covered(*dice, Rules())  # jokers
    plain, present = endgame.snyd_game(*dice, S15), endgame.snyd_game(*dice, S15.with_(present=True))
    assert plain.ladder == present.ladder and plain.T == present.T  # the same game
    assert endgame.value(*dice, S15) == endgame.value(*dice, S15.with_(present=True))


@pytest.mark.parametrize("dice", LARGER, ids=lambda d: f"{d[0]}v{d[1]}")
def test_the_larger_values_are_pinned_by_both_best_responses(dice):
    lower, upper, rounds = endgame._tables()["values"][endgame.table_key(*dice, S15)]
    assert upper - lower <= 1e-8 and rounds >= 1  # the LP's solution: exact to HiGHS' tolerance
    assert lower <= endgame.value(*dice, S15) <= upper


def test_the_larger_values_are_the_exact_fractions():
    # 1v2 is -22/81 exactly (the LP's value to 1e-15); the first bidder with more dice gains
    assert abs(endgame.value(1, 2, S15) - (-22 / 81)) <= 1e-9
    assert 0.28 > endgame.value(2, 1, S15) > -endgame.value(1, 2, S15) > 0.27
    assert abs(endgame.value(2, 2, S15)) < 0.02


@pytest.mark.parametrize("dice", LARGER, ids=lambda d: f"{d[0]}v{d[1]}")
def test_the_shipped_larger_table_is_exploitable_by_at_most_a_thousandth(dice):
    # exact best responses over the whole tree (every raise), pure Python, to the shipped table
    game = endgame.snyd_game(*dice, S15)
    table = endgame.table_policy(game, endgame._table(endgame.table_key(*dice, S15)))
    v = endgame.value(*dice, S15)
    as_second = game.best_response(0, table)
    as_first = game.best_response(1, table)
    assert as_second - v <= 1e-3  # the table plays second
    assert as_first + v <= 1e-3  # the table plays first
    assert as_second - v >= -1e-6 and as_first + v >= -1e-6  # nobody gets less than the value


def play_out(dice, hands, seed):
    """A heads-up round from the table's mixed moves on both sides, every move acted on a real
    table (act raises on an illegal one); returns the moves' mixes seen."""
    from random import Random
    rng = Random(seed)
    t = table_at(dice, S15, hands)
    seen = []
    while t.phase == "bidding":
        who = t.turn
        mix = endgame.strategy(t.view(who))
        assert mix is not None, (dice, hands, t.bids)
        assert abs(sum(mix.values()) - 1) < 1e-9 and all(p > 0 for p in mix.values())
        seen.append(mix)
        t.act(who, endgame.choose(t.view(who), rng))
    return seen


@pytest.mark.parametrize("dice", LARGER, ids=lambda d: f"{d[0]}v{d[1]}")
def test_the_larger_tables_answer_every_position_of_their_own_play(dice):
    from random import Random
    rng = Random(22)
    for k in range(60):
        hands = [sorted(rng.randint(1, 6) for _ in range(n)) for n in dice]
        assert play_out(dice, hands, k)


def test_lis_plays_the_2v1_table():
    seen = set()
    for seed in range(60):
        t = table_at((2, 1), S15, [[2, 6], [6]])
        mix = endgame.strategy(t.view(SEATS[0]))
        action = regular("Lis", seed=seed).decide(t.view(SEATS[0]))
        key = ("call",) if action["type"] == "call" else ("bid", action["quantity"], action["face"])
        assert mix[key] > 0
        seen.add(key)
        t.act(SEATS[0], action)
        answer = regular("Lis", seed=seed).decide(t.view(SEATS[1]))
        mix = endgame.strategy(t.view(SEATS[1]))
        assert mix is not None
        key = ("call",) if answer["type"] == "call" else ("bid", answer["quantity"], answer["face"])
        assert mix[key] > 0
    assert seen


def test_playing_and_checking_the_tables_never_imports_the_builds_lp():
    # SciPy/numpy are the build's extra only (engine/snyd/endgame_lp.py): not in the app
    code = (
        "import sys\n"
        "from engine.snyd import endgame, endgame_regulars\n"
        "from engine.snyd.bots import regular\n"
        "from engine.snyd.rules import Rules\n"
        "t = endgame_regulars.table_at((2, 2), Rules(jokers=False), [[1, 6], [3, 3]])\n"
        "regular('Lis', seed=1).decide(t.view('Første'))\n"
        "endgame.value(2, 1, Rules(jokers=False))\n"
        "print(sorted(m for m in ('scipy', 'numpy', 'engine.snyd.endgame_lp') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "[]"
    lp = (ROOT / "engine" / "snyd" / "endgame_lp.py").read_text()
    assert "from scipy" in lp  # the checker would see it if it were imported
    import ast
    tree = ast.parse((ROOT / "engine" / "snyd" / "endgame.py").read_text())
    top = {n.module for n in tree.body if isinstance(n, ast.ImportFrom)}
    top |= {a.name for n in tree.body if isinstance(n, ast.Import) for a in n.names}
    assert "engine.snyd.endgame_lp" not in top and not any("scipy" in m for m in top)
    inner = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert "engine.snyd.endgame_lp" in inner  # imported inside build() only
