"""Fair throws in Bakke and Treere (issue 20): the engine's seam for faces from the phones' joint
randomness (``act(player, action, fair=record)``), checked by ``fair_dice.throw_faces``.

A throw's exchange is a ``FairRound`` of every seat with no cup (``throw_counts``: the thrower's
seat carries the throw's count), numbered 1, 2, … within a game; its record rides in the log.
Every secret comes from a seeded source, so the suite is deterministic.
"""
import copy
import json
import random

import pytest

from engine import bakke, treere
from engine.errors import IllegalAction
from engine.fair_dice import (
    FairRound,
    RoundId,
    Secret,
    commitment,
    public_faces,
    share_commitment,
    throw_counts,
    throw_faces,
)

CHI2_CRITICAL_DF5_P001 = 20.515
TABLE = "bord-7f3a9c"
PLAYERS = ["Mette", "Henning", "Lis"]


def chi_square(faces):
    expected = len(faces) / 6
    return sum((faces.count(f) - expected) ** 2 / expected for f in range(1, 7))


def exchange(players, thrower, count, game_no, no, rng, table=TABLE):
    """A complete exchange for one throw: its record and every seat's secret."""
    rid = RoundId(table, game_no, no)
    r = FairRound(rid, throw_counts(players, thrower, count))
    secrets_ = {p: Secret.draw(rng.randbytes) for p in players}
    for p in players:
        r.add_commitment(p, commitment(rid, p, secrets_[p].key),
                         share_commitment(rid, p, secrets_[p].share))
    for p in players:
        r.add_share(p, secrets_[p].share.hex())
    return r.record(), secrets_


def expected(record, players, thrower, count):
    r = FairRound.from_record(record)
    return public_faces(r.joint, r.round_id, 1 + players.index(thrower), count)


# --- Bakke --------------------------------------------------------------------------------------

def bakke_count(t, kind):
    return 1 if kind == "throw" else t.hands[t.turn]


def play_bakke(seed=1, games=2):
    """``games`` whole games of Bakke with every throw fair; the table and what each throw gave."""
    rng = random.Random(seed)
    t = bakke.Table(PLAYERS, seed=seed)
    nos = {}
    for _ in range(20_000):
        if t.phase == "over":
            if t.game_no == games:
                return t
            t.act(t.loser, {"type": "new_game"})
            continue
        choices = [k for k in t.legal(t.turn) if k in ("throw", "throw_all", "videre")]
        kind = rng.choice(choices)
        if kind == "videre":
            t.act(t.turn, {"type": kind})
            continue
        player, count = t.turn, bakke_count(t, kind)
        no = nos.get(t.game_no, 0) + 1
        nos[t.game_no] = no
        record, _ = exchange(PLAYERS, player, count, t.game_no, no, rng)
        t.act(player, {"type": kind}, fair=record)
        assert t.last["faces"] == expected(record, PLAYERS, player, count)
    raise AssertionError("the evening did not end")


def test_a_fair_bakke_evening_plays_to_the_end_and_replays():
    t = play_bakke()
    assert t.phase == "over" and t.game_no == 2 and sum(t.tally.values()) == 2
    fair_throws = [e for e in t.log if e["type"] in ("throw", "throw_all")]
    assert fair_throws and all("fair" in e for e in fair_throws)
    events = [e for e in t.events if e["type"] == "throw"]
    assert all(type(e["fair"]) is int for e in events)
    again = bakke.Table.replay(PLAYERS, t.rules, json.loads(json.dumps(t.log)))
    assert again == t


def test_the_plain_seeded_bakke_throw_is_unchanged():
    t = bakke.Table(PLAYERS, seed=3)
    t.act("Mette", {"type": "throw_all"})
    assert set(t.log[-1]) == {"type", "player", "faces"}
    assert all("fair" not in e for e in t.events)
    assert t.fair_no == 0


def bakke_table():
    t = bakke.Table(PLAYERS, seed=1)
    return t


