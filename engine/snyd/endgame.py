"""Heads-up Snyd endgames at equilibrium (issue 22; docs/regulars.md, "Lis in the endgame").

Two players, ``first_dice`` and ``second_dice`` dice; the first bids, they take turns raising or
calling (*Løft*), and the round ends at the call (S5–S7, S20–S21).  The round is a two-player
zero-sum game of imperfect information: +1 to the round's winner, −1 to its loser (with one die
each the round is the game, S22–S26).

How it is solved.  1v1: CFR+ (Tammelin 2014) on the *public* tree — a node is the bid history,
each node holds a regret row per private hand (multisets, weighted by their chance) — with
alternating updates and quadratic averaging, in pure Python.  Two exact reductions keep the
tree small: a hand facing a bid that cannot hold whatever the other cup holds calls (that wins
surely, a dominant move), and regret matching with no positive regret plays a fixed default
move instead of the uniform one (any choice keeps the regret bound), so subtrees nobody has a
reason to enter are never built.  2v1, 1v2 and 2v2: CFR+ converged too slowly (2v1: the gap
still 0.03 after 200 iterations), so the build solves them exactly, as the sequence-form LP
(Koller–Megiddo) by HiGHS inside a double oracle over the public tree
(``engine/snyd/endgame_lp.py``: numpy and SciPy, a build-only extra; neither the app nor the
tests import it).  The precision is *stated and checked*, not assumed: ``Game.bounds``
computes both players' exact best responses to a strategy over the whole game tree (every
raise the other side may make), which pins the value between them; the build stops when that
gap is under ``GAP`` (1v1) or ``endgame_lp.GAP`` (the LP's).

Covered (``covered``): the endgames in ``COVERED`` (1v1, 2v1, 1v2, 2v2) under *Ettere uden
jokere* (S15), with or without *Til stede* (S16: without jokers a count of one or more is a
face shown, so the same game — the build checks it: the same ladder and the same ``holds``
for every pair of hands and bid); *Trapper* (S13) and *Klassisk løft* (S23) do not change the
round.  And the standard rules' 1v1 (``COVERED_JOKERS``: jokers and the lone 1, S10/S12; the
same with *Trapper*, so *Turnering* too): a 20-bid ladder, 2^20 histories, too many for this
module's CFR and for the LP double oracle (its bounds stayed ~0.1 apart), so CFR+ runs over the
whole tree in numpy arrays (``engine/snyd/endgame_cfr.py``) to find the moves that matter, and
for each seat the exact LP over every history it reaches with those moves, the other seat
free, proves its guarantee (``endgame_lp.guarantee``): the two meet at 0, thomasahle/snyd's
published *stairs* value.  The same build solves it with *Til stede* (its own game: a lone 1
shows no face; −1/18).  And *En slags* (S17) 1v1 without jokers (``COVERED_SLAGS``; the same
game with *Til stede*), by the same build; and the *Slags* rule set's 1v1, jokers and *En
slags* (``COVERED_JOKERS_SLAGS``: 24 bids, 2^24 histories, CFR+ in float32; +14/537), without
*Til stede*.  Not covered: jokers with more dice (2v1 is 2^25 histories × 21 hands, past this
machine's memory in arrays); jokers, *En slags* and *Til stede* together (the same build would
take it, ~1 h 30 min; not run); *Skjult antal* (S43, another cap); three dice or more in a
cup.
docs/regulars.md has the values, the published checks (thomasahle/snyd, ``published_game``)
and the exploitability.

Pure Python, standard library only; the tables (endgame_data.py) are read on first use.
"""
from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial
from random import Random
from typing import Any

from engine.errors import IllegalAction, shown
from engine.snyd.bid import Bid, max_quantity, raises
from engine.snyd.counting import holds as snyd_holds
from engine.snyd.rules import Rules

