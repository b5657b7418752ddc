"""The Treere table's markup and words from real engine.treere views (scripted dice)."""
from __future__ import annotations

import re

import pytest
from app.treere import announce
from app.treere.table_markup import (
    TableLook,
    controls_html,
    felt_html,
    possessive,
    running_score,
    tally_html,
)

from engine.treere import Rules, Table


def table(dice, players=("Mette", "Lis"), first=None, **rules):
    return Table(list(players), Rules(**rules), seed=1, dice=dice, first=first)


def values(html: str, testid: str) -> list[int]:
    return [int(v) for v in re.findall(rf'data-testid="{testid}"[^>]*data-value="(\d)"', html)]


def seat_scores(html: str) -> dict[str, str]:
    return dict(re.findall(r'data-player="([^"]+)"[^>]*>.*?data-testid="seat-score">([^<]*)<', html))


MINE = TableLook(humans=("Mette",), regulars=("Lis",))


def test_the_rolled_dice_are_buttons_for_the_person_in_turn_and_chosen_ones_are_pressed():
    t = table([6, 3, 2, 5, 1])
    t.act("Mette", {"type": "roll"})
    look = TableLook(humans=("Mette",), regulars=("Lis",), selected=frozenset({1, 4}))
    html = felt_html(t.view("Mette"), look)
    assert values(html, "rolled-die") == [6, 3, 2, 5, 1]
    pressed = re.findall(r'data-index="(\d)"[^>]*aria-pressed="true"', html)
    assert pressed == ["1", "4"]
    # The three counts nothing, and says so (class zero; aria "tæller nul").
    assert 'class="die tr-die zero chosen' in html and "3 (tæller nul)" in html
    assert "Din tur" in html
    controls = controls_html(t.view("Mette"), look)
    assert re.search(r'data-action="keep"[^>]*>Behold \(2\)', controls)
    assert re.search(r'data-action="roll"[^>]* disabled', controls), "no second roll before a keep"


def test_behold_is_off_until_a_die_is_chosen_and_kast_is_on_when_a_roll_is_due():
    t = table([6, 3, 2, 5, 1])
    v = t.view("Mette")
    c = controls_html(v, MINE)
    assert re.search(r'data-action="keep"[^>]* disabled', c)
    assert not re.search(r'data-action="roll"[^>]* disabled', c)
    assert 'data-testid="flick"' in felt_html(v, MINE), "the cup to flick when a throw is due"
    t.act("Mette", {"type": "roll"})
    assert re.search(r'data-action="keep"[^>]* disabled', controls_html(t.view("Mette"), MINE))


def test_a_regulars_turn_shows_its_dice_but_nothing_answers_taps_here():
    t = table([6, 3, 2, 5, 1, 4, 4, 4, 4, 4], first="Lis")
    t.act("Lis", {"type": "roll"})
    v = t.view("Mette")
    html = felt_html(v, MINE)
    assert values(html, "rolled-die") == [6, 3, 2, 5, 1]
    assert 'data-action="choose"' not in html and "<button" not in html.split('data-testid="rolled"')[1][:200]
    assert "Lis slår" in html
    c = controls_html(v, MINE)
    assert c.count(" disabled") == 2


def test_the_running_score_counts_the_zero_face_as_nothing_and_previews_the_choice():
    t = table([3, 3, 6, 5, 4, 2, 1, 6])
    t.act("Mette", {"type": "roll"})
    t.act("Mette", {"type": "keep", "dice": [0, 1]})  # two threes: 0
    t.act("Mette", {"type": "roll"})                  # 2 1 6
    v = t.view("Mette")
    assert v["kept"] == [3, 3] and v["score"] == 0
    look = TableLook(humans=("Mette",), selected=frozenset({0, 1}))
    assert running_score(v, look) == (0, 3)
    html = felt_html(v, look)
    assert values(html, "kept-die") == [3, 3]
    assert re.search(r'data-testid="running-score">Score nul <span[^>]*>→ 3<', html)


def test_t7_another_zero_face_counts_nothing_and_three_counts_three():
    t = table([6, 3, 6, 6, 6], zero_face=6)
    t.act("Mette", {"type": "roll"})
    look = TableLook(humans=("Mette",), selected=frozenset({0, 1}))
    assert running_score(t.view("Mette"), look) == (0, 3)
    assert "6 (tæller nul)" in felt_html(t.view("Mette"), look)


def test_seats_show_the_scores_of_this_round_and_the_winner():
    t = table([1, 1, 1, 1, 1, 3, 3, 3, 3, 3])
    t.act("Mette", {"type": "roll"})
    t.act("Mette", {"type": "keep", "dice": [0, 1, 2, 3, 4]})
    v = t.view("Mette")
    assert seat_scores(felt_html(v, MINE)) == {"Mette": "5", "Lis": "…"}
    assert 'data-testid="to-beat"' in felt_html(v, MINE) and "<b>5</b>" in felt_html(v, MINE)
    t.act("Lis", {"type": "roll"})
    t.act("Lis", {"type": "keep", "dice": [0, 1, 2, 3, 4]})
    v = t.view("Mette")
    assert v["winner"] == "Lis"
    html = felt_html(v, MINE)
    assert seat_scores(html) == {"Mette": "5", "Lis": "nul"}
    assert re.search(r'data-player="Lis".*?data-testid="winner">vinder<', html)
    assert 'data-testid="winner"' not in html.split('data-player="Lis"')[0]
    assert "Lis vinder puljen!" in html
    assert 'data-testid="new-game">Nyt spil' in controls_html(v, MINE)


