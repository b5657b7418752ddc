"""The peer protocol: one versioned JSON message format for WebRTC and the relay alike.

Every frame is the text of one JSON object ``{"v": 1, "t": "<type>", ...}`` (docs/protocol.md).
Frames come from other people's phones, so decoding trusts nothing: the size is checked
before anything is parsed, the nesting depth before ``json.loads`` (which recurses once per
bracket and would overflow Pyodide's stack on ``[[[[…``), duplicate keys and NaN/Infinity are
refused, and every message type has an exact set of fields, each with its type and range.
Anything wrong is one ``ProtocolError`` with a stable code.
"""
from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from itertools import accumulate
from typing import Any

from app.shell.both_languages import both
from app.table import games

VERSION = 1

# Guest -> host frames are tiny (an action is < 100 characters); 8 KiB leaves room for any
# name and token and makes a flood of big frames cheap to refuse.
GUEST_FRAME_MAX = 8 * 1024
# Host -> guest: Chromium's data channels carry at most 256 KiB per message
# (RTCSctpTransport.maxMessageSize) and a 200-game view of 8 seats is ~1.6 MB of JSON
# (docs/protocol.md "Limits"), so a full view always travels as several `update` pages, each
# under this bound. Frames are encoded ASCII-only, so characters == bytes on the wire.
HOST_FRAME_MAX = 64 * 1024
# A real frame nests at most 5 deep (update > events > reveal > hands > list); 8 is margin
# and far below where json.loads recursion hurts.
MAX_DEPTH = 8

NAME_MAX = 20            # as check_seats allows at a one-phone table
ID_MAX = 2**31 - 1       # action ids, seq numbers, event counts: plain 31-bit counters
QUANTITY_MAX = 99        # the engine caps bids far lower (S18); this only bounds the wire
EVENTS_MAX = 100_000     # an evening has ~20,000 events after 200 games at 8 seats
VIEW_KEYS_MAX = 64       # a view has ~30 fields
# A Bakke or Treere view to a guest carries the regulars' latest lines ("said", public table
# talk decided on the host's phone): a few, each short.
SAID_MAX = 8
LINE_CHARS = 200
KINDS = ("host", "guest", "regular")
CONNECTIONS = ("connected", "reconnecting", "away")
BYE_REASONS = ("removed", "closed", "replaced")
SEATS_MAX = 8

_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")
_CODE = re.compile(r"[a-z_]{1,32}")


class ProtocolError(ValueError):
    """A frame or message that breaks the protocol.

    ``code`` is stable (docs/protocol.md lists them) and is what a guest's phone says, in its
    own language (friends/core/notices.py). ``message`` is the same line in Danish and English
    ("Dansk (English)", from the catalogues), for guests of an older version, which show its
    Danish part; only ``illegal`` passes the engine's own reason instead. It never quotes the
    bad input. The host sends it back as an ``error`` message to the channel it came from, and
    to no one else.
    """

    def __init__(self, code: str, message: str | None = None, id: int | None = None,
                 **args: object) -> None:
        message = message if message is not None else both(f"friends.error.{code}", **args)
        super().__init__(message)
        self.code = code
        self.message = message
        self.id = id  # the action id this answers, when it answers one


# --- bounded parsing --------------------------------------------------------------------------

# A JSON string, escapes included (unrolled loop: no backtracking on long strings).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """The deepest ``[``/``{`` nesting outside strings (an upper bound on json.loads' recursion).

    Regex passes and ``accumulate`` run in C: no Python bytecode per character.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        # {"t": "ping", "t": "act"} must not mean whatever the last key says.
        raise ProtocolError("not_json")
    return out


def _no_constant(_name: str) -> Any:
    raise ProtocolError("not_json")


