"""A friend's phone opening the share link ("bord"): "Sæt dig ved bordet", then the table.

main.py shows this screen when the address has ``?bord=<room>`` (also on the very first visit,
before any service worker). The player types a name (remembered in the settings) and taps
*Sæt dig*; a GuestTable then talks to the host through GuestLinks (a WebRTC data channel when
one opens, else the relay). The seat token the host hands out is kept per room on this phone
(friends.SEATS_KEY), so a reload sits down again in the same seat without asking.

Before Python is up, the page shows the same form (web/app/shell.js over the same markup,
rendered into index.html): the guest types at once, and a tap on *Sæt dig* is kept. At the
take-over `carry_over` hands this screen the field's text and the kept tap: the first render
paints that name and sits down with it, no second tap (app/shell/takeover.py).

The first view says which game the host's table is; the games' registry (app/table/games.py)
says which table screen shows it and what wraps the GuestTable for it: Snyd's table screen shows
the GuestTable itself; a Bakke or Treere table is wrapped in a GuestGameTable
(friends/game_guest.py) for that game's table screen, which this module ticks and redraws as
frames arrive. No game's screen is imported before its table arrives.

The screen says who invites to which game: the share link's game first (``&spil=``; a neutral
line without one), then the host's name and game from the host's ``lobby``.

When the table cannot be reached, the screen says what is wrong, with *Prøv igen*. When the
host closed it (a ``bye`` "closed", or the relay's 4404 for a table this phone sat at), it says
the table is closed and offers the way home, never *Sæt dig* again (a table closed by a ``bye``
is remembered: friends.CLOSED_KEY). Every word
is this phone's language's (app/lang, "friends.…"), whatever the host's phone speaks: the
host's refusals arrive as codes (friends/core/notices.py).
"""
from __future__ import annotations

from typing import Any

import js
from app.friends import lobby as friends
from app.friends.core.notices import bye_line
from app.friends.core.protocol import BYE_REASONS, clean_name, is_name
from app.friends.core.succession import Watch, take_over
from app.friends.guest_table import GuestTable
from app.friends.markup import join_html
from app.friends.wire.links import GuestLinks, new_link
from app.friends.wire.relay_link import NO_ROOM
from app.home.player_settings import is_default_name, read_settings
from app.lang import t
from app.saves.local_store import SETTINGS_KEY, store
from app.shell import screens
from app.shell.dom_util import present
from app.table import games
from pyodide.ffi import create_once_callable, create_proxy

SCREEN = "bord"
TICK_MS = 1000
# The host's answers to "sit down" that only another name, table or link can change.
SEAT_REFUSED = ("name_taken", "bad_name", "table_full", "bad_token", "started")

_state: dict[str, Any] = {"room": None, "table": None, "links": None, "root": None,
                          "name": "", "error": "", "interval": None, "proxies": {},
                          "kept_token": None, "game_table": None, "told_waiting": False,
                          "closed": False, "typed": None, "sit": False, "bye": None,
                          "next_link": None, "watch": None}


def carry_over(typed: str | None, sit: bool, bye: str | None = None) -> None:
    """What the static join form (web/app/shell.js, before Python) hands over: the name in its
    field (None: no field) and whether *Sæt dig* was tapped. The next render paints that name,
    not the remembered one, and sits down with it once: the guest never taps twice. ``bye``:
    the host's ``bye`` to the seat web/app/shell-seat.js took before Python (the host removed
    it, or closed the table): the render says so instead of sitting down."""
    _state.update(typed=typed if isinstance(typed, str) else None, sit=bool(sit),
                  bye=bye if bye in BYE_REASONS else None)


def _proxy(name: str, fn: Any) -> Any:
    p = _state["proxies"]
    if name not in p:
        p[name] = create_proxy(fn)
    return p[name]


def _seats() -> dict[str, dict[str, str]]:
    return friends.read_seats(store.read(friends.SEATS_KEY))


# ---------- sitting down ----------

def sit(room: str, name: str, token: str | None) -> None:
    """Talk to the host of ``room`` as ``name`` (back in our seat with ``token``)."""
    leave()
    table = GuestTable(name, token)
    table.on_change = _changed
    # The room this phone would open, were it to carry the table on (its hello names it).
    _state["next_link"] = new_link()
    table.guest.next_room = _state["next_link"]["relay_room"]
    _connect(table, room)
    _state.update(name=name, error="", kept_token=token, closed=False, watch=None)
    if _state["interval"] is None:
        _state["interval"] = js.setInterval(_proxy("tick", _tick), TICK_MS)


