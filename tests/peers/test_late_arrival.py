"""A late arrival sits down at the next game (issue 9): HostTable joins a waiting guest into
the engine table between games; the guest's phone swaps the "later game" line for the table."""
from __future__ import annotations

import random

from app.friends.host_table import load_table
from table_net import Wire
from test_host_table import assert_in_step, seated
from test_privacy import leaks

from engine.snyd import Rules


def play_to_game_over(wire: Wire, rng: random.Random) -> None:
    for _ in range(5000):
        if wire.host.view()["phase"] == "game_over":
            return
        wire.move(rng)
    raise AssertionError("the game never ended")


def test_a_late_guest_waits_then_the_next_game_deals_them_a_full_cup():
    wire = seated(Rules(dice_per_player=3), seed=5)
    rng = random.Random(5)
    wire.move(rng)
    late = wire.join("Lis")
    assert late.table.waiting and late.table.view() is None
    play_to_game_over(wire, rng)
    # the game ended: Lis sits down at once (between games), as an ordinary guest seat
    assert not late.table.waiting and late.table.ready
    assert wire.host.table.players[-1] == "Lis"
    assert "Lis" in wire.host.guests and wire.host.connections()["Lis"] == "connected"
    assert {"type": "join", "player": "Lis"} in late.table.view()["events"]
    assert late.table.view()["tally"]["Lis"] == 0
    # the others' phones say who sat down
    lines = [line for n in wire.phones["Mette"].table.news() for line in n.lines]
    assert "Lis sætter sig ved bordet" in lines
    assert_in_step(wire)
    wire.move(rng)  # the host deals the next game
    v = late.table.view()
    assert v["phase"] == "bidding" and "Lis" in v["in_play"]
    assert len(v["my_dice"]) == 3 == v["my_dice_count"]
    assert_in_step(wire)
    # she plays her turns from her own phone
    kinds = set()
    for _ in range(400):
        if wire.host.next_step() == {"kind": "remote", "player": "Lis"}:
            kinds.add("Lis")
        wire.move(rng)
        assert_in_step(wire)
    assert "Lis" in kinds
    assert any(e.get("player") == "Lis" and e["type"] in ("bid", "call", "timeout")
               for e in wire.host.table.log)
    # privacy holds for every phone, the late one included
    reveals = [e["hands"] for e in wire.host.table.events if e["type"] == "reveal"]
    for name, phone in wire.phones.items():
        for sent, shown in zip(phone.received, phone.revealed, strict=True):
            assert leaks(sent, name, reveals[:shown]) == []


def test_a_late_guest_seated_by_the_tick_and_kept_by_the_hosts_save():
    wire = seated(Rules(dice_per_player=2), seed=6, regular=False)
    rng = random.Random(6)
    play_to_game_over(wire, rng)
    late = wire.join("Lis")  # arrives while the verdict is on the table
    assert late.table.waiting
    wire.tick(0.2)  # the host's screen ticks: she sits down without waiting for a deal
    assert not late.table.waiting and late.table.ready
    saved = wire.host.to_json()
    restored = load_table(saved, clock=wire.clock)
    assert restored.table == wire.host.table
    assert restored.guests == wire.host.guests
    assert [s.player for s in restored.room.seats if not s.waiting] == list(
        restored.table.players)


def test_a_guest_arriving_mid_game_is_not_seated_before_it_ends():
    wire = seated(Rules(dice_per_player=3), seed=7)
    rng = random.Random(7)
    wire.move(rng)
    late = wire.join("Lis")
    for _ in range(3):
        wire.tick(1.0)
        if wire.host.view()["phase"] == "game_over":
            break
        assert late.table.waiting and "Lis" not in wire.host.table.players
