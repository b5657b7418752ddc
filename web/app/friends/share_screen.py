"""*Med vennerne* on the host's phone ("vennerne"): the lobby with the share link, and the
transports that keep the host's table reachable while it is played.

Every game's *Dæk bordet* calls ``open_lobby(seats, rules, tempo, game)`` (Bakke's and
Treere's through ``open_game_lobby``): a HostRoom (friends/core/host_seats.open_room) with a
new relay room and host key (friends/wire/links.new_link), and HostLinks connecting to the
relay at once, so friends can sit down while the host is still looking at the QR code. *Start
spillet* makes the game's host table (the registry's ``host_table``: the lobby's seats; late
arrivals wait), saves the link with it and shows the game's usual table screen. After a reload
of the host's phone, the host module's ``on_restore`` hands us the restored table and its
link: the same relay room is re-attached with the same key.

One interval (TICK_MS) keeps the relay link alive, and ticks the room while no table runs.
Once a table runs it ticks the host's table whatever screen the host's phone shows (Regler,
settings …: the friends' clocks, stand-ins, auto-deal and the regulars go on, ``tick_unseen``);
on its own screen the screen says how (``tick_shown``: Snyd's clock ticks it itself).

The lobby is saved (friends.LOBBY_KEY) on every change: a reload before *Start spillet*
reopens it (main.py's resume step, or the #vennerne hash) with the same room and key, and the
seated guests come back by their tokens. *Start spillet* clears it (the table's save has the
room). Leaving for good (← in the lobby or at the table, or a new table) tells every guest
``bye`` and leaves the relay, so no room lingers.

*De åbne borde* (issue 21): ``open_lobby(..., open_table=...)`` opens an open table's lobby
(friends/open_listing.py: the seat cap, the forced rules); while it is open the tick lists its
row on the relay (``_list_open``: again whenever it changes, and RelayLink again after every
``ready``), ``leave`` unlists it, and the started table keeps the listing in its ``link``
(``OPEN_LINK_KEY``), which the public record carries to the phone that carries the table on.

Each game's table screen is found through the games' registry (app/table/games.py), imported
when its table is on: this module imports no game's screen.
"""
from __future__ import annotations

import asyncio
import importlib
import json
from typing import TYPE_CHECKING, Any

import js
from app.friends import lobby as friends
from app.friends import open_listing, qr
from app.friends.core import host_seats
from app.friends.core.host import HostRoom
from app.friends.core.succession import GRACE_S, OPEN_KEY
from app.friends.markup import lobby_html, lobby_seats_html, regular_option
from app.friends.wire.links import HostLinks, new_link
from app.friends.wire.probe import SuccessorProbe
from app.lang import error_text, t
from app.saves.local_store import store
from app.saves.save_guard import UnreadableSave, parse_bounded
from app.shell import screens
from app.shell.both_languages import both
from app.shell.dom_util import present
from app.table import games
from pyodide.ffi import create_proxy, to_js

from engine.errors import IllegalAction

if TYPE_CHECKING:  # the draft's seats, for open_lobby's signature only
    from app.table.session import Seat

SCREEN = "vennerne"
TICK_MS = 1000

# The games whose lobby is titled "<game> med vennerne" (Snyd's is the one people know as
# "Med vennerne"): the games on a GameSession, by their own names, the same in every language.
GAME_TITLES = {game.key: game.name for game in games.GAMES if game.on_game_session}

_state: dict[str, Any] = {"room": None, "link": None, "links": None, "rules": None,
                          "game": games.DEFAULT,
                          "tempo": 1.0, "table": None, "root": None, "shown": None,
                          "interval": None, "proxies": {}, "qr_for": None, "saved": None,
                          "probe": None, "lost_at": None, "probe_until": None, "probe_at": 0.0,
                          "open": None}

# The open table's entry in a started table's ``link`` (saved with the table: host_seats
# check_link, short strings only), as JSON: a reload lists the table again.
OPEN_LINK_KEY = OPEN_KEY  # the public record keeps it (core/succession.public_state)

