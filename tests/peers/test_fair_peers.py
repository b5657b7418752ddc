"""Fair dice at a Snyd friends' table (issue 20, docs/fair-dice.md "On the wire"), in CPython
over table_net's Wire: the host's HostTable(fair=True) and GuestTables play through frames
only. No phone, the host's included, knows a guest's cup before the reveal; every phone checks
every cup; a seat that does not take part in time, or opens a key that does not match, loses
the round and the evening goes on."""
from __future__ import annotations

import json
import random
import secrets
from typing import Any

import pytest
from app.friends.core.host import AWAY_AFTER_S, ERROR_EVERY_S
from app.friends.core.protocol import encode, is_fair
from app.friends.guest_table import GuestTable
from app.friends.host_table import AUTO_DEAL_S, FAIR_GRACE_S, HostTable, load_table
from app.snyd.table_session import CorruptSave
from peer_net import choose
from table_net import Phone, Wire
from test_privacy import leaks

from engine.fair_dice import FairRound
from engine.snyd import Rules, Table

GUESTS = ("Mette", "Kaj", "Lis")


def fair_wire(guests: tuple[str, ...] = GUESTS, regular: bool = False, rules: Rules | None = None,
              seed: int = 3, quiet: tuple[str, ...] = ()) -> Wire:
    """A fair table: the host, ``guests`` on their phones (those in ``quiet`` never take part
    in the exchange), a regular if asked."""
    wire = Wire()
    if regular:
        wire.room.seat_regular("Henning")
    for name in guests:
        phone = wire.join(name)
        if name in quiet:
            phone.table._fair_turn = lambda: None
    wire.start(rules or Rules(dice_per_player=3), seed, fair=True)
    return wire


def ended(wire: Wire) -> bool:
    return any(e["type"] == "lost_completely" for e in wire.host.table.events)


def play(wire: Wire, rng: random.Random, moves: int, until=ended) -> None:
    for _ in range(moves):
        if until(wire):
            return
        wire.move(rng)
    assert until(wire), "the evening never got there"


def fair_log(wire: Wire, kind: str) -> list[dict[str, Any]]:
    return [e for e in wire.host.table.log if e["type"] == kind]


def said_lines(table: Any) -> list[str]:
    return [line for n in table.news() for line in n.lines]


@pytest.mark.parametrize("rules, regular", [
    (Rules(dice_per_player=2), False),
    (Rules(dice_per_player=3, hidden_count=True, peek_once=True), True),
    (Rules(dice_per_player=2, time_limit=15), True),
], ids=["three-guests", "hidden-count-with-a-regular", "clock"])
def test_a_fair_evening_plays_to_its_end_and_every_phone_checks_every_cup(rules, regular):
    wire = fair_wire(rules=rules, regular=regular, seed=7)
    host, rng = wire.host, random.Random(7)
    seen: dict[str, dict[tuple[int, int], list[int]]] = {n: {} for n in GUESTS}
    for _ in range(3000):
        if ended(wire):
            break
        wire.move(rng)
        if rules.time_limit and rng.random() < 0.05:
            wire.tick(16)  # now and then the clock runs out: a timeout, maybe a Løft
        for name, phone in wire.phones.items():
            v = phone.table.view()
            if v["phase"] == "bidding" and v["my_dice"] is not None:
                seen[name][(v["game_no"], v["round_no"])] = v["my_dice"]
                assert host.table.view(name)["my_dice"] is None  # the host cannot show it
    assert ended(wire)
    log = host.table.log
    assert not [e for e in log if e["type"] == "deal"]  # every round was dealt fair
    deals, reveals = fair_log(wire, "fair_deal"), fair_log(wire, "reveal_hands")
    assert len(deals) >= 3 and len(reveals) >= 3 and all("proof" in e for e in reveals)
    assert not fair_log(wire, "forfeit")  # nobody failed: every key came and matched
    # the host's table knew no guest's cup before reveal_hands, and each guest saw its own
    assert all(not set(e["known"]) & set(GUESTS) for e in deals)
    cups = [e["hands"] for e in host.table.events if e["type"] == "reveal"]
    for name in GUESTS:
        assert seen[name], name
        for (game, rnd), dice in seen[name].items():
            deal_at = next(i for i, e in enumerate(host.table.events) if e["type"] == "deal"
                       and (e["game_no"], e["round_no"]) == (game, rnd))
            reveal = next(e for e in host.table.events[deal_at:] if e["type"] == "reveal")
            assert reveal["hands"][name] == dice  # the phone's own cup was the one counted
    # every phone ends with the same public record, and its own check of every cup passed
    for name, phone in wire.phones.items():
        assert phone.table.view()["events"] == host.table.view(name)["events"]
        checks = [r for _, r in phone.table.dice_checks]
        assert checks and set(checks) == {"verified"}, (name, checks)
        assert len(checks) == min(len(reveals), 64)
    # the log replays, every proof checked again (commitments, shares, keys)
    again = Table.replay(list(host.table.players), rules, log)
    assert again == host.table.engine
    for e in reveals:
        assert FairRound.from_record(e["proof"]).record() == e["proof"]
    # no guest ever received another seat's dice before the reveal (the "fair" field too)
    for name, phone in wire.phones.items():
        for sent, shown in zip(phone.received, phone.revealed, strict=True):
            assert leaks(sent, name, cups[:shown]) == []
    assert_host_heard_no_dice(wire)
    assert_no_key_before_its_time(wire)


