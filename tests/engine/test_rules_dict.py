"""engine/rules_dict.py: every game's Rules.from_dict refuses the same bad dicts with the same
Danish message, keeps a good one, and leaves the values to the game's own checks."""
from __future__ import annotations

import pytest

from engine.bakke import Rules as BakkeRules
from engine.errors import IllegalAction
from engine.rules_dict import check_names, rules_from_dict
from engine.snyd import Rules as SnydRules
from engine.treere import Rules as TreereRules

ALL = [SnydRules, BakkeRules, TreereRules]


@pytest.mark.parametrize("rules_cls", ALL)
def test_a_good_dict_round_trips(rules_cls):
    r = rules_cls()
    assert rules_cls.from_dict(r.to_dict()) == r == rules_from_dict(rules_cls, r.to_dict())


@pytest.mark.parametrize("rules_cls", ALL)
def test_not_a_dict_is_refused(rules_cls):
    with pytest.raises(IllegalAction, match=r"^Husreglerne skal være en ordbog \(rules must be a dict\)$"):
        rules_cls.from_dict(["dice_per_player"])


@pytest.mark.parametrize("rules_cls", ALL)
def test_unknown_switches_are_named_three_at_most(rules_cls):
    bad = {"a": 1, "b": 2, "c": 3, "d": 4}
    with pytest.raises(IllegalAction, match=r"^Ukendte husregler: 'a', 'b', 'c' … \(unknown rule switches\)$"):
        rules_cls.from_dict(bad)
    with pytest.raises(IllegalAction, match=r"^Ukendte husregler: 'zz' \(unknown"):
        check_names(rules_cls, {"zz": True})


def test_values_stay_the_game_s_to_check():
    with pytest.raises(IllegalAction, match="Terninger pr. spiller skal være 1–6"):
        BakkeRules.from_dict({"dice_per_player": 9})
    assert TreereRules.from_dict({"ante": 2}).ante == 2
