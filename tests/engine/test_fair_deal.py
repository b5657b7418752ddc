"""The seam of engine/snyd/table.py for fair dice (issue 20): a round dealt with cups the table
does not know until the reveal, the reveal itself, a forfeit, and the replay of all three."""
import copy
import json
import random

import pytest

from engine.errors import IllegalAction
from engine.fair_dice import FairRound, RoundId, Secret, commitment, share_commitment
from engine.snyd.bid import Bid
from engine.snyd.rules import Rules
from engine.snyd.table import Table

PLAYERS = ["Mette", "Henning", "Lis"]
HOST = "Mette"


def fair_round(table, seed, table_id="bord-1"):
    """Every seat's secrets and a FairRound past its share phase, for the table's next deal."""
    draw = random.Random(seed).randbytes
    players = table.upcoming
    counts = {p: (table.rules.dice_per_player if table.phase in ("idle", "game_over")
                  else table.dice_left[p]) for p in players}
    game_no = table.game_no + (1 if table.phase in ("idle", "game_over") else 0)
    round_no = 1 if table.phase in ("idle", "game_over") else table.round_no + 1
    rid = RoundId(table_id, game_no, round_no)
    secrets_ = {p: Secret.draw(draw) for p in players}
    r = FairRound(rid, counts)
    for p in players:
        r.add_commitment(p, commitment(rid, p, secrets_[p].key),
                         share_commitment(rid, p, secrets_[p].share))
    for p in players:
        r.add_share(p, secrets_[p].share.hex())
    return r, secrets_


def fair_deal(table, seed, known=(HOST,)):
    r, secrets_ = fair_round(table, seed)
    table.deal(hidden=True, known={p: r.my_hand(p, secrets_[p]) for p in known
                                   if p in table.upcoming})
    return r, secrets_


def lift(table, r, secrets_, caller, proof=False):
    """The Løft of a fair round: every cup opens and checks out, then the call is scored."""
    for p in table.in_play:
        assert r.open_cup(p, secrets_[p].key.hex()) == "ok"
    table.reveal_hands(r.hands(), r.record() if proof else None)
    return table.call(caller)


def replayed(t):
    return Table.replay(list(t.players), t.rules, json.loads(json.dumps(t.log)))


def new_table(**rules):
    return Table(PLAYERS, Rules(**rules), seed=3, first="Mette")


def test_a_fair_round_is_dealt_without_the_tables_dice_and_scored_after_the_reveal():
    t = new_table()
    state_of_dice = t.dice.state()
    r, sec = fair_deal(t, seed=1)
    assert t.dice.state() == state_of_dice  # the seeded dice were not used
    assert t.fair_dealt and t.phase == "bidding" and set(t.hands) == {HOST}
    assert t.log[-1] == {"type": "fair_deal", "counts": {p: 6 for p in PLAYERS},
                         "known": {HOST: r.my_hand(HOST, sec[HOST])}}
    assert t.events[-1]["type"] == "deal" and t.events[-1]["fair"] is True
    t.bid("Mette", Bid(2, 3))
    with pytest.raises(IllegalAction, match="reveal_hands"):
        t.call("Henning")
    reveal = lift(t, r, sec, "Henning")
    assert reveal.hands == {p: r.my_hand(p, sec[p]) for p in PLAYERS}
    assert t.log[-2]["type"] == "reveal_hands" and t.log[-1] == {"type": "call", "player": "Henning"}
    assert replayed(t) == t


def test_views_before_the_reveal_hold_no_other_seats_faces():
    """Twin tables whose cups differ (every seat's but one's own) give that seat equal views
    before the call, also after reveal_hands, when this table knows every cup."""
    def play(seed_for_others, me):
        t = new_table()
        r, sec = fair_round(t, 1)
        other, other_sec = fair_round(new_table(), seed_for_others)
        hands = {p: (r.my_hand(p, sec[p]) if p == me else other.my_hand(p, other_sec[p]))
                 for p in PLAYERS}
        t.deal(hidden=True, known={p: hands[p] for p in (HOST,)})
        views = [t.view(me)]
        t.bid("Mette", Bid(1, 2))
        views.append(t.view(me))
        t.reveal_hands(hands)
        views.append(t.view(me))
        return t, views, hands

    for me in PLAYERS:
        a, views_a, hands_a = play(10, me)
        _, views_b, hands_b = play(11, me)
        assert {p: h for p, h in hands_a.items() if p != me} != {
            p: h for p, h in hands_b.items() if p != me}
        assert views_a == views_b, me
        own = views_a[0]["my_dice"]
        assert own == (hands_a[me] if me == HOST else None)  # a guest's cup is on its phone only
        assert views_a[-1]["my_dice"] == hands_a[me]
        # after the call the reveal shows every cup
        a.call("Henning")
        assert a.view(me)["last_reveal"]["hands"] == hands_a


