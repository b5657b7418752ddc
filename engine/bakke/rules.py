"""The house rules of a Bakke table (docs/rules.md B1–B7)."""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.errors import IllegalAction, shown
from engine.rules_dict import rules_from_dict


@dataclass(frozen=True)
class Rules:
    """One field per switch; the defaults are the seed's game.

    >>> Rules().dice_per_player
    6
    """

    dice_per_player: int = 6  # B1: dice in each hand when a game starts
    faults: bool = True  # B7: the *Fejl* action may be called

    def __post_init__(self) -> None:
        if type(self.dice_per_player) is not int or not 1 <= self.dice_per_player <= 6:
            raise IllegalAction(
                f"Terninger pr. spiller skal være 1–6, ikke {shown(self.dice_per_player)} "
                "(dice per player must be 1–6)"
            )
        if type(self.faults) is not bool:
            raise IllegalAction(
                f"Husreglen faults skal være til eller fra, ikke {shown(self.faults)} "
                "(faults must be True or False)"
            )

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Any) -> Rules:
        return rules_from_dict(cls, d)
