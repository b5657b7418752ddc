"""Engine checks that run unchanged in CPython (pytest) and inside Pyodide (the browser test).

Plain ``assert`` and the standard library only: no pytest, no hypothesis.
"""
import json
import random

from engine.snyd import (
    Bid,
    IllegalAction,
    Rules,
    Table,
    counted,
    holds,
    is_raise,
    lowest_bid,
    max_quantity,
    raises,
)


def _raises_illegal(fn, *args):
    try:
        fn(*args)
    except IllegalAction as err:
        return str(err)
    raise AssertionError(f"{fn.__name__}{args} was accepted")


def _random_evening(rules, players, seed, games):
    rng = random.Random(seed)
    t = Table(players, rules, seed=seed)
    for _ in range(games):
        t.deal()
        while t.phase != "game_over":
            if t.phase == "reveal":
                t.deal()
            opts = raises(t.current_bid, rules, t.cap)
            if t.current_bid is not None and (not opts or rng.random() < 0.35):
                t.act(t.turn, {"type": "call"})
            else:
                b = rng.choice(opts[:8])
                t.act(t.turn, {"type": "bid", "quantity": b.quantity, "face": b.face})
    return t


def test_counting_specials_and_jokers():
    std, stairs = Rules(), Rules(stairs=True)
    assert counted([[1, 5, 5, 3], [1, 1, 2, 6]], Bid(2, 5), std) == 5
    assert counted([[1, 2], [1], [4, 4]], Bid(1, 4), std) == 3 + 2 + 2
    assert counted([[3, 1, 2]], Bid(1, 6), stairs) == 4
    assert counted([[3, 1, 2]], Bid(1, 6), std) == 1
    assert counted([[1], [1, 2]], Bid(1, 1), Rules(jokers=False)) == 2
    assert not holds([[1], [1, 2], [1, 4]], Bid(2, 5), Rules(present=True))
    assert counted([[2, 2, 3], [3, 6, 1]], Bid(3, None), Rules(of_a_kind=True)) == 3


def test_bid_order_and_cap():
    slags = Rules(of_a_kind=True)
    assert is_raise(Bid(7, None), Bid(6, 6), slags) and not is_raise(Bid(7, None), Bid(7, 2), slags)
    assert not is_raise(Bid(3, 1), Bid(2, 2), Rules())
    assert is_raise(Bid(3, 1), Bid(2, 2), Rules(jokers=False))
    assert raises(Bid(2, 5), Rules(), 3) == [Bid(2, 6)] + [Bid(3, f) for f in range(2, 7)]
    assert max_quantity([1, 2, 3], Rules(stairs=True)) == 9
    assert lowest_bid(slags) == Bid(1, None) and lowest_bid(Rules()) == Bid(1, 2)


def test_scripted_round_and_reveal():
    t = Table(["Mette", "Henning", "Bent"], Rules(dice_per_player=3), seed=1, first="Mette")
    t.deal([[1, 5, 2], [5, 5, 6], [2, 3, 4]])
    assert t.view("Mette")["my_dice"] == [1, 5, 2] and t.turn == "Mette"
    t.act("Mette", {"type": "bid", "quantity": 3, "face": 5})
    r = t.act("Henning", {"type": "call"})
    assert (r.count, r.held, r.loser) == (4, True, "Henning")
    assert r.counting == {"Mette": [0, 1], "Henning": [0, 1], "Bent": []}
    assert t.dice_left == {"Mette": 2, "Henning": 3, "Bent": 2}
    t.deal()
    assert t.turn == "Henning"


def test_illegal_actions_change_nothing():
    t = Table(["A", "B"], Rules(dice_per_player=2), seed=3, first="A")
    t.deal([[2, 2], [3, 3]])
    log, views = t.log, [t.view("A"), t.view("B")]
    _raises_illegal(t.call, "A")
    _raises_illegal(t.bid, "B", Bid(1, 2))
    _raises_illegal(t.bid, "A", Bid(1, 1))
    _raises_illegal(t.bid, "A", Bid(9, 2))
    _raises_illegal(t.act, "A", {"type": "bid", "quantity": 1})
    _raises_illegal(t.deal)
    assert t.log == log and [t.view("A"), t.view("B")] == views


def test_views_hide_other_dice_and_hidden_counts():
    a = Table(["A", "B", "C"], Rules(dice_per_player=2), seed=5, first="A")
    b = Table(["A", "B", "C"], Rules(dice_per_player=2), seed=5, first="A")
    a.deal([[2, 3], [4, 4], [6, 6]])
    b.deal([[2, 3], [1, 5], [2, 1]])
    a.bid("A", Bid(2, 4))
    b.bid("A", Bid(2, 4))
    assert a.view("A") == b.view("A")
    h = Table(["A", "B"], Rules.preset("hardcore"), seed=5, first="A")
    h.deal()
    v = h.view("A")
    assert "dice_left" not in v and "total_dice" not in v and v["max_quantity"] == 12
    h.bid("A", Bid(1, 2))
    assert h.view("A")["my_dice"] is None  # Kig kun én gang
    h.call("B")
    assert "count" not in h.view("B")["last_reveal"]


def test_viborg_and_tally():
    t = Table(["A", "B"], Rules(dice_per_player=1), seed=1, first="A")
    for _ in range(2):  # B loses twice: Viborg, then lost completely (a selvbinder)
        t.deal([[5], [5]])
        t.bid(t.turn, Bid(1, 5)) if t.turn == "A" else t.bid("B", Bid(1, 6))
        t.call(t.turn)
    assert t.tally == {"A": 0, "B": 1} and t.selvbinder["B"] == 1 and t.viborg == set()


def test_random_evenings_under_every_rule_set_replay_exactly():
    for i, name in enumerate(("standard", "slags", "turnering", "hardcore")):
        rules = Rules.preset(name)
        t = _random_evening(rules, ["A", "B", "C", "D"][: 2 + i % 3], seed=i, games=2)
        assert t.game_no == 2 and t.phase == "game_over"
        log = json.loads(json.dumps(t.log))
        again = Table.replay(t.players, rules, log)
        assert again == t and again.view("A") == t.view("A")


def test_bad_input_is_an_illegal_action_here_too():
    """Issue 8: huge ints, malformed logs and unhashable names are IllegalAction in Pyodide too
    (its CPython has the same 4,300-digit int-to-str limit)."""
    huge = 10**5000
    t = Table(["A", "B"], Rules(dice_per_player=2), seed=1, first="A")
    t.deal([[5, 5], [1, 3]])
    log = t.log
    for bad in (huge, [], {"x": huge}):
        message = _raises_illegal(t.view, bad)
        assert len(message) < 120 and message.endswith(")")
        _raises_illegal(t.act, bad, {"type": "call"})
        assert t.can_peek(bad) is False
    _raises_illegal(Bid, huge, 5)
    _raises_illegal(Rules.from_dict, {huge: 1})
    _raises_illegal(lambda: Rules().with_(foo=1))
    _raises_illegal(Table.replay, ["A", "B"], t.rules, [{"type": "start", "players": 5}])
    no_seed = {k: v for k, v in log[0].items() if k != "seed"}
    _raises_illegal(Table.replay, ["A", "B"], t.rules, [no_seed])
    assert t.log == log
