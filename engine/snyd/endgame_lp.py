"""The exact build of the larger heads-up endgames (2v1, 1v2; issue 22): the sequence-form LP
(Koller–Megiddo) solved by HiGHS, inside a double oracle over the public tree.

BUILD ONLY: this module imports numpy and SciPy (``pip install -e '.[endgame]'``, done by
``make endgame``).  Neither the app (Pyodide) nor the tests import it: they check the shipped
tables with the pure-Python best responses of ``engine.snyd.endgame.Game``.

Why a double oracle: the public tree of 2v1 under *Ettere uden jokere* has 2^18 histories, so
its sequence form is millions of sequences; the equilibrium uses a few thousand.  The loop:

1. a *restricted* tree (a prefix-closed set of bid histories; *Løft* is always allowed at a
   non-empty history, so every history is a legal place to stop) — at first the root and the
   openings;
2. the sequence-form LP of the game restricted to that tree gives both players' equilibrium
   strategies there (player 0's from the primal, player 1's from the duals);
3. outside the tree a strategy calls (*Løft*);
4. each player's exact best response over the *whole* tree (every raise) to the other's
   strategy: the two values bound the game's value (lower ≤ value ≤ upper);
5. the histories the best responses play are added to the tree; repeat until upper − lower
   ≤ ``GAP`` (or no history is new: then the restricted equilibrium is one of the whole game).
"""
from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
from scipy import sparse
from scipy.optimize import linprog

from engine.snyd.endgame import CALL, Game

GAP = 1e-9
Hist = tuple[int, ...]


