"""What every game's ``Table.replay`` checks first: the log is a list that starts with its
'start' entry. What the start must hold after that is each game's own (Snyd's late arrivals)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import IllegalAction

ANOTHER_TABLE = "Loggen hører til et andet bord (the log is from another table)"


def start_entry(log: Any) -> Mapping[str, Any]:
    """The 'start' entry of ``log`` (input from outside: a save, a peer), or IllegalAction."""
    if (isinstance(log, (str, bytes)) or not isinstance(log, Sequence) or not log
            or not isinstance(log[0], Mapping) or log[0].get("type") != "start"):
        raise IllegalAction("Loggen skal starte med 'start' (a log starts with 'start')")
    return log[0]
