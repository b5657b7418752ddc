"""*Åbn et bord* ("åbn et bord"): a stranger opens an open table of their own.

The form (`open-table-form`): the game, its rule set (`ruleset`), the house-rule switches
(`input[data-rule]`: form.switches, no Øvebord, no *Finalen i Viborg*, the clock on and locked),
Bakke's dice, the seats, whether regulars may fill empty seats, the opener's name (the one used
last). *Åbn bordet* (`open-table-open`) makes the draft into open_lobby's arguments (form.py)
and opens the table's lobby (friends/share_screen.open_lobby); a bad draft is said on the form
(`open-table-error`) and nothing opens.
"""
from __future__ import annotations

from typing import Any

from app import lang
from app.lang import t
from app.open import form
from app.shell import screens

from engine.errors import IllegalAction

SCREEN = "åbn et bord"  # not text: the screen's name (screens.KNOWN_TITLES)

STYLESHEET = ("open-css", "./app/open/open.css")
_state: dict[str, Any] = {"root": None, "draft": None, "error": ""}


def _draft() -> form.Draft:
    if _state["draft"] is None:
        from app.home.player_settings import is_default_name, read_settings
        from app.saves.local_store import store

        name = read_settings(store)["name"]
        _state["draft"] = form.Draft(name="" if is_default_name(name) else name)
    return _state["draft"]


def render(root: Any, **_kw: Any) -> None:
    from app.shell import stylesheet

    stylesheet.ensure(*STYLESHEET)
    _state["root"] = root
    _paint()


def _select(testid: str, label: str, options: list[tuple[str, str]], chosen: str) -> Any:
    field_id = f"{testid}-field"
    return screens.el(
        "div",
        screens.el("label", label, for_=field_id),
        screens.el("select", *[screens.el("option", text, value=value, selected=value == chosen)
                               for value, text in options],
                   id=field_id, data_testid=testid),
        class_="field")


def _switch(title: str, text: str, checked: bool, disabled: bool = False, **attrs: Any) -> Any:
    return screens.el(
        "label",
        screens.el("input", type="checkbox", role="switch", checked=checked, disabled=disabled,
                   **attrs),
        screens.el("span", title, class_="sw-title"),
        screens.el("span", text, class_="sw-text"),
        class_="switch")


def _paint() -> None:
    root = _state["root"]
    if root is None or screens.current() != SCREEN:
        return
    from app.friends.lobby import GAME_NAMES

    d = _draft()
    house = [_switch(s.title, t("open_tables.form.clock") if s.locked else s.text,
                     s.on if s.locked else d.switches.get(s.rule, s.on), disabled=s.locked,
                     data_rule=s.rule)
             for s in form.switches(d.game, d.ruleset)]
    dice = None
    if d.game == "bakke":
        dice = _select("open-table-dice", t("open_tables.form.dice"),
                       [(str(n), str(n)) for n in range(1, 7)], str(d.dice))
    section = screens.el(
        "section",
        screens.el("h2", t("open_tables.form.title")),
        screens.el("div",  # first: the one field a stranger must fill
                   screens.el("label", t("open_tables.form.name"), for_="open-table-name"),
                   screens.el("input", type="text", id="open-table-name", class_="name",
                              data_testid="open-table-name", maxlength="20",
                              autocomplete="nickname", value=d.name),
                   class_="field"),
        _select("open-table-game", t("open_tables.form.game"),
                [(g, GAME_NAMES[g]) for g in form.GAMES], d.game),
        _select("ruleset", t("open_tables.form.ruleset"), form.rulesets(d.game), d.ruleset),
        dice,
        _select("open-table-seats", t("open_tables.form.seats"),
                [(str(n), str(n)) for n in range(form.SEATS[0], form.SEATS[1] + 1)],
                str(d.seats)),
        _switch(t("open_tables.form.regulars"), t("open_tables.form.regulars_text"),
                d.regulars, data_testid="open-table-regulars"),
        screens.el("fieldset", screens.el("legend", t("open_tables.form.house")), *house,
                   class_="house") if house else None,
        screens.el("p", _state["error"], class_="error", role="alert",
                   data_testid="open-table-error"),
        screens.el("div",
                   screens.back_button(),
                   screens.el("button", t("open_tables.form.open"), type="button",
                              class_="btn primary", data_testid="open-table-open"),
                   class_="setup-actions"),
        class_="setup panel open-form", data_testid="open-table-form")
    for event, handler in (("change", _on_change), ("click", _on_click)):
        section.addEventListener(event, _proxy(event, handler))
    root.replaceChildren(section)


