"""*Øvebord* (S42): exact odds and a suggestion for the player whose view this is.

    advice(view) -> {"current": p | None,
                     "raises": [{"bid": {"quantity", "face"}, "chance": p}, ...],
                     "suggestion": {"type": "call"} | {"type": "bid", "quantity", "face"}}

The chances are exact (odds.chance): own dice known, every other die fair. No help under
*Skjult antal* (it would reveal the count), and none for a player who is not in play. Whether
the player wants help at all is the UI's business.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.snyd.bid import Bid, bid_rank, raises
from engine.snyd.checks import hand_of
from engine.snyd.odds import exact_chance as chance  # the view is checked on the way in
from engine.snyd.rules import Rules
from engine.snyd.view import read_view

RAISES_PER_FACE = 3  # the smallest legal raise on each face and the next two quantities
OPEN_TARGET = 0.6    # a suggested opening: the highest bid on the best face at least this likely


def sensible_raises(current: Bid | None, rules: Rules, cap: int,
                    per_face: int = RAISES_PER_FACE) -> list[Bid]:
    """Per face (and af en slags): the smallest legal raise and a few above it, ascending."""
    taken: dict[int | None, int] = {}
    out = []
    for bid in raises(current, rules, cap):
        if taken.get(bid.face, 0) < per_face:
            taken[bid.face] = taken.get(bid.face, 0) + 1
            out.append(bid)
    return out


def advice(view: dict[str, Any], own_dice: Sequence[int] | None = None) -> dict[str, Any] | None:
    """Odds and a suggestion for `view["me"]`, or None when there is no help to give.

    `own_dice`: the player's dice when the view no longer shows them (*Kig kun én gang*: the UI
    may pass what the player saw); without them the own dice count as unknown.
    A malformed view or ``own_dice`` is an IllegalAction.
    """
    read_view(view)
    if own_dice is not None:
        own_dice = hand_of(own_dice)
    rules = Rules.from_dict(view["rules"])
    me = view["me"]
    if rules.hidden_count or "dice_left" not in view:
        return None
    if view.get("phase") != "bidding" or me not in view.get("in_play", []):
        return None
    own = list(view["my_dice"]) if view.get("my_dice") is not None else list(own_dice or [])
    others = [n for p, n in view["dice_left"].items() if p != me and p in view["in_play"]]
    if not own:
        others.append(view.get("my_dice_count", 0))
    current = Bid.from_dict(view["current_bid"]) if view.get("current_bid") else None
    p_current = chance(current, own, others, rules) if current else None
    if current is None:
        scored = _sensible_openings(own, others, rules, view["max_quantity"])
    else:
        scored = [(chance(b, own, others, rules), b)
                  for b in sensible_raises(current, rules, view["max_quantity"])]
    return {
        "current": p_current,
        "raises": [{"bid": b.to_dict(), "chance": p} for p, b in scored],
        "suggestion": suggest(p_current, scored, rules),
    }


def _sensible_openings(own: list[int], others: list[int], rules: Rules,
                       cap: int) -> list[tuple[float, Bid]]:
    """Per face: the highest opening at least OPEN_TARGET likely and the next two above it
    (an opening of one die is legal but says nothing)."""
    out = []
    faces: list[int | None] = ([None] if rules.of_a_kind else []) + list(rules.biddable_faces)
    for face in faces:
        column = []
        for q in range(1, cap + 1):
            p = chance(Bid(q, face), own, others, rules)
            column.append((p, Bid(q, face)))
            if p < OPEN_TARGET and len(column) >= RAISES_PER_FACE:
                break
        safe = max((i for i, (p, _) in enumerate(column) if p >= OPEN_TARGET), default=0)
        out.extend(column[safe:safe + RAISES_PER_FACE])
    out.sort(key=lambda item: bid_rank(item[1], rules))
    return out


def suggest(p_current: float | None, scored: list[tuple[float, Bid]], rules: Rules) -> dict[str, Any]:
    """*Løft* when the current bid is less likely to hold than the best raise is to fail;
    else the most likely raise (the lowest of equals). An opening: the highest bid at least
    OPEN_TARGET likely, else the likeliest one."""
    if not scored:
        return {"type": "call"}
    if p_current is None:
        safe = [(p, b) for p, b in scored if p >= OPEN_TARGET]
        if safe:
            _, bid = max(safe, key=lambda item: bid_rank(item[1], rules))
        else:
            _, bid = max(scored, key=lambda item: (item[0], [-x for x in bid_rank(item[1], rules)]))
        return {"type": "bid", **bid.to_dict()}
    best_p, best = max(scored, key=lambda item: (round(item[0], 9),
                                                 [-x for x in bid_rank(item[1], rules)]))
    if p_current < 1 - best_p:
        return {"type": "call"}
    return {"type": "bid", **best.to_dict()}
