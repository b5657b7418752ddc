"""B2: resolving dice in the tray after a throw of all dice."""
from bakke_play import ALL, table
from hypothesis import given
from hypothesis import strategies as st

from engine.bakke import drop_one, resolve


def test_b2_ones_leave_first():
    r = resolve([], [1, 1, 3, 3, 1, 5])
    assert r.ones == 3 and r.picked == (3, 3) and r.tray == (5,)
    t = table([1, 1, 3, 3, 1, 5])
    t.act("Mette", ALL)
    kinds = [e["type"] for e in t.events[1:]]
    assert kinds == ["throw", "ones_out", "pick_up"]
    assert t.events[2] == {"type": "ones_out", "player": "Mette", "count": 3}
    assert t.hands["Mette"] == 2  # 6 thrown, 3 ones gone, 2 threes back


def test_b2_groups_picked_up_lowest_face_first():
    t = table([6, 6, 2, 4, 2, 6])
    t.act("Mette", ALL)
    picks = [(e["face"], e["count"]) for e in t.events if e["type"] == "pick_up"]
    assert picks == [(2, 2), (6, 3)]
    assert t.last["picked"] == [2, 2, 6, 6, 6] and t.tray == [4]
    assert t.hands["Mette"] == 5


def test_b2_a_group_of_three_or_more_goes_up_whole():
    assert resolve([], [4, 4, 4, 4, 2, 3]).picked == (4, 4, 4, 4)


def test_b2_all_alike_empty_the_tray():
    t = table([5] * 6)
    t.act("Mette", ALL)
    assert t.tray == [] and t.hands["Mette"] == 6 and t.turn == "Henning"


def test_b2_resolves_against_what_is_in_the_tray():
    r = resolve([3, 6], [3, 4, 1])
    assert r == resolve([], [3, 6, 3, 4, 1])
    assert r.ones == 1 and r.picked == (3, 3) and r.tray == (4, 6)


@given(st.lists(st.integers(2, 6), unique=True, max_size=5),
       st.lists(st.integers(1, 6), min_size=1, max_size=30))
def test_b2_tray_holds_at_most_one_of_each_face_2_to_6(tray, faces):
    r = resolve(tray, faces)
    assert len(set(r.tray)) == len(r.tray) and 1 not in r.tray and list(r.tray) == sorted(r.tray)
    assert r.ones + len(r.picked) + len(r.tray) == len(tray) + len(faces)  # no die lost or made
    assert list(r.picked) == sorted(r.picked)


@given(st.lists(st.integers(2, 6), unique=True, max_size=5), st.integers(1, 6))
def test_b4_drop_one_keeps_the_tray_distinct(tray, face):
    r = drop_one(tray, face)
    assert len(set(r.tray)) == len(r.tray) and 1 not in r.tray
    assert r.ones + len(r.picked) + len(r.tray) == len(tray) + 1