# A host's phone back after an absence asks again and again for a while (``_probe_again``):
# the next phone may open its room only after this phone is back (the two passed each other at
# the grace's edge: a one-time probe found nothing and both phones led a table, the friends at
# the other one). It stops once every friend is back at this phone, or after PROBE_FOR_S.
PROBE_EVERY_S = 2.0
PROBE_FOR_S = 4 * GRACE_S


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
    _list_open()
    table = _state["table"]
    if table is not None:
        _watch_relay(table, links)
        _probe_again(table)
        _tick_table(table)
        return
    if _state["room"] is not None:
        _state["room"].tick()  # in the lobby: a guest gone too long shows as "væk"
        _paint_seats()
        _save_lobby()  # a guest sat down or left


def _watch_relay(table: Any, links: HostLinks) -> None:
    """This phone's relay socket back after an absence longer than the grace: the friends may
    have moved on to the next person's phone (``_probe``)."""
    now = js.Date.now() / 1000
    if links.relay.state != "open":
        _state["lost_at"] = _state["lost_at"] or now
    elif _state["lost_at"] is not None:
        if now - _state["lost_at"] >= GRACE_S:
            _probe(table)
        _state["lost_at"] = None


def _tick_table(table: Any) -> None:
    """The host's table with friends, every second, whichever game: on its screen the screen
    says how it is ticked (``tick_shown``); off it (the host reads *Regler*, the settings …)
    the friends' clock, stand-ins, the next deal and the regulars go on from here."""
    ui = _game_screen(table.game).ui
    if ui.session is not table:
        # A new table replaced it on this phone: the friends are told "bye", unless another
        # tab took the table (they play on there).
        leave(say_bye=ui.tabs.may_write)
    elif screens.current() == screens.START:
        # The table screen's ← goes to the start screen. Its save stays (the evening's
        # scores); resumed later it loads afresh from the save, re-attaches, and stand-ins
        # play the friends who were told "bye".
        leave()
        ui.stop_timers()
        ui.session = None
    elif screens.current() == ui.SCREEN:
        ui.tick_shown(table)
    else:
        table.tick_unseen()


def _game_screen(game: str) -> Any:
    """The table screen's module of `game` (app.<game>.table_screen), from the registry."""
    return games.load(games.get(game).table_ui)


def _moved() -> None:
    """A guest moved (or a stand-in, or the next game began): redraw the host's table. Snyd's
    screen sets its own ``on_change`` when it shows the table."""
    table = _state["table"]
    if table is not None:
        ui = _game_screen(table.game).ui
        if ui.session is table:
            ui.refresh()


def _list_open() -> None:
    """An open table's row on the relay's list, said again when what it says changes (free
    seats, waiting / full / playing); the relay link lists it again after each ``ready`` and
    keeps it alive. A refusal's reason is shown in the lobby."""
    open_table, links, room = _state["open"], _state["links"], _state["room"]
    if open_table is None or links is None or room is None:
        return
    table = _state["table"]
    # Snyd's engine between two games (its phase, not a whole view built every tick)
    between = room.late_arrivals and table is not None and table.table.phase == "game_over"
    row = open_listing.listing(room.game, open_table, room.lobby(), room.table is not None,
                               room.late_arrivals, between)
    if row != links.relay.listing:
        links.relay.list_table(row)
    if _state["table"] is None and _on_screen():
        refused = links.relay.list_refused
        _say("#open-status", t("friends.lobby.open.refused", reason=refused[1]) if refused
             else "")


def _links_changed() -> None:
    _list_open()  # the first `ready`: list the table at once
    if _state["table"] is None:
        _paint_seats()
        _save_lobby()


def _reattach(table: Any, probe: bool = True) -> None:
    """host_table.on_restore / game_host.on_restore: the host's phone reloaded its table with
    friends (Snyd's HostTable, or a Bakke or Treere HostGameTable). ``probe``: ask whether
    another phone carried the table on meanwhile (``_probe``)."""
    _state.update(room=table.room, link=dict(table.link), table=table, saved=None,
                  game=table.room.game, open=_open_of(table.link))
    table.on_change = _moved
    if table.link.get("relay_room") and table.link.get("host_key"):
        _connect(table.room, table.link)
    if probe:
        _probe(table)


def _open_of(link: dict[str, str]) -> dict[str, Any] | None:
    """The open table kept in a started table's link (``_start``), or None: a friends' table,
    or an entry that cannot be read (a save is outside input: the table plays on unlisted)."""
    text = link.get(OPEN_LINK_KEY)
    if text is None:
        return None
    try:
        return open_listing.check_open_table(json.loads(text))
    except (ValueError, IllegalAction) as exc:
        js.console.warn(f"Bodegabordet: the open table's listing was dropped: {exc}")
        return None


