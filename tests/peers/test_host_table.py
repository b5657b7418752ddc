"""The table with friends end to end in CPython: a HostTable and GuestTables joined by an
in-memory wire (table_net.py), playing through frames only."""
from __future__ import annotations

import json
import random

import pytest
from app.friends import host_table as host_table_module
from app.friends.core.guest import HOST_SILENT_S
from app.friends.core.host import AWAY_AFTER_S
from app.friends.core.protocol import ProtocolError, decode_from_host, encode
from app.friends.host_table import (
    AUTO_DEAL_S,
    COVER_GRACE_S,
    HostTable,
    away_line,
    back_line,
    load_table,
    open_room,
)
from app.snyd.table_session import CorruptSave, Session
from app.snyd.table_setup import Seat
from peer_net import choose
from table_net import Wire
from test_privacy import leaks

from engine.snyd import IllegalAction, Rules


def seated(rules: Rules, seed: int = 3, regular: bool = True) -> Wire:
    wire = Wire()
    if regular:
        wire.room.seat_regular("Henning")
    wire.join("Mette")
    wire.join("Kaj")
    wire.start(rules, seed)
    return wire


def assert_in_step(wire: Wire) -> None:
    """Every guest phone shows exactly its own seat's view of the host's table."""
    for name, phone in wire.phones.items():
        assert phone.table.view() == wire.host.table.view(name)


def test_a_whole_evening_to_a_lost_completely_through_frames_only():
    wire = seated(Rules(dice_per_player=2), seed=11)
    rng = random.Random(11)
    kinds = set()
    for _ in range(5000):
        kinds.add(wire.move(rng))
        assert_in_step(wire)
        if any(e["type"] == "lost_completely" for e in wire.host.table.events):
            break
    assert any(e["type"] == "lost_completely" for e in wire.host.table.events)
    assert {"human", "regular", "remote", "reveal"} <= kinds  # everyone played, host dealt
    for phone in wire.phones.values():
        v = phone.table.view()
        assert v["tally"] == wire.host.view()["tally"]
        assert any(e["type"] == "lost_completely" for e in v["events"])
        # the guest's phone told the evening as news, with bubbles for its bids
        said = [n for n in phone.table.news() if n.bubble]
        assert said and phone.table.guest.error is None
    # no frame to a phone held another seat's cup before its reveal (the clock field included)
    reveals = [e["hands"] for e in wire.host.table.events if e["type"] == "reveal"]
    for name, phone in wire.phones.items():
        for sent, shown in zip(phone.received, phone.revealed, strict=True):
            assert leaks(sent, name, reveals[:shown]) == []
    # the guests' actions went through the host's table.act for their seats only
    actors = {e["player"] for e in wire.host.table.log if e.get("type") in ("bid", "call")}
    assert {"Mette", "Kaj", "Vært", "Henning"} <= actors


def test_guest_steps_say_whose_turn_it_is_and_the_host_deals():
    wire = seated(Rules(dice_per_player=3), regular=False)
    host, mette = wire.host, wire.phones["Mette"].table
    turn = host.view()["turn"]
    step = mette.next_step()
    assert step == ({"kind": "human", "player": "Mette"} if turn == "Mette"
                    else {"kind": "remote", "player": turn})
    if turn in host.guests:
        assert host.next_step() == {"kind": "remote", "player": turn}
    with pytest.raises(IllegalAction):
        mette.next_round()  # only the host deals


def test_a_guest_cannot_act_out_of_turn_and_the_table_is_unchanged():
    wire = seated(Rules(dice_per_player=3), regular=False)
    host = wire.host
    idle = next(p for p in ("Mette", "Kaj") if host.view()["turn"] != p)
    phone = wire.phones[idle]
    log = json.dumps(host.table.log)
    with pytest.raises(IllegalAction):
        phone.table.act({"type": "call"})  # the phone itself refuses
    # a hand-made frame around the phone's own check: the host refuses it, to that phone only
    wire.to_host.append((phone.channel, encode("act", id=99, action={"type": "call"})))
    wire.pump()
    assert json.dumps(host.table.log) == log
    answer = json.loads(phone.received[-1].text)  # to that phone: the engine's Danish reason
    assert answer["t"] == "error" and answer["code"] == "illegal" and answer["id"] == 99
    # the adapter never plays a non-guest seat, whatever reaches it: not even the host's own
    # legal move on its own turn
    play_until_turn_of(wire, "Vært", random.Random(1))
    log = json.dumps(host.table.log)
    with pytest.raises(IllegalAction):
        host.adapter.act("Vært", choose(host.view(), random.Random(1)))
    assert json.dumps(host.table.log) == log


def play_until_turn_of(wire: Wire, player: str, rng: random.Random) -> None:
    for _ in range(500):
        if wire.host.view()["phase"] == "bidding" and wire.host.view()["turn"] == player:
            return
        wire.move(rng)
    raise AssertionError(f"{player} never had the turn")