def assert_no_key_before_its_time(wire: Wire) -> None:
    """No phone received a seat's key (from which its cup follows) before that round's cups
    were being opened: only in an update whose "fair" is that round at step key or done."""
    proofs = [e["proof"] for e in wire.host.table.log if e["type"] == "reveal_hands"]
    for phone in wire.phones.values():
        for sent, revealed in zip(phone.received, phone.revealed):
            for j, proof in enumerate(proofs):
                rnd = proof["round"]
                for seat, key in proof["keys"].items():
                    if key not in sent.text:
                        continue
                    frame = json.loads(sent.text)
                    if frame["t"] == "record":  # the public record: the state's round, or past
                        fair = (frame["state"] or {}).get("fair", {})
                        at = (fair.get("record") or {}).get("round", {})
                        assert revealed > j or ((at.get("game_no"), at.get("round_no")) == (
                            rnd["game_no"], rnd["round_no"]) and fair.get("step") in (
                                "key", "done")), f"{seat}'s key reached {phone.table.name} early"
                        continue
                    fair = frame.get("view", {}).get("fair", {})
                    assert (fair.get("game_no"), fair.get("round_no")) == (
                        rnd["game_no"], rnd["round_no"]) and fair.get("step") in ("key", "done"), (
                        f"{seat}'s key reached {phone.table.name} early")


def assert_host_heard_no_dice(wire: Wire) -> None:
    """Everything the host received: no list of dice anywhere, and a guest's key only once
    that round's cups were being opened (step "key", or "done" when late); its cup, then, follows from nothing the
    host held before (a key is the only way to the cup: docs/fair-dice.md)."""
    keys = {}  # (round no., seat) -> the key hex it opened
    seat_of = {p.channel: name for name, p in wire.phones.items()}
    for heard in wire.heard:
        frame = json.loads(heard.text)
        assert not _int_lists(frame), frame
        action = frame.get("action") or {}
        if action.get("type") == "key":
            # at step "key", or "done" for a key that came after its round was settled (the
            # seat was forfeited at the grace, or stood in for): late, never early
            assert heard.step in ("key", "done") and heard.fair_no == action["round"], heard
            keys[(action["round"], seat_of.get(heard.channel))] = action["key"]
        # the host's engine table knew no guest's cup while the cups were closed
        if heard.step in ("dealt", "key"):
            assert not set(heard.hands) & (set(wire.phones) - set(heard.held)), heard.hands
    proofs = [e["proof"] for e in wire.host.table.log if e["type"] == "reveal_hands"]
    assert proofs
    for heard in wire.heard:
        for proof in proofs:
            for seat, key in proof["keys"].items():
                if seat in wire.phones and key in heard.text:
                    assert json.loads(heard.text)["action"]["type"] == "key"


