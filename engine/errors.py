"""Errors shared by every game engine, and one safe way to quote bad input in them."""
from __future__ import annotations

import reprlib
from typing import Any


class IllegalAction(ValueError):
    """An action the rules do not allow (out of turn, not a raise, bad input …).

    The message is meant for a player: Danish first, English in brackets.
    Whatever raised it has left its table unchanged.
    """


class _Quote(reprlib.Repr):
    """reprlib with a cap on everything, so quoting hostile input is cheap and cannot fail."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxlist, self.maxtuple, self.maxdict, self.maxset = 2, 4, 4, 4, 4
        self.maxstring, self.maxother, self.maxlong = 24, 24, 24

    def repr_int(self, x: int, level: int) -> str:
        # repr() of an int past 4,300 digits raises ValueError (CPython's int-to-str limit).
        if x.bit_length() > 64:
            digits = int(x.bit_length() * 0.30103) + 1
            return f"<et tal med ca. {digits} cifre>"
        return super().repr_int(x, level)


_QUOTE = _Quote()
MAX_QUOTE = 40


def shown(value: Any) -> str:
    """``value`` as a short, safe quote for an error message (at most MAX_QUOTE characters).

    Input from outside can be anything: huge ints, deep nesting, odd objects. This never
    raises and never shows more than a glimpse of it.
    """
    try:
        text = _QUOTE.repr(value)
    except (ValueError, TypeError, RecursionError):  # reprlib already guards odd __repr__s
        text = f"<{type(value).__name__}>"
    if len(text) > MAX_QUOTE:
        text = text[:MAX_QUOTE - 1] + "…"
    return text
