"""De åbne borde from the leader's phone (issue 21): RelayLink's ``list_table`` / ``unlist``,
its reading of the relay's ``listed`` / ``unlisted`` / ``list-refused`` frames, the keepalive
while listed (a row lives 4 s past the leader's last frame), and friends/open_listing's row as
the real relay accepts it.

Two ways: the link's frame handling against a recording socket (as tests/peers/
test_transport_frames.py drives it), and the real RelayLink against the real relay on loopback,
through a small stand-in for the browser's WebSocket (aiohttp's client under ``js``)."""
from __future__ import annotations

import asyncio
import json
import sys
from types import ModuleType, SimpleNamespace

import aiohttp
import pytest
from app.friends.core.host import HostRoom
from app.friends.open_listing import listing
from app.friends.wire import relay_link
from app.friends.wire.relay_link import KEEPALIVE_S, LISTED_KEEPALIVE_S, RelayLink

from relay.open_tables import TableLimits, check_table, table_id
from tests.relay.test_open_tables import change, relay, watch
from tests.relay.test_rooms import new_id, run, until

ROW = {"game": "snyd", "ruleset": "Husets regler", "seats": 3, "free": 2, "state": "waiting",
       "name": "Bodil"}
ID = "3f2a9c0d41b7e215"


class _Socket:
    """A relay socket that records what the link writes."""

    def __init__(self) -> None:
        self.frames: list[dict] = []

    def send(self, text: str) -> None:
        self.frames.append(json.loads(text))


def _link(role: str = "host", now: list[float] | None = None) -> RelayLink:
    now = now if now is not None else [100.0]
    link = RelayLink(role, "r" * 22, "k" * 22 if role == "host" else None,
                     on_ready=lambda *_a: None, on_frame=lambda *_a: None,
                     on_presence=lambda *_a: None, on_closed=lambda *_a: None,
                     clock=lambda: now[0])
    link._ws = _Socket()
    return link


def _hear(link: RelayLink, frame: dict) -> None:
    link._on_message(link._ws, SimpleNamespace(data=json.dumps(frame)))


def _ready(link: RelayLink) -> None:
    _hear(link, {"op": "ready", "peer": "hostpeer", "role": link.role, "host": True})


# ---------- the frames, against a recording socket ----------

def test_a_listing_before_ready_waits_for_it_and_goes_again_after_every_ready():
    link = _link()
    assert link.list_table(ROW) is False and link._ws.frames == []  # not open yet
    _ready(link)
    assert link._ws.frames == [{"op": "list", "table": ROW}]
    _hear(link, {"op": "listed", "id": ID})
    assert link.listed_id == ID and link.list_refused is None
    link.state = "waiting"  # the socket dropped; the relay keeps the row a short while
    _ready(link)            # back: the same room, listed again
    assert link._ws.frames[-1] == {"op": "list", "table": ROW}


def test_a_change_is_listed_whole_at_once():
    link = _link()
    _ready(link)
    full = {**ROW, "free": 0, "state": "full"}
    assert link.list_table(full) is True
    assert link._ws.frames[-1] == {"op": "list", "table": full} and link.listing == full


def test_a_refusal_keeps_its_reason_for_the_screen_and_the_socket_stays():
    link = _link()
    _ready(link)
    link.list_table({**ROW, "name": "x" * 30})
    _hear(link, {"op": "list-refused", "code": 4400, "reason": "name: at most 24 characters"})
    assert link.list_refused == (4400, "name: at most 24 characters")
    assert link.state == "open" and link.listed_id is None and link.bad_frames == 0
    link.list_table(ROW)  # the next change lists again, and a `listed` clears the refusal
    _hear(link, {"op": "listed", "id": ID})
    assert link.list_refused is None and link.listed_id == ID


def test_while_listed_a_frame_goes_at_least_every_two_seconds():
    now = [100.0]
    link = _link(now=now)
    _ready(link)
    link._sent_at = now[0]
    now[0] += LISTED_KEEPALIVE_S - 0.1
    link.tick()
    assert link._ws.frames == []  # nothing listed: the long keepalive
    link.list_table(ROW)
    sent = len(link._ws.frames)
    now[0] += LISTED_KEEPALIVE_S
    link.tick()
    assert link._ws.frames[sent:] == [{"op": "ping"}]
    assert LISTED_KEEPALIVE_S + 1.0 <= 2.5  # with share_screen's tick each second: ≤ ~2.5 s
    # Unlisted: back to the long keepalive.
    assert link.unlist() is True and link._ws.frames[-1] == {"op": "unlist"}
    _hear(link, {"op": "unlisted", "id": ID})
    sent = len(link._ws.frames)
    now[0] += LISTED_KEEPALIVE_S * 2
    link.tick()
    assert len(link._ws.frames) == sent and KEEPALIVE_S > 2 * LISTED_KEEPALIVE_S


def test_unlist_when_nothing_is_listed_sends_nothing():
    link = _link()
    _ready(link)
    assert link.unlist() is False and link._ws.frames == []


def test_a_late_listed_after_an_unlist_does_not_bring_the_row_back():
    link = _link()
    _ready(link)
    link.list_table(ROW)
    link.unlist()
    _hear(link, {"op": "listed", "id": ID})
    assert link.listed_id is None and link.listing is None


@pytest.mark.parametrize("frame", [
    {"op": "listed"},
    {"op": "listed", "id": "XYZ"},
    {"op": "listed", "id": ID, "room": "r" * 22},
    {"op": "unlisted", "id": 7},
    {"op": "list-refused", "code": "4400", "reason": "x"},
    {"op": "list-refused", "code": 4400, "reason": "x" * 201},
    {"op": "list-refused", "code": 99, "reason": "x"},
    {"op": "list-refused", "code": 4400},
])
def test_bad_list_answers_are_counted_and_change_nothing(frame):
    link = _link()
    _ready(link)
    link.list_table(ROW)
    _hear(link, frame)
    assert link.bad_frames == 1 and link.listed_id is None and link.list_refused is None


