"""The host's room with a real engine Table and fake guest channels, purely through messages."""
from __future__ import annotations

import json
import random

import pytest
from app.friends.core import host as host_module
from app.friends.core.host import AWAY_AFTER_S, RATE_BURST, HostRoom
from app.friends.core.protocol import HOST_FRAME_MAX, encode
from peer_net import Net, frames

from engine.errors import IllegalAction
from engine.snyd import Rules, Table

GUESTS = ("Mette", "Kaj", "Lis")


def seated(rules: Rules | None = None, seed: int = 7) -> Net:
    net = Net()
    for name in GUESTS:
        net.open(name)
    net.start(rules or Rules(dice_per_player=3), seed)
    return net


def state(net: Net) -> tuple:
    """Everything the host's table holds that a guest could change: the log and every view."""
    t = net.table
    return json.dumps(t.log), [json.dumps(t.view(p)) for p in t.players]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_games_through_messages_keep_every_guest_view_exact(seed):
    net = seated(Rules(dice_per_player=3), seed)
    rng = random.Random(seed)
    games = 0
    for _ in range(2000):
        net.move(rng)
        for link in net.links.values():
            assert link.guest.view() == net.table.view(link.guest.seat)
            assert link.guest.error is None and link.guest.pending is None
        if net.table.phase == "game_over":
            games += 1
            if games == 3:
                break
    assert games == 3
    kinds = [e["type"] for e in net.table.events]
    assert kinds.count("game_lost") == 3 and "reveal" in kinds
    for link in net.links.values():
        updates = [f for f in frames(link) if f["t"] == "update"]
        # Deltas: after the first full view, each update carries a few events, never the evening.
        assert max(len(u["events"]) for u in updates[1:]) <= 12
        assert all(len(s.text) <= HOST_FRAME_MAX for s in link.received)
        assert all(u["base"] > 0 for u in updates[1:])


def test_a_whole_evening_to_a_lost_completely():
    net = seated(Rules(dice_per_player=2), seed=11)
    rng = random.Random(11)
    for _ in range(20_000):
        net.move(rng)
        if any(e["type"] == "lost_completely" for e in net.table.events):
            break
    assert any(e["type"] == "lost_completely" for e in net.table.events)
    net.settle()
    for link in net.links.values():
        assert link.guest.view() == net.table.view(link.guest.seat)
        assert link.guest.view()["tally"] == net.table.view(net.host)["tally"]


class LowestBids:
    """An 'rng' for peer_net.choose that always makes the lowest raise and never calls."""

    def random(self) -> float:
        return 0.99

    def choice(self, options: list):
        return options[0]


def _on_turn_guest(net: Net):
    rng = random.Random(0)
    while net.table.turn in (None, net.host):
        net.move(rng)
    return net.link_of(net.table.turn)


BID = {"type": "bid", "quantity": 1, "face": 6}

BAD_FRAMES = [
    ("malformed", '{"v":1,"t":"act","id":'),
    ("oversized", encode("act", id=1, action=BID) + " " * 9000),
    ("deeply nested", "[" * 100_000),
    ("deep under the size bound", "[" * 4000),
    ("unknown type", encode("deal")),
    ("wrong field type", encode("act", id="1", action=BID)),
    ("huge int", encode("act", id=10**4000, action=BID)),
    ("bool id", encode("act", id=True, action=BID)),
    ("acting for another seat (player)", encode("act", id=1, action={**BID, "player": "Kaj"})),
    ("acting for another seat (seat)", encode("act", id=1, action=BID, seat="Kaj")),
    ("a timeout from a guest", encode("act", id=1, action={"type": "timeout"})),
    ("bad version", encode("act", id=1, action=BID).replace('"v":1', '"v":99')),
    ("ack beyond what was sent", encode("ack", seq=1, events=10**6)),
    ("second hello", encode("hello", name="Mette", token=None)),
    ("not text", b"\x00\x01"),
]


@pytest.mark.parametrize("why,text", BAD_FRAMES, ids=[b[0] for b in BAD_FRAMES])
def test_bad_input_gets_a_clear_error_to_that_channel_only_and_changes_nothing(why, text):
    net = seated()
    link = _on_turn_guest(net)  # the guest whose turn it is: the most it could break
    before = state(net)
    others = {n: len(o.received) for n, o in net.links.items() if o is not link}
    sent = len(link.received)
    net.send(link, text)
    assert state(net) == before
    answer = [json.loads(s.text) for s in link.received[sent:]]
    assert [m["t"] for m in answer] == ["error"], answer
    assert answer[0]["message"] and answer[0]["code"]
    assert {n: len(o.received) for n, o in net.links.items() if o is not link} == others
    net.deliver()
    assert link.guest.error  # the guest's screen has a Danish line to show


