"""Exact odds for Snyd bids (S10–S18): the chance that a bid holds, seen from one seat.

Every unknown die is fair and independent. A face bid is exact: each other hand's contribution
(count, and whether it shows the face itself for *Til stede*) is a small exact distribution —
a multinomial over {joker, face, other} with the special hand (lone 1, 1+2, stairs) moved to its
special value — and the hands are convolved. "Af en slags" is exact too: the maximum over faces
is handled by conditioning on the number of jokers and counting multinomial outcomes with every
face below its threshold (a truncated exponential generating function); special hands enter by
inclusion–exclusion (random hand = any dice − the special pattern as plain dice + the special).

>>> round(chance({"quantity": 1, "face": 5}, [], [1], {"jokers": True}), 6)   # a lone 1 counts 2
0.333333

Input is checked at the two public functions (``chance``, ``chance_with_beliefs``): bad input
is an ``IllegalAction`` and no table has more than 8 cups of 6 dice, so no count runs away.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from math import comb, factorial, isfinite
from typing import Any

from engine.errors import IllegalAction, shown
from engine.snyd.bid import bid_of
from engine.snyd.checks import (
    MAX_DICE,
    MAX_PLAYERS,
    dice_counts_of,
    hand_of,
    is_list,
    rules_of,
    whole,
)

UNIFORM: tuple[float, ...] = (1 / 6,) * 6


def special_value(n: int, jokers: bool, stairs: bool) -> int:
    """What a special hand of n dice counts (S11–S13), or 0 if no special exists for n dice."""
    if not jokers or n < 1:
        return 0
    if n <= 2 or (stairs and n <= 6):
        return n + 1
    return 0


def hand_value(dice: Sequence[int], face: int, jokers: bool, stairs: bool) -> tuple[int, bool]:
    """(count, shows the face itself) of one known hand for a face bid (S10–S16)."""
    n = len(dice)
    if special_value(n, jokers, stairs) and sorted(dice) == list(range(1, n + 1)):
        return n + 1, False  # a special hand never makes the face present (S16)
    if not jokers:
        c = sum(1 for d in dice if d == face)
        return c, c > 0
    own_face = sum(1 for d in dice if d == face)
    return own_face + sum(1 for d in dice if d == 1), own_face > 0


# --- face bids -------------------------------------------------------------------------------

@lru_cache(maxsize=4096)
def _hand_dist(n: int, face: int, jokers: bool, stairs: bool,
               weights: tuple[float, ...]) -> dict[tuple[int, bool], float]:
    """Distribution of (count, face present) for a hand of n unknown dice with die weights."""
    w_face = weights[face - 1]
    w_joker = weights[0] if jokers and face != 1 else 0.0
    w_other = 1.0 - w_face - w_joker
    dist: dict[tuple[int, bool], float] = {}
    for a in range(n + 1):              # dice showing the face
        for b in range(n - a + 1):      # jokers
            r = n - a - b
            p = (factorial(n) / (factorial(a) * factorial(b) * factorial(r))
                 * w_face ** a * w_joker ** b * w_other ** r)
            key = (a + b, a > 0)
            dist[key] = dist.get(key, 0.0) + p
    value = special_value(n, jokers, stairs)
    if value:
        # The pattern 1..n: its probability, and how the plain count above had scored it.
        p_special = factorial(n)
        for v in range(1, n + 1):
            p_special *= weights[v - 1]
        plain = (1 + (1 if face <= n else 0), face <= n)
        dist[plain] -= p_special
        dist[(value, False)] = dist.get((value, False), 0.0) + p_special
    return dist


@lru_cache(maxsize=4096)
def _posterior_dist(face: int, jokers: bool, stairs: bool,
                    posterior: tuple[tuple[tuple[int, ...], float], ...]
                    ) -> dict[tuple[int, bool], float]:
    """Distribution of (count, face present) of a hand known only as (hand, probability) pairs."""
    dist: dict[tuple[int, bool], float] = {}
    for hand, p in posterior:
        key = hand_value(hand, face, jokers, stairs)
        dist[key] = dist.get(key, 0.0) + p
    return dist


def _belief_dist(n: int, belief: tuple, face: int, jokers: bool,
                 stairs: bool) -> dict[tuple[int, bool], float]:
    """A hand's distribution from a belief: die weights (floats) or a posterior over hands."""
    if belief and isinstance(belief[0], tuple):
        return _posterior_dist(face, jokers, stairs, belief)
    return _hand_dist(n, face, jokers, stairs, belief)


