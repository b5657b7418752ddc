"""The Bakke table in English (pure): the news of every event, the banner, the felt, the
controls, Tavlen and Dæk bordet speak English all through a played game, and every key the
code builds (places, faces, ".you" forms) exists in both languages."""
from __future__ import annotations

import random
import re

import pytest
from app import lang
from app.bakke.markup import TableLook, absorb, controls_html, felt_html, tally_html, turn_html
from app.bakke.setup_markup import Draft, setup_html
from app.bakke.words import dice_word, event_line, faces_word, genitive, place, turn_line
from page_text import shown

from engine.bakke import Rules, Table
from engine.bakke.bots import REGULARS

# Danish words the English table must not show (the pub words it keeps are Bakke, Videre,
# Fejl and Tuborg, glossed where they are met).
DANISH = re.compile(r"[æøåÆØÅ]|\b(tur|Kast|kaster|terning|terninger|Bakken|bakken|Spil|spil|Tavlen|Luk|"
                    r"Nyt|begynder|giver|ude|tabt|Du|Din|svirp|samler|hånd|Husregler|Spiller)\b")


@pytest.mark.parametrize("event, line", [
    ({"type": "new_game", "game_no": 2, "first": "Kaj"}, "Game 2 – Kaj starts"),
    ({"type": "new_game", "game_no": 1, "first": "Mette"}, "Game 1 – you start"),
    ({"type": "throw", "player": "Kaj", "mode": "all", "faces": [1, 3, 3]}, "Kaj throws all three dice: 1 3 3"),
    ({"type": "throw", "player": "Mette", "mode": "all", "faces": [5]}, "You throw one die: 5"),
    ({"type": "throw", "player": "Kaj", "mode": "all", "faces": [2, 6]}, "Kaj throws both dice: 2 6"),
    ({"type": "throw", "player": "Kaj", "mode": "one", "faces": [4]}, "Kaj throws a four"),
    ({"type": "ones_out", "count": 2}, "Two ones out of the game"),
    ({"type": "ones_out", "count": 1}, "A one out of the game"),
    ({"type": "pick_up", "player": "Mette", "face": 6, "count": 3}, "You pick up three sixes"),
    ({"type": "pick_up", "player": "Kaj", "face": 2, "count": 2}, "Kaj picks up two twos"),
    ({"type": "videre", "player": "Kaj"}, "Kaj: Videre! (pass)"),
    ({"type": "videre", "player": "Mette"}, "You: Videre! (pass)"),
    ({"type": "out", "player": "Mette"}, "You are out – no dice left"),
    ({"type": "fejl", "player": "Lis", "against": "Kaj", "faces": [2, 5]},
     "Fejl! Lis calls a fault on Kaj: Kaj takes two dice"),
    ({"type": "fejl", "player": "Lis", "against": "Mette", "faces": [2]},
     "Fejl! Lis calls a fault on you: you take one die"),
    ({"type": "fejl", "player": "Mette", "against": "Kaj", "faces": [2, 3, 4]},
     "Fejl! You call a fault on Kaj: Kaj takes three dice"),
    ({"type": "fejl_undone", "player": "Lis", "against": "Kaj", "faces": [2, 5]},
     "Lis takes back the fault on Kaj: two dice back in the tray"),
    ({"type": "fejl_undone", "player": "Lis", "against": "Mette", "faces": [2]},
     "Lis takes back the fault on you: one die back in the tray"),
    ({"type": "game_over", "loser": "Kaj"}, "Kaj is left holding dice and stands a Tuborg"),
    ({"type": "game_over", "loser": "Mette"}, "You are left holding dice and stand a Tuborg"),
])
def test_every_event_said_in_english(english, event, line):
    assert event_line(event, me="Mette") == line


def test_the_banner_in_english(english):
    t = Table(["Mette", "Jonas", "Henning"], dice=[2, 3, 4, 5, 6, 6])
    v = t.view("Mette")
    assert turn_line(v, ("Henning",), "Mette") == "Your turn"
    assert turn_line(v, (), None) == "Mette's turn"
    assert turn_line(v, ("Mette",), None) == "Mette is throwing …"
    assert genitive("Jonas") == "Jonas's"
    assert "Throw all your dice into the tray" in turn_html(v, TableLook(single="Mette"))


