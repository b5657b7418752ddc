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
from app.table.session import ANY_SEAT_KIND, MAX_SEATS, MIN_SEATS, Seat  # noqa: F401 - Snyd's names too
from app.table.session import check_seats as shared_check_seats
from app.table.session import regular_names as shared_regular_names

from engine.errors import shown
from engine.snyd import IllegalAction, Rules

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


def regular_names() -> list[str]:
    return shared_regular_names("snyd")  # not text: the game's key


def check_seats(seats: list[Seat], known_regulars: list[str] | None = None) -> list[Seat]:
    """Validate the seats of a table (app/table/session.py check_seats, every game's rule);
    returns them with names trimmed, or raises IllegalAction. A regular seat must name one
    of `known_regulars` (default: the REGULARS of the bots)."""
    known = regular_names if known_regulars is None else (lambda: list(known_regulars))
    return shared_check_seats(seats, known, ANY_SEAT_KIND)


def default_seats(my_name: str = "") -> list[Seat]:
    """A first table: you ("Du" / "You" unless named) against the first three regulars."""
    my_name = my_name or default_name()
    names = [n for n in regular_names() if n != my_name][:3]
    return [Seat(my_name, "human")] + [Seat(n, "regular") for n in names]
