"""Fair throws at a Bakke or Treere friends' table (issue 20, docs/fair-dice.md "Bakke and
Treere"), in CPython over table_net's Wire with the real peer modules: HostGameTable(fair=True),
GuestTables wrapped in GuestGameTables, playing through frames only. Every throw's faces come
from a commit-and-share exchange of every seat; every guest checks every fair throw itself."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from app.friends.core.host import ERROR_EVERY_S
from app.friends.core.host_seats import COVER_GRACE_S
from app.friends.core.protocol import decode_from_host, is_fair
from app.friends.game_host import FAIR_GRACE_S, HostGameTable
from app.table.session import CorruptSave
from test_game_peers import GameWire, choose

from engine import bakke, treere
from engine.errors import IllegalAction
from engine.fair_dice import RoundId, Secret, commitment, share_commitment

GUESTS = ("Mette", "Kaj", "Bent")
SEED = 8_123_456_789_123
ENGINES = {"bakke": bakke, "treere": treere}
RULES = {"bakke": {"dice_per_player": 3}, "treere": {"ante": 1}}


class FairWire(GameWire):
    def start_game(self, rules: Any = None, fair: bool = True) -> HostGameTable:
        self.host = HostGameTable.from_lobby(self.room, rules, seed=SEED, fair=fair)
        self.pump()
        return self.host

    def move(self, rng: random.Random) -> str:
        if self.host._throw is not None:  # an exchange waits for a phone: time passes
            self.tick(1.0)
            return "wait"
        return super().move(rng)


def fair_table(game: str, regular: bool = False, quiet: tuple[str, ...] = (),
               fair: bool = True) -> FairWire:
    """A fair table of the host and the three GUESTS' phones (those in ``quiet`` never take
    part in an exchange by themselves), a regular if asked."""
    wire = FairWire(game, [])
    if regular:
        wire.room.seat_regular("Lis")
    for name in GUESTS:
        phone = wire.join(name)
        if name in quiet:
            phone.table._fair_turn = lambda: None
    wire.start_game(RULES[game], fair=fair)
    for name in GUESTS:
        wire.guest(name)  # each phone's table screen, from the first view on
    return wire


def throws(log: list[dict]) -> list[dict]:
    return [e for e in log if e["type"] in ("throw", "throw_all", "roll")]


def play(wire: FairWire, games: int, rng: random.Random) -> None:
    for _ in range(6000):
        if wire.host.table.view(None)["game_no"] > games:
            return
        wire.move(rng)
    raise AssertionError("the games never ended")


@pytest.mark.parametrize("game, regular", [("bakke", False), ("treere", False),
                                           ("bakke", True), ("treere", True)])
def test_a_fair_evening_plays_to_the_end_with_three_phones(game, regular):
    wire = fair_table(game, regular)
    host = wire.host
    play(wire, 2, random.Random(5))
    log = host.table.log
    made = throws(log)
    assert made and all("fair" in e for e in made)  # every throw was fair, whoever threw
    assert {e["player"] for e in made} >= {"Vært", *GUESTS}
    assert host._held == [] and host._muted_now() == set()  # every phone took part
    # the log replays, every exchange checked again
    again = ENGINES[game].Table.replay(list(host.table.players), host.rules, log)
    if game == "bakke":
        again.set_faultless(list(host.regulars))  # as the session says it (B7)
    assert again == host.table.engine
    # every guest checked every fair throw itself, and found it as its shares give
    for name in GUESTS:
        g = wire.guest(name)
        checks = [r for _, r in g.dice_checks]
        assert len(checks) == min(len(made), 64) and set(checks) == {"verified"}, name
        assert g.view()["events"] == host.table.view(name)["events"]
    assert all(p.table.guest.bad_frames == 0 for p in wire.phones.values())


def test_no_commitment_or_share_leaves_a_phone_before_its_step():
    """Two message rounds per throw: the share goes out only once every commitment is in."""
    wire = fair_table("bakke")
    play(wire, 1, random.Random(6))
    for h in wire.heard:
        data = json.loads(h.text)
        if data["t"] == "act" and data["action"]["type"] in ("cup", "share"):
            want = {"cup": "commit", "share": "share"}[data["action"]["type"]]
            assert h.step == want and data["action"]["round"] == h.fair_no


def at_exchange(wire: FairWire, rng: random.Random) -> None:
    """Play on until an exchange is under way."""
    for _ in range(500):
        if wire.host._throw is not None:
            return
        FairWire.__bases__[0].move(wire, rng)
    raise AssertionError("no exchange began")


def send(wire: FairWire, name: str, action: dict) -> str | None:
    """``action`` from ``name``'s phone as a frame through the room; the error it got, if any."""
    phone = wire.phones[name]
    wire.clock.now += ERROR_EVERY_S  # the room answers a phone's errors this often at most
    phone.table.put([phone.table.guest.act(action)])
    wire.pump()
    return phone.table.guest.error_code


