"""*Med vennerne*, the plain parts: the share link, and the seats a guest's phone remembers.

Pure Python (CPython-testable); the screens (share_screen.py for the host, join_screen.py for a
guest) do the DOM and the transports.

The share link is the app's own URL with the relay room's id, ``./?bord=<room>``, resolved
against the page's address so it works under a sub-path too, and the game (``&spil=bakke``),
so the friend's join screen can say what it is invited to before the host's lobby arrives. The
host key never goes in it: it stays on the host's phone (``HostTable.link``), and only that
phone can re-attach as host.

A guest's phone remembers the tables whose host closed them (CLOSED_KEY): opened again, the
link says the table is closed instead of offering *Sæt dig*.

The host's lobby is saved on the host's phone (LOBBY_KEY) on every change, so a reload before
*Start spillet* reopens the same room with the same key: ``lobby_to_dict`` / ``lobby_from_dict``.
"""
from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urljoin

from app.friends.core.protocol import SEATS_MAX
from app.friends.share_param import MAX_FIELDS, PARAM, has_bord_param  # noqa: F401 (re-exported)
from app.table import games

if TYPE_CHECKING:  # the room and the rules load only when a lobby save is read
    from app.friends.core.host import HostRoom

    from engine.snyd import Rules

ROOM_ID = re.compile(r"[A-Za-z0-9_-]{22}")   # secrets.token_urlsafe(16): 128 bits
SEATS_KEY = "bodegabordet.snyd.friends"      # {room: {"name", "token"}} on a guest's phone
SEATS_KEPT = 8                                # the newest tables only: the map stays small
SEATS_MAX_CHARS = 4_000
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
LOBBY_KEY = "bodegabordet.snyd.lobby"        # the host's lobby before *Start spillet*
LOBBY_MAX_CHARS = 20_000                      # 8 seats, rules and keys: ~2 k characters
LOBBY_VERSION = 1
GAME_PARAM = "spil"
GAME_NAMES = {game.key: game.name for game in games.GAMES}  # the same in every language
CLOSED_KEY = "bodegabordet.snyd.friends.closed"  # [room, …]: tables their host closed
CLOSED_KEPT = 8


def share_url(page_href: str, room: str, game: str | None = None) -> str:
    """The link friends open: this app's address with ``?bord=<room>`` (no hash, no key), and
    ``&spil=<game>`` when the game is given."""
    if not ROOM_ID.fullmatch(room):
        raise ValueError("not a room id")
    if game is not None and game not in GAME_NAMES:
        raise ValueError("not a game")
    tail = f"&{GAME_PARAM}={game}" if game else ""
    return urljoin(page_href, f"./?{PARAM}={room}{tail}")


def game_from_search(search: str) -> str | None:
    """The game a share link names (``&spil=``), or None when it names none we know: it is
    outside input, so only a known game's own name is ever shown."""
    try:
        values = parse_qs(search.lstrip("?"), max_num_fields=MAX_FIELDS).get(GAME_PARAM, [])
    except ValueError:
        return None
    return values[0] if len(values) == 1 and values[0] in GAME_NAMES else None


def read_closed(text: str | None) -> list[str]:
    """The rooms remembered as closed, from storage text; anything malformed is dropped."""
    if not text or len(text) > SEATS_MAX_CHARS:
        return []
    try:
        raw = json.loads(text)
    except ValueError:
        return []
    if not isinstance(raw, list):
        return []
    return [r for r in raw if isinstance(r, str) and ROOM_ID.fullmatch(r)][-CLOSED_KEPT:]


def remember_closed(closed: list[str], room: str) -> list[str]:
    """``closed`` with ``room`` as the newest entry (the oldest beyond CLOSED_KEPT go)."""
    return ([r for r in closed if r != room] + [room])[-CLOSED_KEPT:]


