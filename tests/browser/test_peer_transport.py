"""The peer transports in Chromium: WebRTC data channels signalled through the relay's /ws, and
the relay itself as the fallback path (web/app/friends/wire/links.py, docs/protocol.md "Transports").

A host page runs a HostRoom over an engine Table behind HostLinks; two guest pages run a
GuestSession behind GuestLinks, each in its own phone context (loopback WebRTC needs the
flag and the permission devtools/browser.py gives). The test drives the game: whoever is on
turn acts on their own page, and after every move each guest must hold exactly the view the
host's table has for it. Every frame the host sends is recorded with the table's dealt hands
at that moment, every frame a guest gets with the path that carried it; tests/peers' privacy
checker then proves no guest saw another seat's dice before the reveal, on either path.
"""
from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest

from devtools import browser as bt

sys.path.insert(0, str(bt.ROOT / "tests" / "peers"))
from peer_net import Sent
from test_privacy import _revealed_before, leaks

GUESTS = ("Mette", "Kaj")
NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"
WS_DOWN = "WebSocket connection to"  # Chromium's console line while the relay is away

COMMON = """
import asyncio, hashlib, json, random
from engine.snyd import Bid, Rules, Table, raises

def choose(view, rng):
    rules = Rules.from_dict(view["rules"])
    current = view["current_bid"]
    bid = None if current is None else Bid(current["quantity"], current["face"])
    options = raises(bid, rules, view["max_quantity"])
    if view["can_call"] and (not options or rng.random() < 0.35):
        return {"type": "call"}
    pick = rng.choice(options[:6])
    return {"type": "bid", "quantity": pick.quantity, "face": pick.face}

def digest(view):
    return None if view is None else hashlib.sha256(
        json.dumps(view, sort_keys=True).encode()).hexdigest()

async def _ticker(*tickers):
    while True:
        await asyncio.sleep(0.25)
        for tick in tickers:
            tick()
"""

HOST = COMMON + """
from app.friends.core.host import HostRoom
from app.friends.wire.links import HostLinks, new_link

LINK = new_link() if LINK_IN is None else LINK_IN
if SAVED_IN is None:
    room, table = HostRoom("Vært"), None
else:  # the host's page reloaded: the table and the room come back from its save
    table = Table.replay(SAVED_IN["players"], Rules(dice_per_player=2), SAVED_IN["log"])
    room = HostRoom.from_dict(SAVED_IN["room"], table)
links = HostLinks.from_link(room, LINK)
sent = []        # every frame to a guest: text, path, and the table's secrets at that moment
arrived = []     # every peer-protocol frame from a guest: (path, text)
_sender, _receive = links._sender, links._receive

def _recording_sender(peer):
    send = _sender(peer)
    def put(text):
        t = table
        sent.append({"text": text, "via": links.via(peer), "phase": t.phase if t else None,
                     "hands": {p: list(h) for p, h in t.hands.items()} if t else {}})
        send(text)
    return put

def _recording_receive(peer, text, via):
    arrived.append((via, text if isinstance(text, str) else "?"))
    _receive(peer, text, via)

links._sender, links._receive = _recording_sender, _recording_receive
links.start()
_task = asyncio.ensure_future(_ticker(room.tick, links.tick))

def save():
    return {"players": list(table.players), "log": table.log, "room": room.to_dict()}

def lobby():
    return {"ready": links.relay.state == "open", "seats": room.lobby()}

def begin(seed):
    global table
    table = Table([s["player"] for s in room.lobby()], Rules(dice_per_player=2), seed=seed)
    table.deal()
    room.start(table)

def state():
    return {"phase": table.phase, "turn": table.turn, "events": len(table.events),
            "reveals": sum(1 for e in table.events if e["type"] == "reveal"),
            "digests": {s["player"]: digest(table.view(s["player"])) for s in room.lobby()},
            "relay": links.relay.state, "reconnects": links.relay.reconnects,
            "paths": {p: links.via(p) for p in links.paths}}

def host_move(rng):
    if table.phase in ("reveal", "game_over"):
        table.deal()
    else:
        table.act("Vært", choose(table.view("Vært"), rng))
    room.table_changed()
"""