def _int_lists(value: Any) -> list[Any]:
    if isinstance(value, dict):
        return [x for v in value.values() for x in _int_lists(v)]
    if isinstance(value, list):
        return [value] if any(type(v) is int for v in value) else [
            x for v in value for x in _int_lists(v)]
    return []


def test_every_view_carries_the_rounds_public_state_and_no_dice_counts():
    wire = fair_wire(rules=Rules(dice_per_player=3, hidden_count=True))
    host = wire.host
    fair = wire.phones["Mette"].table.view()["fair"]
    assert is_fair(fair) and fair["step"] == "dealt" and fair["seats"] == ["Vært", *GUESTS]
    assert set(fair["cups"]) == set(fair["shares"]) == set(fair["seats"]) and fair["keys"] == {}
    assert fair["table"] == host.table_id and fair["no"] == 1 and fair["held"] == []
    assert "counts" not in json.dumps(fair) and "dice" not in json.dumps(fair)
    other = Wire()
    other.join("Mette")
    other.start(Rules(dice_per_player=3), 3, fair=True)
    assert other.host.table_id != host.table_id  # a random id per table: rounds never fit another


def corrupt_next_key(phone: Phone) -> None:
    """The phone's next key is another one than it committed to (once)."""
    act = phone.table.guest.act

    def wrong(action: dict) -> str:
        if action["type"] == "key":
            phone.table.guest.act = act
            action = {**action, "key": secrets.token_hex(32)}
        return act(action)
    phone.table.guest.act = wrong


def until_call(wire: Wire) -> bool:
    return bool(fair_log(wire, "reveal_hands") or fair_log(wire, "forfeit"))


def test_a_key_that_does_not_match_loses_the_round_and_the_table_says_so():
    wire = fair_wire(regular=True, seed=5)
    mette = wire.phones["Mette"]
    corrupt_next_key(mette)
    host, rng = wire.host, random.Random(5)
    host.news()
    play(wire, rng, 200, until_call)
    assert fair_log(wire, "forfeit") == [{"type": "forfeit", "player": "Mette",
                                          "proof": host.table.log[-1]["proof"]}]
    assert not fair_log(wire, "reveal_hands")
    proof = host.table.log[-1]["proof"]
    assert proof["mismatched"] == ["Mette"] and "Mette" not in proof["keys"]
    assert "Mettes terninger passer ikke" in said_lines(host)
    for name in ("Kaj", "Lis"):
        assert "Mettes terninger passer ikke" in said_lines(wire.phones[name].table)
        assert wire.phones[name].table.dice_check == "mismatch:Mette"
    # the evening goes on: the next round is dealt fair and checks out everywhere
    n = len(fair_log(wire, "fair_deal"))
    play(wire, rng, 400, lambda w: len(fair_log(w, "reveal_hands")) >= 1)
    assert len(fair_log(wire, "fair_deal")) > n
    assert all(p.table.dice_check == "verified" for p in wire.phones.values())


def test_a_seat_that_never_opens_its_cup_forfeits_after_the_grace():
    wire = fair_wire(seed=9)
    kaj = wire.phones["Kaj"]
    real = kaj.table.put
    kaj.table.put = lambda frames: real([f for f in frames if '"type":"key"' not in f])
    host, rng = wire.host, random.Random(9)
    for _ in range(300):  # play until a Løft waits for the keys
        wire.move(rng)
        if host._fair_step == "key":
            break
    assert host._fair_step == "key" and host.next_step()["kind"] == "opening"
    assert host._fair_round.who_missing() == ["Kaj"]
    log = len(host.table.log)
    wire.tick(FAIR_GRACE_S - 1)
    assert len(host.table.log) == log and host._fair_step == "key"  # waiting, nobody moves
    wire.tick(1.5)
    assert host.table.log[-1]["type"] == "forfeit" and host.table.log[-1]["player"] == "Kaj"
    assert "Kaj åbnede ikke sit bæger og taber runden" in said_lines(host)
    kaj.table.put = real
    play(wire, rng, 400, lambda w: bool(fair_log(w, "reveal_hands")))
    assert host.table.phase != "idle"


