"""*Dæk bordet* for Treere ("treere"): the players (you, more people at this phone, regulars),
the ante, *Progressiv* and the zero face. Thin glue over setup_markup.Draft."""
from __future__ import annotations

from typing import Any

from app import screens
from app.browser_storage import warn
from app.dom_util import present
from app.game_session import GameSession
from app.local_store import store
from app.player_settings import SETTINGS_RESET, load_settings
from app.seat_draft import SeatDraft
from app.treere import table_screen
from app.treere.setup_markup import Draft, setup_html
from pyodide.ffi import create_proxy

from engine.errors import IllegalAction

SCREEN = "treere"
_state: dict[str, Any] = {"draft": None, "root": None, "proxies": {}}


def _regulars() -> list[dict]:
    try:
        from engine.treere.bots import REGULARS
    except ImportError:  # the regulars are not at this table yet: people only
        return []
    return list(REGULARS)


def _proxy(name: str, fn: Any) -> Any:
    p = _state["proxies"]
    if name not in p:
        p[name] = create_proxy(fn)
    return p[name]


def _draft() -> Draft:
    if _state["draft"] is None:
        settings, problem = load_settings(store)
        d = Draft(seats=SeatDraft.first(settings["name"], _regulars()))
        if problem:
            warn(f"Bodegabordet: {problem}")
            d.notice = SETTINGS_RESET
        _state["draft"] = d
    return _state["draft"]


def paint() -> None:
    root = _state["root"]
    if root is None or screens.current() != SCREEN:
        return
    root.innerHTML = setup_html(_draft(), _regulars(), table_screen.has_saved_table())
    section = root.querySelector('[data-testid="setup"]')
    section.addEventListener("click", _proxy("click", on_click))
    section.addEventListener("change", _proxy("change", on_change))
    section.addEventListener("input", _proxy("input", on_input))


def on_click(ev: Any) -> None:
    target = ev.target.closest("[data-action]")
    if not present(target) or target.disabled:
        return
    d = _draft()
    action = target.getAttribute("data-action")
    d.error = ""
    try:
        if action == "add-regular":
            d.seats.add_regular(_regulars())
        elif action == "add-human":
            d.seats.add_human()
        elif action == "remove":
            d.seats.remove(int(target.getAttribute("data-seat")), _regulars())
        elif action == "resume":
            d.notice = ""
            screens.show(table_screen.SCREEN)
            return
        elif action == "back":
            screens.show(screens.START)
            return
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
        session = GameSession("treere", d.seats.seats, d.rules())
    except IllegalAction as exc:
        d.error = str(exc)
        paint()
        return
    d.notice = ""
    table_screen.forget_table()
    table_screen.start_table(session)


def invite_friends() -> None:
    """*Med vennerne*: this phone hosts (its one person and the regulars set here), friends
    sit down by the share link (app/share_screen.py)."""
    from app import share_screen  # the peer layer loads only for a table with friends

    d = _draft()
    try:
        share_screen.open_game_lobby("treere", d.seats.seats, d.rules())
    except IllegalAction as exc:
        d.error = str(exc)
        paint()

def on_change(ev: Any) -> None:
    t = ev.target
    d = _draft()
    if t.getAttribute("data-testid") == "regular-choice":
        d.seats.regular_choice = str(t.value)
        return
    if not t.hasAttribute("data-choice"):
        return
    try:
        d.choose(str(t.getAttribute("data-choice")), str(t.value))
    except ValueError as exc:
        d.error = str(exc)
    paint()


def on_input(ev: Any) -> None:
    """Names are typed in place: the draft follows without a repaint (the caret stays)."""
    t = ev.target
    if t.classList.contains("name") and t.hasAttribute("data-seat"):
        _draft().seats.rename(int(t.getAttribute("data-seat")), str(t.value))


def render(root: Any, notice: str = "", **_kw: Any) -> None:
    _state["root"] = root
    if notice:
        _draft().notice = notice
    paint()


screens.register(SCREEN, render, title="Treere")
