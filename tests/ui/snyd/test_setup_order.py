"""*Dæk bordet* (issue 12): the players and the dice first, then the rule set, then the house
rules folded under *Husregler* (closed until opened; the draft keeps it open on repaint)."""
from __future__ import annotations

from app.snyd.setup_markup import Draft, setup_html
from app.snyd.table_setup import Seat

REGULARS = [{"name": "Henning", "description": "stamgæst"}]


def html(open_fold: bool = False) -> str:
    d = Draft(seats=[Seat("Du", "human"), Seat("Henning", "regular")], house_open=open_fold)
    return setup_html(d, REGULARS, saved=False)


def test_players_dice_rule_set_then_the_house_rules():
    h = html()
    marks = ['data-testid="setup-seat"', 'data-testid="dice-per-player"', 'data-testid="ruleset"',
             "<summary", 'data-rule="S13"']
    at = [h.index(m) for m in marks]
    assert at == sorted(at), dict(zip(marks, at))


def test_house_rules_are_folded_until_opened():
    assert '<details class="house" data-testid="house-rules">' in html()
    assert '<details class="house" data-testid="house-rules" open>' in html(open_fold=True)
    # every switch is still there, folded or not
    assert html().count("data-rule=") == html(open_fold=True).count("data-rule=") == 12