def _convolve(hands: Iterable[dict[tuple[int, bool], float]]) -> list[list[float]]:
    """Total over hands: table[present][count] = probability."""
    total = [[1.0], [0.0]]  # index 0: no die shows the face yet; 1: some die does
    for dist in hands:
        size = len(total[0]) + max(c for c, _ in dist)
        new = [[0.0] * size, [0.0] * size]
        for pres_before in (0, 1):
            row = total[pres_before]
            for (c, pres), p in dist.items():
                if p == 0.0:
                    continue
                target = new[1 if (pres_before or pres) else 0]
                for count, q in enumerate(row):
                    if q:
                        target[count + c] += q * p
        total = new
    return total


@lru_cache(maxsize=8192)
def _others_tail(hands: tuple[tuple[int, tuple[float, ...]], ...], face: int, jokers: bool,
                 stairs: bool) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Suffix sums of the others' total: (P(count >= k and present), P(count >= k, any))."""
    table = _convolve(_belief_dist(n, w, face, jokers, stairs) for n, w in hands if n > 0)
    size = len(table[0])
    present_tail = [0.0] * (size + 1)
    any_tail = [0.0] * (size + 1)
    for k in range(size - 1, -1, -1):
        present_tail[k] = present_tail[k + 1] + table[1][k]
        any_tail[k] = any_tail[k + 1] + table[0][k] + table[1][k]
    return tuple(present_tail), tuple(any_tail)


def _face_chance(quantity: int, face: int, own: Sequence[int],
                 hands: tuple[tuple[int, tuple[float, ...]], ...],
                 jokers: bool, stairs: bool, present: bool) -> float:
    if jokers and face == 1:
        raise IllegalAction("Man kan ikke byde på ettere, når de er jokere (ones are jokers: no bid on ones)")
    own_count, own_present = hand_value(own, face, jokers, stairs) if own else (0, False)
    present_tail, any_tail = _others_tail(hands, face, jokers, stairs)
    need = max(quantity - own_count, 0)
    tail = present_tail if (present and not own_present) else any_tail
    p = tail[need] if need < len(tail) else 0.0
    return min(max(p, 0.0), 1.0)


# --- "af en slags" ----------------------------------------------------------------------------

@cache
def _binom_pmf(m: int) -> tuple[float, ...]:
    return tuple(comb(m, j) * (1 / 6) ** j * (5 / 6) ** (m - j) for j in range(m + 1))


def _all_below(limits: Sequence[int], total: int, faces: int) -> float:
    """P(every face count < its limit) when `total` dice fall uniformly on `faces` faces."""
    if any(t <= 0 for t in limits):
        return 0.0
    if sum(t - 1 for t in limits) < total:
        return 0.0
    inv = 1.0 / faces
    # poly[k] = sum over ways to place k dice on the faces so far of prod (inv^n / n!)
    poly = [1.0] + [0.0] * total
    base = [inv ** k / factorial(k) for k in range(total + 1)]
    for t in limits:
        top = min(t - 1, total)
        new = [0.0] * (total + 1)
        for i, a in enumerate(poly):
            if a:
                for k in range(min(top, total - i) + 1):
                    new[i + k] += a * base[k]
        poly = new
    return poly[total] * factorial(total)


def _kind_fail(quantity: int, known: Sequence[int], shift: int, random_dice: int,
               jokers: bool, present: bool) -> float:
    """P(no face reaches `quantity`) with `known` plain dice, a flat `shift`, `random_dice` fair."""
    faces = range(2, 7) if jokers else range(1, 7)
    known_count = {f: sum(1 for d in known if d == f) for f in range(1, 7)}
    jokers_known = known_count[1] if jokers else 0
    fail = 0.0
    joker_dist = _binom_pmf(random_dice) if jokers else (1.0,)
    for j, pj in enumerate(joker_dist):
        if pj == 0.0:
            continue
        limits = []
        for f in faces:
            t = quantity - known_count[f] - jokers_known - shift - j
            if present and known_count[f] == 0:
                t = max(t, 1)  # a face nobody shows cannot be counted (S17 with S16)
            limits.append(t)
        rest = random_dice - j
        fail += pj * _all_below(limits, rest, len(limits))
    return fail


@lru_cache(maxsize=8192)
def _kind_chance(quantity: int, own: tuple[int, ...], others: tuple[int, ...], jokers: bool,
                 stairs: bool, present: bool) -> float:
    shift = 0
    known: tuple[int, ...] = ()
    own_special = special_value(len(own), jokers, stairs)
    if own_special and sorted(own) == list(range(1, len(own) + 1)):
        shift = own_special
    else:
        known = own
    # Group the other hands by size; only sizes with a special need the inclusion–exclusion.
    sizes: dict[int, int] = {}
    for n in others:
        if n > 0:
            sizes[n] = sizes.get(n, 0) + 1
    terms = [(1.0, 0, known, shift)]  # (weight, random dice, known plain dice, shift)
    for n, m in sizes.items():
        value = special_value(n, jokers, stairs)
        if not value:
            terms = [(w, r + n * m, k, s) for w, r, k, s in terms]
            continue
        p_special = factorial(n) / 6 ** n
        pattern = tuple(range(1, n + 1))
        new_terms = []
        for a in range(m + 1):            # hands left random
            for b in range(m - a + 1):    # hands fixed to the pattern, scored plain (subtracted)
                c = m - a - b             # hands scored as the special
                coef = (factorial(m) / (factorial(a) * factorial(b) * factorial(c))
                        * (-p_special) ** b * p_special ** c)
                for w, r, k, s in terms:
                    new_terms.append((w * coef, r + a * n, k + pattern * b, s + c * value))
        terms = new_terms
    fail = sum(w * _kind_fail(quantity, k, s, r, jokers, present) for w, r, k, s in terms)
    return min(max(1.0 - fail, 0.0), 1.0)