GUEST = COMMON + """
from app.friends.core.guest import GuestSession
from app.friends.wire.links import GuestLinks, SessionEndpoint

session = GuestSession(NAME)
endpoint = SessionEndpoint(session)
links = GuestLinks(endpoint, ROOM)
got = []         # every peer-protocol frame from the host: (path, text)
_receive = links._receive

def _recording_receive(text, via):
    got.append((via, text if isinstance(text, str) else "?"))
    _receive(text, via)

links._receive = _recording_receive
links.start()
_task = asyncio.ensure_future(_ticker(endpoint.tick, links.tick))

def state():
    return {"seat": session.seat, "digest": digest(session.view()), "path": links.path,
            "pending": session.pending, "error": session.error, "closed": session.closed,
            "bad": session.bad_frames + links.bad_frames, "received": links.received,
            "fallbacks": links.fallbacks, "reconnects": links.relay.reconnects,
            "relay": links.relay.state}

def guest_move(rng):
    view = session.view()
    assert view is not None and view["turn"] == session.seat, (view or {}).get("turn")
    endpoint.act(choose(view, rng))
"""


def py(page: Any, code: str) -> Any:
    return bt.run_in_pyodide(page, code)


def wait_until(what: Callable[[], Any], timeout_s: float = 20.0, step_s: float = 0.1,
               message: str = "") -> Any:
    deadline = time.monotonic() + timeout_s
    while True:
        value = what()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out: {message}")
        time.sleep(step_s)


class Evening:
    """A host page and two guest pages at one table."""

    def __init__(self, host_context: Any, guest_contexts: list[Any], url: str) -> None:
        self.host = bt.pyodide_page(host_context, url)
        self.url = url
        self.sent_before: list[dict[str, Any]] = []  # frames sent by earlier host pages
        py(self.host, "LINK_IN = SAVED_IN = None\n" + HOST + "\nLINK")
        self.link = py(self.host, "LINK")
        self.guests: dict[str, Any] = {}
        for name, context in zip(GUESTS, guest_contexts, strict=True):
            page = bt.pyodide_page(context, url)
            py(page, f"NAME = {name!r}\nROOM = {self.link['relay_room']!r}\n" + GUEST + "\n0")
            self.guests[name] = page
        wait_until(lambda: [s["connection"] for s in py(self.host, "lobby()")["seats"]]
                   == ["connected"] * 3, message="both guests seated")
        py(self.host, "begin(11)\n0")
        self.rng_step = 0
        self.synced()

    def reload_host(self) -> None:
        """The host's page reloads; it comes back from what it saved (its table, room, link)."""
        saved = py(self.host, "save()")
        self.sent_before += py(self.host, "sent")
        self.host.reload()
        self.host.wait_for_function("window.__pyodideReady === true", timeout=120_000)
        py(self.host, f"import json\nLINK_IN = {self.link!r}\n"
                      f"SAVED_IN = json.loads({json.dumps(saved)!r})\n" + HOST + "\n0")

    def host_state(self) -> dict[str, Any]:
        return py(self.host, "state()")

    def guest_state(self, name: str) -> dict[str, Any]:
        return py(self.guests[name], "state()")

    def synced(self, timeout_s: float = 20.0) -> dict[str, Any]:
        """Wait until every guest holds exactly the host table's view of its seat."""
        def check() -> dict[str, Any] | None:
            host = self.host_state()
            for name in GUESTS:
                guest = self.guest_state(name)
                if guest["digest"] != host["digests"][name] or guest["pending"] is not None:
                    return None
            return host
        return wait_until(check, timeout_s, message="guests in sync with the host")

    def move(self) -> dict[str, Any]:
        """Whoever is on turn acts on their own page (the host deals); all sync after."""
        host = self.synced()
        self.rng_step += 1
        rng = f"random.Random({self.rng_step})"
        if host["phase"] in ("reveal", "game_over") or host["turn"] == "Vært":
            py(self.host, f"host_move({rng})\n0")
        else:
            py(self.guests[host["turn"]], f"guest_move({rng})\n0")
        return self.synced()

    def play_until_reveals(self, reveals: int, max_moves: int = 80) -> dict[str, Any]:
        state = self.host_state()
        for _ in range(max_moves):
            if state["reveals"] >= reveals:
                return state
            state = self.move()
        raise AssertionError(f"{reveals} reveals not reached in {max_moves} moves")

    def check_privacy(self) -> dict[str, dict[str, int]]:
        """No guest got another seat's dice before the reveal, on either path; every frame a
        guest got is one the host sent. Returns how many frames each guest got by path."""
        sent = self.sent_before + py(self.host, "sent")
        reveals = py(self.host, '[e["hands"] for e in table.events if e["type"] == "reveal"]')
        by_text = {s["text"]: Sent(s["text"], s["phase"], s["hands"]) for s in sent}
        paths = {}
        for name, page in self.guests.items():
            got = py(page, "got")
            assert got, name
            counted = {"webrtc": 0, "relay": 0}
            for via, text in got:
                assert text in by_text, f"{name} got a frame the host never sent: {text[:80]}"
                record = by_text[text]
                assert leaks(record, name, _revealed_before(reveals, record)) == [], name
                counted[via] += 1
            paths[name] = counted
        return paths


