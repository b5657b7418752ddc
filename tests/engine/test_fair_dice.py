"""engine/fair_dice.py (issue 20): uniform faces, caught cheats, refused replays, hostile input.

Every secret here comes from a seeded source, so the suite is deterministic; the chi-square
tests use a fixed critical value (p = 0.001, 5 degrees of freedom), so they do not flake.
"""
import copy
import doctest
import hashlib
import random

import pytest

from engine import fair_dice
from engine.errors import IllegalAction
from engine.fair_dice import (
    MISMATCH,
    OK,
    FairRound,
    RoundId,
    Secret,
    commitment,
    faces_from_bytes,
    hand,
    joint,
    public_faces,
    share_commitment,
    verify_cup,
)

CHI2_CRITICAL_DF5_P001 = 20.515
RID = RoundId("bord-7f3a", 2, 3)
NAMES = ["Mette", "Henning", "Lis", "Bo", "Karen", "Ib", "Søs", "Jens"]


def source(seed):
    rng = random.Random(seed)
    return rng.randbytes


def chi_square(faces):
    n = len(faces)
    expected = n / 6
    return sum((faces.count(f) - expected) ** 2 / expected for f in range(1, 7))


def committed(seats, seed=1, rid=RID, count=5):
    """A round past the commit phase: (round, secrets by seat)."""
    draw = source(seed)
    secrets_ = {s: Secret.draw(draw) for s in seats}
    r = FairRound(rid, {s: count for s in seats})
    for s in seats:
        r.add_commitment(s, commitment(rid, s, secrets_[s].key),
                         share_commitment(rid, s, secrets_[s].share))
    return r, secrets_


def shared(seats, seed=1, rid=RID, count=5):
    r, secrets_ = committed(seats, seed, rid, count)
    for s in seats:
        r.add_share(s, secrets_[s].share.hex())
    return r, secrets_


def test_the_module_docstring_runs():
    assert doctest.testmod(fair_dice).failed == 0


# --- uniform faces --------------------------------------------------------------------------


def test_chi_square_can_fail():
    """The test below would see a die that is slightly loaded."""
    rng = random.Random(5)
    fair = [rng.randint(1, 6) for _ in range(30_000)]
    assert chi_square(fair) < CHI2_CRITICAL_DF5_P001
    loaded = [1 if f == 6 and i % 8 == 0 else f for i, f in enumerate(fair)]  # 1 in 48 sixes
    assert chi_square(loaded) > CHI2_CRITICAL_DF5_P001
    plain_modulo = faces_from_bytes(bytes(range(256)) * 40, 40 * 252)
    assert plain_modulo.count(1) == plain_modulo.count(6)  # rejection: 252 values, 42 each


@pytest.mark.parametrize("seats", range(2, 9))
def test_derived_faces_are_uniform_per_face_and_per_seat_count(seats):
    """Over many rounds at ``seats`` seats, every face of every cup, and each seat's faces."""
    players = NAMES[:seats]
    draw = source(1000 + seats)
    every, per_seat = [], {p: [] for p in players}
    rounds = 24_000 // seats  # ~120,000 faces a seat count
    for n in range(rounds):
        rid = RoundId("t", 1, n)
        shares = [draw(32) for _ in players]
        j = joint(rid, shares)
        for p in players:
            faces = hand(draw(32), j, rid, p, 5)
            every += faces
            per_seat[p] += faces
    assert chi_square(every) < CHI2_CRITICAL_DF5_P001
    # each seat alone, at the Bonferroni-corrected level (p = 0.001 / seats): critical 22.1 .. 25.2
    bonferroni = {2: 22.105, 3: 23.029, 4: 23.681, 5: 24.185, 6: 24.597, 7: 24.944, 8: 25.244}
    for p, faces in per_seat.items():
        assert chi_square(faces) < bonferroni[seats], p


