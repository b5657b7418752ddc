"""One random legal step of a Snyd, Bakke or Treere table, for the engine tests that play
random evenings through all three games (test_events_from, test_contract)."""
from __future__ import annotations

import random
from typing import Any

from snyd_play import random_action as snyd_action


def step(game: str, t: Any, rng: random.Random) -> None:
    """One random legal change of the table (a deal, a bid, a throw, a keep, a new game …)."""
    if game == "snyd":
        if t.phase != "bidding":
            t.deal()
        else:
            t.act(t.turn, snyd_action(t, rng))
    elif game == "bakke":
        if t.phase == "over":
            t.act(rng.choice(t.players), {"type": "new_game"})
            return
        callers = [p for p in t.players if t.fejl_targets(p)]
        if callers and rng.random() < 0.05:
            caller = rng.choice(callers)
            t.act(caller, {"type": "fejl", "against": rng.choice(t.fejl_targets(caller))})
            return
        kinds = [k for k in t.legal(t.turn) if k not in ("fejl", "new_game")]
        t.act(t.turn, {"type": rng.choice(kinds)})
    elif t.phase == "over":
        t.act(rng.choice(t.players), {"type": "new_game"})
    elif not t.rolled:
        t.act(t.turn, {"type": "roll"})
    else:
        n = len(t.rolled)
        t.act(t.turn, {"type": "keep", "dice": rng.sample(range(n), rng.randint(1, n))})