def test_a_bakke_throw_takes_the_faces_of_its_exchange():
    rng = random.Random(5)
    t = bakke_table()
    record, _ = exchange(PLAYERS, "Mette", 6, 1, 1, rng)
    t.act("Mette", {"type": "throw_all"}, fair=record)
    assert t.log[-1]["faces"] == expected(record, PLAYERS, "Mette", 6)
    assert t.fair_no == 1 and t.fair_table == TABLE


def refused(t, player, action, record):
    before = copy.deepcopy(t._state())
    with pytest.raises(IllegalAction):
        t.act(player, action, fair=record)
    assert t._state() == before  # refused: nothing changed


def test_a_replayed_or_reordered_bakke_exchange_is_refused():
    rng = random.Random(6)
    t = bakke_table()
    first, _ = exchange(PLAYERS, "Mette", 6, 1, 2, rng)
    t.act("Mette", {"type": "throw_all"}, fair=first)
    nxt = t.turn
    one = {"type": "throw"}  # the tray holds dice: one at a time (B4)
    refused(t, nxt, one, first)  # the same record again (and another seat's)
    same_no, _ = exchange(PLAYERS, nxt, 1, 1, 2, rng)
    refused(t, nxt, one, same_no)  # a number already used
    earlier, _ = exchange(PLAYERS, nxt, 1, 1, 1, rng)
    refused(t, nxt, one, earlier)  # out of order
    good, _ = exchange(PLAYERS, nxt, 1, 1, 3, rng)
    t.act(nxt, one, fair=good)  # the next number is taken
    assert t.fair_no == 3


@pytest.mark.parametrize("change", ["thrower", "count", "game", "table", "seats", "order",
                                    "missing_share", "share", "commitment", "junk"])
def test_a_bakke_exchange_that_does_not_fit_is_refused(change):
    rng = random.Random(7)
    t = bakke_table()
    t.act("Mette", {"type": "throw_all"}, fair=exchange(PLAYERS, "Mette", 6, 1, 1, rng)[0])
    player = t.turn
    players, thrower, count, game_no, table = PLAYERS, player, 1, 1, TABLE
    if change == "thrower":
        thrower = next(p for p in PLAYERS if p != player)
    elif change == "count":
        count = 2
    elif change == "game":
        game_no = 2
    elif change == "table":
        table = "another-table"
    elif change == "seats":
        players = PLAYERS[:2] if player in PLAYERS[:2] else PLAYERS[1:]
    elif change == "order":
        players = list(reversed(PLAYERS))
    record, _ = exchange(players, thrower, count, game_no, 2, rng, table)
    if change == "missing_share":
        record["shares"].pop("Lis")
    elif change == "share":  # a share other than the committed one: its commitment refuses it
        record["shares"]["Lis"] = Secret.draw(rng.randbytes).share.hex()
    elif change == "commitment":
        record["commitments"]["Lis"][1] = "0" * 64
    elif change == "junk":
        record = {"round": "x"}
    refused(t, player, {"type": "throw"}, record)
    fits, _ = exchange(PLAYERS, player, 1, 1, 2, rng)  # the control: a fitting one is taken
    t.act(player, {"type": "throw"}, fair=fits)


def test_a_host_that_changes_its_share_after_seeing_the_others_is_refused():
    """The host opens last and would like other faces: any share but its committed one is
    refused, so it can only open the one it committed to before any share was open."""
    rng = random.Random(8)
    players = ["Vært", *PLAYERS]
    t = bakke.Table(players, seed=1)
    rid = RoundId(TABLE, 1, 1)
    r = FairRound(rid, throw_counts(players, "Vært", 6))
    secrets_ = {p: Secret.draw(rng.randbytes) for p in players}
    for p in players:
        r.add_commitment(p, commitment(rid, p, secrets_[p].key),
                         share_commitment(rid, p, secrets_[p].share))
    for p in PLAYERS:
        r.add_share(p, secrets_[p].share.hex())
    other = Secret.draw(rng.randbytes).share.hex()
    with pytest.raises(IllegalAction):
        r.add_share("Vært", other)  # the state machine refuses it
    r.add_share("Vært", secrets_["Vært"].share.hex())
    record = r.record()
    forged = copy.deepcopy(record)
    forged["shares"]["Vært"] = other  # and so does the engine, in a record or a log
    refused(t, "Vært", {"type": "throw_all"}, forged)
    t.act("Vært", {"type": "throw_all"}, fair=record)