def test_faces_by_position_in_the_cup_are_uniform():
    draw = source(77)
    j = joint(RID, [draw(32), draw(32)])
    by_position = [[] for _ in range(6)]
    for _ in range(12_000):
        for i, f in enumerate(hand(draw(32), j, RID, "Mette", 6)):
            by_position[i].append(f)
    assert all(chi_square(col) < 24.597 for col in by_position)  # p = 0.001 / 6


def test_bytes_252_to_255_are_thrown_away_and_the_stream_goes_on():
    assert faces_from_bytes(bytes([252, 253, 254, 255, 0, 5, 6, 251]), 4) == [1, 6, 1, 6]
    assert faces_from_bytes(bytes([255] * 10), 3) == []
    # 64 faces need more than one 32-byte block: the counter extends the stream
    faces = hand(hashlib.sha256(b"k").digest(), bytes(32), RID, "Mette", 64)
    assert len(faces) == 64 and set(faces) == set(range(1, 7))


def test_a_longer_cup_starts_with_the_shorter_one():
    key, j = source(3)(32), source(4)(32)
    assert hand(key, j, RID, "Bo", 6)[:3] == hand(key, j, RID, "Bo", 3)


def test_public_throws_follow_the_joint_value_and_the_throw_number():
    j = joint(RID, [bytes(32), bytes([1]) * 32])
    a = public_faces(j, RID, 0, 5)
    assert a == public_faces(j, RID, 0, 5) and len(a) == 5 and set(a) <= set(range(1, 7))
    assert public_faces(j, RID, 1, 30) != public_faces(j, RID, 0, 30)
    assert public_faces(j, RoundId(RID.table, 2, 4), 0, 30) != public_faces(j, RID, 0, 30)


# --- cheats caught --------------------------------------------------------------------------


def test_a_changed_cup_or_changed_secret_is_caught():
    r, sec = shared(NAMES[:4])
    j = r.joint
    mine = r.my_hand("Lis", sec["Lis"])
    c = commitment(RID, "Lis", sec["Lis"].key)
    assert verify_cup(RID, "Lis", sec["Lis"].key.hex(), c, j, mine, 5)
    for i in range(5):
        changed = list(mine)
        changed[i] = changed[i] % 6 + 1
        assert not verify_cup(RID, "Lis", sec["Lis"].key.hex(), c, j, changed, 5)
    assert not verify_cup(RID, "Lis", sec["Lis"].key.hex(), c, j, mine[:-1], 5)  # a die hidden
    assert not verify_cup(RID, "Lis", sec["Lis"].key.hex(), c, j, [*mine, 1], 5)
    other_key = bytearray(sec["Lis"].key)
    other_key[0] ^= 1
    assert not verify_cup(RID, "Lis", bytes(other_key).hex(), c, j, mine, 5)
    # in the state machine a wrong key is a mismatch, named, and the seat is not "missing"
    assert r.open_cup("Lis", bytes(other_key).hex()) == MISMATCH
    assert r.mismatched() == ["Lis"] and "Lis" not in r.who_missing()
    assert r.hands() == {}
    with pytest.raises(IllegalAction):
        r.open_cup("Lis", sec["Lis"].key.hex())  # no second try
    assert r.open_cup("Bo", sec["Bo"].key.hex()) == OK
    assert r.hands() == {"Bo": r.my_hand("Bo", sec["Bo"])}