class Solved:
    """The double oracle's result: ``rows(p, h)`` the behaviour strategy per own hand."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.n = (len(game.hands[0]), len(game.hands[1]))
        self.w = (np.array(game.prob[0]), np.array(game.prob[1]))
        # H[k][i, j]: bid k holds with player 0's hand i and player 1's hand j
        self.H = [np.array([[j in set(tj) for j in range(self.n[1])] for tj in game.T[k][0]],
                           dtype=float) for k in range(game.n)]
        self.tree: set[Hist] = {()} | {(a,) for a in range(game.n)}
        self.strat: tuple[dict[Hist, np.ndarray], dict[Hist, np.ndarray]] = ({}, {})
        self.value = 0.0
        self.bounds = (-1.0, 1.0)
        self.rounds = 0

    # --- the restricted LP ----------------------------------------------------------------

    def _sure(self, h: Hist, p: int) -> np.ndarray:
        """Per hand of p: the bid h[-1] cannot hold (calling wins surely)."""
        if not h:
            return np.zeros(self.n[p], dtype=bool)
        return np.array(self.game.chance[h[-1]][p]) == 0

    def solve_restricted(self) -> None:
        game, n = self.game, self.n
        order = sorted(self.tree, key=lambda h: (len(h), h))
        children: dict[Hist, list[int]] = {}
        for h in order:
            if h:
                children.setdefault(h[:-1], []).append(h[-1])
        cols = [0, 0]
        seq: tuple[dict[Hist, np.ndarray], dict[Hist, np.ndarray]] = ({}, {})

        def new(p: int, key: Hist, mask: np.ndarray) -> np.ndarray:
            ids = np.full(n[p], -1)
            k = int(mask.sum())
            ids[mask] = np.arange(cols[p], cols[p] + k)
            cols[p] += k
            seq[p][key] = ids
            return ids

        # rows of E (p=0) and F (p=1): (parent ids, [child ids]) per infoset, per hand
        rows: tuple[list, list] = ([], [])
        for p in (0, 1):
            new(p, (), np.ones(n[p], dtype=bool))
        self.infosets: list[tuple[int, Hist, np.ndarray, list[tuple[int, np.ndarray]]]] = []
        for h in order:
            p = len(h) % 2
            parent = h[:-1] if len(h) >= 2 else ()
            pids = seq[p][parent]
            here = pids >= 0
            sure = self._sure(h, p)
            kids = []
            if h:
                kids.append((CALL, new(p, h + (CALL,), here)))
            for a in children.get(h, []):
                kids.append((a, new(p, h + (a,), here & ~sure)))
            self.infosets.append((p, h, pids, kids))
            for i in np.nonzero(here)[0]:
                rows[p].append((pids[i], [ids[i] for _, ids in kids if ids[i] >= 0]))
        n0, n1 = cols
        # payoff to player 0: A[x0 sequence, x1 sequence]
        ai, aj, av = [], [], []
        for h in order:
            if not h:
                continue
            c = len(h) % 2
            k = h[-1]
            sign = 1.0 if c == 1 else -1.0  # the bidder is 1 - c
            pay = sign * (2 * self.H[k] - 1) * np.outer(self.w[0], self.w[1])
            ids0 = seq[0][h + (CALL,)] if c == 0 else seq[0][h]
            ids1 = seq[1][h + (CALL,)] if c == 1 else seq[1][h]
            ok0, ok1 = ids0 >= 0, ids1 >= 0
            if not ok0.any() or not ok1.any():
                continue
            sub = pay[np.ix_(ok0, ok1)]
            ii, jj = np.meshgrid(ids0[ok0], ids1[ok1], indexing="ij")
            ai.append(ii.ravel())
            aj.append(jj.ravel())
            av.append(sub.ravel())
        A = sparse.csr_matrix((np.concatenate(av), (np.concatenate(ai), np.concatenate(aj))),
                              shape=(n0, n1))

        def constraint(p: int, width: int) -> tuple[sparse.csr_matrix, np.ndarray]:
            ri, ci, cv = [], [], []
            rhs = []
            r = 0
            for i, sid in enumerate(seq[p][()]):  # the root: x[i, ()] = 1
                ri.append(r)
                ci.append(sid)
                cv.append(1.0)
                rhs.append(1.0)
                r += 1
            for parent, kids in rows[p]:
                ri.append(r)
                ci.append(parent)
                cv.append(-1.0)
                for c in kids:
                    ri.append(r)
                    ci.append(c)
                    cv.append(1.0)
                rhs.append(0.0)
                r += 1
            return (sparse.csr_matrix((cv, (ri, ci)), shape=(r, width)), np.array(rhs))

        E, e = constraint(0, n0)
        F, f = constraint(1, n1)
        m1 = F.shape[0]
        # max f.u  s.t.  F^T u - A^T x <= 0,  E x = e,  x >= 0,  u free
        c = np.concatenate([np.zeros(n0), -f])
        A_ub = sparse.hstack([-A.T, F.T]).tocsr()
        A_eq = sparse.hstack([E, sparse.csr_matrix((E.shape[0], m1))]).tocsr()
        res = linprog(c, A_ub=A_ub, b_ub=np.zeros(n1), A_eq=A_eq, b_eq=e,
                      bounds=[(0, None)] * n0 + [(None, None)] * m1, method="highs")
        if res.status != 0:
            raise RuntimeError(f"HiGHS: {res.message}")
        x = res.x[:n0]
        y = -res.ineqlin.marginals
        self.value = -res.fun
        self.sizes = (n0, n1, A.nnz)
        self.strat = ({}, {})
        for p, h, pids, kids in self.infosets:
            real = x if p == 0 else y
            par = np.where(pids >= 0, real[np.maximum(pids, 0)], 0.0)
            acts = game.actions(h)
            M = np.zeros((n[p], len(acts)))
            for a, ids in kids:
                ai_ = acts.index(a)
                M[:, ai_] = np.where(ids >= 0, real[np.maximum(ids, 0)], 0.0)
            M = np.maximum(M, 0.0)
            tot = M.sum(1)
            good = (par > 1e-12) & (tot > 0)
            M[good] /= tot[good, None]
            M[~good] = 0.0
            M[~good, 0] = 1.0  # unreached: call (the opening: the lowest bid)
            self.strat[p][h] = M

    # --- best responses over the whole tree -----------------------------------------------

    def _term(self, k: int, p: int, bidder: int, ro: np.ndarray) -> np.ndarray:
        M = self.H[k] if p == 0 else self.H[k].T
        sign = 1.0 if bidder == p else -1.0
        return sign * (2 * (M @ ro) - ro.sum())

    def best_response(self, p: int) -> tuple[float, set[Hist]]:
        """Player p's best-response score against the other's strategy (calling outside the
        tree), and the histories that best response plays."""
        game, other = self.game, self.strat[1 - p]
        best: dict[Hist, np.ndarray] = {}

        def rec(h: Hist, ro: np.ndarray) -> np.ndarray:
            acts = game.actions(h)
            if len(h) % 2 == p:
                V = np.array([self._term(h[-1], p, 1 - p, ro) if a == CALL else rec(h + (a,), ro)
                              for a in acts])
                best[h] = V.argmax(0)
                return V.max(0)
            S = other.get(h)
            if S is None:
                return self._term(h[-1], p, p, ro)  # the other calls
            out = np.zeros(self.n[p])
            for ai, a in enumerate(acts):
                ro2 = ro * S[:, ai]
                if not ro2.any():
                    continue
                out += self._term(h[-1], p, p, ro2) if a == CALL else rec(h + (a,), ro2)
            return out

        v = float(self.w[p] @ rec((), self.w[1 - p].copy()))
        new: set[Hist] = set()

        def collect(h: Hist, mine: np.ndarray, ro: np.ndarray) -> None:
            acts = game.actions(h)
            if len(h) % 2 == p:
                b = best.get(h)
                if b is None:
                    return
                for ai in set(b[mine].tolist()):
                    if acts[ai] != CALL:
                        g = h + (acts[ai],)
                        if g not in self.tree:
                            new.add(g)
                        collect(g, mine & (b == ai), ro)
                return
            S = other.get(h)
            if S is None:
                return
            for ai, a in enumerate(acts):
                ro2 = ro & (S[:, ai] > 0)
                if a != CALL and ro2.any():
                    collect(h + (a,), mine, ro2)

        collect((), np.ones(self.n[p], dtype=bool), self.w[1 - p] > 0)
        return v, new

    def solve(self, gap: float = GAP, most: int = 200,
              log: Callable[[str], None] | None = None) -> tuple[float, float]:
        while True:
            t0 = time.time()
            self.rounds += 1
            self.solve_restricted()
            up, new0 = self.best_response(0)
            down, new1 = self.best_response(1)
            lo = -down
            self.bounds = (lo, up)
            if log:
                log(f"  round {self.rounds}: tree {len(self.tree)} histories, LP {self.sizes}, "
                    f"value {self.value:+.10f} in [{lo:+.10f}, {up:+.10f}], "
                    f"{time.time() - t0:.1f} s")
            new = new0 | new1
            if up - lo <= gap or not new or self.rounds >= most:
                return lo, up
            self.tree |= new

    # --- the solution as a Game's policy (for endgame.table_lines) -------------------------

    def policy(self, h: Hist) -> list[list[float]]:
        p = len(h) % 2
        S = self.strat[p].get(h)
        if S is None:
            width = len(self.game.actions(h))
            return [[1.0] + [0.0] * (width - 1) for _ in range(self.n[p])]
        return S.tolist()


def solve_game(game: Game, gap: float = GAP, log: Callable[[str], None] | None = None
               ) -> Solved:
    """Solve ``game`` by the double oracle; ``game.policy`` becomes the solution's."""
    solved = Solved(game)
    solved.solve(gap=gap, log=log)
    game.policy = solved.policy  # type: ignore[method-assign]
    return solved


def guarantee(game: Game, seat: int, tree: set[Hist]) -> tuple[float, Solved]:
    """The sequence-form LP over ``tree`` (endgame_cfr.support_tree: ``seat`` restricted to some
    moves, the other seat free), and what ``seat``'s solution guarantees over the *whole* tree:
    the exact best response's value to it (player 0's score: a lower bound on the game's value
    for seat 0, an upper bound for seat 1)."""
    solved = Solved(game)
    solved.tree = set(tree)
    solved.solve_restricted()
    score, _ = solved.best_response(1 - seat)
    return (-score if seat == 0 else score), solved
