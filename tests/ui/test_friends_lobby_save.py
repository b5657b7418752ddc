"""The host's lobby survives a reload (issue 9): friends.lobby_to_dict / lobby_from_dict, and
share_screen saving it on every change, reopening the same room and key, setting a bad save
aside, clearing it at *Start spillet* and closing the room when the host leaves.

share_screen runs against a fake `js`/`pyodide.ffi` and a fake HostLinks; the room, the store
and the save guard are real.
"""
from __future__ import annotations

import importlib
import json
import sys
from types import SimpleNamespace
from typing import ClassVar
from unittest import mock

import pytest
from app.friends import lobby as friends
from app.friends.core.host import HostRoom
from app.friends.core.protocol import encode
from app.saves.local_store import LocalStore, backup_key
from app.shell import screens
from app.snyd.table_setup import Seat
from fake_browser import Storage, install_fake_browser

from engine.errors import IllegalAction
from engine.snyd import Rules

LINK = {"relay_room": "AbCdEfGhIjKlMnOpQrSt_-", "host_key": "hostKey_0123456789abcd"}


def frames_to(sent: list[str]):
    return lambda text: sent.append(text)


def lobby_with_a_guest() -> tuple[friends.Lobby, str, list[str]]:
    """Mette hosts, Henning (a regular) and Bo (a guest's phone) sit down. Bo's token too."""
    room = HostRoom("Mette", clock=lambda: 100.0)
    room.seat_regular("Henning")
    sent: list[str] = []
    room.connect("bo-1", frames_to(sent))
    room.receive("bo-1", encode("hello", name="Bo", token=None))
    welcome = json.loads(sent[0])
    assert welcome["t"] == "welcome" and welcome["seat"] == "Bo"
    return friends.Lobby(room, dict(LINK), Rules(dice_per_player=3), 0.5), welcome["token"], sent


# ---------- the pure part ----------

def test_a_saved_lobby_comes_back_with_the_same_seats_key_and_rules():
    lobby, token, _sent = lobby_with_a_guest()
    text = json.dumps(friends.lobby_to_dict(lobby))
    back = friends.lobby_from_dict(json.loads(text), clock=lambda: 200.0)
    assert back.link == LINK and back.rules == lobby.rules and back.tempo == 0.5
    assert back.room.lobby() == [
        {**e, "connection": "reconnecting"} if e["player"] == "Bo" else e
        for e in lobby.room.lobby()]
    assert back.room.table is None
    # Bo's phone says hello again with its token: the same seat, no new guest.
    sent: list[str] = []
    back.room.connect("bo-2", frames_to(sent))
    back.room.receive("bo-2", encode("hello", name="Bo", token=token))
    assert json.loads(sent[0])["t"] == "welcome" and json.loads(sent[0])["seat"] == "Bo"
    assert [s["player"] for s in back.room.lobby()] == ["Mette", "Henning", "Bo"]
    assert back.room.connection("Bo")[0] == "connected"


def _saved() -> dict:
    return friends.lobby_to_dict(lobby_with_a_guest()[0])


@pytest.mark.parametrize("spoil", [
    lambda d: d.update(v=2),
    lambda d: d.update(link={"relay_room": "kort", "host_key": "k"}),
    lambda d: d["link"].update(extra="x"),
    lambda d: d["link"].update(host_key="<script>"),
    lambda d: d.update(tempo="fast"),
    lambda d: d.update(tempo=1e9),
    lambda d: d.update(rules={"no_such_rule": True}),
    lambda d: d.update(rules=[]),
    lambda d: d.update(room=None),
    lambda d: d["room"]["seats"].pop(0),               # no host first
    lambda d: d["room"]["seats"].append(dict(d["room"]["seats"][1])),  # a name twice
    lambda d: d["room"]["seats"][2].update(waiting=True),  # a late arrival in a lobby
    lambda d: d["room"]["seats"][2].update(token=7),
])
def test_a_malformed_lobby_save_is_refused(spoil):
    data = _saved()
    spoil(data)
    with pytest.raises(ValueError):
        friends.lobby_from_dict(json.loads(json.dumps(data)))


# ---------- share_screen, with fakes around it ----------