def test_verify_cup_says_false_to_junk():
    r, sec = shared(NAMES[:2])
    c = commitment(RID, "Mette", sec["Mette"].key)
    for key in (None, 5, "zz" * 32, sec["Mette"].key.hex().upper(), sec["Mette"].key.hex()[:-2]):
        assert not verify_cup(RID, "Mette", key, c, r.joint, [1, 2, 3, 4, 5], 5)
    mine = r.my_hand("Mette", sec["Mette"])
    assert verify_cup(RID, "Mette", sec["Mette"].key.hex(), c, r.joint, mine, 5)
    assert not verify_cup(RID, "Mette", sec["Mette"].key.hex(), c, r.joint, "12345", 5)
    assert not verify_cup(RID, "Mette", sec["Mette"].key.hex(), c, b"short", mine, 5)
    assert not verify_cup(RID, "Mette", sec["Mette"].key.hex(), c, r.joint, mine, "5")
    assert not verify_cup(RID, "Mette", sec["Mette"].key.hex(), c, r.joint, [0] * 99, 99)
    assert not verify_cup(RID, "Mette", sec["Mette"].key.hex(), c.upper(), r.joint, mine, 5)


@pytest.mark.parametrize("other", [
    RoundId(RID.table, RID.game_no, RID.round_no + 1),
    RoundId(RID.table, RID.game_no + 1, RID.round_no),
    RoundId(RID.table + "x", RID.game_no, RID.round_no),
    RoundId("bord-7f3", RID.game_no, RID.round_no),
])
def test_a_commitment_from_another_round_game_or_table_is_refused(other):
    r, sec = shared(NAMES[:3])
    old = Secret.draw(source(99))
    # Henning replays what he committed to in another round: the key no longer matches here ...
    assert commitment(other, "Henning", old.key) != commitment(RID, "Henning", old.key)
    replayed = FairRound(RID, {p: 5 for p in NAMES[:3]})
    for p in NAMES[:3]:
        s = old if p == "Henning" else sec[p]
        rid = other if p == "Henning" else RID
        replayed.add_commitment(p, commitment(rid, p, s.key), share_commitment(rid, p, s.share))
    # ... his share is refused as soon as he opens it, and so is his cup at the reveal
    with pytest.raises(IllegalAction, match="passer ikke"):
        replayed.add_share("Henning", old.share.hex())
    assert replayed.who_missing() == NAMES[:3]
    c_other = commitment(other, "Henning", old.key)
    assert not verify_cup(RID, "Henning", old.key.hex(), c_other, r.joint,
                          hand(old.key, r.joint, RID, "Henning", 5), 5)


def test_a_commitment_moved_to_another_seat_is_refused():
    sec = Secret.draw(source(8))
    assert commitment(RID, "Mette", sec.key) != commitment(RID, "Henning", sec.key)
    r = FairRound(RID, {"Mette": 2, "Henning": 2})
    r.add_commitment("Mette", commitment(RID, "Henning", sec.key),
                     share_commitment(RID, "Henning", sec.share))
    other = Secret.draw(source(9))
    r.add_commitment("Henning", commitment(RID, "Henning", other.key),
                     share_commitment(RID, "Henning", other.share))
    with pytest.raises(IllegalAction):
        r.add_share("Mette", sec.share.hex())
    # the cup and the share commitment are not interchangeable either (another tag)
    assert commitment(RID, "Mette", sec.key) != share_commitment(RID, "Mette", sec.key)


def test_reordered_shares_give_another_joint_but_arrival_order_does_not_matter():
    a, b, c = (source(i)(32) for i in (1, 2, 3))
    assert joint(RID, [a, b, c]) != joint(RID, [b, a, c])
    assert joint(RID, [a, b, c]) != joint(RoundId("x", 1, 1), [a, b, c])
    seats = NAMES[:5]
    first, sec = shared(seats, seed=4)
    second, _ = committed(seats, seed=4)
    for s in reversed(seats):
        second.add_share(s, sec[s].share.hex())
    assert first.joint == second.joint
    # a round whose seats sit in another order has another joint value
    rev = FairRound(RID, {s: 5 for s in reversed(seats)})
    for s in seats:
        rev.add_commitment(s, commitment(RID, s, sec[s].key), share_commitment(RID, s, sec[s].share))
    for s in seats:
        rev.add_share(s, sec[s].share.hex())
    assert rev.joint != first.joint


