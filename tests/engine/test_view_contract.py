"""The view contract (docs/views.md) in every phase: no leaks, plain JSON, history only grows.

The twin-table property: two tables with the same public history give a seat identical
views, whatever the others hold and whatever the RNG has in store.  Checked in every phase
(idle, bidding, reveal, game_over) and for the watchers of an S32 final.
"""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from snyd_play import lose_game, random_action, table

from engine.snyd import Bid, Rules, Table
from engine.snyd.view import FLAT_EVENTS

NAMES = ["Mette", "Henning", "Bent", "Lis", "Ole"]

# Small cups so that games are short and an evening reaches Viborg and the final.
rules_st = st.builds(
    Rules,
    dice_per_player=st.integers(1, 3), jokers=st.booleans(), stairs=st.booleans(),
    of_a_kind=st.booleans(), present=st.booleans(), peek_once=st.booleans(),
    hidden_count=st.booleans(), classic_call=st.booleans(),
    time_limit=st.sampled_from([None, 15]), viborg=st.booleans(),
    viborg_final=st.sampled_from([True, True, False]), home_by_win=st.booleans(),
    practice=st.booleans(),
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def drive(t: Table, rng: random.Random, games: int, check) -> None:
    """Random legal play; ``check(t)`` after every step, in every phase."""
    check(t)
    ended = 0
    while ended < games:
        t.deal()
        check(t)
        while t.phase == "bidding":
            t.act(t.turn, random_action(t, rng))
            check(t)
        ended += t.phase == "game_over"


def twin(t: Table, me: str, rng: random.Random) -> Table:
    """A table with ``t``'s public history but another seed and, while a round is being bid,
    other dice for everyone but ``me`` (all of them when ``me`` watches or is out)."""
    log = t.log
    start = log[0]
    other = Table(t.players, t.rules, seed=start["seed"] + 1, first=start["first"])
    last_deal = max((i for i, e in enumerate(log) if e["type"] == "deal"), default=0)
    for i, entry in enumerate(log[1:], 1):
        kind = entry["type"]
        if kind == "deal":
            hands = entry["hands"]
            if i == last_deal and t.phase == "bidding":
                hands = [h if p == me else [rng.randint(1, 6) for _ in h]
                         for p, h in zip(t.in_play, hands)]
            other.deal(hands)
        elif kind == "bid":
            other.bid(entry["player"], Bid(entry["quantity"], entry["face"]))
        elif kind == "call":
            other.call(entry["player"])
        else:
            other.timeout(entry["player"])
    return other


def seen_phases(t: Table, me: str) -> str:
    watching = t.phase == "bidding" and t.final and me not in t.in_game
    return "final-watcher" if watching else t.phase


@SETTINGS
@given(rules_st, st.integers(2, 5), st.integers(0, 10**6))
def test_views_same_public_history_same_view_in_every_phase(rules, n, seed):
    rng = random.Random(seed)
    players = NAMES[:n]
    t = Table(players, rules, seed=seed, first=rng.choice(players))

    def check(t):
        if t.phase != "idle" and rng.random() > 0.3:
            return
        me = rng.choice(t.players)
        assert twin(t, me, rng).view(me) == t.view(me), seen_phases(t, me)

    drive(t, rng, games=4, check=check)


def test_views_final_watchers_and_every_phase_are_covered_by_the_twin_check():
    """The property above must actually reach every phase, the final's watchers included."""
    rng = random.Random(5)
    seen = set()
    t = Table(NAMES[:3], Rules(dice_per_player=2, viborg_final=True), seed=5, first="Mette")

    def check(t):
        for me in t.players:
            assert twin(t, me, rng).view(me) == t.view(me)
            seen.add(seen_phases(t, me))

    drive(t, rng, games=8, check=check)
    assert seen == {"idle", "bidding", "reveal", "game_over", "final-watcher"}


def test_views_twin_detects_a_leak():
    """The twin check can fail: a view that showed another seat's dice would differ."""
    t = table(3, dice=2)
    t.deal([[2, 2], [3, 3], [4, 4]])
    rng = random.Random(1)
    other = twin(t, "A", rng)
    assert other.hands["B"] != t.hands["B"] or other.hands["C"] != t.hands["C"]
    assert other.view("A") == t.view("A")
    assert other.log != t.log  # the log (not a view) holds every die


def walk(value, path=()):
    """Every (path, key, value) in a JSON-like value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path, k, v
            yield from walk(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, path + (i,))


def count_fields(view: dict) -> list:
    """Fields that would tell a dice count (S43); the rules switches themselves excluded."""
    bad = []
    for path, key, _ in walk(view):
        if path[:1] == ("rules",) or (path == () and key in ("my_dice_count", "rules")):
            continue
        if key in ("count", "counts", "dice_left", "total_dice") or key.endswith("_count"):
            bad.append((path, key))
    return bad


@SETTINGS
@given(rules_st, st.integers(2, 5), st.integers(0, 10**6))
def test_views_are_plain_json_and_S43_no_count_anywhere(rules, n, seed):
    rng = random.Random(seed)
    players = NAMES[:n]
    t = Table(players, rules, seed=seed, first=players[0])
    last = {p: t.view(p) for p in players}

    def check(t):
        for p in t.players:
            v = t.view(p)
            assert json.loads(json.dumps(v)) == v  # str keys, lists not tuples, no objects
            assert all(isinstance(k, str) for _, k, _ in walk(v))
            # view() copies these kinds shallowly: they must hold no list or dict.
            assert all(type(x) not in (list, dict) for e in v["events"]
                       if e["type"] in FLAT_EVENTS for x in e.values())
            if rules.hidden_count:
                assert count_fields(v) == [], count_fields(v)
            else:
                assert v["total_dice"] == sum(v["dice_left"].values())
            # The UI finds news by len(events): history only grows, never changes.
            assert v["events"][:len(last[p]["events"])] == last[p]["events"]
            last[p] = v

    drive(t, rng, games=3, check=check)


def test_S43_count_search_finds_a_count():
    """The search above is not blind: without Skjult antal it finds the counts."""
    t = table(3, dice=2)
    t.deal([[2, 5], [5, 5], [4, 1]])
    t.bid("A", Bid(3, 5))
    t.call("B")
    found = {key for _, key in count_fields(t.view("A"))}
    assert found == {"count", "dice_left", "total_dice"}
    hidden = table(3, dice=2, hidden_count=True)
    hidden.deal([[2, 5], [5, 5], [4, 1]])
    hidden.bid("A", Bid(3, 5))
    hidden.call("B")
    assert count_fields(hidden.view("A")) == []


def test_views_are_copies_a_consumer_cannot_change_the_table():
    t = table(3, dice=2)
    t.deal([[1, 2], [5, 5], [4, 1]])
    t.bid("A", Bid(3, 5))
    t.call("B")
    before = t.view("C")
    v = t.view("C")
    for _, _, value in list(walk(v)):  # scribble on every nested list and dict
        if isinstance(value, list):
            value.append("x")
        elif isinstance(value, dict):
            value["x"] = 1
    v["events"].append({"type": "forged"})
    assert t.view("C") == before


def test_views_final_watchers_see_no_finalist_dice_and_cannot_act():
    t = table(4, viborg_final=True)
    lose_game(t, "B")
    lose_game(t, "D")
    t.deal([[5], [1]])
    for watcher in ("A", "C"):
        v = t.view(watcher)
        assert v["my_dice"] is None and not v["can_peek"]
        assert not v["can_bid"] and not v["can_call"]
        assert "[1]" not in json.dumps(v["events"][-3:]) and v["last_reveal"] is None
    assert t.view("D")["my_dice"] == [1] and t.view("D")["can_bid"]