CALL = -1
GAP = 5e-7  # the build's target: best-response gap (upper − lower bound on the value)
PER = 1000  # the tables' probabilities are whole thousandths
# (first_dice, second_dice): the endgames the tables hold under *Ettere uden jokere* (S15) ...
COVERED = ((1, 1), (2, 1), (1, 2), (2, 2))
# ... and over a whole tree (endgame_cfr.py): under the standard rules, jokers and the lone 1
# (S10, S12), with or without *Til stede*; and *En slags* (S17) without jokers
COVERED_JOKERS = ((1, 1),)
COVERED_SLAGS = ((1, 1),)
COVERED_JOKERS_SLAGS = ((1, 1),)  # the Slags rule set (jokers and En slags), without Til stede

Hand = tuple[int, ...]


def hands_of(n: int) -> list[tuple[Hand, float]]:
    """Every hand of n dice as a sorted multiset with its chance."""
    out = []
    for hand in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for face in set(hand):
            ways //= factorial(hand.count(face))
        out.append((hand, ways / 6 ** n))
    return out


class Game:
    """The public tree of one heads-up round: ``ladder`` the bids in rank order, ``holds(h1,
    h2, bid)`` whether a bid holds for the first bidder's hand h1 and the other's h2."""

    def __init__(self, ladder: Sequence[Any], hands1: list[tuple[Hand, float]],
                 hands2: list[tuple[Hand, float]],
                 holds: Callable[[Hand, Hand, Any], bool]) -> None:
        self.ladder = list(ladder)
        self.hands = (hands1, hands2)
        self.index = ({h: i for i, (h, _) in enumerate(hands1)},
                      {h: i for i, (h, _) in enumerate(hands2)})
        self.prob = ([w for _, w in hands1], [w for _, w in hands2])
        self.n = len(self.ladder)
        self.T: list[tuple[list[list[int]], list[list[int]]]] = []   # who makes bid k hold
        self.chance: list[tuple[list[float], list[float]]] = []     # P(k holds | own hand)
        for bid in self.ladder:
            t1 = [[j for j, (h2, _) in enumerate(hands2) if holds(h1, h2, bid)]
                  for h1, _ in hands1]
            t2 = [[i for i, (h1, _) in enumerate(hands1) if holds(h1, h2, bid)]
                  for h2, _ in hands2]
            self.T.append((t1, t2))
            self.chance.append(([sum(self.prob[1][j] for j in x) for x in t1],
                                [sum(self.prob[0][i] for i in x) for x in t2]))
        self.nodes: dict[tuple[int, ...], list] = {}
        self.iterations = 0

    # --- nodes: [actions, allowed per hand, default per hand, regrets, average] ---------------

    def node(self, h: tuple[int, ...]) -> list:
        nd = self.nodes.get(h)
        if nd is None:
            nd = self.nodes[h] = self._make(h)
        return nd

    def actions(self, h: tuple[int, ...]) -> list[int]:
        return ([CALL] if h else []) + list(range(h[-1] + 1 if h else 0, self.n))

    def _make(self, h: tuple[int, ...]) -> list:
        mover = len(h) % 2
        actions = self.actions(h)
        masks, defaults = [], []
        for i in range(len(self.hands[mover])):
            if h and self.chance[h[-1]][mover][i] == 0:
                masks.append((0,))  # the bid cannot hold: calling wins surely
                defaults.append(0)
                continue
            masks.append(tuple(range(len(actions))))
            if h and self.chance[h[-1]][mover][i] < 1:
                defaults.append(0)  # default: call, unless the bid surely holds
            elif len(actions) > (1 if h else 0):
                first = 1 if h else 0  # else the raise likeliest to hold, lowest first
                defaults.append(max(range(first, len(actions)),
                                    key=lambda ai: (self.chance[actions[ai]][mover][i], -ai)))
            else:
                defaults.append(0)
        width = len(actions)
        return [actions, masks, defaults, [[0.0] * width for _ in masks],
                [[0.0] * width for _ in masks]]

    @staticmethod
    def _rows(nd: list, table: list[list[float]]) -> list[list[float]]:
        actions, masks, defaults = nd[0], nd[1], nd[2]
        out = []
        for i, allowed in enumerate(masks):
            r = table[i]
            s = sum(r[a] for a in allowed if r[a] > 0)
            row = [0.0] * len(actions)
            if s > 0:
                for a in allowed:
                    if r[a] > 0:
                        row[a] = r[a] / s
            else:
                row[defaults[i]] = 1.0
            out.append(row)
        return out

    def current(self, nd: list) -> list[list[float]]:
        return self._rows(nd, nd[3])

    def average(self, nd: list) -> list[list[float]]:
        return self._rows(nd, nd[4])

    # --- CFR+ --------------------------------------------------------------------------------

    def terminal(self, k: int, p: int, bidder: int, ro: list[float]) -> list[float]:
        """Player p's value per own hand when bid k (made by ``bidder``) is called, the other's
        hands weighted by ``ro`` (their reach times chance)."""
        total = sum(ro)
        sign = 1 if bidder == p else -1
        return [sign * (2 * sum(ro[j] for j in tj) - total) for tj in self.T[k][p]]

    def _walk(self, h: tuple[int, ...], p: int, rp: list[float], ro: list[float],
              w: float) -> list[float]:
        nd = self.node(h)
        actions = nd[0]
        last = h[-1] if h else -1
        if len(h) % 2 == p:
            strat = self.current(nd)
            nh = len(rp)
            zero = [0.0] * nh
            live = sorted(set().union(*nd[1]))
            vals: list[list[float]] = [zero] * len(actions)
            for ai in live:
                a = actions[ai]
                if a == CALL:
                    vals[ai] = self.terminal(last, p, 1 - p, ro)
                else:
                    vals[ai] = self._walk(h + (a,), p, [rp[i] * strat[i][ai] for i in range(nh)],
                                          ro, w)
            node_v = [sum(strat[i][ai] * vals[ai][i] for ai in live) for i in range(nh)]
            for i in range(nh):
                r, nv = nd[3][i], node_v[i]
                for ai in nd[1][i]:
                    x = r[ai] + vals[ai][i] - nv
                    r[ai] = x if x > 0 else 0.0
                if rp[i] > 0:
                    avg, si, wi = nd[4][i], strat[i], w * rp[i]
                    for ai in nd[1][i]:
                        if si[ai]:
                            avg[ai] += wi * si[ai]
            return node_v
        return self._follow(h, nd, self.current(nd), p, ro,
                            lambda h2, ro2: self._walk(h2, p, rp, ro2, w))

    def _follow(self, h: tuple[int, ...], nd: list, strat: list[list[float]], p: int,
                ro: list[float], down: Callable[[tuple[int, ...], list[float]], list[float]]
                ) -> list[float]:
        """At the other's node: the sum over the moves it makes (with positive chance)."""
        out = [0.0] * len(self.hands[p])
        for ai, a in enumerate(nd[0]):
            ro2 = [ro[j] * strat[j][ai] for j in range(len(ro))]
            if not any(ro2):
                continue
            v = self.terminal(h[-1], p, p, ro2) if a == CALL else down(h + (a,), ro2)
            for i, x in enumerate(v):
                out[i] += x
        return out

    def iterate(self, rounds: int) -> None:
        for _ in range(rounds):
            self.iterations += 1
            t = self.iterations
            for p in (0, 1):
                self._walk((), p, [1.0] * len(self.hands[p]), list(self.prob[1 - p]), t * t)

    # --- best responses ----------------------------------------------------------------------

    def best_response(self, p: int, policy: Callable[[tuple[int, ...]], list[list[float]]]
                      ) -> float:
        """Player p's expected score (+1/−1) playing a best response to the other seat's
        ``policy`` (history → a row of action probabilities per hand), over every raise."""
        def br(h: tuple[int, ...], ro: list[float]) -> list[float]:
            if len(h) % 2 == p:
                best: list[float] | None = None
                for a in self.actions(h):
                    v = self.terminal(h[-1], p, 1 - p, ro) if a == CALL else br(h + (a,), ro)
                    best = v if best is None else [max(x, y) for x, y in zip(best, v)]
                assert best is not None
                return best
            return self._follow(h, [self.actions(h)], policy(h), p, ro, br)

        values = br((), list(self.prob[1 - p]))
        return sum(q * v for q, v in zip(self.prob[p], values))

    def policy(self, h: tuple[int, ...]) -> list[list[float]]:
        """The average strategy at h (the solution)."""
        return self.average(self.node(h))

    def bounds(self, policy: Callable | None = None) -> tuple[float, float]:
        """(lower, upper): what the first bidder guarantees with ``policy`` (default: the
        average strategy), and what the other guarantees to hold the first bidder to."""
        policy = policy or self.policy
        upper = self.best_response(0, policy)
        lower = -self.best_response(1, policy)
        return lower, upper

    def solve(self, gap: float = GAP, most: int = 20000, step: int = 250,
              log: Callable[[str], None] | None = None) -> tuple[float, float]:
        lo, up = self.bounds()
        while up - lo > gap and self.iterations < most:
            self.iterate(step)
            lo, up = self.bounds()
            if log:
                log(f"  {self.iterations} iterations, {len(self.nodes)} nodes, "
                    f"value in [{lo:.8f}, {up:.8f}]")
        return lo, up