def test_out_of_turn_is_refused_by_the_engine_and_changes_nothing():
    net = seated()
    link = _on_turn_guest(net)
    other = next(o for o in net.links.values() if o is not link)
    before = state(net)
    net.send(other, other.guest.act({"type": "bid", "quantity": 1, "face": 6}))
    assert state(net) == before
    net.deliver()
    assert other.guest.error_code == "illegal" and "tur" in other.guest.error
    assert other.guest.pending is None  # answered: the player may try again


def test_replayed_and_old_action_ids_are_refused_no_double_bid():
    net = seated()
    link = _on_turn_guest(net)
    frame = link.guest.act({"type": "bid", "quantity": 1, "face": 6})
    net.send(link, frame)
    net.deliver()
    assert link.guest.pending is None and link.guest.error is None
    old = json.loads(frame)["id"]
    # The seat's next turn, so that only the id can stop a replay (not the engine's turn check).
    while net.table.turn != link.guest.seat:
        net.move(LowestBids())  # nobody calls: the turn comes round again
    before = state(net)
    sent = len(link.received)
    net.send(link, frame)  # the same frame again: a retry, or a replay on the relay path
    net.clock.now += host_module.ERROR_EVERY_S  # one error per channel this often
    net.send(link, encode("act", id=old, action={"type": "call"}))  # a reused id
    net.clock.now += host_module.ERROR_EVERY_S
    net.send(link, encode("act", id=old - 1, action={"type": "call"})) if old > 1 else None
    assert state(net) == before
    errors = [json.loads(s.text) for s in link.received[sent:]]
    assert {(e["t"], e["code"]) for e in errors} == {("error", "replay")}
    assert len(errors) == (3 if old > 1 else 2)


def test_a_flood_over_the_rate_bound_gets_one_error_and_changes_nothing():
    net = seated()
    link = _on_turn_guest(net)
    net.clock.now += 10  # a rested channel: its bucket is full
    before = state(net)
    sent = len(link.received)
    for n in range(500):  # all at one instant on the room's clock
        net.send(link, encode("ping", n=n))
    answer = [json.loads(s.text) for s in link.received[sent:]]
    # One pong per PONG_EVERY_S, one "rate" error for the burst: the rest is only counted.
    assert [m["t"] for m in answer] == ["pong", "error"]
    assert [m.get("code") for m in answer if m["t"] == "error"] == ["rate"]
    assert net.room.dropped == {"pong": RATE_BURST - 1, "rate": 500 - RATE_BURST}
    # Over the bound even a legal move is dropped, and the table stays as it was.
    net.send(link, link.guest.act({"type": "bid", "quantity": 1, "face": 6}))
    assert state(net) == before
    net.clock.now += 1.0  # a second later the channel may speak again
    net.send(link, encode("ping", n=1))
    assert json.loads(link.received[-1].text)["t"] == "pong"


def test_rejoin_with_the_seat_token_after_a_reload():
    net = seated()
    rng = random.Random(3)
    for _ in range(15):
        net.move(rng)
    old = net.links["Kaj"]
    token, seat = old.guest.token, old.guest.seat
    assert token and len(token) >= 22
    net.room.disconnect(old.channel)
    assert net.room.connection(seat)[0] == "reconnecting"
    net.clock.now += AWAY_AFTER_S
    net.room.tick()
    assert net.room.connection(seat) == ("away", net.clock.now)
    again = net.open("Kaj", token=token)  # a reloaded phone: a new guest object, same token
    assert again.guest.seat == seat and again.guest.view() == net.table.view(seat)
    assert net.room.connection(seat)[0] == "connected"
    assert [s["connection"] for s in again.guest.seats] == ["connected"] * 4
    # The seat's action ids go on from where the host saw them: the first act is accepted.
    while net.table.turn != seat:
        net.move(rng)
    before = len(net.table.events)
    net.send(again, again.guest.act({"type": "call"} if net.table.view(seat)["can_call"]
                                    else {"type": "bid", "quantity": 1, "face": 6}))
    assert len(net.table.events) > before and again.guest.error is None


