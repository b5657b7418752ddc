"""The host's door against hostile and vanished guests (issue 16): what the host answers junk
with, how many seats one channel may take, look-alike names, and how soon a silent guest on its
turn is covered. Purely through HostRoom.receive/tick on the room's injectable clock."""
from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from types import SimpleNamespace

import pytest
from app.friends.core import host as host_module
from app.friends.core.host import ERRORS_PER_S, MAX_CHANNELS, HostRoom
from app.friends.core.protocol import GUEST_FRAME_MAX, encode, name_key, normal_name
from app.friends.wire import links as links_module
from app.friends.wire import relay_link
from app.friends.wire.webrtc import RtcPeer
from peer_net import Clock, Net
from table_net import Wire
from test_game_peers import seated as game_seated
from test_game_peers import until_turn_of
from test_host_table import play_until_turn_of, seated

from engine.snyd import Rules

# What the relay allows one socket (docs/relay.md): the host's answers must stay well below it.
RELAY_FRAMES_PER_S = 50
JUNK = ["", "{", "[]", '{"v":2,"t":"ping","n":1}', '{"v":1,"t":"act","id":1}', "x" * 9000]


def _busiest_second(stamps: list[float]) -> int:
    """The most frames in any one second (a sliding window over the send times)."""
    stamps = sorted(stamps)
    best, lo = 0, 0
    for hi, t in enumerate(stamps):
        while t - stamps[lo] >= 1.0:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


def _room_with_counted_channels(n: int) -> tuple[HostRoom, Clock, dict[str, list[float]]]:
    clock = Clock()
    room = HostRoom("Vært", clock=clock)
    sent: dict[str, list[float]] = {}
    for i in range(n):
        channel = f"junk{i}"
        sent[channel] = []
        assert room.connect(channel, lambda _text, c=channel: sent[c].append(clock.now))
    return room, clock, sent


def test_junk_from_every_channel_the_room_takes_never_trips_the_hosts_own_socket_limit():
    # As many junk senders as the room keeps channels, each at 45 frames/s for 10 s (what the
    # relay lets one guest socket send): the host answers at most one error per channel per
    # ERROR_EVERY_S and ERRORS_PER_S for the whole room, whatever N is.
    room, clock, sent = _room_with_counted_channels(MAX_CHANNELS)
    rng = random.Random(16)
    for _step in range(450):
        clock.now += 1 / 45
        for channel in sent:
            room.receive(channel, rng.choice(JUNK))
    stamps = [t for times in sent.values() for t in times]
    # a bucket's burst plus a second's refill, far under the relay's bound
    assert _busiest_second(stamps) <= 2 * ERRORS_PER_S <= RELAY_FRAMES_PER_S / 5
    for times in sent.values():  # per channel: one error per ERROR_EVERY_S at most
        assert all(b - a >= host_module.ERROR_EVERY_S for a, b in itertools.pairwise(times))
    # every frame not answered is counted: over the channel's rate, or its error not sent
    assert room.dropped["error"] + room.dropped["rate"] >= 450 * MAX_CHANNELS - len(stamps)
    assert room.dropped["error"] > 0 and room.dropped["rate"] > 0
    assert room.seats[1:] == []  # and nothing of it sat down


def test_seated_guests_flooding_pings_get_one_pong_a_second_each():
    net = Net()
    for name in ("Mette", "Kaj", "Lis", "Bo", "Ida", "Ole", "Per"):
        net.open(name)
    out: Counter[str] = Counter()
    for link in net.links.values():
        link.received.clear()
    for _step in range(100):  # 2 s at 50 frames/s from each of 7 seats
        net.clock.now += 0.02
        for link in net.links.values():
            net.send(link, encode("ping", n=1))
    for link in net.links.values():
        out.update(json.loads(s.text)["t"] for s in link.received)
    # 7 seats x (one pong a second for 2 s + one "rate" error): 21, not 1,400.
    assert out["pong"] <= 7 * 3 and out["error"] <= 7
    assert sum(out.values()) <= 2 * 7 * 3