# --- the games: Snyd's rules, and thomasahle/snyd's ------------------------------------------

def check_dice(first_dice: Any, second_dice: Any) -> tuple[int, int]:
    for n in (first_dice, second_dice):
        if type(n) is not int or not 1 <= n <= 6:
            raise IllegalAction(f"Antal terninger skal være 1–6, ikke {shown(n)} "
                                "(dice in a cup must be a whole number 1–6)")
    return first_dice, second_dice


def check_rules(rules: Any) -> Rules:
    if not isinstance(rules, Rules):
        raise IllegalAction(f"rules skal være en Rules, ikke {shown(rules)} (rules must be a Rules)")
    return rules


def snyd_game(first_dice: int, second_dice: int, rules: Rules) -> Game:
    """The heads-up round under Snyd's own rules (engine/snyd/counting.py, bid.py, S18 cap)."""
    check_dice(first_dice, second_dice)
    rules = check_rules(rules)
    cap = max_quantity([first_dice, second_dice], rules)
    ladder = raises(None, rules, cap)

    def holds(h1: Hand, h2: Hand, bid: Bid) -> bool:
        return snyd_holds([list(h1), list(h2)], bid, rules)

    return Game(ladder, hands_of(first_dice), hands_of(second_dice), holds)


PUBLISHED_MODES = ("normal", "joker", "stairs")


