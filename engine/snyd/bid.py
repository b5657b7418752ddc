"""Bids and their order (S4, S6, S15, S17, S18, S41)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import IllegalAction, shown
from engine.snyd.checks import dice_counts_of, rules_of, whole
from engine.snyd.rules import Rules

_FACE_NAMES = {1: "ettere", 2: "toere", 3: "treere", 4: "firere", 5: "femmere", 6: "seksere"}

# No table can show more: 8 players (S1) with 6 dice each, each hand a special worth one more.
MAX_QUANTITY = 8 * 7


@dataclass(frozen=True)
class Bid:
    """``quantity`` dice showing ``face`` on the whole table; ``face=None`` is "af en slags" (S17).

    >>> Bid(5, 5)
    Bid(quantity=5, face=5)
    """

    quantity: int
    face: int | None

    def __post_init__(self) -> None:
        if type(self.quantity) is not int or not 1 <= self.quantity <= MAX_QUANTITY:
            raise IllegalAction(
                f"Antallet skal være et helt tal fra 1 til {MAX_QUANTITY}, ikke "
                f"{shown(self.quantity)} (quantity must be a whole number 1–{MAX_QUANTITY})"
            )
        if self.face is not None and (type(self.face) is not int or not 1 <= self.face <= 6):
            raise IllegalAction(
                f"Øjnene skal være 1–6 (eller ingen for 'af en slags'), ikke {shown(self.face)} "
                "(face must be 1–6, or None for of-a-kind)"
            )

    def __str__(self) -> str:
        what = "af en slags" if self.face is None else _FACE_NAMES[self.face]
        return f"{self.quantity} {what}"

    def to_dict(self) -> dict[str, Any]:
        return {"quantity": self.quantity, "face": self.face}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Bid:
        if not isinstance(d, Mapping) or "quantity" not in d or "face" not in d:
            raise IllegalAction(
                "Et bud skal have antal og øjne (a bid needs 'quantity' and 'face')"
            )
        return cls(d["quantity"], d["face"])


def bid_of(bid: Any) -> Bid:
    """A ``Bid``, or its dict ``{"quantity": q, "face": f}`` (face None = af en slags); the
    check for a bid from outside (UI, saves, a peer), as ``checks.py`` has for the rest."""
    if isinstance(bid, Bid):
        return bid
    if isinstance(bid, Mapping):
        return Bid.from_dict(bid)
    raise IllegalAction(f"Et bud skal have antal og øjne, ikke {shown(bid)} (a bid must be a Bid)")


def bid_rank(bid: Bid, rules: Rules) -> tuple[int, int]:
    """A sortable key: more dice, or the same quantity with higher face (S6).

    "N af en slags" ranks just below N of the lowest face and above N-1 of the
    highest (S17), so it gets face rank 0.  Ones rank lowest when biddable (S15).
    """
    _need_bid(bid)
    return (bid.quantity, 0 if bid.face is None else bid.face)


def _need_bid(bid: Any, none_ok: bool = False) -> None:
    if not (isinstance(bid, Bid) or (none_ok and bid is None)):
        raise IllegalAction(f"Et bud skal være et Bid, ikke {shown(bid)} (a bid must be a Bid)")


def _cap(cap: Any) -> int:
    return whole(cap, 0, MAX_QUANTITY, "Loftet (the cap)")


def face_problem(bid: Bid, rules: Rules) -> str | None:
    """Why the bid's face is not allowed under ``rules``, or None when it is."""
    if bid.face is None and not rules.of_a_kind:
        return "Man kan ikke byde 'af en slags' uden husreglen En slags (of-a-kind bids are off)"
    if bid.face == 1 and rules.jokers:
        return "Man kan ikke byde på ettere, de er jokere (you cannot bid ones while ones are jokers)"
    return None


def is_legal(bid: Bid, rules: Rules, cap: int | None = None) -> bool:
    """Whether ``bid`` may be made at all under ``rules`` (and within ``cap``, S18)."""
    _need_bid(bid)
    rules = rules_of(rules)
    if cap is not None:
        cap = _cap(cap)
    if face_problem(bid, rules) is not None:
        return False
    return cap is None or bid.quantity <= cap


def is_raise(new: Bid, old: Bid | None, rules: Rules) -> bool:
    """True only if ``new`` is a legal bid under ``rules`` that ranks above ``old``.

    ``old=None`` means an opening: any legal bid.  The S18 cap depends on the
    dice on the table, so it is checked by the table (see ``raises``/``max_quantity``).
    """
    _need_bid(old, none_ok=True)
    rules = rules_of(rules)
    if not isinstance(new, Bid) or not is_legal(new, rules):
        return False
    return old is None or bid_rank(new, rules) > bid_rank(old, rules)


def raises(current: Bid | None, rules: Rules, cap: int) -> list[Bid]:
    """Every legal bid above ``current`` (any opening when None), quantity ≤ cap, ascending."""
    _need_bid(current, none_ok=True)
    rules, cap = rules_of(rules), _cap(cap)
    faces = _bid_faces(rules)
    every = _all_bids(faces, cap)
    if current is None:
        return list(every)
    if current.face in faces:  # the usual case: slice the ladder just above ``current``
        start = (current.quantity - 1) * len(faces) + faces.index(current.face) + 1
        return list(every[start:])
    # ``current`` is not a bid under these rules: compare ranks instead.
    return [b for b in every if bid_rank(b, rules) > bid_rank(current, rules)]


def _bid_faces(rules: Rules) -> tuple[int | None, ...]:
    # "af en slags" ranks below the lowest face of the same quantity (S17).
    return ((None,) if rules.of_a_kind else ()) + rules.biddable_faces


_LADDERS: dict[tuple[tuple[int | None, ...], int], tuple[Bid, ...]] = {}


def _all_bids(faces: tuple[int | None, ...], cap: int) -> tuple[Bid, ...]:
    """Every bid up to ``cap`` in rank order; cached, since bots ask on every turn."""
    key = (faces, cap)
    ladder = _LADDERS.get(key)
    if ladder is None:
        ladder = tuple(Bid(q, f) for q in range(1, cap + 1) for f in faces)
        _LADDERS[key] = ladder
    return ladder


def max_quantity(dice_counts: Iterable[int] | Mapping[str, int], rules: Rules) -> int:
    """The S18 cap: what the table could possibly show.

    ``dice_counts`` has one entry per player in the current game (players who are
    out count 0); a dict player → dice is accepted too.  Each player adds their
    dice, plus one where a special hand (S11–S13) is possible for that many dice.
    Under *Skjult antal* (S43) the cap is the dice the game started with.
    """
    counts = dice_counts_of(dice_counts)
    rules = rules_of(rules)
    if rules.hidden_count:
        return len(counts) * rules.dice_per_player
    return sum(n + (1 if special_possible(n, rules) else 0) for n in counts)


def special_possible(n_dice: int, rules: Rules) -> bool:
    """Whether a hand of ``n_dice`` dice can form 1+2, a lone 1 or a stair (S11–S13, S15)."""
    if not rules.jokers or n_dice < 1:
        return False
    return n_dice <= 2 or (rules.stairs and n_dice <= 6)


def lowest_bid(rules: Rules) -> Bid:
    """The bid an opener makes when their time runs out (S41)."""
    rules = rules_of(rules)
    if rules.of_a_kind:
        return Bid(1, None)
    return Bid(1, rules.biddable_faces[0])
