"""The transports' own frames, checked in CPython: what the relay sends a phone, the WebRTC
signalling inside the relay's `data`, the reconnect backoff and the Danish close reasons.
(The transports themselves run in tests/browser/test_peer_transport.py.)"""
from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest
from app.friends.core.protocol import ProtocolError, encode
from app.friends.wire.relay_link import (
    BACKOFF_CAP_S,
    RELAY_FRAME_MAX,
    backoff,
    close_reason,
    decode_relay,
    relay_url,
)
from app.friends.wire.webrtc import SIGNAL_MAX, decode_signal, encode_signal, is_signal


def test_every_relay_op_is_read_with_exactly_its_fields():
    assert decode_relay('{"op":"ready","peer":"abcdEFGH","role":"guest","host":true}')["host"]
    assert decode_relay('{"op":"from","peer":"host","data":"{}"}')["data"] == "{}"
    assert decode_relay('{"op":"joined","peer":"abcdEFGH"}')["peer"] == "abcdEFGH"
    assert decode_relay('{"op":"host","present":false}')["present"] is False
    assert decode_relay('{"op":"pong"}') == {"op": "pong"}


@pytest.mark.parametrize("frame", [
    '{"op":"from","peer":"host"}',                                   # data missing
    '{"op":"from","peer":"host","data":{"v":1}}',                    # data not a string
    '{"op":"from","peer":"host","data":"x","to":"y"}',               # an extra field
    '{"op":"ready","peer":"abcdEFGH","role":"boss","host":true}',    # no such role
    '{"op":"ready","peer":"abcdEFGH","role":"host","host":1}',       # 1 is not a bool
    '{"op":"joined","peer":""}',                                     # empty peer
    '{"op":"joined","peer":"' + "p" * 65 + '"}',                     # peer too long
    '{"op":"teleport"}', '[]', '"op"', "not json", '{"op":"pong","op":"ready"}',
    "[" * 10_000, b'{"op":"pong"}',
])
def test_a_bad_relay_frame_is_refused(frame):
    with pytest.raises(ProtocolError):
        decode_relay(frame)


def test_a_host_page_escaped_into_data_fits_what_a_phone_accepts():
    # The worst case of escaping: every character of a 64 KiB page is a quote.
    page = '"' * (64 * 1024)
    frame = json.dumps({"op": "from", "peer": "host", "data": page}, separators=(",", ":"))
    assert len(frame) <= RELAY_FRAME_MAX
    assert decode_relay(frame)["data"] == page
    with pytest.raises(ProtocolError):
        decode_relay(frame[:-2] + '"' * (RELAY_FRAME_MAX) + '"}')


def test_signalling_round_trips_and_is_told_apart_from_peer_frames():
    offer = encode_signal("offer", sdp="v=0\r\n")
    ice = encode_signal("ice", candidate="candidate:1 1 udp 1 127.0.0.1 5000 typ host",
                        mid="0", index=0)
    assert is_signal(offer) and is_signal(ice)
    assert not is_signal(encode("hello", name="Mette", token=None))
    assert decode_signal(offer) == {"rtc": "offer", "sdp": "v=0\r\n"}
    assert decode_signal(ice)["index"] == 0
    assert decode_signal(encode_signal("ice", candidate="c", mid=None, index=None))["mid"] is None


@pytest.mark.parametrize("frame", [
    encode_signal("offer"),                                          # sdp missing
    encode_signal("offer", sdp=""),                                  # empty sdp
    encode_signal("offer", sdp="x" * (SIGNAL_MAX + 1)),              # too big
    encode_signal("answer", sdp="v=0", type="answer"),               # extra field
    encode_signal("ice", candidate="c", mid="0", index=True),        # bool is not an index
    encode_signal("ice", candidate="c" * 2000, mid="0", index=0),    # candidate too long
    encode_signal("bye"), '{"rtc":' + "[" * 50 + "]" * 50 + "}", '{"rtc":"offer","sdp":NaN}',
])
def test_bad_signalling_is_refused(frame):
    with pytest.raises(ProtocolError):
        decode_signal(frame)