def published_game(first_dice: int, second_dice: int, mode: str) -> Game:
    """thomasahle/snyd's game (snyd_or.py): ordered rolls; bids (count, side) in lexicographic
    order; *normal*: sides 1–6, counts 1…dice; *joker*: sides 2–6, a 1 counts as the side;
    *stairs*: as joker, counts up to twice the dice, and a roll 1, 2, …, k (in that order)
    counts as k+1 of the side."""
    check_dice(first_dice, second_dice)
    if mode not in PUBLISHED_MODES:
        raise IllegalAction(f"Ukendt variant {shown(mode)} (mode must be one of "
                            f"{', '.join(PUBLISHED_MODES)})")
    total = first_dice + second_dice
    sides = range(1, 7) if mode == "normal" else range(2, 7)
    top = 2 * total if mode == "stairs" else total
    ladder = [(count, side) for count in range(1, top + 1) for side in sides]

    def seen(roll: Hand, side: int) -> Hand:
        if mode == "stairs" and roll == tuple(range(1, len(roll) + 1)):
            return (side,) * (len(roll) + 1)
        if mode == "normal":
            return roll
        return tuple(side if d == 1 else d for d in roll)

    def holds(h1: Hand, h2: Hand, bid: tuple[int, int]) -> bool:
        count, side = bid
        return (seen(h1, side) + seen(h2, side)).count(side) >= count

    def rolls(n: int) -> list[tuple[Hand, float]]:
        return [(roll, 1 / 6 ** n) for roll in product(range(1, 7), repeat=n)]

    return Game(ladder, rolls(first_dice), rolls(second_dice), holds)


# --- what the tables cover ----------------------------------------------------------------