def test_a_forfeit_scores_the_round_against_that_seat_and_replays():
    t = new_table(dice_per_player=2)
    fair_deal(t, seed=2)
    t.bid("Mette", Bid(1, 2))
    before = dict(t.dice_left)
    t.forfeit("Lis")  # Lis's cup did not open in time
    assert t.phase == "reveal" and t.turn is None and t.last_reveal is None
    assert t.dice_left == {"Mette": before["Mette"] - 1, "Henning": before["Henning"] - 1, "Lis": 2}
    assert t.next_starter == "Lis"
    kinds = [e["type"] for e in t.events[-3:]]
    assert kinds == ["forfeit", "put_away", "put_away"]
    assert t.log[-1] == {"type": "forfeit", "player": "Lis"}
    assert replayed(t) == t
    # the next round: Mette and Henning go out on a second forfeit, Lis loses the game
    fair_deal(t, seed=3)
    t.forfeit("Lis")
    assert t.phase == "game_over" and t.out == ["Mette", "Henning"]
    assert [e["type"] for e in t.events[-5:]] == ["put_away", "out", "out", "game_lost", "to_viborg"]
    assert t.viborg == {"Lis"}
    assert replayed(t) == t


def test_a_forfeit_before_any_bid_and_under_klassisk_loeft():
    t = new_table(classic_call=True)
    fair_deal(t, seed=4)
    t.forfeit("Mette")  # her share never came: the round is lost before it began
    assert t.dice_left == {"Mette": 6, "Henning": 5, "Lis": 5}  # S22, not S23: nobody called
    assert replayed(t) == t


def test_an_evening_of_fair_rounds_replays_to_an_equal_table_at_every_step():
    rng = random.Random(7)
    t = Table(["Mette", "Henning", "Lis", "Bo"], Rules(dice_per_player=3), seed=5, first="Bo")
    for step in range(200):
        if t.phase != "bidding":
            if t.phase == "game_over" and t.game_no >= 3:
                break
            if rng.random() < 0.2:
                t.deal()  # plain rounds still deal as before, between fair ones
                r = None
            else:
                r, sec = fair_deal(t, seed=step, known=[p for p in ("Mette", "Bo") if rng.random() < .7])
        elif r is not None and rng.random() < 0.1:
            t.forfeit(rng.choice(t.in_play))
        elif t.current_bid is None:
            t.bid(t.turn, Bid(1, rng.randint(2, 6)))
        elif rng.random() < 0.6 and t.current_bid.quantity < t.cap:
            t.bid(t.turn, Bid(t.current_bid.quantity + 1, rng.randint(2, 6)))
        elif r is not None:
            lift(t, r, sec, t.turn, proof=rng.random() < 0.5)
        else:
            t.call(t.turn)
        assert replayed(t) == t, step
    assert t.game_no >= 2
    kinds = {e["type"] for e in t.log}
    assert {"fair_deal", "reveal_hands", "forfeit", "deal", "call"} <= kinds


def test_a_plain_table_deals_and_logs_exactly_as_before():
    t = new_table()
    t.deal([[1, 2, 3, 4, 5, 6]] * 3)
    assert t.log[-1] == {"type": "deal", "hands": [[1, 2, 3, 4, 5, 6]] * 3, "scripted": True}
    assert "fair" not in t.events[-1] and not t.fair_dealt
    t.bid("Mette", Bid(2, 3))
    t.call("Henning")
    t.deal()
    assert set(t.log[-1]) == {"type", "hands", "scripted"}
    with pytest.raises(IllegalAction, match="fair"):
        t.forfeit("Mette")
    t.bid(t.turn, Bid(1, 2))
    with pytest.raises(IllegalAction, match="fair"):
        t.reveal_hands({p: [1] * t.dice_left[p] for p in t.in_play})


def refused(t, call, *args, **kwargs):
    before = copy.deepcopy(t)
    log = t.log
    with pytest.raises(IllegalAction):
        call(*args, **kwargs)
    assert t == before and t.log == log


