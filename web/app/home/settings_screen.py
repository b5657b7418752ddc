"""*Indstillinger*: the language, your name, sound, vibration, practice help against the regulars,
motion, the regulars' pace."""
from __future__ import annotations

from html import escape
from typing import Any

import js
from app import lang
from app.device.browser_storage import warn
from app.home.player_settings import (
    TEMPOS,
    clean_settings,
    load_settings,
    read_settings,
    settings_reset,
)
from app.lang import t
from app.saves.local_store import BLOCKED, FULL, SETTINGS_KEY, store
from app.shell import screens, takeover
from app.shell.dom_util import present
from pyodide.ffi import create_proxy

SCREEN = "indstillinger"
_state: dict[str, Any] = {"root": None, "proxies": {}}

SWITCHES = ("sound", "vibration", "practice", "reduced_motion")  # each: shell.settings.<key>(.text)
NOT_SAVED = {FULL: "shell.settings.not_saved.full", BLOCKED: "shell.settings.not_saved.blocked"}


def _options(keys: Any, chosen: object, text: Any) -> str:
    return "".join(f'<option value="{k}"{" selected" if k == chosen else ""}>{escape(text(k))}</option>'
                   for k in keys)


def settings_html(s: dict) -> str:
    switches = "".join(
        f'<label class="switch"><input type="checkbox" role="switch" data-setting="{key}"'
        f'{" checked" if s[key] else ""}><span class="sw-title">{t(f"shell.settings.{key}")}</span>'
        f'<span class="sw-text">{t(f"shell.settings.{key}.text")}</span></label>' for key in SWITCHES)
    tempos = _options(TEMPOS, s["tempo"], lambda k: t(f"shell.settings.tempo.{k}"))
    # The language spoken now is the one selected (the setting may still be None: the browser's).
    languages = _options(lang.LANGUAGES, lang.language(), lambda k: t(f"shell.settings.language.{k}"))
    return (f'<section class="settings panel" data-testid="settings"><h2>{t("shell.title.settings")}</h2>'
            f'<div class="field"><label for="language">{t("shell.settings.language")}</label>'
            f'<select id="language" data-setting="language" data-testid="setting-language">{languages}</select></div>'
            f'<div class="field"><label for="my-name">{t("shell.settings.name")}</label>'
            f'<input id="my-name" type="text" data-setting="name" maxlength="20" '
            f'value="{escape(s["name"], quote=True)}" autocomplete="off"></div>'
            f'<fieldset class="house"><legend>{t("shell.settings.at_table")}</legend>{switches}</fieldset>'
            f'<div class="field"><label for="tempo">{t("shell.settings.tempo")}</label>'
            f'<select id="tempo" data-setting="tempo">{tempos}</select></div>'
            f'<p class="saved" role="status"></p>'
            f'<button type="button" class="back" data-action="back">{t("shell.back")}</button></section>')


def _proxy(name: str, fn: Any) -> Any:
    if name not in _state["proxies"]:
        _state["proxies"][name] = create_proxy(fn)
    return _state["proxies"][name]


def on_change(ev: Any) -> None:
    target = ev.target
    key = target.getAttribute("data-setting")
    if not present(key):
        return
    old = read_settings(store)
    raw = dict(old)
    raw[key] = bool(target.checked) if target.type == "checkbox" else str(target.value)
    s = clean_settings(raw)
    if key != "name" and s[key] != raw[key]:
        s[key] = old[key]  # refused: the old value stays (a name is only trimmed)
    saved = store.write_json(SETTINGS_KEY, s)
    if key == "language" and s[key] == raw[key]:
        speak(s[key])  # the screen is drawn again, in the new language
    status = _state["root"].querySelector(".saved")
    if s[key] != raw[key]:
        status.textContent = t("shell.settings.invalid")
    else:
        status.textContent = t("shell.settings.saved") if saved else t(NOT_SAVED.get(store.last_failure,
                                                                                   NOT_SAVED[BLOCKED]))


def speak(code: str) -> None:
    """Switch the app to `code` at once: this screen is drawn again in it, <html lang> follows
    (screen readers, hyphenation), and every screen shown after speaks it. The static start
    screen (web/app/shell-lang.js) reads the same stored setting on the next load; the page's
    own words outside the screens (the update banner) are said again now."""
    lang.set_language(code)
    js.document.documentElement.lang = code
    takeover.speak_page(js)
    screens.show(SCREEN)


def on_click(ev: Any) -> None:
    if present(ev.target.closest('[data-action="back"]')):
        screens.back()


def render(root: Any, **_kw: Any) -> None:
    _state["root"] = root
    settings, problem = load_settings(store)
    root.innerHTML = settings_html(settings)
    section = root.querySelector('[data-testid="settings"]')
    if problem:
        warn(f"Bodegabordet: {problem}")
        section.querySelector(".saved").textContent = settings_reset()
    section.addEventListener("change", _proxy("change", on_change))
    section.addEventListener("click", _proxy("click", on_click))


screens.register(SCREEN, render)  # its title: screens.KNOWN_TITLES
