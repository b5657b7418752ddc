"""The dice every table throws: seeded or scripted, and the checks for names and seeds.

Shared by Snyd, Bakke and Treere. A table owns one ``Dice``; every throw goes through it, so a
table built again from its seed (``Table.replay``) throws exactly the same faces, and a test can
script the faces instead (``Dice(seed, scripted=[6, 6, 1, ...])``).

    >>> d = Dice(seed=1, scripted=[6, 3])
    >>> d.throw(2)
    [6, 3]
    >>> len(d.throw(5))
    5
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from engine.errors import IllegalAction, shown

FACES = (1, 2, 3, 4, 5, 6)
MAX_SCRIPTED = 10_000  # faces a scripted table may be given up front (input from outside)


def seed_of(seed: Any) -> int | str | None:
    """A random seed: None, an int under 2**63, or a short text (it goes into logs and saves)."""
    if seed is None or (type(seed) is int and abs(seed) < 2**63):
        return seed
    if type(seed) is str and len(seed) <= 100:
        try:
            seed.encode()  # random.Random(str) encodes it: a lone surrogate cannot be
        except UnicodeEncodeError:
            pass
        else:
            return seed
    raise IllegalAction("seed skal være et tal eller en kort tekst (seed must be an int or a short str)")


def scripted_faces(dice: Any) -> list[int]:
    """A scripted list of faces 1–6 from outside (a list, tuple or other finite iterable)."""
    if isinstance(dice, (str, bytes, bytearray)) or not isinstance(dice, Iterable):
        raise IllegalAction(f"Terningerne skal være en liste af øjne, ikke {shown(dice)} (dice must be faces)")
    faces: list[int] = []
    for face in dice:
        if type(face) is not int or face not in FACES:
            raise IllegalAction(f"Et terningøje er 1–6, ikke {shown(face)} (a face is 1-6)")
        faces.append(face)
        if len(faces) > MAX_SCRIPTED:
            raise IllegalAction(f"Højst {MAX_SCRIPTED} terninger i et manuskript (too many scripted dice)")
    return faces


class Dice:
    """The table's dice: scripted faces first (in order), then its own ``random.Random(seed)``."""

    def __init__(self, seed: int | str | None = None, scripted: Iterable[int] | None = None) -> None:
        seed = seed_of(seed)
        # A table without a seed draws one, so that its log still replays exactly.
        self.seed: int | str = random.Random().getrandbits(63) if seed is None else seed
        self.scripted: list[int] = [] if scripted is None else scripted_faces(scripted)
        self._rng = random.Random(self.seed)
        self._next = 0  # how many scripted faces have been used

    def throw(self, n: int) -> list[int]:
        """``n`` faces, in the order they land."""
        faces = self.scripted[self._next:self._next + n]
        self._next += len(faces)
        faces += [self._rng.randint(1, 6) for _ in range(n - len(faces))]
        return faces

    def choose(self, options: Sequence[str]) -> str:
        """One of ``options``, drawn from the same RNG as the faces (never from the script):
        Snyd's table draws who opens the evening's first round so."""
        return self._rng.choice(options)

    @property
    def used(self) -> int:
        """Scripted faces used so far (saves keep it, so a resumed script goes on where it was)."""
        return self._next

    def state(self) -> tuple[Any, ...]:
        """Everything that decides the faces to come, for a table's ``==`` (replay tests):
        two ``Dice`` with equal states throw the same faces from here on."""
        return (self.seed, tuple(self.scripted), self._next, self._rng.getstate())


def check_name(name: object) -> str:
    """A player's name: a non-empty text."""
    if not isinstance(name, str) or not name:
        raise IllegalAction("Hver spiller skal have et navn (every player needs a non-empty name)")
    return name


def check_players(players: Any, least: int = 2, most: int = 8) -> tuple[str, ...]:
    """Between ``least`` and ``most`` distinct names, in seat order."""
    if isinstance(players, (str, bytes, bytearray)) or not isinstance(players, Sequence):
        raise IllegalAction("Spillerne skal være en liste af navne (players must be a list of names)")
    if not least <= len(players) <= most:
        raise IllegalAction(f"Der skal være {least}–{most} spillere, ikke {len(players)} ({least}–{most} players)")
    names = tuple(check_name(p) for p in players)
    if len(set(names)) != len(names):
        raise IllegalAction("To spillere har samme navn (player names must be unique)")
    return names


def seat_order(players: Sequence[str], first: str | None) -> list[str]:
    """The players in turn order starting with ``first`` (or seat order when None)."""
    if first is None:
        return list(players)
    if first not in players:
        raise IllegalAction(f"{shown(first)} sidder ikke ved bordet (first is not at the table)")
    i = players.index(first)
    return list(players[i:]) + list(players[:i])
