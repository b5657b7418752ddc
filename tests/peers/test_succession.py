"""The table outlives its host (issue 20, core/succession.py), in CPython over table_net's
wire with the real peer modules: every guest keeps the table's public record; when the host's
phone is gone, the next connected person in seat order carries the table on from that copy,
the others sit down again by their tokens, the old host comes back as a guest in its own seat,
and the evening plays on to its end. No record carries a secret."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from app.friends.core import succession
from app.friends.core.host import RESYNC_EVERY_S, token_hash
from app.friends.core.protocol import decode_from_host, encode
from app.friends.guest_table import GuestTable
from table_net import Phone, Wire
from test_fair_games import FairWire, fair_table
from test_fair_peers import assert_host_heard_no_dice, ended, fair_wire, play
from test_game_peers import choose as choose_game

from engine.snyd import Rules

LINK = {"relay_room": "r" * 22, "host_key": "k" * 22}


def records(phone: Phone) -> list[dict[str, Any]]:
    return [m for m in (decode_from_host(s.text) for s in phone.received) if m["t"] == "record"]


def carry_on(wire: Wire, to: str, back_after: int = 0, rng: random.Random | None = None) -> str:
    """The host's phone vanishes; ``to``'s phone carries the table on from its copy of the
    record, every other phone sits down at it again by its token, and, ``back_after`` moves
    later, the old host comes back as a guest by its own seat's token. Returns the old host's
    name."""
    old = wire.host
    old_name, old_token = old.humans[0], old.room.host_seat().token
    for phone in wire.phones.values():
        wire.drop(phone)
    wire.heard = []  # what the new host hears from here on (the old one's: checked before)
    heir = wire.phones.pop(to).table
    new = succession.take_over(heir.guest.record, to, heir.guest.token, LINK, clock=wire.clock)
    wire.rebind(new)
    if isinstance(wire, FairWire):
        wire.games.pop(to, None)
    for phone in wire.phones.values():
        phone.table.seen = None
        wire.open(phone)
    for _ in range(back_after):
        wire.move(rng or random.Random(0))
    wire.join(old_name, token=old_token)
    return old_name


class SnydWire(Wire):
    """table_net's wire; the host is whoever holds the table now."""

    def move(self, rng: random.Random) -> str:
        h = self.host
        step = h.next_step()
        if step["kind"] == "human" and step.get("player", h.humans[0]) != h.humans[0]:
            raise AssertionError(step)
        if step["kind"] == "remote" and step["player"] not in self.phones:
            self.tick(1.0)  # the old host's phone is gone: a stand-in covers its seat
            return "wait"
        return super().move(rng)


def snyd_wire(regular: bool = True, seed: int = 7) -> Wire:
    wire = fair_wire(regular=regular, seed=seed)
    wire.__class__ = SnydWire
    return wire


def test_every_guest_keeps_the_record_and_it_holds_no_secret():
    wire = snyd_wire()
    rng = random.Random(2)
    for _ in range(30):
        wire.move(rng)
    for _ in range(200):  # on to a round whose cups are closed (the faces are random)
        if wire.host._fair_step in ("commit", "share", "dealt"):
            break
        wire.move(rng)
    host = wire.host
    tokens = [s.token for s in host.room.seats if s.token]
    # the keys of the round under way (a share is opened at the share step; a key at the Løft)
    assert host._fair_step in ("commit", "share", "dealt")
    secrets_held = [pair[0] for pair in host.to_dict()["fair"]["secrets"].values()]
    assert tokens and secrets_held
    for phone in wire.phones.values():
        copy = phone.table.guest.record
        assert copy.whole and len(copy.log) == len(host.table.log)
        assert copy.state["room"]["seats"][0]["token_hash"] == token_hash(tokens[0])
        for frame in records(phone):
            text = json.dumps(frame)
            assert not any(secret in text for secret in tokens + secrets_held + [LINK["host_key"]])
            assert '"seed": 7' not in text and "memory\": {\"" not in text
        for entry in copy.log:
            if entry["type"] == "fair_deal":
                assert entry["known"] == {}  # the host's and the regulars' cups stay with it