def stop(server: bt.Server) -> None:
    """Stop the relay mid-game: its WebSockets close at aiohttp's on_shutdown (rooms.py), so
    the stop does not sit out the graceful-shutdown wait."""
    server.stop()


@pytest.fixture
def evening(contexts: Callable[..., Any], server: str) -> Callable[..., Evening]:
    def make(webrtc_in_guests: bool = True) -> Evening:
        guests = []
        for _ in GUESTS:
            context = contexts("phone")
            if not webrtc_in_guests:
                context.add_init_script(NO_WEBRTC)
            guests.append(context)
        return Evening(contexts("phone"), guests, server)
    return make


def test_a_game_over_webrtc_data_channels(evening: Callable[..., Evening]) -> None:
    table = evening()
    wait_until(lambda: all(table.guest_state(n)["path"] == "webrtc" for n in GUESTS),
               message="data channels open")
    before = {n: table.guest_state(n)["received"] for n in GUESTS}
    host = table.play_until_reveals(3)
    assert set(host["paths"].values()) == {"webrtc"}
    for name in GUESTS:
        guest = table.guest_state(name)
        assert guest["path"] == "webrtc" and guest["bad"] == 0 and guest["fallbacks"] == 0
        # Once the channel is open, everything the host sends comes over it.
        assert guest["received"]["webrtc"] - before[name]["webrtc"] >= 10, guest
        assert guest["received"]["relay"] == before[name]["relay"], guest
    arrived = py(table.host, "arrived")
    assert sum(1 for via, text in arrived if via == "webrtc" and '"t":"act"' in text) >= 3
    paths = table.check_privacy()
    assert all(p["webrtc"] > 0 for p in paths.values()), paths


def test_the_same_game_through_the_relay_when_guests_have_no_webrtc(
        evening: Callable[..., Evening]) -> None:
    table = evening(webrtc_in_guests=False)
    host = table.play_until_reveals(1)
    # Kaj's phone sends junk through the relay: signalling and peer frames, broken and forged.
    py(table.guests["Kaj"], """
for junk in ['{"rtc":"offer","sdp":""}', '{"rtc":' + '[' * 200, 'not json', '{"rtc":"bye"}',
             '{"v":1,"t":"act","id":99,"action":{"type":"call"},"player":"Mette"}',
             '{"v":1,"t":"act","id":1,"action":{"type":"bid","quantity":1,"face":2}}']:
    links.relay.send(junk)
0""")
    wait_until(lambda: py(table.host, "links.bad_signals") == 3, message="junk signals counted")
    assert table.host_state()["events"] == host["events"]  # nothing moved
    table.play_until_reveals(3)
    for name in GUESTS:
        guest = table.guest_state(name)
        assert guest["path"] == "relay" and guest["bad"] == 0, guest
        assert guest["received"]["webrtc"] == 0 and guest["received"]["relay"] >= 10, guest
    arrived = py(table.host, "arrived")
    assert arrived and {via for via, _ in arrived} == {"relay"}
    paths = table.check_privacy()
    assert all(p["webrtc"] == 0 and p["relay"] > 0 for p in paths.values()), paths


def test_a_dropped_data_channel_falls_back_to_the_relay_without_losing_a_move(
        evening: Callable[..., Evening]) -> None:
    table = evening()
    wait_until(lambda: all(table.guest_state(n)["path"] == "webrtc" for n in GUESTS),
               message="data channels open")
    host = table.synced()
    while host["phase"] != "bidding" or host["turn"] != "Mette":
        host = table.move()
    events = host["events"]
    # Mette's move leaves on her data channel, which swallows it and then dies.
    peer = py(table.host, "[p for p, path in links.paths.items() "
                          "if room._channels[p].seat and room._channels[p].seat.player == "
                          "'Mette'][0]")
    py(table.host, f"rtc = links.paths[{peer!r}].rtc\nrtc.on_message = lambda text: None\n0")
    py(table.guests["Mette"], "guest_move(random.Random(99))\nsession.pending['id']")
    assert py(table.guests["Mette"], "links.rtc.sent") > 0
    py(table.host, f"links.paths[{peer!r}].rtc.close()\n0")
    host = table.synced()
    assert host["events"] > events, "Mette's move was lost with her data channel"
    assert py(table.host, "table.events[" + str(events) + "]['player']") == "Mette"
    mette = table.guest_state("Mette")
    assert mette["fallbacks"] == 1 and mette["error"] is None, mette
    # The move arrived through the relay (the data channel had swallowed it).
    acts = [via for via, text in py(table.host, "arrived") if '"t":"act"' in text
            and '"id":' in text]
    assert acts[-1] == "relay", acts
    # And play goes on (on the relay or on a new data channel).
    table.play_until_reveals(host["reveals"] + 1)
    table.check_privacy()


