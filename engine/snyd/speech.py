"""Table language (S50): how the regulars say bids and what they say at the table.

>>> say_bid({"quantity": 5, "face": 5})
'fem møller'
>>> say_bid({"quantity": 1, "face": 2})
'en toer'
>>> say_bid({"quantity": 7, "face": None})
'syv af en slags'

Pure functions and data only: no randomness of its own (callers pass a `random.Random`).
"""

from __future__ import annotations

import random
from typing import Any

from engine.errors import IllegalAction, shown
from engine.snyd.checks import bid_of

_UNITS = ["nul", "en", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti",
          "elleve", "tolv", "tretten", "fjorten", "femten", "seksten", "sytten", "atten",
          "nitten"]
# Danish tens are vigesimal from 50 up: halvtreds = 2.5 x 20, tres = 3 x 20 ...
_TENS = {20: "tyve", 30: "tredive", 40: "fyrre", 50: "halvtreds", 60: "tres",
         70: "halvfjerds", 80: "firs", 90: "halvfems"}

# Faces: singular and plural (S50). Ones only appear as a bid when ones are not jokers (S15).
_SINGULAR = {1: "etter", 2: "toer", 3: "treer", 4: "firer", 5: "femmer", 6: "sekser"}
_PLURAL = {1: "ettere", 2: "toere", 3: "treere", 4: "firere", 5: "femmere", 6: "seksere"}
# The pub's nicknames, used from two dice up (S50).
_NICKNAMES = {4: "lujer", 5: "møller", 6: "af de store"}


def number(n: int, neuter: bool = False) -> str:
    """A Danish number word: 1 -> "en" (or "et" when neuter), 21 -> "enogtyve", 100 -> "hundrede"."""
    if type(n) is not int or not 0 <= n <= 100:
        raise IllegalAction(f"Intet talord for {shown(n)} (no number word: 0–100 only)")
    if n == 1:
        return "et" if neuter else "en"
    if n < 20:
        return _UNITS[n]
    if n < 100:
        tens, unit = divmod(n, 10)
        word = _TENS[tens * 10]
        # "enogtyve": the unit comes first, joined by "og"; the unit is "en" in either gender.
        return f"{_UNITS[unit]}og{word}" if unit else word
    return "hundrede"


def _quantity_face(bid: Any) -> tuple[int, int | None]:
    bid = bid_of(bid)
    return bid.quantity, bid.face


def say_bid(bid: Any) -> str:
    """A bid (a `Bid` or a {"quantity", "face"} dict) in table language: "fem møller"."""
    quantity, face = _quantity_face(bid)
    if face is None:
        return f"{number(quantity)} af en slags"
    if quantity == 1:
        return f"en {_SINGULAR[face]}"
    word = _NICKNAMES.get(face, _PLURAL[face])
    return f"{number(quantity)} {word}"


def face_word(face: int, quantity: int = 2) -> str:
    """The face as a word, singular for one ("toer") and plural otherwise ("toere")."""
    if type(face) is not int or face not in _SINGULAR:
        raise IllegalAction(f"Ukendt øjental {shown(face)} (unknown face)")
    return (_SINGULAR if quantity == 1 else _PLURAL)[face]


def plain_bid(bid: Any) -> str:
    """A bid without the nicknames ("fem femmere"): for the UI's buttons and the rule texts."""
    quantity, face = _quantity_face(bid)
    if face is None:
        return f"{number(quantity)} af en slags"
    return f"{number(quantity)} {face_word(face, quantity)}"