def test_an_abort_cannot_change_the_aborters_dice():
    """The last seat sees every other share, but its dice are fixed by its key and the joint
    value: it can open its share (and play those dice) or not open it (and lose the round)."""
    seats = NAMES[:4]
    r, sec = committed(seats, seed=12)
    for s in seats[:-1]:
        r.add_share(s, sec[s].share.hex())
    assert r.who_missing() == ["Bo"] and r.joint is None
    with pytest.raises(IllegalAction):
        r.my_hand("Mette", sec["Mette"])  # nobody has dice until every share is in
    # whatever other share Bo tries, it is refused: his dice were fixed when he committed
    for n in range(20):
        with pytest.raises(IllegalAction):
            r.add_share("Bo", source(500 + n)(32).hex())
    assert r.who_missing() == ["Bo"] and r.joint is None
    r.add_share("Bo", sec["Bo"].share.hex())
    expected = hand(sec["Bo"].key, joint(RID, [sec[s].share for s in seats]), RID, "Bo", 5)
    assert r.my_hand("Bo", sec["Bo"]) == expected
    # at the reveal: who does not open is named
    for s in ("Mette", "Lis"):
        assert r.open_cup(s, sec[s].key.hex()) == OK
    assert r.who_missing() == ["Henning", "Bo"]


def test_a_recorder_of_what_the_host_receives_cannot_find_a_guests_hand():
    seats = NAMES[:6]
    r, sec = shared(seats, seed=21)
    record = r.record()  # everything the host has before the reveal
    received = repr(record).encode() + b"".join(r.commitments(s)[0].encode() + r.commitments(s)[1].encode()
                                                 for s in seats) + r.joint
    for s in seats:
        key = sec[s].key
        assert key not in received and key.hex().encode() not in received
        assert record["keys"] == {}
        real = r.my_hand(s, sec[s])
        # guessing a key from what was received gives other dice
        guesses = [bytes.fromhex(r.commitments(s)[0]), bytes.fromhex(r.commitments(s)[1]),
                   r.joint, sec[s].share, hashlib.sha256(r.joint).digest()]
        guesses += [source(s)(32) for _ in range(50)]
        derived = [hand(g, r.joint, RID, s, 30) for g in guesses]
        assert all(d != hand(key, r.joint, RID, s, 30) for d in derived)
        assert real == hand(key, r.joint, RID, s, 5)


def test_dice_are_not_the_same_for_two_seats_with_one_key():
    key = source(1)(32)
    j = source(2)(32)
    assert hand(key, j, RID, "Mette", 30) != hand(key, j, RID, "Henning", 30)


# --- hostile input --------------------------------------------------------------------------


def snapshot(r):
    return copy.deepcopy(vars(r))


@pytest.mark.parametrize("seat, cup, share", [
    ("Ukendt", "a" * 64, "b" * 64),  # not a seat of the round
    (["Mette"], "a" * 64, "b" * 64),  # unhashable
    (None, "a" * 64, "b" * 64),
    ("Mette", "a" * 63, "b" * 64),  # short
    ("Mette", "a" * 65, "b" * 64),
    ("Mette", "A" * 64, "b" * 64),  # upper case: one spelling only
    ("Mette", "g" * 64, "b" * 64),  # not hex
    ("Mette", "a" * 10**6, "b" * 64),
    ("Mette", b"a" * 64, "b" * 64),  # bytes
    ("Mette", 5, "b" * 64),
    ("Mette", "a" * 64, None),
    ("Mette", "a" * 64, "a" * 64),  # the same twice
    ("Mette", " " + "a" * 63, "b" * 64),
])
def test_bad_commitments_are_refused_and_change_nothing(seat, cup, share):
    r = FairRound(RID, {"Mette": 5, "Henning": 5})
    before = snapshot(r)
    with pytest.raises(IllegalAction):
        r.add_commitment(seat, cup, share)
    assert snapshot(r) == before