class FakeLinks:
    """HostLinks without a network: records what the screen asked of it."""

    made: ClassVar[list[FakeLinks]] = []

    def __init__(self, room: HostRoom, link: dict[str, str]) -> None:
        self.room, self.link, self.started, self.closed = room, dict(link), False, False
        self.relay = SimpleNamespace(state="open")  # the host's relay socket, up
        FakeLinks.made.append(self)

    @classmethod
    def from_link(cls, room, link, **_kw):
        return cls(room, link)

    def start(self) -> None:
        self.started = True

    def tick(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def share(monkeypatch):
    fake_js = mock.MagicMock(name="js")
    modules = ("app.friends.share_screen", "app.snyd.table_screen", "app.table.screen", "app.saves.tab_lock",
               "app.saves.table_tabs", "app.device.browser_storage")
    install_fake_browser(monkeypatch, fake_js, forget=modules)
    screens.reset()
    storage = Storage()
    import app.saves.local_store
    monkeypatch.setattr(app.saves.local_store, "store", LocalStore(storage))
    from app.friends import game_host, host_table
    for hooked in (host_table, game_host):  # share_screen sets them: unset after this test
        monkeypatch.setattr(hooked, "on_restore", None)
    module = importlib.import_module("app.friends.share_screen")
    monkeypatch.setattr(module, "HostLinks", FakeLinks)
    shown = {"now": screens.START}  # a page that just booted
    monkeypatch.setattr(module.screens, "show", lambda name, **_kw: shown.update(now=name))
    monkeypatch.setattr(module.screens, "current", lambda: shown["now"])
    FakeLinks.made = []
    module.storage, module.shown = storage, shown
    # Snyd's table screen, which share_screen finds through the games' registry when a table runs
    module.table_screen = importlib.import_module("app.snyd.table_screen")
    yield module
    for name in modules:
        sys.modules.pop(name, None)
    screens.reset()


def saved_lobby(share) -> dict | None:
    text = share.storage.data.get(friends.LOBBY_KEY)
    return None if text is None else json.loads(text)


def open_a_lobby(share) -> HostRoom:
    share.open_lobby([Seat("Mette", "human"), Seat("Henning", "regular")],
                     Rules(dice_per_player=4), 1.5)
    return share._state["room"]


def test_the_lobby_is_saved_at_once_and_on_every_change(share):
    room = open_a_lobby(share)
    saved = saved_lobby(share)
    assert saved is not None and saved["link"] == FakeLinks.made[-1].link
    assert [s["player"] for s in saved["room"]["seats"]] == ["Mette", "Henning"]
    room.connect("bo", lambda _t: None)
    room.receive("bo", encode("hello", name="Bo", token=None))
    share._tick()  # the interval: a guest sat down
    bo = saved_lobby(share)["room"]["seats"][2]
    assert bo["player"] == "Bo" and bo["token"] == room.seats[2].token


def test_a_reload_reopens_the_same_room_with_the_same_key(share):
    room = open_a_lobby(share)
    room.connect("bo", lambda _t: None)
    room.receive("bo", encode("hello", name="Bo", token=None))
    share._tick()
    link, token = dict(share._state["link"]), room.seats[2].token
    share._state.update(room=None, link=None, links=None, saved=None)  # the page reloads
    share.shown["now"] = share.screens.START
    share.resume_lobby()
    assert share.shown["now"] == share.SCREEN
    again = FakeLinks.made[-1]
    assert again.started and again.link == link
    assert again.room is share._state["room"] and again.room is not room
    assert [(s.player, s.token) for s in again.room.seats][2] == ("Bo", token)
    assert share._state["rules"] == Rules(dice_per_player=4) and share._state["tempo"] == 1.5


def test_a_bakke_lobby_hosts_as_vaert_and_a_reload_reopens_it_as_bakke(share):
    from engine.bakke import Rules as BakkeRules
    share.open_game_lobby("bakke", [("Du", "human"), ("Lis", "regular")],
                          {"dice_per_player": 3, "faults": False})
    room = share._state["room"]
    assert room.game == "bakke" and [s.player for s in room.seats] == ["Vært", "Lis"]
    assert {r["name"] for r in share._regulars()} == {"Henning", "Grethe", "Kaj", "Ronni"}
    assert saved_lobby(share)["game"] == "bakke"
    share._state.update(room=None, link=None, links=None, saved=None, game="snyd")  # reload
    share.shown["now"] = share.screens.START
    share.resume_lobby()
    assert share._state["game"] == "bakke" and share._state["room"].game == "bakke"
    assert share._state["rules"] == BakkeRules(dice_per_player=3, faults=False)
    with pytest.raises(IllegalAction):  # pass-and-play seats belong on one phone
        share.open_game_lobby("treere", [("Bo", "human"), ("Mette", "human")], {})

@pytest.mark.parametrize("text", ["{", "[" * 5000, json.dumps({"v": 1, "link": {}}),
                                  "x" * (friends.LOBBY_MAX_CHARS + 1)])
def test_a_corrupt_lobby_save_is_set_aside_and_no_lobby_opens(share, text):
    share.storage.data[friends.LOBBY_KEY] = text
    share.resume_lobby()
    assert share._state["room"] is None and FakeLinks.made == []
    assert friends.LOBBY_KEY not in share.storage.data
    backup = json.loads(share.storage.data[backup_key(friends.LOBBY_KEY)])
    assert backup["key"] == friends.LOBBY_KEY and backup["reason"]


def test_start_clears_the_lobby_save(share, monkeypatch):
    open_a_lobby(share)
    assert saved_lobby(share) is not None
    started = []
    monkeypatch.setattr(share.table_screen, "start_table", started.append)
    share._start()
    assert started and started[0] is share._state["table"]
    assert started[0].link == FakeLinks.made[-1].link
    assert saved_lobby(share) is None
    share._tick()  # nothing saves the lobby again once the table runs
    assert saved_lobby(share) is None


def test_leaving_the_lobby_says_bye_closes_the_link_and_forgets_the_save(share):
    room = open_a_lobby(share)
    sent: list[str] = []
    room.connect("bo", frames_to(sent))
    room.receive("bo", encode("hello", name="Bo", token=None))
    links = FakeLinks.made[-1]
    share.leave()
    assert json.loads(sent[-1]) == {"v": 1, "t": "bye", "reason": "closed"}
    assert links.closed and room.closed and saved_lobby(share) is None
    share.resume_lobby()
    assert share._state["room"] is None


def sit_down_at(share, monkeypatch) -> None:
    """table_screen.start_table without the DOM: this tab holds the table it shows."""
    def start_table(table):
        share.table_screen.ui.tabs.take()
        share.table_screen.ui.session = table
    monkeypatch.setattr(share.table_screen, "start_table", start_table)


def started_with_bo(share, monkeypatch) -> tuple[HostRoom, list[str]]:
    """A lobby where the friend Bo sat down, started: the room and the frames Bo got."""
    room = open_a_lobby(share)
    sent: list[str] = []
    room.connect("bo", frames_to(sent))
    room.receive("bo", encode("hello", name="Bo", token=None))
    sit_down_at(share, monkeypatch)
    share._start()
    return room, sent


def test_a_new_table_closes_the_friends_table_left_behind(share, monkeypatch):
    room, sent = started_with_bo(share, monkeypatch)
    links = FakeLinks.made[-1]
    share._tick()
    assert not links.closed  # still at that table
    share.table_screen.ui.session = object()  # a new table on this phone
    share._tick()
    assert links.closed and room.closed
    assert json.loads(sent[-1]) == {"v": 1, "t": "bye", "reason": "closed"}


def test_the_tables_back_arrow_closes_the_room_and_keeps_the_tables_save(share, monkeypatch):
    room, sent = started_with_bo(share, monkeypatch)
    links = FakeLinks.made[-1]
    monkeypatch.setattr(share.screens, "current", lambda: share.screens.START)  # ← was tapped
    share._tick()
    assert links.closed and room.closed
    assert json.loads(sent[-1]) == {"v": 1, "t": "bye", "reason": "closed"}
    # *Fortsæt* later loads the table afresh from its save (and re-attaches the relay).
    assert share.table_screen.ui.session is None


def test_a_screen_already_asked_for_wins_over_the_saved_lobby(share):
    open_a_lobby(share)
    share._state.update(room=None, link=None, links=None, saved=None)  # the page reloads
    share.shown["now"] = "regler"  # at /#regler
    share.resume_lobby()
    assert share._state["room"] is None and share.shown["now"] == "regler"


def test_a_table_taken_by_another_tab_leaves_the_relay_without_a_bye(share, monkeypatch):
    room, sent = started_with_bo(share, monkeypatch)
    links, frames = FakeLinks.made[-1], len(sent)
    ui = share.table_screen.ui
    ui.tabs.claim.state, ui.session = "moved", None  # another tab took the table (and the room)
    share._tick()
    assert links.closed and not room.closed
    assert all(json.loads(f)["t"] != "bye" for f in sent[frames:])  # Bo plays on over there


class FakeProbe:
    """wire/probe.SuccessorProbe without a network: records the rooms each probe asked."""

    made: ClassVar[list[FakeProbe]] = []

    def __init__(self, rooms, on_found) -> None:
        self.rooms, self.on_found, self.closed = list(rooms), on_found, False
        FakeProbe.made.append(self)

    def start(self) -> None:
        pass

    def close(self) -> None:
        self.closed = True


def test_a_host_back_after_an_absence_asks_where_the_table_went_again_for_a_while(
        share, monkeypatch):
    # The next phone may open its room only after this one is back (the two passed each other
    # at the grace's edge): one probe at the return found nothing and both phones led a table.
    room, _sent = started_with_bo(share, monkeypatch)
    table = share._state["table"]
    bo = next(s for s in room.seats if s.player == "Bo")
    bo.next, bo.connection = "NextRoomOfBo_0123456789", "reconnecting"
    clock = {"t": 1000.0}
    monkeypatch.setattr(share.js.Date, "now", lambda: clock["t"] * 1000)
    monkeypatch.setattr(share, "SuccessorProbe", FakeProbe)
    FakeProbe.made = []

    def tick_at(t: float) -> int:
        clock["t"] = 1000.0 + t
        share._tick()
        return len(FakeProbe.made)

    share._probe(table)                        # as _reattach does
    assert FakeProbe.made[0].rooms == ["NextRoomOfBo_0123456789"]
    assert tick_at(1.0) == 1                   # not yet
    assert tick_at(share.PROBE_EVERY_S + 0.1) == 2 and FakeProbe.made[0].closed
    asked = [tick_at(t) for t in range(3, int(share.PROBE_FOR_S) + 5)]
    assert asked[-1] == asked[-6] >= 6         # asked every PROBE_EVERY_S, then no more

    # Back again, and Bo is back here: nobody carried the table on, the probing stops.
    back = clock["t"] - 1000.0
    share._probe(table)
    before = len(FakeProbe.made)
    bo.connection = "connected"
    assert tick_at(back + share.PROBE_EVERY_S + 1) == before
    assert share._state["probe_until"] is None
