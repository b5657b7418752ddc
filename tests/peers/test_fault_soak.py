"""Issue 20's fault soak: ≥ 200 evenings of Snyd, Bakke and Treere (fair dice on) in CPython,
over the real peer modules on fault_net's simulated network: 3–6 phones (the host and 2–5
guests, sometimes a regular), random legal moves by each phone from its own view, and frames
delayed, duplicated and reordered (across a path switch), channels dropped and opened again,
guests' pages reloaded, and now and then the host's phone lost: the next connected person in
seat order carries the table on from its own copy of the record (core/succession.py), the
others sit down at the new room by their tokens, the old host comes back later as a guest.

Every evening: its game is decided within a bounded number of steps; after each hand-over the
new host's log starts with the old host's as far as the heir's copy held it (a Snyd round
open at the hand-over is dealt again: up to that round's deal), and the room's epoch counts the
hand-overs; once the network heals, every phone's events are the (last) host's table's (the
same log) and its own check of every
fair cup or throw held; no frame a guest received carried another seat's dice (Snyd: a cup or a
key before its round's reveal; Bakke, Treere: a share before the throw's faces) and no frame
the host received carried a guest's dice (a key only at its round's Løft). The figures are
printed at the end (``test_the_figures``)."""
from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from fault_net import FaultNet, Faults, seeded_secrets
from test_fair_peers import _int_lists
from test_privacy import leaks

from engine.snyd import Rules

CHUNKS = 10
EVENINGS = 20            # per chunk: 200 in all
MAX_STEPS = 4000         # an evening's game is decided within this many steps, or it hangs
NAMES = ("Mette", "Kaj", "Lis", "Bent", "Søren")
GAMES = ("snyd", "bakke", "treere")
TOTALS: Counter[str] = Counter()


# ---------- the step kinds: one evening is a run of these, drawn by weight ----------

def step_move(net: FaultNet, rng: random.Random) -> None:
    kind = net.move(rng)
    net.stats[f"moves_{kind}"] += 1


def step_wait(net: FaultNet, rng: random.Random) -> None:
    net.step(rng.choice([1.0, 2.0, 5.0]))  # a longer pause: pings, resends, the grace


def step_drop(net: FaultNet, rng: random.Random) -> None:
    up = [p for p in net.phones.values() if p.up]
    if up:
        net.drop(rng.choice(up))


def step_reopen(net: FaultNet, rng: random.Random) -> None:
    down = [p for p in net.phones.values() if not p.up]
    if down:
        net.open(rng.choice(down))
        net.stats["reopens"] += 1


def step_reload(net: FaultNet, rng: random.Random) -> None:
    # a page that had its welcome reloads with its token (before it, the phone had none)
    names = [n for n, p in net.phones.items() if p.table.token is not None]
    if names:
        net.reload(rng.choice(names))  # into the room of whoever holds the table now
        net.stats["reloads_host_away"] += bool(net.coming_back)  # an old host not back yet


def step_switch(net: FaultNet, rng: random.Random) -> None:
    up = [p for p in net.phones.values() if p.up]
    if up:
        net.switch_path(rng.choice(up))


HOST_LOSSES = 2  # at most this many an evening


def step_host_loss(net: FaultNet, rng: random.Random, **cases: bool) -> None:
    if net.stats["host_losses"] >= HOST_LOSSES:
        return
    done = net.lose_host(back_after=rng.randint(3, 60), **cases)
    if done is not None:
        assert_carried_on(net, done)


def step_host_loss_muted_heir(net: FaultNet, rng: random.Random) -> None:
    step_host_loss(net, rng, muted=True)


def step_host_loss_stale_record(net: FaultNet, rng: random.Random) -> None:
    step_host_loss(net, rng, stale=True)


def assert_carried_on(net: FaultNet, done: dict[str, Any]) -> None:
    """The heir's copy was the old host's log so far, and the new host's log starts with it
    (a Snyd round open at the hand-over dealt again: up to that round's deal)."""
    record, held, new = done["record"], done["held"], done["host"]
    assert record == done["old_log"][:held], (net.seed, "the heir's copy is not the old log")
    keep = held
    if done["voided"]:
        keep = max(i for i, e in enumerate(record) if e.get("type") == "fair_deal")
    assert new.table.log[:keep] == record[:keep], (net.seed, "the hand-over lost a move", keep)
    assert new.room.epoch == len(net.hand_overs), (net.seed, new.room.epoch)


