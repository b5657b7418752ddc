"""The regulars' voices in Danish and English (engine/voices, engine/<game>/speech.py)."""
from __future__ import annotations

import random
import string

import pytest

from engine import voices
from engine.bakke import speech as bakke_speech
from engine.errors import IllegalAction
from engine.snyd import speech as snyd_speech
from engine.snyd.bid import Bid
from engine.treere import speech as treere_speech

GAMES = ("snyd", "bakke", "treere")
STYLES = {"henning", "careful", "bluffer", "reckless", "sharp"}
# The placeholders a line may hold, per game (anything else would break str.format).
PLACEHOLDERS = {"snyd": set(), "bakke": {"face", "Face", "who"},
                "treere": {"score", "zeros", "ZEROS"}}

EN_NUMBERS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three", "twenty-four",
    "twenty-five", "twenty-six", "twenty-seven", "twenty-eight", "twenty-nine", "thirty",
    "thirty-one", "thirty-two", "thirty-three", "thirty-four", "thirty-five", "thirty-six",
    "thirty-seven", "thirty-eight", "thirty-nine", "forty",
]
EN_PLURAL = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}
EN_SINGULAR = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
EN_NICKNAMES = {4: "lujer (fours)", 5: "møller (fives)", 6: "af de store (sixes)"}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def every_list(game: str, lang: str) -> dict[tuple[str, ...], list[str]]:
    """Every list of lines of a catalogue, by (style, moment) (and ("bid", style) for Snyd)."""
    book = voices.catalogue(game, lang)
    lists = {(style, moment): texts for style, moments in book.LINES.items()
             for moment, texts in moments.items()}
    if game == "snyd":
        lists |= {("bid", style): texts for style, texts in book.BID_LINES.items()}
    return lists


# --- the catalogues ------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_both_languages_have_the_same_styles_moments_and_line_counts(game: str) -> None:
    da, en = every_list(game, "da"), every_list(game, "en")
    assert {style for style, _ in da if style != "bid"} == STYLES
    assert da.keys() == en.keys()
    for key, texts in da.items():
        assert texts and len(en[key]) == len(texts), key  # a seed picks the same line in both


@pytest.mark.parametrize("game", GAMES)
def test_every_line_holds_only_its_games_placeholders_the_same_in_both(game: str) -> None:
    da, en = every_list(game, "da"), every_list(game, "en")
    for key, texts in da.items():
        for i, text in enumerate(texts):
            wanted = {"bid"} if key[0] == "bid" else PLACEHOLDERS[game]
            assert fields(text) <= wanted, (key, text)
            assert fields(en[key][i]) == fields(text), (key, en[key][i])
            assert text.strip() and en[key][i].strip()


@pytest.mark.parametrize("game", GAMES)
def test_the_word_tables_have_the_same_faces(game: str) -> None:
    da, en = voices.catalogue(game, "da"), voices.catalogue(game, "en")
    for table in ("SINGULAR", "PLURAL", "NICKNAMES"):
        if hasattr(da, table):
            assert getattr(da, table).keys() == getattr(en, table).keys(), table


# --- numbers and bids in English --------------------------------------------------------

def test_english_number_words_0_to_100() -> None:
    for n, word in enumerate(EN_NUMBERS):
        assert snyd_speech.number(n, lang="en") == word
    assert snyd_speech.number(1, neuter=True, lang="en") == "one"
    assert [snyd_speech.number(n, lang="en") for n in (55, 68, 77, 81, 99, 100)] == [
        "fifty-five", "sixty-eight", "seventy-seven", "eighty-one", "ninety-nine",
        "one hundred"]
    for n in range(101):  # no gaps, no Danish
        assert snyd_speech.number(n, lang="en").replace("-", "").replace(" ", "").isalpha()
    with pytest.raises(IllegalAction):
        snyd_speech.number(101, lang="en")


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5, 6, None])
def test_say_bid_and_plain_bid_in_english_for_every_face_and_quantity(face: int | None) -> None:
    for quantity in range(1, 41):
        bid, n = Bid(quantity, face), EN_NUMBERS[quantity]
        said, plain = snyd_speech.say_bid(bid, "en"), snyd_speech.plain_bid(bid, lang="en")
        if face is None:
            assert said == plain == f"{n} of a kind"
        elif quantity == 1:
            assert said == plain == f"one {EN_SINGULAR[face]}"
        else:
            assert plain == f"{n} {EN_PLURAL[face]}"
            assert said == f"{n} {EN_NICKNAMES.get(face, EN_PLURAL[face])}"
        assert snyd_speech.say_bid({"quantity": quantity, "face": face}, lang="en") == said


