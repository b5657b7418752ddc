"""*Med vennerne* on the host's phone ("vennerne"): the lobby with the share link, and the
transports that keep the host's table reachable while it is played.

*Dæk bordet* calls ``open_lobby(seats, rules, tempo)``: a HostRoom (peers/host_table.open_room)
with a new relay room and host key (peers/links.new_link), and HostLinks connecting to the
relay at once, so friends can sit down while the host is still looking at the QR code. *Start
spillet* makes the HostTable (the lobby's seats; late arrivals wait), saves the link with it and
shows the usual table screen. After a reload of the host's phone, host_table.on_restore hands
us the restored table and its link: the same relay room is re-attached with the same key.

One interval (TICK_MS) keeps the relay link alive, and ticks the room while no table runs
(the table screen ticks the room with the table once it does).
"""
from __future__ import annotations

import asyncio
from html import escape
from typing import Any

import js
from app import friends, qr, screens, table_screen
from app.dom_util import present
from app.friends_markup import lobby_html, lobby_seats_html
from app.peers import host_table
from app.peers.host import HostRoom
from app.peers.links import HostLinks, new_link
from app.table_setup import Seat
from pyodide.ffi import create_proxy, to_js

from engine.snyd import IllegalAction, Rules

SCREEN = "vennerne"
TICK_MS = 1000
COPIED = "Linket er kopieret"
COPY_BY_HAND = "Linket er markeret: kopiér det selv"

_state: dict[str, Any] = {"room": None, "link": None, "links": None, "rules": None,
                          "tempo": 1.0, "table": None, "root": None, "shown": None,
                          "interval": None, "proxies": {}, "qr_for": None}


def _proxy(name: str, fn: Any) -> Any:
    p = _state["proxies"]
    if name not in p:
        p[name] = create_proxy(fn)
    return p[name]


# ---------- the transports ----------

def _connect(room: HostRoom, link: dict[str, str]) -> None:
    """(Re)open the relay for ``room``: the previous table's transports are left first."""
    if _state["links"] is not None:
        _state["links"].close()
    links = HostLinks.from_link(room, link, on_change=_links_changed)
    _state["links"] = links
    links.start()
    if _state["interval"] is None:
        _state["interval"] = js.setInterval(_proxy("tick", _tick), TICK_MS)


def _tick(*_a: Any) -> None:
    links = _state["links"]
    if links is None:
        return
    links.tick()
    if _state["table"] is None and _state["room"] is not None:
        _state["room"].tick()  # in the lobby: a guest gone too long shows as "væk"
        _paint_seats()


def _links_changed() -> None:
    if _state["table"] is None:
        _paint_seats()


def _reattach(table: host_table.HostTable) -> None:
    """host_table.on_restore: the host's phone reloaded its table with friends."""
    _state.update(room=table.room, link=dict(table.link), table=table)
    if table.link.get("relay_room") and table.link.get("host_key"):
        _connect(table.room, table.link)


host_table.on_restore = _reattach


# ---------- the lobby ----------

def open_lobby(seats: list[Seat], rules: Rules, tempo: float) -> None:
    """From *Dæk bordet*: a new room for friends, and its lobby on screen. IllegalAction if the
    seats are not the host's one person and regulars."""
    room = host_table.open_room(seats)
    link = new_link()
    _state.update(room=room, link=link, rules=rules, tempo=tempo, table=None, shown=None,
                  qr_for=None)
    _connect(room, link)
    screens.show(SCREEN)


def share_link() -> str:
    return friends.share_url(str(js.location.href), _state["link"]["relay_room"])


def _regulars() -> list[dict]:
    from engine.snyd.bots import REGULARS
    taken = {s["player"] for s in _state["room"].lobby()}
    return [r for r in REGULARS if r["name"] not in taken]


def render(root: Any, **_kw: Any) -> None:
    _state["root"] = root
    if _state["room"] is None or _state["table"] is not None:
        screens.show("dæk bordet")  # no lobby open (e.g. a reload, or the table has started)
        return
    can_share = present(getattr(js.navigator, "share", None))
    root.innerHTML = lobby_html(share_link(), can_share, _regulars())
    section = root.querySelector('[data-testid="lobby"]')
    section.addEventListener("click", _proxy("click", _on_click))
    _state["shown"] = None
    _paint_seats()
    asyncio.ensure_future(_draw_qr(share_link()))


