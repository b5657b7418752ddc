"""CFR+ over the whole public tree of a heads-up round, in numpy (issue 22): the first half of
the build of the endgames whose ladder is too long for the pure-Python CFR+ and the LP double
oracle — *Standard* 1v1 (jokers and the lone 1, S10/S12: 20 bids, 2^20 histories), with *Til
stede*, and *En slags* without jokers (14 bids).

BUILD ONLY: numpy (``pip install -e '.[endgame]'``, done by ``make endgame``).  The app (Pyodide)
never imports it; its own tests do (tests/engine/test_endgame_cfr.py).

Why the whole tree fits in arrays.  A history is an increasing run of ladder indices, so it is a
*set* of bids: a node is a bitmask ``S`` below 2^n, its last bid the highest bit, its mover the
parity of its size.  The child of ``S`` by bid ``b`` is ``S + 2^b`` and every node ``C`` in
``[2^b, 2^(b+1))`` has the parent ``C - 2^b`` in ``[0, 2^b)``: one bid's children and their
parents are two contiguous slices, so a sweep over the tree is n slice operations.  The move
that leads into a node is stored *at* the node (its regret, its probability, its average), the
call at the node it is made from.  Reaches carry the chance of the hand.

The iteration is Tammelin's CFR+: alternating updates, regrets floored at zero, the average
weighted by the square of the iteration (quadratic: on thomasahle's joker game it closes the gap
1.4 times faster than linear weights, on the normal game 100 times), and a fixed default (the
call; the opening's lowest bid) where a hand has no positive regret.  ``bounds`` are both
players' exact best responses over the whole tree to the average strategy: the game's value lies
between them.

CFR+ converges slowly here (the gap ~1/T: 4.5·10⁻³ after 200 iterations of the standard 1v1,
~1.1 s an iteration), but it soon knows *which moves matter*.  So the build takes its moves as a support: for each
seat, ``support_tree`` is every history that seat reaches with the moves CFR+ plays at least a
``floor`` of the time while the other seat plays *anything*; the sequence-form LP over that
tree (endgame_lp.guarantee) is exact, and its solution holds against every reply, so it is
the seat's exact guarantee.  When the two seats' guarantees meet, the value is proved and both
strategies are equilibrium strategies of the whole game.
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable

import numpy as np

from engine.snyd.endgame import Game

Hist = tuple[int, ...]


class TreeCFR:
    """CFR+ on every history of ``game`` (2^n nodes: a ladder of 20 bids is 50 MB an array in
    float64, one of 24 is 0.4 GB in float32)."""

    def __init__(self, game: Game, dtype: type = np.float64) -> None:
        self.game = game
        self.dtype = dtype  # float32 halves the memory of a big tree (2^24 nodes: 0.4 GB an array)
        n = self.n = game.n
        self.N = 1 << n
        self.w = (np.array(game.prob[0], dtype=dtype), np.array(game.prob[1], dtype=dtype))
        self.k = (len(self.w[0]), len(self.w[1]))
        if self.k[0] != self.k[1]:
            raise ValueError("TreeCFR keeps one array per node for both seats: equal hand counts")
        # U[b][i, j]: player 0's score when bid b, made by player 0, is called (+1 holds, −1 not)
        self.U = [np.array([[1.0 if j in set(tj) else -1.0 for j in range(self.k[1])]
                            for tj in game.T[b][0]], dtype=dtype) for b in range(n)]
        sizes = np.zeros(self.N, dtype=np.int8)
        for b in range(n):
            sizes[1 << b:2 << b] = sizes[:1 << b] + 1
        self.mover = (sizes % 2).astype(np.int8)  # who acts at each node
        shape = (self.N, self.k[0])
        self.r_in = np.zeros(shape, dtype)    # regret of the move into the node (its parent's mover)
        self.r_call = np.zeros(shape, dtype)  # regret of calling at the node
        self.a_in = np.zeros(shape, dtype)    # average strategy sums, the same places
        self.a_call = np.zeros(shape, dtype)
        self.iterations = 0
        self._average: tuple[int, tuple[np.ndarray, np.ndarray]] | None = None

    # --- strategies ------------------------------------------------------------------------

    def _normalise(self, s_in: np.ndarray, s_call: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Rows of (into-node, call) weights as probabilities; the default where a row is 0."""
        z = s_call.copy()
        for b in range(self.n):
            z[:1 << b] += s_in[1 << b:2 << b]
        p_in, p_call = np.zeros_like(s_in), np.zeros_like(s_call)
        ok = z > 0
        safe = np.where(ok, z, 1.0)
        p_call[:] = np.where(ok, s_call / safe, 1.0)
        for b in range(self.n):
            par = slice(0, 1 << b)
            p_in[1 << b:2 << b] = np.where(ok[par], s_in[1 << b:2 << b] / safe[par], 0.0)
        # the root cannot call: with no weight it opens with the lowest bid
        p_call[0] = 0.0
        p_in[1] = np.where(ok[0], p_in[1], 1.0)
        return p_in, p_call

    def current(self) -> tuple[np.ndarray, np.ndarray]:
        return self._normalise(np.maximum(self.r_in, 0), np.maximum(self.r_call, 0))

    def average(self) -> tuple[np.ndarray, np.ndarray]:
        """The average strategy (the solution), computed once per iteration count."""
        if self._average is None or self._average[0] != self.iterations:
            self._average = (self.iterations, self._normalise(self.a_in, self.a_call))
        return self._average[1]

    # --- sweeps ----------------------------------------------------------------------------

    def reach(self, p: int, p_in: np.ndarray) -> np.ndarray:
        """Player p's reach of every node (times the chance of the hand) under p_in."""
        r = np.zeros((self.N, self.k[p]), self.dtype)
        r[0] = self.w[p]
        for b in range(self.n):
            par = slice(0, 1 << b)
            mine = (self.mover[par] == p)[:, None]
            r[1 << b:2 << b] = r[par] * np.where(mine, p_in[1 << b:2 << b], 1.0)
        return r

    def call_values(self, p: int, r_other: np.ndarray, p_call: np.ndarray) -> np.ndarray:
        """Player p's counterfactual value per own hand of the call at each node (p's own call
        where p moves, the other's call, with its probability, where the other moves)."""
        v = np.zeros((self.N, self.k[p]), self.dtype)
        for b in range(self.n):
            node = slice(1 << b, 2 << b)
            mover = self.mover[node][:, None]
            ro = r_other[node] * np.where(mover == p, 1.0, p_call[node])
            u = self.U[b] if p == 0 else -self.U[b].T
            # the bidder of b is the node's non-mover: U is player 0's score when 0 bid it
            bidder_is_0 = (mover == 1)
            v[node] = (ro @ u.T) * np.where(bidder_is_0, 1.0, -1.0)
        return v

    def _values(self, p: int, p_in: np.ndarray, p_call: np.ndarray, vcall: np.ndarray,
                best: bool) -> np.ndarray:
        """Player p's value of every node: its own moves mixed by (p_in, p_call), or the best
        of them when ``best``; the other's moves summed (their weight is in the reach)."""
        mine_all = (self.mover == p)[:, None]
        acc = np.zeros((self.N, self.k[p]), self.dtype)
        top = np.full((self.N, self.k[p]), -np.inf, self.dtype)
        v = np.zeros((self.N, self.k[p]), self.dtype)
        for b in range(self.n - 1, -1, -1):
            node, par = slice(1 << b, 2 << b), slice(0, 1 << b)
            mine = mine_all[node]
            call = np.where(mine, vcall[node] if best else vcall[node] * p_call[node], vcall[node])
            if best:
                v[node] = np.where(mine, np.maximum(top[node], call), acc[node] + call)
            else:
                v[node] = acc[node] + call
            pm = mine_all[par]
            if best:
                top[par] = np.where(pm, np.maximum(top[par], v[node]), top[par])
                acc[par] += np.where(pm, 0.0, v[node])
            else:
                acc[par] += v[node] * np.where(pm, p_in[node], 1.0)
        v[0] = np.where(mine_all[0], top[0], acc[0]) if best else acc[0]
        return v

    def iterate(self, rounds: int) -> None:
        for _ in range(rounds):
            self.iterations += 1
            for p in (0, 1):
                self._update(p, float(self.iterations) ** 2)

    def _update(self, p: int, weight: float) -> None:
        p_in, p_call = self.current()
        r_other = self.reach(1 - p, p_in)
        vcall = self.call_values(p, r_other, p_call)
        v = self._values(p, p_in, p_call, vcall, best=False)
        mine = (self.mover == p)[:, None]
        self.r_call = np.where(mine, np.maximum(self.r_call + vcall - v, 0.0), self.r_call)
        self.r_call[0] = 0.0
        r_own = self.reach(p, p_in)
        self.a_call += np.where(mine, weight * r_own * p_call, 0.0)
        for b in range(self.n):
            node, par = slice(1 << b, 2 << b), slice(0, 1 << b)
            pm = mine[par]
            self.r_in[node] = np.where(pm, np.maximum(self.r_in[node] + v[node] - v[par], 0.0),
                                       self.r_in[node])
            self.a_in[node] += np.where(pm, weight * r_own[par] * p_in[node], 0.0)

    # --- the value's bounds ----------------------------------------------------------------

    def best_response(self, p: int, strat: tuple[np.ndarray, np.ndarray]) -> float:
        """Player p's expected score playing a best response to the other seat's ``strat``."""
        p_in, p_call = strat
        r_other = self.reach(1 - p, p_in)
        vcall = self.call_values(p, r_other, p_call)
        v = self._values(p, p_in, p_call, vcall, best=True)
        return float(self.w[p] @ v[0])

    def bounds(self, strat: tuple[np.ndarray, np.ndarray] | None = None) -> tuple[float, float]:
        strat = strat or self.average()
        return -self.best_response(1, strat), self.best_response(0, strat)

    def solve(self, gap: float, most: int = 5000, step: int = 50,
              log: Callable[[str], None] | None = None,
              checkpoint: str | None = None) -> tuple[float, float]:
        """Iterate until the bounds are within ``gap`` (or ``most`` iterations); with
        ``checkpoint`` a file that keeps the state after every step (and resumes from it)."""
        if checkpoint and os.path.exists(checkpoint):
            self.load(checkpoint)
        lo, up = self.bounds() if self.iterations else (-1.0, 1.0)
        while up - lo > gap and self.iterations < most:
            t0 = time.time()
            self.iterate(step)
            lo, up = self.bounds()
            if checkpoint:
                self.save(checkpoint)
            if log:
                log(f"  {self.iterations} iterations, value in [{lo:+.8f}, {up:+.8f}] "
                    f"(gap {up - lo:.2e}), {time.time() - t0:.1f} s")
        return lo, up

    def save(self, path: str) -> None:
        tmp = path + ".tmp.npz"
        np.savez(tmp, r_in=self.r_in, r_call=self.r_call, a_in=self.a_in, a_call=self.a_call,
                 iterations=self.iterations, n=self.n)
        os.replace(tmp, path)

    def load(self, path: str) -> None:
        with np.load(path) as z:
            if int(z["n"]) != self.n or z["r_in"].shape != self.r_in.shape:
                raise ValueError(f"{path} is the state of another game")
            self.r_in, self.r_call = z["r_in"], z["r_call"]
            self.a_in, self.a_call = z["a_in"], z["a_call"]
            self.iterations = int(z["iterations"])
        self._average = None  # another state: the cached average is not its

    # --- the solution --------------------------------------------------------------------

    def node_of(self, h: Hist) -> int:
        return sum(1 << a for a in h)

    def policy(self, h: Hist) -> list[list[float]]:
        """The average strategy at h as ``Game.policy`` rows (for the pure-Python checks)."""
        p_in, p_call = self.average()
        s = self.node_of(h)
        rows = []
        for i in range(self.k[len(h) % 2]):
            row = [] if not h else [float(p_call[s, i])]
            row += [float(p_in[s + (1 << b), i]) for b in range(h[-1] + 1 if h else 0, self.n)]
            rows.append(row)
        return rows


