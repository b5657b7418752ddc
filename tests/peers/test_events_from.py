"""The host asks the engine only for the events a guest may still need (issue 16).

``HostRoom`` builds each guest's update from ``table.view(seat, events_from=n)``, n being
``Outbox.events_from()`` (the acknowledged count, or what was sent while a long history is
still unacknowledged); the ``Outbox`` takes such a view and sends exactly the update a whole
view would give. The wire is unchanged: no ``events_from`` in any frame. docs/protocol.md
("Sequence numbers"), docs/views.md ("events_from").
"""
from __future__ import annotations

import json
import random
from collections import deque
from types import SimpleNamespace
from typing import Any

import pytest
from app.friends.core.host_seats import RoomTable, SaidRoomTable, open_room
from app.friends.core.view_sync import REPEAT_MAX, Outbox
from app.friends.game_host import HostGameTable
from peer_net import Clock, Net

from engine import bakke, snyd, treere
from engine.snyd import Rules

GUESTS = ["Mette", "Kaj", "Lis"]


class Recording:
    """An engine table whose view() calls are recorded: (player, events_from, events copied)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.calls: list[tuple[str, int | None, int]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.table, name)

    def view(self, player: str, events_from: int | None = None) -> dict[str, Any]:
        v = self.table.view(player, events_from=events_from)
        self.calls.append((player, events_from, len(v["events"])))
        return v


def seated_net(seed: int = 3) -> tuple[Net, Recording]:
    net = Net(rng_seed=seed)
    for name in GUESTS:
        net.open(name)
    table = snyd.Table([s["player"] for s in net.room.lobby()], Rules(dice_per_player=2),
                       seed=seed)
    table.deal()
    recording = Recording(table)
    net.table = table
    net.room.start(recording)
    net.deliver()
    return net, recording


def update_frames(net: Net) -> list[dict[str, Any]]:
    return [json.loads(s.text) for link in net.all_links for s in link.received
            if '"t":"update"' in s.text]


def test_the_host_copies_only_the_events_each_guest_needs_and_the_guests_stay_whole():
    net, recording = seated_net()
    rng = random.Random(3)
    while net.table.game_no < 5:  # a few games' worth of history first
        net.move(rng)
    acked = {s.player: s.outbox.acked for s in net.room.seats if s.kind == "guest"}
    total = len(net.table.events)
    assert total > 80 and set(acked.values()) == {total}  # every guest holds it all
    recording.calls.clear()
    net.move(rng, deliver=False)
    guest_calls = [c for c in recording.calls if c[0] in GUESTS]
    assert sorted(c[0] for c in guest_calls) == sorted(GUESTS)  # one view per guest
    for player, events_from, copied in guest_calls:
        assert events_from == acked[player]  # from what that guest acknowledged
        assert copied == len(net.table.events) - total  # only the change's few new events
    net.deliver()
    for name in GUESTS:  # and what each guest put together is still its whole view
        assert net.links[name].guest.view() == net.table.view(name)
    assert not any("events_from" in f["view"] for f in update_frames(net))  # the wire as before


def test_a_resync_and_a_new_channel_ask_from_the_first_event_again():
    net, recording = seated_net(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        net.move(rng)
    mette = net.links["Mette"]
    recording.calls.clear()
    net.send(mette, json.dumps({"v": 1, "t": "resync", "seq": 0}))
    assert [c[:2] for c in recording.calls] == [("Mette", 0)]
    net.deliver()
    recording.calls.clear()
    again = net.reconnect(mette)  # a reload: the same phone on a new channel
    assert [c[:2] for c in recording.calls if c[0] == "Mette"] == [("Mette", 0)]
    assert again.guest.view() == net.table.view("Mette")


@pytest.mark.parametrize("seed", range(4))
def test_lost_and_reordered_frames_still_end_in_every_guest_holding_its_whole_view(seed):
    net, recording = seated_net(seed=seed)
    rng = random.Random(seed)
    for _ in range(60):
        net.move(rng, drop=0.2, reorder=0.3)
        net.settle()  # timers, pings and resyncs bring everyone back
        for name in GUESTS:
            assert net.links[name].guest.view() == net.table.view(name)
    # Whatever was lost, a view is copied whole only for a fresh start (a resync, a new
    # channel); otherwise from at most REPEAT_MAX events back.
    assert all(events_from is not None for _, events_from, _ in recording.calls)
    assert all(events_from == 0 or copied <= REPEAT_MAX + 20
               for _, events_from, copied in recording.calls)
    assert sum(events_from > 0 for _, events_from, _ in recording.calls) > 100


def whole_and_sliced_outboxes(views: list[dict[str, Any]], acks: list[int | None]):
    """Feed the same views to two outboxes, one whole, one from its events_from(); the
    guest's ack (or None) after each."""
    whole, sliced = Outbox(), Outbox()
    out_whole, out_sliced = [], []
    for view, ack in zip(views, acks):
        n = sliced.events_from()
        part = {**view, "events": view["events"][n:], "events_from": n}
        out_whole.append(whole.updates(view, 0))
        out_sliced.append(sliced.updates(part, 0))
        if ack is not None:
            whole.ack(min(ack, whole.sent))
            sliced.ack(min(ack, sliced.sent))
    return out_whole, out_sliced


