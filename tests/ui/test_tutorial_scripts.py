"""*Lær at spille*: every script is consistent with the engine (app.tutorial.runner and the three
scripts): each step's situation is on the table when the step shows, its expected action is
legal there and among its choices, a wrong choice changes nothing, and the game ends as told;
every text is a catalogue key that both languages have, and each step reads right in both."""
from __future__ import annotations

import copy
import string

import pytest
from app import lang
from app.bakke import tutorial as bakke
from app.snyd import tutorial as snyd
from app.treere import tutorial as treere
from app.tutorial import runner as tutorial
from app.tutorial.runner import NEXT, PEEK, Tutorial

from engine.errors import IllegalAction

SCRIPTS = [snyd, bakke, treere]


@pytest.fixture(autouse=True)
def danish_again():
    yield
    lang.set_language("da")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.GAME)
def test_every_step_shows_its_situation_and_its_action_is_legal(script):
    tut = Tutorial(script)
    for step in script.STEPS:
        assert tut.step is step
        assert step.check is not None and step.check(tut.table), step.key
        if step.expect not in (PEEK,) and step.expect["type"] != "keep":
            assert step.expect in [c.action for c in step.choices], step.key
        assert tut.tap(step.expect), step.key  # the engine took it (it raises if illegal)
    assert tut.done and tut.step is None


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.GAME)
def test_a_wrong_choice_nudges_and_changes_nothing(script):
    tut = Tutorial(script)
    for step in script.STEPS:
        wrong = [c.action for c in step.choices if c.action != step.expect]
        for action in wrong + ([{"type": "keep", "dice": [4]}] if step.expect["type"] == "keep" else []):
            before = copy.deepcopy(tut.table.view(script.PLAYER))
            assert not tut.tap(action)
            assert tut.nudge == step.nudge and tut.step is step
            assert tut.table.view(script.PLAYER) == before
        tut.tap(step.expect)
        assert tut.nudge == ""


def test_snyd_covers_the_lesson_in_order():
    keys = [s.key for s in snyd.STEPS]
    assert keys == ["peek", "jokers", "call", "reveal", "one_two", "one_two_reveal", "lone_one",
                    "viborg", "house_rules", "clock"]


def test_bakke_and_treere_end_with_what_a_real_table_adds():
    assert [s.key for s in bakke.STEPS][-2:] == ["out", "fejl"]
    assert [s.key for s in treere.STEPS][-3:] == ["won", "ties", "progressive"]


def test_snyd_specials_really_count_as_the_text_says():
    from engine.snyd import Rules
    from engine.snyd.counting import special_value
    rules = Rules(dice_per_player=snyd.DICE)
    assert special_value(snyd.HANDS[1][0], rules) == 3   # "1+2 … tæller som 3"
    assert special_value(snyd.HANDS[2][0], rules) == 2   # "en enlig 1'er … tæller som 2"
    assert 1 in snyd.HANDS[0][0] and "jokere" in snyd.STEPS[1].words()


def test_snyd_ends_with_henning_in_viborg_and_the_board_shows_it():
    tut = Tutorial(snyd)
    while tut.step.key != "viborg":
        tut.tap(tut.step.expect)
    board = snyd.board(tut.table, peeking=False)
    henning = board["rows"][0]
    assert henning["name"] == "Henning" and henning["note"] == "i Viborg"
    assert board["rows"][1]["dice"] == [1] and "holdt" in board["line"]


def test_snyd_board_hides_your_dice_until_you_peek_and_henning_until_the_reveal():
    tut = Tutorial(snyd)
    hidden = snyd.board(tut.table, peeking=False)
    assert hidden["rows"][1]["dice"] == [None, None, None] and hidden["peek"]
    shown = snyd.board(tut.table, peeking=True)
    assert shown["rows"][1]["dice"] == [4, 1, 4] and shown["rows"][0]["dice"] == [None] * 3


def test_the_runner_refuses_a_tap_after_the_end_and_skip_ends_it():
    tut = Tutorial(bakke)
    tut.skip()
    assert tut.done and tut.skipped
    with pytest.raises(IllegalAction):
        tut.tap(NEXT)


def test_progress_counts_steps():
    tut = Tutorial(treere)
    assert tut.progress() == f"Trin 1 af {len(treere.STEPS)}"
    tut.tap(treere.STEPS[0].expect)
    assert tut.progress() == f"Trin 2 af {len(treere.STEPS)}"


