"""Counting a Treere score (T1, T7): the sum of the dice set aside, the zero face counting 0."""
from __future__ import annotations

from collections.abc import Iterable

DICE = 5  # T1: five dice


def face_value(face: int, zero_face: int = 3) -> int:
    """What one die counts: 0 for the zero face (a 3 unless T7 chose another), else its pips."""
    return 0 if face == zero_face else face


def score(faces: Iterable[int], zero_face: int = 3) -> int:
    """The score of the dice set aside: lowest wins, zero is perfect.

    >>> score([3, 3, 1, 2, 6])
    9
    >>> score([6, 6, 6, 6, 6], zero_face=6)
    0
    """
    return sum(face_value(f, zero_face) for f in faces)
