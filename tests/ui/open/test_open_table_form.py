"""*Åbn et bord*'s draft made into open_lobby's arguments (web/app/open/form.py): what each
game offers, the rules built as *Dæk bordet* builds them, the open table's fixed rules, and
bad drafts refused with the form's text."""
from __future__ import annotations

import pytest
from app.open import form
from app.open.form import Draft, FormError
from app.snyd.table_setup import RULE_SETS, TIME_LIMIT_S, build_rules

from engine.snyd import Rules


def test_snyd_offers_its_rule_sets_and_no_practice_or_final_and_the_clock_locked_on():
    assert [key for key, _t in form.rulesets("snyd")] == [r.key for r in RULE_SETS]
    assert [title for _k, title in form.rulesets("snyd")] == [r.title for r in RULE_SETS]
    offered = {s.rule: s for s in form.switches("snyd", "standard")}
    assert "S42" not in offered and "S32" not in offered
    assert offered["S41"].on and offered["S41"].locked
    assert not any(s.locked for rule, s in offered.items() if rule != "S41")


def test_bakke_and_treere_have_the_house_rules_and_bakke_its_faults():
    assert form.rulesets("bakke") == [("house", "Husets regler")]
    assert form.rulesets("treere") == [("house", "Husets regler")]
    assert [s.rule for s in form.switches("bakke", "house")] == ["B-faults"]
    assert form.switches("treere", "house") == []


def test_a_snyd_draft_gives_the_opener_s_seat_the_rules_and_the_open_table():
    args = form.arguments(Draft(game="snyd", ruleset="slags", switches={"S13": True},
                                seats=6, regulars=False, name="  Bodil "))
    assert args["game"] == "snyd" and [tuple(s) for s in args["seats"]] == [("Bodil", "human")]
    assert args["open_table"] == {"ruleset": RULE_SETS[1].title, "seats": 6, "regulars": False}
    defaults = {s.rule: s.on for s in form.switches("snyd", "slags")}
    expected = build_rules("slags", {**defaults, "S13": True,
                                     "S41": True, "S42": False, "S32": False})
    assert args["rules"] == expected
    rules: Rules = args["rules"]
    assert rules.time_limit == TIME_LIMIT_S and not rules.practice and not rules.viborg_final


def test_the_clock_cannot_be_switched_off_and_practice_never_on():
    with pytest.raises(FormError):
        form.arguments(Draft(name="Bo", switches={"S42": True}))
    with pytest.raises(FormError):
        form.arguments(Draft(name="Bo", switches={"S32": True}))
    args = form.arguments(Draft(name="Bo", switches={"S41": False}))
    assert args["rules"].time_limit == TIME_LIMIT_S


def test_bakke_and_treere_drafts():
    bakke = form.arguments(Draft(game="bakke", ruleset="house", dice=4,
                                 switches={"B-faults": False}, name="Ole"))
    assert bakke["rules"] == {"dice_per_player": 4, "faults": False}
    assert bakke["open_table"]["ruleset"] == "Husets regler"
    treere = form.arguments(Draft(game="treere", ruleset="house", seats=2, name="Ole"))
    assert treere["rules"] == form.TREERE_RULES and treere["game"] == "treere"
    from engine.treere import Rules as TreereRules
    TreereRules.from_dict(treere["rules"])  # the engine takes them


def test_english_rule_set_text(english):
    args = form.arguments(Draft(game="bakke", ruleset="house", name="Ole"))
    assert args["open_table"]["ruleset"] == "House rules"


BAD = [
    ("no name", Draft(name="   "), "Skriv dit navn"),
    ("name too long", Draft(name="x" * 21), "Skriv dit navn"),
    ("only a bidi override", Draft(name="\u202e"), "Skriv dit navn"),  # cleaned: nothing left
    ("one seat", Draft(name="Bo", seats=1), "2 til 8"),
    ("nine seats", Draft(name="Bo", seats=9), "2 til 8"),
    ("seats not a number", Draft(name="Bo", seats="4"), "2 til 8"),
    ("unknown game", Draft(game="poker", name="Bo"), "Vælg Snyd"),
    ("unknown rule set", Draft(ruleset="kaos", name="Bo"), "regelsættene"),
    ("a Snyd rule set at Bakke", Draft(game="bakke", ruleset="standard", name="Bo"),
     "regelsættene"),
    ("an unknown switch", Draft(name="Bo", switches={"S99": True}), "husregel"),
    ("Bakke's dice", Draft(game="bakke", ruleset="house", dice=7, name="Bo"), "1 til 6"),
]


@pytest.mark.parametrize("draft,said", [(d, s) for _w, d, s in BAD], ids=[w for w, _d, _s in BAD])
def test_a_bad_draft_is_refused_with_the_form_s_text(draft, said):
    with pytest.raises(FormError, match=said):
        form.arguments(draft)


@pytest.mark.parametrize("typed, kept", [
    ("Bo\u202edil", "Bodil"),                 # a bidi override: the name would read backwards
    ("\u200bMette\u200d", "Mette"),           # zero-width space and joiner
    ("Kaj\x00\x1b[31m", "Kaj[31m"),           # controls (an escape's printable rest stays text)
    ("Lis\u00a0\u00a0Marie\t", "Lis Marie"),  # odd spaces: one plain space, trimmed
])
def test_a_strangers_typed_name_is_cleaned_before_it_is_checked(typed, kept):
    from app.friends.core.protocol import clean_name, is_name
    assert clean_name(typed) == kept and is_name(kept)
    args = form.arguments(Draft(game="treere", ruleset=form.HOUSE_RULES, name=typed))
    assert args["seats"][0].name == kept


def test_a_name_of_nothing_but_invisible_characters_is_refused():
    with pytest.raises(FormError):
        form.arguments(Draft(game="snyd", name="\u202e\u200b\u2066"))