def test_the_brief_s_examples() -> None:
    assert snyd_speech.say_bid(Bid(5, 5), "en") == "five møller (fives)"
    assert snyd_speech.say_bid(Bid(4, 4), "en") == "four lujer (fours)"
    assert snyd_speech.say_bid(Bid(3, 6), "en") == "three af de store (sixes)"
    assert snyd_speech.say_bid(Bid(1, 2), "en") == "one two"
    assert snyd_speech.say_bid(Bid(7, None), "en") == "seven of a kind"
    assert snyd_speech.plain_bid(Bid(5, 5), "en") == "five fives"
    assert snyd_speech.face_word(6, 1, lang="en") == "six"
    assert snyd_speech.face_word(6, lang="en") == "sixes"


def test_danish_is_unchanged_by_default() -> None:
    assert snyd_speech.say_bid(Bid(5, 5)) == snyd_speech.say_bid(Bid(5, 5), "da") == "fem møller"
    assert snyd_speech.plain_bid(Bid(1, 4)) == "en firer"
    assert snyd_speech.number(1, True) == "et"
    assert treere_speech.say_score(21) == "enogtyve"
    assert treere_speech.say_score(21, lang="en") == "twenty-one"
    assert bakke_speech.face_word(6, 1) == "sekser"
    assert bakke_speech.face_word(6, 1, lang="en") == "six"


def test_bid_lines_in_english_start_with_a_capital_and_say_the_bid() -> None:
    for style in STYLES:
        for seed in range(6):
            said = snyd_speech.bid_line(style, Bid(5, 5), random.Random(seed), lang="en")
            assert "møller (fives)" in said.lower() and said[0].isupper(), said


# --- the same seed, the same line ----------------------------------------------------------

def _index(texts: list[str], said: str, fill) -> int:
    return [fill(t) for t in texts].index(said)


@pytest.mark.parametrize("seed", range(8))
def test_a_seed_picks_the_same_line_in_either_language(seed: int) -> None:
    for game, module in (("snyd", snyd_speech), ("bakke", bakke_speech),
                         ("treere", treere_speech)):
        da_lines, en_lines = (voices.catalogue(game, lang).LINES for lang in ("da", "en"))
        for style, moments in da_lines.items():
            for moment in moments:
                rng_da, rng_en = random.Random(seed), random.Random(seed)
                said_da = module.line(style, moment, rng_da, lang="da")
                said_en = module.line(style, moment, rng_en, lang="en")
                assert rng_da.getstate() == rng_en.getstate()
                fill = {"snyd": lambda lang: (lambda t: t),
                        "bakke": lambda lang: (lambda t: t.format(
                            face=voices.catalogue("bakke", lang).SOME_DICE,
                            Face=voices.catalogue("bakke", lang).SOME_DICE.capitalize(),
                            who=voices.catalogue("bakke", lang).MATE)),
                        "treere": lambda lang: (lambda t: _treere_fill(t, lang))}[game]
                i_da = _index(moments[moment], said_da, fill("da"))
                i_en = _index(en_lines[style][moment], said_en, fill("en"))
                assert i_da == i_en, (game, style, moment)
    for style in STYLES:
        rng_da, rng_en = random.Random(seed), random.Random(seed)
        da = snyd_speech.bid_line(style, Bid(3, 2), rng_da)
        en = snyd_speech.bid_line(style, Bid(3, 2), rng_en, lang="en")
        books = [voices.catalogue("snyd", lang).BID_LINES[style] for lang in ("da", "en")]
        i_da = _index(books[0], da, lambda t: _capital(t.format(bid="tre toere")))
        i_en = _index(books[1], en, lambda t: _capital(t.format(bid="three twos")))
        assert i_da == i_en


