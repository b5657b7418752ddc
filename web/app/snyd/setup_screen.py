"""*Dæk bordet* ("dæk bordet"): choose the seats, the dice, the rule set and the house rules."""
from __future__ import annotations

from typing import Any

from app.device.browser_storage import warn
from app.home.player_settings import default_name, load_settings, settings_reset, tempo_factor
from app.saves.local_store import store
from app.shell import screens
from app.shell.dom_util import present
from app.snyd import table_screen
from app.snyd.setup_markup import Draft, SnydSeats, setup_html
from app.snyd.table_session import Session
from pyodide.ffi import create_proxy

from engine.snyd import IllegalAction

SCREEN = "dæk bordet"  # not text
_state: dict[str, Any] = {"draft": None, "root": None, "proxies": {}}


def _regulars() -> list[dict]:
    try:
        from engine.snyd.bots import REGULARS
        return list(REGULARS)
    except ImportError:
        return []


def _proxy(name: str, fn: Any) -> Any:
    p = _state["proxies"]
    if name not in p:
        p[name] = create_proxy(fn)
    return p[name]


def _settings() -> dict:
    """The settings; unreadable ones were set aside: the notice says so (once) and warns."""
    settings, problem = load_settings(store)
    if problem:
        warn(f"Bodegabordet: {problem}")
        if _state["draft"] is not None:
            _state["draft"].notice = settings_reset()
        else:
            _state["notice"] = settings_reset()
    return settings


def _draft() -> Draft:
    if _state["draft"] is None:
        settings = _settings()
        d = Draft()
        d.notice = _state.pop("notice", "")
        # You against the first three regulars (the shared draft: Bakke's and Treere's too)
        mine = settings["name"] or default_name()
        picks = tuple(r["name"] for r in _regulars() if r["name"] != mine)[:3]
        d.seating = SnydSeats.first(settings["name"], _regulars(), picks)
        _state["draft"] = d
    return _state["draft"]


def paint() -> None:
    root = _state["root"]
    if root is None or screens.current() != SCREEN:
        return
    _draft().follow_language()
    root.innerHTML = setup_html(_draft(), _regulars(), table_screen.has_saved_table())
    section = root.querySelector('[data-testid="setup"]')
    # Listeners on our own section (repainted each time), never on the shared <main>.
    section.addEventListener("click", _proxy("click", on_click))
    section.addEventListener("change", _proxy("change", on_change))
    section.addEventListener("input", _proxy("input", on_input))


def on_click(ev: Any) -> None:
    summary = ev.target.closest("summary.house-title")
    if present(summary):  # the browser folds it; the draft remembers it for the repaints
        _draft().house_open = not summary.parentElement.open
        return
    target = ev.target.closest("[data-action]")
    if not present(target) or target.disabled:
        return
    d = _draft()
    action = target.getAttribute("data-action")
    d.error = ""
    try:
        if action == "add-regular":
            d.add_regular(_regulars())
        elif action == "add-human":
            d.add_human()
        elif action == "remove":
            d.remove(int(target.getAttribute("data-seat")), _regulars())
        elif action == "resume":
            d.notice = ""
            screens.show(table_screen.SCREEN)
            return
        elif action == "back":
            screens.show(screens.START)
            return
        elif action == "learn":  # Lær at spille: Snyd's tutorial; its Spring over comes back here
            screens.show("lær", game="snyd")  # not text: the screen's name (tutorial/screen.py)
            return
        elif action in ("mode-phone", "mode-friends"):
            d.choose_mode(action.removeprefix("mode-"))
        elif action == "start":
            start()
            return
        elif action == "friends":
            invite_friends()
            return
    except (ValueError, IllegalAction) as exc:
        d.error = str(exc)
    paint()


def start() -> None:
    d = _draft()
    try:
        settings = _settings()
        session = Session(d.seats, d.rules(), tempo=tempo_factor(settings))
    except IllegalAction as exc:
        d.error = str(exc)
        paint()
        return
    d.notice = ""
    table_screen.forget_table()
    table_screen.start_table(session)


def invite_friends() -> None:
    """*Med vennerne*: the rules as set here, then the lobby with the share link."""
    from app.friends import share_screen  # the peer layer loads only for a table with friends

    d = _draft()
    try:
        share_screen.open_lobby(d.seats, d.rules(), tempo_factor(_settings()))
    except IllegalAction as exc:
        d.error = str(exc)
        paint()


def on_change(ev: Any) -> None:
    t = ev.target
    d = _draft()
    if t.getAttribute("data-testid") == "ruleset":
        d.choose_ruleset(str(t.value))
    elif t.getAttribute("data-testid") == "dice-per-player":
        d.dice = int(t.value)
    elif t.getAttribute("data-testid") == "regular-choice":
        d.regular_choice = str(t.value)
        return
    elif t.hasAttribute("data-rule"):
        d.switches[t.getAttribute("data-rule")] = bool(t.checked)
    else:
        return
    paint()


def on_input(ev: Any) -> None:
    """Names are typed in place: update the draft without repainting (keeps the caret)."""
    t = ev.target
    if t.classList.contains("name") and t.hasAttribute("data-seat"):
        _draft().seating.rename(int(t.getAttribute("data-seat")), str(t.value))


def render(root: Any, notice: str = "", **_kw: Any) -> None:
    _state["root"] = root
    if notice:
        _draft().notice = notice
    paint()


screens.register(SCREEN, render)  # its title: screens.KNOWN_TITLES