def test_the_offer_is_open_until_answered():
    from app.home.player_settings import clean_settings
    assert tutorial.offer_open(clean_settings(None))
    assert not tutorial.offer_open(clean_settings({tutorial.OFFER_KEY: True}))
    assert tutorial.offer_open(clean_settings({tutorial.OFFER_KEY: "yes"}))  # bad value: default


def test_the_start_screens_offer_speaks_the_language():
    keys = ("tutorial.offer", "tutorial.offer_yes", "tutorial.offer_no")  # app/home/start.py asks them
    assert [lang.t(k) for k in keys] == ["Ny ved bordet? Lær Snyd på et minut mod Henning.",
                                         "Lær at spille", "Nej tak"]
    lang.set_language("en")
    assert [lang.t(k) for k in keys][1:] == ["Learn to play", "No thanks"]


def test_screen_markup_waits_for_the_peek_and_offers_the_choices():
    from app.tutorial.markup import screen_html
    tut = Tutorial(snyd)
    html = screen_html(tut, snyd.board(tut.table, False), set(), "Hold på Kig", "")
    assert 'data-waits="peek"' in html and 'data-testid="tutorial-kig"' in html
    assert 'data-testid="peek-hint">Hold på Kig<' in html
    tut.tap(PEEK)
    html = screen_html(tut, snyd.board(tut.table, False), set(), "", "")
    assert html.count('data-action="choice"') == 3 and "Byd 3 firere" in html
    t2 = Tutorial(treere)
    t2.tap(treere.STEPS[0].expect)
    html = screen_html(t2, treere.board(t2.table, False), {0}, "", "")
    assert 'data-testid="tutorial-die-0" aria-pressed="true"' in html
    assert 'data-testid="tutorial-keep">' in html  # enabled once a die is chosen


def _last_sentence(text: str) -> str:
    parts = [p for p in text.replace("!", ".").split(".") if p.strip()]
    return parts[-1].lower()


@pytest.mark.parametrize("language", lang.LANGUAGES)
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.GAME)
def test_each_step_names_its_own_choice_last(script, language):
    """By the hints alone: the text's last sentence names the expected choice and no other
    (tests/browser/test_tutorial.py plays that way); a one-choice step needs no naming."""
    lang.set_language(language)
    for step in script.STEPS:
        if len(step.choices) < 2:
            continue
        named = [c for c in step.choices if c.text().lower() in _last_sentence(step.words())]
        assert [c.action for c in named] == [step.expect], (language, step.key)


def script_keys(script) -> set[str]:
    keys = set()
    for step in script.STEPS:
        keys |= {step.text, step.nudge} | {c.label for c in step.choices}
    return keys


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.GAME)
def test_every_key_a_script_names_is_in_both_catalogues_with_its_placeholders(script):
    for language in lang.LANGUAGES:
        missing = sorted(script_keys(script) - lang.catalogue(language).keys())
        assert missing == [], (language, missing)
    for step in script.STEPS:
        for c in step.choices:  # a label's placeholders are exactly the choice's args
            for language in lang.LANGUAGES:
                lang.set_language(language)
                assert "{" not in c.text() and "⟦" not in c.text(), (language, c.label)


def test_the_tutorial_catalogues_match():
    from app.lang.da import tutorial as da
    from app.lang.en import tutorial as en
    assert sorted(da.TEXT) == sorted(en.TEXT)
    assert [k for k in da.TEXT if _fields(da.TEXT[k]) != _fields(en.TEXT[k])] == []


def _fields(text: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


def test_every_face_a_bid_can_name_has_its_words():
    for language in lang.LANGUAGES:
        lang.set_language(language)
        for face in snyd.FACES:
            assert snyd.words(2, face).startswith("2 ")
            assert "2" in snyd._bid_choice(2, face).text()
    lang.set_language("en")
    assert snyd.words(3, 4) == "3 fours" and snyd._bid_choice(5, 5).text() == "Bid 5 fives"


def _play_through(script, language):
    """Every screen of a script, drawn in `language` (the peek held once, for Snyd)."""
    from app.tutorial.markup import screen_html
    lang.set_language(language)
    tut = Tutorial(script)
    screens = []
    while True:
        board = script.board(tut.table, peeking=tut.step is not None and tut.step.expect == PEEK)
        screens.append(screen_html(tut, board, set(), "", tut.nudge_text()))
        if tut.done:
            return screens
        wrong = [c.action for c in tut.step.choices if c.action != tut.step.expect]
        if wrong:
            tut.tap(wrong[0])
            screens.append(screen_html(tut, script.board(tut.table, False), set(), "",
                                       tut.nudge_text()))
        tut.tap(tut.step.expect)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.GAME)