def _capital(text: str) -> str:
    return text[0].upper() + text[1:]


def _treere_fill(text: str, lang: str) -> str:
    zeros = voices.catalogue("treere", lang).PLURAL[3]
    said = {"da": "nul", "en": "zero"}[lang]
    return _capital(text.format(score=said, zeros=zeros, ZEROS=zeros.upper()))


# --- the placeholders filled in English ------------------------------------------------------

def test_bakke_lines_in_english_name_the_face_and_the_loser() -> None:
    rng = random.Random(3)
    for style in STYLES:
        for _ in range(5):
            text = bakke_speech.line(style, "pick_up", rng, face=4, lang="en")
            assert "fours" in text.lower() and "{" not in text
            text = bakke_speech.line(style, "cheers", rng, who="Mette", lang="en")
            assert "Mette" in text and "{" not in text
    henning = voices.catalogue("bakke", "en").LINES["henning"]["cheers"]
    assert bakke_speech.line("henning", "cheers", random.Random(0), lang="en") in [
        t.format(who="mate") for t in henning]


def test_treere_lines_in_english_say_the_score_and_the_zero_face() -> None:
    for seed in range(6):
        text = treere_speech.line("henning", "good", random.Random(seed), score=4, lang="en")
        assert text.startswith("Four") or "four" in text
        text = treere_speech.line("reckless", "zero", random.Random(1), zero_face=5, lang="en")
        assert text == "FIVE FIVES! Skål!"
    assert treere_speech.line("careful", "zero", random.Random(1)) == (
        "Fem treere… det havde jeg ikke regnet med.")
    assert treere_speech.line("careful", "zero", random.Random(1), zero_face=6) == (
        "Fem seksere… det havde jeg ikke regnet med.")
    assert treere_speech.line("careful", "zero", random.Random(1), lang="en") == (
        "Five threes… I hadn't counted on that.")


# --- an unknown language ---------------------------------------------------------------------

BAD_LANGS = ["de", "EN", "", None, 1, ["en"]]


@pytest.mark.parametrize("lang", BAD_LANGS)
def test_an_unknown_language_is_refused_in_danish_and_english(lang: object) -> None:
    calls = [
        lambda: snyd_speech.number(3, lang=lang),
        lambda: snyd_speech.say_bid(Bid(2, 2), lang),
        lambda: snyd_speech.plain_bid(Bid(2, 2), lang),
        lambda: snyd_speech.face_word(2, lang=lang),
        lambda: snyd_speech.line("henning", "call", random.Random(0), lang=lang),
        lambda: snyd_speech.bid_line("henning", Bid(2, 2), random.Random(0), lang=lang),
        lambda: bakke_speech.face_word(2, lang=lang),
        lambda: bakke_speech.line("henning", "videre", random.Random(0), lang=lang),
        lambda: treere_speech.say_score(3, lang=lang),
        lambda: treere_speech.line("henning", "win", random.Random(0), lang=lang),
    ]
    for call in calls:
        with pytest.raises(IllegalAction, match=r"Ukendt sprog .*\(unknown language: da or en\)"):
            call()


def test_a_refused_language_draws_nothing_from_the_rng() -> None:
    rng = random.Random(5)
    before = rng.getstate()
    for call in (lambda: snyd_speech.line("sharp", "call", rng, lang="sv"),
                 lambda: bakke_speech.line("sharp", "videre", rng, lang="sv"),
                 lambda: treere_speech.line("sharp", "win", rng, lang="sv")):
        with pytest.raises(IllegalAction):
            call()
    assert rng.getstate() == before
