"""The switches of a Treere table (docs/rules.md T1, T6, T7) and the progressive thresholds."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.errors import IllegalAction, shown
from engine.rules_dict import rules_from_dict

# T6 and the seed's second progressive form (docs/rules-decisions.md, Treere):
#   "spil" (or True): round n of a pot is won only with a score of at most n - 1 (0, 1, 2 …);
#   "runder": one round at most 1, then two rounds at most 2, three at most 3 … (1, 2, 2, 3, 3, 3 …).
PROGRESSIONS = (False, True, "spil", "runder")
MAX_ANTE = 100  # units per ante; a bound for input from outside, far above any pub stake


@dataclass(frozen=True)
class Rules:
    """One field per house rule; the defaults are the seed's plain game.

    >>> Rules(progressive="runder").threshold(3)
    2
    >>> Rules().threshold(1) is None
    True
    """

    zero_face: int = 3  # T1/T7: the face that counts as zero
    progressive: bool | str = False  # T6: False, True/"spil", or "runder"
    ante: int = 1  # T1: units each player puts in the pot

    def __post_init__(self) -> None:
        if type(self.zero_face) is not int or not 1 <= self.zero_face <= 6:
            raise IllegalAction(f"Nul-øjet skal være 1–6, ikke {shown(self.zero_face)} "
                                "(zero_face must be 1-6)")
        if not (type(self.progressive) is bool
                or (type(self.progressive) is str and self.progressive in ("spil", "runder"))):
            raise IllegalAction(f"Progressiv skal være fra, til, 'spil' eller 'runder', ikke "
                                f"{shown(self.progressive)} (progressive must be False, True, "
                                "'spil' or 'runder')")
        if type(self.ante) is not int or not 1 <= self.ante <= MAX_ANTE:
            raise IllegalAction(f"Indsatsen skal være 1–{MAX_ANTE} enheder, ikke {shown(self.ante)} "
                                f"(ante must be a whole number 1-{MAX_ANTE})")

    @property
    def progression(self) -> str | None:
        """None for the plain game, else "spil" (T6) or "runder" (the seed's second form)."""
        if self.progressive is False:
            return None
        return "spil" if self.progressive is True else str(self.progressive)

    def threshold(self, stage: int) -> int | None:
        """The highest score that can win the ``stage``-th round of a pot (1-based), or None.

        A stage is a round that nobody won; a tie's replay plays the same stage again.
        """
        if self.progression is None:
            return None
        if self.progression == "spil":
            return stage - 1
        t = 1  # "runder": threshold t lasts t rounds, so stage s needs t(t+1)/2 >= s
        while t * (t + 1) // 2 < stage:
            t += 1
        return t

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Any) -> Rules:
        return rules_from_dict(cls, d)