def test_an_away_seat_at_the_lift_forfeits_at_once():
    wire = fair_wire(seed=4)
    host, rng = wire.host, random.Random(4)
    lis = wire.phones["Lis"]
    for _ in range(300):  # Lis's turn is not due; someone else will call
        v = host.view()
        if v["phase"] == "bidding" and v["current_bid"] is not None and v["turn"] == "Vært":
            break
        wire.move(rng)
    wire.drop(lis)
    wire.tick(10)  # reconnecting, then away (within the grace)
    assert host.connections()["Lis"] == "away"
    host.act({"type": "call"})
    wire.pump()
    assert host.table.log[-1] == {"type": "forfeit", "player": "Lis",
                                  "proof": host.table.log[-1]["proof"]}


def test_a_guest_that_never_commits_is_dealt_by_the_host_after_the_grace():
    wire = fair_wire(seed=6, quiet=("Lis",))
    host = wire.host
    assert host._fair_step == "commit" and host.next_step() == {"kind": "dealing"}
    assert host._fair_round.who_missing() == ["Lis"]
    wire.tick(FAIR_GRACE_S - 1)
    assert host._fair_step == "commit"
    wire.tick(1.5)
    assert host._fair_step == "dealt" and host.fair_view()["held"] == ["Lis"]
    # the host drew Lis's secrets: it knows that cup (documented), her phone shows it
    assert "Lis" in host.table.hands
    lis = wire.phones["Lis"].table
    assert lis.view()["my_dice"] == host.table.hands["Lis"] or not lis.view()["can_peek"]
    rng = random.Random(6)
    play(wire, rng, 2000)
    assert not fair_log(wire, "forfeit")
    assert [r for _, r in wire.phones["Kaj"].table.dice_checks] and {
        r for _, r in wire.phones["Kaj"].table.dice_checks} == {"verified"}


def test_a_share_that_never_comes_loses_the_round():
    wire = fair_wire(seed=2)
    host = wire.host
    kaj = wire.phones["Kaj"]
    rng = random.Random(2)
    play(wire, rng, 200, lambda w: w.host.view()["phase"] == "reveal")
    real = kaj.table.put
    kaj.table.put = lambda frames: real([f for f in frames if '"type":"share"' not in f])
    host.next_round()
    wire.pump()
    assert host._fair_step == "share" and host._fair_round.who_missing() == ["Kaj"]
    wire.tick(FAIR_GRACE_S + 1)
    entry = host.table.log[-1]
    assert entry["type"] == "forfeit" and entry["player"] == "Kaj"
    assert host.table.log[-2]["type"] == "fair_deal" and host.table.log[-2]["known"] == {}
    kaj.table.put = real
    play(wire, rng, 400, lambda w: len(fair_log(w, "reveal_hands")) >= 2)


def hostile(wire: Wire, phone: Phone, action: dict, act_id: int) -> dict:
    """A hand-made frame from ``phone``; returns the host's answer to it."""
    wire.clock.now += ERROR_EVERY_S + 0.1  # the room answers one error per channel this often
    n = len(phone.received)
    wire.to_host.append((phone.channel, encode("act", id=act_id, action=action)))
    wire.pump()
    answers = [json.loads(s.text) for s in phone.received[n:]]
    return next(a for a in answers if a["t"] == "error")