def test_a_second_channel_with_the_token_replaces_the_first():
    net = seated()
    first = net.links["Lis"]
    second = net.open("Lis", token=first.guest.token)
    assert first.guest.closed == "replaced"
    assert second.guest.seat == "Lis"
    before = state(net)
    sent = len(first.received)
    net.send(first, encode("resync", seq=0))
    assert state(net) == before
    assert json.loads(first.received[sent].text)["code"] == "hello_first"


def test_a_wrong_token_cannot_take_a_seat():
    net = seated()
    lobby = net.room.lobby()
    before = state(net)
    for token in ("A" * 22, net.links["Mette"].guest.token[:-1] + "x"):
        thief = net.open("Mette", token=token)
        assert thief.guest.seat is None and thief.guest.view() is None
        assert thief.guest.error_code == "bad_token"
        assert [json.loads(s.text)["t"] for s in thief.received] == ["error"]
    assert net.room.lobby() == lobby and state(net) == before


def test_messages_before_hello_are_refused():
    room = HostRoom("Vært")
    got = []
    room.connect("c1", got.append)
    room.receive("c1", encode("act", id=1, action={"type": "call"}))
    assert json.loads(got[0])["code"] == "hello_first"


def test_resync_after_a_dropped_update():
    net = seated()
    rng = random.Random(5)
    link = net.links["Mette"]
    net.move(rng)
    # Lose everything the next move sends Mette: nothing later comes to show the gap ...
    net.move(rng, deliver=False)
    assert link.queue
    link.queue.clear()
    net.deliver()
    assert link.guest.view() != net.table.view("Mette")
    # ... but her ping is answered with the host's last seq, and she asks for a full view.
    net.settle()
    assert link.guest.resyncs == 1
    assert link.guest.view() == net.table.view("Mette")


def test_a_long_evening_arrives_in_pages_each_under_the_bound(monkeypatch):
    net = seated(Rules(dice_per_player=2), seed=4)
    rng = random.Random(4)
    for _ in range(300):
        net.move(rng)
    monkeypatch.setattr("app.friends.core.view_sync.HOST_FRAME_MAX", 4096)
    link = net.open("Lis", token=net.links["Lis"].guest.token)
    updates = [f for f in frames(link) if f["t"] == "update"]
    assert len(updates) > 3 and [u["more"] for u in updates] == [True] * (len(updates) - 1) + [False]
    assert all(len(s.text) <= 4096 for s in link.received)
    assert updates[0]["base"] == 0
    assert link.guest.view() == net.table.view("Lis")


# --- the lobby -------------------------------------------------------------------------------

def test_lobby_guests_regulars_removal_and_start():
    net = Net()
    mette, kaj = net.open("Mette"), net.open("Kaj")
    net.room.seat_regular("Henning")
    net.deliver()
    assert [(s["player"], s["kind"]) for s in mette.guest.seats] == [
        ("Vært", "host"), ("Mette", "guest"), ("Kaj", "guest"), ("Henning", "regular")]
    taken = net.open("mette")  # names are unique without regard to case
    assert taken.guest.error_code == "name_taken" and taken.guest.seat is None
    net.room.remove_seat("Kaj")
    net.deliver()
    assert kaj.guest.closed == "removed" and kaj.guest.token is None
    assert [s["player"] for s in mette.guest.seats] == ["Vært", "Mette", "Henning"]
    with pytest.raises(IllegalAction):
        net.room.remove_seat("Vært")
    with pytest.raises(IllegalAction):
        net.room.start(Table(["Vært", "Henning", "Mette"]))  # not the seats' order
    net.table = Table(["Vært", "Mette", "Henning"], Rules(dice_per_player=2), seed=1)
    net.table.deal()
    net.room.start(net.table)
    net.deliver()
    assert mette.guest.started and mette.guest.view() == net.table.view("Mette")
    with pytest.raises(IllegalAction):
        net.room.seat_regular("Grethe")


def test_the_table_holds_at_most_eight():
    net = Net()
    for i in range(7):
        net.open(f"Gæst{i}")
    late = net.open("Ottende")
    assert late.guest.error_code == "table_full" and len(net.room.lobby()) == 8