STEPS: dict[str, tuple[float, Callable[[FaultNet, random.Random], None] | None]] = {
    "move": (60, step_move),
    "wait": (8, step_wait),
    "drop": (3, step_drop),
    "reopen": (5, step_reopen),
    "reload": (1.5, step_reload),
    "switch": (4, step_switch),
    "host_loss": (1.0, step_host_loss),  # about one evening in two loses its host
    # At Bakke and Treere an heir the fair table held for the game (its "muted" seats): it
    # once could not take over (the save's "muted" still named it; succession.adopt drops it).
    "host_loss_muted_heir": (0.3, step_host_loss_muted_heir),
    # An heir whose copy is still an earlier host's (the table moved on again before the new
    # host's first record reached it): its epoch is still one more than any it followed
    # (RecordCopy.floor), so the epoch counts the hand-overs.
    "host_loss_stale_record": (0.3, step_host_loss_stale_record),
}


# ---------- one evening ----------

def a_human_phone(net: FaultNet) -> bool:
    """A person is still at the table on a phone of theirs: the host's (a lost host's heir
    holds the table on its phone at once) or a guest's that is there."""
    return net.host is not None or any(p.up for p in net.phones.values())


def evening(seed: int) -> FaultNet:
    rng = random.Random(seed)
    game = GAMES[seed % 3]
    faults = Faults(delay=rng.choice([0.1, 0.25]), max_delay=rng.choice([2, 4]),
                    duplicate=rng.choice([0.02, 0.05]), reorder=rng.choice([0.3, 0.6]))
    net = FaultNet(game, random.Random(seed * 7 + 1))  # the lobby: a calm network
    net.seed = seed
    if rng.random() < 0.3:
        net.room.seat_regular("Henning")
    for name in NAMES[:rng.choice([2, 2, 3, 3, 4, 5])]:  # 3-6 phones, the host's too
        net.join(name)
    net.pump()  # the lobby: every phone seated before the start
    phones = 1 + len(net.phones)
    rules: Any = {"snyd": lambda: rng.choice([Rules(dice_per_player=1),
                                             Rules(dice_per_player=1, time_limit=15),
                                             Rules(dice_per_player=2 if phones <= 4 else 1)]),
                  "bakke": lambda: {"dice_per_player": 2 if phones <= 4 else 1},
                  "treere": lambda: {"ante": 1}}[game]()
    net.start(rules, seed)
    net.pump()
    assert all(p.table.ready for p in net.phones.values()), seed
    net.faults = faults  # from the first view on: the faulty network
    kinds = [k for k, (w, f) in STEPS.items() if w > 0 and f is not None]
    weights = [STEPS[k][0] for k in kinds]
    for n in range(MAX_STEPS):
        if net.finished():
            break
        STEPS[rng.choices(kinds, weights)[0]][1](net, rng)
        net.step(rng.uniform(0.2, 1.0))
        net.come_back()
    net.stats["steps"] += n
    assert net.finished() or not a_human_phone(net), (f"seed {seed} ({game}): the game never ended",
                            net.host.next_step() if game == "snyd" else net.host._throw,
                            net.host.table.view(None, events_from=len(net.host.table.events)))
    net.settle()
    return net


def assert_same_log(net: FaultNet, seed: int) -> None:
    host = net.host
    for name, phone in net.phones.items():
        assert phone.up and phone.table.ready, (seed, name)
        mine, hosts = phone.table.view()["events"], host.table.view(name)["events"]
        assert mine == hosts, (f"seed {seed}: {name}'s log differs", len(mine), len(hosts),
                               next((i for i, (a, b) in enumerate(zip(mine, hosts)) if a != b),
                                    None))
        checks = phone.game.dice_checks if phone.game is not None else phone.table.dice_checks
        assert {r for _, r in checks} <= {"verified"}, (seed, name, list(checks))