def kaj_commits(wire: FairWire, secret: Secret | None = None,
                rid: RoundId | None = None) -> Secret:
    """Kaj's phone (quiet: it does not answer by itself) sends its commitments, made for
    ``rid`` (the exchange under way unless told)."""
    host = wire.host
    rid = rid or host._fair_round.round_id
    secret = secret or Secret.draw()
    assert send(wire, "Kaj", {"type": "cup", "round": host._fair_no,
                              "cup": commitment(rid, "Kaj", secret.key),
                              "share": share_commitment(rid, "Kaj", secret.share)}) is None
    return secret


def test_a_changed_share_is_refused_and_changes_nothing():
    wire = fair_table("bakke", quiet=("Kaj",))
    host = wire.host
    at_exchange(wire, random.Random(7))
    secret = kaj_commits(wire)
    assert host._fair_step == "share" and host._fair_round.who_missing() == ["Kaj"]
    record = host._fair_round.record()
    with pytest.raises(IllegalAction):  # the host's door refuses it …
        host.guest_act("Kaj", {"type": "share", "round": host._fair_no,
                               "share": Secret.draw().share.hex()})
    changed = {"type": "share", "round": host._fair_no, "share": Secret.draw().share.hex()}
    assert send(wire, "Kaj", changed) is not None  # … and over the wire Kaj's phone is told
    assert host._fair_round.record() == record and host._throw is not None
    assert send(wire, "Kaj", {"type": "share", "round": host._fair_no,
                              "share": secret.share.hex()}) is None
    assert host._throw is None and host._fair_step == "dealt"
    assert all(wire.guest(n).dice_check == "verified" for n in GUESTS)


def test_a_replayed_or_reordered_commitment_is_refused():
    wire = fair_table("treere", quiet=("Kaj",))
    host = wire.host
    rng = random.Random(8)
    at_exchange(wire, rng)
    first_no = host._fair_no
    old = kaj_commits(wire)
    old_rid = host._fair_round.round_id
    assert send(wire, "Kaj", {"type": "share", "round": first_no, "share": old.share.hex()}) \
        is None
    assert host._throw is None
    at_exchange(wire, rng)
    stale = {"type": "cup", "round": first_no, "cup": commitment(old_rid, "Kaj", old.key),
             "share": share_commitment(old_rid, "Kaj", old.share)}
    before = host._fair_round.record()
    assert send(wire, "Kaj", stale) is not None  # the last exchange's number: refused
    assert host._fair_round.record() == before
    kaj_commits(wire, old, old_rid)  # the same commitments under the new number: opaque
    # hashes, taken, but they bind the old exchange's RoundId, so the old share cannot open them
    before = host._fair_round.record()
    assert host._fair_step == "share" and host._fair_round.who_missing() == ["Kaj"]
    assert send(wire, "Kaj", {"type": "share", "round": host._fair_no,
                              "share": old.share.hex()}) is not None
    assert host._fair_round.record() == before
    assert host._fair_round.round_id != old_rid
    assert host._fair_round.round_id.round_no == old_rid.round_no + 1


def test_a_host_that_changes_its_share_after_seeing_the_others_is_caught(monkeypatch):
    """The host's own share is committed before any share opens; if the host shows another
    share for its seat once the others are in (to fix the throw), every guest's check fails:
    the share does not open the host's commitment (the engine refuses such a record too:
    tests/engine/test_fair_throws.py)."""
    wire = fair_table("bakke")
    host = wire.host
    real = host.fair_view

    def forged() -> dict:
        v = real()
        if v is not None and v["step"] == "dealt":
            v["shares"] = {**v["shares"], "Vært": Secret.draw().share.hex()}
        return v

    monkeypatch.setattr(host, "fair_view", forged)
    rng = random.Random(9)
    for _ in range(200):
        wire.move(rng)
        if any(wire.guest(n).dice_checks for n in GUESTS):
            break
    for name in GUESTS:
        assert wire.guest(name).dice_check.startswith("mismatch:"), name


def test_a_host_that_shows_other_faces_is_caught(monkeypatch):
    wire = fair_table("treere")
    host = wire.host
    engine = host.table.engine
    real = engine.view

    def lying(player, events_from=None):
        v = real(player, events_from)
        events = [dict(e) for e in v["events"]]
        for e in events:
            if e["type"] == "roll" and "fair" in e:
                e["faces"] = [f % 6 + 1 for f in e["faces"]]
        return {**v, "events": events}

    monkeypatch.setattr(engine, "view", lying)
    rng = random.Random(10)
    for _ in range(50):
        wire.move(rng)
        if wire.guest("Mette").dice_checks:
            break
    assert wire.guest("Mette").dice_check.startswith("mismatch:")