def parse_frame(text: object, max_chars: int) -> dict[str, Any]:
    """``text`` as a JSON object, after the size and depth bounds; else ProtocolError."""
    if not isinstance(text, str):
        raise ProtocolError("not_text")
    if len(text) > max_chars:
        raise ProtocolError("too_big")
    if nesting_depth(text) > MAX_DEPTH:
        raise ProtocolError("too_deep")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except ProtocolError:
        raise
    except (ValueError, RecursionError):  # ValueError also covers ints past 4,300 digits
        raise ProtocolError("not_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("not_object")
    return data


# --- field checks ------------------------------------------------------------------------------

Check = Callable[[Any], bool]


def whole(lo: int, hi: int) -> Check:
    # type() is int: a bool is an int to isinstance, and True must not be an action id.
    return lambda x: type(x) is int and lo <= x <= hi


def text(lo: int, hi: int) -> Check:
    return lambda x: isinstance(x, str) and lo <= len(x) <= hi


def one_of(*values: str) -> Check:
    return lambda x: isinstance(x, str) and x in values


def nullable(check: Check) -> Check:
    return lambda x: x is None or check(x)


def is_bool(x: Any) -> bool:
    return type(x) is bool


def is_token(x: Any) -> bool:
    return isinstance(x, str) and _TOKEN.fullmatch(x) is not None


def clean_name(text: str) -> str:
    """A typed (or pasted) name as a table would show it: controls and format characters (the
    bidi overrides, zero-width spaces and joiners) dropped, any run of spaces one plain space,
    trimmed. The join and *Åbn et bord* forms clean what was typed; a host still refuses a
    name that is not ``is_name`` (a phone need not run our forms)."""
    kept = "".join(c if c.isprintable() else " " if c.isspace() else "" for c in text)
    return " ".join(kept.split())


def is_name(x: Any) -> bool:
    # Trimmed, printable, 1-20 characters: it is shown on every phone at the table.
    # isprintable() refuses every format character (Cf): zero-width spaces and joiners, the
    # bidi controls that turn text around, the BOM; and every space but the plain one.
    return (isinstance(x, str) and 1 <= len(x) <= NAME_MAX and x == x.strip()
            and x.isprintable())


# Latin look-alikes in Cyrillic and Greek (after casefolding, so the capitals' small forms):
# "Кaj" with a Cyrillic К must not sit beside "Kaj". A small table of the letters that pass
# for Latin ones in a name, not Unicode's whole confusables list (docs/protocol.md "Names").
_LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "һ": "h", "н": "h", "і": "i", "ј": "j",
    "к": "k", "ӏ": "l", "м": "m", "о": "o", "р": "p", "ԛ": "q", "с": "c", "ѕ": "s", "т": "t",
    "у": "y", "ԝ": "w", "х": "x", "ԁ": "d",
    # Greek
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x",
})


