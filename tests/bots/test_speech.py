"""S50: the table language of the regulars."""

from __future__ import annotations

import random

import pytest

from engine.snyd import speech
from engine.snyd.bid import Bid

NUMBERS = {1: "en", 2: "to", 3: "tre", 4: "fire", 5: "fem", 6: "seks", 7: "syv", 8: "otte",
           9: "ni", 10: "ti", 11: "elleve", 12: "tolv", 13: "tretten", 14: "fjorten",
           15: "femten", 16: "seksten", 17: "sytten", 18: "atten", 19: "nitten", 20: "tyve",
           21: "enogtyve", 22: "toogtyve", 29: "niogtyve",
           30: "tredive", 34: "fireogtredive", 40: "fyrre", 45: "femogfyrre", 50: "halvtreds",
           56: "seksoghalvtreds", 60: "tres", 70: "halvfjerds", 80: "firs", 90: "halvfems"}


@pytest.mark.parametrize("n,word", sorted(NUMBERS.items()))
def test_number_words(n: int, word: str) -> None:
    assert speech.number(n) == word


def test_en_et() -> None:
    assert speech.number(1) == "en"
    assert speech.number(1, neuter=True) == "et"
    assert speech.number(2, neuter=True) == "to"


@pytest.mark.parametrize("bad", [-1, 1.5, "3", True])
def test_number_rejects_nonsense(bad: object) -> None:
    with pytest.raises(ValueError):
        speech.number(bad)  # type: ignore[arg-type]


BIDS = [
    ((1, 1), "en etter"), ((1, 2), "en toer"), ((1, 3), "en treer"), ((1, 4), "en firer"),
    ((1, 5), "en femmer"), ((1, 6), "en sekser"),
    ((2, 1), "to ettere"), ((2, 2), "to toere"), ((3, 3), "tre treere"),
    ((2, 4), "to lujer"), ((6, 4), "seks lujer"), ((5, 5), "fem møller"),
    ((7, 6), "syv af de store"), ((2, 6), "to af de store"), ((5, 3), "fem treere"),
    ((11, 2), "elleve toere"), ((12, 5), "tolv møller"), ((20, 4), "tyve lujer"),
    ((21, 6), "enogtyve af de store"), ((33, 3), "treogtredive treere"),
    ((7, None), "syv af en slags"), ((1, None), "en af en slags"),
    ((25, None), "femogtyve af en slags"),
]


@pytest.mark.parametrize("qf,said", BIDS)
def test_say_bid_table(qf: tuple[int, int | None], said: str) -> None:
    q, f = qf
    assert speech.say_bid(Bid(q, f)) == said
    assert speech.say_bid({"quantity": q, "face": f}) == said


def test_plain_bid_has_no_nicknames() -> None:
    assert speech.plain_bid(Bid(5, 5)) == "fem femmere"
    assert speech.plain_bid(Bid(7, 6)) == "syv seksere"
    assert speech.plain_bid(Bid(1, 4)) == "en firer"


@pytest.mark.parametrize("style", sorted(speech.LINES))
def test_every_style_has_lines_for_every_moment(style: str) -> None:
    rng = random.Random(1)
    for moment in ("call", "win", "lose", "viborg", "selvbinder"):
        text = speech.line(style, moment, rng)
        assert isinstance(text, str) and text
    assert "løft" in speech.line(style, "call", random.Random(2)).lower()
    said = speech.bid_line(style, Bid(5, 5), rng)
    assert "møller" in said and said[0].isupper()
