"""*Med vennerne*, the plain parts: the share link, and the seats a guest's phone remembers.

Pure Python (CPython-testable); the screens (share_screen.py for the host, join_screen.py for a
guest) do the DOM and the transports.

The share link is the app's own URL with the relay room's id, ``./?bord=<room>``, resolved
against the page's address so it works under a sub-path too. The host key never goes in it:
it stays on the host's phone (``HostTable.link``), and only that phone can re-attach as host.
"""
from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urljoin

PARAM = "bord"
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{22}")   # secrets.token_urlsafe(16): 128 bits
SEATS_KEY = "bodegabordet.snyd.friends"      # {room: {"name", "token"}} on a guest's phone
SEATS_KEPT = 8                                # the newest tables only: the map stays small
SEATS_MAX_CHARS = 4_000
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def share_url(page_href: str, room: str) -> str:
    """The link friends open: this app's address with ``?bord=<room>`` (no hash, no key)."""
    if not ROOM_ID.fullmatch(room):
        raise ValueError("not a room id")
    return urljoin(page_href, f"./?{PARAM}={room}")


def room_from_search(search: str) -> str | None:
    """The room a share link names (``location.search``), or None when there is none or it is
    not a well-formed room id (a hand-typed or truncated link)."""
    values = parse_qs(search.lstrip("?"), max_num_fields=8).get(PARAM, [])
    return values[0] if len(values) == 1 and ROOM_ID.fullmatch(values[0]) else None


def has_bord_param(search: str) -> bool:
    """True when the address asks for a table at all (even a malformed one: the join screen
    then says the link is broken instead of silently showing the start screen)."""
    return PARAM in parse_qs(search.lstrip("?"), keep_blank_values=True, max_num_fields=8)


def read_seats(text: str | None) -> dict[str, dict[str, str]]:
    """The remembered seats from storage text; anything malformed is dropped, never raised."""
    if not text or len(text) > SEATS_MAX_CHARS:
        return {}
    try:
        raw = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(raw, dict):
        return {}
    seats = {}
    for room, seat in raw.items():
        if (ROOM_ID.fullmatch(room) and isinstance(seat, dict)
                and isinstance(seat.get("name"), str) and 0 < len(seat["name"]) <= 20
                and isinstance(seat.get("token"), str) and TOKEN.fullmatch(seat["token"])):
            seats[room] = {"name": seat["name"], "token": seat["token"]}
    return dict(list(seats.items())[-SEATS_KEPT:])


def remember_seat(seats: dict[str, dict[str, str]], room: str, name: str,
                  token: str) -> dict[str, Any]:
    """``seats`` with this room's seat as the newest entry (the oldest beyond SEATS_KEPT go)."""
    out = {r: s for r, s in seats.items() if r != room}
    out[room] = {"name": name, "token": token}
    return dict(list(out.items())[-SEATS_KEPT:])
