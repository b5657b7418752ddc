"""Bakke played perfectly: the chance of not being the last with dice, and the choice that keeps it.

A decision in Bakke is one of three: after a die, *throw again* or *Videre* (B4); on an empty tray
at the start of a turn, *throw all* or *one at a time* (B5). Everything that matters is public: the
dice in each hand (counts), the faces in the tray (a set: at most one of each face 2–6, B2), whose
turn it is and whether they have thrown this turn. So the game is a small stochastic game over
those positions, solved here exactly.

- Two players (``heads_up``): a zero-sum game. ``S[a, b, T]`` is the chance that the player to
  move, holding ``a`` dice against ``b`` with tray ``T``, is *not* the last with dice, at the start
  of their turn; ``M[a, b, T]`` the same after a die this turn. The game can cycle (dice go back
  into hands), so it is solved by value iteration to 1e-12, level by level: ``a + b + |T|`` (the
  dice still in the game) never grows, and only a 1 makes it shrink, so each level needs only
  itself and the levels below.
- Any number of players with named seats (``solve``): the same iteration with a value per seat,
  each seat either optimising its own chance or playing a given (possibly mixed) policy. Used to
  evaluate a regular against Simpel (the baseline player) exactly, and for the exact 3-player game with which
  the many-player approximation is measured.
- More than two players (``spot_values``): the heads-up policy against one aggregated opponent,
  the whole field (``AGGREGATE``, chosen by measurement against the exact 3-player game:
  docs/regulars.md).

>>> round(first_throw_value(6), 4) > 0.5  # the first thrower's chance heads-up, both perfect
True
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from math import comb

TRAY_FACES = (2, 3, 4, 5, 6)
TOL = 1e-12
SIXTH = 1.0 / 6.0
THROW, THROW_ALL, VIDERE = "throw", "throw_all", "videre"
MAX_SWEEPS = 100_000


def mask_of(tray: Iterable[int]) -> int:
    """The tray as a bit set: bit f-2 for face f (2–6)."""
    mask = 0
    for face in tray:
        if face not in TRAY_FACES:
            raise ValueError(f"a tray holds faces 2-6, not {face!r}")
        mask |= 1 << (face - 2)
    return mask


def faces_of(mask: int) -> tuple[int, ...]:
    return tuple(f for f in TRAY_FACES if mask >> (f - 2) & 1)


_POP = tuple((m).bit_count() for m in range(32))


def options(thrown: bool, tray_mask: int, first: bool = False) -> tuple[str, ...]:
    """The choices a player has (B3–B5), the same as the engine's ``legal`` minus *Fejl*.

    The game's very first throw is all the dice (B3); on an empty tray, before a die this turn,
    all at once or one at a time (B5); on a tray with dice, one die; after a die, again or
    *Videre* (B4) — also when a 1 left an empty tray empty (the player chose one at a time)."""
    if first:
        return (THROW_ALL,)
    if thrown:
        return (THROW, VIDERE)
    if tray_mask == 0:
        return (THROW_ALL, THROW)
    return (THROW,)


@cache
def throw_all_outcomes(n: int) -> tuple[tuple[int, int, float], ...]:
    """``n`` dice thrown at once into an empty tray and resolved (B2): every outcome as
    (dice picked up into the hand, tray mask left, probability). Exact, face by face: the count
    of each face is binomial among the dice not yet assigned to a lower face."""
    dist: dict[tuple[int, int, int], float] = {(n, 0, 0): 1.0}  # (dice left, picked, mask)
    for i, face in enumerate((1, 2, 3, 4, 5, 6)):
        share = 1.0 / (6 - i)
        nxt: dict[tuple[int, int, int], float] = {}
        for (left, picked, mask), p in dist.items():
            counts = range(left, left + 1) if i == 5 else range(left + 1)
            for c in counts:
                q = p if i == 5 else p * comb(left, c) * share**c * (1 - share) ** (left - c)
                if face == 1 or c == 0:
                    key = (left - c, picked, mask)
                elif c == 1:
                    key = (left - 1, picked, mask | 1 << (face - 2))
                else:
                    key = (left - c, picked + c, mask)
                nxt[key] = nxt.get(key, 0.0) + q
        dist = nxt
    return tuple(sorted((picked, mask, p) for (_, picked, mask), p in dist.items()))


# --- two players: the exact, mover-relative solution -------------------------------------------

class HeadsUp:
    """Exact values for two players, computed level by level on demand (``ensure``).

    ``start(a, b, mask)`` / ``mid(a, b, mask)``: the mover's chance of not losing, before / after
    a die this turn. Levels are ``a + b + |tray|``; a table built to level 12 answers every
    heads-up position of the six-dice game."""

    def __init__(self) -> None:
        self.level = 1  # levels solved so far (a level-1 position cannot exist: both hold dice)
        self.width = 0
        self.S: list[float] = []
        self.M: list[float] = []
        self.sweeps: dict[int, int] = {}

    def _index(self, a: int, b: int, mask: int) -> int:
        return (a * self.width + b) * 32 + mask

    def _grow(self, level: int) -> None:
        width = level + 1
        if width <= self.width:
            return
        size = width * width * 32
        S, M = [0.0] * size, [0.0] * size
        for a in range(1, self.width):
            for b in range(1, self.width):
                for m in range(32):
                    old = self._index(a, b, m)
                    new = (a * width + b) * 32 + m
                    S[new], M[new] = self.S[old], self.M[old]
        self.S, self.M, self.width = S, M, width

    def ensure(self, level: int) -> None:
        """Solve every level up to ``level`` (dice still in the game)."""
        if level <= self.level:
            return
        if level >= self.width:  # room for hands up to ``level``, doubling to grow rarely
            self._grow(max(level, 2 * self.width))
        for n in range(self.level + 1, level + 1):
            self._solve_level(n)
            self.level = n

    def _solve_level(self, n: int) -> None:
        S, M, idx = self.S, self.M, self._index
        plan = []
        for mask in range(32):
            k = _POP[mask]
            for a in range(1, n - k):
                b = n - k - a
                if b < 1:
                    continue
                # throw one: a 1 (down a level) and the new faces stay (mid-turn, same level) or,
                # with the last die, win; a face in the tray: pick up two, the turn passes.
                stay = [idx(a - 1, b, mask)] if a > 1 else []
                new = [idx(a - 1, b, mask | 1 << i) for i in range(5) if not mask >> i & 1] \
                    if a > 1 else []
                won = (1 if a == 1 else 0) * (1 + 5 - k)
                match = [idx(b, a + 1, mask & ~(1 << i)) for i in range(5) if mask >> i & 1]
                alls = []
                all_won = 0.0
                if mask == 0:
                    for picked, left, p in throw_all_outcomes(a):
                        if picked == 0:
                            all_won += p
                        else:
                            alls.append((idx(b, picked, left), p))
                plan.append((idx(a, b, mask), idx(b, a, mask), mask, stay, new, won, match,
                             alls, all_won))
        # Gauss-Seidel order: a mid-turn position needs the one with a die less in the mover's
        # hand and one more in the tray (same level): smaller hands and fuller trays first.
        plan.sort(key=lambda item: (item[0] // 32 // self.width, -_POP[item[2]]))
        for sweep in range(1, MAX_SWEEPS):
            delta = 0.0
            for i, swap, mask, stay, new, won, match, alls, all_won in plan:
                t = won
                for j in stay:
                    t += M[j]
                for j in new:
                    t += M[j]
                for j in match:
                    t += 1.0 - S[j]
                t *= SIXTH
                mid = max(t, 1.0 - S[swap])
                start = t
                if mask == 0:
                    whole = all_won
                    for j, p in alls:
                        whole += p * (1.0 - S[j])
                    start = max(t, whole)
                d = abs(start - S[i]) + abs(mid - M[i])
                delta = max(delta, d)
                S[i], M[i] = start, mid
            if delta < TOL:
                self.sweeps[n] = sweep
                return
        raise RuntimeError(f"no convergence at level {n}")  # pragma: no cover

    # values of positions and of each choice
    def start(self, a: int, b: int, mask: int) -> float:
        return self._value(False, a, b, mask)

    def mid(self, a: int, b: int, mask: int) -> float:
        return self._value(True, a, b, mask)

    def _value(self, thrown: bool, a: int, b: int, mask: int) -> float:
        if a == 0:
            return 1.0
        if b == 0:
            return 0.0
        self.ensure(a + b + _POP[mask])  # may grow the tables: read them only after
        return (self.M if thrown else self.S)[self._index(a, b, mask)]

    def choice_values(self, a: int, b: int, mask: int, thrown: bool,
                      first: bool = False) -> dict[str, float]:
        """The mover's chance of not losing after each legal choice."""
        out = {}
        for option in options(thrown, mask, first):
            if option == VIDERE:
                out[option] = 1.0 - self.start(b, a, mask)
            elif option == THROW_ALL:
                out[option] = sum(p * (1.0 - self.start(b, picked, left)) if picked else p
                                  for picked, left, p in throw_all_outcomes(a))
            else:
                out[option] = self.throw_value(a, b, mask)
        return out

    def throw_value(self, a: int, b: int, mask: int) -> float:
        t = 0.0
        for face in (1, *TRAY_FACES):
            bit = 0 if face == 1 else 1 << (face - 2)
            if mask & bit:
                t += 1.0 - self.start(b, a + 1, mask & ~bit)
            else:
                t += self.mid(a - 1, b, mask | bit)
        return t * SIXTH