def test_hostile_frames_are_refused_to_that_phone_and_change_nothing():
    wire = fair_wire(seed=1, quiet=("Lis",))
    host = wire.host
    kaj, mette = wire.phones["Kaj"], wire.phones["Mette"]
    state, log = json.dumps(host.fair_view()), json.dumps(host.table.log)
    no = host.fair_view()["no"]
    h = secrets.token_hex(32)
    cases = [
        ({"type": "cup", "round": no, "cup": h, "share": secrets.token_hex(32)}, "illegal"),
        ({"type": "cup", "round": no + 1, "cup": h, "share": h[::-1]}, "illegal"),  # another round
        ({"type": "share", "round": no, "share": h}, "illegal"),  # not its step
        ({"type": "key", "round": no, "key": h}, "illegal"),
        ({"type": "key", "round": 0, "key": h}, "bad_field"),
        ({"type": "cup", "round": no, "cup": h.upper(), "share": h}, "bad_field"),  # bad hex
        ({"type": "share", "round": no, "share": h[:63]}, "bad_field"),
        ({"type": "key", "round": no, "key": h, "seat": "Lis"}, "seat_field"),
        ({"type": "cup", "round": no, "cup": [1, 2, 3], "share": h}, "bad_field"),
    ]
    mette_errors = len([s for s in mette.received if '"t":"error"' in s.text])
    for i, (action, code) in enumerate(cases):
        answer = hostile(wire, kaj, action, 100 + i)
        assert answer["code"] == code, (action, answer)
        assert json.dumps(host.fair_view()) == state and json.dumps(host.table.log) == log
    assert len([s for s in mette.received if '"t":"error"' in s.text]) == mette_errors
    # once dealt: a late commitment, a share of a round gone by
    wire.tick(FAIR_GRACE_S + 1)
    assert host._fair_step == "dealt"
    state, log = json.dumps(host.fair_view()), json.dumps(host.table.log)
    for i, action in enumerate([{"type": "cup", "round": no, "cup": h, "share": h[::-1]},
                                {"type": "share", "round": no, "share": h},
                                {"type": "key", "round": no, "key": h}]):
        assert hostile(wire, kaj, action, 200 + i)["code"] == "illegal"
        assert json.dumps(host.fair_view()) == state and json.dumps(host.table.log) == log


def test_the_host_reloads_mid_exchange_and_mid_round_and_carries_on():
    wire = fair_wire(seed=8, quiet=("Lis",), regular=True)
    host = wire.host
    saved = host.to_json()
    assert json.loads(saved)["fair"]["step"] == "commit"
    restored = load_table(saved, clock=wire.clock)
    assert isinstance(restored, HostTable) and restored.fair_view() == host.fair_view()
    assert restored.table.log == host.table.log and restored._mine.keys() == host._mine.keys()
    wire.rebind(restored)
    lis = wire.phones["Lis"]
    del lis.table._fair_turn  # Lis's phone takes part now
    for p in wire.phones.values():
        wire.drop(p)
        wire.open(p)
    wire.tick(0.5)
    assert restored._fair_step == "dealt" and restored.fair_view()["held"] == []
    # mid-round: the host's known cups and the Løft waiting for a key survive a reload
    kaj = wire.phones["Kaj"]
    real = kaj.table.put
    kaj.table.put = lambda frames: real([f for f in frames if '"type":"key"' not in f])
    rng = random.Random(8)
    for _ in range(300):
        wire.move(rng)
        if wire.host._fair_step == "key":
            break
    assert wire.host._fair_step == "key"
    again = load_table(wire.host.to_json(), clock=wire.clock)
    assert again._fair_step == "key" and again._call == wire.host._call
    assert again.table.hands == wire.host.table.hands
    wire.rebind(again)
    kaj.table.put = real
    for p in wire.phones.values():
        wire.drop(p)
        wire.open(p)
    wire.tick(0.5)
    assert again.table.log[-1]["type"] in ("call", "timeout")
    assert again.table.log[-2]["type"] == "reveal_hands"
    assert all(p.table.dice_check == "verified" for p in wire.phones.values())
    # a tampered save is refused
    data = json.loads(again.to_json())
    data["fair"]["secrets"]["Vært"][0] = secrets.token_hex(32)
    with pytest.raises(CorruptSave):
        load_table(json.dumps(data), clock=wire.clock)


def test_a_guest_that_reloads_mid_round_forfeits_that_round_and_plays_on():
    wire = fair_wire(seed=12)
    host, rng = wire.host, random.Random(12)
    old = wire.phones["Mette"]
    token = old.table.token
    wire.drop(old)
    fresh = Phone(GuestTable("Mette", token, clock=wire.clock))
    wire.phones["Mette"] = fresh
    wire.open(fresh)
    assert fresh.table.view()["my_dice"] is None  # the secret was on the old page
    for _ in range(300):
        wire.move(rng)
        if host._fair_step == "key":
            break
    wire.tick(FAIR_GRACE_S + 1)
    assert fair_log(wire, "forfeit")[0]["player"] == "Mette"
    play(wire, rng, 400, lambda w: bool(fair_log(w, "reveal_hands")))
    assert fresh.table.dice_check == "verified"