def test_every_screen_reads_in_english(script):
    screens = _play_through(script, "en")
    text = "\n".join(screens)
    assert "⟦" not in text
    assert "Learn to play – " in text and "Step 1 of" in text and "Skip" in text
    nudges = [lang.t(s.nudge) for s in script.STEPS if len(s.choices) > 1]
    assert nudges and all(n in text for n in nudges) or script is treere  # no wrong choice there
    you = "You: 3" if script is treere else '<span class="name">You</span>'  # Treere: the scores
    assert you in text and '<span class="name">Du</span>' not in text and "Du:" not in text
    for danish in ("Spring over", "Trin ", "Færdig", "Næste runde", "Buddet", "Bakken",
                   "Slaget", "Behold", "Lær at spille", "terning", "Byd "):
        assert danish not in text, danish
    assert "Well played!" in screens[-1] and "Play for real" in screens[-1]


def test_the_danish_screens_still_say_du():
    assert "Du: 3" in "\n".join(_play_through(treere, "da"))
    text = "\n".join(_play_through(snyd, "da"))
    assert '<span class="name">Du</span>' in text and "Trin 1 af" in text and "Byd 3 firere" in text


def test_the_screens_title_follows_the_language():
    from app.shell import screens
    assert screens.title("lær") == "Lær at spille"
    lang.set_language("en")
    assert screens.title("lær") == "Learn to play"


# ---------- Tilbage (issue 17): every step after the first goes back, its table as it was ----------

def _snapshot(tut: Tutorial) -> tuple:
    """What a step shows: its key, the board (covered and peeked) and the engine's own view."""
    script = tut.script
    return (tut.step.key if tut.step else "done", script.board(tut.table, False),
            script.board(tut.table, True), tut.table.view(script.PLAYER))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.GAME)
def test_back_goes_to_each_previous_step_as_it_was(script):
    tut = Tutorial(script)
    seen = [_snapshot(tut)]
    for step in script.STEPS:
        tut.tap(step.expect)
        seen.append(_snapshot(tut))
    assert not Tutorial(script).back(), "the first step has no way back"
    for i in range(len(script.STEPS) - 1, -1, -1):  # from the end (`done`) back to the first
        tut.nudge = "tutorial.nudge"
        assert tut.back()
        assert tut.index == i and tut.nudge == ""
        assert _snapshot(tut) == seen[i], (script.GAME, i)
        check = script.STEPS[i].check
        assert check is not None and check(tut.table), (script.GAME, script.STEPS[i].key)
    assert not tut.back()
    for step in script.STEPS:  # and the way on is the same as the first time
        assert tut.tap(step.expect), step.key
    assert tut.done


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.GAME)
def test_the_back_button_is_on_every_step_after_the_first_and_the_end(script):
    from app.tutorial.markup import screen_html
    tut = Tutorial(script)
    html = screen_html(tut, script.board(tut.table, False), set(), "", "")
    assert 'data-testid="tutorial-back"' not in html
    for step in script.STEPS:
        tut.tap(step.expect)
        html = screen_html(tut, script.board(tut.table, False), set(), "", "")
        assert html.count('data-testid="tutorial-back"') == 1, tut.index
        assert 'data-action="back"' in html and ">Tilbage</button>" in html
    assert 'data-testid="tutorial-done"' in html
    lang.set_language("en")
    assert ">Back</button>" in screen_html(tut, script.board(tut.table, False), set(), "", "")


# ---------- Lær at spille on each game's Dæk bordet (issue 17) ----------

def _setup_html(game: str) -> str:
    if game == "snyd":
        from app.snyd.setup_markup import Draft, setup_html
        from app.snyd.table_setup import Seat
        return setup_html(Draft(seats=[Seat("Du", "human"), Seat("Henning", "regular")]),
                          [{"name": "Henning", "description": "stamgæst"}], saved=False)
    from importlib import import_module

    from app.table.seat_draft import SeatDraft
    markup = import_module(f"app.{game}.setup_markup")
    d = markup.Draft(seats=SeatDraft.first("Du", []))
    return markup.setup_html(d, [], False)


@pytest.mark.parametrize("game", ["snyd", "bakke", "treere"])
def test_each_dæk_bordet_offers_its_own_tutorial(game):
    html = _setup_html(game)
    assert html.count('data-testid="tutorial-open"') == 1
    assert (f'data-action="learn" data-game="{game}" data-testid="tutorial-open">'
            'Lær at spille</button>') in html
    assert html.index('data-testid="tutorial-open"') < html.index('data-testid="setup-seat"'), \
        "near the top, by the game's name"
    lang.set_language("en")
    assert ">Learn to play</button>" in _setup_html(game)
