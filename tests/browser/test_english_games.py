"""Bakke and Treere on an English phone (issue 12, "In English too"): an "en-GB" phone sets
each table, plays a whole game against a regular to the end, opens *The board*, and at every
screen the app speaks English: the English words are there, no missing key (⟦…⟧) shows, and
none of the Danish words these tables moved to the catalogues is left. Phone and desktop
screenshots (test-artifacts/english-games-*.png; looked at).
"""
from __future__ import annotations

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_bakke import flick as flick_hand
from test_bakke import wait_mine_or_over
from test_table_driver import open_app, tap
from test_treere import SETTLED

# Danish words of the Bakke and Treere tables that English must not show (the regulars' own
# lines are the engine's, in English too: engine/voices).
DANISH = ("Dæk bordet", "Din tur", "Kast alle", "Nyt spil", "Tavlen", "Husregler", "Bakken er tom",
          "giver en Tuborg", "Terninger pr. spiller", "svirp", "Puljen", "At slå", "Beholdt",
          "Indsats pr. spiller", "Tæller nul", "vinder puljen", "Spil 1", "Forlad bordet")
FAST = json.dumps({"tempo": "hurtig"})  # the regulars think briefly (Indstillinger: Tempo)


def english_page(contexts, kind: str = "phone"):
    context = contexts(kind, locale="en-GB")
    # (try: a frame without storage, such as about:blank, has no localStorage to set)
    context.add_init_script(
        "try { if (!localStorage.getItem('bodegabordet.settings'))"
        f" localStorage.setItem('bodegabordet.settings', {FAST!r}); }} catch (e) {{}}")
    return context.new_page()


def speaks_english(page, *words: str) -> None:
    """These English words show, no key is missing, no moved Danish word is left."""
    text = page.evaluate("document.body.innerText")
    assert "⟦" not in text, "a missing key on screen"
    left = [w for w in DANISH if w.lower() in text.lower()]  # innerText is as drawn: "↑ SVIRP"
    assert left == [], f"Danish left on the English screen: {left}"
    for word in words:
        assert word in text, f"{word!r} not on the screen"


def button(page, name: str):
    return page.get_by_role("button", name=name, exact=True)


def set_table(page, game: str, dice: str | None = None) -> str:
    """*Set the table* with one regular; returns the regular's name."""
    tap(page, page.get_by_test_id(f"game-{game}"))
    page.wait_for_selector(f'[data-testid="setup"][data-game="{game}"]')
    regulars = '[data-testid="setup-seat"][data-kind="regular"]'
    while page.locator(regulars).count() > 1:
        tap(page, page.locator(regulars).last.get_by_role("button"))
    if dice:
        page.get_by_test_id("dice-per-player").select_option(dice)
    return page.locator(regulars).get_attribute("data-player")


def test_bakke_in_english_to_the_tuborg(contexts, server, screenshot):
    page = english_page(contexts)
    open_app(page, server)
    assert page.evaluate("document.documentElement.lang") == "en"
    regular = set_table(page, "bakke", dice="2")
    speaks_english(page, "Set the table", "Dice per player", "House rules", "Fejl (faults)")
    screenshot(page, "english-games-bakke-setup")
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_selector('[data-testid="table"] [data-testid="hand"]')
    assert page.get_by_test_id("turn").locator(".turn-line").inner_text() == "Your turn"
    speaks_english(page, "Your turn", "Throw all", "Throw", "Pass", "Game 1", "The board")
    screenshot(page, "english-games-bakke-start")

    moves, fault_menu = 0, False
    while wait_mine_or_over(page) == "mine":
        moves += 1
        assert moves < 60, "the game never ended"
        if not fault_menu and button(page, "Fault").is_enabled():
            tap(page, button(page, "Fault"))  # the menu of whom to call a fault on
            page.wait_for_selector('[data-testid="fejl-menu"]')
            speaks_english(page, f"Fault on {regular}", "Whoever makes a fault")
            screenshot(page, "english-games-bakke-fault-menu")
            tap(page, button(page, "Fault"))
            fault_menu = True
        speaks_english(page, "Your turn")
        if button(page, "Pass").is_enabled():
            tap(page, button(page, "Pass"))
        else:
            page.wait_for_timeout(500)  # the last throw's tumble (a tap needs the dice landed)
            flick_hand(page)
        page.wait_for_timeout(100)
    verdict = page.get_by_test_id("tuborg").inner_text()
    assert verdict in (f"{regular} stands a Tuborg", "You stand a Tuborg")
    speaks_english(page, "stand", "Last with dice in hand", "New game")
    screenshot(page, "english-games-bakke-tuborg")

    tap(page, button(page, "The board"))
    page.wait_for_selector('[data-testid="tally"]:not([hidden])')
    speaks_english(page, "Tuborgs stood tonight", "1 game played", "Player")
    screenshot(page, "english-games-bakke-board")
    tap(page, button(page, "Close"))
    tap(page, button(page, "New game"))
    page.wait_for_function("document.querySelector('.round-info')?.textContent === 'Game 2'")
    speaks_english(page, "Game 2")