@lru_cache(maxsize=1)
def heads_up() -> HeadsUp:
    """The one shared heads-up table (levels solved as positions need them)."""
    return HeadsUp()


def first_throw_value(dice: int) -> float:
    """Heads-up, both perfect: the first player's chance of not losing (B3: all dice first)."""
    return heads_up().choice_values(dice, dice, 0, False, first=True)[THROW_ALL]


def best_of(values: Mapping[str, float]) -> str:
    """The best choice; a tie (within 1e-9) goes to the first in ``options`` order."""
    top = max(values.values())
    return next(option for option, v in values.items() if v >= top - 1e-9)


# --- any number of players: positions with named seats --------------------------------------

@dataclass(frozen=True)
class Spot:
    """A decision as its player sees it: own dice first, then the others still in, in turn order
    from the player's left; the tray (bit mask); whether a die was thrown this turn."""

    hands: tuple[int, ...]
    tray: int
    thrown: bool
    first: bool = False

    def options(self) -> tuple[str, ...]:
        return options(self.thrown, self.tray, self.first)


# A policy: Spot -> {choice: probability} (a pure policy puts 1.0 on one choice).
Policy = Callable[[Spot], Mapping[str, float]]
# A solved position (hands by seat, mover, tray, thrown) -> value per seat.
Key = tuple[tuple[int, ...], int, int, bool]