def room_from_search(search: str) -> str | None:
    """The room a share link names (``location.search``), or None when there is none or it is
    not a well-formed room id (a hand-typed or truncated link)."""
    try:
        values = parse_qs(search.lstrip("?"), max_num_fields=MAX_FIELDS).get(PARAM, [])
    except ValueError:  # more fields than any link of ours has: not a share link
        return None
    return values[0] if len(values) == 1 and ROOM_ID.fullmatch(values[0]) else None


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


@dataclass
class Lobby:
    """The host's lobby as it is saved: the room (seats and tokens), the relay room and host
    key (``links.new_link``), and what the host chose in *Dæk bordet*: the game and its rules
    (the engine's ``Rules`` of that game)."""

    room: HostRoom
    link: dict[str, str]
    rules: Rules
    tempo: float = 1.0
    game: str = games.DEFAULT
    # *De åbne borde*: the open table's rule set text, seats and regulars
    # (open_listing.check_open_table), or None at a friends' table.
    open_table: dict[str, Any] | None = None


def lobby_to_dict(lobby: Lobby) -> dict[str, Any]:
    d = {"v": LOBBY_VERSION, "room": lobby.room.to_dict(), "link": dict(lobby.link),
         "rules": lobby.rules.to_dict(), "tempo": lobby.tempo, "game": lobby.game}
    if lobby.open_table is not None:  # a friends' lobby saves as before
        d["open"] = dict(lobby.open_table)
    return d


def _open_table_from(d: dict[str, Any], room: HostRoom, rules: Any) -> dict[str, Any] | None:
    """A saved lobby's open table, as hostile as the rest: well-formed, its seats the room's
    cap, and the rules an open table must have (a save cannot switch Øvebord back on)."""
    from app.friends.open_listing import check_open_table, open_rules

    if "open" not in d:
        if room.seats_max != SEATS_MAX:
            raise ValueError("only an open table has fewer seats")
        return None
    open_table = check_open_table(d["open"])
    if room.seats_max != open_table["seats"]:
        raise ValueError("the room's seats are not the open table's")
    if open_rules(room.game, rules) != rules:
        raise ValueError("the rules are not an open table's")
    return open_table


def lobby_from_dict(d: object, clock: Callable[[], float] = time.monotonic) -> Lobby:
    """A saved lobby; every guest "reconnecting" until its phone says hello again.
    Anything malformed -> ValueError (the caller sets the save aside)."""
    if not isinstance(d, dict) or d.get("v") != LOBBY_VERSION:
        raise ValueError("not a lobby save of this version")
    link = d.get("link")
    if (not isinstance(link, dict) or set(link) != {"relay_room", "host_key"}
            or not isinstance(link["relay_room"], str) or not ROOM_ID.fullmatch(link["relay_room"])
            or not isinstance(link["host_key"], str) or not TOKEN.fullmatch(link["host_key"])):
        raise ValueError("the relay room or host key is malformed")
    tempo = d.get("tempo")
    if type(tempo) not in (int, float) or not 0.1 <= tempo <= 10:
        raise ValueError("the tempo is malformed")
    from app.friends.core.host import HostRoom
    game = d.get("game", games.DEFAULT)
    if not games.known(game):
        raise ValueError("the game is unknown")
    try:
        if not isinstance(d.get("room"), dict):
            raise TypeError("the room is missing")
        rules = games.load(games.get(game).engine).Rules.from_dict(d.get("rules"))
        room = HostRoom.from_dict(d["room"], None, clock)
        if room.game != game:
            raise ValueError("the room is of another game")
        open_table = _open_table_from(d, room, rules)
    except Exception as exc:  # noqa: BLE001 – IllegalAction, TypeError from Rules(**d), …
        raise ValueError(f"{type(exc).__name__}: {exc}") from None
    if any(s.waiting for s in room.seats):
        raise ValueError("a lobby has no late arrivals")
    return Lobby(room, dict(link), rules, float(tempo), game, open_table)