def test_pass_and_play_says_whose_turn_by_name():
    t = table([6, 3, 2, 5, 1], players=("Mette", "Jonas", "Lis"))
    look = TableLook(humans=("Mette", "Jonas"), regulars=("Lis",))
    assert "Mettes tur – Mette slår" in felt_html(t.view("Mette"), look)
    assert possessive("Lis") == "Lis'" and possessive("Du") == "Din" and possessive("Bo") == "Bos"


def test_a_zero_tie_playoff_marks_the_others_as_watching():
    five_threes = [3, 3, 3, 3, 3]
    t = table(five_threes * 2 + [6, 6, 6, 6, 6], players=("Mette", "Lis", "Bo"))
    for p in ("Mette", "Lis", "Bo"):
        t.act(p, {"type": "roll"})
        t.act(p, {"type": "keep", "dice": [0, 1, 2, 3, 4]})
    v = t.view("Mette")
    assert v["in_round"] == ["Mette", "Lis"] and v["playoff"]
    html = felt_html(v, TableLook(humans=("Mette",), regulars=("Lis", "Bo")))
    assert seat_scores(html)["Bo"] == "ser på"
    assert re.search(r'class="tr-seat out"[^>]*data-player="Bo"', html)


def test_progressive_shows_the_threshold():
    t = table([6, 6, 6, 6, 6], progressive="spil")
    assert 'data-testid="threshold">Kan vindes med nul' in felt_html(t.view("Mette"), MINE)


def test_the_tally_shows_units_won_and_lost_with_a_real_minus():
    t = table([1, 1, 1, 1, 1, 3, 3, 3, 3, 3], ante=2)
    for p in ("Mette", "Lis"):
        t.act(p, {"type": "roll"})
        t.act(p, {"type": "keep", "dice": [0, 1, 2, 3, 4]})
    html = tally_html(t.view("Mette"))
    rows = dict(re.findall(r'data-player="([^"]+)"><th[^>]*>[^<]*</th><td class="pots">\d+</td>'
                           r'<td class="units">([^<]*)<', html))
    # Lis's zero made everyone ante again (T4): 2 + 2 each; Lis takes the pot of 8.
    assert rows == {"Mette": "−4", "Lis": "+4"}
    assert re.search(r'data-player="Lis"><th[^>]*>Lis</th><td class="pots">1<', html)


def test_names_are_escaped():
    t = table([6, 3, 2, 5, 1], players=("<b>x</b>", "Lis"))
    html = felt_html(t.view("<b>x</b>"), TableLook(humans=("<b>x</b>",)))
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html


# ---------- the words ----------
def events_of(t: Table) -> list[dict]:
    return t.view(None)["events"]


def test_t3_the_early_end_is_said_plainly():
    t = table([1, 1, 1, 1, 1, 6, 6, 2, 2, 2])
    t.act("Mette", {"type": "roll"})
    t.act("Mette", {"type": "keep", "dice": [0, 1, 2, 3, 4]})
    t.act("Lis", {"type": "roll"})
    t.act("Lis", {"type": "keep", "dice": [0]})
    early = [e for e in events_of(t) if e["type"] == "early_end"]
    assert announce.line(early[0]) == "Lis har 6 og er over 5 – turen slutter med 4 terninger tilbage."


@pytest.mark.parametrize("event, words", [
    ({"type": "ante", "reason": "zero", "units": 1, "players": [], "pot": 6},
     "Nul! Alle lægger 1 enhed mere i puljen – nu 6 enheder."),
    ({"type": "ante", "reason": "new_game", "units": 2, "players": [], "pot": 4},
     "Alle lægger 2 enheder i puljen – 4 enheder."),
    ({"type": "tie", "players": ["Mette", "Bo", "Lis"], "score": 0},
     "Uafgjort på nul mellem Mette, Bo og Lis: de spiller om puljen alene; de andre har lagt en ny indsats."),
    ({"type": "tie", "players": ["Mette", "Lis"], "score": 4},
     "Uafgjort på 4 – én uafgjort, alle uafgjort: alle slår om."),
    ({"type": "no_winner", "threshold": 0, "stage": 1}, "Ingen fik nul – ingen vinder runden."),
    ({"type": "replay", "reason": "progressive", "players": [], "round_no": 2, "stage": 2, "threshold": 1},
     "Runde 2: kan kun vindes med 1 eller derunder."),
    ({"type": "replay", "reason": "tie", "players": [], "round_no": 2, "stage": 1, "threshold": None}, None),
    ({"type": "won", "player": "Lis", "score": 0, "pot": 1, "game_no": 1},
     "Lis vinder puljen: 1 enhed (score nul)."),
    ({"type": "turn_over", "player": "Lis", "score": 7, "kept": [], "early": True}, None),
    ({"type": "mystery"}, None),
])
def test_the_lines(event, words):
    assert announce.line(event) == words


def test_every_event_of_real_games_has_a_line_or_none_and_never_raises():
    import random

    from engine.treere.bots import simpel
    rng = random.Random(5)
    for seed in range(30):
        t = Table(["A", "B", "C"], Rules(progressive=rng.choice([False, "spil", "runder"])), seed=seed)
        bots = {p: simpel(p, seed) for p in t.players}
        while t.phase == "playing":
            t.act(t.turn, bots[t.turn].decide(t.view(t.turn)))
        for e in events_of(t):
            said = announce.line(e)
            assert said is None or (said.strip() and "{" not in said)
