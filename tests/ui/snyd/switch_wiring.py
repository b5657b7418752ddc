"""The house-rule switches of *Dæk bordet*, written out by hand from docs/rules.md (not helpers).

Deliberately NOT derived from `app.snyd.table_setup.HOUSE_RULES`: a test that reads a switch back
through the same mapping the app uses cannot see a crossed wire (the *Til stede* switch wired
to `peek_once` went unnoticed that way). Each visible label names its docs/rules.md id and the
`Rules` field it must change, with the field's value when the switch is on and when it is off.
The ids are checked against the engine's own annotations in engine/snyd/rules.py.
"""
from __future__ import annotations

from typing import NamedTuple


class Wire(NamedTuple):
    rule_id: str   # docs/rules.md
    field: str     # engine.snyd.Rules
    on: object
    off: object


SWITCHES: dict[str, Wire] = {
    "Trapper": Wire("S13", "stairs", True, False),                 # S13 *Trapper*
    "Ettere uden jokere": Wire("S15", "jokers", False, True),       # S15 *Ettere uden jokere*
    "Til stede": Wire("S16", "present", True, False),              # S16 *Til stede*
    "En slags": Wire("S17", "of_a_kind", True, False),             # S17 *En slags*
    "Klassisk løft": Wire("S23", "classic_call", True, False),     # S23 *Klassisk løft*
    "Finalen i Viborg": Wire("S32", "viborg_final", True, False),  # S32 *Finalen i Viborg*
    "Hjem ved sejr": Wire("S33", "home_by_win", True, False),      # S33 *Hjem ved sejr*
    "Uden Viborg": Wire("S34", "viborg", False, True),             # S34 Viborg switched off
    "Kig kun én gang": Wire("S40", "peek_once", True, False),      # S40 *Kig kun én gang*
    "Tidsgrænse": Wire("S41", "time_limit", 15, None),             # S41 *Tidsgrænse* (15 s)
    "Øvebord": Wire("S42", "practice", True, False),               # S42 *Øvebord*
    "Skjult antal": Wire("S43", "hidden_count", True, False),      # S43 *Skjult antal*
}