# --- public ------------------------------------------------------------------------------------

def chance(bid: Any, own: Sequence[int], others: Sequence[int], rules: Any) -> float:
    """The probability that `bid` holds, knowing only `own` dice and the others' dice counts.

    `bid`: a Bid or {"quantity", "face"} (face None = "af en slags"); `own`: the player's dice
    (empty if unknown — then count them among `others`); `others`: dice count of every other
    player in the game; `rules`: a Rules (or its dict). Exact for every switch (S10–S17).
    """
    return exact_chance(bid_of(bid), hand_of(own), dice_counts_of(others), rules_of(rules))


def exact_chance(bid: Any, own: Sequence[int], others: Sequence[int], rules: Any) -> float:
    """``chance`` without the input checks, for the engine's own callers (the regulars, Øvebord),
    whose input is already checked: ``bid`` a Bid, ``rules`` a Rules. The regulars call this
    tens of thousands of times per game; the checks would cost a third of their time."""
    quantity, face = bid.quantity, bid.face
    jokers, stairs, present = rules.jokers, rules.stairs, rules.present
    others_t = tuple(sorted(n for n in others if n > 0))
    if face is None:
        return _kind_chance(quantity, tuple(sorted(own)), others_t, jokers, stairs, present)
    hands = tuple((n, UNIFORM) for n in others_t)
    return _face_chance(quantity, face, tuple(own), hands, jokers, stairs, present)


def chance_with_beliefs(bid: Any, own: Sequence[int], others: Sequence[tuple[int, Sequence[Any]]],
                        rules: Any) -> float:
    """Like `chance`, but each other hand is (dice, belief) instead of fair dice: the belief is
    either the weights of faces 1..6 for each die, or a posterior over the whole hand as a tuple
    of (sorted hand, probability) pairs.

    Used by the regulars, who read the other players' bids as evidence about their dice.
    "Af en slags" falls back to fair dice (the evidence is about faces, not about kinds).
    """
    return beliefs_chance(bid_of(bid), hand_of(own), _beliefs(others), rules_of(rules))


def beliefs_chance(bid: Any, own: Sequence[int], others: Sequence[tuple[int, Sequence[Any]]],
                   rules: Any) -> float:
    """``chance_with_beliefs`` without the input checks (as ``exact_chance``): for the regulars."""
    quantity, face = bid.quantity, bid.face
    jokers, stairs, present = rules.jokers, rules.stairs, rules.present
    if face is None:
        return exact_chance(bid, own, [n for n, _ in others], rules)
    hands = tuple((n, tuple(w)) for n, w in others if n > 0)
    return _face_chance(quantity, face, tuple(own), hands, jokers, stairs, present)


def _beliefs(others: Any) -> list[tuple[int, tuple[Any, ...]]]:
    """Check (dice, belief) pairs: 6 face weights, or (sorted hand, probability) pairs."""
    bad = IllegalAction(f"Ugyldige antagelser om de andres terninger: {shown(others)} "
                        "(beliefs: one (dice, weights or hand posterior) pair per other player)")
    if not is_list(others) or len(others) >= MAX_PLAYERS:
        raise bad
    out = []
    for pair in others:
        if not is_list(pair) or len(pair) != 2 or not is_list(pair[1]):
            raise bad
        n = whole(pair[0], 0, MAX_DICE, "Antal terninger (dice count)")
        belief = tuple(pair[1])
        if belief and is_list(belief[0]):
            if len(belief) > 1000 or any(not is_list(item) or len(item) != 2 or len(hand_of(item[0])) != n
                                         or not _weight(item[1]) for item in belief):
                raise bad
            belief = tuple((tuple(h), p) for h, p in belief)
        elif len(belief) != 6 or not all(_weight(w) for w in belief) or not 0.99 < sum(belief) < 1.01:
            raise bad
        out.append((n, belief))
    return out


def _weight(w: Any) -> bool:
    return type(w) in (int, float) and isfinite(w) and 0 <= w <= 1