def _next_seat(hands: tuple[int, ...], mover: int) -> int:
    n = len(hands)
    for step in range(1, n + 1):
        seat = (mover + step) % n
        if hands[seat]:
            return seat
    return mover


class Game:
    """Exact values of every position reachable from the start, for named seats.

    ``policies[seat]`` is None (the seat maximises its own chance of not losing; with several such
    seats, each does so given the others: the iteration's fixed point) or a ``Policy``. A value is
    a tuple: per seat, the chance of *not* being the last with dice."""

    def __init__(self, seats: int, dice: int, policies: list[Policy | None] | None = None) -> None:
        self.seats, self.dice = seats, dice
        self.policies = policies or [None] * seats
        self.values: dict[Key, tuple[float, ...]] = {}
        self.sweeps: dict[int, int] = {}
        self._plans: dict[int, list] = {}
        self._build()
        for level in sorted(self._plans):
            self._solve_level(level)

    # the positions and their moves
    def _terminal(self, hands: tuple[int, ...]) -> tuple[float, ...] | None:
        left = [s for s, h in enumerate(hands) if h]
        if len(left) > 1:
            return None
        return tuple(0.0 if s in left else 1.0 for s in range(self.seats))

    def _pass(self, hands: tuple[int, ...], mover: int, mask: int):
        """The turn passes (or the game is over): a terminal value or the next start key."""
        end = self._terminal(hands)
        return end if end is not None else (hands, _next_seat(hands, mover), mask, False)

    def _after_die(self, hands: tuple[int, ...], mover: int, mask: int):
        """A die left the hand (a 1 or a new face): out and pass, or go on mid-turn."""
        if hands[mover] == 0:
            return self._pass(hands, mover, mask)
        return (hands, mover, mask, True)

    def moves(self, key: Key) -> dict[str, list[tuple[float, object]]]:
        """Each legal choice: its outcomes as (probability, key or terminal value)."""
        hands, mover, mask, thrown = key
        out: dict[str, list[tuple[float, object]]] = {}
        for option in options(thrown, mask):
            if option == VIDERE:
                out[option] = [(1.0, self._pass(hands, mover, mask))]
            elif option == THROW_ALL:
                out[option] = [(p, self._pass(_with(hands, mover, picked), mover, left))
                               for picked, left, p in throw_all_outcomes(hands[mover])]
            else:
                out[option] = self._throw_one(hands, mover, mask)
        return out

    def _throw_one(self, hands, mover, mask):
        h = hands[mover]
        res = [(SIXTH, self._after_die(_with(hands, mover, h - 1), mover, mask))]
        for face in TRAY_FACES:
            bit = 1 << (face - 2)
            if mask & bit:
                res.append((SIXTH, self._pass(_with(hands, mover, h + 1), mover, mask & ~bit)))
            else:
                res.append((SIXTH, self._after_die(_with(hands, mover, h - 1), mover, mask | bit)))
        return res

    def start_outcomes(self, first: int) -> list[tuple[float, object]]:
        """The game's first throw (B3: all the dice) by seat ``first``."""
        hands = (self.dice,) * self.seats
        return [(p, self._pass(_with(hands, first, picked), first, left))
                for picked, left, p in throw_all_outcomes(self.dice)]

    def spot(self, key: Key) -> Spot:
        hands, mover, mask, thrown = key
        order = [(mover + i) % self.seats for i in range(self.seats)]
        return Spot(tuple(hands[s] for s in order if hands[s]), mask, thrown)

    def _build(self) -> None:
        todo = [k for first in range(self.seats) for _, k in self.start_outcomes(first)
                if not isinstance(k[0], float)]
        seen = set(todo)
        while todo:
            key = todo.pop()
            moves = self.moves(key)
            for outcomes in moves.values():
                for _, nxt in outcomes:
                    if not isinstance(nxt[0], float) and nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            policy = self.policies[key[1]]
            mixed = None
            if policy is not None:
                mixed = dict(policy(self.spot(key))) if len(moves) > 1 else {next(iter(moves)): 1.0}
                if set(mixed) - set(moves) or abs(sum(mixed.values()) - 1.0) > 1e-9:
                    raise ValueError(f"policy gave {mixed} for choices {list(moves)}")
                mixed = {o: q for o, q in mixed.items() if q > 0}
            level = sum(key[0]) + _POP[key[2]]
            self._plans.setdefault(level, []).append((key, moves, mixed))
            self.values[key] = (0.0,) * self.seats
        # Compile: per position, per choice (weight or None) the terminal share and the transitions.
        index = {key: i for i, key in enumerate(self.values)}
        self._keys = list(self.values)
        self._table = [list(v) for v in self.values.values()]
        for level, plan in self._plans.items():
            compiled = []
            # Gauss-Seidel order: a mid-turn position needs the one with a die less in the
            # mover's hand (same level), so the smaller hands go first.
            plan.sort(key=lambda item: (item[0][0][item[0][1]], item[0][3]))
            for key, moves, mixed in plan:
                choices = []
                for option, outcomes in moves.items():
                    if mixed is not None and option not in mixed:
                        continue
                    const = [0.0] * self.seats
                    steps = []
                    for p, nxt in outcomes:
                        if isinstance(nxt[0], float):
                            for s in range(self.seats):
                                const[s] += p * nxt[s]
                        else:
                            steps.append((p, index[nxt]))
                    choices.append((None if mixed is None else mixed[option], const, steps))
                compiled.append((index[key], key[1], choices))
            self._plans[level] = compiled

    def _solve_level(self, level: int) -> None:
        table, plan, seats = self._table, self._plans[level], range(self.seats)
        for sweep in range(1, MAX_SWEEPS):
            delta = 0.0
            for i, mover, choices in plan:
                if choices[0][0] is None:  # the mover maximises its own chance: compare, then add up
                    best, top = choices[0], -1.0
                    for choice in choices:
                        v = choice[1][mover]
                        for p, j in choice[2]:
                            v += p * table[j][mover]
                        if v > top + 1e-9:
                            best, top = choice, v
                    picks = ((1.0, best),)
                else:
                    picks = tuple((choice[0], choice) for choice in choices)
                new = [0.0] * self.seats
                for q, (_, const, steps) in picks:
                    for s in seats:
                        new[s] += q * const[s]
                    for p, j in steps:
                        row, w = table[j], q * p
                        for s in seats:
                            new[s] += w * row[s]
                old = table[i]
                d = max(abs(x - y) for x, y in zip(new, old))
                delta = max(delta, d)
                table[i] = new
            if delta < TOL:
                self.sweeps[level] = sweep
                break
        else:
            raise RuntimeError(f"no convergence at level {level}")  # pragma: no cover
        for i, _, _ in plan:
            self.values[self._keys[i]] = tuple(table[i])

    def value(self, key: Key) -> tuple[float, ...]:
        return self.values[key]

    def choice_values(self, key: Key) -> dict[str, tuple[float, ...]]:
        """The value per seat after each legal choice at a solved position."""
        out = {}
        for option, outcomes in self.moves(key).items():
            acc = [0.0] * self.seats
            for p, nxt in outcomes:
                v = nxt if isinstance(nxt[0], float) else self.values[nxt]
                for s in range(self.seats):
                    acc[s] += p * v[s]
            out[option] = tuple(acc)
        return out

    def game_value(self, first: int) -> tuple[float, ...]:
        """Per seat, the chance of not losing a game that ``first`` begins."""
        acc = [0.0] * self.seats
        for p, nxt in self.start_outcomes(first):
            v = nxt if isinstance(nxt[0], float) else self.values[nxt]
            for s in range(self.seats):
                acc[s] += p * v[s]
        return tuple(acc)

    def decision_keys(self) -> list[Key]:
        """Every solved position with more than one legal choice."""
        return [key for key in self.values if len(options(key[3], key[2])) > 1]