@pytest.mark.parametrize("time_limit", [None, 15])
def test_an_away_guest_is_covered_by_a_regular_and_gets_the_seat_back(time_limit):
    wire = seated(Rules(dice_per_player=3, time_limit=time_limit), regular=False)
    host = wire.host
    rng = random.Random(5)
    play_until_turn_of(wire, "Kaj", rng)
    kaj = wire.phones["Kaj"]
    wire.drop(kaj)
    wire.tick(1)
    assert host.connections()["Kaj"] == "reconnecting"
    assert host.view()["turn"] == "Kaj"
    # still "reconnecting": nobody covers yet (with a clock, its timeout acts as today)
    wire.tick(AWAY_AFTER_S - 2)
    if time_limit is None:
        assert host.view()["turn"] == "Kaj"
    play_until_turn_of_without(wire, "Kaj", rng)
    wire.tick(3)
    assert host.connections()["Kaj"] == "away"
    host.news()
    before = len(host.table.log)
    wait = COVER_GRACE_S if time_limit is None else host.tick()["remaining"]
    wire.tick(wait - 1)
    assert host.view()["turn"] == "Kaj" and len(host.table.log) == before  # not yet
    wire.tick(1.5)
    played = host.table.log[before]
    assert played["player"] == "Kaj" and played["type"] in ("bid", "call")  # a regular's move
    assert away_line("Kaj") in [line for n in host.news() for line in n.lines]
    # Kaj's phone comes back: its seat, its view, and the table says so
    wire.open(kaj)
    wire.tick(0.2)
    assert host.connections()["Kaj"] == "connected"
    assert back_line("Kaj") == "Kaj er tilbage ved bordet" and back_line("Kaj") in [line for n in host.news() for line in n.lines]
    assert_in_step(wire)
    play_until_turn_of(wire, "Kaj", rng)
    assert kaj.table.next_step() == {"kind": "human", "player": "Kaj"}
    n = len(host.table.log)
    wire.tick(COVER_GRACE_S + 1 if time_limit is None else 1)
    assert len(host.table.log) == n  # connected again: nobody plays for Kaj


def play_until_turn_of_without(wire: Wire, player: str, rng: random.Random) -> None:
    """Play on (others' turns only) until ``player`` has the turn again, without ticking."""
    for _ in range(500):
        v = wire.host.view()
        if v["phase"] == "bidding" and v["turn"] == player:
            return
        wire.move(rng)
    raise AssertionError(f"{player} never had the turn")


def test_the_host_is_saved_and_restored_mid_round_and_the_guests_resync():
    wire = seated(Rules(dice_per_player=3), seed=8)
    rng = random.Random(8)
    for _ in range(7):
        wire.move(rng)
    play_until_turn_of(wire, "Mette", rng)
    old = wire.host
    old.link = {"relay_room": "r" * 22, "host_key": "k" * 22}
    saved = old.to_json()
    log = json.dumps(old.table.log)
    mette = wire.phones["Mette"]
    # the host's phone reloads: nothing reaches the guests; Mette bids meanwhile
    for p in wire.phones.values():
        wire.drop(p)
    mette.table.act(choose(mette.table.view(), rng))
    wire.clock.now += HOST_SILENT_S + 1
    for p in wire.phones.values():
        p.table.tick()
        assert p.table.waiting_host
        assert p.table.next_step() == {"kind": "waiting_host"}
    restored = load_table(saved, clock=wire.clock)
    assert isinstance(restored, HostTable) and restored.link == old.link
    assert json.dumps(restored.table.log) == log
    assert restored.connections()["Mette"] == "reconnecting"
    wire.rebind(restored)
    for p in wire.phones.values():
        wire.open(p)  # the transport reconnects: hello with the seat token
    wire.tick(0.5)
    assert_in_step(wire)
    assert all(p.table.guest.pending is None for p in wire.phones.values())
    # Mette's bid, made while the host was gone, was resent and counted once
    assert restored.table.log[-1]["player"] == "Mette"
    assert not any(p.table.waiting_host for p in wire.phones.values())
    assert restored.connections() == {p: "connected" for p in restored.table.players}


def test_restore_refuses_a_save_whose_room_does_not_match():
    wire = seated(Rules(dice_per_player=3))
    data = wire.host.to_dict()
    data["room"]["seats"] = [s for s in data["room"]["seats"] if s["player"] != "Kaj"]
    with pytest.raises(CorruptSave):
        load_table(json.dumps(data), clock=wire.clock)
    plain = wire.host.to_dict()
    del plain["room"]  # a host's seats as a one-phone save: guest seats cannot be played here
    with pytest.raises(CorruptSave):
        load_table(json.dumps(plain))


