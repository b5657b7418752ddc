"""The Treere table in English (pure): the news of every event, the felt, the controls,
Tavlen and Dæk bordet speak English all through played pots (plain and Progressiv), and every
key the code builds (faces, progressions) exists in both languages."""
from __future__ import annotations

import random
import re

import pytest
from app import lang
from app.treere import announce
from app.treere.setup_markup import PROGRESSIONS, Draft, face_name, setup_html
from app.treere.table_markup import TableLook, controls_html, felt_html, possessive, tally_html
from page_text import shown

from engine.treere import Rules, Table
from engine.treere.bots import REGULARS

# Danish words the English table must not show (it keeps the name Treere).
DANISH = re.compile(r"[æøåÆØÅ]|\b(tur|Kast|slår|nul|Puljen|puljen|enhed|enheder|Beholdt|Behold|Spil|spil|"
                    r"Tavlen|Luk|Nyt|begynder|vinder|Uafgjort|Din|Runde|Ingen|Almindeligt|Progressiv|Spiller|"
                    r"Puljer|Enheder|tæller|terninger)\b")


@pytest.mark.parametrize("event, line", [
    ({"type": "new_game", "game_no": 2, "starter": "Lis"}, "Game 2: Lis starts."),
    ({"type": "ante", "reason": "zero", "units": 1, "pot": 4}, "Zero! Everyone puts 1 unit more in the pot – 4 units now."),
    ({"type": "ante", "reason": "start", "units": 2, "pot": 6}, "Everyone puts 2 units in the pot – 6 units."),
    ({"type": "roll", "player": "Kaj", "faces": [3, 5, 6]}, "Kaj rolls 3 5 6."),
    ({"type": "keep", "player": "Kaj", "faces": [3], "score": 0}, "Kaj keeps 3 – score zero."),
    ({"type": "early_end", "player": "Kaj", "score": 9, "to_beat": 4, "left": 1},
     "Kaj has 9, over the 4 to beat – the turn ends with 1 die left."),
    ({"type": "early_end", "player": "Kaj", "score": 9, "to_beat": 0, "left": 3},
     "Kaj has 9, over the zero to beat – the turn ends with 3 dice left."),
    ({"type": "turn_over", "player": "Lis", "score": 4}, "Lis ends on 4."),
    ({"type": "no_winner", "threshold": 2}, "Nobody got 2 or less – nobody wins the round."),
    ({"type": "tie", "score": 0, "players": ["Mette", "Bo", "Lis"]},
     "A tie at zero between Mette, Bo and Lis: they play for the pot alone; the others have put in a new ante."),
    ({"type": "tie", "score": 5, "players": ["Mette", "Lis"]}, "A tie at 5 – one tie, all tie: everyone rolls again."),
    ({"type": "replay", "round_no": 2, "threshold": 0}, "Round 2: can only be won with zero."),
    ({"type": "won", "player": "Lis", "pot": 3, "score": 2}, "Lis wins the pot: 3 units (score 2)."),
])
def test_every_event_said_in_english(english, event, line):
    assert announce.line(event) == line


def test_built_keys_exist_in_both_languages():
    for code in lang.LANGUAGES:
        lang.set_language(code)
        try:
            assert len({face_name(f) for f in range(1, 7)}) == 6
            assert all(lang.t(key) and lang.t(key + ".text") for _, key in PROGRESSIONS)
        finally:
            lang.set_language("da")


def play(table: Table, look: TableLook, rng: random.Random, pots: int = 2) -> list[str]:
    """Play `pots` whole pots, everyone from this phone; every region drawn after each move."""
    seen, news = [], []
    for _ in range(pots):
        for _ in range(400):
            v = table.view(table.view()["turn"])  # the seat in turn: its legal moves
            if v["phase"] == "over":
                break
            who = v["turn"]
            if "roll" in v["legal"]:
                table.act(who, {"type": "roll"})
            else:
                n = len(v["rolled"])
                table.act(who, {"type": "keep", "dice": sorted(rng.sample(range(n), rng.randint(1, n)))})
            look.selected = frozenset({0}) if table.view()["rolled"] else frozenset()
            v = table.view(table.view()["turn"])
            seen += [shown(felt_html(v, look)), shown(controls_html(v, look))]
        v = table.view()
        assert v["phase"] == "over"
        seen += [shown(felt_html(v, look)), shown(controls_html(v, look)), shown(tally_html(v)),
                 shown(controls_html(v, TableLook(guest=True)))]
        table.act(v["winner"], {"type": "new_game"})
    news = [announce.line(e) for e in table.view()["events"]]
    return seen + [line for line in news if line]


@pytest.mark.parametrize("rules", [{}, {"progressive": "spil", "ante": 2}, {"zero_face": 5}])
def test_whole_pots_in_english_show_no_danish(english, rules):
    table = Table(["Mette", "Jonas", "Lis"], Rules(**rules), seed=4)
    look = TableLook(humans=("Mette", "Jonas"), regulars=("Lis",))
    text = " ".join(play(table, look, random.Random(2)))
    left = sorted({m.group(0) for m in DANISH.finditer(text)})
    assert left == [], f"Danish on the English table: {left}"
    for word in ("Pot", "To beat", "Keep", "Roll", "New game", "wins the pot", "Player", "Units"):
        assert word in text
    assert possessive("Jonas") == "Jonas's"


def test_set_the_table_in_english(english):
    for progressive in (False, "spil", "runder"):
        d = Draft(progressive=progressive, zero_face=4)
        text = shown(setup_html(d, REGULARS, saved=True))
        assert "Set the table" in text and "Ante per player" in text and "not recommended" in text
        assert "1 unit" in text and "10 units" in text and "Fours" in text
        left = sorted({m.group(0) for m in DANISH.finditer(text)})
        assert left == [], f"Danish on the English Dæk bordet: {left}"
    with pytest.raises(ValueError, match="Unknown choice"):
        Draft().choose("ante", "7")


def test_the_same_pot_in_danish_keeps_its_words():
    table = Table(["Mette", "Lis"], seed=4)
    text = " ".join(play(table, TableLook(humans=("Mette",), regulars=("Lis",)), random.Random(2), pots=1))
    assert "Puljen" in text and "Nyt spil" in text and "vinder puljen" in text
    assert "Pot" not in text and "Keep" not in text


def test_the_default_seat_is_yours_in_either_language():
    from app import lang
    from app.treere.table_markup import possessive
    try:
        lang.set_language("en")
        assert (possessive("You"), possessive("Du"), possessive("Mette")) == ("Your", "Your", "Mette's")
        lang.set_language("da")
        assert (possessive("Du"), possessive("Lis"), possessive("Mette")) == ("Din", "Lis'", "Mettes")
    finally:
        lang.set_language("da")