def _connect(table: GuestTable, room: str) -> None:
    links = GuestLinks(table, room, on_change=_changed)
    _state.update(room=room, table=table, links=links)
    links.start()


def leave() -> None:
    if _state["links"] is not None:
        _state["links"].close()
    game_table = _state["game_table"]
    if game_table is not None:  # the game's screen must not resume a table nobody talks to
        ui = _game_screen(game_table.game).ui
        if ui.session is game_table:
            ui.session = None
    _state.update(table=None, links=None, game_table=None)


def _tick(*_a: Any) -> None:
    links, table = _state["links"], _state["table"]
    if links is None:
        return
    links.tick()
    if not _screen_ticks(table):
        table.tick()
    if _watch_host(table, links):
        return
    _say_waiting_host()
    _changed()


# ---------- the table outlives its host (issue 20, core/succession.py) ----------

def _watch_host(table: GuestTable, links: GuestLinks) -> bool:
    """Once the relay has said the host is gone for the grace, the next connected person in
    seat order carries the table on: this phone (``_carry_on``) or another, whose room this
    phone sits down at (``_follow``). True if this phone left this table's links."""
    guest = table.guest
    if guest.seat is None or not guest.started:
        return False
    relay = links.relay
    following = _state["watch"] is not None and _state["watch"].following is not None
    no_room = relay.state == "closed" and relay.close_code == NO_ROOM
    if relay.state != "open" and not (following and no_room):
        return False  # this phone's own network is down: it cannot tell who is gone
    if _state["watch"] is None:
        _state["watch"] = Watch(guest.seat)
    now = js.Date.now() / 1000
    move = _state["watch"].tick(now, relay.state == "open" and relay.host_present, guest.record,
                                guest.seats)
    if move is None:
        if following and no_room:
            links.start()  # the heir's room is not open yet: ask again
        return False
    kind, _heir, room = move
    if kind == "host":
        _carry_on(table)
        return True
    if room is not None:
        _follow(table, room)
    return False


def _carry_on(table: GuestTable) -> None:
    """This phone is the next in seat order: it carries the table on as its host."""
    from app.friends import share_screen  # the host's side; imported only when it is needed

    guest = table.guest
    try:
        host = take_over(guest.record, guest.seat, guest.token, _state["next_link"])
    except Exception as exc:  # noqa: BLE001 - a record that cannot carry a table: stay a guest
        js.console.warn(f"Bodegabordet: could not carry the table on: {type(exc).__name__}: {exc}")
        return
    leave()
    if _state["interval"] is not None:
        js.clearInterval(_state["interval"])
        _state["interval"] = None
    share_screen.carry_on(host)


def _follow(table: GuestTable, room: str) -> None:
    """Sit down again at the heir's room, with the same seat token and record."""
    _state["links"].close()
    _connect(table, room)
    game = table.guest.game or games.DEFAULT
    js.history.replaceState(None, "", friends.share_url(str(js.location.href), room, game))
    if table.token:
        store.write_json(friends.SEATS_KEY, friends.remember_seat(
            _seats(), room, table.name, table.token))


def _screen_ticks(table: GuestTable) -> bool:
    """The table's screen is on show and ticks the table itself (Snyd's, with its clock)."""
    game = table.guest.game
    if not games.known(game) or screens.current() != games.get(game).table_screen:
        return False
    return _game_screen(game).ui.TICKS_TABLE


def _say_waiting_host() -> None:
    """On a Bakke or Treere table: "Venter på værten …" in the table's line while the host's
    phone is silent (a reload, a locked phone), gone when it speaks again (Snyd's table
    screen shows its own)."""
    game_table, table = _state["game_table"], _state["table"]
    if game_table is None or table is None:
        return
    screen = _game_screen(game_table.game)
    if screens.current() != screen.SCREEN or screen.ui.session is not game_table:
        return
    waiting = table.waiting_host
    if waiting != _state["told_waiting"]:
        _state["told_waiting"] = waiting
        screen.ui.toast(f"{t('friends.waiting_host')} …" if waiting else "")


def _changed() -> None:
    """After anything arrived: keep the token, and show the table as soon as there is one."""
    table, links = _state["table"], _state["links"]
    if table is None:
        return
    if table.guest.closed:
        _host_said_bye(table)
        return
    if table.token and table.token != _state["kept_token"]:
        _state["kept_token"] = table.token
        store.write_json(friends.SEATS_KEY, friends.remember_seat(
            _seats(), _state["room"], table.name, table.token))
    on_join = screens.current() == SCREEN
    if table.ready and not table.waiting and _problem() == "" and on_join:
        _show_table(table)
        return
    if not on_join and _problem() and links.relay.state == "closed":
        screens.show(SCREEN)  # the relay gave up: say why, with *Prøv igen*
        return
    if on_join:
        _paint()


