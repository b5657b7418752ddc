"""The language at start-up: the player's setting, else the browser's (lang.pick_language).

Kept apart from lang/__init__.py so the catalogues stay pure Python (tests, bots) while this
touches the browser. web/app/shell-lang.js makes the same choice for the static start screen.
"""
from __future__ import annotations

from typing import Any

from app import lang
from app.home.player_settings import read_settings
from app.saves.local_store import store


def apply(js: Any) -> str:
    """Choose and set the language; <html lang> follows (screen readers, hyphenation)."""
    # The app's one store: unreadable settings are set aside here and the notice waits on it
    # for the first screen that tells (player_settings.load_settings); a store of its own lost it.
    settings = read_settings(store)
    languages = list(getattr(js.navigator, "languages", None) or [js.navigator.language or ""])
    code = lang.pick_language(settings.get("language"), languages)
    lang.set_language(code)
    lang.on_missing = lambda key, language: js.console.error(f"bodega: no text for {key!r} in {language!r}")
    js.document.documentElement.lang = code
    return code