def normal_name(name: str) -> str:
    """A guest's name as it is seated: NFKC (full-width and styled letters as plain ones),
    inner whitespace collapsed to one space, trimmed."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def name_key(name: str) -> str:
    """What two seat names are compared by: the normal name casefolded, with the Cyrillic and
    Greek look-alikes of Latin letters read as those letters ("Кaj", "KAJ" and "Ｋaj" are one)."""
    folded = unicodedata.normalize("NFKC", normal_name(name).casefold())
    return folded.translate(_LOOKALIKES)


GAMES = games.KEYS  # the tables a peer room can carry: every game (app/table/games.py)
TREERE_DICE = 5  # a Treere keep names indexes into the last roll of at most five dice


def _bare(x: dict[str, Any]) -> bool:
    return set(x) == {"type"}


def _is_bid(x: dict[str, Any]) -> bool:
    return (set(x) == {"type", "quantity", "face"} and whole(1, QUANTITY_MAX)(x["quantity"])
            and (x["face"] is None or whole(1, 6)(x["face"])))


def _is_fejl(x: dict[str, Any]) -> bool:
    return set(x) == {"type", "against"} and is_name(x["against"])


def _is_keep(x: dict[str, Any]) -> bool:
    dice = x.get("dice")
    return (set(x) == {"type", "dice"} and isinstance(dice, list)
            and 1 <= len(dice) <= TREERE_DICE and all(whole(0, TREERE_DICE - 1)(i) for i in dice)
            and len(set(dice)) == len(dice))


_HEX64 = re.compile(r"[0-9a-f]{64}")
FAIR_ROUND_MAX = ID_MAX  # a fair deal's number at its table (1, 2, …)
FAIR_STEPS = ("commit", "share", "dealt", "key", "done")
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def is_hex64(x: Any) -> bool:
    """A commitment, share or key of the fair dice: exactly 64 lowercase hex digits."""
    return isinstance(x, str) and _HEX64.fullmatch(x) is not None


def _is_fair_cup(x: dict[str, Any]) -> bool:
    return (set(x) == {"type", "round", "cup", "share"} and whole(1, FAIR_ROUND_MAX)(x["round"])
            and is_hex64(x["cup"]) and is_hex64(x["share"]))


def _is_fair_share(x: dict[str, Any]) -> bool:
    return (set(x) == {"type", "round", "share"} and whole(1, FAIR_ROUND_MAX)(x["round"])
            and is_hex64(x["share"]))


def _is_fair_key(x: dict[str, Any]) -> bool:
    return (set(x) == {"type", "round", "key"} and whole(1, FAIR_ROUND_MAX)(x["round"])
            and is_hex64(x["key"]))


# A Snyd guest's part in a fair round (issue 20, docs/protocol.md "Fair dice"): its two
# commitments, then its share, then at the Løft its key; never dice. At a fair Bakke or Treere
# table the same "cup" and "share" make each throw's faces (no key: every throw is public).
FAIR_ACTIONS = ("cup", "share", "key")

# Per game, the actions a guest may send and the exact shape of each (docs/protocol.md "act").
# Not on the wire: Snyd's ``timeout`` (the host's clock makes it) and ``new_game`` of Bakke and
# Treere (the host starts the next game, as it deals in Snyd).
ACTIONS: dict[str, dict[str, Callable[[dict[str, Any]], bool]]] = {
    "snyd": {"bid": _is_bid, "call": _bare,
             "cup": _is_fair_cup, "share": _is_fair_share, "key": _is_fair_key},
    "bakke": {"throw": _bare, "throw_all": _bare, "videre": _bare, "fejl": _is_fejl,
              "undo_fejl": _bare,  # the caller takes a fault back (issue 17)
              "cup": _is_fair_cup, "share": _is_fair_share},  # a fair throw's exchange
    "treere": {"roll": _bare, "keep": _is_keep,
               "cup": _is_fair_cup, "share": _is_fair_share},  # a fair roll's exchange
}


def is_action(x: Any, game: str | None = None) -> bool:
    """An engine action dict as a table screen sends it, of ``game`` (any game's when None);
    the seat is never in it."""
    if not isinstance(x, dict) or not isinstance(x.get("type"), str):
        return False
    for g in GAMES if game is None else (game,):
        check = ACTIONS.get(g, {}).get(x["type"])
        if check is not None and check(x):
            return True
    return False


def is_event_list(x: Any) -> bool:
    return (isinstance(x, list) and len(x) <= EVENTS_MAX
            and all(isinstance(e, dict) and text(1, 32)(e.get("type")) for e in x))


def is_view_fields(x: Any) -> bool:
    """A seat's view without its events (the engine's view contract, docs/views.md)."""
    return (isinstance(x, dict) and len(x) <= VIEW_KEYS_MAX and x.get("game") in GAMES
            and is_name(x.get("me")) and "events" not in x
            and ("said" not in x or is_said(x["said"]))
            and ("handed" not in x or is_handed(x["handed"]))
            and ("fair" not in x or is_fair(x["fair"])))


def _seat_map(x: Any, check: Check, seats: list[str]) -> bool:
    return isinstance(x, dict) and all(p in seats and check(v) for p, v in x.items())


def _is_pair(x: Any) -> bool:
    return isinstance(x, list) and len(x) == 2 and all(is_hex64(c) for c in x)


def is_fair(x: Any) -> bool:
    """A Snyd view's "fair": the public state of the table's current fair round (issue 20):
    its number, the step due, its RoundId (table, game_no, round_no), its seats in seat order,
    every commitment pair, share and key received so far, the keys that did not match ("bad")
    and the guests' seats whose secrets the host drew ("held"). No dice, no dice counts."""
    if not (isinstance(x, dict) and set(x) == {"no", "step", "table", "game_no", "round_no",
                                               "seats", "cups", "shares", "keys", "bad", "held"}):
        return False
    seats = x["seats"]
    if not (isinstance(seats, list) and 1 <= len(seats) <= SEATS_MAX
            and all(is_name(p) for p in seats) and len(set(seats)) == len(seats)):
        return False
    held = x["held"]
    return (whole(1, FAIR_ROUND_MAX)(x["no"]) and one_of(*FAIR_STEPS)(x["step"])
            and isinstance(x["table"], str) and TABLE_ID.fullmatch(x["table"]) is not None
            and whole(1, ID_MAX)(x["game_no"]) and whole(1, ID_MAX)(x["round_no"])
            and _seat_map(x["cups"], _is_pair, seats)
            and all(_seat_map(x[k], is_hex64, seats) for k in ("shares", "keys", "bad"))
            and isinstance(held, list) and all(p in seats for p in held)
            and len(set(held)) == len(held))