def test_a_gap_in_the_record_is_asked_for_again_and_a_stale_frame_changes_nothing():
    wire = snyd_wire()
    rng = random.Random(3)
    for _ in range(12):
        wire.move(rng)
    phone = wire.phones["Kaj"]
    copy = phone.table.guest.record
    held = len(copy.log)
    frame = {"v": 1, "t": "record", "epoch": 0, "n": 10_000, "base": held + 5, "log": [],
             "state": None, "more": False}
    assert copy.apply(frame) == [encode("have", epoch=0, log=held)]
    phone.table.receive(json.dumps(frame | {"n": 10_001}))
    wire.pump()  # the host sends the record again from what the copy holds
    assert len(copy.log) == len(wire.host.table.log) and copy.whole
    old = copy.apply(frame | {"n": 1, "base": 0, "log": [{"type": "start"}]})
    assert old == [] and copy.log[0]["type"] == "start" and len(copy.log) == len(wire.host.table.log)
    before = (list(copy.log), dict(copy.state))
    older = {**frame, "n": 30_000, "base": 0, "log": [{"type": "junk"}]}
    copy.epoch = 1
    assert copy.apply(older) == [] and copy.refused == 1
    assert (copy.log, copy.state) == before


@pytest.mark.parametrize("moves", [3, 9, 26, 41], ids=["first-round", "mid-round", "later",
                                                      "evening"])
def test_the_next_phone_carries_a_snyd_evening_on_to_its_end(moves):
    wire = snyd_wire()
    rng = random.Random(moves)
    for _ in range(moves):
        if ended(wire):
            break
        wire.move(rng)
    before = [e for e in wire.host.table.events if e["type"] in ("reveal", "lost_completely")]
    heir = succession.next_host(wire.phones["Mette"].table.guest.record.state,
                                {"Mette", "Kaj", "Lis"})
    assert heir == "Mette"  # the next person after the host in seat order (Henning: a regular)
    if any(e["type"] == "reveal_hands" for e in wire.host.table.log):
        assert_host_heard_no_dice(wire)
    old = carry_on(wire, "Mette", back_after=12, rng=rng)
    host = wire.host
    assert host.humans == ["Mette"] and old in host.guests and host.room.epoch == 1
    assert host.room.host_seat().player == "Mette"
    after = [e for e in host.table.events if e["type"] in ("reveal", "lost_completely")]
    assert after[:len(before)] == before  # every lifted cup and decided game is still there
    play(wire, rng, 3000)
    for name, phone in wire.phones.items():
        assert phone.table.guest.seat == name
        assert phone.table.guest.view()["events"] == host.table.view(name)["events"]
    assert_host_heard_no_dice(wire)
    checks = [c for p in wire.phones.values() for _n, c in p.table.dice_checks]
    assert checks and set(checks) == {"verified"}


def silent_at(wire: Wire, steps: tuple[str, ...]) -> None:
    """Every guest's phone stays silent in the fair exchange while the host's view is at one
    of ``steps`` (as phones whose answers had not reached the host when its page closed)."""
    for phone in wire.phones.values():
        table, answer = phone.table, type(phone.table)._fair_turn

        def turn(table: GuestTable = table, answer: Any = answer) -> None:
            fair = (table.guest.view() or {}).get("fair")
            if fair is None or fair["step"] not in steps:
                answer(table)
        table._fair_turn = turn


def at_verdict(wire: Wire) -> bool:
    return wire.host.next_step()["kind"] in ("reveal", "game_over")


@pytest.mark.parametrize("step", ["commit", "share"])
@pytest.mark.parametrize("moves", [0, 9, "game-over"])
def test_a_host_gone_while_the_cups_are_made_has_its_deal_made_by_the_heir_at_once(step, moves):
    """The host tapped *Næste runde* (or *Nyt spil*) and its page closed while the phones were
    making the cups: the heir's table asks for the deal again at once (no second tap, no wait
    for the auto-deal), and every phone checks the cups of that round at its reveal."""
    wire = snyd_wire(regular=False)
    rng = random.Random(11)
    if moves == "game-over":
        play(wire, rng, 3000)
    else:
        for _ in range(moves):
            wire.move(rng)
        play(wire, rng, 400, until=at_verdict)
    silent_at(wire, (step,))
    wire.host.next_round()
    wire.pump()
    assert wire.host._fair_step == step  # the old host's last frames: this step
    for phone in wire.phones.values():
        del phone.table._fair_turn
    carry_on(wire, "Mette")
    host = wire.host
    assert host.next_step()["kind"] not in ("reveal", "game_over")
    assert host._fair_step in ("dealt", "key") and host.table.phase == "bidding"
    play(wire, rng, 400, until=at_verdict)
    assert host.fair_state()["check"] == "verified"
    for name, phone in wire.phones.items():
        assert phone.table.fair_state()["check"] == "verified", name