def test_the_host_reloads_and_the_guests_come_back_by_themselves(
        evening: Callable[..., Evening]) -> None:
    table = evening()
    wait_until(lambda: all(table.guest_state(n)["path"] == "webrtc" for n in GUESTS),
               message="data channels open")
    host = table.play_until_reveals(1)
    table.move()
    host = table.move()
    table.reload_host()
    after = table.synced(timeout_s=30)  # every guest back in its seat, with the same table
    assert after["events"] == host["events"]
    assert [table.guest_state(n)["seat"] for n in GUESTS] == list(GUESTS)
    wait_until(lambda: all(table.guest_state(n)["path"] == "webrtc" for n in GUESTS),
               message="new data channels to the reloaded host")
    host = table.play_until_reveals(after["reveals"] + 1)
    assert host["events"] > after["events"]
    assert all(table.guest_state(n)["error"] is None for n in GUESTS)
    table.check_privacy()


def test_a_big_page_of_the_history_passes_the_relay(evening: Callable[..., Evening]) -> None:
    # A full view travels in pages of up to 64 KiB (protocol.HOST_FRAME_MAX); the relay path
    # wraps each as a JSON string, where every quote is escaped.
    table = evening(webrtc_in_guests=False)
    size = py(table.host, """
from app.friends.core.protocol import HOST_FRAME_MAX, encode
event = {"type": "bid", "player": "Mette", "quantity": 3, "face": 5}
n = 1
while len(encode("update", seq=1, base=0, events=[event] * (n * 2), view={}, last_act=0,
                 more=True)) <= HOST_FRAME_MAX:
    n *= 2
lo, hi = n, n * 2
while hi - lo > 1:
    mid = (lo + hi) // 2
    ok = len(encode("update", seq=1, base=0, events=[event] * mid, view={}, last_act=0,
                    more=True)) <= HOST_FRAME_MAX
    lo, hi = (mid, hi) if ok else (lo, mid)
big = encode("update", seq=1, base=0, events=[event] * lo, view={}, last_act=0, more=True)
peer = [p for p in links.paths if room._channels[p].seat.player == "Mette"][0]
links.relay.send(big, to=peer)
len(big)""")
    assert 60 * 1024 < size <= 64 * 1024
    wait_until(lambda: py(table.guests["Mette"], f"any(len(t) == {size} for _, t in got)"),
               timeout_s=10, message="the big page arrived")
    assert py(table.host, "links.relay.state") == "open"


@pytest.mark.parametrize("webrtc", [False, True], ids=["relay-only", "webrtc"])
def test_play_goes_on_after_the_relay_restarts_mid_game(browser: Any, pw: Any,
                                                        webrtc: bool) -> None:
    server = bt.start_server()
    port = server.port
    watches = []
    made = []
    try:
        def context(webrtc: bool) -> Any:
            c = bt.phone_context(browser, pw)
            if not webrtc:
                c.add_init_script(NO_WEBRTC)
            w = bt.watch(c, server.origin)
            w.allowed_errors.append(WS_DOWN)
            watches.append(w)
            made.append(c)
            return c
        table = Evening(context(True), [context(webrtc), context(webrtc)], server.url)
        if webrtc:  # the data channels outlive the relay; signalling needs it back
            wait_until(lambda: all(table.guest_state(n)["path"] == "webrtc" for n in GUESTS),
                       message="data channels open")
        host = table.move()
        host = table.move()
        events = host["events"]
        stop(server)
        wait_until(lambda: all(table.guest_state(n)["relay"] != "open" for n in GUESTS),
                   message="guests see the relay gone")
        if webrtc:  # meanwhile the table plays on over the data channels
            host = table.move()
            events = host["events"]
        time.sleep(1.0)
        server = bt.start_server(port=port)
        wait_until(lambda: table.host_state()["relay"] == "open"
                   and all(table.guest_state(n)["relay"] == "open" for n in GUESTS),
                   timeout_s=30, message="links reconnected by themselves")
        host = table.synced(timeout_s=30)
        assert host["events"] == events  # nothing lost, nothing doubled
        assert host["reconnects"] >= 1
        assert all(table.guest_state(n)["reconnects"] >= 1 for n in GUESTS)
        host = table.play_until_reveals(host["reveals"] + 2)
        assert host["events"] > events
        if webrtc:
            wait_until(lambda: all(table.guest_state(n)["path"] == "webrtc" for n in GUESTS),
                       message="data channels again")
        table.check_privacy()
    finally:
        for c in made:
            c.close()
        if not server.stopped:
            stop(server)
    problems = [p for w in watches for p in w.problems()]
    assert not problems, "\n".join(problems)
