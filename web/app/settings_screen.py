"""*Indstillinger*: your name, sound, vibration, practice help against the regulars, motion."""
from __future__ import annotations

from html import escape
from typing import Any

from app import screens
from app.browser_storage import warn
from app.dom_util import present
from app.local_store import BLOCKED, FULL, SETTINGS_KEY, store
from app.player_settings import SETTINGS_RESET, TEMPOS, clean_settings, load_settings, read_settings
from pyodide.ffi import create_proxy

SCREEN = "indstillinger"
_state: dict[str, Any] = {"root": None, "proxies": {}}

SWITCHES = [
    ("sound", "Lyd", ("Terningerne rafler, bægeret smækker, løft og afsløring – og et bip, "
                     "når uret har fem sekunder tilbage.")),
    ("vibration", "Vibration", "Telefonen summer ved din tur og de store øjeblikke, hvor den kan."),
    ("practice", "Øvebord mod stamgæsterne", "Procenter og forslag til dit bud (aldrig med skjult antal)."),
    ("reduced_motion", "Færre bevægelser", "Ingen animationer af bægre og terninger."),
]
NOT_SAVED = {FULL: "Kunne ikke gemmes – lageret er fuldt",
             BLOCKED: "Kunne ikke gemmes – lageret er spærret"}
TEMPO_TITLES = {"rolig": "Rolig", "normal": "Normal", "hurtig": "Hurtig"}


def settings_html(s: dict) -> str:
    switches = "".join(
        f'<label class="switch"><input type="checkbox" role="switch" data-setting="{key}"'
        f'{" checked" if s[key] else ""}><span class="sw-title">{title}</span>'
        f'<span class="sw-text">{text}</span></label>' for key, title, text in SWITCHES)
    tempos = "".join(f'<option value="{k}"{" selected" if k == s["tempo"] else ""}>{TEMPO_TITLES[k]}</option>'
                     for k in TEMPOS)
    return (f'<section class="settings panel" data-testid="settings"><h2>Indstillinger</h2>'
            f'<div class="field"><label for="my-name">Dit navn</label>'
            f'<input id="my-name" type="text" data-setting="name" maxlength="20" '
            f'value="{escape(s["name"], quote=True)}" autocomplete="off"></div>'
            f'<fieldset class="house"><legend>Ved bordet</legend>{switches}</fieldset>'
            f'<div class="field"><label for="tempo">Stamgæsternes tempo</label>'
            f'<select id="tempo" data-setting="tempo">{tempos}</select></div>'
            f'<p class="saved" role="status"></p>'
            f'<button type="button" class="back" data-action="back">Tilbage</button></section>')


def _proxy(name: str, fn: Any) -> Any:
    if name not in _state["proxies"]:
        _state["proxies"][name] = create_proxy(fn)
    return _state["proxies"][name]


def on_change(ev: Any) -> None:
    t = ev.target
    key = t.getAttribute("data-setting")
    if not present(key):
        return
    s = read_settings(store)
    raw = dict(s)
    raw[key] = bool(t.checked) if t.type == "checkbox" else str(t.value)
    s = clean_settings(raw)
    saved = store.write_json(SETTINGS_KEY, s)
    status = _state["root"].querySelector(".saved")
    if s[key] != raw[key]:
        status.textContent = "Ugyldig værdi – beholder den gamle"
    else:
        status.textContent = "Gemt" if saved else NOT_SAVED.get(store.last_failure, NOT_SAVED[BLOCKED])


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
        section.querySelector(".saved").textContent = SETTINGS_RESET
    section.addEventListener("change", _proxy("change", on_change))
    section.addEventListener("click", _proxy("click", on_click))


screens.register(SCREEN, render, title="Indstillinger")