def table_key(first_dice: int, second_dice: int, rules: Rules) -> str:
    """The name of the table for this endgame: dice, then the switches that change the round."""
    return (f"{first_dice}v{second_dice}" + ("-jokere" if rules.jokers else "")
            + ("-slags" if rules.of_a_kind else "") + ("-tilstede" if rules.present else ""))


def covered(first_dice: Any, second_dice: Any, rules: Any) -> bool:
    """Whether the tables hold this endgame (see the module's docstring)."""
    check_dice(first_dice, second_dice)
    rules = check_rules(rules)
    # Skjult antal is not in the key (the round's game is, the switches that change it)
    return not rules.hidden_count and table_key(first_dice, second_dice, rules) in _covered_keys()


@cache
def _covered_keys() -> frozenset[str]:
    """The keys of every table: covered_endgames is the one list of what is covered."""
    return frozenset(table_key(*dice, rules) for dice, rules in covered_endgames())


def covered_rules() -> list[Rules]:
    """One Rules per covered mix of switches without jokers (the others do not change the
    round)."""
    base = Rules(jokers=False)
    return [base, base.with_(present=True)]


def covered_endgames() -> list[tuple[tuple[int, int], Rules]]:
    """Every table: (dice, one Rules of its mix of switches), in the build's order."""
    out = [(dice, rules) for dice in COVERED for rules in covered_rules()]
    out += [(dice, rules.with_(of_a_kind=True)) for dice in COVERED_SLAGS
            for rules in covered_rules()]
    out += [(dice, rules) for dice in COVERED_JOKERS for rules in (Rules(), Rules(present=True))]
    return out + [(dice, Rules(of_a_kind=True)) for dice in COVERED_JOKERS_SLAGS]


def _need_covered(first_dice: Any, second_dice: Any, rules: Any) -> str:
    if not covered(first_dice, second_dice, rules):
        raise IllegalAction(
            f"Slutspillet {shown(first_dice)} mod {shown(second_dice)} under disse regler er "
            "ikke regnet ud (this endgame is not covered: 1v1, 2v1, 1v2 and 2v2 under Ettere "
            "uden jokere; 1v1 with jokers; 1v1 with En slags, with jokers only without Til "
            "stede; never Skjult antal; engine/snyd/endgame.py)")
    return table_key(first_dice, second_dice, rules)


# --- the tables (endgame_data.py) --------------------------------------------------------------

_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _code(h: tuple[int, ...]) -> str:
    return "".join(_DIGITS[a] for a in h) or "^"


def _decode(s: str) -> tuple[int, ...]:
    return () if s == "^" else tuple(_DIGITS.index(c) for c in s)


def quantized(row: Sequence[float]) -> list[int]:
    """A probability row as whole thousandths summing to PER (largest remainders)."""
    raw = [p * PER for p in row]
    out = [int(x) for x in raw]
    for i in sorted(range(len(raw)), key=lambda i: out[i] - raw[i])[:PER - sum(out)]:
        out[i] += 1
    return out


def table_lines(game: Game) -> list[str]:
    """The compact table of a solved game: for either seat as the table's player, every node
    it can reach playing the (quantized) solution against any play of the other seat; per node
    and per own hand that can be there, the moves with their thousandths.

    A line: ``history hand:moves hand:moves …`` — history as ladder indices in base 62 ("^" the
    opening), a hand by its index in ``game.hands``, moves ``m=p`` joined by ",", ``m`` "." for
    *Løft* or a ladder index; a hand whose only move is a sure *Løft* (S7, the bid cannot hold)
    is left out, as are hands that cannot be there."""
    rows: dict[tuple[int, ...], list[str]] = {}

    def walk(h: tuple[int, ...], me: int, reach: list[bool]) -> None:
        actions = game.actions(h)
        if len(h) % 2 != me:
            for a in actions[1 if h else 0:]:
                walk(h + (a,), me, reach)
            return
        strat = game.policy(h)
        parts = []
        follow: dict[int, list[bool]] = {}
        for i, ok in enumerate(reach):
            if not ok or (h and game.chance[h[-1]][me][i] == 0):
                continue
            q = quantized(strat[i])
            parts.append(f"{i}:" + ",".join(
                f"{'.' if actions[ai] == CALL else _DIGITS[actions[ai]]}={q[ai]}"
                for ai in range(len(actions)) if q[ai]))
            for ai, x in enumerate(q):
                if x and actions[ai] != CALL:
                    follow.setdefault(actions[ai], [False] * len(reach))[i] = True
        if parts:
            rows[h] = parts
        for a, r in sorted(follow.items()):
            walk(h + (a,), me, r)

    for me in (0, 1):
        walk((), me, [True] * len(game.hands[me]))
    return [f"{_code(h)} " + " ".join(parts) for h, parts in sorted(rows.items())]


