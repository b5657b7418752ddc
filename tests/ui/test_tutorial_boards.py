"""*Lær at spille* shows what it says (issue 17): each step's board, as the screen draws it,
shows the throw, the mat or the roll its text tells of, taken from the engine's own view.

Bakke: every throw of the game (yours and Henning's two) is on the board at a step of its own,
on the thrower's row, each die marked with what became of it. Snyd: Henning's mat turns black
(the table's own `.mat[data-state=black]`) at the step that says so, not before. Treere: the
step that tells of Henning's roll and keep shows them. Bakke's *Fejl* step says a fault is asked
first and can be undone by its caller until the next throw."""
from __future__ import annotations

import re
from collections import Counter
from html import escape

import pytest
from app import lang
from app.bakke import tutorial as bakke
from app.snyd import tutorial as snyd
from app.treere import tutorial as treere
from app.tutorial.markup import screen_html
from app.tutorial.runner import PEEK, Tutorial

GONE, UP, STAYS = "gone", "up", "stays"  # the marks (data-fate) of app.bakke.tutorial


@pytest.fixture(autouse=True)
def danish_again():
    yield
    lang.set_language("da")


def walk(script):
    """(step key, tutorial) at every step and at the end; the table as that step shows it."""
    tut = Tutorial(script)
    while True:
        yield (tut.step.key if tut.step else "done"), tut
        if tut.done:
            return
        tut.tap(tut.step.expect)


def html(tut: Tutorial) -> str:
    script = tut.script
    peeking = tut.step is not None and tut.step.expect == PEEK
    return screen_html(tut, script.board(tut.table, peeking), set(), "", "")


def drawn_throw(page: str) -> tuple[int | None, list[int], list[str]]:
    """The throw the screen draws: its row's index, the dice's faces and their marks."""
    found = re.findall(r'data-testid="tutorial-throw-(\d+)">(.*?)</div>', page)
    if not found:
        return None, [], []
    assert len(found) == 1, "one throw on the board: the last"
    row, inner = found[0]
    faces = [int(v) for v in re.findall(r'data-value="(\d)"', inner)]
    return int(row), faces, re.findall(r'data-fate="(\w+)"', inner)


# The throw each Bakke step's text tells of: (whose row, faces, what became of each die).
BAKKE_THROWS = {
    "first_throw": None,
    "your_throw": (bakke.PLAYER, [1, 4, 4, 2, 6, 1], [GONE, UP, UP, STAYS, STAYS, GONE]),
    "henning_stays": (bakke.HENNING, [5], [STAYS]),
    "resolve": (bakke.HENNING, [2], [UP]),
    "one_leaves": (bakke.PLAYER, [1], [GONE]),
    "out": (bakke.PLAYER, [3], [STAYS]),
    "fejl": (bakke.PLAYER, [3], [STAYS]),
    "done": (bakke.PLAYER, [3], [STAYS]),
}
ROW = {bakke.HENNING: 1, bakke.PLAYER: 2}  # board rows: the tray, Henning, you


def test_each_bakke_step_shows_the_throw_its_text_tells_of():
    seen = []
    for key, tut in walk(bakke):
        seen.append(key)
        last = tut.table.view(bakke.PLAYER)["last"]
        row, faces, marks = drawn_throw(html(tut))
        want = BAKKE_THROWS[key]
        if want is None:
            assert last is None and row is None, key
            continue
        player, want_faces, want_marks = want
        assert last["player"] == player and last["faces"] == want_faces, key  # the engine's
        assert (row, faces, marks) == (ROW[player], want_faces, want_marks), key  # on screen
    assert seen == list(BAKKE_THROWS)


def test_every_bakke_throw_of_the_game_is_shown_at_a_step():
    """Henning's turn is no longer unseen: each throw event of the engine is some step's board."""
    shown = []
    for _key, tut in walk(bakke):
        last = tut.table.view(bakke.PLAYER)["last"]
        if last is not None and (last["player"], last["faces"]) not in shown:
            shown.append((last["player"], last["faces"]))
    events = tut.table.view(bakke.PLAYER)["events"]
    thrown = [(e["player"], e["faces"]) for e in events if e["type"] == "throw"]
    assert [p for p, _ in thrown].count(bakke.HENNING) == 2
    assert shown == thrown


def test_the_bakke_marks_agree_with_the_engine():
    for key, tut in walk(bakke):
        v = tut.table.view(bakke.PLAYER)
        last = v["last"]
        if last is None:
            continue
        marks = bakke.fates(last)
        by = {m: [f for f, mm in zip(last["faces"], marks, strict=True) if mm == m]
              for m in (GONE, UP, STAYS)}
        assert len(by[GONE]) == last["ones"] and set(by[GONE]) <= {1}, key
        assert not Counter(by[UP]) - Counter(last["picked"]), key  # up: a pair went to the hand
        assert set(by[STAYS]) <= set(v["tray"]), key  # stays: in the tray after