def test_a_channel_holds_one_seat_whatever_names_it_says_hello_with():
    # One socket, 7 hellos with new names: a transport restarts its channel on each hello
    # (links.py: disconnect + connect under the same peer id), which gave 7 waiting seats.
    clock = Clock()
    room = HostRoom("Vært", clock=clock)
    answers: list[dict] = []
    for n, name in enumerate(("Aa", "Bb", "Cc", "Dd", "Ee", "Ff", "Gg")):
        clock.now += 3
        room.disconnect("peer1")
        assert room.connect("peer1", lambda text: answers.append(json.loads(text)))
        room.receive("peer1", encode("hello", name=name, token=None))
        if n == 0:
            assert answers[0]["t"] == "welcome"
    assert [s.player for s in room.seats] == ["Vært", "Aa"]
    refusals = [a["code"] for a in answers if a["t"] == "error"]
    assert refusals == ["already_seated"] * 6
    # Its own seat it gets back with the token, on the same channel as on any other.
    token = answers[0]["token"]
    clock.now += 3
    room.disconnect("peer1")
    room.connect("peer1", lambda text: answers.append(json.loads(text)))
    k = len(answers)
    room.receive("peer1", encode("hello", name="Aa", token=token))
    assert answers[k]["t"] == "welcome" and answers[k]["seat"] == "Aa"
    assert room.connection("Aa")[0] == "connected"


def test_new_seats_are_rate_bounded_per_room():
    clock = Clock()
    room = HostRoom("Vært", clock=clock)
    answers: dict[str, list[dict]] = {}

    def hello(channel: str, name: str) -> dict:
        answers[channel] = []
        room.connect(channel, lambda text: answers[channel].append(json.loads(text)))
        room.receive(channel, encode("hello", name=name, token=None))
        return answers[channel][0]

    # A whole table at once is fine (friends scan the QR code together) ...
    names = ["Mette", "Kaj", "Lis", "Bo", "Ida", "Ole", "Per"]
    assert [hello(f"c{i}", n)["t"] for i, n in enumerate(names)] == ["welcome"] * 7
    # ... but a host removing seats does not open a revolving door: the seats of a room come
    # NEW_SEAT_EVERY_S apart once its burst is spent.
    for name in names:
        room.remove_seat(name)
    got = [hello(f"d{i}", f"Ny{i}") for i in range(5)]
    assert [g["t"] for g in got] == ["welcome"] + ["error"] * 4
    assert {g["code"] for g in got[1:]} == {"rate"}
    clock.now += host_module.NEW_SEAT_EVERY_S
    assert hello("e0", "Senere")["t"] == "welcome"
    assert len(room.seats) == 3


@pytest.mark.parametrize("name", [
    "Кaj",        # Cyrillic capital Ka
    "Kај",        # Cyrillic a and je
    "Κaj",        # Greek capital Kappa
    "KAJ",        # case
    "Ｋａｊ",      # full-width letters (NFKC)
    "𝐊aj",        # mathematical bold K (NFKC)
])
def test_a_name_that_looks_like_a_seated_one_is_taken(name):
    net = Net()
    net.open("Kaj")
    link = net.open(name)
    answer = json.loads(link.received[-1].text)
    assert (answer["t"], answer["code"]) == ("error", "name_taken")
    assert [s["player"] for s in net.room.lobby()] == ["Vært", "Kaj"]


@pytest.mark.parametrize("name", [
    "Ka\u200bj",   # zero-width space
    "Ka\u200dj",   # zero-width joiner
    "\u202eKaj",   # right-to-left override
    "Kaj\u2066",   # left-to-right isolate
    "\ufeffKaj",   # byte order mark
    "Ka\u00a0j",   # a space that is not a space
])
def test_invisible_and_bidi_characters_in_a_name_are_refused(name):
    net = Net()
    link = net.open(name)
    answer = json.loads(link.received[-1].text)
    assert answer["t"] == "error" and answer["code"] in ("bad_field", "bad_name")
    assert len(net.room.seats) == 1


def test_a_guests_name_is_seated_in_its_normal_form():
    net = Net()
    link = net.open("Kaj   Ole")   # inner whitespace collapsed
    assert link.guest.seat == "Kaj Ole"
    link = net.open("Ｌｉｓ")       # full-width letters as plain ones
    assert link.guest.seat == "Lis"
    assert normal_name("Ｍette  Bo") == "Mette Bo" and name_key("МЕТТЕ") == name_key("mette")
    assert name_key("Søren") != name_key("Soren") and name_key("Åse") != name_key("Ase")