def treere_turn_or_over(page) -> str:
    page.wait_for_function(
        "document.querySelector('[data-testid=new-game]') ||"
        " document.querySelector('[data-testid=turn-line]')?.textContent === 'Your turn'", timeout=60_000)
    return "over" if page.get_by_test_id("new-game").count() else "mine"


def test_treere_in_english_to_the_pot(contexts, server, screenshot):
    page = english_page(contexts)
    open_app(page, server)
    set_table(page, "treere")
    speaks_english(page, "Set the table", "Ante per player", "Progressive", "Counts as zero", "Threes Away")
    screenshot(page, "english-games-treere-setup")
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_selector('[data-testid="treere-table"]')

    steps, kept_once = 0, False
    while treere_turn_or_over(page) == "mine":
        steps += 1
        assert steps < 80, "the pot never ended"
        speaks_english(page, "Your turn", "Pot", "To beat")
        if page.get_by_test_id("flick").count():
            tap(page, button(page, "Roll"))
            page.get_by_test_id("rolled-die").first.wait_for()
            continue
        page.wait_for_function(SETTLED, timeout=5_000)
        tap(page, page.get_by_test_id("rolled-die").first)
        page.wait_for_function("document.querySelector('[data-testid=rolled-die]')?.getAttribute('aria-pressed') === 'true'")
        if not kept_once:
            speaks_english(page, "Keep (1)", "Kept", "Score", "Tap the dice you want to keep")
            screenshot(page, "english-games-treere-choose")
            kept_once = True
        tap(page, page.get_by_role("button", name="Keep"))
        page.wait_for_timeout(100)
    speaks_english(page, "wins the pot", "New game")
    screenshot(page, "english-games-treere-won")

    tap(page, button(page, "The board"))
    page.wait_for_selector('[data-testid="tally"]:not([hidden])')
    speaks_english(page, "Pots won", "Units", "Player")
    screenshot(page, "english-games-treere-board")
    tap(page, button(page, "Close"))


def test_both_tables_in_english_on_a_desktop(contexts, server, screenshot):
    page = english_page(contexts, "desktop")
    open_app(page, server)
    set_table(page, "bakke")
    screenshot(page, "english-games-desktop-bakke-setup")
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_selector('[data-testid="table"] [data-testid="hand"]')
    tap(page, button(page, "Throw all"))
    page.wait_for_selector('[data-testid="thrown-die"]')
    page.wait_for_timeout(600)
    speaks_english(page, "Game 1", "You throw all", "The board")
    screenshot(page, "english-games-desktop-bakke")
    tap(page, page.get_by_role("button", name="Leave the table"))
    page.wait_for_selector('[data-testid="game-treere"]')
    set_table(page, "treere")
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_selector('[data-testid="treere-table"]')
    treere_turn_or_over(page)
    tap(page, button(page, "Roll"))
    page.get_by_test_id("rolled-die").first.wait_for()
    page.wait_for_function(SETTLED, timeout=5_000)
    speaks_english(page, "Your turn", "Pot", "To beat", "Tap the dice you want to keep")
    screenshot(page, "english-games-desktop-treere")