def test_a_tampered_fair_bakke_log_is_refused():
    t = play_bakke(seed=2, games=1)
    log = t.log
    i = next(i for i, e in enumerate(log) if "fair" in e)
    faces = copy.deepcopy(log)
    faces[i]["faces"] = [f % 6 + 1 for f in faces[i]["faces"]]
    share = copy.deepcopy(log)
    seat = next(iter(share[i]["fair"]["shares"]))
    share[i]["fair"]["shares"][seat] = "ab" * 32
    dropped = copy.deepcopy(log)
    del dropped[i]["fair"]  # a plain throw now: the seeded dice give other faces
    for bad in (faces, share, dropped):
        with pytest.raises(IllegalAction):
            bakke.Table.replay(PLAYERS, t.rules, bad)


def test_only_a_throw_can_be_fair():
    rng = random.Random(9)
    t = bakke_table()
    t.act("Mette", {"type": "throw_all"}, fair=exchange(PLAYERS, "Mette", 6, 1, 1, rng)[0])
    player = t.turn
    record, _ = exchange(PLAYERS, player, 1, 1, 2, rng)
    refused(t, player, {"type": "videre"}, record)  # not after a throw of its own: illegal
    refused(t, player, {"type": "new_game"}, record)
    t.act(player, {"type": "throw"}, fair=record)  # one die from the tray's hand: count 1
    assert t.log[-1]["faces"] == expected(record, PLAYERS, player, 1)


# --- Treere -------------------------------------------------------------------------------------

def play_treere(seed=1, pots=2):
    rng = random.Random(seed)
    t = treere.Table(PLAYERS, seed=seed)
    nos = {}
    for _ in range(20_000):
        if t.phase == "over":
            if t.game_no == pots:
                return t
            t.act(PLAYERS[0], {"type": "new_game"})
            continue
        player = t.turn
        if t.rolled:
            n = len(t.rolled)
            k = rng.randint(1, n)
            t.act(player, {"type": "keep", "dice": sorted(rng.sample(range(n), k))})
            continue
        count = 5 - len(t.kept)
        no = nos.get(t.game_no, 0) + 1
        nos[t.game_no] = no
        record, _ = exchange(PLAYERS, player, count, t.game_no, no, rng)
        t.act(player, {"type": "roll"}, fair=record)
        assert t.rolled == expected(record, PLAYERS, player, count)
    raise AssertionError("the evening did not end")


def test_a_fair_treere_evening_plays_to_the_end_and_replays():
    t = play_treere()
    assert t.phase == "over" and t.game_no == 2
    rolls = [e for e in t.log if e["type"] == "roll"]
    assert rolls and all("fair" in e for e in rolls)
    assert all(type(e["fair"]) is int for e in t.events if e["type"] == "roll")
    again = treere.Table.replay(PLAYERS, t.rules, json.loads(json.dumps(t.log)))
    assert again == t


def test_the_plain_seeded_treere_roll_is_unchanged():
    t = treere.Table(PLAYERS, seed=3)
    t.act("Mette", {"type": "roll"})
    assert set(t.log[-1]) == {"type", "player", "faces"}
    assert all("fair" not in e for e in t.events)