def read_table(text: str) -> dict[tuple[int, ...], dict[int, dict[int, int]]]:
    """``table_lines`` read back: history → own hand index → {move: thousandths}."""
    out: dict[tuple[int, ...], dict[int, dict[int, int]]] = {}
    for line in text.split("\n"):
        if not line.strip():
            continue
        head, *parts = line.split(" ")
        hands = {}
        for part in parts:
            i, moves = part.split(":")
            hands[int(i)] = {CALL if m == "." else _DIGITS.index(m): int(p)
                             for m, p in (x.split("=") for x in moves.split(","))}
        out[_decode(head)] = hands
    return out


@cache
def _tables() -> dict[str, Any]:
    from engine.snyd.endgame_data import TABLES, VALUES
    return {"values": VALUES, "tables": TABLES}


@cache
def _table(key: str) -> dict[tuple[int, ...], dict[int, dict[int, int]]]:
    return read_table(_tables()["tables"][key])


@cache
def _shape(first_dice: int, second_dice: int, rules: Rules) -> Game:
    """The game's ladder and hands (unsolved: no node is built)."""
    return snyd_game(first_dice, second_dice, rules)


def table_policy(game: Game, table: dict) -> Callable[[tuple[int, ...]], list[list[float]]]:
    """A table as a policy for ``Game.best_response``: its rows, a sure *Løft* where the bid
    cannot hold, and *Løft* (or the lowest bid) where the table has no row for a hand."""
    def policy(h: tuple[int, ...]) -> list[list[float]]:
        actions = game.actions(h)
        rows = table.get(h, {})
        out = []
        for i in range(len(game.hands[len(h) % 2])):
            row = [0.0] * len(actions)
            moves = rows.get(i)
            if moves:
                for m, p in moves.items():
                    row[actions.index(m)] = p / PER
            else:
                row[0] = 1.0
            out.append(row)
        return out
    return policy


# --- the API -----------------------------------------------------------------------------------

def value(first_dice: int, second_dice: int, rules: Rules) -> float:
    """The first bidder's expected score (+1 win, −1 loss) of the heads-up round at equilibrium,
    before the deal: a float within 1e-6 (the midpoint of the build's best-response bounds,
    ``bounds``, which are less than GAP apart for 1v1's CFR+ and 1e-9 for the LPs', where they
    meet to ~1e-15).  IllegalAction (a ValueError) for an endgame not covered."""
    lower, upper = bounds(first_dice, second_dice, rules)
    return (lower + upper) / 2


def bounds(first_dice: int, second_dice: int, rules: Rules) -> tuple[float, float]:
    """(lower, upper): the build's proof of where the value lies (both best responses)."""
    key = _need_covered(first_dice, second_dice, rules)
    lower, upper = _tables()["values"][key][:2]
    return lower, upper


def history_of(view: dict[str, Any], rules: Rules, game: Game) -> tuple[int, ...] | None:
    """The round's bids as ladder indices, or None if one is not on the ladder."""
    out = []
    for b in view["bids"]:
        bid = Bid(b["quantity"], b["face"])
        if bid not in game.ladder:
            return None
        out.append(game.ladder.index(bid))
    return tuple(out)


