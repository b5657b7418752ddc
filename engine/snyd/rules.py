"""The switches of a Snyd table (docs/rules.md S1–S44) and the four rule sets (S44)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from engine.errors import IllegalAction, shown
from engine.rules_dict import check_names, rules_from_dict

PRESET_NAMES = ("standard", "slags", "turnering", "hardcore")

# S44: each rule set is Standard plus these switches.
_PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    "slags": {"of_a_kind": True},
    "turnering": {"stairs": True, "of_a_kind": False, "time_limit": 15},
    "hardcore": {"peek_once": True, "present": True, "time_limit": 15, "hidden_count": True},
}


@dataclass(frozen=True)
class Rules:
    """One field per switch; the defaults are the rule set *Standard*.

    >>> Rules.preset("slags").of_a_kind
    True
    """

    dice_per_player: int = 6  # S1
    jokers: bool = True  # S10; False = S15 Ettere uden jokere
    stairs: bool = False  # S13 Trapper
    of_a_kind: bool = False  # S17 En slags
    present: bool = False  # S16 Til stede
    peek_once: bool = False  # S40 Kig kun én gang
    hidden_count: bool = False  # S43 Skjult antal
    classic_call: bool = False  # S23 Klassisk løft
    time_limit: int | None = None  # S41 seconds per turn
    viborg: bool = True  # S30/S34
    viborg_final: bool = False  # S32 Finalen i Viborg
    home_by_win: bool = False  # S33 Hjem ved sejr
    practice: bool = False  # S42 Øvebord

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "dice_per_player":
                if type(value) is not int or not 1 <= value <= 6:
                    raise IllegalAction(
                        f"Terninger pr. spiller skal være 1–6, ikke {shown(value)} "
                        "(dice per player must be 1–6)"
                    )
            elif f.name == "time_limit":
                if value is not None and (type(value) is not int or value <= 0):
                    raise IllegalAction(
                        f"Tidsgrænsen skal være et positivt antal sekunder, ikke {shown(value)} "
                        "(time limit must be a positive number of seconds or None)"
                    )
            elif type(value) is not bool:
                raise IllegalAction(
                    f"Husreglen {f.name} skal være til eller fra, ikke {shown(value)} "
                    f"({f.name} must be True or False)"
                )

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rule set ``name`` (S44): standard, slags, turnering or hardcore."""
        key = name.lower() if isinstance(name, str) else None  # a list/dict must not reach the dict
        if key not in _PRESETS:
            raise IllegalAction(
                f"Ukendt regelsæt {shown(name)} (unknown rule set; one of {', '.join(PRESET_NAMES)})"
            )
        return cls(**_PRESETS[key])

    @property
    def preset_name(self) -> str | None:
        """The rule set these switches equal exactly, or None for a custom mix."""
        for name in PRESET_NAMES:
            if Rules.preset(name) == self:
                return name
        return None

    @property
    def biddable_faces(self) -> tuple[int, ...]:
        """Faces a bid may name, lowest first (ones only without jokers, S10/S15)."""
        return (2, 3, 4, 5, 6) if self.jokers else (1, 2, 3, 4, 5, 6)

    def with_(self, **changes: Any) -> Rules:
        """A copy with some switches changed (validated like the constructor)."""
        check_names(Rules, changes)
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Rules:
        return rules_from_dict(cls, d)
