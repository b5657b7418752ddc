"""An open table on the host's phone (issue 21, *De åbne borde*), over the real core modules:
the seat cap (HostRoom.seats_max) and the clear refusal at a full table, the rules every open
table is forced to, what the relay's row says in each state (friends/open_listing.py), and a
hostile saved open table refused on restore (friends/lobby.py, core/host.py)."""
from __future__ import annotations

import json

import pytest
from app.friends import lobby as friends
from app.friends.core.host import HostRoom
from app.friends.core.protocol import encode
from app.friends.core.succession import public_state
from app.friends.open_listing import check_open_table, listing, open_rules
from app.snyd.table_setup import TIME_LIMIT_S

from engine.errors import IllegalAction
from engine.snyd import Rules

LINK = {"relay_room": "AbCdEfGhIjKlMnOpQrSt_-", "host_key": "hostKey_0123456789abcd"}
OPEN = {"ruleset": "Husets regler", "seats": 3, "regulars": True}


def capped_room(seats: int = 3) -> HostRoom:
    room = HostRoom("Bodil", clock=lambda: 100.0)
    room.seats_max = seats
    return room


def hello(room: HostRoom, channel: str, name: str) -> list[dict]:
    sent: list[str] = []
    room.connect(channel, sent.append)
    room.receive(channel, encode("hello", name=name, token=None))
    return [json.loads(f) for f in sent]


# ---------- the seat cap ----------

def test_a_guest_at_a_full_open_table_is_refused_clearly_and_gets_no_seat():
    room = capped_room(3)
    assert hello(room, "a", "Mette")[0]["t"] == "welcome"
    assert hello(room, "b", "Kaj")[0]["t"] == "welcome"
    before = room.lobby()
    refused = hello(room, "c", "Lis")
    assert [f["t"] for f in refused] == ["error"]
    assert refused[0]["code"] == "table_full" and "3" in refused[0]["message"]
    assert room.lobby() == before and len(room.seats) == 3


def test_regulars_the_host_adds_count_toward_the_cap():
    room = capped_room(2)
    room.seat_regular("Henning")
    with pytest.raises(IllegalAction, match="fuldt: 2"):
        room.seat_regular("Grethe")
    assert hello(room, "a", "Mette")[0]["code"] == "table_full"
    assert [s.player for s in room.seats] == ["Bodil", "Henning"]


def test_a_removed_seat_frees_a_place_at_the_capped_table():
    room = capped_room(2)
    assert hello(room, "a", "Mette")[0]["t"] == "welcome"
    room.remove_seat("Mette")
    room.clock = lambda: 200.0  # past the new-seat bound
    assert hello(room, "b", "Kaj")[0]["t"] == "welcome"


def test_the_cap_survives_the_rooms_save_and_a_hostile_cap_is_refused():
    room = capped_room(3)
    room.seat_regular("Henning")
    back = HostRoom.from_dict(json.loads(json.dumps(room.to_dict())))
    assert back.seats_max == 3
    assert "seats_max" not in HostRoom("Bodil").to_dict()  # a friends' room saves as before
    for bad in (1, 9, "3", 3.0, True, None):
        d = room.to_dict()
        d["seats_max"] = bad
        with pytest.raises(IllegalAction):
            HostRoom.from_dict(d)
    d = room.to_dict()
    d["seats_max"] = 2
    d["seats"].append({"player": "Grethe", "kind": "regular", "token": None, "last_act": 0,
                       "waiting": False})
    with pytest.raises(IllegalAction):  # more seats than the cap
        HostRoom.from_dict(d)


# ---------- the open table and its rules ----------

def test_a_well_formed_open_table_is_copied():
    got = check_open_table(dict(OPEN))
    assert got == OPEN and got is not OPEN


