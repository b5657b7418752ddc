"""The host hands a guest's seat to a stand-in regular at once, and gives it back (issue 16):
Snyd's HostTable and Bakke's and Treere's HostGameTable, through frames only (table_net's
in-memory wire). The stand-in plays that seat's turns from the next tick, whatever its phone
does; the table says so on every phone; the guest's own phone cannot move the seat meanwhile;
given back, the seat is the phone's again; a reload of the host keeps the hand.

Also the host's table ticked off its screen (``tick_unseen``): a regular whose turn it is
moves, so the table never waits for the host's screen."""
from __future__ import annotations

import json
import random

import pytest
from app.friends.core.host_seats import COVER_GRACE_S, given_back_line, handed_line
from app.friends.core.protocol import ProtocolError, decode_from_host
from app.friends.game_host import HostGameTable
from app.friends.host_table import HostTable
from app.snyd.table_session import CorruptSave
from table_net import Wire
from test_game_peers import seated as game_seated
from test_game_peers import (
    thrown,  # noqa: F401 (the fixture)
    until_turn_of,
)
from test_host_table import play_until_turn_of, play_until_turn_of_without, seated

from engine.errors import IllegalAction
from engine.snyd import Rules

GAMES = ["bakke", "treere"]


def host_lines(host: HostTable) -> list[str]:
    return [line for n in host.news() for line in n.lines]


def phone_lines(wire: Wire, name: str) -> list[str]:
    return [line for n in wire.phones[name].table.news() for line in n.lines]


def moves_of(log: list[dict], player: str) -> list[dict]:
    return [e for e in log if e.get("player") == player and e["type"] in ("bid", "call")]


# ---------- Snyd ----------

@pytest.mark.parametrize("time_limit", [None, 15])
def test_snyd_a_seat_handed_over_is_played_at_once_and_given_back(time_limit):
    wire = seated(Rules(dice_per_player=3, time_limit=time_limit), regular=False)
    host, rng = wire.host, random.Random(5)
    play_until_turn_of(wire, "Kaj", rng)
    for phone in wire.phones.values():
        phone.table.news()  # the evening so far
    host.news()
    assert host.connections()["Kaj"] == "connected"  # any guest seat: the phone is still here
    before = len(host.table.log)
    host.hand_over("Kaj")
    assert host.handed() == {"Kaj"}
    assert handed_line("Kaj") == "En stamgæst spiller for Kaj nu"
    assert handed_line("Kaj") in host_lines(host)  # said on the host's phone at once
    wire.pump()
    wire.tick(1)  # the next tick: no clock to run out, no grace
    played = host.table.log[before]
    assert played["player"] == "Kaj" and played["type"] in ("bid", "call")
    # every guest's phone reads it, with the stand-in's move
    assert handed_line("Kaj") in phone_lines(wire, "Mette")
    assert handed_line("Kaj") in phone_lines(wire, "Kaj")
    # Kaj's own phone cannot move the seat now: the host refuses, the table is unchanged
    play_until_turn_of_without(wire, "Kaj", rng)
    kaj = wire.phones["Kaj"].table
    log = json.dumps(host.table.log)
    # Kaj's phone knows its seat is handed (the view's "handed"): not "Din tur" there
    assert kaj.handed() == {"Kaj"} and wire.phones["Mette"].table.handed() == {"Kaj"}
    assert kaj.next_step() == {"kind": "remote", "player": "Kaj"}
    kaj.act(_any_move(kaj.view()))  # a move sent anyway (a phone of an older version)
    wire.pump()
    assert json.dumps(host.table.log) == log
    assert kaj.guest.error_code == "illegal"
    wire.tick(1)
    assert len(host.table.log) > len(json.loads(log))  # the stand-in played it instead
    # given back: the seat is the phone's again, and the table says so
    host.give_back("Kaj")
    assert host.handed() == set()
    assert given_back_line("Kaj") == "Kaj spiller selv igen"
    assert given_back_line("Kaj") in host_lines(host)
    wire.pump()
    play_until_turn_of(wire, "Kaj", rng)
    assert given_back_line("Kaj") in phone_lines(wire, "Mette")
    assert kaj.handed() == set() and "handed" not in kaj.view()
    n = len(host.table.log)
    wire.tick(COVER_GRACE_S + 1 if time_limit is None else 1)
    assert len(host.table.log) == n  # connected, not handed: nobody plays for Kaj
    assert kaj.next_step() == {"kind": "human", "player": "Kaj"}


def _any_move(view: dict) -> dict:
    from peer_net import choose
    return choose(view, random.Random(0))


def test_snyd_hand_over_refuses_what_it_cannot_do_and_changes_nothing():
    wire = seated(Rules(dice_per_player=3), regular=True)
    host = wire.host
    save = host.to_json()
    for who in ("Vært", "Henning", "Nobody", "", "x" * 10_000):
        with pytest.raises(IllegalAction):
            host.hand_over(who)  # the host's own seat, a regular, no such seat
    with pytest.raises(IllegalAction):
        host.give_back("Mette")  # not handed
    assert host.to_json() == save and host.handed() == set()
    host.hand_over("Mette")
    with pytest.raises(IllegalAction):
        host.hand_over("Mette")  # twice
    assert host.handed() == {"Mette"}


