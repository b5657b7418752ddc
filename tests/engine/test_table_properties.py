"""Property tests (hypothesis): random legal play under random rules."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from snyd_play import random_action

from engine.snyd import (
    Bid,
    IllegalAction,
    Rules,
    Table,
    best_face,
    counted,
    holds,
    max_quantity,
    raises,
)

SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

rules_st = st.builds(
    Rules,
    dice_per_player=st.integers(1, 6), jokers=st.booleans(), stairs=st.booleans(),
    of_a_kind=st.booleans(), present=st.booleans(), peek_once=st.booleans(),
    hidden_count=st.booleans(), classic_call=st.booleans(),
    time_limit=st.sampled_from([None, 15]), viborg=st.booleans(), viborg_final=st.booleans(),
    home_by_win=st.booleans(), practice=st.booleans(),
)
names_st = st.integers(2, 6).map(lambda n: ["Mette", "Henning", "Bent", "Lis", "Ole", "Kaj"][:n])


def evening(rules, players, seed, games, on_step=None):
    """Random legal play for ``games`` games, checking invariants at every step."""
    rng = random.Random(seed)
    t = Table(players, rules, seed=seed)
    steps = 0
    for _ in range(games):
        lost_before = sum(e["type"] == "game_lost" for e in t.events)
        t.deal()
        game_no = t.game_no
        start = dict(t.dice_left)
        while True:
            while t.phase == "bidding":
                steps += 1
                assert steps < 20_000, "a game never ended"
                player = t.turn
                action = random_action(t, rng)
                if on_step is not None:
                    on_step(t, player, action, rng)
                before = dict(t.dice_left)
                t.act(player, action)
                assert all(t.dice_left[p] <= before[p] for p in before)  # only ever down
            assert t.game_no == game_no
            assert all(t.dice_left[p] <= start[p] for p in start)
            if t.phase == "game_over":
                break
            t.deal()
        lost = [e for e in t.events if e["type"] == "game_lost"]
        assert len(lost) == lost_before + 1  # exactly one loser per game
        assert t.in_play == [lost[-1]["player"]]
    return t


@SETTINGS
@given(rules_st, names_st, st.integers(0, 10**6))
def test_random_play_always_ends_games_with_one_loser(rules, players, seed):
    t = evening(rules, players, seed, games=3)
    json.dumps(t.log), json.dumps([t.view(p) for p in players])
    strokes = sum(t.tally.values())
    assert strokes == sum(e["type"] == "lost_completely" for e in t.events)
    if not rules.viborg:
        assert strokes == 3 and not t.viborg


def illegal_attempts(t: Table, player: str, rng: random.Random):
    """Actions the rules refuse at this moment (each must raise and change nothing)."""
    others = [p for p in t.players if p != player]
    cap = t.cap
    yield lambda: t.act(rng.choice(others), {"type": "call"})
    yield lambda: t.deal()
    yield lambda: t.act(player, {"type": "bid", "quantity": cap + 1, "face": 6})
    yield lambda: t.act(player, {"type": "dance"})
    if t.current_bid is None:
        yield lambda: t.call(player)
    else:
        q, f = t.current_bid.quantity, t.current_bid.face
        yield lambda: t.bid(player, Bid(q, f))
        if q > 1:  # the highest bid of one fewer still ranks below (S6, S17)
            yield lambda: t.bid(player, Bid(q - 1, 6))
    if t.rules.jokers:
        yield lambda: t.bid(player, Bid(cap, 1))
    if not t.rules.of_a_kind:
        yield lambda: t.bid(player, Bid(cap, None))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_st, names_st, st.integers(0, 10**6))
def test_illegal_actions_leave_the_table_identical(rules, players, seed):
    def on_step(t, player, action, rng):
        if rng.random() > 0.3:
            return
        log, views = t.log, [t.view(p) for p in t.players]
        for attempt in illegal_attempts(t, player, rng):
            try:
                attempt()
            except IllegalAction:
                pass
            else:
                raise AssertionError("an illegal action was accepted")
            assert t.log == log and [t.view(p) for p in t.players] == views

    evening(rules, players, seed, games=2, on_step=on_step)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_st, names_st, st.integers(0, 10**6))
def test_views_do_not_depend_on_other_players_dice(rules, players, seed):
    """Same public history, other dice for the others: identical view before the reveal.

    Checked at every opening (so at least once per round) and at a quarter of the other turns;
    the others' dice are always changed (each die moved one face on), never left as they were.
    """
    checked = []

    def on_step(t, player, action, rng):
        if t.current_bid is not None and rng.random() > 0.25:
            return
        me = rng.choice(t.players)
        log = t.log
        deal_at = max(i for i, e in enumerate(log) if e["type"] == "deal")
        order = t.in_play
        log[deal_at]["scripted"] = True
        log[deal_at]["hands"] = [
            h if p == me else [d % 6 + 1 for d in h]
            for p, h in zip(order, log[deal_at]["hands"])
        ]
        other = Table.replay(t.players, t.rules, log)
        assert any(other.hands[p] != t.hands[p] for p in order if p != me)
        assert other.view(me) == t.view(me)
        checked.append(me)

    t = evening(rules, players, seed, games=2, on_step=on_step)
    rounds = sum(e["type"] == "deal" for e in t.events)
    assert len(checked) >= rounds >= 2


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules_st, names_st, st.integers(0, 10**6))
def test_replay_reproduces_every_view(rules, players, seed):
    def on_step(t, player, action, rng):
        if rng.random() < 0.1:
            again = Table.replay(t.players, t.rules, json.loads(json.dumps(t.log)))
            assert again == t
            assert all(again.view(p) == t.view(p) for p in t.players)

    t = evening(rules, players, seed, games=2, on_step=on_step)
    again = Table.replay(players, rules, t.log)
    assert again == t and [again.view(p) for p in players] == [t.view(p) for p in players]
    # Equal tables go on equally: the RNG state is rebuilt too.
    t.deal(), again.deal()
    assert again.hands == t.hands


hands_st = st.lists(st.lists(st.integers(1, 6), min_size=1, max_size=6), min_size=1, max_size=5)


@SETTINGS
@given(rules_st, hands_st, st.integers(1, 12))
def test_counting_is_consistent(rules, hands, q):
    cap = max_quantity([len(h) for h in hands], rules.with_(hidden_count=False))
    assert counted(hands, Bid(cap, rules.biddable_faces[-1]), rules) <= cap
    for f in rules.biddable_faces:
        b = Bid(q, f)
        c = counted(hands, b, rules)
        assert holds(hands, b, rules) == (c >= q and (not rules.present or any(
            f in h for h in hands if sorted(h) != list(range(1, len(h) + 1))
            or not rules.jokers or (len(h) >= 3 and not rules.stairs))))
    if rules.of_a_kind:
        face = best_face(hands, rules)
        best = counted(hands, Bid(q, None), rules)
        if face is not None:
            assert best == counted(hands, Bid(q, face), rules)
            considered = [f for f in rules.biddable_faces
                          if not rules.present or holds(hands, Bid(1, f), rules)]
            assert face in considered
            assert all(best >= counted(hands, Bid(q, f), rules) for f in considered)
        assert holds(hands, Bid(q, None), rules) == (face is not None and best >= q)


@SETTINGS
@given(rules_st, st.integers(1, 30))
def test_raises_are_ascending_legal_and_complete(rules, cap):
    every = raises(None, rules, cap)
    assert every[0] == (Bid(1, None) if rules.of_a_kind else Bid(1, rules.biddable_faces[0]))
    per_q = len(rules.biddable_faces) + rules.of_a_kind
    assert len(every) == per_q * cap
    for i, b in enumerate(every):
        assert raises(b, rules, cap) == every[i + 1:]
