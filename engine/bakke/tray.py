"""What the dice in the tray do after a throw (B2, B4): pure functions on lists of faces."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class Resolved:
    """The outcome of dice landing in the tray.

    ``ones``: dice that left the game (B2: always first); ``picked``: faces that went into the
    thrower's hand, lowest first, in the order they were picked up; ``tray``: the tray after,
    sorted (at most one die of each face 2–6).
    """

    ones: int
    picked: tuple[int, ...]
    tray: tuple[int, ...]


def resolve(tray: list[int] | tuple[int, ...], faces: list[int] | tuple[int, ...]) -> Resolved:
    """B2: ``faces`` thrown at once into ``tray``; every 1 leaves, then each group of two or more
    alike is picked up, lowest face first.  The tray is resolved as a whole (it is empty after
    B5 allowed the throw, but the rule reads the same either way).

    >>> resolve([], [1, 4, 4, 2, 6, 4])
    Resolved(ones=1, picked=(4, 4, 4), tray=(2, 6))
    """
    counts = Counter([*tray, *faces])
    ones = counts.pop(1, 0)
    picked: list[int] = []
    left: list[int] = []
    for face in sorted(counts):
        if counts[face] >= 2:
            picked += [face] * counts[face]
        else:
            left.append(face)
    return Resolved(ones=ones, picked=tuple(picked), tray=tuple(left))


def drop_one(tray: list[int] | tuple[int, ...], face: int) -> Resolved:
    """B4: one die into ``tray``: a 1 leaves the game, a face already there is picked up with
    its twin, a new face stays.

    >>> drop_one([3, 5], 5)
    Resolved(ones=0, picked=(5, 5), tray=(3,))
    """
    if face == 1:
        return Resolved(ones=1, picked=(), tray=tuple(sorted(tray)))
    if face in tray:
        rest = list(tray)
        rest.remove(face)
        return Resolved(ones=0, picked=(face, face), tray=tuple(sorted(rest)))
    return Resolved(ones=0, picked=(), tray=tuple(sorted([*tray, face])))