def is_handed(x: Any) -> bool:
    """A view's "handed": the guests' seats a stand-in plays now, by the host's hand (names)."""
    return (isinstance(x, list) and 0 < len(x) <= SEATS_MAX and all(is_name(p) for p in x)
            and len(set(x)) == len(x))


def is_said(x: Any) -> bool:
    """A view's "said": the latest lines at the table, each by a seat on one event (its
    index in the view's events)."""
    return (isinstance(x, list) and len(x) <= SAID_MAX
            and all(isinstance(s, dict) and set(s) == {"event", "player", "line"}
                    and whole(0, EVENTS_MAX)(s["event"]) and is_name(s["player"])
                    and text(1, LINE_CHARS)(s["line"]) for s in x))


RECORD_KEYS_MAX = 24  # a host's save has ~15 fields


def is_record_state(x: Any) -> bool:
    """A record's ``state``: a mapping of the save's fields (checked whole when a phone takes
    the table over: the host tables' from_dict refuses anything that does not fit)."""
    return (isinstance(x, dict) and len(x) <= RECORD_KEYS_MAX and "log" not in x
            and all(isinstance(k, str) for k in x))


CLOCK_MS_MAX = 10 * 60 * 1000  # a turn's clock is 15 s (S41); ten minutes is a generous bound


def is_clock(x: Any) -> bool:
    """An ``update``'s optional ``clock``: whose turn is timed and the ms left when it was sent."""
    return (isinstance(x, dict) and set(x) == {"player", "ms"} and is_name(x["player"])
            and whole(0, CLOCK_MS_MAX)(x["ms"]))


def is_lobby_seats(x: Any) -> bool:
    if not isinstance(x, list) or len(x) > SEATS_MAX:
        return False
    for seat in x:
        if not (isinstance(seat, dict)
                and set(seat) == {"player", "kind", "connection", "waiting"}
                and is_name(seat["player"]) and one_of(*KINDS)(seat["kind"])
                and one_of(*CONNECTIONS)(seat["connection"]) and is_bool(seat["waiting"])):
            return False
    return len({s["player"] for s in x}) == len(x)


COUNT = whole(0, ID_MAX)