def test_a_hello_without_a_token_naming_a_seated_guest_gets_name_taken_not_the_seat():
    net = Net()
    kaj = net.open("Kaj")
    seat_channel = kaj.channel
    thief = net.open("Kaj")  # no token: someone else typing the same name
    answer = json.loads(thief.received[-1].text)
    assert (answer["t"], answer["code"]) == ("error", "name_taken")
    assert thief.guest.seat is None and not any(f.text.startswith('{"v":1,"t":"welcome"')
                                                for f in thief.received)
    assert net.room.seats[1].channel == seat_channel  # the seat stays Kaj's phone's
    assert not any('"t":"bye"' in s.text for s in kaj.received)
    assert net.room.connection("Kaj")[0] == "connected"


# ---------- a vanished guest ----------

def _vanish(wire: Wire, name: str) -> None:
    """The phone goes without a word (browser closed, battery dead, out of range): no close
    reaches the host, its frames just stop."""
    phone = wire.phones[name]
    phone.up = False
    phone.inbox.clear()
    del wire.phones[name]  # its timers stop too


def _seconds_until_played_for(wire: Wire, name: str, step: float = 0.2,
                              limit: float = 60) -> float:
    host = wire.host
    before = len(host.table.log)
    waited = 0.0
    while waited < limit:
        wire.tick(step)  # the screens tick every 200 ms (Bakke's and Treere's every second)
        waited += step
        if len(host.table.log) > before:
            assert host.table.log[before]["player"] == name
            return waited
    raise AssertionError(f"nobody played for {name} in {limit} s")


@pytest.mark.parametrize("step", [0.2, 1.0])
def test_a_guest_gone_on_its_turn_is_covered_within_10_s_without_a_clock(step):
    wire = seated(Rules(dice_per_player=3), regular=False)
    play_until_turn_of(wire, "Kaj", random.Random(5))
    _vanish(wire, "Kaj")
    waited = _seconds_until_played_for(wire, "Kaj", step)
    assert waited <= 10.0 + 1e-9
    assert wire.host.connections()["Kaj"] == "away"
    assert wire.host.connections()["Mette"] == "connected"


def test_a_guest_gone_on_its_turn_is_covered_when_its_clock_runs_out():
    wire = seated(Rules(dice_per_player=3, time_limit=15), regular=False)
    play_until_turn_of(wire, "Kaj", random.Random(5))
    remaining = wire.host.tick()["remaining"]
    _vanish(wire, "Kaj")
    waited = _seconds_until_played_for(wire, "Kaj")
    assert waited <= remaining + 0.5
    played = wire.host.table.log[-1]
    assert played["type"] in ("bid", "call")  # a stand-in's move, not the clock's timeout
    assert wire.host.connections()["Kaj"] == "away"


def test_live_guests_stay_connected_through_a_long_quiet_spell():
    # Nobody moves for a minute: the host pings quiet channels and live phones answer, so no
    # badge flickers to "genforbinder" (nor for a host whose ticks came late: one 10 s jump).
    wire = seated(Rules(dice_per_player=3), regular=False)
    play_until_turn_of(wire, "Vært", random.Random(5))
    seen = set()
    for _ in range(300):
        wire.tick(0.2)
        seen.update(wire.host.connections().values())
    wire.tick(10)
    wire.tick(0.2)
    seen.update(wire.host.connections().values())
    assert seen == {"connected"}


def test_the_dead_channel_closing_late_does_not_undo_away():
    # The silence made the seat "away" (a stand-in covers it); the data channel's own close
    # comes ~30 s later and must not start the seat's waiting over as "reconnecting".
    wire = seated(Rules(dice_per_player=3), regular=False)
    channel = wire.phones["Kaj"].channel
    _vanish(wire, "Kaj")
    for _ in range(60):
        wire.tick(0.2)
    state, since = wire.room.connection("Kaj")
    assert state == "away"
    wire.room.disconnect(channel)
    assert wire.room.connection("Kaj") == (state, since)


# ---------- the door: the transports' side, before anything is parsed ----------

class _Spy:
    """Wraps a function and counts its calls."""

    def __init__(self, fn):
        self.fn, self.calls = fn, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.fn(*args, **kwargs)