def test_with_the_switch_off_nothing_changes():
    wire = Wire()
    wire.join("Mette")
    host = wire.start(Rules(dice_per_player=3), 3)
    assert not host.fair and host.fair_view() is None
    assert "fair" not in wire.phones["Mette"].table.view()
    assert [e["type"] for e in host.table.log] == ["start", "deal"]
    assert "fair" not in host.to_dict()
    h = secrets.token_hex(32)
    answer = hostile(wire, wire.phones["Mette"], {"type": "cup", "round": 1, "cup": h,
                                                  "share": h[::-1]}, 50)
    assert answer["code"] == "illegal"
    assert [e["type"] for e in host.table.log] == ["start", "deal"]


def test_the_cost_on_the_wire(capsys):
    """Three messages a guest per round (cup, share, key: two message rounds before the deal,
    one at the Løft), and what they cost in frames and bytes against the same evening dealt
    plainly (printed: docs/protocol.md "Fair dice" quotes it)."""
    figures = {}
    for fair in (False, True):
        wire = Wire()
        for name in GUESTS:
            wire.join(name)
        host = wire.start(Rules(dice_per_player=3), 1, fair=fair)
        play(wire, random.Random(1), 3000)
        rounds = sum(e["type"] in ("reveal", "forfeit") for e in host.table.events)
        up = [h.text for h in wire.heard]
        down = [s.text for p in wire.phones.values() for s in p.received]
        figures[fair] = (rounds, len(up) / rounds, sum(map(len, up)) / rounds,
                         len(down) / rounds, sum(map(len, down)) / rounds)
        if fair:
            acts = [json.loads(h.text)["action"] for h in wire.heard if '"t":"act"' in h.text]
            for kind in ("cup", "share", "key"):
                per_round = {}
                for a in acts:
                    if a["type"] == kind:
                        per_round[a["round"]] = per_round.get(a["round"], 0) + 1
                deals = fair_log(wire, "fair_deal")  # the n-th fair deal is round n
                assert per_round == {n: len(set(d["counts"]) & set(GUESTS))
                                     for n, d in enumerate(deals, 1)}, (kind, per_round)
            assert len(json.dumps(host.fair_view())) < 2000
    with capsys.disabled():
        for fair, (rounds, up, up_b, down, down_b) in figures.items():
            print(f"\n{'fair ' if fair else 'plain'} {rounds} rounds; per round guest->host "
                  f"{up:.1f} frames {up_b:.0f} B, host->guests {down:.1f} frames {down_b:.0f} B")


def test_the_table_deals_a_fair_round_by_itself_after_the_pause():
    wire = fair_wire(seed=10)
    host, rng = wire.host, random.Random(10)
    play(wire, rng, 300, lambda w: w.host.view()["phase"] == "reveal")
    deals = len(fair_log(wire, "fair_deal"))
    wire.tick(AUTO_DEAL_S["reveal"] + 0.5)
    assert len(fair_log(wire, "fair_deal")) == deals + 1 and host._fair_step == "dealt"
    assert host.fair_view()["no"] == deals + 1 and host.fair_view()["held"] == []


def test_an_away_guest_is_dealt_by_the_host_at_once_and_plays_on_when_back():
    wire = fair_wire(seed=11)
    host, rng = wire.host, random.Random(11)
    play(wire, rng, 300, lambda w: w.host.view()["phase"] == "reveal")
    kaj = wire.phones["Kaj"]
    wire.drop(kaj)
    wire.tick(AWAY_AFTER_S + 3)
    assert host.connections()["Kaj"] == "away"
    host.next_round()  # no grace for an away seat: its stand-in plays the host's cup
    wire.pump()
    assert host._fair_step == "dealt" and host.fair_view()["held"] == ["Kaj"]
    assert "Kaj" in host.table.hands  # the weakening docs/fair-dice.md names
    wire.open(kaj)  # back mid-round: the dice the host dealt are on its phone too
    wire.tick(0.2)
    v = kaj.table.view()
    assert v["fair"]["held"] == ["Kaj"]
    assert v["my_dice"] == host.table.hands["Kaj"]
    play(wire, rng, 400, lambda w: len(fair_log(w, "reveal_hands")) >= 2)
    assert kaj.table.dice_check == "verified"


