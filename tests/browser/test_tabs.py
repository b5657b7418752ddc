"""One table, one tab (issue 8, item 6): two pages of ONE context share localStorage, like two
tabs of a phone's browser. Before, each ran its own copy and the last to save won."""
from __future__ import annotations

import json
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from app.table.session import GameSession
from test_table_driver import FELT, open_app, set_settings, set_table, tap, until_mine

TABLE_KEY = "bodegabordet.snyd.table"
ELSEWHERE = '[data-testid="table-elsewhere"]'


def saved_log(page) -> list:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", TABLE_KEY))["log"]


def bid(page) -> None:
    """Wait for my turn and make the smallest bid the picker offers."""
    until_mine(page)
    before = page.locator(".centre .current").inner_text()
    tap(page, page.get_by_role("button", name="Byd", exact=True))
    page.wait_for_function("b => document.querySelector('.centre .current').innerText !== b", arg=before)


def test_a_second_tab_says_so_takes_the_table_and_the_first_stops(contexts, server, screenshot):
    ctx = contexts("phone")
    first = ctx.new_page()
    open_app(first, server)
    set_settings(first, tempo="hurtig")
    set_table(first, dice=3, regulars=2)
    bid(first)
    until_mine(first)  # the regulars have answered: the first tab waits for me, nothing moves
    log_before = saved_log(first)

    second = ctx.new_page()
    second.goto(server)
    second.wait_for_selector(ELSEWHERE, timeout=60_000)  # old code: a second copy of the table
    assert "Bordet er åbent i en anden fane" in second.locator(ELSEWHERE).inner_text()
    screenshot(second, "tabs-second-tab")
    second.wait_for_timeout(500)
    assert saved_log(first) == log_before, "the tab without the table never writes it"

    tap(second, second.get_by_test_id("take-table"))
    second.wait_for_selector(FELT)
    first.wait_for_selector(ELSEWHERE, timeout=10_000)  # the first tab stops
    assert "Bordet er flyttet til en anden fane" in first.locator(ELSEWHERE).inner_text()
    assert first.locator(FELT).count() == 0
    screenshot(first, "tabs-first-tab-moved")
    # The second tab goes on from the latest save: my bid of the first tab is there.
    assert saved_log(second) == log_before
    bid(second)
    until_mine(second)
    log_second = saved_log(second)
    assert len(log_second) > len(log_before)
    first.wait_for_timeout(500)
    assert saved_log(first) == log_second, "the moved tab does not write over the table"

    tap(first, first.get_by_test_id("take-table"))  # and back: nothing played in the second is lost
    first.wait_for_selector(FELT)
    second.wait_for_selector(ELSEWHERE, timeout=10_000)
    assert saved_log(first)[: len(log_second)] == log_second
    bid(first)
    assert len(saved_log(first)) > len(log_second)


def test_without_web_locks_the_newest_tab_holds_the_table_and_the_other_stops(contexts, server):
    """Plain http on a LAN address is no secure context: no navigator.locks. The token under
    bodegabordet.snyd.tab and its storage event decide alone."""
    ctx = contexts("phone")
    ctx.add_init_script("Object.defineProperty(Navigator.prototype, 'locks', {get: () => undefined});")
    first = ctx.new_page()
    open_app(first, server)
    assert first.evaluate("navigator.locks === undefined")
    set_settings(first, tempo="hurtig")
    set_table(first, dice=3, regulars=1)
    bid(first)
    until_mine(first)
    log_before = saved_log(first)

    second = ctx.new_page()
    second.goto(server)
    second.wait_for_selector(FELT, timeout=60_000)      # the newest tab takes the table...
    first.wait_for_selector(ELSEWHERE, timeout=10_000)  # ...and the other one stops at once
    assert "Bordet er flyttet til en anden fane" in first.locator(ELSEWHERE).inner_text()
    assert saved_log(second)[: len(log_before)] == log_before
    bid(second)
    until_mine(second)  # the regular has answered: nothing moves until I do
    log_second = saved_log(second)
    first.wait_for_timeout(500)
    assert saved_log(first) == log_second, "the moved tab does not write over the table"


# ---------- Bakke and Treere (issue 11): the same lock, each game's table its own ----------
GAME_KEYS = {"bakke": "bodegabordet.bakke.table", "treere": "bodegabordet.treere.table"}
GAME_TABLES = {"bakke": '[data-testid="table-screen"][data-game="bakke"]', "treere": '[data-testid="treere-table"]'}


def game_log(page, game: str) -> list:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", GAME_KEYS[game]))["log"]


def plant_game(page, game: str) -> None:
    """A pass-and-play table of `game` (two people: nothing moves by itself), saved as the app
    saves one, in localStorage before the app's first line runs (this page's first load only)."""
    text = GameSession(game, [("Mette", "human"), ("Jonas", "human")], seed=7).to_json()
    page.add_init_script(
        "if (!sessionStorage.getItem('planted')) { sessionStorage.setItem('planted', '1');"
        f" localStorage.setItem({json.dumps(GAME_KEYS[game])}, {json.dumps(text)}); }}")


def throw(page, game: str) -> None:
    """A move of the person in turn (Kast alle / Kast; in Treere after a roll: keep the first
    die; after a game: Nyt spil), and wait for its save."""
    before = len(game_log(page, game))
    kast = page.locator(".controls button:not([disabled])", has_text="Kast")
    if kast.count():
        tap(page, kast.first)
    elif page.get_by_test_id("new-game").count():
        tap(page, page.get_by_test_id("new-game"))
    else:
        tap(page, page.locator('[data-testid="rolled-die"]').first)
        tap(page, page.get_by_role("button", name="Behold"))
    page.wait_for_function("([k, n]) => JSON.parse(localStorage.getItem(k)).log.length > n",
                           arg=[GAME_KEYS[game], before])


@pytest.mark.parametrize("game", ["bakke", "treere"])
def test_a_bakke_or_treere_table_in_a_second_tab_is_taken_and_the_first_stops(contexts, server, screenshot, game):
    ctx = contexts("phone")
    first = ctx.new_page()
    plant_game(first, game)
    first.goto(server)
    first.wait_for_selector(GAME_TABLES[game], timeout=90_000)
    throw(first, game)
    log_before = game_log(first, game)

    second = ctx.new_page()
    second.goto(server)
    second.wait_for_selector(ELSEWHERE, timeout=90_000)  # old code: a second copy of the table
    assert "Bordet er åbent i en anden fane" in second.locator(ELSEWHERE).inner_text()
    screenshot(second, f"tabs-{game}-second-tab")
    throw(first, game)  # the first tab still holds it and plays on
    log_first = game_log(first, game)
    assert len(log_first) > len(log_before)

    tap(second, second.get_by_test_id("take-table"))
    second.wait_for_selector(GAME_TABLES[game])
    first.wait_for_selector(ELSEWHERE, timeout=10_000)  # the first tab stops
    assert "Bordet er flyttet til en anden fane" in first.locator(ELSEWHERE).inner_text()
    assert first.locator(GAME_TABLES[game]).count() == 0
    assert game_log(second, game) == log_first, "the second tab goes on from the latest save"
    throw(second, game)
    log_second = game_log(second, game)
    first.wait_for_timeout(500)
    assert game_log(first, game) == log_second, "the moved tab does not write over the table"
    assert first.evaluate("localStorage.getItem('bodegabordet.snyd.tab')") is None, "Snyd's table is not touched"