def test_the_bakke_marks_have_words_in_both_languages():
    tut = Tutorial(bakke)
    tut.tap(bakke.THROW_ALL)
    assert 'data-fate="gone"><span class="die' in html(tut)
    words = {"da": ["væk", "i hånden", "i bakken", "kastede"],
             "en": ["gone", "in hand", "in tray", "threw"]}
    for language, expected in words.items():
        lang.set_language(language)
        page = html(tut)
        _row, _faces, _marks = drawn_throw(page)
        labels = re.findall(r"<small>(.*?)</small>", page)
        assert labels == [expected[0], expected[1], expected[1], expected[2], expected[2],
                          expected[0]], language
        assert f'<span class="caption">{expected[3]}</span>' in page


def test_henning_s_mat_turns_black_at_viborg_and_not_before():
    black_from = [k for k, _ in walk(snyd)].index("viborg")
    for n, (key, tut) in enumerate(walk(snyd)):
        page = html(tut)
        mats = re.findall(r'<div class="mat tutorial-mat" data-testid="tutorial-mat-(\d)" '
                          r'data-state="(\w+)">', page)
        assert [row for row, _ in mats] == ["0", "1"], key  # Henning's and your mat, always
        states = dict(mats)
        assert states["1"] == "green", key  # you never go to Viborg here
        assert states["0"] == ("black" if n >= black_from else "green"), key
        if states["0"] == "black":
            assert snyd.HENNING in tut.table.view(snyd.PLAYER)["viborg"]
    assert "måtte bliver sort" in lang.t(snyd.STEPS[black_from].text)


def test_treere_shows_henning_s_roll_and_keep_when_the_text_tells_of_them():
    for key, tut in walk(treere):
        v = tut.table.view(treere.PLAYER)
        rows = {r["name"]: r["dice"] for r in treere.board(tut.table, False)["rows"]}
        if key in ("won", "ties", "progressive", "done"):
            rolls = [e["faces"] for e in v["events"]
                     if e["type"] == "roll" and e["player"] == treere.HENNING]
            assert rows["Hennings slag"] == rolls[-1] == [4, 5, 6, 6, 2], key
            assert rows["Henning beholdt"] == v["kept_by"][treere.HENNING] == [4], key
            assert rows["Du beholdt"] == v["kept_by"][treere.PLAYER] == [3, 3, 3, 1, 2], key
            page = html(tut)
            assert ">Hennings slag<" in page and ">Henning beholdt<" in page
        else:
            assert not any(name.startswith("Henning") for name in rows), key
    lang.set_language("en")
    assert escape("Henning's roll") in html(tut) and ">Henning kept<" in html(tut)
    assert ">You kept<" in html(tut)


@pytest.mark.parametrize("language", lang.LANGUAGES)
def test_the_bakke_fejl_step_says_it_is_asked_and_can_be_undone(language):
    lang.set_language(language)
    text = lang.t("tutorial.bakke.fejl")
    assert lang.t("bakke.fejl.yes") in text, "the confirm button's own words"
    until = {"da": "fortryde fejlen indtil næste kast", "en": "undo it until the next throw"}
    assert until[language] in text


def test_the_snyd_reveals_show_the_die_you_put_away():
    """"Du lægger en terning væk" (reveal) and "Du har én terning tilbage" (one_two_reveal):
    your row says so, with the count the engine left you; no other step's row does."""
    notes = {}
    for key, tut in walk(snyd):
        notes[key] = snyd.board(tut.table, False)["rows"][1]["note"]
        assert snyd.board(tut.table, False)["rows"][0]["note"] in ("", "i Viborg"), key
    assert notes["reveal"] == "lægger én væk – 2 tilbage"
    assert notes["one_two_reveal"] == "lægger én væk – 1 tilbage"
    assert [k for k, n in notes.items() if "væk" in n] == ["reveal", "one_two_reveal"]
    lang.set_language("en")
    tut = Tutorial(snyd)
    while tut.step.key != "reveal":
        tut.tap(tut.step.expect)
    assert ">puts one away – 2 left<" in html(tut)


def _ringed(page: str, row: int) -> list[int]:
    """The faces drawn with the table's golden ring (`die counted`) on board row `row`."""
    inner = page.split(f'data-testid="tutorial-row-{row}"', 1)[1].split("tutorial-row-", 1)[0]
    return [int(v) for v in re.findall(r'class="die counted" data-value="(\d)"', inner)]


def test_the_snyd_reveals_ring_the_dice_the_count_is_made_of():
    """"Der var 4 firere: dine to, din 1'er og Hennings ene": the screen rings those four, as the
    table does, from the engine's own count (`last_reveal.counting`); nothing before a reveal."""
    want = {"reveal": ([4], [4, 1, 4]), "one_two_reveal": ([5, 5], [1, 2]),
            "viborg": ([6, 6], [1])}
    for key, tut in walk(snyd):
        page = html(tut)
        rows = (_ringed(page, 0), _ringed(page, 1))
        if key in want:
            assert rows == want[key], key
            reveal = tut.table.view(snyd.PLAYER)["last_reveal"]  # the engine's count
            assert rows == tuple([reveal["hands"][p][i] for i in reveal["counting"].get(p, [])]
                                 for p in (snyd.HENNING, snyd.PLAYER)), key
        elif key in ("peek", "jokers", "call", "one_two", "lone_one"):
            assert rows == ([], []), key