def _with(hands: tuple[int, ...], seat: int, count: int) -> tuple[int, ...]:
    return hands[:seat] + (count,) + hands[seat + 1:]


# --- the policies ---------------------------------------------------------------------------

def simpel_choice(spot: Spot) -> str:
    """The issue's baseline player, Simpel: *Videre* at once after the one die it must throw; on an empty
    tray it throws all."""
    opts = spot.options()
    return VIDERE if VIDERE in opts else THROW_ALL if THROW_ALL in opts else THROW


def simpel_policy(spot: Spot) -> dict[str, float]:
    return {simpel_choice(spot): 1.0}


# How the others are folded into one opponent for the heads-up table (more than two players).
AGGREGATES: dict[str, Callable[[tuple[int, ...]], int]] = {
    "next": lambda others: others[0],
    "max": max,
    "min": min,
    "sum": sum,
    "mean": lambda others: max(1, round(sum(others) / len(others))),
}
# "sum": the field as one opponent. I lose only if every other player sheds every die first, so
# the dice the field holds are what stands between me and the Tuborg. Measured best against the
# exact 3-player game (docs/regulars.md, "Bakke").
AGGREGATE = "sum"
# The heads-up choice does not depend on the opponent's count from 5 dice up (checked for every
# position to 30 dice in the game, tests/bots/bakke), so the aggregate opponent is capped: the
# table stays small (levels ≤ own hand + 6 + 5) at any table size.
FIELD_CAP = 6


