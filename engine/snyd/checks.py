"""Checks for values that come from outside the engine (UI, saves, a peer's device).

Each returns the value it accepts (sometimes in the engine's own type) or raises an
``IllegalAction`` with a message for a player; none of them ever raises anything else.
A bid's check, ``bid_of``, lives beside ``Bid`` in ``bid.py``: this module knows no bid, so
``bid.py`` can use these checks without an import circle.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import IllegalAction, shown
from engine.snyd.rules import Rules

MAX_PLAYERS = 8  # S1
MAX_DICE = 6  # S1: dice per player


def is_list(value: Any) -> bool:
    """A sequence of items (a str or bytes is one value, not a list of letters)."""
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray))


def rules_of(rules: Any) -> Rules:
    """A ``Rules``, or its dict (``Rules.to_dict()``)."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, Mapping):
        return Rules.from_dict(dict(rules))
    raise IllegalAction(f"Husreglerne skal være en Rules, ikke {shown(rules)} (rules must be Rules)")


def hand_of(hand: Any) -> list[int]:
    """One cup: at most 6 dice, each 1–6."""
    if (not is_list(hand) or len(hand) > MAX_DICE
            or any(type(d) is not int or not 1 <= d <= 6 for d in hand)):
        raise IllegalAction(
            f"Et bæger har højst {MAX_DICE} terninger med 1–6 øjne, ikke {shown(hand)} "
            "(a hand is at most 6 dice, each 1–6)"
        )
    return list(hand)


def hands_of(hands: Any) -> list[list[int]]:
    """The cups on a table: one hand per player, at most 8."""
    if not is_list(hands) or len(hands) > MAX_PLAYERS:
        raise IllegalAction(
            f"Bordet har højst {MAX_PLAYERS} bægre, ikke {shown(hands)} (hands: one list per player)"
        )
    return [hand_of(h) for h in hands]


def whole(value: Any, low: int, high: int, what: str) -> int:
    """A whole number from ``low`` to ``high``; ``what`` names it in Danish (and English)."""
    if type(value) is not int or not low <= value <= high:
        raise IllegalAction(f"{what} skal være et helt tal fra {low} til {high}, ikke {shown(value)} "
                            f"(a whole number {low}–{high})")
    return value


def dice_counts_of(counts: Any) -> list[int]:
    """Dice per player (0 for a player who is out), as a list or a dict player -> dice."""
    values = list(counts.values()) if isinstance(counts, Mapping) else counts
    if not is_list(values) or len(values) > MAX_PLAYERS:
        raise IllegalAction(
            f"Terninger pr. spiller skal være en liste med højst {MAX_PLAYERS} tal, ikke "
            f"{shown(counts)} (dice counts: one per player)"
        )
    return [whole(n, 0, MAX_DICE, "Antal terninger (dice count)") for n in values]