def test_backoff_doubles_to_its_cap_with_jitter():
    low = [backoff(n, lambda: 0.0) for n in range(8)]
    high = [backoff(n, lambda: 1.0) for n in range(8)]
    assert high[:5] == [0.5, 1.0, 2.0, 4.0, 8.0] and high[5:] == [BACKOFF_CAP_S] * 3
    assert low == [h / 2 for h in high]
    rng = random.Random(1)
    spread = {round(backoff(3, rng.random), 3) for _ in range(50)}
    assert len(spread) > 40 and all(2.0 <= s <= 4.0 for s in spread)
    assert backoff(10_000, lambda: 1.0) == BACKOFF_CAP_S


def test_close_codes_read_as_danish_lines():
    assert close_reason(4404) == "Bordet findes ikke"
    assert close_reason(4409) == "Bordet er fuldt"
    assert close_reason(1006) == close_reason(1001) == "Kan ikke nå bordet"


def test_a_host_replaced_by_another_tab_does_not_take_the_room_back():
    from app.friends.wire.relay_link import FINAL, RelayLink

    closed = []
    link = RelayLink("host", "r" * 22, "k" * 22, on_ready=print, on_frame=print,
                     on_presence=print, on_closed=lambda *a: closed.append(a))
    ws = object()
    link._ws, link.state = ws, "open"
    link._on_close(ws, SimpleNamespace(code=4001))
    assert 4001 in FINAL and link.state == "closed"
    assert closed == [(4001, "Bordet er åbnet et andet sted", True)]


def test_the_relay_is_at_the_origin_root_with_the_pages_scheme():
    assert relay_url(SimpleNamespace(protocol="https:", host="bord.dk")) == "wss://bord.dk/ws"
    assert relay_url(SimpleNamespace(protocol="http:", host="127.0.0.1:8080")) == \
        "ws://127.0.0.1:8080/ws"


class _Socket:
    """A relay socket that records what the host's link writes."""

    def __init__(self) -> None:
        self.frames: list[dict] = []

    def send(self, text: str) -> None:
        self.frames.append(json.loads(text))


def _host_links(clock):
    from app.friends.core.host import HostRoom
    from app.friends.wire.links import HostLinks

    room = HostRoom("Vært", clock=clock)
    links = HostLinks(room, "r" * 22, "k" * 22, webrtc=False, clock=clock)
    links.relay.state, links.relay._ws = "open", _Socket()
    return room, links


def test_hellos_restart_a_channel_at_most_once_per_bound():
    from app.friends.wire.links import RESTART_EVERY_S

    now = [100.0]
    room, links = _host_links(lambda: now[0])
    links._presence("peerAAAA", True)
    hello = encode("hello", name="Mette", token=None)
    links._frame("peerAAAA", hello)
    token = next(f for f in links.relay._ws.frames if '"welcome"' in f["data"])
    token = json.loads(token["data"])["token"]
    again = encode("hello", name="Mette", token=token)
    for _ in range(20):  # a flood of hellos: one restart, the rest are refused by the room
        links._frame("peerAAAA", again)
    kinds = [json.loads(f["data"])["t"] for f in links.relay._ws.frames]
    assert kinds.count("welcome") == 1
    assert "error" in kinds
    now[0] += RESTART_EVERY_S  # later, a hello (the guest's data channel dropped) restarts it
    links._frame("peerAAAA", again)
    kinds = [json.loads(f["data"])["t"] for f in links.relay._ws.frames]
    assert kinds.count("welcome") == 2
    assert room.lobby()[1] == {"player": "Mette", "kind": "guest", "connection": "connected",
                               "waiting": False}


def test_the_host_forgets_a_relay_only_channel_when_the_relay_drops():
    now = [100.0]
    room, links = _host_links(lambda: now[0])
    links._presence("peerAAAA", True)
    links._frame("peerAAAA", encode("hello", name="Mette", token=None))
    assert room.connection("Mette")[0] == "connected"
    links._closed(1006, "Kan ikke nå bordet", False)
    assert links.paths == {} and room.connection("Mette")[0] == "reconnecting"
    links._presence("peerBBBB", True)
    links._presence("peerBBBB", False)  # a guest that left: its channel goes too
    assert links.paths == {}