def spot_values(spot: Spot, aggregate: str = AGGREGATE) -> dict[str, float]:
    """The chance of not losing after each choice: exact heads-up; with more players, heads-up
    against one opponent holding ``aggregate(others)`` dice (at most ``FIELD_CAP``)."""
    me, others = spot.hands[0], spot.hands[1:]
    if not others:
        raise ValueError("a decision needs at least one other player in")
    other = others[0] if len(others) == 1 else min(AGGREGATES[aggregate](others), FIELD_CAP)
    return heads_up().choice_values(me, other, spot.tray, spot.thrown, spot.first)


def optimal_choice(spot: Spot, aggregate: str = AGGREGATE) -> str:
    """The perfect choice heads-up; the measured approximation with more players."""
    opts = spot.options()
    if len(opts) == 1:
        return opts[0]
    me, others = spot.hands[0], spot.hands[1:]
    if not others:
        raise ValueError("a decision needs at least one other player in")
    other = others[0] if len(others) == 1 else min(AGGREGATES[aggregate](others), FIELD_CAP)
    known = _stored_choice(me, other, spot.tray, spot.thrown)
    return known if known is not None else best_of(spot_values(spot, aggregate))


# --- the heads-up choices, stored ------------------------------------------------------------
# Solving the heads-up table costs ~0.3 s in CPython but ~1.6 s in Pyodide on the first decision
# (bench/bakke_regulars.py), so the choices themselves — one bit per decision position — ship
# precomputed up to STORED_LEVEL dice in the game: the whole six-dice heads-up game, and a
# bigger table's field (own six + FIELD_CAP + a full tray). Beyond it the table is solved as
# before. tests/bots/bakke checks the bits against the solver, so they cannot go stale.
STORED_LEVEL = 17


