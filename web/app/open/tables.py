"""The list of open tables as a phone keeps it, from the relay's `/ws/tables` frames (pure Python).

docs/protocol.md, "De åbne borde: the list": `list` pages (`rows`, `more`) give the whole list
after every (re)connect, then `put` (rows added or changed, whole) and `gone` (ids) follow.
Every frame is outside input: `decode` bounds its size and parses it, `TableList.apply` checks
every field of every row before it changes anything. A bad frame is dropped whole and counted
(`bad`), never raised into the screen; a frame that would grow the list past ROWS_MAX adds no
new row (`overflow`). Names and rule sets are cleaned again here (a relay is outside too):
every character that is not printable goes, so what is left is plain text for `textContent`.
"""
from __future__ import annotations

import json
import re
from typing import Any

FRAME_MAX_CHARS = 64 * 1024  # a page is <= 50 rows of ~250 characters: far under this
PAGE_ROWS_MAX = 100          # the relay pages at 50 rows
ROWS_MAX = 300               # rows kept and shown: a phone's list, not the relay's 2,000
RULESET_MAX = 40             # the relay's bounds (docs/relay.md)
NAME_MAX = 24
SEATS = (2, 8)
GAMES = ("snyd", "bakke", "treere")
STATES = ("waiting", "playing", "full")
ROW_FIELDS = frozenset({"id", "room", "game", "ruleset", "seats", "free", "state", "name"})
ROW_ID = re.compile(r"[0-9a-f]{16}")        # relay/open_tables.table_id
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{22}")  # friends/lobby.ROOM_ID
_SPACES = re.compile(r" +")
# The order of the list: tables one can sit down at first.
_ORDER = {"waiting": 0, "full": 1, "playing": 2}


class BadFrame(ValueError):
    """A frame (or a row in it) that is not what the protocol says."""


def decode(data: object) -> dict[str, Any]:
    """A relay frame's text as a dict with an `op`; BadFrame for anything else."""
    if not isinstance(data, str) or len(data) > FRAME_MAX_CHARS:
        raise BadFrame("not a text frame of the allowed size")
    try:
        msg = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise BadFrame("not JSON") from exc
    if not isinstance(msg, dict) or not isinstance(msg.get("op"), str):
        raise BadFrame("not an object with an op")
    return msg


def clean_text(value: object, most: int) -> str:
    """Outside text made plain: only printable characters, one space between words, trimmed;
    BadFrame when nothing is left or it is longer than `most`."""
    if not isinstance(value, str) or len(value) > 4 * most:
        raise BadFrame("not a text of the allowed length")
    text = "".join(c if c.isprintable() else " " if c.isspace() else "" for c in value)
    text = _SPACES.sub(" ", text).strip()
    if not 1 <= len(text) <= most:
        raise BadFrame("empty or too long")
    return text


def _whole(value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:  # not True, not 4.0
        raise BadFrame("not a whole number in range")
    return value


def check_row(row: object) -> dict[str, Any]:
    """A fresh, checked copy of one row; BadFrame if any field is missing, extra or wrong."""
    if not isinstance(row, dict) or set(row) != ROW_FIELDS:
        raise BadFrame("a row has exactly the protocol's fields")
    table_id, room, game, state = row["id"], row["room"], row["game"], row["state"]
    if not isinstance(table_id, str) or not ROW_ID.fullmatch(table_id):
        raise BadFrame("id")
    if not isinstance(room, str) or not ROOM_ID.fullmatch(room):
        raise BadFrame("room")
    if game not in GAMES or state not in STATES:
        raise BadFrame("game or state")
    seats = _whole(row["seats"], *SEATS)
    free = _whole(row["free"], 0, seats)
    if (state == "full") != (free == 0) and state != "playing":
        raise BadFrame("full exactly when no seat is free")
    return {"id": table_id, "room": room, "game": game, "seats": seats, "free": free,
            "state": state, "ruleset": clean_text(row["ruleset"], RULESET_MAX),
            "name": clean_text(row["name"], NAME_MAX)}


def _rows(msg: dict[str, Any], fields: set[str]) -> list[dict[str, Any]]:
    if set(msg) != fields or not isinstance(msg["rows"], list) \
            or len(msg["rows"]) > PAGE_ROWS_MAX:
        raise BadFrame("rows")
    return [check_row(row) for row in msg["rows"]]


class TableList:
    """The rows shown, kept from the relay's frames. `rows()` is the list in its shown order."""

    def __init__(self) -> None:
        self._rows: dict[str, dict[str, Any]] = {}
        self._pending: dict[str, dict[str, Any]] | None = None  # a `list` still coming in pages
        self.loaded = False  # a whole list has arrived since the last `restart`
        self.bad = 0
        self.overflow = 0

    def restart(self) -> None:
        """A new socket: forget everything (the relay sends the whole list again); what was
        shown may be stale by now, and the list never lies."""
        self._rows, self._pending, self.loaded = {}, None, False

    def rows(self) -> list[dict[str, Any]]:
        return sorted(self._rows.values(), key=lambda r: _ORDER[r["state"]])

    def get(self, table_id: str) -> dict[str, Any] | None:
        return self._rows.get(table_id)

    def receive(self, data: object) -> bool:
        """Apply one frame's text; True when the shown rows changed. A bad one is counted."""
        try:
            return self.apply(decode(data))
        except BadFrame:
            self.bad += 1
            return False

    def apply(self, msg: dict[str, Any]) -> bool:
        """Apply one decoded frame (BadFrame, nothing changed, if any part of it is bad)."""
        op = msg.get("op")
        if op == "pong":
            return False
        if op == "list":
            rows = _rows(msg, {"op", "rows", "more"})
            if not isinstance(msg["more"], bool):
                raise BadFrame("more")
            pending = {} if self._pending is None else self._pending
            self._put(pending, rows)
            if msg["more"]:
                self._pending = pending
                return False
            self._rows, self._pending, self.loaded = pending, None, True
            return True
        if op == "put":
            rows = _rows(msg, {"op", "rows"})
            return self._put(self._target(), rows) and self._pending is None
        if op == "gone":
            ids = msg.get("ids")
            if set(msg) != {"op", "ids"} or not isinstance(ids, list) \
                    or len(ids) > PAGE_ROWS_MAX \
                    or not all(isinstance(i, str) and ROW_ID.fullmatch(i) for i in ids):
                raise BadFrame("ids")
            target = self._target()
            gone = [i for i in ids if target.pop(i, None) is not None]
            return bool(gone) and self._pending is None
        raise BadFrame("an op a watcher never gets")

    def _target(self) -> dict[str, dict[str, Any]]:
        return self._rows if self._pending is None else self._pending

    def _put(self, target: dict[str, dict[str, Any]], rows: list[dict[str, Any]]) -> bool:
        changed = False
        for row in rows:
            if row["id"] not in target and len(target) >= ROWS_MAX:
                self.overflow += 1
                continue
            if target.get(row["id"]) != row:
                target[row["id"]] = row
                changed = True
        return changed


def seat_for(room: str, name: str, seats: dict[str, dict[str, str]]) -> tuple[str, str | None] | None:
    """Who sits down at `room` with one tap: this phone's seat there (its name and token, as
    join_screen keeps them), else the name used last (`name`, "" when none is known, with no
    token); None when a name must be asked for first."""
    seat = seats.get(room)
    if seat is not None:
        return seat["name"], seat["token"]
    return (name, None) if name else None