def _game_screen(game: str) -> Any:
    """The table screen's module of `game` (its ui, show_peer_table), from the registry."""
    return games.load(games.get(game).table_ui)


def _show_table(table: GuestTable) -> None:
    """The host's table on this phone, on the screen of its game (the first view says which)."""
    game = games.get(table.view()["game"])
    if game.guest is None:  # Snyd's table screen shows the GuestTable itself
        _game_screen(game.key).show_peer_table(table)
        return
    game_table = _state["game_table"]
    if game_table is None or game_table.endpoint is not table:
        game_table = games.load(game.guest)(table)  # GuestGameTable (friends/game_guest.py)
        _state["game_table"] = game_table
    screen = _game_screen(game.key)
    game_table.on_change = lambda: screen.ui.refresh() if screen.ui.session is game_table else None
    screen.show_peer_table(game_table)


def _host_said_bye(table: GuestTable) -> None:
    """The host removed this phone's seat, closed the table, or another screen took the seat:
    stop talking to it at once (else the transport's next hello would sit down anew) and say
    why: over the name form, or, for a closed table, with the way home only."""
    reason = table.guest.closed
    leave()
    _said_bye(reason, table.name)
    if screens.current() != SCREEN:
        screens.show(SCREEN)
    else:
        _paint()


def _said_bye(reason: str, name: str) -> None:
    """The host's ``bye`` for this phone's seat (here, or to web/app/shell-seat.js before
    Python was up): forget a seat that is gone, remember a closed table, say why."""
    if reason in ("removed", "closed"):  # that seat is gone: its token is no use any more
        _forget_seat()
    if reason == "closed":
        closed = friends.read_closed(store.read(friends.CLOSED_KEY))
        store.write_json(friends.CLOSED_KEY, friends.remember_closed(closed, _state["room"]))
    _state.update(error=bye_line(reason), name=name, kept_token=None, closed=reason == "closed")


def _forget_seat() -> None:
    seats = _seats()
    seats.pop(_state["room"], None)
    store.write_json(friends.SEATS_KEY, seats)


def _table_gone() -> bool:
    """The relay says the room does not exist (4404, final) for a table this phone sat at:
    its host closed it (the ``bye`` may never have reached us). Not remembered as closed: a
    reload asks again, should the relay only have lost the room."""
    table, links = _state["table"], _state["links"]
    sat_here = table.holder is not None or _state["kept_token"] is not None
    if _state["watch"] is not None and _state["watch"].following is not None:
        return False  # the heir's room, not open yet (the watch moves on after a grace)
    return (sat_here and links.relay.state == "closed"
            and links.relay.close_code == NO_ROOM)


def _invite() -> str:
    """Who invites to which game: the host's lobby says both (names are outside input: the
    markup escapes them); before it, the share link's game, else a neutral line."""
    table = _state["table"]
    if table is not None:
        host = next((s["player"] for s in table.guest.seats if s["kind"] == "host"), None)
        game = friends.GAME_NAMES.get(table.guest.game or "")
        if host and game:
            return t("friends.join.invite", host=host, game=game)
    game = friends.game_from_search(str(js.location.search))
    if game is not None:
        return t("friends.join.invite.game", game=friends.GAME_NAMES[game])
    return t("friends.join.invite.neutral")


def _problem() -> str:
    """What is wrong, in this phone's language ("" while all is well or still trying)."""
    table, links = _state["table"], _state["links"]
    if table.guest.error_code in SEAT_REFUSED:
        return table.guest.error
    if links.relay.state == "closed":
        return links.problem or links.relay.reason or ""
    return ""


def _status() -> str:
    table, links = _state["table"], _state["links"]
    if table.waiting:
        return t("friends.join.late")
    if links.path == "none" and links.relay.reason:
        return t("friends.join.retrying", reason=links.relay.reason)
    if links.relay.state == "open" and not links.relay.host_present:
        return f"{t('friends.waiting_host')} …"
    if (table.holder or _state["kept_token"]) and not table.ready:
        return t("friends.join.seated")  # also while a seat this phone holds is coming back
    return t("friends.join.sitting")


# ---------- the screen ----------