def assert_hand_overs(net: FaultNet, seed: int) -> None:
    """At the end too: the room's epoch counts the hand-overs, and the last host's log still
    starts with what each heir's copy held (the log only grows)."""
    assert net.room.epoch == len(net.hand_overs) == net.stats["hand_overs"], (seed, net.room.epoch)
    for done in net.hand_overs:
        keep = done["held"]
        if done["voided"]:
            keep = max(i for i, e in enumerate(done["record"]) if e.get("type") == "fair_deal")
        assert net.host.table.log[:keep] == done["record"][:keep], (seed, done["heir"], keep)


def assert_snyd_private(net: FaultNet, seed: int) -> None:
    """No guest received another seat's cup before its reveal, nor a key before its round's
    Løft; the host received no dice and no key before its round's Løft. (Each frame against the
    host that sent it: an heir's table deals a voided round again with other cups.)"""
    cups = [[e["hands"] for e in h.table.events if e["type"] == "reveal"] for h in net.hosts]
    proofs = [e["proof"] for h in net.hosts for e in h.table.log
              if e["type"] in ("reveal_hands", "forfeit")]
    keys = {k: p["round"] for p in proofs for k in p["keys"].values()}
    any_key = re.compile("|".join(keys) or "^$")
    for phone in net.all_phones:
        for sent, shown, by in zip(phone.received, phone.revealed, phone.host_nos, strict=True):
            assert leaks(sent, phone.name, cups[by][:shown]) == [], (seed, phone.name, sent.text)
            for key in set(any_key.findall(sent.text)):
                if key:
                    rnd = keys[key]
                    assert key_in_its_time(json.loads(sent.text), rnd, key), (
                        seed, f"a key reached {phone.name} early", sent.text)
    for heard, guests in zip(net.heard, net.heard_guests, strict=True):
        frame = json.loads(heard.text)
        assert not _int_lists(frame), (seed, frame)
        action = frame.get("action") or {}
        if action.get("type") == "key":  # the key step, or a late copy after it
            assert heard.fair_no > action["round"] or (
                heard.fair_no == action["round"] and heard.step in ("key", "done")), (seed, heard)
        if heard.step in ("dealt", "key"):  # the host's table knew no guest's cup it did not draw
            assert not set(heard.hands) & (guests - set(heard.held)), (seed, heard.hands)


def assert_record_private(net: FaultNet, seed: int) -> None:
    """The table's public record (every guest's copy of the log and the save, for a host
    hand-over: core/succession.py) carries no secret: no cup the host knew at a fair deal, no
    seed, no secret of the fair round, no seat token."""
    for phone in net.all_phones:
        for sent in phone.received:
            if not sent.text.startswith('{"v":1,"t":"record"'):
                continue
            frame = json.loads(sent.text)
            for e in frame["log"]:
                assert not e.get("known") and not e.get("seed"), (seed, phone.name, e)
            state = frame["state"]
            if state is not None:
                assert not state.get("seed") and not (state.get("fair") or {}).get("secrets"), (
                    seed, phone.name, state)
                # the state's fields that changed (core/succession.py): the room's, when it did
                seats = (state.get("room") or {}).get("seats", [])
                assert all(s.get("token") is None for s in seats), (seed, state)


def key_in_its_time(frame: dict[str, Any], rnd: dict[str, Any], key: str) -> bool:
    """A seat's key in a frame to a guest: in an update of that round at its Løft (step key or
    done) or of a later round, or in the table's record (the host hand-over's copy of the log)
    inside the proof of a round already revealed."""
    if frame["t"] == "record":
        if any(key in e["proof"]["keys"].values() for e in frame["log"]
               if e["type"] in ("reveal_hands", "forfeit")):
            return True
        saved = (frame.get("state") or {}).get("fair") or {}  # the host's save: its round
        fair = {**((saved.get("record") or {}).get("round") or {}), "step": saved.get("step")}
    else:
        fair = frame.get("view", {}).get("fair") or {}
    at = (fair.get("game_no", 0), fair.get("round_no", 0))
    return bool(fair) and (at > (rnd["game_no"], rnd["round_no"])
                           or (at == (rnd["game_no"], rnd["round_no"])
                               and fair.get("step") in ("key", "done")))


