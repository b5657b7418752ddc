"""The regulars' voices in each language: one catalogue module per game and language.

``snyd_da``/``snyd_en``, ``bakke_da``/``bakke_en``, ``treere_da``/``treere_en`` hold the lines
(``LINES[style][moment]``) and the table's words for that game; ``numbers`` the number words.
The speech modules (engine/<game>/speech.py) pick a catalogue with ``catalogue(game, lang)``.

The engine is pure and does not import the app's catalogues (web/app/lang): these are its own.
Every list of lines has the same length in both languages, so a seeded ``random.Random`` picks
the same line in either language: a seeded evening is the same evening in Danish or English.
"""
from __future__ import annotations

from types import ModuleType
from typing import Any

from engine.errors import IllegalAction, shown
from engine.voices import bakke_da, bakke_en, snyd_da, snyd_en, treere_da, treere_en

LANGS = ("da", "en")
_CATALOGUES = {
    ("snyd", "da"): snyd_da, ("snyd", "en"): snyd_en,
    ("bakke", "da"): bakke_da, ("bakke", "en"): bakke_en,
    ("treere", "da"): treere_da, ("treere", "en"): treere_en,
}


def check_lang(lang: Any) -> str:
    """``lang`` if it is a language the regulars speak ("da" or "en"), else an IllegalAction."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise IllegalAction(f"Ukendt sprog {shown(lang)} (unknown language: da or en)")
    return lang


def catalogue(game: str, lang: Any) -> ModuleType:
    """The catalogue module of ``game`` ("snyd", "bakke", "treere") in ``lang``."""
    return _CATALOGUES[(game, check_lang(lang))]
