"""*De åbne borde* on the leader's phone, the plain parts (pure Python, CPython-testable):

- ``check_open_table``: what *Åbn et bord* asks of an open table (the rule set's shown text,
  the seats, whether regulars fill empty seats at the start), checked as outside input: it
  comes from the form and from a saved lobby;
- ``open_rules``: the rules every open table must have whatever it is given (Snyd: no Øvebord
  S42, no *Finalen i Viborg* S32, the turn clock S41 on: a stranger who walks away must not
  stall the table);
- ``listing``: what the relay's row says of the table (docs/protocol.md "De åbne borde: the
  list"), from the room's seats and whether the table has started.

share_screen.py does the DOM and the relay (wire/relay_link.py ``list_table``).
"""
from __future__ import annotations

import dataclasses
from typing import Any

from app.shell.both_languages import both

from engine.errors import IllegalAction

RULESET_MAX = 40      # characters of the rule set's text (the relay refuses more)
NAME_MAX = 24         # characters of the leader's name in the row (the relay's bound)
SEATS = (2, 8)        # an open table's seats (the relay's bound, and SEATS_MAX)
FIELDS = frozenset({"ruleset", "seats", "regulars"})


def check_open_table(open_table: object) -> dict[str, Any]:
    """A fresh copy of a well-formed open table; IllegalAction (nothing kept) if it is not."""
    if not isinstance(open_table, dict) or set(open_table) != FIELDS:
        raise IllegalAction(both("friends.no.open_table", detail="ruleset, seats, regulars"))
    ruleset, seats, regulars = (open_table["ruleset"], open_table["seats"],
                                open_table["regulars"])
    if (not isinstance(ruleset, str) or not 1 <= len(ruleset) <= RULESET_MAX
            or ruleset != ruleset.strip() or not ruleset.isprintable()):
        raise IllegalAction(both("friends.no.open_table", detail=f"ruleset ≤ {RULESET_MAX}"))
    if type(seats) is not int or not SEATS[0] <= seats <= SEATS[1]:
        raise IllegalAction(both("friends.no.open_table", detail="seats 2..8"))
    if type(regulars) is not bool:
        raise IllegalAction(both("friends.no.open_table", detail="regulars true/false"))
    return {"ruleset": ruleset, "seats": seats, "regulars": regulars}


def open_rules(game: str, rules: Any) -> Any:
    """``rules`` as an open table has them. Snyd: practice and viborg_final off, the turn clock
    on at the setup's TIME_LIMIT_S. Bakke and Treere have none of these switches."""
    if game != "snyd":
        return rules
    from app.snyd.table_setup import TIME_LIMIT_S  # Snyd's *Dæk bordet* value (S41)

    return dataclasses.replace(rules, practice=False, viborg_final=False,
                               time_limit=TIME_LIMIT_S)


def listing(game: str, open_table: dict[str, Any], seats: list[dict[str, Any]],
            started: bool, late_arrivals: bool = True,
            between_games: bool = False) -> dict[str, Any]:
    """The row the relay lists, from the room's ``lobby()`` seats: every seat taken counts (a
    late arrival waiting for the next game too); a started table is ``playing`` (free seats
    only where late arrivals sit down between games), else ``full`` exactly when no seat is
    free. Between two games of a table that seats late arrivals, a free seat makes the row
    ``waiting`` again: who sits down now gets a cup at the next deal, never a running game's."""
    total = open_table["seats"]
    free = max(0, total - len(seats))
    if started and not late_arrivals:
        free = 0
    if started and not (between_games and late_arrivals and free):
        state = "playing"
    else:
        state = "full" if free == 0 else "waiting"
    host = next(s["player"] for s in seats if s["kind"] == "host")
    return {"game": game, "ruleset": open_table["ruleset"], "seats": total, "free": free,
            "state": state, "name": host[:NAME_MAX]}