def test_a_plain_throw_after_a_fair_one_is_caught():
    """A host that throws with its own seeded dice (it knows the seed) at a fair table: every
    guest reports it."""
    wire = fair_table("treere")
    host = wire.host
    rng = random.Random(19)
    for _ in range(200):
        if host.table.view(None)["turn"] in GUESTS and not host.table.engine.rolled and any(
                "fair" in e for e in throws(host.table.log)):
            break
        wire.move(rng)
    turn = host.table.view(None)["turn"]
    assert all(wire.guest(n).dice_check == "verified" for n in GUESTS)
    host.table.engine.act(turn, {"type": "roll"})  # past the gate: the seeded dice
    host.room.table_changed()
    wire.pump()
    assert all(wire.guest(n).dice_check == "mismatch:plain" for n in GUESTS)


def test_a_guest_that_does_not_commit_in_time_is_held_by_the_host():
    wire = fair_table("bakke", quiet=("Bent",))
    host = wire.host
    at_exchange(wire, random.Random(11))
    assert host._fair_step == "commit" and host._fair_round.who_missing() == ["Bent"]
    wire.tick(FAIR_GRACE_S - 1.5)
    assert host._throw is not None  # within the grace: the table waits
    wire.tick(2.0)
    assert host._throw is None and host.fair_view()["held"] == ["Bent"]
    assert "fair" in throws(host.table.log)[-1]
    assert wire.guest("Mette").dice_check == "verified"


def test_a_guest_whose_share_does_not_come_is_held_for_the_game_and_the_throw_starts_again():
    wire = fair_table("bakke", quiet=("Kaj",))
    host = wire.host
    rng = random.Random(12)
    at_exchange(wire, rng)
    thrower = host._throw[0]
    kaj_commits(wire)  # then nothing more from Kaj: the others' shares are in, Kaj's is not
    assert host._fair_step == "share" and host._fair_round.who_missing() == ["Kaj"]
    no, rid = host._fair_no, host._fair_round.round_id
    wire.tick(FAIR_GRACE_S + 0.5)
    # a new exchange for the same throw, without Kaj's voice (the host drew its share first)
    assert host._fair_no == no + 1 and host._fair_round.round_id.round_no == rid.round_no + 1
    assert host._throw is None and throws(host.table.log)[-1]["player"] == thrower
    assert host.fair_view()["held"] == ["Kaj"] and host._muted_now() == {"Kaj"}
    assert wire.guest("Mette").dice_check == "verified"
    # for the rest of this game the host holds Kaj's part; the next game is Kaj's again
    game_no = host.table.view(None)["game_no"]
    for _ in range(3000):
        if host.table.view(None)["game_no"] != game_no:
            break
        wire.move(rng)
        if host._fair_round.round_id.game_no == game_no:
            assert "Kaj" in host.fair_view()["held"]
    assert host.table.view(None)["game_no"] == game_no + 1
    at_exchange(wire, rng)
    assert "Kaj" not in host._held  # (still quiet: the grace will hold it again)


def test_an_away_guest_is_not_waited_for():
    wire = fair_table("treere")
    host = wire.host
    rng = random.Random(13)
    wire.drop(wire.phones["Bent"])
    wire.tick(60)
    assert host.connections()["Bent"] == "away"
    held = []
    for _ in range(60):
        if host.table.view(None)["turn"] == "Bent":
            wire.tick(COVER_GRACE_S + 1)  # its stand-in throws (fair, the host holds Bent)
        else:
            wire.move(rng)
        if host._throw is None and host.fair_view() is not None:
            held.append("Bent" in host.fair_view()["held"])
    assert held and all(held)
    made = throws(host.table.log)
    assert "Bent" in {e["player"] for e in made} and all("fair" in e for e in made)


def test_off_by_default_nothing_changes():
    wire = fair_table("bakke", fair=False)
    host = wire.host
    assert host.fair is False and host.fair_view() is None
    play(wire, 1, random.Random(14))
    assert all("fair" not in e for e in host.table.log)
    assert all("fair" not in host.adapter.view(n) for n in GUESTS)
    with pytest.raises(IllegalAction):
        host.guest_act("Mette", {"type": "cup", "round": 1, "cup": "a" * 64, "share": "b" * 64})
    with pytest.raises(TypeError):
        HostGameTable("bakke", [("Vært", "human")], fair=1)


def test_the_view_carries_snyds_fair_shape_and_no_dice():
    wire = fair_table("bakke", quiet=("Kaj",))
    at_exchange(wire, random.Random(15))
    for name in GUESTS:
        v = wire.host.adapter.view(name)
        assert is_fair(v["fair"]) and v["fair"]["keys"] == {} and v["fair"]["bad"] == {}
    kinds = [decode_from_host(r.text)["t"] for r in wire.phones["Mette"].received]
    # each update, then the public record (core/succession.py)
    assert [k for k in kinds if k != "record"][-1] == "update" and kinds[-1] == "record"


