"""Reading a save without trusting it: size and nesting bounded BEFORE `json.loads`.

A save comes from localStorage, which anything on the origin (an old version, a hand edit,
a broken extension) may have written. `json.loads` recurses once per `[` or `{`: in Pyodide a
few thousand levels overflow the JS stack and kill the interpreter, and the app stays blank
on every reload. So the text is measured first, with regex passes that run in C (cheap on a
multi-MB save: bench/saves.py, docs/ui.md "Saves and tabs"), and only parsed when it is
within bounds.
"""
from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from app.lang import t

# A 200-game evening at 8 seats saves ~0.6 MB (docs/ui.md); browsers hold at most ~5 M
# characters per origin. 4 M characters is ~6 such evenings and still parses in well under a
# second in Pyodide; anything larger was not written by this app.
MAX_TABLE_CHARS = 4_000_000
MAX_SETTINGS_CHARS = 10_000
# A real save nests 6 levels deep; 32 is a wide margin
# and far below where json.loads recurses into trouble.
MAX_DEPTH = 32

MAX_DETAIL = 500  # characters of technical detail kept for the console and the backup


def corrupt_save() -> str:
    """What the player reads when a saved table cannot be restored (a fresh table is set)."""
    return t("shell.save.corrupt")



class CorruptSave(ValueError):
    """A saved table (of any game) that cannot be restored; the screen says so and sets a
    fresh table. str() is the player's sentence only; `detail` (technical, English, bounded)
    is for the console and the set-aside copy."""

    def __init__(self, detail: str):
        super().__init__(corrupt_save())
        # An error message may quote the bad value, which may be megabytes long.
        self.detail = detail if len(detail) <= MAX_DETAIL else detail[:MAX_DETAIL] + "…"

# A JSON string, escapes included (unrolled loop: no backtracking on long strings).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class UnreadableSave(ValueError):
    """A stored text that is not a save we can read (too big, too deep, not JSON)."""


def nesting_depth(text: str) -> int:
    """The deepest `[`/`{` nesting outside strings: the highest running count of openers minus
    closers. json.loads never recurses deeper than this (at a stray or mismatched bracket it
    stops with an error), so it is a safe bound even for text that is not JSON.

    Two regex passes and one `accumulate`, all in C: no Python bytecode per character.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets), initial=0))


def parse_bounded(text: object, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """`json.loads(text)` if it is a string within both bounds, else UnreadableSave."""
    if not isinstance(text, str):
        raise UnreadableSave(f"not text but {type(text).__name__}")
    if len(text) > max_chars:
        raise UnreadableSave(f"{len(text)} characters, more than {max_chars}")
    if nesting_depth(text) > max_depth:
        raise UnreadableSave(f"nested deeper than {max_depth}")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise UnreadableSave(f"not JSON: {exc}") from None