def test_load_table_tells_the_transport_about_a_restored_host(monkeypatch):
    wire = seated(Rules(dice_per_player=3))
    told = []
    monkeypatch.setattr(host_table_module, "on_restore", told.append)
    restored = load_table(wire.host.to_json(), clock=wire.clock)
    assert told == [restored]


def test_a_one_phone_session_has_no_guest_seats():
    with pytest.raises(IllegalAction):
        Session([Seat("Du", "human"), Seat("Mette", "guest")], Rules())
    assert Seat.from_dict({"name": "Mette", "kind": "guest"}) == Seat("Mette", "guest")


def test_the_clock_deadline_agrees_on_every_phone():
    wire = seated(Rules(dice_per_player=3, time_limit=15), seed=4)
    host = wire.host
    rng = random.Random(4)
    compared = 0
    for step in range(30):
        wire.tick(0.7)
        face = host.tick()
        for phone in wire.phones.values():
            theirs = phone.table.tick()
            assert (theirs is None) == (face is None)
            if face is not None:
                assert theirs["player"] == face["player"] == host.view()["turn"]
                assert theirs["remaining"] == pytest.approx(face["remaining"], abs=1e-6)
                assert theirs["seconds"] == face["seconds"]
                compared += 1
        if step % 3 == 2:
            wire.move(rng)
    assert compared >= 20
    while host.tick() is None:  # a turn with its clock running
        wire.move(rng)
    # a phone that reconnects mid-turn gets the same deadline, not a fresh 15 s
    wire.tick(4)
    kaj = wire.phones["Kaj"]
    wire.drop(kaj)
    wire.clock.now += 2
    wire.open(kaj)
    assert kaj.table.tick()["remaining"] == pytest.approx(host.tick()["remaining"], abs=1e-6)
    assert host.tick()["remaining"] < 15 - 5


def test_no_clock_field_without_a_time_limit_and_a_bad_clock_is_refused():
    wire = seated(Rules(dice_per_player=3))
    texts = [s.text for p in wire.phones.values() for s in p.received]
    assert all("clock" not in json.loads(t) for t in texts)
    for p in wire.phones.values():
        assert p.table.tick() is None
    good = {"v": 1, "t": "update", "seq": 3, "base": 0, "events": [], "last_act": 0,
            "more": False, "view": {"game": "snyd", "me": "Mette"}}
    assert decode_from_host(json.dumps({**good, "clock": {"player": "Kaj", "ms": 9000}}))
    for bad in ({"player": "Kaj"}, {"player": "Kaj", "ms": -1}, {"player": "Kaj", "ms": True},
                {"player": "", "ms": 5}, {"player": "Kaj", "ms": 5, "x": 1}, [1]):
        with pytest.raises(ProtocolError):
            decode_from_host(json.dumps({**good, "clock": bad}))


def test_the_table_deals_by_itself_after_a_pause():
    wire = seated(Rules(dice_per_player=3), regular=False)
    rng = random.Random(2)
    for _ in range(500):
        if wire.host.view()["phase"] == "reveal":
            break
        if wire.move(rng) == "reveal":
            break
    assert wire.host.view()["phase"] == "reveal"
    told = []
    wire.host.on_change = lambda: told.append(1)
    wire.tick(AUTO_DEAL_S["reveal"] - 1)
    assert wire.host.view()["phase"] == "reveal"
    wire.tick(1.5)
    assert wire.host.view()["phase"] == "bidding" and told
    assert_in_step(wire)


def test_a_guest_move_redraws_the_hosts_screen():
    wire = seated(Rules(dice_per_player=3), regular=False)
    rng = random.Random(9)
    told = []
    wire.host.on_change = lambda: told.append(wire.host.view()["turn"])
    play_until_turn_of(wire, "Mette", rng)
    told.clear()
    wire.move(rng)
    assert told  # the host's screen is told once Mette's bid is on its table


def test_a_lobby_from_the_set_up_draft():
    room = open_room([Seat(" Ida ", "human"), Seat("Henning", "regular"), Seat("Lis", "regular")])
    assert [(s["player"], s["kind"]) for s in room.lobby()] == [
        ("Ida", "host"), ("Henning", "regular"), ("Lis", "regular")]
    with pytest.raises(IllegalAction):
        open_room([Seat("Ida", "human"), Seat("Bo", "human")])


def test_a_late_arrival_waits_and_has_no_seat_at_the_table():
    wire = seated(Rules(dice_per_player=3), regular=False)
    late = wire.join("Lis")
    assert late.table.waiting and not wire.phones["Mette"].table.waiting
    assert "Lis" not in wire.host.table.players and "Lis" not in wire.host.connections()
    assert late.table.view() is None and not late.table.ready
    assert set(wire.phones["Mette"].table.connections()) == {"Vært", "Mette", "Kaj"}
