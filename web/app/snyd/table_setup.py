"""The choices of *Dæk bordet* (set the table), as plain data CPython can test.

The screen only renders these lists and calls `build_rules` / `check_seats`; every
decision about what a table may look like lives here.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine.errors import shown
from engine.snyd import IllegalAction, Rules

MIN_SEATS = 2
MAX_SEATS = 8
TIME_LIMIT_S = 15  # S41: the seeds say 15 seconds a turn


@dataclass(frozen=True)
class RuleSet:
    key: str    # Rules.preset name
    title: str  # what the host reads
    text: str   # one line of Danish


@dataclass(frozen=True)
class HouseRule:
    rule_id: str  # the id in RULES.md
    field: str    # the Rules field it switches
    title: str
    text: str     # one line of Danish: what it does
    inverted: bool = False  # True when "on" means the Rules field is False (S15, S34)

    def is_on(self, rules: Rules) -> bool:
        value = getattr(rules, self.field)
        on = value is not None and value is not False
        return not on if self.inverted else on

    def value_for(self, on: bool) -> object:
        """The Rules field value that puts this switch on or off."""
        if self.field == "time_limit":
            return TIME_LIMIT_S if on else None
        return (not on) if self.inverted else on


RULE_SETS: list[RuleSet] = [
    RuleSet("standard", "Standard", "Ettere er jokere, 1+2 og en enlig 1'er, vejen til Viborg."),
    RuleSet("slags", "Slags", "Standard, og man må byde på en slags (Slagsbordet)."),
    RuleSet("turnering", "Turnering", "Med trapper, uden \"af en slags\" og 15 sekunder pr. tur."),
    RuleSet("hardcore", "Hardcore",
            "Kig kun én gang, buddet skal være til stede, 15 sekunder pr. tur og skjult antal."),
]

HOUSE_RULES: list[HouseRule] = [
    HouseRule("S13", "stairs", "Trapper",
              "1-2-3 tæller som fire af det budte, 1-2-3-4 som fem."),
    HouseRule("S15", "jokers", "Ettere uden jokere",
              "Man kan byde på ettere, og de tæller kun for sig selv.", inverted=True),
    HouseRule("S16", "present", "Til stede",
              "Mindst én terning på bordet skal vise de budte øjne."),
    HouseRule("S17", "of_a_kind", "En slags",
              "\"Syv af en slags\" er syv ens af hvilken som helst slags."),
    HouseRule("S23", "classic_call", "Klassisk løft",
              "Ved et rigtigt løft lægger kun løfteren en terning fra."),
    HouseRule("S32", "viborg_final", "Finalen i Viborg",
              "Sidder to i Viborg, spiller de to finalen om omgangen, og de andre ser på."),
    HouseRule("S33", "home_by_win", "Hjem ved sejr",
              "Vinder man et spil i Viborg, kommer man hjem til grøn."),
    HouseRule("S34", "viborg", "Uden Viborg",
              "Taberen af hvert spil giver omgangen med det samme; måtterne forbliver grønne.",
              inverted=True),
    HouseRule("S40", "peek_once", "Kig kun én gang",
              "Du må kigge, til du har meldt første gang i runden; så er bægeret låst."),
    HouseRule("S41", "time_limit", "Tidsgrænse",
              "15 sekunder pr. tur; løber tiden ud, løftes der, eller det laveste bydes."),
    HouseRule("S42", "practice", "Øvebord",
              "Procenter og forslag til buddet for alle ved bordet."),
    HouseRule("S43", "hidden_count", "Skjult antal",
              "Ingen ved, hvor mange terninger der er tilbage; glasset er dugget."),
]

HOUSE_RULE_IDS = [h.rule_id for h in HOUSE_RULES]


def house_rule(rule_id: str) -> HouseRule:
    for h in HOUSE_RULES:
        if h.rule_id == rule_id:
            return h
    raise IllegalAction(f"Ukendt husregel: {rule_id} (unknown house rule)")


def switches_of(rules: Rules) -> dict[str, bool]:
    """Which house-rule switches are on for these rules, by rule id."""
    return {h.rule_id: h.is_on(rules) for h in HOUSE_RULES}


def build_rules(ruleset: str, switches: dict[str, bool] | None = None,
                dice_per_player: int = 6) -> Rules:
    """The Rules for a rule set, with the host's switches applied on top (S44)."""
    if ruleset not in [r.key for r in RULE_SETS]:
        raise IllegalAction(f"Ukendt regelsæt: {shown(ruleset)} (unknown rule set)")
    if not isinstance(dice_per_player, int) or not 1 <= dice_per_player <= 6:
        raise IllegalAction("Terninger pr. spiller skal være 1–6 (dice per player must be 1–6)")
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
    # "guest" (a friend on their own phone at a peer table; only peers/host_table.py seats them)
    kind: str

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind}

    @staticmethod
    def from_dict(d: dict) -> Seat:
        if not isinstance(d, dict) or d.get("kind") not in SEAT_KINDS:
            raise IllegalAction("Ugyldig plads (invalid seat)")
        return Seat(str(d.get("name", "")), d["kind"])


def regular_names() -> list[str]:
    from engine.snyd.bots import REGULARS
    return [r["name"] for r in REGULARS]


def check_seats(seats: list[Seat], known_regulars: list[str] | None = None) -> list[Seat]:
    """Validate the seats of a table; returns them with names trimmed, or raises IllegalAction.

    A regular seat must name one of `known_regulars` (default: the REGULARS of the bots)."""
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise IllegalAction(f"Der skal være {MIN_SEATS}–{MAX_SEATS} pladser ved bordet "
                            f"(a table has {MIN_SEATS}–{MAX_SEATS} seats)")
    cleaned = [Seat(s.name.strip(), s.kind) for s in seats]
    if known_regulars is None and any(s.kind == "regular" for s in cleaned):
        known_regulars = regular_names()
    known = set(known_regulars or [])
    seen: set[str] = set()
    for s in cleaned:
        if not s.name:
            raise IllegalAction("En spiller mangler et navn (a player has no name)")
        if len(s.name) > 20:
            raise IllegalAction(f"Navnet {s.name[:20]}… er for langt (name too long)")
        if s.name.casefold() in seen:
            raise IllegalAction(f"To pladser hedder {s.name} (two seats share a name)")
        seen.add(s.name.casefold())
        if s.kind == "regular" and s.name not in known:
            raise IllegalAction(f"{s.name} er ikke en af stamgæsterne (not a regular)")
    if not any(s.kind == "human" for s in cleaned):
        raise IllegalAction("Mindst én plads skal være din (at least one human seat)")
    return cleaned


def default_seats(my_name: str = "Du") -> list[Seat]:
    """A first table: you against the first three regulars."""
    names = [n for n in regular_names() if n != my_name][:3]
    return [Seat(my_name or "Du", "human")] + [Seat(n, "regular") for n in names]