def test_a_replayed_or_misfit_treere_exchange_is_refused():
    rng = random.Random(10)
    t = treere.Table(PLAYERS, seed=1)
    first, _ = exchange(PLAYERS, "Mette", 5, 1, 1, rng)
    t.act("Mette", {"type": "roll"}, fair=first)
    t.act("Mette", {"type": "keep", "dice": [0]})
    refused(t, "Mette", {"type": "roll"}, first)  # replayed (and the count is 4 now)
    again, _ = exchange(PLAYERS, "Mette", 4, 1, 1, rng)
    refused(t, "Mette", {"type": "roll"}, again)  # number 1 is used
    five, _ = exchange(PLAYERS, "Mette", 5, 1, 2, rng)
    refused(t, "Mette", {"type": "roll"}, five)  # 4 dice are left, not 5
    other, _ = exchange(PLAYERS, "Henning", 4, 1, 2, rng)
    refused(t, "Mette", {"type": "roll"}, other)  # another seat's roll
    before = copy.deepcopy(t._state())
    with pytest.raises(IllegalAction):
        t.act("Mette", {"type": "keep", "dice": [0]}, fair=first)  # only a roll is fair
    assert t._state() == before
    good, _ = exchange(PLAYERS, "Mette", 4, 1, 2, rng)
    t.act("Mette", {"type": "roll"}, fair=good)
    assert t.rolled == expected(good, PLAYERS, "Mette", 4)


def test_a_new_pot_numbers_its_rolls_from_one_and_binds_its_game():
    t = play_treere(seed=4, pots=1)
    t.act("Mette", {"type": "new_game"})
    assert t.fair_no == 0
    rng = random.Random(11)
    old, _ = exchange(PLAYERS, t.turn, 5, 1, 1, rng)
    refused(t, t.turn, {"type": "roll"}, old)  # the last pot's game number
    new, _ = exchange(PLAYERS, t.turn, 5, 2, 1, rng)
    t.act(t.turn, {"type": "roll"}, fair=new)


def test_a_tampered_fair_treere_log_is_refused():
    t = play_treere(seed=5, pots=1)
    log = t.log
    i = next(i for i, e in enumerate(log) if "fair" in e)
    bad = copy.deepcopy(log)
    bad[i]["fair"]["round"]["round_no"] = 7
    with pytest.raises(IllegalAction):
        treere.Table.replay(PLAYERS, t.rules, bad)


# --- the faces are uniform ------------------------------------------------------------------------

def test_fair_throw_faces_are_uniform_per_face_and_per_position():
    rng = random.Random(12)
    every, by_position = [], [[] for _ in range(6)]
    for no in range(1, 1201):
        record, _ = exchange(PLAYERS, "Lis", 6, 1, no, rng)
        faces, got = throw_faces(record, PLAYERS, "Lis", 6, 1, no - 1)
        assert got == no
        every += faces
        for i, f in enumerate(faces):
            by_position[i].append(f)
    assert chi_square(every) < CHI2_CRITICAL_DF5_P001
    assert all(chi_square(col) < 24.597 for col in by_position)  # p = 0.001 / 6


def test_the_chi_square_here_can_fail():
    rng = random.Random(13)
    faces = []
    for no in range(1, 301):
        faces += throw_faces(exchange(PLAYERS, "Lis", 6, 1, no, rng)[0], PLAYERS, "Lis", 6, 1,
                             no - 1)[0]
    assert chi_square(faces) < CHI2_CRITICAL_DF5_P001
    loaded = [6 if f == 1 and i % 3 == 0 else f for i, f in enumerate(faces)]
    assert chi_square(loaded) > CHI2_CRITICAL_DF5_P001


def test_one_exchange_gives_each_seat_its_own_throw():
    """The thrower's place is in the derivation: one exchange's faces for another seat differ."""
    rng = random.Random(14)
    record, _ = exchange(PLAYERS, "Mette", 6, 1, 1, rng)
    r = FairRound.from_record(record)
    mine = public_faces(r.joint, r.round_id, 1, 6)
    assert throw_faces(record, PLAYERS, "Mette", 6, 1, 0)[0] == mine
    assert public_faces(r.joint, r.round_id, 2, 6) != mine