@pytest.mark.parametrize("game", ["bakke", "treere"])
def test_the_next_phone_carries_a_bakke_or_treere_table_on(game):
    wire = fair_table(game, regular=True)
    wire.__class__ = GameCarryWire
    rng = random.Random(4)
    for _ in range(25):
        wire.move(rng)
    thrown = [e for e in wire.host.table.log if e["type"] in ("throw", "throw_all", "roll")]
    old = carry_on(wire, "Mette")
    host = wire.host
    assert host.humans == ["Mette"] and old in host.guests and host.fair
    assert [e for e in host.table.log if e["type"] in ("throw", "throw_all", "roll")] == thrown

    def rounds() -> list:  # each throw's RoundId, in the order of the log
        return [e["fair"]["round"] for e in host.table.log
                if e["type"] in ("throw", "throw_all", "roll")]

    def new_games() -> int:
        return sum(e["type"] == "new_game" for e in host.table.log)

    games_before = new_games()
    # on to a new game and at least one throw of the new host's own (the old game may have been
    # over at the hand-over: then the next game's first throw is the new host's first)
    for _ in range(600):
        wire.move(rng)
        if new_games() > games_before and len(rounds()) > len(thrown):
            break
    assert new_games() > games_before and len(rounds()) > len(thrown)
    # the new host's exchanges are numbered past a gap: no RoundId of the old host comes again
    last, first = rounds()[len(thrown) - 1], rounds()[len(thrown)]
    if first["game_no"] == last["game_no"]:
        assert first["round_no"] > last["round_no"] + succession.NUMBERS_SKIPPED - 1
    for name in wire.phones:
        assert wire.guest(name).view()["events"] == host.table.view(name)["events"]
    checks = [c for g in wire.games.values() for _n, c in g.dice_checks]
    assert checks and set(checks) == {"verified"}


class GameCarryWire(FairWire):
    def move(self, rng: random.Random) -> str:
        h = self.host
        if h._throw is not None:
            self.tick(1.0)
            return "wait"
        self.clock.now += 0.5
        v = h.table.view(None)
        me = h.humans[0]
        if v["phase"] == "over":
            h.new_game()
        elif v["turn"] == me:
            h.act(me, choose_game(h.view(), rng))
        elif h.regular_due():
            h.play_regular()
        else:
            g = self.guest(v["turn"])
            g.act(v["turn"], choose_game(g.view(), rng))
        self.pump()
        return "move"


def test_the_old_host_back_sits_in_its_own_seat_and_no_one_else_can_take_it():
    wire = snyd_wire()
    rng = random.Random(5)
    for _ in range(10):
        wire.move(rng)
    old = carry_on(wire, "Mette")
    assert wire.phones[old].table.guest.seat == old
    stranger = GuestTable("Vært", "x" * 22, clock=wire.clock)
    frames: list[str] = []
    assert wire.room.connect("evil", frames.append)
    stranger.attach(lambda text: wire.room.receive("evil", text))
    assert any(json.loads(f).get("code") == "bad_token" for f in frames)


def test_a_record_without_a_whole_copy_cannot_carry_a_table():
    with pytest.raises(ValueError):
        succession.adopt(succession.RecordCopy(), "Mette", "t" * 22, LINK)


def test_nobody_connected_means_nobody_carries_it_on():
    state = {"room": {"seats": [{"player": "Vært", "kind": "host"},
                                {"player": "Henning", "kind": "regular"},
                                {"player": "Kaj", "kind": "guest", "waiting": False},
                                {"player": "Lis", "kind": "guest", "waiting": False}]}}
    assert succession.next_host(state, set()) is None
    assert succession.next_host(state, {"Lis"}) == "Lis"
    assert succession.next_host(state, {"Lis", "Kaj"}) == "Kaj"