def test_duplicate_and_out_of_phase_messages_are_refused_and_change_nothing():
    seats = NAMES[:3]
    r = FairRound(RID, {s: 5 for s in seats})
    sec = {s: Secret.draw(source(s)) for s in seats}

    def refused(call, *args):
        before = snapshot(r)
        with pytest.raises(IllegalAction):
            call(*args)
        assert snapshot(r) == before

    refused(r.add_share, "Mette", sec["Mette"].share.hex())  # before the commitments
    refused(r.open_cup, "Mette", sec["Mette"].key.hex())
    refused(r.my_hand, "Mette", sec["Mette"])
    r.add_commitment("Mette", commitment(RID, "Mette", sec["Mette"].key),
                     share_commitment(RID, "Mette", sec["Mette"].share))
    refused(r.add_commitment, "Mette", "c" * 64, "d" * 64)  # a second commitment
    refused(r.commitments, "Henning")
    assert r.who_missing() == ["Henning", "Lis"] and r.phase == "commit"
    for s in seats[1:]:
        r.add_commitment(s, commitment(RID, s, sec[s].key), share_commitment(RID, s, sec[s].share))
    refused(r.add_commitment, "Lis", "c" * 64, "d" * 64)  # after all are in
    refused(r.add_share, "Mette", sec["Mette"].key.hex())  # the key is not the share
    for bad in (None, 7, "x" * 64, "ab", sec["Mette"].share, ["a" * 64]):
        refused(r.add_share, "Mette", bad)
    refused(r.add_share, "Nobody", sec["Mette"].share.hex())
    r.add_share("Mette", sec["Mette"].share.hex())
    refused(r.add_share, "Mette", sec["Mette"].share.hex())  # twice
    refused(r.open_cup, "Mette", sec["Mette"].key.hex())  # the joint value is not known yet
    for s in seats[1:]:
        r.add_share(s, sec[s].share.hex())
    refused(r.add_share, "Lis", sec["Lis"].share.hex())
    for bad in (None, "zz" * 32, sec["Mette"].key, "a" * 66):
        refused(r.open_cup, "Mette", bad)
    refused(r.my_hand, "Mette", sec["Mette"].key)  # not a Secret
    assert r.open_cup("Mette", sec["Mette"].key.hex()) == OK
    refused(r.open_cup, "Mette", sec["Mette"].key.hex())


@pytest.mark.parametrize("make", [
    lambda: RoundId("", 1, 1),
    lambda: RoundId("x" * 101, 1, 1),
    lambda: RoundId(5, 1, 1),
    lambda: RoundId("t", -1, 1),
    lambda: RoundId("t", 1, True),
    lambda: RoundId("t", 1, 2**32),
    lambda: RoundId("t", 1.0, 1),
    lambda: RoundId("\ud800", 1, 1),
    lambda: Secret(b"x" * 31, b"y" * 32),
    lambda: Secret("x" * 32, b"y" * 32),
    lambda: Secret.draw(lambda n: b"short"),
    lambda: commitment(("t", 1, 1), "Mette", bytes(32)),
    lambda: commitment(RID, "", bytes(32)),
    lambda: commitment(RID, "Mette", bytearray(32)),
    lambda: joint(RID, []),
    lambda: joint(RID, [bytes(32)] * 9),
    lambda: joint(RID, bytes(32)),
    lambda: joint(RID, [bytes(31)]),
    lambda: hand(bytes(32), bytes(32), RID, "Mette", -1),
    lambda: hand(bytes(32), bytes(32), RID, "Mette", 65),
    lambda: hand(bytes(32), bytes(31), RID, "Mette", 5),
    lambda: hand(bytes(32), bytes(32), RID, "Mette", True),
    lambda: public_faces(bytes(32), RID, -1, 5),
    lambda: FairRound(RID, {}),
    lambda: FairRound(RID, ["Mette", "Henning"]),
    lambda: FairRound(RID, {f"p{i}": 5 for i in range(9)}),
    lambda: FairRound(RID, {"Mette": "5"}),
    lambda: FairRound(RID, {5: 5}),
    lambda: FairRound("t", {"Mette": 5}),
])
def test_bad_values_are_an_illegal_action(make):
    with pytest.raises(IllegalAction):
        make()