def support_tree(solver: TreeCFR, seat: int, floor: float) -> set[Hist]:
    """Every history ``seat`` reaches playing only the average strategy's moves of at least
    ``floor`` (per own hand) while the other seat plays anything: the restricted tree of the
    one-sided LP (endgame_lp.guarantee), whose solution then holds against every reply."""
    p_in, _ = solver.average()
    reach = np.zeros((solver.N, solver.k[seat]), dtype=bool)
    reach[0] = True
    for b in range(solver.n):
        node, par = slice(1 << b, 2 << b), slice(0, 1 << b)
        mine = (solver.mover[par] == seat)[:, None]
        reach[node] = reach[par] & np.where(mine, p_in[node] >= floor, True)
    return {tuple(b for b in range(solver.n) if S >> b & 1)
            for S in np.nonzero(reach.any(1))[0].tolist()}


def solve_exactly(game: Game, iterations: int, floors: tuple[float, ...], checkpoint: str,
                  log: Callable[[str], None]) -> tuple[float, float, int]:
    """The build of a 1v1 with jokers or *En slags*: CFR+ over the whole tree for
    ``iterations`` (resuming from ``checkpoint``), then for each seat the exact LP over the
    histories it reaches with the moves CFR+ plays at least a floor of the time, the other seat
    free; the first of ``floors`` whose two guarantees meet within endgame_lp.GAP is the
    solution.  Sets ``game.policy`` to the two LPs' strategies and returns (lower, upper,
    CFR+'s iterations)."""
    from engine.snyd.endgame_lp import GAP, guarantee
    # a ladder past 20 bids (jokers and En slags: 24) in float32: 2^24 nodes, 0.4 GB an array
    solver = TreeCFR(game, np.float32 if game.n > 20 else np.float64)
    solver.solve(0.0, most=iterations, step=100, log=log, checkpoint=checkpoint)
    for floor in floors:
        (lower, first), (upper, second) = (
            guarantee(game, seat, support_tree(solver, seat, floor)) for seat in (0, 1))
        log(f"  moves CFR+ plays {floor:.0%} of the time or more: the first bidder guarantees "
            f"{lower:+.3e} ({len(first.tree)} histories), the other {upper:+.3e} "
            f"({len(second.tree)})")
        if upper - lower <= GAP:
            break
    game.policy = lambda h: (first, second)[len(h) % 2].policy(h)  # type: ignore[method-assign]
    return lower, upper, solver.iterations