def _probe(table: Any, again: bool = False) -> None:
    """Back after an absence: if the next person in seat order carried the table on meanwhile
    (its room, named in its hello, has a host now: wire/probe.py), this phone sits down at it
    as a guest in its own seat (``_moved_on``). Asked again for a while (``_probe_again``)."""
    if _state.get("probe") is not None:
        _state["probe"].close()
    rooms = [s.next for s in table.room.seats if s.kind == "guest" and s.next]
    if not rooms:
        return
    now = js.Date.now() / 1000
    if not again:
        _state["probe_until"] = now + PROBE_FOR_S
    _state["probe_at"] = now
    _state["probe"] = SuccessorProbe(rooms, lambda room: _moved_on(table, room))
    _state["probe"].start()


def _probe_again(table: Any) -> None:
    """The probe once more, every PROBE_EVERY_S until PROBE_FOR_S after the phone came back,
    while a friend is not back here (a friend connected here did not carry the table on)."""
    until, now = _state["probe_until"], js.Date.now() / 1000
    if until is None:
        return
    guests = [s for s in table.room.seats if s.kind == "guest"]
    if now >= until or all(s.connection == "connected" for s in guests):
        _state["probe_until"] = None
    elif now - _state["probe_at"] >= PROBE_EVERY_S:
        _probe(table, again=True)


def _moved_on(table: Any, room: str) -> None:
    """Another phone leads the table now, at ``room``: this phone's table is a copy left
    behind. It is let go (no ``bye``: the friends play on there) and this phone sits down at
    ``room`` as a guest, by its own seat's token."""
    from app.friends import join_screen  # the guest's side, only when it is needed

    if _state["table"] is not table:
        return  # left meanwhile
    name, token = table.humans[0], table.room.host_seat().token
    ui = _game_screen(table.game).ui
    leave(say_bye=False)
    if ui.session is table:
        ui.forget()  # the copy left behind is not resumed: the table is on the other phone
    store.write_json(friends.SEATS_KEY, friends.remember_seat(
        friends.read_seats(store.read(friends.SEATS_KEY)), room, name, token))
    js.history.replaceState(None, "", friends.share_url(str(js.location.href), room, table.game))
    join_screen.sit(room, name, token)
    screens.show(join_screen.SCREEN)


def carry_on(table: Any) -> None:
    """This phone carries the table on after its host's phone went (join_screen, from
    core/succession.take_over): it is the host's now, on its own relay room (the one its
    hello named), and the friends sit down at it again; the game's table screen shows it
    (and saves it: a reload here resumes it as any host's table)."""
    leave(say_bye=False)
    _reattach(table, probe=False)
    _game_screen(table.game).start_table(table)


for _host in {games.load(game.host) for game in games.GAMES}:
    _host.on_restore = _reattach  # every game's host table reloaded here comes back through it


# ---------- the lobby ----------

def open_lobby(seats: list[Seat], rules: Any, tempo: float = 1.0,
               game: str = games.DEFAULT, open_table: dict | None = None) -> None:
    """From a game's *Dæk bordet*: a room of ``game`` for friends (the draft's one person
    hosts, its regulars sit), and its lobby on screen. IllegalAction if the seats are not the
    host's one person and regulars, or the rules are not the game's.

    ``open_table`` (*De åbne borde*, open_listing.check_open_table: the rule set's text, the
    seats, whether regulars fill empty seats at the start): the room is capped at its seats,
    the rules are forced to an open table's (open_listing.open_rules: no Øvebord, no *Finalen
    i Viborg*, the turn clock on), and the table is listed on the relay while it is open.
    IllegalAction for a bad one, before anything here changes."""
    from app.home.player_settings import is_default_name

    if open_table is not None:
        open_table = open_listing.check_open_table(open_table)
    if isinstance(rules, dict):
        rules = games.load(games.get(game).engine).Rules.from_dict(rules)
    if open_table is not None:
        rules = open_listing.open_rules(game, rules)
    # The host's seat while it is still called "Du" / "You": that names nobody on the others'
    # phones, so it is "Vært" / "Host" (in the host's language: a name, read as typed).
    seats = [(t("friends.host_name") if kind == "human" and is_default_name(name) else name,
              kind) for name, kind in seats]
    room = host_seats.open_room(seats, game=game)
    if open_table is not None:
        if len(room.seats) > open_table["seats"]:
            raise IllegalAction(both("friends.no.full", seats=open_table["seats"]))
        room.seats_max = open_table["seats"]
    leave()  # a lobby or friends' table still open here is left for good
    _open(friends.Lobby(room, new_link(), rules, tempo, game, open_table))
    screens.show(SCREEN)


