"""*Åbne borde* ("åbne borde"): the live list of open tables, and *Åbn et bord*.

While the screen is on show a Watcher (watcher.py) keeps the relay's list (tables.py) and the
rows are painted again at every change. Every word of a row that comes from outside (the rule
set, the leader's name) is a text node or an attribute value, never markup. Leaving the screen
closes the socket (a once-a-second check: the router has no "left" hook).

One tap on *Sæt dig* sits this phone down as a share link would: the address becomes the
table's share link (friends/lobby.share_url: the room and the game) and the join screen
("bord") does the rest; with a name known (this phone's seat at that table, or the name used
last) it sits down at once (join_screen.sit), else the join screen asks for the name
(`join-name` / `join-sit`). A full or playing table cannot be joined: its button is disabled.
"""
from __future__ import annotations

from typing import Any

from app.lang import t
from app.open.tables import seat_for
from app.open.watcher import Watcher
from app.shell import screens

SCREEN = "åbne borde"   # not text: the screen's name (shell/markup.OPEN_TABLES)
FORM = "åbn et bord"    # not text: form_screen.SCREEN
JOIN = "bord"           # not text: friends/join_screen.SCREEN
CHECK_MS = 1000

STYLESHEET = ("open-css", "./app/open/open.css")
_state: dict[str, Any] = {"root": None, "watcher": None, "interval": None, "check": None}


def render(root: Any, **_kw: Any) -> None:
    from app.shell import stylesheet

    stylesheet.ensure(*STYLESHEET)
    _state["root"] = root
    rows = screens.el("ul", class_="open-rows", data_testid="open-table-rows")
    section = screens.el(
        "section",
        screens.el("h2", t("open_tables.title")),
        screens.el("p", t("open_tables.lead"), class_="lead"),
        screens.el("p", "", class_="status", role="status", data_testid="open-table-status"),
        rows,
        screens.el("div",
                   screens.back_button(),
                   screens.el("button", t("open_tables.create"), type="button",
                              class_="btn primary", data_testid="open-table-create",
                              on_click=lambda *_e: _leave_to(FORM)),
                   class_="setup-actions"),
        class_="panel open-tables", data_testid="open-table-list")
    screens.on(section, "click", _on_click)
    root.append(section)
    _watch()
    _paint()


def _watch() -> None:
    import js
    from pyodide.ffi import create_proxy

    if _state["watcher"] is None:
        _state["watcher"] = Watcher(_paint)
    if _state["watcher"].state == "closed":
        _state["watcher"].start()
    if _state["interval"] is None:
        _state["check"] = _state["check"] or create_proxy(_check_left)
        _state["interval"] = js.setInterval(_state["check"], CHECK_MS)


def _check_left(*_a: Any) -> None:
    if screens.current() != SCREEN:
        _stop()


def _stop() -> None:
    import js

    if _state["watcher"] is not None:
        _state["watcher"].stop()
    if _state["interval"] is not None:
        js.clearInterval(_state["interval"])
        _state["interval"] = None


def _leave_to(screen: str) -> None:
    _stop()
    screens.show(screen)


def _paint() -> None:
    root, watcher = _state["root"], _state["watcher"]
    if root is None or watcher is None or screens.current() != SCREEN:
        return
    rows = watcher.list.rows()
    status = root.querySelector('[data-testid="open-table-status"]')
    if watcher.state in ("waiting",):
        status.textContent = t("open_tables.lost")
    elif not watcher.list.loaded:
        status.textContent = t("open_tables.connecting")
    else:
        status.textContent = "" if rows else t("open_tables.empty")
    listing = root.querySelector('[data-testid="open-table-rows"]')
    listing.replaceChildren(*[_row(row) for row in rows])


def _row(row: dict[str, Any]) -> Any:
    from app.friends.lobby import GAME_NAMES

    state, waiting = row["state"], row["state"] == "waiting"
    word = t(f"open_tables.state.{state}")
    join = screens.el("button", t("open_tables.sit") if waiting else word, type="button",
                      class_="btn primary" if waiting else "btn", disabled=not waiting,
                      data_testid="open-table-join",
                      aria_label=t("open_tables.join_label", name=row["name"]) if waiting else None)
    return screens.el(
        "li",
        screens.el("span", GAME_NAMES[row["game"]], class_="open-game"),
        screens.el("span", row["ruleset"], class_="open-ruleset"),
        screens.el("span", t("open_tables.leader", name=row["name"]), class_="open-leader"),
        screens.el("span", t("open_tables.free", free=row["free"], seats=row["seats"]),
                   " · ", word, class_="open-free"),
        join,
        class_=f"open-row {state}", data_testid="open-table", data_table=row["id"],
        data_game=row["game"], data_ruleset=row["ruleset"], data_seats=row["seats"],
        data_free=row["free"], data_state=state)


def _on_click(ev: Any) -> None:
    from app.shell.dom_util import present

    button = ev.target.closest('[data-testid="open-table-join"]')
    if not present(button) or button.disabled:
        return
    item = button.closest("[data-table]")
    watcher = _state["watcher"]
    row = watcher.list.get(str(item.getAttribute("data-table"))) if watcher else None
    if row is not None and row["state"] == "waiting":
        join(row)


def join(row: dict[str, Any]) -> None:
    """Sit down at an open table's row (checked by tables.py), as its share link would."""
    import js
    from app.friends import join_screen
    from app.friends import lobby as friends
    from app.friends.core.protocol import is_name
    from app.home.player_settings import is_default_name, read_settings
    from app.saves.local_store import store

    room = row["room"]
    # The join screen reads the table from the address, as after a share link (no reload).
    js.history.pushState(None, "", friends.share_url(str(js.location.href), room, row["game"]))
    name = read_settings(store)["name"]
    name = name if is_name(name) and not is_default_name(name) else ""
    who = seat_for(room, name, friends.read_seats(store.read(friends.SEATS_KEY)))
    _stop()
    if who is not None:
        join_screen.sit(room, *who)
    screens.show(JOIN)


screens.register(SCREEN, render)  # its title: screens.KNOWN_TITLES
