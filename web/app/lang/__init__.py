"""The app's words in Danish and English: `t("snyd.call")` is the current language's text.

No player-facing string lives in code: every screen asks `t(key, **args)`, and the texts are
catalogues, one module per area and language (lang/da/<area>.py, lang/en/<area>.py), each a
flat `TEXT = {key: text}`. A key starts with its area ("snyd.", "shell." …); a text may hold
`{name}` placeholders, filled from `args` with str.format.

The language is chosen once at start-up (lang/choice.py: the player's setting under
*Indstillinger*, else the browser's) and changed by the settings screen (`set_language`).
A key missing from a catalogue never breaks a screen: the player sees ⟦key⟧ and the app
reports it through `on_missing` (the browser logs a console error, which fails any browser
test; pure-Python tests raise, see tests/ui/conftest.py).
"""
from __future__ import annotations

from collections.abc import Callable

from app.lang import da, en

LANGUAGES = ("da", "en")
DEFAULT = "da"
_PACKAGES = {"da": da, "en": en}

_current = DEFAULT
_catalogues: dict[str, dict[str, str]] = {}


def _report_missing(key: str, language: str) -> None:
    raise KeyError(f"no text for {key!r} in {language!r}")


on_missing: Callable[[str, str], None] = _report_missing


def catalogue(language: str) -> dict[str, str]:
    """Every key of `language`, all areas merged (loaded on first use)."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}: one of {LANGUAGES}")
    if language not in _catalogues:
        merged: dict[str, str] = {}
        for area in _PACKAGES[language].AREAS.values():
            texts = area.TEXT
            clash = merged.keys() & texts.keys()
            if clash:
                raise ValueError(f"keys defined twice in {language}: {sorted(clash)[:5]}")
            merged.update(texts)
        _catalogues[language] = merged
    return _catalogues[language]


def language() -> str:
    return _current


def set_language(code: str) -> None:
    global _current
    catalogue(code)  # checks the code and loads it before any screen asks
    _current = code


def t(key: str, **args: object) -> str:
    """The text for `key` in the current language, `{placeholders}` filled from `args`."""
    text = catalogue(_current).get(key)
    if text is None:
        on_missing(key, _current)
        return f"⟦{key}⟧"
    return text.format(**args) if args else text


def regular_portrait(game: str, regular: dict) -> str:
    """A regular's one-line portrait in the current language ("<game>.regular.<style>"): the
    engines describe their regulars in Danish only, so a style the catalogue does not know keeps
    the engine's own description. Shared by every *Dæk bordet* and the friends' lobby."""
    key = f"{game}.regular.{regular.get('style')}"
    return catalogue(_current).get(key, regular.get("description", ""))


def pick_language(setting: object, browser_languages: list[str] | tuple[str, ...]) -> str:
    """The language to speak: the player's own choice if any ("da"/"en"); else Danish for a
    browser that lists Danish anywhere among its languages, or lists none; else English.
    (Norwegian and Swedish readers are given English: the pub words are glossed there.)"""
    if setting in LANGUAGES:
        return str(setting)
    wanted = [str(code).lower() for code in browser_languages or () if code]
    if not wanted or any(code == "da" or code.startswith("da-") for code in wanted):
        return "da"
    return "en"


def error_text(message: str) -> str:
    """An engine error (IllegalAction) for the player. Its messages are Danish first with the
    English in brackets at the end ("Højst 8 spillere (at most 8 players)"): in English the
    bracket is shown, in Danish the text before it."""
    body, bracket = _split_bracket(message)
    if _current == "en":
        return bracket or message
    return body or message


def _split_bracket(message: str) -> tuple[str, str]:
    text = message.rstrip()
    if not text.endswith(")"):
        return text, ""
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(text[i], 0)
        if depth == 0:
            return text[:i].rstrip(), text[i + 1:-1].strip()
    return text, ""
