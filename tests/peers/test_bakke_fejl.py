"""Bakke's *Fejl* at a table with friends (issue 17): a guest calls a fault against another
guest from their own phone; the accused and everyone else see who called it (the event and its
line reach every phone in its own view); the caller, and nobody else, takes it back until the
next throw; nobody calls one against a regular or in a regular's turn, even with a frame made
by hand around the phone's own checks (the host's engine refuses it, the table unchanged)."""
from __future__ import annotations

from typing import Any

import pytest
from app.bakke.words import event_line
from app.friends.core.host import HostRoom
from app.friends.game_guest import GuestGameTable
from app.friends.game_host import HostGameTable
from table_net import Phone, Wire

from engine.errors import IllegalAction

OPEN = [2, 3, 4, 5, 6, 6]  # the host's first throw: tray 2 3 4 5, the host keeps 2 dice
FAULT = {"type": "fejl", "player": "Kaj", "against": "Mette", "faces": [2, 3, 4, 5]}


class FejlWire(Wire):
    """table_net's wire with a Bakke room and a scripted host's table."""

    def __init__(self, regular: bool) -> None:
        super().__init__()
        self.room = HostRoom("Vært", clock=self.clock, game="bakke")
        if regular:
            self.room.seat_regular("Lis")
        self.join("Mette")
        self.join("Kaj")
        self.host = HostGameTable.from_lobby(self.room, seed=5, dice=OPEN + [6, 2, 3])
        self.pump()
        self.games: dict[str, GuestGameTable] = {}

    def _down(self, phone: Phone, channel: str, text: str) -> None:
        if phone.up and phone.channel == channel:  # (the base wire reads Snyd's cups)
            phone.inbox.append(text)

    def guest(self, name: str) -> GuestGameTable:
        if name not in self.games:
            self.games[name] = GuestGameTable(self.phones[name].table)
        return self.games[name]

    def by_hand(self, name: str, action: dict[str, Any]) -> None:
        """A frame the phone's own checks would not send (a changed app, a hostile peer)."""
        self.clock.now += 3  # past the host's one error per channel per 2 s
        endpoint = self.guest(name).endpoint
        endpoint.put([endpoint.guest.act(action)])
        self.pump()


def test_a_guest_calls_a_fault_the_accused_sees_it_and_the_caller_undoes_it():
    wire = FejlWire(regular=False)
    host = wire.host
    host.act("Vært", {"type": "throw_all"})  # tray 2 3 4 5: Mette's turn
    wire.pump()
    kaj, mette = wire.guest("Kaj"), wire.guest("Mette")
    mette.news(), kaj.news()
    assert kaj.view()["fejl_against"] == ["Vært", "Mette"]
    kaj.act("Kaj", {"type": "fejl", "against": "Mette"})
    wire.pump()
    assert host.table.hands["Mette"] == 10 and host.table.tray == []
    for name in ("Mette", "Kaj"):  # every phone, the accused's first, in its own view
        v = wire.guest(name).view()
        assert v["events"][-1] == FAULT
        assert v["fejl_undo"] == {k: FAULT[k] for k in ("player", "against", "faces")}
    assert host.view("Vært")["events"][-1] == FAULT
    [told] = mette.news()
    assert event_line(told, "Mette") == "Fejl! Kaj dømmer fejl mod dig: du tager fire terninger op"
    assert "undo_fejl" in kaj.view()["legal"] and "undo_fejl" not in mette.view()["legal"]
    with pytest.raises(IllegalAction):
        mette.act("Mette", {"type": "undo_fejl"})  # only the caller: refused on the phone
    wire.by_hand("Mette", {"type": "undo_fejl"})   # and by the host, around the phone
    assert host.table.hands["Mette"] == 10
    kaj.act("Kaj", {"type": "undo_fejl"})
    wire.pump()
    assert host.table.hands["Mette"] == 6 and sorted(host.table.tray) == [2, 3, 4, 5]
    [undone] = mette.news()
    assert undone == {"type": "fejl_undone", "player": "Kaj", "against": "Mette",
                      "faces": [2, 3, 4, 5]}
    assert event_line(undone, "Mette") == (
        "Kaj fortryder fejlen mod dig: fire terninger tilbage i bakken")
    assert mette.view()["hands"]["Mette"] == 6 and mette.view()["fejl_undo"] is None


def test_the_next_throw_closes_a_guests_undo():
    wire = FejlWire(regular=False)
    wire.host.act("Vært", {"type": "throw_all"})
    wire.pump()
    kaj = wire.guest("Kaj")
    kaj.act("Kaj", {"type": "fejl", "against": "Mette"})
    wire.pump()
    wire.guest("Mette").act("Mette", {"type": "throw_all"})  # the emptied tray: Mette throws all
    wire.pump()
    assert kaj.view()["fejl_undo"] is None and "undo_fejl" not in kaj.view()["legal"]
    before = wire.host.table.log
    wire.by_hand("Kaj", {"type": "undo_fejl"})
    assert wire.host.table.log == before


def test_no_fault_against_a_regular_nor_in_its_turn_at_a_table_with_friends():
    wire = FejlWire(regular=True)
    host = wire.host
    assert host.table.players == ("Vært", "Lis", "Mette", "Kaj")
    host.act("Vært", {"type": "throw_all"})  # tray 2 3 4 5: Lis's turn
    wire.pump()
    kaj = wire.guest("Kaj")
    assert kaj.view()["turn"] == "Lis" and kaj.view()["fejl_against"] == []
    before = host.table.log
    wire.by_hand("Kaj", {"type": "fejl", "against": "Mette"})  # in the regular's turn
    wire.by_hand("Kaj", {"type": "fejl", "against": "Lis"})    # against the regular
    assert host.table.log == before and host.table.hands["Lis"] == 6
    host.play_regular()  # Lis throws one: a 6 stays, or a pair goes up; her turn may go on
    wire.pump()
    while host.regular_due():
        host.play_regular()
        wire.pump()
    assert "Lis" not in kaj.view()["fejl_against"]
    wire.by_hand("Kaj", {"type": "fejl", "against": "Lis"})
    assert host.table.hands["Lis"] == host.table.view(None)["hands"]["Lis"]
    assert not any(e["type"] == "fejl" for e in host.table.events)