def test_snyd_a_reload_of_the_host_keeps_the_hand_and_a_bad_one_is_refused():
    wire = seated(Rules(dice_per_player=3), regular=False)
    wire.host.hand_over("Mette")
    data = json.loads(wire.host.to_json())
    assert data["handed"] == ["Mette"]
    restored = HostTable.from_dict(data)
    assert restored.handed() == {"Mette"}
    for bad in ("Mette", ["Vært"], ["Nobody"], [["Mette"]], ["Mette", "Kaj", "Mette"]):
        with pytest.raises(CorruptSave):
            HostTable.from_dict({**data, "handed": bad})


def test_snyd_off_its_screen_the_hosts_table_lets_a_regular_move():
    wire = seated(Rules(dice_per_player=3), regular=True)
    host, rng = wire.host, random.Random(2)
    play_until_turn_of(wire, "Henning", rng)
    told = []
    host.on_change = lambda: told.append(1)
    before = len(host.table.log)
    host.tick()  # the screen's tick leaves a regular's move to the screen's pause
    assert len(host.table.log) == before
    host.tick_unseen()
    assert host.table.log[before]["player"] == "Henning" and told


# ---------- Bakke and Treere ----------

@pytest.mark.parametrize("game", GAMES)
def test_a_game_seat_handed_over_is_played_at_once_and_given_back(game, thrown):  # noqa: F811
    wire = game_seated(game, thrown, regular=False)
    host, rng = wire.host, random.Random(4)
    until_turn_of(wire, "Kaj", rng)
    host.news()
    before = len(host.table.log)
    host.hand_over("Kaj")
    assert host.handed() == {"Kaj"}
    wire.tick(1)  # the next tick, the phone still connected
    assert host.table.log[before]["player"] == "Kaj"
    said = [s for e in host.news() for s in host.lines(e)]
    assert ("Kaj", handed_line("Kaj")) in said
    wire.pump()
    mette = wire.guest("Mette")
    assert mette.view()["handed"] == ["Kaj"]
    assert ("Kaj", handed_line("Kaj")) in [s for e in mette.news() for s in mette.lines(e)]
    # the guest's own phone cannot move it meanwhile
    with pytest.raises(IllegalAction):
        host.guest_act("Kaj", {"type": "roll"} if game == "treere" else {"type": "throw"})
    for _ in range(40):  # the stand-in plays Kaj's turns until the others' come
        if host.table.view(None).get("turn") != "Kaj":
            break
        wire.tick(1)
    assert host.table.view(None).get("turn") != "Kaj"
    host.give_back("Kaj")
    assert host.handed() == set()
    wire.pump()  # the guests hear of it at once, not with the next move
    assert "handed" not in wire.phones["Mette"].table.view()
    until_turn_of(wire, "Kaj", rng)
    said = [s for e in host.news() for s in host.lines(e)]
    assert ("Kaj", given_back_line("Kaj")) in said
    n = len(host.table.log)
    wire.tick(COVER_GRACE_S + 1)
    assert len(host.table.log) == n  # Kaj's own phone plays it again
    wire.move(rng)
    assert host.table.log[n]["player"] == "Kaj"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_hand_over_refuses_junk_and_survives_a_reload(game, thrown):  # noqa: F811
    wire = game_seated(game, thrown, regular=True)
    host = wire.host
    for who in ("Vært", "Lis", "Nobody"):
        with pytest.raises(IllegalAction):
            host.hand_over(who)
    with pytest.raises(IllegalAction):
        host.give_back("Kaj")
    host.hand_over("Kaj")
    data = json.loads(host.to_json())
    assert data["handed"] == ["Kaj"]
    assert HostGameTable.from_dict(data).handed() == {"Kaj"}
    for bad in ({"Kaj": 1}, ["Lis"], [None]):
        with pytest.raises(CorruptSave):
            HostGameTable.from_dict({**data, "handed": bad})


@pytest.mark.parametrize("game", GAMES)
def test_off_its_screen_a_game_table_lets_a_regular_move(game, thrown):  # noqa: F811
    wire = game_seated(game, thrown, regular=True)
    host, rng = wire.host, random.Random(3)
    for _ in range(200):
        if host.regular_due():
            break
        wire.move(rng)
    assert host.regular_due() == "Lis"
    before = len(host.table.log)
    host.tick()
    assert len(host.table.log) == before  # the screen paces its regulars
    assert host.tick_unseen()
    assert host.table.log[before]["player"] == "Lis"


def test_a_views_handed_must_be_a_short_list_of_names():
    base = {"v": 1, "t": "update", "seq": 1, "base": 0, "last_act": 0, "more": False,
            "events": [], "view": {"game": "snyd", "me": "Mette"}}
    ok = {**base, "view": {**base["view"], "handed": ["Kaj"]}}
    assert decode_from_host(json.dumps(ok))["view"]["handed"] == ["Kaj"]
    for junk in ([], "Kaj", ["Kaj", "Kaj"], [""], ["x" * 21], [1], ["a"] * 9, {"Kaj": 1}):
        frame = {**base, "view": {**base["view"], "handed": junk}}
        with pytest.raises(ProtocolError):
            decode_from_host(json.dumps(frame))