def test_without_fair_dice_no_record_is_sent():
    wire = Wire()
    for name in ("Mette", "Kaj"):
        wire.join(name)
    wire.start(Rules(dice_per_player=2), 3)
    assert not any(records(p) for p in wire.phones.values())


def whole_record(host: str = "Vært") -> succession.RecordCopy:
    copy = succession.RecordCopy()
    copy.log = [{"type": "start"}]
    copy.state = {"room": {"seats": [
        {"player": host, "kind": "host"}, {"player": "Henning", "kind": "regular"},
        {"player": "Mette", "kind": "guest", "waiting": False, "next": "m" * 22},
        {"player": "Kaj", "kind": "guest", "waiting": False, "next": "k" * 22},
        {"player": "Lis", "kind": "guest", "waiting": False, "next": "l" * 22}]}}
    return copy


LOBBY = [{"player": p, "connection": "connected"} for p in ("Vært", "Mette", "Kaj", "Lis")]


def test_the_watch_waits_the_grace_then_names_the_heir_and_passes_over_one_that_never_answers():
    record = whole_record()
    kaj = succession.Watch("Kaj", grace=5.0)
    assert kaj.tick(0.0, False, record, LOBBY) is None
    assert kaj.tick(4.9, False, record, LOBBY) is None      # a reload comes back within it
    assert kaj.tick(5.0, False, record, LOBBY) == ("follow", "Mette", "m" * 22)
    assert kaj.tick(7.0, False, record, LOBBY) is None      # Mette's room gets its grace
    assert kaj.tick(10.0, False, record, LOBBY) == ("host", "Kaj", None)  # she never came
    mette = succession.Watch("Mette", grace=5.0)
    mette.tick(0.0, False, record, LOBBY)
    assert mette.tick(5.0, False, record, LOBBY) == ("host", "Mette", None)


def test_a_host_back_within_the_grace_simply_continues():
    record = whole_record()
    lis = succession.Watch("Lis", grace=5.0)
    lis.tick(0.0, False, record, LOBBY)
    assert lis.tick(3.0, True, record, LOBBY) is None
    assert lis.tick(6.0, False, record, LOBBY) is None      # gone again: a new grace
    away = [dict(s, connection="away") if s["player"] == "Mette" else s for s in LOBBY]
    assert lis.tick(11.0, False, record, away) == ("follow", "Kaj", "k" * 22)


def test_no_watch_moves_without_a_whole_record():
    watch = succession.Watch("Kaj", grace=1.0)
    watch.tick(0.0, False, succession.RecordCopy(), LOBBY)
    assert watch.tick(10.0, False, succession.RecordCopy(), LOBBY) is None


def test_a_have_is_answered_once_per_resync_interval():
    """A guest asking for the whole record again and again would make the host send the whole
    evening each time: one answer per RESYNC_EVERY_S, the rest refused with "rate"."""
    wire = snyd_wire()
    rng = random.Random(6)
    for _ in range(12):
        wire.move(rng)
    phone = wire.phones["Kaj"]
    before = len(phone.received)
    have = encode("have", epoch=0, log=0)
    wire.clock.now += RESYNC_EVERY_S
    wire.to_host.append((phone.channel, have))
    wire.pump()
    answered = [decode_from_host(s.text)["t"] for s in phone.received[before:]]
    assert "record" in answered
    before = len(phone.received)
    wire.clock.now += 0.5
    wire.to_host.append((phone.channel, have))
    wire.pump()
    again = [decode_from_host(s.text) for s in phone.received[before:]]
    assert [m["t"] for m in again] == ["error"] and again[0]["code"] == "rate"


def test_a_copy_never_grows_past_an_evenings_bound():
    copy = succession.RecordCopy()
    page = [{"type": "bid"}] * 60_000
    frame = {"v": 1, "t": "record", "epoch": 0, "n": 1, "base": 0, "log": page, "state": None,
             "more": True}
    assert copy.apply(frame) == [] and len(copy.log) == 60_000
    assert copy.apply(frame | {"n": 2, "base": 60_000}) == [] and len(copy.log) == 60_000
    assert copy.refused == 1

