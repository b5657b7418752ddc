"""An error message in the engine's form, "Dansk (English)", from a catalogue key.

IllegalAction and the app's own ValueErrors carry both languages (engine/errors.py): logs and
tests read the whole message, and the screen shows the player's half with
`lang.error_text(str(exc))`. The halves come from the shell catalogues, so no text lives in code.
"""
from __future__ import annotations

from app.lang import catalogue


def both(key: str, **args: object) -> str:
    """`key`'s Danish text with its English in brackets, `{placeholders}` filled in each."""
    da, en = catalogue("da")[key], catalogue("en")[key]
    return f"{da.format(**args)} ({en.format(**args)})"