# Short lines per style for the public moments of the evening. Keys: call (Løft), win (out and
# safe / another lost the game), lose (lost the game), viborg (to Viborg), selvbinder, home.
LINES: dict[str, dict[str, list[str]]] = {
    "henning": {
        "call": ["Løft!", "Den køber jeg ikke. Løft!", "Nu løfter vi, makker."],
        "win": ["Skål!", "Så er Henning slap.", "Det var som det plejer."],
        "lose": ["Pokkers også.", "Den var jeg ikke med på."],
        "viborg": ["Viborg igen. Jeg kender vejen.", "Så er det Viborg, hva'."],
        "selvbinder": ["En selvbinder! Den næste omgang er min."],
        "home": ["Hjem til den grønne måtte."],
    },
    "careful": {
        "call": ["Løft, tak.", "Det tror jeg ikke på. Løft.", "Lad os lige se. Løft."],
        "win": ["Jamen dog, tak for spillet.", "Stille og roligt."],
        "lose": ["Åh nej da.", "Det var ærgerligt."],
        "viborg": ["Viborg? Det var da ikke meningen."],
        "selvbinder": ["En selvbinder… det sker for de bedste."],
        "home": ["Godt at være hjemme."],
    },
    "bluffer": {
        "call": ["Løft! Jeg kan lugte en løgn.", "Snyd! Løft!", "Den er for fed. Løft."],
        "win": ["Hvem snød hvem?", "Pokerfjæs, venner."],
        "lose": ["I så det komme, hva'?", "Den var næsten hjemme."],
        "viborg": ["Viborg er også en by.", "Jeg skulle alligevel den vej."],
        "selvbinder": ["Selvbinder! Skænk op, det er på mig."],
        "home": ["Tilbage igen, som om intet var hændt."],
    },
    "reckless": {
        "call": ["LØFT!", "Op med bægrene!", "Løft, for fanden!"],
        "win": ["JA! Skål!", "Så kører det!"],
        "lose": ["Argh! Én gang til!", "Det var terningernes skyld."],
        "viborg": ["Viborg, here I come!", "Så må vi til Viborg."],
        "selvbinder": ["Selvbinder! Det var sgu da med vilje."],
        "home": ["Hjem, og så fuld fart igen!"],
    },
    "sharp": {
        "call": ["Løft. Regnestykket går ikke op.", "Løft.", "Det holder ikke. Løft."],
        "win": ["Som beregnet.", "Tak for spillet."],
        "lose": ["Uheldigt. Det sker i halvdelen af tilfældene.", "Hm. Godt spillet."],
        "viborg": ["Viborg. Midlertidigt.", "Nå. Viborg."],
        "selvbinder": ["En selvbinder. Statistisk sjælden, desværre ikke umulig."],
        "home": ["Hjemme igen."],
    },
}

# What each style puts around a bid now and then: "{bid}" is the bid in table language.
BID_LINES: dict[str, list[str]] = {
    "henning": ["{bid}.", "{bid}, makker.", "Så siger vi {bid}."],
    "careful": ["{bid}.", "Øh… {bid}."],
    "bluffer": ["{bid}!", "Mindst {bid}.", "{bid}, og det er billigt."],
    "reckless": ["{bid}!", "{bid}, og så er det nu!"],
    "sharp": ["{bid}.", "{bid}."],
}


def line(style: str, moment: str, rng: random.Random | None = None) -> str | None:
    """One line for `moment` (call, win, lose, viborg, selvbinder, home) in `style`, or None."""
    _check_style(style, rng)
    choices = LINES.get(style, LINES["henning"]).get(moment) if isinstance(moment, str) else None
    if not choices:
        return None
    return (rng or random.Random(0)).choice(choices)


def bid_line(style: str, bid: Any, rng: random.Random | None = None) -> str:
    """A bid as a regular says it: the table language, now and then with a word around it."""
    _check_style(style, rng)
    text = say_bid(bid)
    template = (rng or random.Random(0)).choice(BID_LINES.get(style, ["{bid}."]))
    said = template.format(bid=text)
    return said[0].upper() + said[1:]


def _check_style(style: Any, rng: Any) -> None:
    if not isinstance(style, str) or not (rng is None or isinstance(rng, random.Random)):
        raise IllegalAction(f"Ukendt stil {shown(style)} (style: a str; rng: a random.Random)")
