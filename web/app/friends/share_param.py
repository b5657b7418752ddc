"""Does the page's address ask for a friend's table (`?bord=<room>`)? Checked at boot.

main.py asks this before the first paint, so the module imports nothing (urllib.parse and
dataclasses cost ~50 ms in Pyodide) and never raises, whatever the address holds.
"""
from __future__ import annotations

PARAM = "bord"
MAX_FIELDS = 32   # a share link has one; the rest of a hand-made address is not read


def has_bord_param(search: str) -> bool:
    """True when the address asks for a table at all (even a malformed one: the join screen
    then says the link is broken instead of silently showing the start screen)."""
    fields = search.lstrip("?").split("&", MAX_FIELDS)[:MAX_FIELDS]
    return any(field.split("=", 1)[0] == PARAM for field in fields)
