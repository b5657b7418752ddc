"""The choices of *Dæk bordet* (set the table), as plain data CPython can test.

The screen only renders these lists and calls `build_rules` / `check_seats`; every
decision about what a table may look like lives here.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from app.home.player_settings import default_name
from app.lang import t
from app.shell.both_languages import both

from engine.errors import shown
from engine.snyd import IllegalAction, Rules

MIN_SEATS = 2
MAX_SEATS = 8
TIME_LIMIT_S = 15  # S41: the seeds say 15 seconds a turn


@dataclass(frozen=True)
class RuleSet:
    key: str    # Rules.preset name; its words are snyd.ruleset.<key> (+ ".text")

    @property
    def title(self) -> str:
        """What the host reads."""
        return t(f"snyd.ruleset.{self.key}")

    @property
    def text(self) -> str:
        """One line: what the rule set is."""
        return t(f"snyd.ruleset.{self.key}.text")


@dataclass(frozen=True)
class HouseRule:
    rule_id: str  # the id in docs/rules.md; its words are snyd.house.<rule_id> (+ ".text")
    field: str    # the Rules field it switches
    inverted: bool = False  # True when "on" means the Rules field is False (S15, S34)

    @property
    def title(self) -> str:
        return t(f"snyd.house.{self.rule_id}")

    @property
    def text(self) -> str:
        """One line: what it does."""
        return t(f"snyd.house.{self.rule_id}.text")

    def is_on(self, rules: Rules) -> bool:
        value = getattr(rules, self.field)
        on = value is not None and value is not False
        return not on if self.inverted else on

    def value_for(self, on: bool) -> object:
        """The Rules field value that puts this switch on or off."""
        if self.field == "time_limit":
            return TIME_LIMIT_S if on else None
        return (not on) if self.inverted else on


RULE_SETS: list[RuleSet] = [RuleSet("standard"), RuleSet("slags"), RuleSet("turnering"), RuleSet("hardcore")]

HOUSE_RULES: list[HouseRule] = [
    HouseRule("S13", "stairs"),
    HouseRule("S15", "jokers", inverted=True),
    HouseRule("S16", "present"),
    HouseRule("S17", "of_a_kind"),
    HouseRule("S23", "classic_call"),
    HouseRule("S32", "viborg_final"),
    HouseRule("S33", "home_by_win"),
    HouseRule("S34", "viborg", inverted=True),
    HouseRule("S40", "peek_once"),
    HouseRule("S41", "time_limit"),
    HouseRule("S42", "practice"),
    HouseRule("S43", "hidden_count"),
]

HOUSE_RULE_IDS = [h.rule_id for h in HOUSE_RULES]


def house_rule(rule_id: str) -> HouseRule:
    for h in HOUSE_RULES:
        if h.rule_id == rule_id:
            return h
    raise IllegalAction(both("snyd.error.house_rule", name=rule_id))


def switches_of(rules: Rules) -> dict[str, bool]:
    """Which house-rule switches are on for these rules, by rule id."""
    return {h.rule_id: h.is_on(rules) for h in HOUSE_RULES}


def build_rules(ruleset: str, switches: dict[str, bool] | None = None,
                dice_per_player: int = 6) -> Rules:
    """The Rules for a rule set, with the host's switches applied on top (S44)."""
    if ruleset not in [r.key for r in RULE_SETS]:
        raise IllegalAction(both("snyd.error.ruleset", name=shown(ruleset)))
    if not isinstance(dice_per_player, int) or not 1 <= dice_per_player <= 6:
        raise IllegalAction(both("snyd.error.dice"))
    changes: dict[str, object] = {"dice_per_player": dice_per_player}
    for rule_id, on in (switches or {}).items():
        h = house_rule(rule_id)
        changes[h.field] = h.value_for(bool(on))
    return dataclasses.replace(Rules.preset(ruleset), **changes)


SEAT_KINDS = ("human", "regular", "guest")


@dataclass(frozen=True)
class Seat:
    name: str
    # "human" (a person at this device: pass-and-play), "regular" (a bot from REGULARS) or
    # "guest" (a friend on their own phone at a peer table; only friends/host_table.py seats them)
    kind: str

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind}

    @staticmethod
    def from_dict(d: dict) -> Seat:
        if not isinstance(d, dict) or d.get("kind") not in SEAT_KINDS:
            raise IllegalAction(both("snyd.error.seat"))
        return Seat(str(d.get("name", "")), d["kind"])


def regular_names() -> list[str]:
    from engine.snyd.bots import REGULARS
    return [r["name"] for r in REGULARS]


def check_seats(seats: list[Seat], known_regulars: list[str] | None = None) -> list[Seat]:
    """Validate the seats of a table; returns them with names trimmed, or raises IllegalAction.

    A regular seat must name one of `known_regulars` (default: the REGULARS of the bots)."""
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise IllegalAction(both("snyd.error.seats", min=MIN_SEATS, max=MAX_SEATS))
    cleaned = [Seat(s.name.strip(), s.kind) for s in seats]
    if known_regulars is None and any(s.kind == "regular" for s in cleaned):
        known_regulars = regular_names()
    known = set(known_regulars or [])
    seen: set[str] = set()
    for s in cleaned:
        if not s.name:
            raise IllegalAction(both("snyd.error.no_name"))
        if len(s.name) > 20:
            raise IllegalAction(both("snyd.error.long_name", name=s.name[:20]))
        if s.name.casefold() in seen:
            raise IllegalAction(both("snyd.error.same_name", name=s.name))
        seen.add(s.name.casefold())
        if s.kind == "regular" and s.name not in known:
            raise IllegalAction(both("snyd.error.not_regular", name=s.name))
    if not any(s.kind == "human" for s in cleaned):
        raise IllegalAction(both("snyd.error.no_human"))
    return cleaned


def default_seats(my_name: str = "") -> list[Seat]:
    """A first table: you ("Du" / "You" unless named) against the first three regulars."""
    my_name = my_name or default_name()
    names = [n for n in regular_names() if n != my_name][:3]
    return [Seat(my_name, "human")] + [Seat(n, "regular") for n in names]
