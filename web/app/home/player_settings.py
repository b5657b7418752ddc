"""*Indstillinger*: the player's own settings, validated, as a JSON-able dict.

Stored locally by the screen; a bad or missing value falls back to its default rather
than breaking the app. Settings that cannot be read at all (too big, too deep, not JSON,
not an object) are set aside and the player is told once (`load_settings`).
"""
from __future__ import annotations

from typing import Any

from app.lang import LANGUAGES, catalogue, t
from app.saves.local_store import SETTINGS_KEY
from app.saves.save_guard import MAX_SETTINGS_CHARS, UnreadableSave, parse_bounded

TEMPOS = {"rolig": 1.6, "normal": 1.0, "hurtig": 0.15}  # the regulars' pause, as a factor

DEFAULTS: dict = {
    "name": "Du",           # your seat's name at a new table, as stored (shown: default_name())
    "sound": True,          # the clock's beep
    "vibration": True,      # the clock's buzz, where the phone can
    "practice": False,      # Øvebord help against the regulars (S42)
    "reduced_motion": False,  # also on when the system asks for it (prefers-reduced-motion)
    "tempo": "normal",      # how long the regulars think
    "tutorial_answered": False,  # the start screen's Lær at spille offer was answered (app.tutorial.runner)
    "language": None,       # "da" / "en" once chosen; None: the browser's (app.lang.pick_language)
}


def clean_settings(raw: object) -> dict:
    """Defaults overlaid with every valid value of `raw`; anything else is ignored."""
    out = dict(DEFAULTS, name=default_name())
    if not isinstance(raw, dict):
        return out
    name = raw.get("name")
    if isinstance(name, str) and name.strip() and len(name.strip()) <= 20 and not is_default_name(name):
        out["name"] = name.strip()
    for key in ("sound", "vibration", "practice", "reduced_motion", "tutorial_answered"):
        if isinstance(raw.get(key), bool):
            out[key] = raw[key]
    if raw.get("tempo") in TEMPOS:
        out["tempo"] = raw["tempo"]
    if raw.get("language") in LANGUAGES:
        out["language"] = raw["language"]
    return out


def default_name() -> str:
    """Your seat's name until you type one, in the language spoken now: "Du" / "You"."""
    return t("shell.you")


def is_default_name(name: object) -> bool:
    """True for the untouched default in any language. Settings are stored whole, so a player
    who changed only the sound under English has "You" stored: it reads as "Du" in Danish, as a
    typed name never changes. (A player who types "Du" or "You" gets the default: same word.)"""
    return isinstance(name, str) and name.strip() in {catalogue(code)["shell.you"] for code in LANGUAGES}


def settings_reset() -> str:
    """The notice that stored settings could not be read and are back to the defaults."""
    return t("shell.settings.reset")



def read_settings(store: Any) -> dict:
    """The settings from a local_store.LocalStore, for a caller that tells the player nothing
    (the start screen, the keys, the join screen …). Unreadable stored settings are set aside
    under their backup key and the notice is kept on the store for the next `load_settings`:
    whichever screen happens to read first, the player is still told, once.
    A single bad value is not a problem: it quietly falls back to its default."""
    text = store.read(SETTINGS_KEY)
    if text is None:
        return clean_settings(None)
    try:
        raw = parse_bounded(text, MAX_SETTINGS_CHARS)
        if not isinstance(raw, dict):
            raise UnreadableSave(f"not an object but {type(raw).__name__}")
    except UnreadableSave as exc:
        store.set_aside(SETTINGS_KEY, text, str(exc), MAX_SETTINGS_CHARS)
        store.settings_untold = f"settings unreadable: {exc}"
        return clean_settings(None)
    return clean_settings(raw)


def load_settings(store: Any) -> tuple[dict, str]:
    """(settings, problem) for a screen that tells the player: `problem` is "" when the stored
    settings were fine or missing, else the technical reason of a reset not yet told (it is
    handed out once: the next load says "")."""
    settings = read_settings(store)
    problem = getattr(store, "settings_untold", "")
    store.settings_untold = ""
    return settings, problem


def tempo_factor(settings: dict) -> float:
    return TEMPOS.get(settings.get("tempo"), 1.0)


def practice_wanted(settings: dict, rules: dict, has_regulars: bool) -> bool:
    """S42: the host's switch for the table; against the regulars also your own setting.
    Never under Skjult antal (the help would reveal the count)."""
    if rules.get("hidden_count"):
        return False
    return bool(rules.get("practice")) or (has_regulars and bool(settings.get("practice")))
