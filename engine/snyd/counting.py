"""Counting the table on *Løft* (S7, S10–S17)."""
from __future__ import annotations

from collections.abc import Sequence

from engine.errors import IllegalAction
from engine.snyd.bid import Bid, bid_of, face_problem
from engine.snyd.checks import hand_of, hands_of, rules_of
from engine.snyd.rules import Rules

Hands = Sequence[Sequence[int]]


def special_value(hand: Sequence[int], rules: Rules) -> int | None:
    """What a special hand counts as (S11 1+2 = 3, S12 lone 1 = 2, S13 stairs = k+1), else None.

    Specials are joker rules: none under *Ettere uden jokere* (S15).
    """
    return _special(hand_of(hand), rules_of(rules))


def _special(hand: Sequence[int], rules: Rules) -> int | None:
    k = len(hand)
    if not rules.jokers or k == 0 or (k >= 3 and not rules.stairs):
        return None
    if sorted(hand) == list(range(1, k + 1)):
        return k + 1
    return None


def hand_count(hand: Sequence[int], face: int, rules: Rules) -> int:
    """How many of ``face`` one hand shows (S14: a special replaces its plain count)."""
    special = _special(hand, rules)
    if special is not None:
        return special
    jokers = hand.count(1) if rules.jokers and face != 1 else 0
    return hand.count(face) + jokers


def is_present(hands: Hands, face: int, rules: Rules) -> bool:
    """S16: some die shows ``face`` itself, outside special hands (decision in docs/rules.md)."""
    return any(face in hand for hand in hands if _special(hand, rules) is None)


def best_face(hands: Hands, rules: Rules) -> int | None:
    """The face "af en slags" counts (S17): the highest count, ties to the higher face.

    Under *Til stede* only present faces are considered; None when none is.
    """
    return _best_face(hands_of(hands), rules_of(rules))


def _best_face(hands: Hands, rules: Rules) -> int | None:
    faces = [f for f in rules.biddable_faces if not rules.present or is_present(hands, f, rules)]
    if not faces:
        return None
    return max(faces, key=lambda f: (sum(hand_count(h, f, rules) for h in hands), f))


def _face_for(hands: Hands, bid: Bid, rules: Rules) -> int | None:
    problem = face_problem(bid, rules)
    if problem is not None:
        raise IllegalAction(problem)
    return bid.face if bid.face is not None else _best_face(hands, rules)


def _checked(hands: object, bid: object, rules: object) -> tuple[list[list[int]], Bid, Rules]:
    return hands_of(hands), bid_of(bid), rules_of(rules)


def counted(hands: Hands, bid: Bid, rules: Rules) -> int:
    """How many the table shows for ``bid`` (S10–S17); ``hands`` = one list per player."""
    hands, bid, rules = _checked(hands, bid, rules)
    face = _face_for(hands, bid, rules)
    if face is None:
        return 0
    return sum(hand_count(h, face, rules) for h in hands)


def holds(hands: Hands, bid: Bid, rules: Rules) -> bool:
    """Whether ``bid`` holds: enough counted, and with *Til stede* the face is present (S16)."""
    hands, bid, rules = _checked(hands, bid, rules)
    face = _face_for(hands, bid, rules)
    if face is None:
        return False
    if sum(hand_count(h, face, rules) for h in hands) < bid.quantity:
        return False
    return not rules.present or is_present(hands, face, rules)


def counting_dice(hands: Hands, bid: Bid, rules: Rules) -> list[list[int]]:
    """Per hand, the indexes of the dice that count (the golden rings, S7).

    A special hand counts as a whole, so all its dice get a ring.
    """
    hands, bid, rules = _checked(hands, bid, rules)
    face = _face_for(hands, bid, rules)
    out: list[list[int]] = []
    for hand in hands:
        if face is None:
            out.append([])
        elif _special(hand, rules) is not None:
            out.append(list(range(len(hand))))
        else:
            wild = rules.jokers and face != 1
            out.append([i for i, d in enumerate(hand) if d == face or (wild and d == 1)])
    return out
