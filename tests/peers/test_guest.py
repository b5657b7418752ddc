"""The guest's phone: pending actions, errors in Danish, "Venter på værten", hostile host frames."""
from __future__ import annotations

import json
import random

import pytest
from app.friends.core.guest import HOST_SILENT_S, PING_AFTER_S, GuestSession
from app.friends.core.protocol import encode
from peer_net import Net

from engine.errors import IllegalAction
from engine.snyd import Rules


def seated() -> Net:
    net = Net()
    for name in ("Mette", "Kaj"):
        net.open(name)
    net.start(Rules(dice_per_player=2), seed=2)
    return net


def test_one_action_at_a_time_until_the_host_answers():
    net = seated()
    while net.table.turn in (None, net.host):
        net.move(random.Random(0))
    link = net.link_of(net.table.turn)
    frame = link.guest.act({"type": "bid", "quantity": 1, "face": 6})
    assert link.guest.pending == {"id": 1, "action": {"type": "bid", "quantity": 1, "face": 6}}
    with pytest.raises(IllegalAction):
        link.guest.act({"type": "call"})
    net.send(link, frame)
    net.deliver()
    assert link.guest.pending is None and link.guest.error is None
    assert link.guest.view()["bids"][-1]["player"] == link.guest.seat
    with pytest.raises(IllegalAction):
        link.guest.act({"type": "bid", "quantity": 1, "face": 6, "player": "Kaj"})
    with pytest.raises(IllegalAction):
        link.guest.act({"type": "timeout"})


def test_waiting_for_a_silent_host_and_coming_back():
    net = seated()
    guest = net.links["Mette"].guest
    assert not guest.waiting_host
    net.clock.now += PING_AFTER_S
    [ping] = guest.tick()
    assert json.loads(ping)["t"] == "ping"
    assert guest.tick() == []  # one ping per silent stretch, not one per tick
    net.clock.now += HOST_SILENT_S
    assert guest.waiting_host  # the screen shows "Venter på værten"
    net.send(net.links["Mette"], encode("ping", n=1))
    net.deliver()
    assert not guest.waiting_host


def test_hostile_host_frames_are_ignored_and_counted():
    net = seated()
    link = net.links["Mette"]
    view = link.guest.view()
    kaj_view = {k: v for k, v in net.table.view("Kaj").items() if k != "events"}
    bad = [
        "[" * 100_000,
        "not json",
        encode("update", seq=99, base=0, events=[], view=kaj_view, last_act=0, more=False),
        encode("update", seq=99, base=0, events=[], view={"game": "snyd"}, last_act=0,
               more=False),
        encode("act", id=1, action={"type": "call"}),
    ]
    for text in bad:
        assert link.guest.receive(text) == []
    assert link.guest.bad_frames == len(bad)
    assert link.guest.view() == view and link.guest.seat == "Mette"


def test_a_removed_or_forgotten_seat_drops_its_token():
    guest = GuestSession("Mette", token="T" * 22)
    guest.receive(encode("error", code="bad_token", message="Pladsen findes ikke (x)", id=None))
    # the phone says the code in its own words, not the host's message
    assert guest.token is None and guest.error == "Pladsen findes ikke længere ved bordet"
    net = Net()
    link = net.open("Kaj")
    assert link.guest.token
    net.room.remove_seat("Kaj")
    net.deliver()
    assert link.guest.closed == "removed" and link.guest.token is None


def test_an_older_lobby_never_overwrites_a_newer_one():
    net = Net()
    link = net.open("Mette")
    seats = [{"player": "Vært", "kind": "host", "connection": "connected", "waiting": False}]
    assert link.guest.receive(encode("lobby", seq=1, started=True, seats=seats)) == []
    assert link.guest.seats != seats and not link.guest.started


def _guest_on_turn(net: Net):
    rng = random.Random(0)
    while net.table.turn in (None, net.host):
        net.move(rng)
    return net.link_of(net.table.turn)


def _bids(net: Net) -> int:
    return sum(1 for e in net.table.events if e["type"] == "bid")


def test_an_action_lost_with_its_channel_is_sent_again_on_reconnect():
    net = seated()
    link = _guest_on_turn(net)
    before = _bids(net)
    link.guest.act({"type": "bid", "quantity": 1, "face": 6})  # the frame never arrives
    again = net.reconnect(link)
    assert _bids(net) == before + 1 and again.guest.pending is None
    assert again.guest.error is None and again.guest.view() == net.table.view(again.guest.seat)


def test_an_action_whose_answer_was_lost_is_not_done_twice():
    net = seated()
    link = _guest_on_turn(net)
    before = _bids(net)
    net.send(link, link.guest.act({"type": "bid", "quantity": 1, "face": 6}))
    link.queue.clear()  # the host's answer is lost
    assert _bids(net) == before + 1 and link.guest.pending
    again = net.reconnect(link)  # welcome says the id was taken: nothing is sent again
    assert _bids(net) == before + 1 and again.guest.pending is None and again.guest.error is None
    assert "error" not in [json.loads(s.text)["t"] for s in again.received]  # not even a replay


def test_an_unanswered_action_is_resent_by_tick_and_counts_once():
    net = seated()
    link = _guest_on_turn(net)
    before = _bids(net)
    net.send(link, link.guest.act({"type": "bid", "quantity": 1, "face": 6}))
    link.queue.clear()  # the answer is lost, the channel stays up
    net.clock.now += 5
    resent = [t for t in link.guest.tick() if json.loads(t)["t"] == "act"]
    assert len(resent) == 1
    net.send(link, resent[0])
    net.deliver()
    assert _bids(net) == before + 1
    assert link.guest.pending is None and link.guest.error is None  # "replay" means: done
    net.settle()
    assert link.guest.view() == net.table.view(link.guest.seat)


def test_an_action_dropped_over_the_rate_bound_goes_through_later():
    net = seated()
    link = _guest_on_turn(net)
    before = _bids(net)
    for n in range(40):
        net.send(link, encode("ping", n=n))
    net.send(link, link.guest.act({"type": "bid", "quantity": 1, "face": 6}))
    net.deliver()
    assert _bids(net) == before and link.guest.pending and link.guest.error_code == "rate"
    net.clock.now += 5
    for text in link.guest.tick():
        net.send(link, text)
    net.deliver()
    assert _bids(net) == before + 1 and link.guest.pending is None