def open_game_lobby(game: str, seats: list[tuple[str, str]], rules: Any) -> None:
    """From Bakke's or Treere's *Dæk bordet* (their screens pace the regulars themselves)."""
    open_lobby(seats, rules, 1.0, game)


def _open(lobby: friends.Lobby) -> None:
    _state.update(room=lobby.room, link=lobby.link, rules=lobby.rules, tempo=lobby.tempo,
                  game=lobby.game, table=None, shown=None, qr_for=None, saved=None,
                  open=lobby.open_table)
    _save_lobby()
    _connect(lobby.room, lobby.link)


# ---------- the lobby's save ----------

def _save_lobby() -> None:
    """Store the lobby when it changed (seats, tokens): a reload must not strand the guests."""
    if _state["room"] is None or _state["table"] is not None:
        return
    lobby = friends.Lobby(_state["room"], _state["link"], _state["rules"], _state["tempo"],
                          _state["game"], _state["open"])
    data = friends.lobby_to_dict(lobby)
    if data != _state["saved"] and store.write_json(friends.LOBBY_KEY, data):
        _state["saved"] = data


def _restore_lobby() -> bool:
    """The saved lobby, reopened with the same room and key. A save that cannot be read is set
    aside (LOBBY_KEY.backup), as a corrupt table is; False then, or when there is none."""
    text = store.read(friends.LOBBY_KEY)
    if text is None:
        return False
    try:
        lobby = friends.lobby_from_dict(parse_bounded(text, friends.LOBBY_MAX_CHARS))
    except (UnreadableSave, ValueError) as exc:
        js.console.warn(f"Bodegabordet: the saved lobby was set aside: {exc}")
        store.set_aside(friends.LOBBY_KEY, text, str(exc), friends.LOBBY_MAX_CHARS)
        return False
    _open(lobby)
    return True


def resume_lobby() -> None:
    """At boot (main.py, before the table's resume step): back to a saved lobby. It comes
    before a saved one-phone table: the host opened the lobby after that table was saved."""
    if screens.current() == screens.START and _state["room"] is None and _restore_lobby():
        screens.show(SCREEN)


def share_link() -> str:
    return friends.share_url(str(js.location.href), _state["link"]["relay_room"], _state["game"])


def _regulars() -> list[dict]:
    """The free regulars of the lobby's game (each game's regulars play its own table)."""
    regulars = importlib.import_module(f"{games.get(_state['game']).engine}.bots").REGULARS
    taken = {s["player"] for s in _state["room"].lobby()}
    return [r for r in regulars if r["name"] not in taken]


def render(root: Any, **_kw: Any) -> None:
    _state["root"] = root
    if _state["table"] is not None or (_state["room"] is None and not _restore_lobby()):
        # No lobby open (or the table has started): the default game's *Dæk bordet*.
        screens.show(games.get(games.DEFAULT).setup_screen)
        return
    can_share = present(getattr(js.navigator, "share", None))
    root.innerHTML = lobby_html(share_link(), can_share, _regulars(), _state["game"])
    section = root.querySelector('[data-testid="lobby"]')
    section.setAttribute("data-game", _state["game"])
    if _state["game"] in GAME_TITLES:  # Snyd's lobby is the one people know as "Med vennerne"
        section.querySelector("h2").textContent = t("friends.lobby.title.game",
                                                    game=GAME_TITLES[_state["game"]])
    if _state["open"] is not None:  # listed on *Åbne borde* while it is open
        section.setAttribute("data-open", "true")
        section.querySelector(".hint").insertAdjacentHTML(
            "afterend", f'<p class="hint" data-testid="open-table-note">{t("friends.lobby.open")}</p>'
                        '<p class="error" id="open-status" role="status"></p>')
    if games.get(_state["game"]).fair:  # the regulars' dice are thrown on this phone
        section.querySelector(".add-seats").insertAdjacentHTML(
            "afterend", f'<p class="hint" data-testid="regulars-on-host">{t("snyd.setup.regulars_on_host")}</p>')
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
        select.innerHTML = "".join(regular_option(r, _state["game"]) for r in free)


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
        _say("#share-qr-box", t("friends.lobby.qr.failed"))
        return
    box = _state["root"].querySelector("#share-qr-box") if _on_screen() else None
    if present(box):
        box.innerHTML = markup
        box.firstElementChild.setAttribute("data-testid", "share-qr")
        box.firstElementChild.setAttribute("role", "img")
        box.firstElementChild.setAttribute("aria-label", t("friends.lobby.qr.image"))


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
                raise IllegalAction(both("friends.no.regulars_left"))
            _state["room"].seat_regular(choice)
            _paint_seats()
            _save_lobby()
        elif action == "remove":
            _state["room"].remove_seat(target.getAttribute("data-player"))
            _paint_seats()
            _save_lobby()
        elif action == "back":
            leave()
            screens.show(games.get(_state["game"]).setup_screen)  # back to its *Dæk bordet*
        elif action == "start":
            _start()
    except IllegalAction as exc:
        _say("#lobby-error", error_text(str(exc)))