def test_a_guests_link_lists_nothing_and_ignores_list_answers():
    link = _link("guest")
    _ready(link)
    assert link.list_table(ROW) is False and link._ws.frames == []
    _hear(link, {"op": "listed", "id": ID})
    assert link.bad_frames == 1 and link.listed_id is None


# ---------- the row as the real relay's check reads it ----------

def test_every_state_of_the_row_passes_the_relays_check_unchanged():
    room = HostRoom("Bodil")
    room.seats_max = 2
    open_table = {"ruleset": "Husets regler", "seats": 2, "regulars": False}
    waiting = listing("snyd", open_table, room.lobby(), False)
    room.seat_regular("Henning")
    full = listing("snyd", open_table, room.lobby(), False)
    playing = listing("snyd", open_table, room.lobby(), True)
    assert [r["state"] for r in (waiting, full, playing)] == ["waiting", "full", "playing"]
    for row in (waiting, full, playing):
        assert check_table(row, TableLimits()) == row


# ---------- the real link against the real relay ----------

class _Proxy:
    """pyodide.ffi.create_proxy's stand-in: callable, and destroyed once its socket goes."""

    def __init__(self, fn) -> None:
        self.fn, self.destroyed = fn, False

    def __call__(self, *args):
        return self.fn(*args)

    def destroy(self) -> None:
        self.destroyed = True


class _BrowserSocket:
    """The browser's WebSocket as RelayLink uses it (new, addEventListener, send, close), on
    aiohttp's client: events come on the running loop, in order."""

    session: aiohttp.ClientSession

    def __init__(self, url: str) -> None:
        self.url, self.listeners = url, {}
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.outbox: asyncio.Queue = asyncio.Queue()
        self.task = asyncio.ensure_future(self._run())

    @classmethod
    def new(cls, url: str) -> _BrowserSocket:
        return cls(url)

    def addEventListener(self, name, fn) -> None:  # the DOM's names
        self.listeners[name] = fn

    def removeEventListener(self, name, _fn) -> None:
        self.listeners.pop(name, None)

    def send(self, text: str) -> None:
        self.outbox.put_nowait(text)

    def close(self) -> None:
        self.outbox.put_nowait(None)

    def _fire(self, name: str, event) -> None:
        fn = self.listeners.get(name)
        if fn is not None:
            fn(event)

    async def _run(self) -> None:
        self.ws = await self.session.ws_connect(self.url)
        writer = asyncio.ensure_future(self._write())
        self._fire("open", None)
        async for msg in self.ws:
            if msg.type is aiohttp.WSMsgType.TEXT:
                self._fire("message", SimpleNamespace(data=msg.data))
        writer.cancel()
        self._fire("close", SimpleNamespace(code=self.ws.close_code or 1006))

    async def _write(self) -> None:
        while True:
            text = await self.outbox.get()
            if text is None:
                await self.ws.close()
                return
            await self.ws.send_str(text)


@pytest.fixture
def browser_js(monkeypatch):
    js = ModuleType("js")
    js.WebSocket = _BrowserSocket
    ffi = ModuleType("pyodide.ffi")
    ffi.create_proxy = _Proxy
    pyodide = ModuleType("pyodide")
    pyodide.ffi = ffi
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    return js


def test_the_real_link_lists_changes_keeps_alive_and_unlists_on_the_real_relay(browser_js):
    async def go():
        # A row lives 0.6 s past the leader's last frame here: the link's keepalive must beat it.
        ttl = TableLimits(ttl=0.6, sweep=0.05, push_delay=0.01, push_interval=0.02,
                          list_rate=100, list_burst=100)
        async with relay(ttl) as client:
            _BrowserSocket.session = client.session
            watcher, rows = await watch(client)
            assert rows == {}
            room, ready = new_id(), []
            link = RelayLink("host", room, new_id(), url=str(client.make_url("/ws")),
                             on_ready=lambda *a: ready.append(a), on_frame=lambda *_a: None,
                             on_presence=lambda *_a: None, on_closed=lambda *_a: None)
            link.list_table(ROW)  # before the socket is up: it goes at `ready`
            link.start()
            tid = table_id(room)
            assert await change(watcher) == {tid: {"id": tid, "room": room, **ROW}}
            await until(lambda: link.listed_id == tid)
            full = {**ROW, "free": 0, "state": "full"}
            link.list_table(full)
            assert (await change(watcher))[tid]["state"] == "full"
            # Quiet for well past the row's 0.6 s, but ticked as share_screen does: it stays.
            original = relay_link.LISTED_KEEPALIVE_S
            relay_link.LISTED_KEEPALIVE_S = 0.2
            try:
                for _ in range(10):
                    await asyncio.sleep(0.1)
                    link.tick()
            finally:
                relay_link.LISTED_KEEPALIVE_S = original
            assert tid in client.lobby.rows
            # A refused listing: its reason kept, the socket and the row as they were.
            link.list_table({**full, "name": "N" * 30})
            await until(lambda: link.list_refused is not None)
            assert link.list_refused[0] == 4400 and "name" in link.list_refused[1]
            assert link.state == "open" and client.lobby.rows[tid].row["name"] == "Bodil"
            link.unlist()
            assert await change(watcher) == {tid: None}
            await until(lambda: link.listed_id is None)
            link.close()
            assert len(ready) == 1
    run(go)
