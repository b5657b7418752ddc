"""Perfect Treere: the keep that maximises the chance of winning the pot, exactly (issue 11).

A turn is a finite-horizon decision problem over (dice left to roll, score set aside so far): a
roll is a multiset of faces, the player sets aside a non-empty sub-multiset of it.  What the
turn is worth depends only on what finishing with each score is worth to the player (``f``) and
what busting is worth (T3: over the score to beat, the turn ends): ``TurnPlan``.

A round is a row of such turns.  The state a player rolls in is the best qualifying score so far
``b`` (``NONE`` before anyone qualifies), whether it is tied, and for a zero how many hold it.  The
value of finishing with ``x`` is the chance of winning the pot given the players still to roll,
who play the same way for themselves (backward induction from the last player).  The ends of a
round (engine/treere/table.py, docs/rules-decisions.md):

* one lowest qualifying score: its holder takes the pot;
* a tie for the lowest above zero: the same round again, everyone in it (T5, "one tie, all tie")
  -- worth the round's own value, a fixed point, solved by policy iteration;
* a tie at zero: a playoff of the tied players alone, in the same order, with no threshold (T5)
  -- a smaller round, solved the same way;
* nobody qualifies (*Progressiv*, T6): the next stage, everyone again, with the next threshold.

Antes (T1, T4, T6) change the size of the pot, never who wins it, so the chance of winning the
pot is the whole objective.  Every player is assumed to play perfectly; ``evaluate`` gives the
exact chances of a table where some seats play another policy (Simpel, the bench's baseline player).

Pure Python, no imports beyond the standard library and the Treere rules: it runs in Pyodide.
Everything is computed lazily and cached, per (players in the round, zero face, stage); the
values of the rounds a table of zero face 3 can play are known in advance (optimal_data.py,
``known_tables``), so a regular only builds the plans of the seats after it (``table_round``).
docs/regulars.md (Treere) has the whole story and the figures.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, product
from math import comb, factorial

from engine.treere.rules import Rules
from engine.treere.scoring import DICE, face_value

NONE = -1            # the state before anyone in the round has a qualifying score


def max_score(zero_face: int) -> int:
    """The highest possible score: five of the highest face that is not the zero face."""
    return DICE * (5 if zero_face == 6 else 6)


# --- one turn ---------------------------------------------------------------------------------

@cache
def roll_table(n: int, zero_face: int) -> tuple[tuple[float, tuple[int, ...], tuple[int, ...],
                                                      tuple[tuple[int, int], ...]], ...]:
    """Every roll of ``n`` dice as (probability, faces sorted by score, prefix sums of the
    scores, the distinct (dice kept, score kept) options of its non-empty sub-multisets)."""
    out = []
    for faces in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for face in set(faces):
            ways //= factorial(faces.count(face))
        by_score = tuple(sorted(faces, key=lambda f: (face_value(f, zero_face), f)))
        scores = [face_value(f, zero_face) for f in by_score]
        prefix = tuple(sum(scores[:c]) for c in range(n + 1))
        counts: dict[int, int] = {}
        for s in scores:
            counts[s] = counts.get(s, 0) + 1
        options = set()
        for take in product(*(range(k + 1) for k in counts.values())):
            c = sum(take)
            if c:
                options.add((c, sum(t * s for t, s in zip(take, counts))))
        out.append((ways / 6 ** n, by_score, prefix, tuple(sorted(options))))
    return tuple(out)


class TurnPlan:
    """The best play of one turn, given what each final score is worth.

    ``f[x]`` is the value of finishing with score x (0 <= x <= target), ``bust`` the value of
    going over the target (T3's early end, or over the threshold).  ``value[n][s]`` is the
    value with n dice still to roll and s set aside.  When ``f`` never rises with the score
    (the usual case), setting aside c dice is best done with the c lowest (``fast``); otherwise
    every sub-multiset is tried.  Between equal keeps the first in a fixed order wins (fewest
    dice, then lowest score), so the plan, its ``outcome`` and ``keep`` always agree.
    """

    def __init__(self, target: int, f: Sequence[float], bust: float, zero_face: int) -> None:
        self.target, self.bust, self.zero_face = target, bust, zero_face
        self.f = tuple(f)
        if len(self.f) != target + 1:
            raise ValueError("f needs one value per score 0..target")
        self.fast = all(a >= b for a, b in zip(self.f, self.f[1:])) and self.f[-1] >= bust
        top = max_score(zero_face) // DICE
        pad = [bust] * (top * DICE + 1)
        self.value: list[list[float]] = [list(self.f)]
        self.arg: list[bytes] = [b""]  # arg[n][roll * width[n] + s]: which keep (see choose)
        self.width: list[int] = [0]
        # padded[n][s]: the value with n dice left and s aside, ``bust`` past the target
        self.padded = [list(self.f) + pad]
        for n in range(1, DICE + 1):
            reach = min(target, top * (DICE - n))  # the most n dice left can have set aside
            values = self._row(n, reach + 1)
            self.value.append(values)
            self.padded.append(values + [bust] * (target + 1 - len(values)) + pad)

    def _row(self, n: int, width: int) -> list[float]:
        """value[n][s] for s < width: the average over rolls of the best keep.  The keep
        itself is kept as an index per s (``arg``): the first best in the order tried."""
        acc = [0.0] * width
        padded = self.padded
        args = []
        for p, _faces, prefix, options in roll_table(n, self.zero_face):
            if self.fast:
                cols = [padded[n - c][prefix[c]:prefix[c] + width] for c in range(1, n + 1)]
            else:
                cols = [padded[n - c][x:x + width] for c, x in options]
            if len(cols) > 1:
                best = list(map(max, *cols))
                args.append(bytes(map(tuple.index, zip(*cols), best)))
            else:
                best = cols[0]
                args.append(bytes(width))
            acc = [a + p * v for a, v in zip(acc, best)]
        self.arg.append(b"".join(args))  # roll r, s aside: byte r * width + s
        self.width.append(width)
        return acc

    def choose(self, n: int, s: int, roll: int) -> tuple[int, int]:
        """(dice kept, score kept) for roll number ``roll`` of ``roll_table(n)``, s aside."""
        _p, _faces, prefix, options = roll_table(n, self.zero_face)[roll]
        i = self.arg[n][roll * self.width[n] + s]
        return (i + 1, prefix[i + 1]) if self.fast else options[i]

    @property
    def start(self) -> float:
        """The value of the turn before its first roll."""
        return self.value[DICE][0]

    def keep(self, n: int, s: int, faces: Sequence[int]) -> list[int]:
        """Which of the rolled ``faces`` to set aside (indexes), with ``s`` already aside."""
        if len(faces) != n or not 1 <= n <= DICE:
            raise ValueError(f"not a roll of {n} dice: {faces!r}")
        if s > self.target:  # already over (the engine ends such a turn): keep the lowest
            return pick(faces, 1, min(face_value(f, self.zero_face) for f in faces),
                        self.zero_face)
        wanted = tuple(sorted(faces, key=lambda f: (face_value(f, self.zero_face), f)))
        for i, roll in enumerate(roll_table(n, self.zero_face)):
            if roll[1] == wanted:
                c, x = self.choose(n, s, i)
                return pick(faces, c, x, self.zero_face)
        raise ValueError(f"not a roll of {n} dice: {faces!r}")

    def outcome(self) -> tuple[tuple[float, ...], float]:
        """(P(final score = x) for x = 0..target, P(bust)) when the plan is followed."""
        target = self.target
        mass: list[dict[int, float]] = [{} for _ in range(DICE + 1)]
        mass[DICE][0] = 1.0
        final = [0.0] * (target + 1)
        bust = 0.0
        for n in range(DICE, 0, -1):
            rolls = roll_table(n, self.zero_face)
            arg, width = self.arg[n], self.width[n]
            for s, m in mass[n].items():
                for r, (p, _faces, prefix, options) in enumerate(rolls):
                    i = arg[r * width + s]
                    c, x = (i + 1, prefix[i + 1]) if self.fast else options[i]
                    t = s + x
                    if t > target:
                        bust += m * p
                    elif c == n:
                        final[t] += m * p
                    else:
                        row = mass[n - c]
                        row[t] = row.get(t, 0.0) + m * p
        return tuple(final), bust


def pick(faces: Sequence[int], c: int, x: int, zero_face: int) -> list[int]:
    """Indexes of ``c`` of ``faces`` whose scores sum to ``x`` (the lowest ones when they do)."""
    order = sorted(range(len(faces)), key=lambda i: (face_value(faces[i], zero_face), faces[i], i))
    if sum(face_value(faces[i], zero_face) for i in order[:c]) == x:
        return sorted(order[:c])
    for chosen in combinations(order, c):
        if sum(face_value(faces[i], zero_face) for i in chosen) == x:
            return sorted(chosen)
    raise ValueError(f"no {c} of {faces!r} score {x}")


def _follow(choose: Callable[[int, int, int], tuple[int, int]], target: int,
            zero_face: int) -> tuple[tuple[float, ...], float]:
    """The final-score distribution of a turn played by ``choose`` (forward over the states)."""
    mass: list[dict[int, float]] = [{} for _ in range(DICE + 1)]
    mass[DICE][0] = 1.0
    final = [0.0] * (target + 1)
    bust = 0.0
    for n in range(DICE, 0, -1):
        rolls = roll_table(n, zero_face)
        for s, m in mass[n].items():
            for i, roll in enumerate(rolls):
                c, x = choose(n, s, i)
                p = m * roll[0]
                t = s + x
                if t > target:
                    bust += p
                elif c == n:
                    final[t] += p
                else:
                    row = mass[n - c]
                    row[t] = row.get(t, 0.0) + p
    return tuple(final), bust


def _simpel_choice(n: int, s: int, i: int, zero_face: int = 3) -> tuple[int, int]:
    """Every zero face; when there is none, the single lowest die (keep at least one)."""
    prefix = roll_table(n, zero_face)[i][2]
    zeros = sum(1 for c in range(1, n + 1) if prefix[c] == 0)
    return (zeros, 0) if zeros else (1, prefix[1])


def simpel_keep(faces: Sequence[int], zero_face: int = 3) -> list[int]:
    """Simpel's keep (indexes): every zero face, else the lowest die."""
    zeros = [i for i, f in enumerate(faces) if f == zero_face]
    if zeros:
        return zeros
    return [min(range(len(faces)), key=lambda i: (faces[i], i))]


@cache
def simpel_outcome(target: int, zero_face: int) -> tuple[tuple[float, ...], float]:
    """Simpel's final-score distribution against ``target`` (and P(bust))."""
    return _follow(lambda n, s, i: _simpel_choice(n, s, i, zero_face), target, zero_face)


@cache
def zero_chance(zero_face: int) -> float:
    """P(five zeros) for a player who keeps every zero face: what anyone facing a zero does."""
    return simpel_outcome(0, zero_face)[0][0]


# --- one round --------------------------------------------------------------------------------

# A stage whose threshold is this high is solved as the plain game: nobody failing to qualify
# at it is so rare that the values differ by less than 1e-13 (measured: threshold 24 against
# the plain game, two players, "spil").  It keeps the chain of stages short.
PLAIN_FROM = 24


def stage_key(rules: Rules, stage: int, playoff: bool) -> tuple[str, int]:
    """(progression, stage) of a round; plain rounds (and playoffs, and stages with a threshold
    of PLAIN_FROM or more) are all ("", 1): the same game."""
    cap = None if playoff else rules.threshold(stage)
    if cap is None or cap >= min(PLAIN_FROM, max_score(rules.zero_face)):
        return ("", 1)
    return (rules.progression or "", stage)


def cap_of(key: tuple[str | None, int], zero_face: int) -> int:
    progression, stage = key
    if not progression:
        return max_score(zero_face)
    return Rules(zero_face=zero_face, progressive=progression).threshold(stage)


def next_key(key: tuple[str | None, int], zero_face: int) -> tuple[str | None, int]:
    progression, stage = key
    return stage_key(Rules(zero_face=zero_face, progressive=progression or False), stage + 1,
                     playoff=False)


class Round:
    """A round of ``m`` players in turn order, at one stage, under one zero face.

    ``value[k]``: the chance that position k wins the pot from the start of the round.
    ``plan(j, b, tied)``: the TurnPlan of position j facing the best qualifying score b (NONE
    before anyone qualifies), tied or not.  ``turns`` is None for the perfect table; else one
    entry per position, "optimal" or "simpel", and the chances are those of that table
    (``evaluate``).  ``known``: the round's values when already known (``round_value``): the
    plans are then built lazily, from the last position back to the one asked for.
    """

    def __init__(self, m: int, zero_face: int, key: tuple[str | None, int] = ("", 1),
                 turns: tuple[str, ...] | None = None,
                 known: Sequence[float] | None = None) -> None:
        self.m, self.zero_face, self.key, self.turns = m, zero_face, key, turns
        self.cap = cap_of(key, zero_face)
        self.q = zero_chance(zero_face)
        self.progressive = key[0] != "" and self.cap < max_score(zero_face)
        self.next = self._next_value()
        self.plans: dict[tuple[int, int, bool], TurnPlan] = {}
        self.dists: dict[tuple[int, int, bool], tuple[tuple[float, ...], float]] = {}
        self.seat_values: dict[tuple[int, int, bool], float] = {}  # a seat's chance from its turn
        self._first: tuple[tuple[float, ...], float] | None = None
        self._seats: dict[int, tuple] = {}
        if known is not None:
            self._first = known_tables()[1].get((m, zero_face) + tuple(key))
            self._seats = {j: row for (mm, zf, k, j), row in known_tables()[2].items()
                           if (mm, zf, k) == (m, zero_face, tuple(key))}
            self.value = tuple(known)
            self._start(self.value)
            return
        self.value = tuple(1.0 / m for _ in range(m))  # first guess of the replay's value
        for _ in range(50):
            old = self.value
            self._start(old)
            values, replay = self._forward()
            # For fixed plays the round is worth W + T * R to each seat: R = W / (1 - T).
            self.value = tuple((v - replay * r) / (1 - replay) for v, r in zip(values, old))
            if max(abs(a - b) for a, b in zip(self.value, old)) < 1e-13:
                break

    def plan(self, j: int, b: int, tied: bool) -> TurnPlan:
        """The perfect plan of position j in state (b, tied)."""
        if not self._reachable(j, b, tied):
            raise ValueError(f"position {j} never rolls in state {(b, tied)}")
        self._ensure(j, b, tied)
        return self.plans[(j, b, tied)]

    # the values of the ends of a round
    def _next_value(self) -> tuple[float, ...]:
        if not self.progressive:
            return tuple(0.0 for _ in range(self.m))
        return self._other(self.m, next_key(self.key, self.zero_face), tuple(range(self.m)))

    def _other(self, m: int, key: tuple[str | None, int], seats: tuple[int, ...]) -> tuple[float, ...]:
        if self.turns is None:
            return round_value(m, self.zero_face, key)
        return evaluate(tuple(self.turns[s] for s in seats), self.zero_face, key).value

    def _playoff(self, seats: tuple[int, ...]) -> tuple[float, ...]:
        """Values (by rank) of a zero-tie among ``seats``: the seats alone, no threshold."""
        if len(seats) == 1:
            return (1.0,)
        if len(seats) == self.m:
            return tuple(self._replay)
        return self._other(len(seats), ("", 1), seats)

    def _zero(self, k: int, j: int, zeros: tuple[int, ...]) -> float:
        """Seat k's chance when seats ``zeros`` (k among them) hold zero and j.. are to roll:
        each later seat joins with the chance of five zeros (all keep every zero face)."""
        rank = zeros.index(k)
        key = (k, j, zeros if self.turns is not None else (len(zeros), rank))
        if key in self._zero_cache:
            return self._zero_cache[key]
        later = range(j, self.m)
        total = 0.0
        if self.turns is None:  # everyone alike: only how many join matters
            left = self.m - j
            for a in range(left + 1):
                p = comb(left, a) * self.q ** a * (1 - self.q) ** (left - a)
                z = len(zeros) + a
                total += p * (1.0 if z == 1 else self._replay[k] if z == self.m
                              else round_value(z, self.zero_face)[rank])
        else:
            for joined in product((False, True), repeat=len(later)):
                p = 1.0
                for j_in in joined:
                    p *= self.q if j_in else 1 - self.q
                seats = zeros + tuple(s for s, j_in in zip(later, joined) if j_in)
                total += p * self._playoff(seats)[rank]
        self._zero_cache[key] = total
        return total

    # backward induction over the positions (lazily, state by state), then forward
    def _start(self, replay: Sequence[float]) -> None:
        """Forget the plans; the round's replay is worth ``replay`` to each position."""
        self._replay = tuple(replay)
        self._zero_cache: dict[tuple, float] = {}
        self.plans.clear()
        self.dists.clear()
        self.seat_values.clear()
        self.states = [(NONE, False)] + [(b, t) for b in range(1, self.cap + 1)
                                         for t in (False, True)]
        # _rows[(j, state)][k] = seat k's chance (holding b alone, or not) when seat j is to
        # roll in ``state``; None: j never rolls in that state (then it is j + 1's row)
        self._rows: dict[tuple[int, tuple[int, bool]], dict[int, tuple[float, float]] | None] = {}

    def _u(self, j: int, k: int, state: tuple[int, bool]) -> tuple[float, float]:
        if j == self.m:  # the round is over
            b, tied = state
            if b == NONE:
                return 0.0, self.next[k]
            return (self._replay[k], self._replay[k]) if tied else (1.0, 0.0)
        if (j, state) not in self._rows:
            self._rows[(j, state)] = self._row(j, state)
        row = self._rows[(j, state)]
        return self._u(j + 1, k, state) if row is None else row[k]

    def _reachable(self, j: int, b: int, tied: bool) -> bool:
        if b == NONE:
            return j == 0 or self.progressive  # later seats face NONE only if all went over
        return j > 0 and (not tied or j >= 2)  # a tie needs two seats before

    def _values(self, j: int, b: int, tied: bool, target: int) -> tuple[list[float], float]:
        """What each final score, and going over, is worth to seat j in state (b, tied)."""
        if j == 0 and self._first is not None:  # the first seat's values, known: no look ahead
            return list(self._first[0]), self._first[1]
        if j in self._seats and b != NONE:  # known too (optimal_data's SEATS)
            zero, hold, tie, over, over_tied = self._seats[j]
            f = [zero] + list(hold[:target])
            f[b] = tie[b - 1]
            return f, (over_tied if tied else over)[b - 1]
        u = self._u
        f = [self._zero(j, j + 1, (j,))]
        f += [u(j + 1, j, (x, False))[0] for x in range(1, target + 1)]
        if b != NONE:
            f[b] = u(j + 1, j, (b, True))[0]
        return f, u(j + 1, j, (b, tied))[1]

    def _make(self, j: int, state: tuple[int, bool]) -> None:
        """Seat j's plan in ``state``."""
        b, tied = state
        target = self.cap if b == NONE else b
        f, bust = self._values(j, b, tied, target)
        dist, p_bust = self._turn(j, b, tied, target, f, bust)
        self.seat_values[(j, b, tied)] = sum(d * v for d, v in zip(dist, f)) + p_bust * bust

    def _row(self, j: int, state: tuple[int, bool]) -> dict[int, tuple[float, float]] | None:
        """What seat j's plan in ``state`` leaves each seat before it (holding b alone, or not);
        None when j never rolls in that state."""
        b, tied = state
        if not self._reachable(j, b, tied):
            return None
        self._ensure(j, b, tied)
        dist, p_bust = self.dists[(j, b, tied)]
        top = (self.cap if b == NONE else b - 1)  # scores that take the lead
        u = self._u
        row = {}
        for k in range(j):
            common = sum(dist[x] * u(j + 1, k, (x, False))[1] for x in range(1, top + 1))
            if b != NONE:
                common += dist[b] * u(j + 1, k, (b, True))[1]
            hold, not_ = u(j + 1, k, state)
            row[k] = (common + p_bust * hold, common + p_bust * not_)
        return row

    def _ensure(self, j: int, b: int, tied: bool) -> None:
        if (j, b, tied) not in self.dists:
            self._make(j, (b, tied))

    def seat_table(self, j: int) -> tuple[float, tuple[float, ...], tuple[float, ...],
                                           tuple[float, ...], tuple[float, ...]]:
        """Seat j's values of the states after its turn (what optimal_data's SEATS keep): five
        zeros; leading alone with x; tied at x; going over when x is held alone / tied."""
        xs = range(1, self.cap + 1)
        u = self._u
        return (self._zero(j, j + 1, (j,)), tuple(u(j + 1, j, (x, False))[0] for x in xs),
                tuple(u(j + 1, j, (x, True))[0] for x in xs),
                tuple(u(j + 1, j, (x, False))[1] for x in xs),
                tuple(u(j + 1, j, (x, True))[1] for x in xs))

    def _turn(self, j: int, b: int, tied: bool, target: int, f: list[float],
              bust: float) -> tuple[tuple[float, ...], float]:
        key = (j, b, tied)
        kind = "optimal" if self.turns is None else self.turns[j]
        if kind == "simpel":
            out = simpel_outcome(target, self.zero_face)
        elif self.turns is None:
            self.plans[key] = TurnPlan(target, f, bust, self.zero_face)
            out = self.plans[key].outcome()
        else:  # the perfect player's own plan, from the perfect table of the same shape
            out = solve(self.m, self.zero_face, self.key).dists_of(j, b, tied)
        self.dists[key] = out
        return out

    def dists_of(self, j: int, b: int, tied: bool) -> tuple[tuple[float, ...], float]:
        self._ensure(j, b, tied)
        return self.dists[(j, b, tied)]

    def _forward(self) -> tuple[list[float], float]:
        """Each seat's chance from the start, and the chance the round is played again."""
        m = self.m
        mass: dict[tuple, float] = {(NONE, False): 1.0}
        values = [0.0] * m
        for j in range(m):
            new: dict[tuple, float] = {}
            for state, p in mass.items():
                if state[0] == 0:  # (0, seats holding zero): only a zero keeps j in
                    zeros = state[1] + (j,)
                    values[j] += p * self.q * self._zero(j, j + 1, zeros)
                    moves = [((0, zeros), p * self.q), (state, p * (1 - self.q))]
                else:
                    b, tied = state
                    self._ensure(j, b, tied)
                    dist, p_bust = self.dists[(j, b, tied)]
                    values[j] += p * self.seat_values[(j, b, tied)]
                    moves = [((0, (j,)), p * dist[0]), (state, p * p_bust)]
                    moves += [((x, x == b), p * dist[x]) for x in range(1, len(dist))]
                for to, q in moves:
                    if q:
                        new[to] = new.get(to, 0.0) + q
            mass = new
        again = sum(p for s, p in mass.items()
                    if (s[0] > 0 and s[1]) or (s[0] == 0 and len(s[1]) == m))
        self.replay = again
        return values, again


@cache
def known_tables() -> tuple[dict, dict, dict]:
    """optimal_data's tables, read on first use (not at import: the app starts without it).
    TABLE, a line per round: ``m zero_face progression stage | values by position | first
    seat's f | bust``; SEATS, a line per later seat of a plain round: ``m zero_face - 1 j |
    Round.seat_table(j)``, "|" between its parts."""
    from engine.treere.optimal_data import SEATS, TABLE
    known, first, seats = {}, {}, {}
    for line in TABLE.split("\n"):
        if not line.strip():
            continue
        head, values, f, bust = line.split("|")
        m, zero_face, progression, stage = head.split()
        key = (int(m), int(zero_face), "" if progression == "-" else progression, int(stage))
        known[key] = tuple(float(v) for v in values.split())
        first[key] = (tuple(float(v) for v in f.split()), float(bust))
    for line in SEATS.split("\n"):
        if not line.strip():
            continue
        head, zero, *rows = line.split("|")
        m, zero_face, progression, stage, j = head.split()
        key = (int(m), int(zero_face), ("" if progression == "-" else progression, int(stage)),
               int(j))
        seats[key] = (float(zero),) + tuple(tuple(float(v) for v in r.split()) for r in rows)
    return known, first, seats


def round_value(m: int, zero_face: int = 3, key: tuple[str | None, int] = ("", 1)) -> tuple[float, ...]:
    """The chances of the m positions of a perfect round: from the table of known values when
    it has them, else solved."""
    found = known_key(m, zero_face, tuple(key))
    return known_tables()[0][found] if found else solve(m, zero_face, key).value


def known_key(m: int, zero_face: int, key: tuple) -> tuple | None:
    """The key of optimal_data's entry for this round, if any.  The table leaves out a "runder"
    stage that equals the next one (the same threshold, values equal: ``solve``'s shortcut), so
    the run of stages with the same threshold is looked along."""
    while True:
        if (m, zero_face) + key in known_tables()[0]:
            return (m, zero_face) + key
        if key[0] != "runder":
            return None
        later = next_key(key, zero_face)
        if later[0] != "runder" or cap_of(later, zero_face) != cap_of(key, zero_face):
            return None
        key = later


def table_round(m: int, zero_face: int = 3, key: tuple[str | None, int] = ("", 1)) -> Round:
    """The perfect round the regulars play from: lazy when its values are known."""
    return _table_round(m, zero_face, tuple(key))


@lru_cache(maxsize=64)
def _table_round(m: int, zero_face: int, key: tuple[str | None, int]) -> Round:
    found = known_key(m, zero_face, key)
    if found is None:
        return solve(m, zero_face, key)
    return Round(m, zero_face, found[2:], known=known_tables()[0][found])


def first_values(rnd: Round) -> tuple[tuple[float, ...], float]:
    """What each final score (and going over) is worth to the first seat of a solved round."""
    plan = rnd.plan(0, NONE, False)
    return plan.f, plan.bust


def solve(m: int, zero_face: int = 3, key: tuple[str | None, int] = ("", 1)) -> Round:
    """The perfect table of ``m`` players (cached).  Under *Progressiv* a stage needs the next
    one: the chain is solved from its far end back (no deep recursion); within a run of stages
    with the same threshold ("runder"), once two in a row have the same values the earlier
    ones of the run are the same round."""
    key = tuple(key)
    chain = [key]
    while chain[-1][0] and (m, zero_face, chain[-1]) not in _SOLVED:
        chain.append(next_key(chain[-1], zero_face))
    for i in range(len(chain) - 1, -1, -1):
        k = chain[i]
        if (m, zero_face, k) in _SOLVED:
            continue
        later = chain[i + 1] if i + 1 < len(chain) else None
        after = chain[i + 2] if i + 2 < len(chain) else None
        if (later and after and later[0] and after[0]
                and cap_of(k, zero_face) == cap_of(later, zero_face) == cap_of(after, zero_face)
                and _same(_SOLVED[(m, zero_face, later)].value,
                          _SOLVED[(m, zero_face, after)].value)):
            _SOLVED[(m, zero_face, k)] = _SOLVED[(m, zero_face, later)]
        else:
            _SOLVED[(m, zero_face, k)] = Round(m, zero_face, k)
    return _SOLVED[(m, zero_face, key)]


_SOLVED: dict[tuple, Round] = {}


def _same(a: Sequence[float], b: Sequence[float]) -> bool:
    return max(abs(x - y) for x, y in zip(a, b)) < 1e-14


def evaluate(turns: Sequence[str], zero_face: int = 3,
             key: tuple[str | None, int] = ("", 1)) -> Round:
    """Exact chances of a table whose seats play ``turns`` ("optimal" / "simpel"), in turn order."""
    return _evaluate(tuple(turns), zero_face, tuple(key))


@cache
def _evaluate(turns: tuple[str, ...], zero_face: int, key: tuple[str | None, int]) -> Round:
    return Round(len(turns), zero_face, key, turns)
