"""What the regulars say at the Bakke table: pure data and functions (the voices of Snyd's regulars,
engine/snyd/speech.py, at the tray).

>>> import random
>>> line("sharp", "videre", random.Random(0))
'Videre. Bakken er din.'
>>> line("sharp", "videre", random.Random(0), lang="en")
'Videre. The tray is yours.'
>>> face_word(5, 2)
'femmere'

No randomness of its own: callers pass a ``random.Random``. ``lang`` ("da" or "en"; another is
an IllegalAction) picks the catalogue, engine/voices/bakke_da.py or bakke_en.py (the moments
are listed there).
"""
from __future__ import annotations

import random
from typing import Any

from engine import voices
from engine.errors import IllegalAction, shown

# The Danish catalogue stays reachable here under its old name (the bots check styles in it).
LINES = voices.bakke_da.LINES
STYLES = tuple(LINES)
_SINGULAR = voices.bakke_da.SINGULAR  # the faces a tray holds (2-6), the same in every language


def face_word(face: int, count: int = 2, lang: str = "da") -> str:
    """A face 2–6 as the table says it: "femmer" for one, "femmere" for more ("fives" in English)."""
    words = voices.catalogue("bakke", lang)
    if type(face) is not int or face not in _SINGULAR or type(count) is not int or count < 1:
        raise IllegalAction(f"Ukendt øjental {shown(face)} (a tray face is 2-6)")
    return (words.SINGULAR if count == 1 else words.PLURAL)[face]


def line(style: str, moment: str, rng: random.Random | None = None,
         face: int | None = None, who: str | None = None, lang: str = "da") -> str | None:
    """One line for ``moment`` in ``style`` (None for a moment it has no words for).

    ``face`` fills "{face}" / "{Face}" in the pick-up lines, ``who`` "{who}" (the loser).

    >>> line("henning", "cheers", random.Random(0), who="Grethe", lang="en")
    "So it's Grethe buying."
    """
    words = voices.catalogue("bakke", lang)
    if (not isinstance(style, str) or style not in LINES or not isinstance(moment, str)
            or not (rng is None or isinstance(rng, random.Random))):
        raise IllegalAction(f"Ukendt stil {shown(style)} (style: one of {', '.join(STYLES)})")
    choices = words.LINES[style].get(moment)
    if not choices:
        return None
    text = (rng or random.Random(0)).choice(choices)
    if "{" in text:
        word = face_word(face, lang=lang) if face is not None else words.SOME_DICE
        name = who if isinstance(who, str) and who else words.MATE
        text = text.format(face=word, Face=word[0].upper() + word[1:], who=name)
    return text


def moment_of(event: Any, name: str) -> tuple[str, int | str | None] | None:
    """Which moment a table event is for the regular ``name`` (and the face or the loser it
    names), or None when the event is not about it."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise IllegalAction(f"Ukendt hændelse {shown(event)} (malformed event)")
    kind = event["type"]
    if kind == "game_over":
        loser = event.get("loser")
        if loser == name:
            return "lose", None
        return ("cheers", loser) if isinstance(loser, str) and loser else None
    if kind == "fejl":
        return ("fejl", None) if event.get("against") == name else None
    if event.get("player") != name:
        return None
    if kind == "videre":
        return "videre", None
    if kind == "throw" and event.get("mode") == "all":
        return "throw_all", None
    if kind == "ones_out":
        return "ones", None
    if kind == "pick_up":
        face = event.get("face")
        return "pick_up", face if type(face) is int and face in _SINGULAR else None
    if kind == "out":
        return "out", None
    return None
