"""Views as deltas: whatever frames are lost or reordered, every guest ends at table.view(seat)."""
from __future__ import annotations

import json
import random

import pytest
from app.friends.core.protocol import encode
from app.friends.core.view_sync import Assembler, Outbox
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from peer_net import Net

from engine.snyd import Rules

GUESTS = ("Mette", "Kaj", "Lis")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), dice=st.integers(1, 3),
       drop=st.sampled_from([0.0, 0.1, 0.3]), reorder=st.sampled_from([0.0, 0.3, 0.8]))
def test_after_every_move_each_guest_view_equals_the_table_view(seed, dice, drop, reorder):
    net = Net(rng_seed=seed)
    for name in GUESTS:
        net.open(name)
    table = net.start(Rules(dice_per_player=dice, hidden_count=seed % 2 == 0), seed)
    rng = random.Random(seed)
    for _ in range(60):
        net.move(rng, drop=drop, reorder=reorder)
        net.settle()  # the lossy part is over: timers, pings and resyncs bring everyone back
        for link in net.links.values():
            assert link.guest.view() == table.view(link.guest.seat)
            assert link.guest.bad_frames == 0


def test_faults_really_exercise_resync():
    # The property above would pass vacuously if drops never forced a resync.
    net = Net(rng_seed=9)
    for name in GUESTS:
        net.open(name)
    table = net.start(Rules(dice_per_player=2), 9)
    rng = random.Random(9)
    for _ in range(80):
        net.move(rng, drop=0.3, reorder=0.5)
        net.settle()
        for link in net.links.values():
            assert link.guest.view() == table.view(link.guest.seat)
    assert sum(link.guest.resyncs for link in net.links.values()) >= 3


def _view(n_events: int, phase: str = "bidding") -> dict:
    return {"game": "snyd", "me": "Mette", "phase": phase,
            "events": [{"type": "bid", "n": i} for i in range(n_events)]}


def test_the_assembler_ignores_stale_frames_and_reports_gaps():
    out, asm = Outbox(), Assembler()
    [first] = out.updates(_view(3), 0)
    assert asm.apply(first) == "applied" and asm.view() == _view(3)
    out.ack(3)
    [second] = out.updates(_view(5, "reveal"), 0)
    [third] = out.updates(_view(6, "reveal"), 0)
    assert second["base"] == third["base"] == 3  # both from the acknowledged count
    assert asm.apply(third) == "applied" and asm.view() == _view(6, "reveal")
    assert asm.apply(second) == "stale" and asm.view() == _view(6, "reveal")  # no roll-back
    out.ack(6)
    [fourth] = out.updates(_view(7), 0)
    lost = Assembler()
    lost.apply(first)
    assert lost.apply(fourth) == "gap" and lost.view() == _view(3)


def test_the_outbox_sends_nothing_when_nothing_changed_and_refuses_false_acks():
    out = Outbox()
    assert len(out.updates(_view(2), 0)) == 1
    assert out.updates(_view(2), 0) == []
    assert len(out.updates(_view(2), 1)) == 1  # an accepted action id is news too
    assert not out.ack(3) and out.acked == 0
    assert out.ack(2) and not out.ack(3)
    assert out.ack(1) and out.acked == 2  # a late ack never moves it back


@pytest.mark.parametrize("bound", [600, 2000])
def test_pages_split_a_long_history_and_reassemble(monkeypatch, bound):
    monkeypatch.setattr("app.friends.core.view_sync.HOST_FRAME_MAX", bound)
    view = _view(300)
    pages = Outbox().updates(view, 0)
    assert len(pages) > 2
    asm = Assembler()
    for page in pages[:-1]:
        assert asm.apply(page) == "applied" and asm.view() is None  # nothing half-shown
    asm.apply(pages[-1])
    assert asm.view() == view


def test_a_change_while_a_long_history_is_unacknowledged_does_not_send_it_all_again():
    out = Outbox()
    [full] = out.updates(_view(1000), 0)  # not acknowledged yet (on its way)
    [small] = out.updates(_view(1003), 0)
    assert small["base"] == 1000 and len(small["events"]) == 3
    asm = Assembler()
    assert asm.apply(full) == "applied" and asm.apply(small) == "applied"
    assert asm.view() == _view(1003)
    lost = Assembler()  # had the long one been lost, the guest sees the gap
    assert lost.apply(small) == "gap"
    out.ack(1003)
    [few] = out.updates(_view(1005), 0)
    assert few["base"] == 1003


def test_a_gap_of_exactly_one_event_asks_a_resync_and_a_base_at_what_is_held_applies():
    out, asm = Outbox(), Assembler()
    [first] = out.updates(_view(3), 0)
    assert asm.apply(first) == "applied"
    one_past = {"seq": first["seq"] + 1, "base": 4, "events": [{"type": "bid", "n": 4}],
                "view": first["view"], "last_act": 0, "more": False}
    assert asm.apply(one_past) == "gap"  # event 3 never arrived: nothing of it is taken
    assert asm.events == _view(3)["events"] and asm.view() == _view(3)
    assert asm.seq == first["seq"]
    out.ack(3)
    [at_held] = out.updates(_view(4), 0)
    assert at_held["base"] == 3  # exactly what the guest holds: it fits
    assert asm.apply(at_held) == "applied" and asm.view() == _view(4)


def test_a_duplicated_newest_frame_is_applied_once():
    out, asm = Outbox(), Assembler()
    [first] = out.updates(_view(3), 0)
    asm.apply(first)
    out.ack(3)
    [newest] = out.updates(_view(5, "reveal"), 0)
    assert asm.apply(newest) == "applied"
    held = list(asm.events)
    assert asm.apply(dict(newest)) == "stale"  # the same seq again (a relay retry, a replay)
    assert asm.events == held == _view(5)["events"] and asm.view() == _view(5, "reveal")


def test_a_guest_answers_a_duplicated_update_once_and_a_one_event_gap_with_a_resync():
    net = Net()
    for name in GUESTS:
        net.open(name)
    table = net.start(Rules(dice_per_player=2), 4)
    rng = random.Random(4)
    for _ in range(5):
        net.move(rng)
    link = net.links["Kaj"]
    guest = link.guest
    last = next(s.text for s in reversed(link.received) if '"t":"update"' in s.text)
    before, acks = guest.view(), guest.receive(last)
    assert acks == [] and guest.view() == before  # no second ack, nothing applied twice
    assert len(guest.view()["events"]) == len(table.view("Kaj")["events"])
    msg = json.loads(last)
    held = len(guest.view()["events"])
    gap = encode("update", **{**{k: v for k, v in msg.items() if k not in ("v", "t")},
                              "seq": guest._sync.seq + 1, "base": held + 1,
                              "events": [{"type": "deal"}]})
    answer = [json.loads(f)["t"] for f in guest.receive(gap)]
    assert answer == ["resync"] and guest.view() == before