def assert_throws_private(net: FaultNet, seed: int) -> None:
    """Bakke, Treere: no guest received a seat's share before the throw's faces (step dealt of
    that exchange); the host received nothing that names dice (a keep names indexes)."""
    shares = {s: (e["fair"]["round"]["game_no"], e["fair"]["round"]["round_no"])
              for h in net.hosts for e in h.table.log if isinstance(e.get("fair"), dict)
              for s in e["fair"]["shares"].values()}
    any_share = re.compile("|".join(shares) or "^$")
    for phone in net.all_phones:
        for sent in phone.received:
            for share in set(any_share.findall(sent.text)):
                if share:
                    rnd = shares[share]
                    assert share_in_its_time(json.loads(sent.text), rnd, share), (
                        seed, f"a share reached {phone.name} before the faces", sent.text)
    for heard in net.heard:
        frame = json.loads(heard.text)
        action = frame.get("action") or {}
        if action.get("type") == "keep":
            frame = {**frame, "action": {"type": "keep"}}
        assert not _int_lists(frame), (seed, frame)


def share_in_its_time(frame: dict[str, Any], rnd: tuple[int, int], share: str) -> bool:
    """A seat's share in a frame to a guest: in an update of that exchange with its faces
    (step dealt) or of a later one, or in the record's log inside a throw made with it."""
    if frame["t"] == "record":
        return any(share in e["fair"]["shares"].values() for e in frame["log"]
                   if isinstance(e.get("fair"), dict))
    fair = frame.get("view", {}).get("fair") or {}
    at = (fair.get("game_no", 0), fair.get("round_no", 0))
    return bool(fair) and (at > rnd or (at == rnd and fair.get("step") == "dealt"))


@pytest.mark.timeout(120)
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fault_soak(chunk: int) -> None:
    began = time.perf_counter()
    for seed in range(chunk * EVENINGS, (chunk + 1) * EVENINGS):
        with seeded_secrets(seed):
            net = evening(seed)
        assert_same_log(net, seed)
        assert_hand_overs(net, seed)
        assert_record_private(net, seed)
        if net.game == "snyd":
            assert_snyd_private(net, seed)
        else:
            assert_throws_private(net, seed)
        TOTALS.update(net.stats)
        TOTALS["evenings"] += 1
        TOTALS[f"evenings_{net.game}"] += 1
        TOTALS["games_finished"] += net.finished()
        TOTALS["phones"] += 1 + len(net.phones)
        TOTALS["evenings_host_lost"] += bool(net.hand_overs)
        log = net.host.table.log
        TOTALS["fair_rounds"] += sum(e["type"] in ("reveal_hands", "forfeit") for e in log)
        TOTALS["fair_throws"] += sum(isinstance(e.get("fair"), dict) for e in log)
    TOTALS["seconds"] += time.perf_counter() - began
    TOTALS["chunks"] += 1


def test_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    """The soak's figures (after the chunks above; run alone, there is nothing to count)."""
    t = TOTALS
    if t["chunks"] == CHUNKS:
        assert t["evenings"] >= 200 and t["games_finished"] == t["evenings"]
    with capsys.disabled():
        print(f"\nfault soak: {t['evenings']} evenings (snyd {t['evenings_snyd']}, bakke "
              f"{t['evenings_bakke']}, treere {t['evenings_treere']}), {t['games_finished']} "
              f"games finished ({t['fair_rounds']} fair Snyd rounds, {t['fair_throws']} fair throws), "
              f"{t['phones']} phones, {t['steps']} steps; frames "
              f"{t['frames']} ({t['to_host']} to the host, {t['to_guests']} to guests, "
              f"{t['bytes'] / 1e6:.1f} MB); delayed {t['delayed']}, duplicated "
              f"{t['duplicated']}, reordered {t['reordered']}, lost in flight "
              f"{t['lost_in_flight']}; channel drops {t['channel_drops']}, reopens "
              f"{t['reopens']}, reloads {t['reloads']}, path switches {t['path_switches']}; "
              f"host losses {t['host_losses']} (in {t['evenings_host_lost']} evenings), "
              f"hand-overs {t['hand_overs']}, old hosts back {t['old_hosts_back']}, reloads "
              f"while an old host was away {t['reloads_host_away']}, log "
              f"entries the heirs' copies lacked {t['record_lag']}; "
              f"{t['seconds']:.1f} s")