def test_bad_fair_deals_reveals_and_forfeits_are_refused_and_change_nothing():
    t = new_table(dice_per_player=2)
    refused(t, t.deal, [[1, 2]] * 3, hidden=True)
    refused(t, t.deal, hidden="yes")
    refused(t, t.deal, known={HOST: [1, 2]})  # known without hidden
    for known in ({HOST: [1]}, {HOST: [1, 7]}, {HOST: [1, True]}, {"Nobody": [1, 2]},
                  {HOST: "12"}, [[1, 2]], {("x",): [1, 2]}, {HOST: [1, 2], "Lis": None}):
        refused(t, t.deal, hidden=True, known=known)
    refused(t, t.forfeit, HOST)  # no round yet
    r, sec = fair_deal(t, seed=9)
    hands = {p: r.my_hand(p, sec[p]) for p in PLAYERS}
    refused(t, t.reveal_hands, hands)  # no bid stands yet
    refused(t, t.timeout, "Henning")  # not his turn
    t.bid("Mette", Bid(1, 3))
    refused(t, t.timeout, "Henning")  # a timeout that would call needs the cups open first
    refused(t, t.call, "Henning")
    for bad in ({**hands, HOST: [h % 6 + 1 for h in hands[HOST]]},  # the host's cup changed
                {p: h for p, h in hands.items() if p != "Lis"},  # a cup missing
                {**hands, "Bo": [1, 1]}, {**hands, "Lis": [1, 2, 3]}, {**hands, "Lis": [0, 1]},
                None, [hands[p] for p in PLAYERS], "hands"):
        refused(t, t.reveal_hands, bad)
    for bad in ("Nobody", None, ["Lis"]):
        refused(t, t.forfeit, bad)
    t.reveal_hands(hands)
    refused(t, t.reveal_hands, hands)  # twice
    refused(t, t.bid, "Henning", Bid(2, 3))  # the cups are open: no more bids
    t.timeout("Henning")  # the clock ran out: now it is a call
    assert t.last_reveal.caller == "Henning"
    refused(t, t.forfeit, "Lis")  # the round is over
    refused(t, t.reveal_hands, hands)
    assert replayed(t) == t


def test_a_fair_log_that_does_not_match_is_refused():
    t = new_table(dice_per_player=2)
    fair_deal(t, seed=12)
    log = t.log
    log[-1]["counts"]["Lis"] = 1
    with pytest.raises(IllegalAction):
        Table.replay(PLAYERS, t.rules, log)
    log = t.log
    log[-1]["known"] = {"Mette": [9, 9]}
    with pytest.raises(IllegalAction):
        Table.replay(PLAYERS, t.rules, log)
    log = t.log
    del log[-1]["known"]
    with pytest.raises(IllegalAction):
        Table.replay(PLAYERS, t.rules, log)


def test_a_reveal_with_its_proof_is_checked_logged_and_checked_again_at_replay():
    t = new_table(dice_per_player=3)
    r, sec = fair_deal(t, seed=51)
    t.bid("Mette", Bid(1, 4))
    for p in PLAYERS:
        r.open_cup(p, sec[p].key.hex())
    hands, proof = r.hands(), r.record()
    other, other_sec = fair_round(new_table(dice_per_player=3), 52)
    for p in PLAYERS:
        other.open_cup(p, other_sec[p].key.hex())
    refused(t, t.reveal_hands, other.hands() | {HOST: hands[HOST]}, proof)  # cups the proof does not give
    refused(t, t.reveal_hands, hands, {**proof, "counts": {p: 2 for p in PLAYERS}})
    refused(t, t.reveal_hands, hands, {**proof, "round": {**proof["round"], "round_no": 2}})
    refused(t, t.reveal_hands, hands, {**proof, "keys": {}})
    refused(t, t.reveal_hands, hands, "proof")
    t.reveal_hands(hands, proof)
    assert t.log[-1] == {"type": "reveal_hands", "hands": hands, "proof": proof}
    t.call("Henning")
    assert replayed(t) == t
    log = t.log
    key = log[-2]["proof"]["keys"]["Lis"]
    log[-2]["proof"]["keys"]["Lis"] = ("1" if key[0] == "0" else "0") + key[1:]
    with pytest.raises(IllegalAction):
        Table.replay(PLAYERS, t.rules, log)


def test_a_forfeit_with_its_proof_names_the_seat_that_failed():
    t = new_table(dice_per_player=3)
    r, sec = fair_deal(t, seed=61)
    t.bid("Mette", Bid(1, 4))
    r.open_cup("Mette", sec["Mette"].key.hex())
    r.open_cup("Henning", sec["Lis"].key.hex())  # Henning's key does not match
    proof = r.record()
    refused(t, t.forfeit, "Mette", proof)  # her cup checked out
    t.forfeit("Henning", proof)  # mismatched (and Lis, missing, could have been named too)
    assert t.log[-1] == {"type": "forfeit", "player": "Henning", "proof": proof}
    assert replayed(t) == t
    # a share that never came: the round is forfeited before anybody's dice exist
    done, _ = fair_round(t, 62)
    t2 = copy.deepcopy(t)
    draw = random.Random(1).randbytes
    rid = done.round_id
    pending = FairRound(rid, done.counts)
    drawn = {p: Secret.draw(draw) for p in PLAYERS}
    for p in PLAYERS:
        pending.add_commitment(p, commitment(rid, p, drawn[p].key),
                               share_commitment(rid, p, drawn[p].share))
    for p in ("Mette", "Henning"):
        pending.add_share(p, drawn[p].share.hex())
    assert pending.who_missing() == ["Lis"]
    t2.deal(hidden=True)
    refused(t2, t2.forfeit, "Mette", pending.record())
    t2.forfeit("Lis", pending.record())
    assert t2.next_starter == "Lis" and replayed(t2) == t2