def test_a_saved_fair_table_is_fair_after_a_reload():
    wire = fair_table("treere")
    host = wire.host
    play(wire, 1, random.Random(16))
    data = json.loads(json.dumps(host.to_dict()))
    again = HostGameTable.from_dict(data, "treere")
    assert again.fair and again.table_id == host.table_id and again._fair_no == host._fair_no
    assert again.table.engine == host.table.engine and again._last == host._last
    for field, junk in (("table", "no"), ("no", -1), ("muted", [1, ["Nobody"]]),
                        ("last", [1, "2"])):
        bad = json.loads(json.dumps(data))
        bad["fair"][field] = junk
        with pytest.raises(CorruptSave):
            HostGameTable.from_dict(bad, "treere")


def test_a_reload_mid_exchange_numbers_the_next_exchange_after_the_lost_one():
    """An exchange under way is not saved (the thrower throws again), but its number is: the
    next exchange never reuses a RoundId whose commitments may be out."""
    wire = fair_table("bakke", quiet=("Kaj",))
    host = wire.host
    at_exchange(wire, random.Random(18))
    lost = host._fair_round.round_id
    again = HostGameTable.from_dict(json.loads(json.dumps(host.to_dict())), "bakke")
    assert again._throw is None and again._last == (lost.game_no, lost.round_no)
    turn = again.table.view(None)["turn"]
    kind = "throw_all" if "throw_all" in again.table.legal(turn) else "throw"
    again.table.act(turn, {"type": kind})
    assert again._fair_round.round_id.round_no == lost.round_no + 1


@pytest.mark.parametrize("game", ["bakke", "treere"])
def test_the_cost_on_the_wire(game, capsys):
    """Two messages a guest per throw (cup, share: two message rounds), and what they cost in
    frames and bytes against the same evening thrown plainly (printed for docs/fair-dice.md)."""
    figures = {}
    for fair in (False, True):
        wire = fair_table(game, fair=fair)
        play(wire, 2, random.Random(1))
        n = len(throws(wire.host.table.log))
        up = [h.text for h in wire.heard]
        down = [s.text for p in wire.phones.values() for s in p.received]
        figures[fair] = (n, len(up) / n, sum(map(len, up)) / n, len(down) / n,
                         sum(map(len, down)) / n)
        if fair:
            # each act once (a frame over the room's rate bound is sent again: counted above)
            acts = {(h.channel, json.loads(h.text)["id"]): json.loads(h.text)["action"]
                    for h in wire.heard if '"t":"act"' in h.text}
            for kind in ("cup", "share"):
                per = {}
                for a in acts.values():
                    if a["type"] == kind:
                        per[a["round"]] = per.get(a["round"], 0) + 1
                assert per == {k: len(GUESTS) for k in range(1, wire.host._fair_no + 1)}, kind
            assert wire.host._fair_no == n  # one exchange per throw, nobody aborted
    with capsys.disabled():
        for fair, (n, up, up_b, down, down_b) in figures.items():
            print(f"\n{game} {'fair ' if fair else 'plain'} {n} throws; per throw guest->host "
                  f"{up:.1f} frames {up_b:.0f} B, host->guests {down:.1f} frames {down_b:.0f} B")
    assert figures[True][1] > figures[False][1]  # the exchange is not free: it is counted


def test_nobody_moves_while_the_faces_come():
    """During a guest's throw's exchange its phone refuses another move by itself (nothing is
    sent), and the host's door refuses any move."""
    wire = fair_table("bakke", quiet=("Kaj",))
    host = wire.host
    rng = random.Random(17)
    for _ in range(50):
        at_exchange(wire, rng)
        if host._throw[0] in ("Mette", "Bent"):
            break
        wire.tick(FAIR_GRACE_S + 0.5)  # Kaj's part is drawn by the host: the throw is made
    player = host._throw[0]
    assert player in ("Mette", "Bent")
    g = wire.guest(player)
    assert g.view()["fair"]["step"] == "commit" and g.view()["legal"]
    with pytest.raises(IllegalAction):
        g.act(player, choose(g.view(), random.Random(1)))
    assert wire.to_host == []
    rid = host._fair_round.round_id
    assert rid == RoundId(host.table_id, host.table.view(None)["game_no"], rid.round_no)
    before = host.table.engine.log
    with pytest.raises(IllegalAction):
        host.guest_act(player, {"type": "videre"})
    with pytest.raises(IllegalAction):
        host.act("Vært", {"type": "throw"})
    assert host.table.engine.log == before