def endgame_of(view: Any) -> tuple[Game, str, int, tuple[int, ...], int] | None:
    """(game, table key, seat 0/1, history, own hand index) for a view of a covered heads-up
    endgame where it is ``me``'s turn and ``me`` sees their dice; else None."""
    from engine.snyd.view import read_view
    read_view(view)
    rules = Rules.from_dict(view["rules"])
    me, in_play = view["me"], view["in_play"]
    if (len(in_play) != 2 or me not in in_play or view["turn"] != me or view["phase"] != "bidding"
            or view.get("my_dice") is None or "dice_left" not in view):
        return None
    other = in_play[0] if in_play[1] == me else in_play[1]
    bids = view["bids"]
    first = bids[0]["player"] if bids else me
    if first not in in_play:
        return None
    second = other if first == me else me
    counts = view["dice_left"][first], view["dice_left"][second]
    if not covered(*counts, rules):
        return None
    if any(b["player"] != (first if k % 2 == 0 else second) for k, b in enumerate(bids)):
        return None  # not a heads-up round's alternation
    game = _shape(counts[0], counts[1], rules)
    h = history_of(view, rules, game)
    seat = 0 if first == me else 1
    hand = tuple(sorted(view["my_dice"]))
    if h is None or hand not in game.index[seat]:
        return None
    return game, table_key(*counts, rules), seat, h, game.index[seat][hand]


def action_of(game: Game, move: int) -> tuple:
    """A move as the strategy's hashable key: ("call",) or ("bid", quantity, face)."""
    if move == CALL:
        return ("call",)
    bid = game.ladder[move]
    return ("bid", bid.quantity, bid.face)


def to_action(key: tuple) -> dict[str, Any]:
    """A strategy key as the action dict ``Table.act`` takes."""
    if key == ("call",):
        return {"type": "call"}
    return {"type": "bid", "quantity": key[1], "face": key[2]}


def strategy(view: dict[str, Any]) -> dict[tuple, float] | None:
    """The equilibrium's mixed move for ``view`` (docs/views.md) as {key: probability}: keys
    ``("call",)`` and ``("bid", quantity, face)`` (``to_action`` makes the ``Table.act`` dict;
    dicts are not hashable).  None when the view is not a covered heads-up endgame with ``me``
    to act and seeing their dice, or the round left the table (a history the table's player
    would not have played).  A malformed view is an IllegalAction (a ValueError)."""
    found = endgame_of(view)
    if found is None:
        return None
    game, key, seat, h, hand = found
    if h and game.chance[h[-1]][seat][hand] == 0:
        return {("call",): 1.0}  # the bid cannot hold: a sure win
    moves = _table(key).get(h, {}).get(hand)
    if moves is None:
        return None
    return {action_of(game, m): p / PER for m, p in moves.items()}


def choose(view: dict[str, Any], rng: Random) -> dict[str, Any] | None:
    """A move drawn from ``strategy(view)`` with ``rng`` (the regular's own), or None."""
    mix = strategy(view)
    if mix is None:
        return None
    x = rng.random()
    # a fixed order to draw in; *af en slags* (face None, S17) sorts before the faces of its count
    keys = sorted(mix, key=lambda k: tuple(0 if part is None else part for part in k))
    for k in keys:
        x -= mix[k]
        if x < 0:
            return to_action(k)
    return to_action(max(keys, key=lambda k: mix[k]))


# --- the build (python -m engine.snyd.endgame --build) ------------------------------------------

DATA_HEADER = '''"""Heads-up Snyd endgames at equilibrium, written by ``python -m engine.snyd.endgame --build``
(``make endgame``).  Generated: do not edit by hand; tests/engine/test_endgame.py checks it.

VALUES: table → (lower, upper, iterations): the first bidder's score is within [lower, upper]
(both players' exact best responses to the solution); iterations: CFR+'s (1v1; 1v1-jokere over
the whole tree, engine/snyd/endgame_cfr.py), else the double oracle's rounds
(engine/snyd/endgame_lp.py).  TABLES: table → the lines of
``engine.snyd.endgame.table_lines`` (its docstring has the format).
"""
'''


