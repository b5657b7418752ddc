"""Treere's *Progressiv* (issue 17): one word for one thing everywhere. A pot is played in rounds,
"runde" as the seed says it (../shared/seeds, docs/rules.md T6) and as the table says it ("Runde 2"):
the tutorial, *Dæk bordet* and *Regler* never call a round "spil" (a game: the table's "Spil 2"
is a new pot). The two forms have titles that tell them apart, the tutorial names them by those
titles, and each form is explained in one line of its own, with nothing in common but the word."""
from __future__ import annotations

import re

import pytest
from app.lang.da import rules as da_rules
from app.lang.da import treere as da_treere
from app.lang.da import tutorial as da_tutorial
from app.lang.en import rules as en_rules
from app.lang.en import treere as en_treere
from app.lang.en import tutorial as en_tutorial
from app.treere.setup_markup import PROGRESSIONS

FORMS = [key for value, key in PROGRESSIONS if value is not False]  # spil, runder
# Per language: (its catalogues, the word for a round, words that would call a round a game)
GAME_DA = re.compile(r"\bspil(let)?\b", re.IGNORECASE)
GAME_EN = re.compile(r"\bgames?\b", re.IGNORECASE)
LANGS = {
    "da": ((da_treere.TEXT, da_tutorial.TEXT, da_rules), "runde", GAME_DA),
    "en": ((en_treere.TEXT, en_tutorial.TEXT, en_rules), "round", GAME_EN),
}


def _progressive_texts(language: str) -> dict[str, str]:
    (treere, tutorial, _rules), _, _ = LANGS[language]
    texts = {"tutorial.treere.progressive": tutorial["tutorial.treere.progressive"],
             "treere.prog.grows": treere["treere.prog.grows"],
             "treere.news.replay": treere["treere.news.replay"]}
    texts.update({key + ".text": treere[key + ".text"] for key in FORMS})
    return texts


def _rules_variant(language: str) -> str:
    """The *Regler* line of Treere's variants that tells of *Progressiv* (and names its forms)."""
    rules = LANGS[language][0][2]
    lines = [line for text in _strings(rules.__dict__.values())
             for line in [text] if "progress" in line.lower() and ("runde" in line or "round" in line)]
    assert len(lines) == 1, lines
    return lines[0]


def _strings(values) -> list[str]:
    out = []
    for v in values:
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, (list, tuple, dict)):
            out += _strings(v.values() if isinstance(v, dict) else v)
    return out


@pytest.mark.parametrize("language", LANGS)
def test_a_round_is_one_word_everywhere(language):
    """The tutorial, Dæk bordet's lines, the table's news and Regler: "runde", never "spil"."""
    _, word, game = LANGS[language]
    texts = _progressive_texts(language)
    texts["rules"] = _rules_variant(language)
    for key, text in texts.items():
        assert not game.search(text), (language, key, text)
        assert word in text.lower(), (language, key, text)  # each says what it is about


@pytest.mark.parametrize("language", LANGS)
def test_the_two_forms_have_titles_that_tell_them_apart_and_the_tutorial_uses_them(language):
    (treere, tutorial, _), _, _ = LANGS[language]
    a, b = (treere[key] for key in FORMS)
    assert a != b and not a.startswith(b) and not b.startswith(a), (a, b)
    assert treere["treere.prog.plain"] not in (a, b)
    told = tutorial["tutorial.treere.progressive"]
    assert a in told and b in told, "the tutorial names each form as Dæk bordet does"


def _clauses(text: str) -> set[str]:
    return {c.strip().lower() for c in re.split(r"[.:,…]", text) if len(c.strip()) > 3}


@pytest.mark.parametrize("language", LANGS)
def test_each_form_is_one_line_of_its_own(language):
    (treere, _, _), _, _ = LANGS[language]
    a, b = (treere[key + ".text"] for key in FORMS)
    for line in (a, b):
        assert ". " not in line.rstrip(". …"), line  # one line: one sentence
    assert _clauses(a).isdisjoint(_clauses(b)), (a, b)


def test_the_words_have_the_same_keys_in_both_languages():
    assert sorted(da_treere.TEXT) == sorted(en_treere.TEXT)
    assert sorted(da_tutorial.TEXT) == sorted(en_tutorial.TEXT)


@pytest.mark.parametrize("progressive", [False, "spil", "runder"])
def test_dæk_bordet_shows_the_chosen_forms_line_and_what_both_share(progressive):
    from app.table.seat_draft import SeatDraft
    from app.treere.setup_markup import Draft, setup_html
    html = setup_html(Draft(seats=SeatDraft.first("Du", []), progressive=progressive), [], False)
    grows = da_treere.TEXT["treere.prog.grows"]
    if progressive is False:
        assert grows not in html and da_treere.TEXT["treere.prog.plain.text"] in html
    else:
        key = dict(PROGRESSIONS)[progressive]
        assert f'{da_treere.TEXT[key + ".text"]} {grows}' in html
