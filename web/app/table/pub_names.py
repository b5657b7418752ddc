"""The names an extra person at the phone is given in *Dæk bordet* (every game's): first names
a pub would use, not "Spiller 7" (issue 17, docs/ui.md). Pure: CPython tests import it."""
from __future__ import annotations

from collections.abc import Iterable

from app.lang import t


def pub_names() -> list[str]:
    """The first names, in the player's language's catalogue (none of them a regular's)."""
    return [n.strip() for n in t("shell.seats.names").split(",") if n.strip()]


def free_pub_name(taken: Iterable[str]) -> str:
    """The first pub name nobody at the table has (case and spaces ignored); "Spiller N" only
    when a table of typed names has taken every one of them."""
    used = {n.strip().casefold() for n in taken}
    for name in pub_names():
        if name.casefold() not in used:
            return name
    i = 1
    while t("shell.seats.player", number=i).casefold() in used:
        i += 1
    return t("shell.seats.player", number=i)
