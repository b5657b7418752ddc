"""The reveal explains itself (issue 12): the steps from a real engine reveal, their labels and
running sum, and how the markup holds each back until its moment."""
import random
import re

from app.snyd.reveal_markup import (
    beat_ms,
    reveal_centre_html,
    revealed_hand_html,
    step_at,
    verdict_at,
)
from app.snyd.reveal_steps import Step, steps, timed_out
from app.snyd.table_markup import die_html

from engine.snyd import Rules, Table


def revealed(hands, bid, rules, caller="Henning"):
    """Mette bids ``bid`` (quantity, face) over the scripted hands; ``caller`` calls it."""
    names = ["Mette", "Henning", "Ib"][: len(hands)]
    t = Table(names, rules, seed=1, first="Mette")
    t.deal(hands)
    t.act("Mette", {"type": "bid", "quantity": bid[0], "face": bid[1]})
    if caller != "Henning":
        t.act("Henning", {"type": "bid", "quantity": bid[0] + 1, "face": bid[1]})
    t.act(caller, {"type": "call"})
    return t.view("Mette")


def test_one_and_two_counts_three_as_one_labelled_step():
    v = revealed([[1, 2], [6, 3]], (4, 6), Rules(dice_per_player=2))
    assert steps(v) == [Step("Mette", (0, 1), 3, "1+2 = 3", 3), Step("Henning", (0,), 1, None, 4)]
    assert v["last_reveal"]["count"] == 4  # the engine's count: the sum ends there


def test_stairs_count_one_more_than_their_dice():
    v = revealed([[3, 1, 2], [6, 6, 4]], (5, 6), Rules(dice_per_player=3, stairs=True))
    plan = steps(v)
    assert plan[0] == Step("Mette", (0, 1, 2), 4, "trappe = 4", 4)
    assert [s.total for s in plan] == [4, 5, 6]


def test_a_lone_one_counts_two():
    v = revealed([[1], [5]], (2, 5), Rules(dice_per_player=1))
    assert steps(v) == [Step("Mette", (0,), 2, "enlig 1'er = 2", 2), Step("Henning", (0,), 1, None, 3)]


def test_jokers_ring_one_by_one_and_are_labelled():
    v = revealed([[1, 4, 2], [4, 4, 6]], (3, 4), Rules(dice_per_player=3))
    assert [(s.player, s.dice, s.label) for s in steps(v)] == [
        ("Mette", (0,), "joker"), ("Mette", (1,), None), ("Henning", (0,), None), ("Henning", (1,), None)]
    # Ettere uden jokere (S15): a 1 is a 1, no special hand, no joker
    v = revealed([[1, 2, 1], [4, 1, 6]], (2, 1), Rules(dice_per_player=3, jokers=False))
    assert [(s.dice, s.label) for s in steps(v)] == [((0,), None), ((2,), None), ((1,), None)]


def test_af_en_slags_counts_the_face_the_engine_chose():
    v = revealed([[5, 5, 2], [5, 1, 3]], (3, None), Rules(dice_per_player=3, of_a_kind=True))
    assert v["last_reveal"]["face"] == 5
    plan = steps(v)
    assert plan[-1].total == v["last_reveal"]["count"] == 4
    assert ("Henning", (1,), 1, "joker", 4) in [(s.player, s.dice, s.adds, s.label, s.total) for s in plan]


def test_the_running_sum_ends_at_the_engines_count_over_many_random_tables():
    rng = random.Random(12)
    checked = 0
    for seed in range(150):
        rules = Rules(dice_per_player=rng.randint(1, 5), stairs=rng.random() < .5,
                      jokers=rng.random() < .8, of_a_kind=rng.random() < .3)
        t = Table(["A", "B", "C", "D"][: rng.randint(2, 4)], rules, seed=seed)
        t.deal()
        v = t.view(t.turn)
        t.act(t.turn, {"type": "bid", "quantity": 1, "face": None if rules.of_a_kind and seed % 2 else
                       rules.biddable_faces[seed % len(rules.biddable_faces)]})
        t.act(t.turn, {"type": "call"})
        v = t.view("A")
        plan = steps(v)
        assert (plan[-1].total if plan else 0) == v["last_reveal"]["count"], (seed, v["last_reveal"])
        rings = {(p, i) for p, idx in v["last_reveal"]["counting"].items() for i in idx}
        assert {(s.player, i) for s in plan for i in s.dice} == rings  # every ring, once
        checked += 1
    assert checked == 150


def test_the_markup_rings_in_turn_labels_the_special_and_the_verdict_comes_last():
    v = revealed([[1, 2], [6, 3]], (4, 6), Rules(dice_per_player=2))
    n = len(steps(v))
    mette = revealed_hand_html(v, "Mette", die_html)
    henning = revealed_hand_html(v, "Henning", die_html)
    assert mette.count(f"--at:{step_at(0, n)}ms") == 3  # two dice and the label, at step 0
    assert 'data-testid="step-label"' in mette and "1+2 = 3" in mette
    assert f"--at:{step_at(1, n)}ms" in henning and "step-label" not in henning
    assert henning.count("die counted") == 1  # the 3 is not counted
    centre = reveal_centre_html(v)
    times = [int(x) for x in re.findall(r"--at:(\d+)ms", centre)]
    verdict = re.search(r'class="verdict[^"]*" data-testid="verdict" style="--at:(\d+)ms"', centre)
    assert verdict and int(verdict.group(1)) == verdict_at(n) == max(times)
    assert "Talt: 3" in centre and "Talt: 4" in centre and "Der var fire seksere" in centre
    assert "Buddet holdt – Henning taber runden" in centre


def test_hidden_count_rings_without_sum_or_count():
    v = revealed([[1, 2], [6, 3]], (4, 6), Rules(dice_per_player=2, hidden_count=True))
    centre = reveal_centre_html(v)
    assert "running-sum" not in centre and "Der var" not in centre and "Talt" not in centre
    assert "1+2 = 3" in revealed_hand_html(v, "Mette", die_html)  # the hand itself is on the felt


def test_the_beat_is_quicker_for_a_full_table_and_bounded():
    assert beat_ms(2) > beat_ms(20) >= beat_ms(48) >= 160
    assert beat_ms(1) <= 420 and verdict_at(0) > 0


def test_a_timeout_is_told_as_what_it_was():
    t = Table(["Mette", "Henning"], Rules(dice_per_player=2, time_limit=15), seed=3, first="Mette")
    t.deal([[2, 3], [5, 5]])
    t.act("Mette", {"type": "bid", "quantity": 1, "face": 5})
    t.act("Henning", {"type": "timeout"})  # the time ran out: the engine calls for him
    v = t.view("Mette")
    assert timed_out(v) == "Henning"
    assert "Henning nåede det ikke – tiden løb ud" in reveal_centre_html(v)
    t.deal()
    t.act(t.turn, {"type": "bid", "quantity": 1, "face": 5})
    t.act(t.turn, {"type": "call"})  # a real call: no timeout line
    v = t.view("Mette")
    assert timed_out(v) is None and "tiden løb ud" not in reveal_centre_html(v)
