"""Issue 17: Bakke's rule text called ones "jokere", though in Bakke a 1 is no joker: it just
leaves the game (B2, B4: taken out of the tray first, never into a hand). Snyd's ones are
jokers (S-rules) and its text keeps saying so."""
from __future__ import annotations

import re

import pytest
from app.home import rules_text


@pytest.mark.parametrize(("language", "joker", "leaves"), [
    ("da", r"joker", "1’ere går ud af spillet: de tages ud én ad gangen og kommer ikke op i hånden."),
    ("en", r"joker", "1s leave the game: they are taken out one at a time and never go into anyone’s hand.")])
def test_bakkes_ones_leave_the_game_and_are_no_jokers(language, joker, leaves):
    bakke = rules_text.plain_text("bakke", language)
    assert not re.search(joker, bakke, re.IGNORECASE), bakke
    assert leaves in bakke
    assert re.search(joker, rules_text.plain_text("snyd", language), re.IGNORECASE)  # Snyd's are