# 1v1 with jokers or En slags: CFR+ over the whole tree (endgame_cfr.py) for TREE_ITERATIONS, then
# for each seat the exact LP over the histories it reaches with the moves CFR+ plays at least a
# floor of the time, the other seat free (endgame_lp.guarantee); the first floor of TREE_FLOORS
# whose two guarantees meet within endgame_lp.GAP is the solution.
TREE_ITERATIONS = 200
TREE_FLOORS = (0.1, 0.05, 0.02, 0.01)


def build(log: Callable[[str], None] = print, only: set[str] | None = None) -> str:
    """The tables: 1v1 without jokers by CFR+ here (pure Python); 2v1, 1v2 and 2v2 by the exact
    sequence-form LP in a double oracle (engine/snyd/endgame_lp.py); 1v1 with jokers or *En
    slags* by CFR+ over the whole tree in numpy (engine/snyd/endgame_cfr.py; its state is kept
    in build/, so a second run resumes), then one exact LP per seat.  numpy and SciPy are the
    build's own extra.  Without jokers *Til stede* is the same game (checked: same ladder, same
    ``holds`` everywhere), so its tables are the same solution.  ``only``: rebuild these
    tables, keep the others as committed."""
    values: dict[str, tuple] = {}
    tables: dict[str, str] = {}
    if only is not None:  # the committed text, without the newlines the file wraps it in
        values = dict(_tables()["values"])
        tables = {k: text.strip("\n") for k, text in _tables()["tables"].items()}
    solved: list[tuple[tuple, str]] = []
    for (first_dice, second_dice), rules in covered_endgames():
        key = table_key(first_dice, second_dice, rules)
        if only is not None and key not in only:
            continue
        t0 = time.time()
        game = snyd_game(first_dice, second_dice, rules)
        same = next((k for sig, k in solved if sig == (game.ladder, game.T)), None)
        if same is not None:
            values[key], tables[key] = values[same], tables[same]
            log(f"{key}: the same game as {same}")
            continue
        log(f"{key}: {game.n} bids")
        if rules.jokers or rules.of_a_kind:
            values[key], tables[key] = _build_tree(game, key, log)
        elif (first_dice, second_dice) == (1, 1):
            lower, upper = game.solve(log=log)
            values[key] = (lower, upper, game.iterations)
            tables[key] = "\n".join(table_lines(game))
        else:
            from engine.snyd.endgame_lp import solve_game
            result = solve_game(game, log=log)
            values[key] = (*result.bounds, result.rounds)
            tables[key] = "\n".join(table_lines(game))
        solved.append(((game.ladder, game.T), key))
        lower, upper = values[key][:2]
        log(f"{key}: value in [{lower:.12f}, {upper:.12f}], {time.time() - t0:.0f} s")
    out = [DATA_HEADER, "VALUES = {"]
    out += [f"    {k!r}: ({lo!r}, {up!r}, {n}),"
            for k, (lo, up, n) in sorted(values.items())]
    out += ["}", "", "TABLES = {"]
    for k, text in sorted(tables.items()):
        out.append(f'    {k!r}: """\n{text}\n""",')
    out += ["}", ""]
    return "\n".join(out)


def _build_tree(game: Game, key: str, log: Callable[[str], None]) -> tuple[tuple, str]:
    """(value bounds and CFR+'s iterations, the table) of a game too big for the double oracle:
    CFR+ over the whole tree finds the moves, the one-sided LPs make them exact (in the
    build-only endgame_cfr.py: the app's trace must not meet its numpy)."""
    from pathlib import Path

    from engine.snyd.endgame_cfr import solve_exactly
    state = Path(__file__).resolve().parents[2] / "build" / f"endgame-{key}.npz"
    state.parent.mkdir(exist_ok=True)
    bounds = solve_exactly(game, TREE_ITERATIONS, TREE_FLOORS, str(state), log)
    return bounds, "\n".join(table_lines(game))


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


if __name__ == "__main__":
    # The command line (--build, --published, --exploitability) lives in endgame_cli.py: it
    # measures the regulars, who play by this module, so it stands above both: run it as the
    # program it is, not imported back into the solver.
    import runpy
    runpy.run_module("engine.snyd.endgame_cli", run_name="__main__")