def test_a_late_arrival_waits_for_a_later_game_and_cannot_act():
    net = seated()
    late = net.open("Grethe")
    assert late.guest.seat == "Grethe" and late.guest.token
    assert late.guest.seats[-1] == {"player": "Grethe", "kind": "guest",
                                    "connection": "connected", "waiting": True}
    assert late.guest.view() is None
    before = state(net)
    net.send(late, late.guest.act({"type": "call"}))
    net.deliver()
    assert late.guest.error_code == "not_playing" and state(net) == before
    net.room.remove_seat("Grethe")  # a waiting seat may go at any time
    assert "Grethe" not in [s["player"] for s in net.room.lobby()]


def test_closing_the_room_says_bye_to_everyone():
    net = seated()
    net.room.close()
    net.deliver()
    assert {link.guest.closed for link in net.links.values()} == {"closed"}
    before = state(net)
    net.send(net.links["Kaj"], encode("ping", n=1))
    assert state(net) == before


def test_channels_are_bounded():
    room = HostRoom("Vært")
    opened = [room.connect(f"c{i}", lambda _t: None) for i in range(host_module.MAX_CHANNELS + 5)]
    assert opened.count(True) == host_module.MAX_CHANNELS


def test_the_host_reloads_and_every_guest_comes_back_to_its_seat():
    net = seated()
    rng = random.Random(8)
    for _ in range(12):
        net.move(rng)
    saved = json.dumps({"room": net.room.to_dict(), "log": net.table.log})
    tokens = {name: link.guest.token for name, link in net.links.items()}
    last_acts = {s.player: s.last_act for s in net.room.seats}
    # The host's page reloads: a new room and table from what its phone stored.
    data = json.loads(saved)
    table = Table.replay(net.table.players, net.table.rules, data["log"])
    room = HostRoom.from_dict(data["room"], table, clock=net.clock)
    assert [s["connection"] for s in room.lobby()] == ["connected"] + ["reconnecting"] * 3
    assert {s.player: s.last_act for s in room.seats} == last_acts
    net.room, net.table = room, table
    for name, token in tokens.items():
        link = net.open(name, token=token)
        assert link.guest.view() == table.view(name)
    assert [s["connection"] for s in room.lobby()] == ["connected"] * 4
    for _ in range(20):  # and the evening goes on, action ids and all
        net.move(rng)
    assert all(link.guest.error is None for link in net.links.values())


@pytest.mark.parametrize("bad", [{}, {"seats": []}, {"seats": "Vært"},
                                 {"seats": [{"player": "Vært", "kind": "guest", "token": None,
                                             "last_act": 0, "waiting": False}]},
                                 {"seats": [{"player": "Vært", "kind": "host", "token": None,
                                             "last_act": 0, "waiting": False},
                                            {"player": "vært", "kind": "guest", "token": None,
                                             "last_act": 0, "waiting": False}]}])
def test_a_broken_room_save_is_a_clear_error(bad):
    with pytest.raises(IllegalAction):
        HostRoom.from_dict(bad)


def test_a_channel_whose_send_fails_does_not_stop_the_others():
    net = Net()
    net.open("Mette")

    def broken(_text: str) -> None:
        raise RuntimeError("InvalidStateError: RTCDataChannel.readyState is not 'open'")

    assert net.room.connect("dead", broken)
    net.room.receive("dead", encode("hello", name="Kaj", token=None))
    net.open("Lis")
    net.start(Rules(dice_per_player=2), seed=1)
    assert net.links["Mette"].guest.view() == net.table.view("Mette")
    assert net.links["Lis"].guest.view() == net.table.view("Lis")


def test_resyncs_are_bounded_so_a_guest_cannot_make_the_host_send_megabytes():
    net = seated()
    link = net.links["Kaj"]
    sent = len(link.received)
    for _ in range(10):
        net.send(link, encode("resync", seq=0))
    answer = [json.loads(s.text) for s in link.received[sent:]]
    assert [m["t"] for m in answer].count("update") == 1
    # One "rate" error (one per channel per ERROR_EVERY_S); the other eight only counted.
    assert [m.get("code") for m in answer if m["t"] == "error"] == ["rate"]
    assert net.room.dropped["error"] == 8
    net.clock.now += host_module.RESYNC_EVERY_S
    net.send(link, encode("resync", seq=0))
    assert json.loads(link.received[-1].text)["t"] == "update"
