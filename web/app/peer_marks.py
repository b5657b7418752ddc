"""What a table with friends adds to the Bakke and Treere screens: each seat's connection,
and on a guest's phone the line that the host starts the next game (instead of *Nyt spil*).

The host's phone knows every seat's state (peers/host_seats.room_connections) and a guest's
phone learns it from the host's frames: "connected", "reconnecting" or "away". A seat carries
it as ``data-connection`` (docs/testids.md) and, when it is not connected, a small tag with
the word; a one-phone table has no connections and its seats carry neither. The words are
Snyd's (snyd/table_markup.CONNECTION_TAGS).
"""
from __future__ import annotations

from html import escape
from typing import Any

from app.lang import t

TAGS = {"reconnecting": "shell.peer.reconnecting", "away": "shell.peer.away"}  # keys; none when connected
STATES = ("connected", *TAGS)


def host_starts() -> str:
    """A guest's phone after a game (peers/game_guest.py), instead of *Nyt spil*."""
    return t("shell.peer.host_starts")



def connections_of(session: Any) -> dict[str, str]:
    """Every seat's state at a peer table (the host's or a guest's), {} at a one-phone table;
    a state this module does not know is left out rather than drawn."""
    read = getattr(session, "connections", None)
    found = read() if callable(read) else {}
    if not isinstance(found, dict):
        return {}
    return {p: s for p, s in found.items() if isinstance(p, str) and s in STATES}


def connection_attr(connections: dict[str, str], player: str) -> str:
    """` data-connection="…"` at a peer table, nothing at a one-phone table."""
    state = connections.get(player)
    return f' data-connection="{escape(state, quote=True)}"' if state else ""


def connection_tag(connections: dict[str, str], player: str) -> str:
    key = TAGS.get(connections.get(player, ""))
    return f'<span class="tag connection">{t(key)}</span>' if key else ""