def render(root: Any, **_kw: Any) -> None:
    _state["root"] = root
    typed, kept, bye = _state["typed"], _state["sit"], _state["bye"]
    _state.update(typed=None, sit=False, bye=None)  # once: a later render is the router's own
    room = friends.room_from_search(str(js.location.search))
    if room is not None and bye is not None:
        _state["room"] = room
        _said_bye(bye, typed or "")
        kept = False  # that seat is gone: the form again, with why
    if room is None:
        root.innerHTML = join_html("", "", t("friends.join.bad_link"), form=False, retry="home")
        _state["painted"] = None
        _listen(root)
        return
    if room in friends.read_closed(store.read(friends.CLOSED_KEY)):
        leave()  # its host closed this table: nothing to sit down at
        _state.update(room=room, closed=True, error=t("friends.bye.closed"))
    elif _state["table"] is None or _state["room"] != room:
        remembered = _seats().get(room)
        if remembered is not None:  # this phone has a seat here: back to it, no questions
            if kept:  # the static form's tap, seated before Python (web/app/shell-seat.js)
                _remember_name(remembered["name"])
            sit(room, remembered["name"], remembered["token"])
        else:
            _state.update(room=room, closed=False)
    form = _state["table"] is None and not _state["closed"]
    if typed is not None and form:
        _state["name"] = typed
    _paint(typed)
    if kept and form and not _shell_asking():
        _sit_from_form()  # the tap the static form kept


def _shell_asking() -> bool:
    """web/app/shell-seat.js said hello for the static form's tap and the host's answer is on
    its way: sit down once it is here (`_shell_answered`), in the seat it gave. A second hello
    without its token now would find the name taken by our own first."""
    seat = getattr(js, "bodegaSeat", None)
    if seat is None or not seat.asking():
        return False
    seat.whenSettled(create_once_callable(_shell_answered))
    return True


def _shell_answered(*_outcome: Any) -> None:
    room = _state["room"]
    if screens.current() != SCREEN or _state["table"] is not None or room is None:
        return  # the guest went elsewhere, or sat down already
    remembered = _seats().get(room)
    if remembered is None:  # refused, or no answer: Python asks itself and says what is wrong
        _sit_from_form()
        return
    _remember_name(remembered["name"])
    sit(room, remembered["name"], remembered["token"])
    _paint()


def _listen(root: Any) -> None:
    section = root.querySelector('[data-testid="join"]')
    section.addEventListener("click", _proxy("click", _on_click))


def _paint(typed: str | None = None) -> None:
    """The screen for the state now; ``typed``: the static form's field, painted as it was
    (even emptied: a cleared name is not filled in again)."""
    root = _state["root"]
    if root is None or screens.current() != SCREEN:
        return
    table = _state["table"]
    if _state["closed"] or (table is not None and _table_gone()):
        if table is not None:
            leave()  # the room is gone: stop knocking
            _forget_seat()
            _state.update(closed=True, error=t("friends.join.gone"))
        html = join_html("", t("friends.join.thanks"), _state["error"], form=False,
                         retry="home", title=t("friends.join.closed"))
    elif table is None:
        name = _state["name"] or read_settings(store)["name"]
        name = "" if is_default_name(name) else name  # "Du", "You" name nobody at the table
        name = typed if typed is not None else name
        html = join_html(name, "", _state["error"], form=True, retry="", invite=_invite())
    else:
        problem = _problem()
        form = table.guest.error_code in SEAT_REFUSED
        html = join_html(table.name, "" if problem else _status(), problem, form=form,
                         retry="" if form else "retry", invite=_invite())
    if _state.get("painted") != html or not present(root.querySelector('[data-testid="join"]')):
        _state["painted"] = html  # repainted only when it changes: a typed name stays
        root.innerHTML = html
        _listen(root)


def _on_click(ev: Any) -> None:
    target = ev.target.closest("[data-action]")
    if not present(target):
        return
    action = target.getAttribute("data-action")
    if action == "home":
        leave()
        screens.show(screens.START)
    elif action == "sit":
        _sit_from_form()
    elif action == "retry" and _state["links"] is not None:
        _state["links"].start()  # the relay gave up: knock again
        _paint()


def _sit_from_form() -> None:
    field = _state["root"].querySelector('[data-testid="join-name"]')
    name = clean_name(str(field.value)) if present(field) else ""
    if not is_name(name):
        _state["error"] = t("friends.join.bad_name")
        leave()
        _paint()
        return
    _remember_name(name)
    sit(_state["room"], name, None)
    _paint()


def _remember_name(name: str) -> None:
    """The name this phone sat down with, in the settings: filled in next time."""
    settings = read_settings(store)
    if settings["name"] != name:
        store.write_json(SETTINGS_KEY, {**settings, "name": name})


screens.register(SCREEN, render)  # its title: screens.KNOWN_TITLES