def _proxy(name: str, handler: Any) -> Any:
    """One proxy per listener for the page's life: never a new one per repaint."""
    proxies = _state.setdefault("proxies", {})
    if name not in proxies:
        from pyodide.ffi import create_proxy
        proxies[name] = create_proxy(handler)
    return proxies[name]


def _on_click(ev: Any) -> None:
    from app.shell.dom_util import present

    if present(ev.target.closest('[data-testid="open-table-open"]')):
        _open()


def _value(testid: str) -> str | None:
    from app.shell.dom_util import present

    node = _state["root"].querySelector(f'[data-testid="{testid}"]')
    return str(node.value) if present(node) else None


def _read() -> form.Draft:
    """The draft as the form's controls say now (values as the markup wrote them)."""
    d = _draft()
    game, ruleset = _value("open-table-game"), _value("ruleset")
    if game in form.GAMES and game != d.game:
        d.game, d.ruleset, d.switches = game, form.rulesets(game)[0][0], {}
    elif ruleset is not None and ruleset != d.ruleset:
        d.ruleset, d.switches = ruleset, {}  # a new rule set: its own switches
    else:
        nodes = _state["root"].querySelectorAll("input[data-rule]")
        d.switches = {str(nodes.item(i).getAttribute("data-rule")): bool(nodes.item(i).checked)
                      for i in range(nodes.length) if not nodes.item(i).disabled}
    for testid, attr in (("open-table-seats", "seats"), ("open-table-dice", "dice")):
        value = _value(testid)
        if value is not None and value.isdigit() and len(value) < 3:
            setattr(d, attr, int(value))
    regulars = _state["root"].querySelector('[data-testid="open-table-regulars"]')
    d.regulars = bool(regulars.checked)
    d.name = _value("open-table-name") or ""
    return d


def _on_change(_ev: Any) -> None:
    """A control changed. Only a new game or rule set repaints (their switches differ): the
    name field's change fires as it loses focus, i.e. on the very tap of *Åbn bordet*, and a
    repaint then would replace the button under that tap and lose it."""
    d = _draft()
    shape = (d.game, d.ruleset)
    _read()
    _state["error"] = ""
    if (d.game, d.ruleset) != shape:
        _paint()
        return
    error = _error_node()
    if error is not None:
        error.textContent = ""


def _open() -> None:
    from app.friends import share_screen

    d = _read()
    try:
        args = form.arguments(d)
        _remember_name(args["seats"][0].name)
        share_screen.open_lobby(**args)
    except form.FormError as exc:
        _say_error(str(exc))
        return
    except IllegalAction as exc:
        _say_error(lang.error_text(str(exc)))
        return
    _state["error"] = ""


def _say_error(text: str) -> None:
    """The error over the buttons, scrolled into sight (the form is longer than a phone)."""
    _state["error"] = text
    _paint()
    error = _error_node()
    if error is not None:  # centred: in sight above the buttons, not at the screen's edge
        import js
        from pyodide.ffi import to_js
        error.scrollIntoView(to_js({"block": "center"}, dict_converter=js.Object.fromEntries))


def _error_node() -> Any:
    """The form's error line, or None (the form is not painted)."""
    from app.shell.dom_util import present

    node = _state["root"].querySelector('[data-testid="open-table-error"]')
    return node if present(node) else None


def _remember_name(name: str) -> None:
    """The opener's name, in the settings: the next form and the next table know it."""
    from app.home.player_settings import read_settings
    from app.saves.local_store import SETTINGS_KEY, store

    settings = read_settings(store)
    if settings["name"] != name:
        store.write_json(SETTINGS_KEY, {**settings, "name": name})


screens.register(SCREEN, render)  # its title: screens.KNOWN_TITLES