def decision_positions(level: int) -> list[tuple[int, int, int, bool]]:
    """Every heads-up position with two choices, up to ``level`` dice in the game, in the order
    the stored bits follow: after a die (throw or *Videre*), and an empty tray before one (all
    or one)."""
    out = []
    for n in range(2, level + 1):
        for mask in range(32):
            k = _POP[mask]
            for a in range(1, n - k):
                b = n - k - a
                if b >= 1:
                    out.append((a, b, mask, True))
                    if mask == 0:
                        out.append((a, b, mask, False))
    return out


def policy_bits(level: int = STORED_LEVEL) -> str:
    """The solved choices as text (hex, 4 positions a digit): 1 = throw (after a die) or all
    the dice (empty tray), 0 = *Videre* or one die. What ``_STORED`` holds."""
    h = heads_up()
    value = 0
    for i, (a, b, mask, thrown) in enumerate(decision_positions(level)):
        if best_of(h.choice_values(a, b, mask, thrown)) == (THROW if thrown else THROW_ALL):
            value |= 1 << i
    return f"{value:x}"


@lru_cache(maxsize=1)
def _stored() -> tuple[dict[tuple[int, int, int, bool], int], int]:
    index = {pos: i for i, pos in enumerate(decision_positions(STORED_LEVEL))}
    return index, int(_STORED, 16)


def _stored_choice(a: int, b: int, mask: int, thrown: bool) -> str | None:
    """The stored heads-up choice, or None beyond ``STORED_LEVEL``."""
    if a + b + _POP[mask] > STORED_LEVEL:
        return None
    index, bits = _stored()
    i = index.get((a, b, mask, thrown))
    if i is None:
        return None
    on = bits >> i & 1
    if thrown:
        return THROW if on else VIDERE
    return THROW_ALL if on else THROW


_STORED = (  # policy_bits(STORED_LEVEL)
    "1001000800c007fff000800c007fff800fffffffffff000800c007fff800fffffffffff800ffffffffffffff"
    "ffffffff5fffffff00000000801001003003fff001003003fff801ffffffffff001003003fff801fffffffff"
    "f801ffffffffffffffffffffaffffffe000000080200401803ffe00401803fff007ffffffffe00401803fff0"
    "07fffffffff007ffffffffffffffffffbffffff80000010080201807ff80201807ffc03ffffffff80201807f"
    "fc03ffffffffc03fffffffffffffffff7fffffc00000404020301ffc020301ffe03fffffffc020301ffe03ff"
    "fffffe03fffffffffffffffdfffffc0000204040c0ffc040c0ffe07ffffffc040c0ffe07ffffffe07fffffff"
    "ffffffffffff80002081060ff81060ffc1ffffff81060ffc1ffffffc1fffffffffffffffffe000420861fe08"
    "61ff0fffffe0861ff0ffffff0ffffffffffffffff001f0ffff0ffffffffff0fffffffffffffffffffffffff0"
    "0f1fff1ffffffff1ffffffffffffffffffffe0e7fe7fffffe7ffffffffffffffffffffffffffffffffffffff"
    "ffffffffffffffffffffff"
)


def optimal_policy(spot: Spot) -> dict[str, float]:
    return {optimal_choice(spot): 1.0}


def aggregate_policy(aggregate: str) -> Policy:
    return lambda spot: {optimal_choice(spot, aggregate): 1.0}