def test_junk_on_every_transport_entry_is_counted_and_changes_nothing():
    from app.friends.core.guest import GuestSession
    from app.friends.wire.links import GuestLinks, SessionEndpoint

    now = [100.0]
    room, links = _host_links(lambda: now[0])
    links._presence("peerAAAA", True)
    links._frame("peerAAAA", encode("hello", name="Mette", token=None))
    before = (room.lobby(), len(links.relay._ws.frames))
    junk = ['{"rtc":"offer","sdp":""}', '{"rtc":' + "[" * 200, '{"rtc":"offer","sdp":"x"}',
            '{"rtc":"ice","candidate":"c","mid":"0","index":-1}', '{"rtc":"bye"}',
            '{"rtc":"offer","sdp":"' + "x" * 20_000 + '"}']
    for data in junk:
        links._frame("peerAAAA", data)
    # the offer too: this host has no WebRTC; the 20 KB one never got past the door's size
    assert links.bad_signals == len(junk) - 1 and links.dropped["too_big"] == 1
    assert (room.lobby(), len(links.relay._ws.frames)) == before  # nothing sent, no one moved

    guest = GuestLinks(SessionEndpoint(GuestSession("Kaj")), "r" * 22, webrtc=False)
    guest._frame("peerBBBB", encode("bye", reason="closed"))  # not from the host: ignored
    for data in junk:
        guest._frame("host", data)
    # All but the well-formed offer (a guest has no use for one: it is ignored) are counted.
    assert guest.bad_frames == 1 + len(junk) - 1 and guest.endpoint.session.closed is None
    for raw in ("[]", '{"op":"from","peer":"host"}', "x" * 200_000, '{"op":"ready"}'):
        guest.relay._on_message(guest.relay._ws, SimpleNamespace(data=raw))
    # the 200 KB one dropped unread for its size, the others read and refused
    assert guest.relay.bad_frames == 3 and guest.relay.too_big == 1
    assert guest.relay.state == "idle"


def test_a_flood_of_candidates_is_bounded_per_connection():
    from app.friends.wire.webrtc import CANDIDATES_MAX, RtcPeer

    rtc = RtcPeer(False, print, lambda: None, print, lambda: None)
    ice = decode_signal(encode_signal("ice", candidate="c", mid="0", index=0))
    for _ in range(10 * CANDIDATES_MAX):
        rtc.signalled(ice)
    assert len(rtc._early) == CANDIDATES_MAX


def test_a_room_still_missing_after_a_few_tries_is_gone_and_the_link_keeps_the_code():
    """4404 after a `ready` is retried (the relay may have restarted, and the host re-creates
    the room), but not for ever: NO_ROOM_TRIES in a row end the link, with the code kept for
    the screen (join_screen's "the table is gone"); a `ready` between them starts the count
    again."""
    import asyncio

    from app.friends.wire.relay_link import NO_ROOM, NO_ROOM_TRIES, RelayLink

    async def go():
        closed = []
        link = RelayLink("guest", "r" * 22, on_ready=print, on_frame=print,
                         on_presence=print, on_closed=lambda *a: closed.append(a))
        link.ever_ready = True

        def close(code):
            ws = object()
            link._ws, link.state = ws, "open"
            link._on_close(ws, SimpleNamespace(code=code))

        for _ in range(NO_ROOM_TRIES - 1):
            close(NO_ROOM)
        assert link.state == "waiting" and link.close_code == NO_ROOM
        close(1006)                                   # another code breaks the run of 4404s
        for _ in range(NO_ROOM_TRIES - 1):
            close(NO_ROOM)
        assert link.state == "waiting"
        close(NO_ROOM)
        assert link.state == "closed" and link.close_code == NO_ROOM
        assert closed[-1][2] is True and [c[2] for c in closed[:-1]] == [False] * (len(closed) - 1)
        if link._timer is not None:
            link._timer.cancel()

    # In a thread of its own: in the whole suite Playwright's sync API owns this thread's loop.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, go()).result(timeout=30)