# Per direction and type: the exact fields besides "v" and "t", each with its check.
FROM_GUEST: dict[str, dict[str, Check]] = {
    "hello": {"name": is_name, "token": nullable(is_token)},
    "act": {"id": whole(1, ID_MAX), "action": is_action},
    "ack": {"seq": COUNT, "events": COUNT},
    "resync": {"seq": COUNT},
    "ping": {"n": COUNT},
    "pong": {"n": COUNT},
    # The guest's copy of the table's public record has a gap (issue 20, the table outlives its
    # host): send it again from ``log`` entries on.
    "have": {"epoch": COUNT, "log": COUNT},
}
FROM_HOST: dict[str, dict[str, Check]] = {
    "welcome": {"seat": is_name, "token": is_token, "seq": COUNT, "last_act": COUNT},
    "lobby": {"seq": COUNT, "started": is_bool, "seats": is_lobby_seats},
    "update": {"seq": COUNT, "base": COUNT, "events": is_event_list, "view": is_view_fields,
               "last_act": COUNT, "more": is_bool},
    "error": {"code": lambda x: isinstance(x, str) and _CODE.fullmatch(x) is not None,
              "message": text(1, 500), "id": nullable(whole(1, ID_MAX))},
    "bye": {"reason": one_of(*BYE_REASONS)},
    "ping": {"n": COUNT, "seq": COUNT},
    "pong": {"n": COUNT, "seq": COUNT},
    # The table's public record (core/succession.py): the engine log from ``base`` on, and on
    # a page without ``more`` the rest of the host's save without a secret, so any phone can
    # carry the table on. ``n`` counts this seat's record frames (a late duplicate is stale);
    # ``epoch`` counts the table's hosts (a frame of an older one is refused).
    "record": {"epoch": COUNT, "n": COUNT, "base": COUNT, "log": lambda x: is_event_list(x),
               "state": nullable(lambda x: is_record_state(x)), "more": is_bool},
}
# Host -> guest fields a message may leave out (checked like the others when present).
OPTIONAL_FROM_HOST: dict[str, dict[str, Check]] = {
    "update": {"clock": is_clock},  # only while a turn's clock runs (S41)
    "lobby": {"game": one_of(*GAMES)},  # the host always sends it; absent means "snyd"
}


def check_message(data: dict[str, Any], schema: dict[str, dict[str, Check]],
                  optional: dict[str, dict[str, Check]] | None = None) -> dict[str, Any]:
    """``data`` if it is a message of ``schema``'s direction in every field; else ProtocolError."""
    if data.get("v") != VERSION or type(data.get("v")) is not int:
        raise ProtocolError("bad_version")
    kind = data.get("t")
    if not isinstance(kind, str) or kind not in schema:
        raise ProtocolError("unknown_type")
    fields = schema[kind]
    present = {name: check for name, check in (optional or {}).get(kind, {}).items()
               if name in data}
    if kind == "act" and ({"player", "seat"} & (set(data) | _action_keys(data))):
        # Said apart from any other bad field: the channel decides the seat, never the message.
        raise ProtocolError("seat_field")
    extra = set(data) - set(fields) - set(present) - {"v", "t"}
    missing = set(fields) - set(data)
    if extra or missing:
        raise ProtocolError("bad_field")
    for name, check in {**fields, **present}.items():
        if not check(data[name]):
            raise ProtocolError("bad_field")
    return data


def _action_keys(data: dict[str, Any]) -> set[str]:
    action = data.get("action")
    return set(action) if isinstance(action, dict) else set()


# Guest -> host fields a message may leave out: the room this phone would open, were it to
# carry the table on after the host (core/succession.py); the others find it there.
OPTIONAL_FROM_GUEST: dict[str, dict[str, Check]] = {"hello": {"next": is_token}}


def decode_from_guest(text: object) -> dict[str, Any]:
    """A guest's frame as a validated message (the host calls this on every arrival)."""
    return check_message(parse_frame(text, GUEST_FRAME_MAX), FROM_GUEST, OPTIONAL_FROM_GUEST)


def decode_from_host(text: object) -> dict[str, Any]:
    """A host's frame as a validated message (the guest calls this on every arrival)."""
    return check_message(parse_frame(text, HOST_FRAME_MAX), FROM_HOST, OPTIONAL_FROM_HOST)


def encode(kind: str, **fields: Any) -> str:
    """One frame: compact, ASCII-only JSON (so its length in characters is its size in bytes)."""
    return json.dumps({"v": VERSION, "t": kind, **fields}, separators=(",", ":"))
