"""What a table with friends says about itself, in each phone's own language.

The host's phone and a guest's may speak different languages, so no sentence crosses the wire
for a phone to show as it is: the host sends a stable code (an ``error``'s ``code``, a ``bye``'s
``reason``) and the guest's phone says it from its own catalogue (app/lang, "friends.…").
The ``message`` an ``error`` still carries is the same sentence in Danish and English
(app/both_languages.both: the form of every IllegalAction), for a guest phone of an older version, which shows its Danish part; a phone of this
version never shows it, except for ``illegal``: that is the host engine's own reason, which
is always "Dansk (English)", so the guest shows its own language's half (lang.error_text).

A code from outside is checked like any field: one this version does not know is said as a
generic line, never shown raw.
"""
from __future__ import annotations

from app import lang
from app.lang import t

# Every error code the host sends (docs/protocol.md "Error codes"); each has a
# "friends.error.<code>" text in both languages (tests/peers/test_notices.py).
ERROR_CODES = (
    "not_text", "too_big", "too_deep", "not_json", "not_object", "bad_version", "unknown_type",
    "bad_field", "seat_field", "rate", "hello_first", "already_seated", "bad_token", "bad_name",
    "name_taken", "table_full", "started", "not_playing", "replay", "illegal", "bad_ack",
)
BYE_REASONS = ("removed", "closed", "replaced")
# The relay's close codes with a line of their own (docs/relay.md); any other is "unreachable".
CLOSE_CODES = (4404, 4403, 4001, 4409, 4400, 4429, 4503, 4408, 1009)


def error_line(code: object, message: object = "", **args: object) -> str:
    """What the guest's phone says for the host's ``error``: its own catalogue's line for the
    code (``args`` fill it: ``name``, ``seats``), the player's half of the engine's reason for
    ``illegal``, a generic line for a code it does not know."""
    if code == "illegal" and isinstance(message, str) and lang.error_text(message).strip():
        return lang.error_text(message)
    if code in ERROR_CODES:
        return t(f"friends.error.{code}", **args)
    return t("friends.error.unknown")


def bye_line(reason: object) -> str:
    """What the guest's phone says when the host ends its channel (``bye``)."""
    return t(f"friends.bye.{reason}") if reason in BYE_REASONS else t("friends.error.unknown")


def close_line(code: int | None) -> str:
    """The line for the screen when the relay closed with ``code``."""
    return t(f"friends.relay.{code}") if code in CLOSE_CODES else t("friends.relay.unreachable")