@pytest.mark.parametrize("evening", range(6))
def test_a_soak_of_fair_evenings_with_drops_reloads_and_the_clock(evening):
    """2-4 phones, maybe a regular, random rules; phones drop, come back and reload (losing
    their secrets), the host's phone reloads, time runs: every evening ends, nobody hangs, the
    log replays with every proof, every phone ends with the host's record, and no dice reach
    the host's phone before their reveal but the ones it drew itself."""
    rng = random.Random(evening)
    names = list(GUESTS + ("Bo",))[: rng.randint(2, 4)]
    rules = rng.choice([Rules(dice_per_player=2), Rules(dice_per_player=3, time_limit=15),
                        Rules(dice_per_player=2, peek_once=True, hidden_count=True)])
    wire = fair_wire(tuple(names), regular=rng.random() < 0.5, rules=rules, seed=evening)
    for _ in range(4000):
        if ended(wire):
            break
        soak_step(wire, names, rng)
    assert ended(wire), (wire.host._fair_step, wire.host.view()["phase"], wire.host.next_step())
    log = wire.host.table.log
    assert Table.replay(list(wire.host.table.players), rules, log) == wire.host.table.engine
    for phone in wire.phones.values():
        if not phone.up:
            wire.open(phone)
    wire.tick(0.5)
    for name, phone in wire.phones.items():
        assert phone.table.view()["events"] == wire.host.table.view(name)["events"]
        assert {r for _, r in phone.table.dice_checks} <= {"verified"}, name
    assert_host_heard_no_dice(wire)
    assert_no_key_before_its_time(wire)


def soak_step(wire: Wire, names: list[str], rng: random.Random) -> None:
    r = rng.random()
    up = [p for p in wire.phones.values() if p.up]
    down = [p for p in wire.phones.values() if not p.up]
    if r < 0.03 and up:
        wire.drop(rng.choice(up))
    elif r < 0.08 and down:
        wire.open(rng.choice(down))
    elif r < 0.10:  # a guest's page reloads: its seat token, no secrets
        name = rng.choice(names)
        old = wire.phones[name]
        if old.up:
            wire.drop(old)
        fresh = Phone(GuestTable(name, old.table.token, clock=wire.clock))
        wire.phones[name] = fresh
        wire.open(fresh)
    elif r < 0.12:  # the host's page reloads
        wire.rebind(load_table(wire.host.to_json(), clock=wire.clock))
        for phone in wire.phones.values():
            if phone.up:
                wire.drop(phone)
                wire.open(phone)
    elif r < 0.25:
        wire.tick(rng.choice([0.5, 2, 5, 11]))
    else:
        step = wire.host.next_step()
        if step["kind"] != "remote":
            wire.move(rng)
            return
        phone = wire.phones[step["player"]]
        if (not phone.up or phone.table.next_step().get("kind") != "human"
                or phone.table.guest.pending is not None):
            wire.tick(1)
            return
        phone.table.act(choose(phone.table.view(), rng))
        wire.pump()


def test_a_guest_is_not_thrown_by_a_hostile_fair_field():
    """A host (or a relay) that sends a fair field that fits the shape but not the round: the
    guest's phone neither crashes nor shows dice, and its check says who broke the round."""
    wire = fair_wire(seed=13)
    mette = wire.phones["Mette"].table
    v = mette.guest.view()
    fair = dict(v["fair"])
    shares = dict(fair["shares"])
    shares["Kaj"] = secrets.token_hex(32)  # a share that is not Kaj's committed one
    cups = {p: c for p, c in fair["cups"].items() if p != "Lis"}  # Lis's commitments missing
    for forged in ({**fair, "shares": shares}, {**fair, "cups": cups},
                   {**fair, "shares": shares, "step": "done"}):
        assert is_fair(forged)
        mette._merged = (None, None)
        mette.guest._sync._view = {**v, "fair": forged}
        seen = mette.view()
        assert seen["my_dice"] is None
        mette._fair_turn()
    assert mette.dice_check == "mismatch:Kaj"