@pytest.mark.parametrize("bad", [
    None, [], "x", {},
    {**OPEN, "extra": 1},
    {k: v for k, v in OPEN.items() if k != "regulars"},
    {**OPEN, "ruleset": ""}, {**OPEN, "ruleset": "x" * 41}, {**OPEN, "ruleset": 7},
    {**OPEN, "ruleset": " Husets"}, {**OPEN, "ruleset": "a\u202eb"}, {**OPEN, "ruleset": "a\nb"},
    {**OPEN, "seats": 1}, {**OPEN, "seats": 9}, {**OPEN, "seats": "4"}, {**OPEN, "seats": True},
    {**OPEN, "seats": 4.0},
    {**OPEN, "regulars": 1}, {**OPEN, "regulars": "yes"},
])
def test_a_bad_open_table_is_refused(bad):
    with pytest.raises(IllegalAction, match="åbne bord"):
        check_open_table(bad)


def test_an_open_snyd_table_has_no_practice_no_final_and_the_turn_clock_on():
    asked = Rules(practice=True, viborg_final=True, time_limit=None, stairs=True)
    forced = open_rules("snyd", asked)
    assert forced.practice is False and forced.viborg_final is False
    assert forced.time_limit == TIME_LIMIT_S and forced.stairs is True  # the rest as chosen
    assert open_rules("snyd", Rules(time_limit=40)).time_limit == TIME_LIMIT_S


def test_bakke_and_treere_have_none_of_those_switches_and_keep_their_rules():
    from engine.bakke import Rules as BakkeRules
    rules = BakkeRules(dice_per_player=3, faults=False)
    assert open_rules("bakke", rules) is rules


# ---------- what the row says ----------

def test_the_row_says_waiting_then_full_then_playing():
    room = capped_room(3)
    assert listing("snyd", OPEN, room.lobby(), started=False) == {
        "game": "snyd", "ruleset": "Husets regler", "seats": 3, "free": 2,
        "state": "waiting", "name": "Bodil"}
    hello(room, "a", "Mette")
    room.seat_regular("Henning")
    full = listing("snyd", OPEN, room.lobby(), started=False)
    assert (full["free"], full["state"]) == (0, "full")
    room.remove_seat("Henning")
    playing = listing("snyd", OPEN, room.lobby(), started=True)
    assert (playing["free"], playing["state"]) == (1, "playing")  # late arrivals sit down
    between = listing("snyd", OPEN, room.lobby(), started=True, between_games=True)
    assert (between["free"], between["state"]) == (1, "waiting")  # sits down at the next deal
    at_bakke = listing("bakke", OPEN, room.lobby(), started=True, late_arrivals=False)
    assert listing("bakke", OPEN, room.lobby(), started=True, late_arrivals=False,
                   between_games=True)["state"] == "playing"
    assert (at_bakke["free"], at_bakke["state"]) == (0, "playing")  # nobody joins a game


def test_the_rows_name_is_the_hosts_seat_name_within_the_relays_bound():
    seats = [{"player": "Mette", "kind": "guest"}, {"player": "B" * 20, "kind": "host"}]
    row = listing("treere", {**OPEN, "seats": 8}, seats, started=False)
    assert row["name"] == "B" * 20 and row["free"] == 6 and len(row["name"]) <= 24


# ---------- the saved lobby ----------

def open_lobby_save() -> dict:
    room = capped_room(3)
    room.seat_regular("Henning")
    rules = open_rules("snyd", Rules(dice_per_player=4))
    return friends.lobby_to_dict(friends.Lobby(room, dict(LINK), rules, 1.0, "snyd",
                                               dict(OPEN)))


def test_an_open_lobby_comes_back_open_with_its_cap():
    back = friends.lobby_from_dict(json.loads(json.dumps(open_lobby_save())))
    assert back.open_table == OPEN and back.room.seats_max == 3
    assert back.rules.practice is False and back.rules.time_limit == TIME_LIMIT_S


@pytest.mark.parametrize("spoil", [
    lambda d: d.update(open={"ruleset": "<b>x</b>" * 10, "seats": 3, "regulars": True}),
    lambda d: d.update(open={**OPEN, "seats": 99}),
    lambda d: d.update(open={**OPEN, "regulars": "ja"}),
    lambda d: d.update(open=[1, 2]),
    lambda d: d.update(open={**OPEN, "seats": 4}),                 # not the room's cap
    lambda d: d["rules"].update(practice=True),                    # Øvebord back on
    lambda d: d["rules"].update(viborg_final=True),
    lambda d: d["rules"].update(time_limit=None),
    lambda d: d.pop("open"),                                       # a capped friends' lobby
])
def test_a_hostile_saved_open_table_is_refused_on_restore(spoil):
    data = open_lobby_save()
    spoil(data)
    with pytest.raises(ValueError):
        friends.lobby_from_dict(json.loads(json.dumps(data)))


