"""*Åbn et bord*, the plain part (CPython-testable): what the form offers for each game, and the
form's draft made into `share_screen.open_lobby`'s arguments.

An open table is played "with no help, as at a real table": Snyd offers no Øvebord (S42) and
no *Finalen i Viborg* (S32), and its turn clock (S41) is shown on and cannot be switched off.
Bakke has no rule sets (one: the house's rules), its dice per player and *Fejl*; Treere the
house's rules as *Dæk bordet* starts them. open_lobby forces the same again (the host's side).

`arguments` checks the draft as outside input (it is what a page typed and picked) and raises
FormError with the text to show; nothing is opened then.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.friends.core.protocol import clean_name, is_name
from app.lang import t
from app.table.session import Seat

GAMES = ("snyd", "bakke", "treere")
SEATS = (2, 8)
DEFAULT_SEATS = 4
HOUSE_RULES = "house"        # the one rule set of a game that has none of its own
NOT_OFFERED = ("S42", "S32")  # Øvebord, Finalen i Viborg: never at an open table
CLOCK = "S41"                 # the turn clock: always on (a stranger who walks away)
FAULTS = "B-faults"           # Bakke's *Fejl* (B7)
TREERE_RULES = {"ante": 1, "progressive": False, "zero_face": 3}  # treere/setup_markup.Draft's


class FormError(ValueError):
    """A draft that opens nothing: its text is the form's error."""


@dataclass(frozen=True)
class Switch:
    rule: str        # data-rule
    title: str
    text: str
    on: bool         # its default for the rule set
    locked: bool = False  # shown, cannot be changed (the clock)


@dataclass
class Draft:
    game: str = "snyd"
    ruleset: str = "standard"
    switches: dict[str, bool] = field(default_factory=dict)  # data-rule -> on (as switched)
    dice: int = 6
    seats: int = DEFAULT_SEATS
    regulars: bool = True
    name: str = ""


def rulesets(game: str) -> list[tuple[str, str]]:
    """(value, shown title) of the game's rule sets."""
    if game == "snyd":
        from app.snyd.table_setup import RULE_SETS
        return [(r.key, r.title) for r in RULE_SETS]
    return [(HOUSE_RULES, t("open_tables.form.house_rules"))]


def switches(game: str, ruleset: str) -> list[Switch]:
    """The house-rule switches the form shows, each on or off as the rule set has it."""
    if game == "bakke":
        return [Switch(FAULTS, t("bakke.setup.faults"), t("bakke.setup.faults_text"), True)]
    if game != "snyd":
        return []
    from app.snyd.table_setup import HOUSE_RULES, switches_of

    from engine.snyd import Rules

    keys = [key for key, _title in rulesets("snyd")]
    on = switches_of(Rules.preset(ruleset if ruleset in keys else keys[0]))
    return [Switch(h.rule_id, h.title, h.text, True if h.rule_id == CLOCK else on[h.rule_id],
                   locked=h.rule_id == CLOCK)
            for h in HOUSE_RULES if h.rule_id not in NOT_OFFERED]


def arguments(d: Draft) -> dict[str, Any]:
    """open_lobby's keyword arguments for the draft (seats: the opener's one seat; rules;
    game; open_table); FormError with the text to show for a bad draft."""
    if d.game not in GAMES:
        raise FormError(t("open_tables.error.game"))
    name = clean_name(d.name) if isinstance(d.name, str) else ""
    if not is_name(name):
        raise FormError(t("open_tables.error.name"))
    if type(d.seats) is not int or not SEATS[0] <= d.seats <= SEATS[1]:
        raise FormError(t("open_tables.error.seats"))
    titles = dict(rulesets(d.game))
    if d.ruleset not in titles:
        raise FormError(t("open_tables.error.ruleset"))
    offered = {s.rule: s for s in switches(d.game, d.ruleset)}
    if not set(d.switches) <= set(offered):
        raise FormError(t("open_tables.error.rule"))
    chosen = {rule: s.on if s.locked else bool(d.switches.get(rule, s.on))
              for rule, s in offered.items()}
    return {"seats": [Seat(name, "human")], "rules": _rules(d, chosen), "game": d.game,
            "open_table": {"ruleset": titles[d.ruleset][:40], "seats": d.seats,
                           "regulars": bool(d.regulars)}}


def _rules(d: Draft, chosen: dict[str, bool]) -> Any:
    if d.game == "snyd":
        from app.snyd.table_setup import build_rules
        return build_rules(d.ruleset, {**chosen, CLOCK: True, "S42": False, "S32": False})
    if d.game == "bakke":
        if type(d.dice) is not int or not 1 <= d.dice <= 6:
            raise FormError(t("open_tables.error.dice"))
        return {"dice_per_player": d.dice, "faults": chosen[FAULTS]}
    return dict(TREERE_RULES)
