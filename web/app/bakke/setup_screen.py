"""Bakke's *Dæk bordet* ("bakke"): dice per player, *Fejl* on or off, the players."""
from __future__ import annotations

from typing import Any

from app import screens
from app.bakke import table_screen
from app.bakke.setup_markup import Draft, setup_html
from app.browser_storage import warn
from app.dom_util import present
from app.game_session import GameSession
from app.local_store import store
from app.player_settings import SETTINGS_RESET, load_settings
from app.seat_draft import SeatDraft
from pyodide.ffi import create_proxy

from engine.errors import IllegalAction

SCREEN = "bakke"
_state: dict[str, Any] = {"draft": None, "root": None, "proxies": {}}


def regulars() -> list[dict]:
    """The regulars who play Bakke (none while their module is missing: people only)."""
    try:
        from engine.bakke.bots import REGULARS
    except ImportError:
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
        d = Draft(seats=SeatDraft.first(settings["name"], regulars()))
        if problem:
            warn(f"Bodegabordet: {problem}")
            d.notice = SETTINGS_RESET
        _state["draft"] = d
    return _state["draft"]


def paint() -> None:
    root = _state["root"]
    if root is None or screens.current() != SCREEN:
        return
    root.innerHTML = setup_html(_draft(), regulars(), table_screen.has_saved_table())
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
            d.seats.add_regular(regulars())
        elif action == "add-human":
            d.seats.add_human()
        elif action == "remove":
            d.seats.remove(int(target.getAttribute("data-seat")), regulars())
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
        session = GameSession("bakke", d.seats.seats, d.rules())
    except IllegalAction as exc:
        d.error = str(exc)
        paint()
        return
    d.notice = ""
    table_screen.start_table(session)


def invite_friends() -> None:
    """*Med vennerne*: this phone hosts (its one person and the regulars set here), friends
    sit down by the share link (app/share_screen.py)."""
    from app import share_screen  # the peer layer loads only for a table with friends

    d = _draft()
    try:
        share_screen.open_game_lobby("bakke", d.seats.seats, d.rules())
    except IllegalAction as exc:
        d.error = str(exc)
        paint()

def on_change(ev: Any) -> None:
    t = ev.target
    d = _draft()
    testid = t.getAttribute("data-testid")
    try:
        if testid == "dice-per-player":
            d.choose_dice(str(t.value))
        elif testid == "faults":
            d.faults = bool(t.checked)
        elif testid == "regular-choice":
            d.seats.regular_choice = str(t.value)
            return
        else:
            return
    except ValueError as exc:
        d.error = str(exc)
    paint()


def on_input(ev: Any) -> None:
    """Names are typed in place: the draft follows without a repaint (keeps the caret)."""
    t = ev.target
    if t.classList.contains("name") and t.hasAttribute("data-seat"):
        _draft().seats.rename(int(t.getAttribute("data-seat")), str(t.value))


def render(root: Any, notice: str = "", **_kw: Any) -> None:
    _state["root"] = root
    if notice:
        _draft().notice = notice
    paint()


screens.register(SCREEN, render, title="Bakke")