def test_a_friends_lobby_saves_as_before_without_an_open_entry():
    room = HostRoom("Bodil")
    d = friends.lobby_to_dict(friends.Lobby(room, dict(LINK), Rules()))
    assert "open" not in d and friends.lobby_from_dict(d).open_table is None


# ---------- the hand-over: the listing is public, the keys are not ----------

def test_the_public_record_keeps_the_open_listing_but_never_the_keys():
    save = {"seed": 5, "memory": {}, "log": [],
            "link": {**LINK, "open": json.dumps(OPEN)},
            "room": {"seats": [{"player": "Bodil", "kind": "host", "token": "t0k3n"}]}}
    state = public_state(save)
    assert state["link"] == {"open": json.dumps(OPEN)}
    assert public_state({**save, "link": dict(LINK)})["link"] == {}


def test_the_phone_that_carries_the_table_on_keeps_the_listing_with_its_own_keys():
    from app.friends.core.succession import RecordCopy, adopt

    record = RecordCopy()
    record.log = [{"type": "start"}]
    record.state = {"seed": 0, "memory": {}, "link": {"open": json.dumps(OPEN)},
                    "seats": [{"name": "Bodil", "kind": "human"}, {"name": "Mette", "kind": "guest"}],
                    "room": {"epoch": 0, "seats": [{"player": "Bodil", "kind": "host"},
                                                   {"player": "Mette", "kind": "guest"}]}}
    mine = {"relay_room": "ZyXwVuTsRqPoNmLkJiHg_-", "host_key": "newKey_0123456789abcdef"}
    save = adopt(record, "Mette", "metteToken", mine)
    assert save["link"] == {**mine, "open": json.dumps(OPEN)}
    record.state["link"] = {}  # a friends' table: only the new keys
    assert adopt(record, "Mette", "metteToken", mine)["link"] == mine


def test_the_refused_guests_phone_says_how_many_seats_the_open_table_has():
    from app.friends.core.guest import seats_in
    from peer_net import Net

    net = Net("Bodil")
    net.room.seats_max = 3
    net.open("Mette")
    net.open("Kaj")
    full = net.open("Lis")
    assert full.guest.error_code == "table_full"
    assert full.guest.error == "Bordet er fuldt: 3 pladser"
    # only a lone digit 2..8 of the host's text is read; else a friends' table's 8
    assert [seats_in(m) for m in ("fuldt: 12 pladser", "x", None, "9 or 1", "<4>")] == \
        [8, 8, 8, 8, 4]


def test_a_real_hand_over_keeps_the_open_table_its_cap_and_its_listing():
    """Over the real Snyd tables and peer protocol (test_succession's wire): the host's phone
    vanishes, Mette's carries the table on from her copy of the public record: her table is
    still capped and still knows it is listed (share_screen lists it again from her room)."""
    import random

    from test_fair_peers import ended
    from test_succession import LINK as HEIR_LINK
    from test_succession import carry_on, snyd_wire

    wire = snyd_wire()
    listed = json.dumps({**OPEN, "seats": len(wire.host.room.seats)})
    wire.host.room.seats_max = len(wire.host.room.seats)
    wire.host.link = {**LINK, "open": listed}
    rng = random.Random(3)
    for _ in range(20):
        if ended(wire):
            break
        wire.move(rng)
    carry_on(wire, "Mette")
    new = wire.host
    assert new.humans == ["Mette"] and new.link == {**HEIR_LINK, "open": listed}
    assert new.room.seats_max == len(new.room.seats)
    for phone in wire.phones.values():  # the old host's key never reached a guest's copy
        assert LINK["host_key"] not in json.dumps(phone.table.guest.record.state)