def test_a_secret_does_not_show_itself():
    s = Secret.draw(source(1))
    assert s.key.hex() not in repr(s) and s.share.hex() not in repr(s) and s != Secret.draw(source(2))


def test_the_record_holds_the_openings_for_a_later_check():
    seats = NAMES[:3]
    r, sec = shared(seats, seed=31)
    for s in seats:
        r.open_cup(s, sec[s].key.hex())
    rec = r.record()
    j = joint(RID, [bytes.fromhex(rec["shares"][s]) for s in seats])
    assert j == r.joint
    for s in seats:
        cup, _ = rec["commitments"][s]
        assert verify_cup(RID, s, rec["keys"][s], cup, j, r.hands()[s], rec["counts"][s])


def test_a_record_rebuilds_the_round_at_every_phase_also_through_json():
    import json
    seats = NAMES[:4]
    sec = {s: Secret.draw(source(s)) for s in seats}
    r = FairRound(RID, {s: 4 for s in seats})
    records = [r.record()]
    for s in seats[:2]:
        r.add_commitment(s, commitment(RID, s, sec[s].key), share_commitment(RID, s, sec[s].share))
        records.append(r.record())
    for s in seats[2:]:
        r.add_commitment(s, commitment(RID, s, sec[s].key), share_commitment(RID, s, sec[s].share))
    for s in seats:
        r.add_share(s, sec[s].share.hex())
        records.append(r.record())
    r.open_cup("Lis", sec["Lis"].key.hex())
    r.open_cup("Mette", sec["Bo"].key.hex())  # a mismatch
    records.append(r.record())
    for rec in records:
        again = FairRound.from_record(json.loads(json.dumps(rec)))
        assert again.record() == rec and again.phase == FairRound.from_record(rec).phase
    last = FairRound.from_record(records[-1])
    assert last.hands() == r.hands() and last.mismatched() == ["Mette"]
    assert last.who_missing() == ["Henning", "Bo"] and last.joint == r.joint


def test_a_tampered_record_is_refused():
    seats = NAMES[:3]
    r, sec = shared(seats, seed=41)
    for s in seats:
        r.open_cup(s, sec[s].key.hex())
    good = r.record()

    def tampered(change):
        rec = copy.deepcopy(good)
        change(rec)
        return rec

    flip = {"0": "1", "1": "0"}
    bad = [
        tampered(lambda rec: rec["keys"].update(Lis=flip.get(rec["keys"]["Lis"][0], "0") + rec["keys"]["Lis"][1:])),
        tampered(lambda rec: rec["shares"].update(Lis=sec["Mette"].share.hex())),
        tampered(lambda rec: rec["commitments"].update(Lis=rec["commitments"]["Lis"][::-1])),
        tampered(lambda rec: rec["round"].update(round_no=4)),
        tampered(lambda rec: rec["round"].update(extra=1)),
        tampered(lambda rec: rec["counts"].update(Lis="5")),  # the counts are the table's to check
        tampered(lambda rec: rec.update(mismatched=["Lis"])),
        tampered(lambda rec: rec.update(mismatched="Lis")),
        tampered(lambda rec: rec["keys"].update(Nobody="a" * 64)),
        tampered(lambda rec: rec["shares"].pop("Lis")),  # keys without every share
        tampered(lambda rec: rec.pop("keys")),
        tampered(lambda rec: rec["commitments"].update(Lis="ab")),
        None, [], "record", {"round": "x"},
    ]
    for rec in bad:
        with pytest.raises(IllegalAction):
            FairRound.from_record(rec)
