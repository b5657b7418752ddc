"""Table language (S50): how the regulars say bids and what they say at the table.

>>> say_bid({"quantity": 5, "face": 5})
'fem møller'
>>> say_bid({"quantity": 1, "face": 2})
'en toer'
>>> say_bid({"quantity": 7, "face": None})
'syv af en slags'
>>> say_bid({"quantity": 7, "face": None}, lang="en")
'seven of a kind'

Pure functions and data only: no randomness of its own (callers pass a `random.Random`).
Every function takes ``lang`` ("da" or "en"; another is an IllegalAction): the words and lines
are the catalogues engine/voices/snyd_da.py and snyd_en.py.
"""

from __future__ import annotations

import random
from typing import Any

from engine import voices
from engine.errors import IllegalAction, shown
from engine.snyd.bid import bid_of
from engine.voices import check_lang, numbers

# The Danish catalogue stays reachable here under its old names (docs and tools read them).
LINES = voices.snyd_da.LINES
BID_LINES = voices.snyd_da.BID_LINES


def number(n: int, neuter: bool = False, lang: str = "da") -> str:
    """A number word: 1 -> "en" (or "et" when neuter), 21 -> "enogtyve", 100 -> "hundrede";
    in English 21 -> "twenty-one" (``neuter`` is Danish only).

    >>> number(21), number(1, neuter=True), number(21, lang="en")
    ('enogtyve', 'et', 'twenty-one')
    """
    check_lang(lang)
    if type(n) is not int or not 0 <= n <= 100:
        raise IllegalAction(f"Intet talord for {shown(n)} (no number word: 0–100 only)")
    return numbers.english(n) if lang == "en" else numbers.danish(n, neuter)


def _quantity_face(bid: Any) -> tuple[int, int | None]:
    bid = bid_of(bid)
    return bid.quantity, bid.face


def say_bid(bid: Any, lang: str = "da") -> str:
    """A bid (a `Bid` or a {"quantity", "face"} dict) in table language: "fem møller"; in
    English with the nickname glossed: "five møller (fives)".

    >>> say_bid({"quantity": 5, "face": 5}, lang="en")
    'five møller (fives)'
    >>> say_bid({"quantity": 1, "face": 2}, lang="en")
    'one two'
    """
    words = voices.catalogue("snyd", lang)
    quantity, face = _quantity_face(bid)
    if face is None:
        return words.KIND.format(n=number(quantity, lang=lang))
    if quantity == 1:
        return words.ONE.format(face=words.SINGULAR[face])
    faces = words.NICKNAMES.get(face, words.PLURAL[face])
    return words.MANY.format(n=number(quantity, lang=lang), faces=faces)


def face_word(face: int, quantity: int = 2, lang: str = "da") -> str:
    """The face as a word, singular for one ("toer") and plural otherwise ("toere"); in English
    "two" / "twos"."""
    words = voices.catalogue("snyd", lang)
    if type(face) is not int or face not in words.SINGULAR:
        raise IllegalAction(f"Ukendt øjental {shown(face)} (unknown face)")
    return (words.SINGULAR if quantity == 1 else words.PLURAL)[face]


def plain_bid(bid: Any, lang: str = "da") -> str:
    """A bid without the nicknames ("fem femmere", "five fives"): for the UI's buttons and the
    rule texts.

    >>> plain_bid({"quantity": 5, "face": 5}), plain_bid({"quantity": 5, "face": 5}, lang="en")
    ('fem femmere', 'five fives')
    """
    words = voices.catalogue("snyd", lang)
    quantity, face = _quantity_face(bid)
    if face is None:
        return words.KIND.format(n=number(quantity, lang=lang))
    if quantity == 1:
        return words.ONE.format(face=face_word(face, 1, lang))
    return words.MANY.format(n=number(quantity, lang=lang), faces=face_word(face, quantity, lang))


def line(style: str, moment: str, rng: random.Random | None = None,
         lang: str = "da") -> str | None:
    """One line for `moment` (call, win, lose, viborg, selvbinder, home) in `style`, or None.
    An unknown style speaks as Henning."""
    _check_style(style, rng)
    lines = voices.catalogue("snyd", lang).LINES
    choices = lines.get(style, lines["henning"]).get(moment) if isinstance(moment, str) else None
    if not choices:
        return None
    return (rng or random.Random(0)).choice(choices)


def bid_line(style: str, bid: Any, rng: random.Random | None = None, lang: str = "da") -> str:
    """A bid as a regular says it: the table language, now and then with a word around it."""
    _check_style(style, rng)
    text = say_bid(bid, lang)
    template = (rng or random.Random(0)).choice(
        voices.catalogue("snyd", lang).BID_LINES.get(style, ["{bid}."]))
    said = template.format(bid=text)
    return said[0].upper() + said[1:]


def _check_style(style: Any, rng: Any) -> None:
    if not isinstance(style, str) or not (rng is None or isinstance(rng, random.Random)):
        raise IllegalAction(f"Ukendt stil {shown(style)} (style: a str; rng: a random.Random)")