def _share() -> None:
    # Synchronously in the click: navigator.share needs the user's gesture (docs/browser-notes.md).
    data = to_js({"title": "Bodegabordet", "text": t("friends.lobby.share.text"), "url": share_link()},
                 dict_converter=js.Object.fromEntries)
    js.navigator.share(data).catch(_proxy("ignore", lambda *_a: None))  # cancelled: fine


def _copy() -> None:
    clipboard = getattr(js.navigator, "clipboard", None)
    if present(clipboard) and present(getattr(clipboard, "writeText", None)):
        clipboard.writeText(share_link()).then(_proxy("copied", lambda *_a: _say("#copy-status", t("friends.lobby.copied"))),
                                               _proxy("by-hand", lambda *_a: _select_link()))
    else:
        _select_link()


def _select_link() -> None:
    """No clipboard for us: select the link so the player can copy it by hand."""
    field = _state["root"].querySelector('[data-testid="share-link"]')
    if present(field):
        field.focus()
        field.select()
    _say("#copy-status", t("friends.lobby.copy.by_hand"))


def leave(say_bye: bool = True) -> None:
    """The host leaves the lobby or the friends' table for good: every guest's phone is told
    "bye" (it says the table is closed), the relay is left, and the lobby's save goes.
    ``say_bye=False`` when another tab took the table: the friends play on there."""
    room = _state["room"]
    if room is not None and say_bye:
        room.close()
    if _state["links"] is not None:
        if _state["open"] is not None:  # off the list at once (else 4 s after the last frame)
            _state["links"].relay.unlist()
        _state["links"].close()
    if _state["probe"] is not None:
        _state["probe"].close()
    if _state["table"] is None and room is not None:
        store.remove(friends.LOBBY_KEY)
    _state.update(room=None, links=None, link=None, table=None, saved=None, probe=None,
                  lost_at=None, probe_until=None, open=None)


def _start() -> None:
    """*Start* at the lobby: the host's table of the lobby's game on that game's screen."""
    game = games.get(_state["game"])
    host = games.load(game.host_table)
    # Fair dice where the game has them (games.Game.fair: all three games now); a game without
    # them takes no such option. The host table's save keeps it (its to_dict's "fair").
    fair = {"fair": True} if game.fair else {}
    open_table = _state["open"]
    if open_table is not None and open_table["regulars"]:
        _fill_with_regulars(_state["room"])
    table = host.from_lobby(_state["room"], _state["rules"], tempo=_state["tempo"], **fair)
    table.link = dict(_state["link"])
    if open_table is not None:  # saved with the table: a reload lists it again (_reattach)
        table.link[OPEN_LINK_KEY] = json.dumps(open_table, ensure_ascii=False,
                                               separators=(",", ":"))
    table.on_change = _moved
    _state["table"] = table
    _game_screen(table.game).start_table(table)  # a new table replaces the one saved here
    store.remove(friends.LOBBY_KEY)  # the table's save has the room and the link now


def _fill_with_regulars(room: HostRoom) -> None:
    """An open table whose opener let regulars fill it: its empty seats go to the game's free
    regulars at the start (one whose name a guest has taken is passed over)."""
    for regular in _regulars():
        if len(room.seats) >= room.seats_max:
            return
        try:
            room.seat_regular(regular["name"])
        except IllegalAction:
            continue


screens.register(SCREEN, render)  # its title: screens.KNOWN_TITLES
