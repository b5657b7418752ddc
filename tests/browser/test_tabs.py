"""One table, one tab (issue 8, item 6): two pages of ONE context share localStorage, like two
tabs of a phone's browser. Before, each ran its own copy and the last to save won."""
from __future__ import annotations

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
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