def test_the_outbox_sends_the_same_updates_from_a_sliced_view_as_from_a_whole_one():
    t = snyd.Table(["A", "B", "C"], Rules(dice_per_player=2), seed=1)
    rng = random.Random(1)
    views, acks = [], []
    for i in range(400):
        if t.phase != "bidding":
            t.deal()
        else:
            options = snyd.raises(t.current_bid, t.rules, t.cap)
            if t.current_bid is not None and (not options or rng.random() < 0.3):
                t.act(t.turn, {"type": "call"})
            else:
                b = rng.choice(options[:5])
                t.act(t.turn, {"type": "bid", "quantity": b.quantity, "face": b.face})
        views.append(t.view("B"))
        # acks lag, get lost, and now and then a long stretch goes unacknowledged
        acks.append(None if i % 7 == 3 or 150 < i < 160 + REPEAT_MAX
                    else len(t.events) - rng.randint(0, 3))
    out_whole, out_sliced = whole_and_sliced_outboxes(views, acks)
    assert out_sliced == out_whole
    assert any(u and u[0]["base"] > 0 for u in out_sliced)
    assert all("events_from" not in u["view"] for ups in out_sliced for u in ups)


def test_the_outbox_says_where_the_next_update_starts():
    box = Outbox()
    assert box.events_from() == 0
    events = [{"type": "deal"}] * (REPEAT_MAX + 20)
    box.updates({"game": "snyd", "me": "A", "events": events[:10]}, 0)
    assert box.events_from() == 0  # nothing acknowledged yet: the few sent go again
    box.ack(8)
    assert box.events_from() == 8
    box.updates({"game": "snyd", "me": "A", "events": events[8:], "events_from": 8}, 0)
    assert box.events_from() == len(events)  # a long unacknowledged history is not resent
    box.reset()
    assert box.events_from() == 0


def test_the_outbox_refuses_a_view_that_starts_after_what_the_guest_needs():
    box = Outbox()
    box.updates({"game": "snyd", "me": "A", "events": [{"type": "deal"}] * 5}, 0)
    box.ack(3)
    with pytest.raises(ValueError, match="needs 3"):
        box.updates({"game": "snyd", "me": "A", "events": [], "events_from": 5}, 0)


class Host:
    """What the room tables read of a host's table controller."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.said: deque[dict[str, Any]] = deque([{"event": 0, "player": "A", "line": "Skål"}])
        self.absences = SimpleNamespace(handed=set())  # no seat handed to a stand-in

    def guest_act(self, player: str, action: dict[str, Any]) -> Any:
        return self.table.act(player, action)


@pytest.mark.parametrize("game", ["snyd", "bakke", "treere"])
def test_the_room_tables_pass_events_from_on_and_keep_their_said(game):
    names = ["A", "B", "C"]
    if game == "snyd":
        table = snyd.Table(names, Rules(dice_per_player=2), seed=2)
        table.deal()
        table.act(table.turn, {"type": "bid", "quantity": 1, "face": 2})
        room_tables = [RoomTable(Host(table)), SaidRoomTable(Host(table))]
    else:
        table = (bakke.Table(names, seed=2) if game == "bakke" else treere.Table(names, seed=2))
        table.act(table.turn, {"type": "throw_all" if game == "bakke" else "roll"})
        room_tables = [SaidRoomTable(Host(table))]
    n = len(table.events) - 1
    for room_table in room_tables:
        full = room_table.view("B")
        assert room_table.view("B", events_from=n) == {
            **full, "events": full["events"][n:], "events_from": n}
    assert "said" in room_tables[-1].view("B", events_from=n)  # the lines name whole-list indexes


@pytest.mark.parametrize("game", ["bakke", "treere"])
def test_the_game_hosts_tick_copies_no_event_of_the_evening(game):
    """HostGameTable.tick runs every second or so and reads only phase, turn and game_no: a
    whole view per read copied the evening (~0.65 s a tick after 200 Bakke games at 8 seats)."""
    clock = Clock()
    host = HostGameTable.from_lobby(open_room([("Vært", "human"), ("Lis", "regular")],
                                              clock=clock, game=game), seed=4)
    table, rng = host.table, random.Random(4)
    while table.game_no < 4 or table.phase != "over":  # a few games, then one just decided
        if table.phase == "over":
            table.act("Vært", {"type": "new_game"})
        elif game == "bakke":
            kinds = [k for k in table.legal(table.turn) if k not in ("fejl", "new_game")]
            table.act(table.turn, {"type": rng.choice(kinds)})
        elif not table.rolled:
            table.act(table.turn, {"type": "roll"})
        else:
            table.act(table.turn, {"type": "keep", "dice": [0]})
    recording = Recording(table)
    host.table = recording
    for _ in range(3):
        clock.now += 1.0  # within AUTO_DEAL_S: a decided game waits while its verdict is read
        assert host.tick() is False
    assert recording.calls and all(copied == 0 for _, _, copied in recording.calls)
    assert len(table.events) > 50
