"""``view(player, events_from=n)`` in every game: a view that carries only events n… .

An evening's events only grow, and every seat sees the same ones (none of them holds a die
that is not public yet), so a consumer that already holds the first n events (a peer host's
outbox: what a guest acknowledged) asks for the rest only; copying the whole history into
every view is what made a long evening slow on the host (docs/performance.md, "Host").
"""
from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction, shown


def first_event(events_from: Any, total: int) -> int:
    """``events_from`` if it is a plain int from 0 to ``total`` (the events there are: asking
    from the end gives none), else an IllegalAction; the table is never touched."""
    # type() is int: True is an int to isinstance, and must not mean "from event 1".
    if type(events_from) is not int or not 0 <= events_from <= total:
        raise IllegalAction(
            f"events_from skal være et helt tal fra 0 til {total}, ikke {shown(events_from)} "
            f"(events_from must be an int from 0 to {total})"
        )
    return events_from