def _host_links(monkeypatch) -> tuple[links_module.HostLinks, Clock, list[str], object]:
    clock = Clock()
    room = HostRoom("Vært", clock=clock)
    links = links_module.HostLinks(room, "room1", "k" * 22, webrtc=False, clock=clock)
    out: list[str] = []
    monkeypatch.setattr(links.relay, "send", lambda data, to=None: out.append(data))
    ws = object()
    links.relay._ws = ws
    links.relay._on_message(ws, SimpleNamespace(
        data='{"op":"ready","peer":"host1","role":"host","host":true}'))
    assert links.relay.state == "open"
    return links, clock, out, ws


def _from(peer: str, data: str) -> SimpleNamespace:
    return SimpleNamespace(data=json.dumps({"op": "from", "peer": peer, "data": data},
                                           separators=(",", ":")))


def test_a_flood_of_large_frames_is_dropped_unread_at_the_hosts_relay_socket(monkeypatch):
    links, clock, out, ws = _host_links(monkeypatch)
    parse = _Spy(relay_link.decode_relay)
    monkeypatch.setattr(relay_link, "decode_relay", parse)
    big = _from("guest1", encode("hello", name="Kaj", token=None)[:-1] + ',"x":"'
                + "y" * 120_000 + '"}')
    for _ in range(45):
        clock.now += 1 / 45
        links.relay._on_message(ws, big)
    assert parse.calls == 0 and links.relay.too_big == 45
    assert out == [] and links.paths == {}  # no answer, not even a channel for that peer
    # a guest's real frame still comes in
    links.relay._on_message(ws, _from("guest1", encode("hello", name="Kaj", token=None)))
    assert parse.calls == 1 and json.loads(out[0])["t"] == "welcome"


def test_a_guests_frame_over_its_size_is_dropped_at_the_door_before_the_room(monkeypatch):
    links, _clock, out, ws = _host_links(monkeypatch)
    receive = _Spy(links.room.receive)
    monkeypatch.setattr(links.room, "receive", receive)
    # under the relay socket's bound, over any guest frame's: the room never reads it
    frame = encode("ping", n=1)[:-1] + ',"pad":"' + "z" * GUEST_FRAME_MAX + '"}'
    links.relay._on_message(ws, _from("guest1", frame))
    assert links.dropped["too_big"] == 1 and receive.calls == 0 and out == []


def test_the_door_bounds_each_guests_rate_before_parsing(monkeypatch):
    links, clock, out, ws = _host_links(monkeypatch)
    receive = _Spy(links.room.receive)
    monkeypatch.setattr(links.room, "receive", receive)
    for _ in range(200):  # one instant: the bucket's burst, the rest dropped
        links.relay._on_message(ws, _from("guest1", "junk"))
    assert receive.calls == links_module.DOOR_BURST
    assert links.dropped["rate"] == 200 - links_module.DOOR_BURST
    clock.now += 1
    links.relay._on_message(ws, _from("guest1", "junk"))
    assert receive.calls == links_module.DOOR_BURST + 1  # a second later it may speak again
    # the room answered the junk it read within its own bounds, nothing more
    assert len(out) <= 2


def test_a_data_channel_drops_binary_and_oversize_messages_unread():
    got: list[object] = []
    rtc = RtcPeer(False, lambda _s: None, on_open=lambda: None, on_message=got.append,
                  on_close=lambda: None, frame_max=GUEST_FRAME_MAX)
    rtc.state = "open"
    binary = SimpleNamespace()  # an ArrayBuffer's JsProxy: never copied out as text
    for data in (binary, "x" * (GUEST_FRAME_MAX + 1), encode("ping", n=1)):
        rtc._on_message(SimpleNamespace(data=data))
    assert got == [encode("ping", n=1)] and rtc.too_big == 2


@pytest.mark.parametrize("game", ["bakke", "treere"])
def test_a_bakke_or_treere_guest_gone_on_its_turn_is_covered_within_10_s(game):
    wire = game_seated(game, [], regular=False)  # (no record of the dice thrown needed)
    until_turn_of(wire, "Kaj", random.Random(4))
    _vanish(wire, "Kaj")
    before = len(wire.host.table.log)
    waited = 0.0
    while len(wire.host.table.log) == before:
        wire.tick(1.0)  # share_screen.py ticks these tables every second
        waited += 1.0
        assert waited <= 10.0, "nobody played for Kaj within 10 s"
    assert wire.host.table.log[before]["player"] == "Kaj"