def _on_screen() -> bool:
    root = _state["root"]
    return (root is not None and screens.current() == SCREEN
            and present(root.querySelector("#lobby-seats")))


def _paint_seats() -> None:
    if not _on_screen():
        return
    seats = _state["room"].lobby()
    if seats == _state["shown"]:
        return
    _state["shown"] = seats
    _state["root"].querySelector("#lobby-seats").innerHTML = lobby_seats_html(seats)
    select = _state["root"].querySelector('[data-testid="regular-choice"]')
    free = _regulars()
    names = [str(o.value) for o in select.options]
    if names != [r["name"] for r in free]:
        select.innerHTML = "".join(f'<option value="{escape(r["name"])}">{escape(r["name"])}'
                                   f'</option>' for r in free)


def _say(selector: str, line: str) -> None:
    node = _state["root"].querySelector(selector)
    if present(node):
        node.textContent = line


async def _draw_qr(url: str) -> None:
    try:
        await qr.load(str(js.location.href))
        markup = qr.svg(url)
    except Exception as exc:  # noqa: BLE001 – the link and Kopiér still work without it
        js.console.warn(f"Bodegabordet: no QR code ({type(exc).__name__}: {exc})")
        _say("#share-qr-box", "QR-koden kunne ikke tegnes – brug linket.")
        return
    box = _state["root"].querySelector("#share-qr-box") if _on_screen() else None
    if present(box):
        box.innerHTML = markup
        box.firstElementChild.setAttribute("data-testid", "share-qr")
        box.firstElementChild.setAttribute("role", "img")
        box.firstElementChild.setAttribute("aria-label", "QR-kode med linket til bordet")


def _on_click(ev: Any) -> None:
    target = ev.target.closest("[data-action]")
    if not present(target) or target.disabled:
        return
    action = target.getAttribute("data-action")
    _say("#lobby-error", "")
    try:
        if action == "share":
            _share()
        elif action == "copy":
            _copy()
        elif action == "add-regular":
            choice = str(_state["root"].querySelector('[data-testid="regular-choice"]').value)
            if not choice:
                raise IllegalAction("Der er ingen flere stamgæster")
            _state["room"].seat_regular(choice)
            _paint_seats()
        elif action == "remove":
            _state["room"].remove_seat(target.getAttribute("data-player"))
            _paint_seats()
        elif action == "back":
            _close_lobby()
            screens.show("dæk bordet")
        elif action == "start":
            _start()
    except IllegalAction as exc:
        _say("#lobby-error", _danish(str(exc)))


def _danish(message: str) -> str:
    head, sep, _ = message.rpartition(" (")
    return head if sep and message.endswith(")") and head else message


def _share() -> None:
    # Synchronously in the click: navigator.share needs the user's gesture (BROWSER-NOTES.md).
    data = to_js({"title": "Bodegabordet", "text": "Sæt dig ved bordet", "url": share_link()},
                 dict_converter=js.Object.fromEntries)
    js.navigator.share(data).catch(_proxy("ignore", lambda *_a: None))  # cancelled: fine


def _copy() -> None:
    clipboard = getattr(js.navigator, "clipboard", None)
    if present(clipboard) and present(getattr(clipboard, "writeText", None)):
        clipboard.writeText(share_link()).then(_proxy("copied", lambda *_a: _say("#copy-status", COPIED)),
                                               _proxy("by-hand", lambda *_a: _select_link()))
    else:
        _select_link()


def _select_link() -> None:
    """No clipboard for us: select the link so the player can copy it by hand."""
    field = _state["root"].querySelector('[data-testid="share-link"]')
    if present(field):
        field.focus()
        field.select()
    _say("#copy-status", COPY_BY_HAND)


def _close_lobby() -> None:
    room = _state["room"]
    if room is not None:
        room.close()  # every guest's phone is told "bye": the host left the lobby
    if _state["links"] is not None:
        _state["links"].close()
    _state.update(room=None, links=None, link=None)


def _start() -> None:
    table = host_table.HostTable.from_lobby(_state["room"], _state["rules"],
                                            tempo=_state["tempo"])
    table.link = dict(_state["link"])
    _state["table"] = table
    table_screen.start_table(table)


screens.register(SCREEN, render, title="Med vennerne")