def test_built_keys_exist_in_both_languages():
    for code in lang.LANGUAGES:
        lang.set_language(code)
        try:
            assert [place(n) for n in range(1, 9)]  # places 1st-8th: a missing key raises
            for face in range(1, 7):
                for count in range(1, 13):
                    assert faces_word(face, count)
            assert [dice_word(n) for n in range(40)]
            for kind in ("new_game", "throw_all", "throw_both", "throw_single", "throw", "pick_up", "out", "fejl", "fejl_undone", "tuborg"):
                assert lang.t(f"bakke.news.{kind}.you")
            assert lang.t("bakke.news.fejl_undone.on_you", who="Lis", dice="x")
        finally:
            lang.set_language("da")
    lang.set_language("en")
    try:
        assert [place(n) for n in (1, 2, 3, 4, 7)] == ["1st", "2nd", "3rd", "4th", "7th"]
        assert [dice_word(n) for n in (0, 1, 2, 12, 13)] == ["no dice", "one die", "two dice", "twelve dice",
                                                             "13 dice"]
    finally:
        lang.set_language("da")


def play_a_game(table: Table, me: str, look: TableLook, rng: random.Random) -> list[str]:
    """Play one whole game from the holder's side; every screen region drawn after each move."""
    seen = []
    for _ in range(400):
        v = table.view(me)
        if v["phase"] == "over":
            break
        turn = v["turn"]
        legal = table.view(turn)["legal"]
        action = rng.choice([k for k in ("throw", "throw_all", "videre") if k in legal])
        table.act(turn, {"type": action})
        absorb(look, table.events[-6:], lambda e: [])
        v = table.view(me)
        look.fejl_open = bool(v.get("fejl_against"))
        seen += [shown(felt_html(v, look)), shown(turn_html(v, look)), shown(controls_html(v, look))]
    assert table.view(me)["phase"] == "over"
    v = table.view(me)
    seen += [shown(felt_html(v, look)), shown(turn_html(v, look)), shown(controls_html(v, look)),
             shown(tally_html(v)), shown(controls_html(v, TableLook(guest=True)))]
    return seen


def test_a_whole_game_in_english_shows_no_danish(english):
    table = Table(["Mette", "Henning", "Kaj"], Rules(dice_per_player=3), seed=5)
    look = TableLook(regulars=("Henning", "Kaj"), single="Mette")
    seen = play_a_game(table, "Mette", look, random.Random(3))
    text = " ".join(seen)
    left = sorted({m.group(0) for m in DANISH.finditer(text)})
    assert left == [], f"Danish on the English table: {left}"
    for english_word in ("Throw", "Pass", "Fault", "New game", "in hand", "Tuborg", "Game 1"):
        assert english_word in text
    setup = shown(setup_html(Draft(), REGULARS, saved=True))
    assert "Set the table" in setup and "Dice per player" in setup and "Back to the table" in setup
    assert [m.group(0) for m in DANISH.finditer(setup.replace("Bakke", ""))] == []
    with pytest.raises(ValueError, match="Dice per player must be 1–6"):
        Draft().choose_dice("9")


def test_the_same_game_in_danish_keeps_its_words():
    table = Table(["Mette", "Henning", "Kaj"], Rules(dice_per_player=3), seed=5)
    look = TableLook(regulars=("Henning", "Kaj"), single="Mette")
    text = " ".join(play_a_game(table, "Mette", look, random.Random(3)))
    assert "Kast" in text and "Nyt spil" in text and "på hånden" in text
    assert "Throw" not in text and "New game" not in text


def test_the_fault_menu_question_and_undo_in_english(english):
    t = Table(["Mette", "Jonas", "Kaj"], dice=[2, 3, 4, 5, 6, 6])
    t.act("Mette", {"type": "throw_all"})
    menu = shown(controls_html(t.view("Kaj"), TableLook(single="Kaj", fejl_open=True)))
    assert "touching the tray" in menu and "gentleman's game" in menu
    asked = shown(controls_html(t.view("Kaj"), TableLook(single="Kaj", fejl_confirm="Mette")))
    assert "A fault on Mette?" in asked and "You call a fault on Mette: Mette takes the tray's four dice." in asked
    assert "Yes, fault" in asked and "Cancel" in asked
    t.act("Kaj", {"type": "fejl", "against": "Mette"})
    undo = shown(controls_html(t.view("Kaj"), TableLook(single="Kaj")))
    assert "Undo the fault" in undo and "can be undone until the next throw" in undo
    left = sorted({m.group(0) for m in DANISH.finditer(f"{menu} {asked} {undo}")})
    assert left == [], f"Danish on the English table: {left}"
