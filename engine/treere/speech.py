"""Table language for Treere: what the regulars say at the Treere table.

>>> say_score(0)
'nul'
>>> say_score(4)
'fire'
>>> line("sharp", "zero", random.Random(1))
'Fem treere. Nul.'

Pure data and functions, no randomness of its own (callers pass a ``random.Random``).  The
regulars are the Snyd regulars (engine/snyd/speech.py): the same voices, the words of this
table (treere, nul, puljen, en gang til). ``lang`` ("da" or "en"; another is an IllegalAction)
picks the catalogue, engine/voices/treere_da.py or treere_en.py (the moments are listed there).
"""
from __future__ import annotations

import random

from engine import voices
from engine.errors import IllegalAction, shown
from engine.voices import check_lang, numbers

# The Danish lines under their old name, as the table says them under the usual zero face
# ("fem treere"; "{score}" left to fill).
LINES = {style: {moment: [text.replace("{zeros}", "treere").replace("{ZEROS}", "TREERE")
                          for text in texts] for moment, texts in moments.items()}
         for style, moments in voices.treere_da.LINES.items()}


def say_score(score: int, lang: str = "da") -> str:
    """A score in words: 0 -> "nul", 4 -> "fire" (the number word, as at the table); in English
    "zero", "four"."""
    check_lang(lang)
    if type(score) is not int or not 0 <= score <= 30:
        raise IllegalAction(f"En score er 0–30, ikke {shown(score)} (a score is 0-30)")
    return numbers.english(score) if lang == "en" else numbers.danish(score)


def line(style: str, moment: str, rng: random.Random | None = None, score: int | None = None,
         zero_face: int = 3, lang: str = "da") -> str | None:
    """One line for ``moment`` in ``style`` (None when it has none), ``{score}`` filled in;
    under another zero face (T7) "fem treere" names that face ("fem femmere", "five fives").
    An unknown style speaks as Henning.

    >>> line("sharp", "zero", random.Random(1), zero_face=5, lang="en")
    'Five fives. Zero.'
    """
    words = voices.catalogue("treere", lang)
    if not isinstance(style, str) or not (rng is None or isinstance(rng, random.Random)):
        raise IllegalAction(f"Ukendt stil {shown(style)} (style: a str; rng: a random.Random)")
    lines = words.LINES
    choices = lines.get(style, lines["henning"]).get(moment) if isinstance(moment, str) else None
    if not choices:
        return None
    text = (rng or random.Random(0)).choice(choices)
    zeros = words.PLURAL.get(zero_face, words.PLURAL[3])
    if "{" in text:
        said = say_score(score if score is not None else 0, lang) if "{score}" in text else ""
        text = text.format(score=said, zeros=zeros, ZEROS=zeros.upper())
    return text[0].upper() + text[1:]
