"""*De åbne borde* end to end (issue 21), as strangers meet: fresh phone contexts, the real app
and the real relay. One phone opens a table through *Åbn et bord*'s form; a second finds it on
*Åbne borde* and sits down with one tap; a third watches the list say ``full`` and ``playing``
(and cannot join into the running game). They play with fair dice, every cup checked; the form
offers no Øvebord and no *Finalen i Viborg* and the table has neither. The opener's phone is
closed: the next phone carries the table on and lists it from its own room, the old row is gone;
then that phone goes too, and the abandoned table leaves the list within 5 s.

Snyd is played to a black mat (*har tabt helt*); Treere to a pot won (a game over), with a
regular filling the empty seat at the start (the form's *Stamgæster*) and a stranger whose
phone knows her name (one tap, no form).

Every page is watched (conftest): a console error or a Python traceback fails the test; the
guests' relay sockets that close with the opener's phone are the expected noise.
"""
from __future__ import annotations

import json
import pathlib
import sys
import time
from typing import Any

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_fair_dice_games import TABLES, play, saved
from test_fair_dice_table import marks_explain
from test_friends import EXPECTED_NOISE, play_to_tabt_helt
from test_host_moves import LEADS, reveal_checked
from test_open_list import the_list, wait_attr
from test_table_driver import FELT, open_app, tap

pytestmark = pytest.mark.timeout(420)

OPENER, STRANGER = "Bodil", "Mette"
ROWS = '[data-testid="open-table"]'


def open_through_the_form(page: Any, server: str, game: str, seats: int, regulars: bool,
                          ruleset: str | None = None) -> str:
    """*Åbne borde* → *Åbn et bord*: the form filled as a player does; returns the lobby's
    share link. The form offers the clock locked on and neither Øvebord nor the finale."""
    the_list(page, server)
    tap(page, page.get_by_test_id("open-table-create"))
    page.wait_for_selector('[data-testid="open-table-form"]')
    if game != "snyd":
        page.get_by_test_id("open-table-game").select_option(game)
        page.locator('input[data-rule="S41"]').wait_for(state="detached")  # repainted
    elif ruleset is not None:
        page.get_by_test_id("ruleset").select_option(ruleset)
    offered = page.locator("input[data-rule]").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('data-rule'))")
    assert "S42" not in offered and "S32" not in offered  # Øvebord, Finalen i Viborg
    if game == "snyd":
        clock = page.locator('input[data-rule="S41"]')
        assert clock.is_checked() and clock.is_disabled()
    page.get_by_test_id("open-table-seats").select_option(str(seats))
    if page.get_by_test_id("open-table-regulars").is_checked() != regulars:
        tap(page, page.get_by_test_id("open-table-regulars"))
    page.get_by_test_id("open-table-name").fill(OPENER)
    tap(page, page.get_by_test_id("open-table-open"))
    lobby = page.get_by_test_id("lobby")
    lobby.wait_for(timeout=15_000)
    assert lobby.get_attribute("data-open") == "true"
    return page.get_by_test_id("share-link").input_value()


def room_of(url: str) -> str:
    return url.split("bord=")[1].split("&")[0]


def listed_row(page: Any, game: str, state: str) -> Any:
    """The one row of ``game`` on this phone's list once it says ``state``."""
    page.wait_for_selector(f'{ROWS}[data-game="{game}"][data-state="{state}"]', timeout=10_000)
    rows = page.locator(f'{ROWS}[data-game="{game}"]')
    assert rows.count() == 1, rows.count()
    return rows.first


def sits_with_one_tap(page: Any, server: str, game: str, name_known: bool) -> None:
    """A stranger's phone: *Åbne borde*, one tap on the waiting row's *Sæt dig*; a phone that
    knows no name is asked once (the join screen's `join-name` / `join-sit`)."""
    open_app(page, server)
    if name_known:
        page.evaluate("n => localStorage.setItem('bodegabordet.settings',"
                      " JSON.stringify({name: n}))", STRANGER)
    tap(page, page.get_by_test_id("open-tables"))
    row = listed_row(page, game, "waiting")
    tap(page, row.get_by_test_id("open-table-join"))
    if name_known:
        page.get_by_test_id("join").wait_for(timeout=30_000)
        assert page.locator('[data-testid="join-name"]').count() == 0
    else:
        page.get_by_test_id("join-name").wait_for(timeout=30_000)
        # a bidi override pasted in the middle: the form drops it (she sits as "Mette")
        page.get_by_test_id("join-name").fill(STRANGER[:3] + "\u202e" + STRANGER[3:])
        tap(page, page.get_by_test_id("join-sit"))


def watcher(contexts: Any, server: str, game: str) -> tuple[Any, Any]:
    """A third phone on *Åbne borde*: the table's row as it sees it, waiting."""
    page = contexts("phone").new_page()
    the_list(page, server)
    return page, listed_row(page, game, "waiting")


def cannot_join(row: Any, state: str) -> None:
    wait_attr(row, "data-state", state, 5)
    assert row.get_attribute("data-free") == "0"
    assert not row.get_by_test_id("open-table-join").is_enabled()


def moves_on(heir: Any, third: Any, game: str, seats: int) -> Any:
    """The opener's phone is gone: the heir's seat leads, and the third phone's list shows the
    table once, listed from the heir's room under her name (the opener's row gone). Returns it."""
    heir.locator(LEADS.format(STRANGER)).wait_for(timeout=60_000)
    heir.get_by_test_id("host-moved").wait_for(timeout=30_000)
    moved = (f"() => {{ const rows = [...document.querySelectorAll('{ROWS}')];"
             " return rows.length === 1 && rows[0].textContent.includes(n); }")
    third.wait_for_function(moved.replace("n)", json.dumps(STRANGER) + ")"), timeout=20_000)
    row = third.locator(ROWS).first
    assert row.get_attribute("data-game") == game
    assert row.get_attribute("data-seats") == str(seats)
    assert row.get_attribute("data-state") in ("playing", "full")
    assert not row.get_by_test_id("open-table-join").is_enabled()
    return row


def abandoned(heir: Any, third: Any) -> float:
    """The heir's phone closes too: nobody carries the table on; seconds until the third
    phone's list has no row left."""
    gone = time.monotonic()
    heir.close()
    third.wait_for_function(f"() => !document.querySelector('{ROWS}')", timeout=8_000)
    return time.monotonic() - gone


def test_strangers_open_find_and_play_a_snyd_table_that_outlives_its_opener(contexts, server,
                                                                           watches, screenshot):
    for w in watches:
        w.allowed_errors.extend(EXPECTED_NOISE)
    opener, stranger = contexts("phone").new_page(), contexts("phone").new_page()
    open_through_the_form(opener, server, "snyd", seats=2, regulars=False)
    third, row = watcher(contexts, server, "snyd")
    assert row.get_attribute("data-ruleset") == "Standard" and row.get_attribute("data-free") == "1"

    sits_with_one_tap(stranger, server, "snyd", name_known=False)
    opener.locator(f'[data-testid="lobby-seat"][data-player="{STRANGER}"]').wait_for(
        timeout=30_000)
    cannot_join(row, "full")
    tap(opener, opener.get_by_test_id("start-table"))
    for page in (opener, stranger):
        page.wait_for_selector(FELT, timeout=30_000)
    cannot_join(row, "playing")
    screenshot(third, "open-tables-playing")

    pages = {OPENER: opener, STRANGER: stranger}
    marks_explain(pages)  # fair dice, shown, on every phone
    reveal_checked(opener, pages)  # every cup checked on both phones
    for page in pages.values():  # no Øvebord at an open table, whatever a phone wants
        assert page.get_by_test_id("practice").count() == 0
    rules = json.loads(opener.evaluate("localStorage.getItem('bodegabordet.snyd.table')"))["rules"]
    assert rules["practice"] is False and rules["viborg_final"] is False
    assert rules["time_limit"] == 15  # S41, seconds
    screenshot(stranger, "open-snyd-stranger")
    tap(opener, opener.locator('[data-action="next"]'))

    opener.wait_for_timeout(1500)  # the public record reaches her phone with the updates
    opener.close()
    moves_on(stranger, third, "snyd", seats=2)
    screenshot(stranger, "open-snyd-moved")
    # She plays on against the opener's stand-in to a black mat, every cup checked.
    play_to_tabt_helt(stranger, {}, limit_s=240)
    stranger.get_by_test_id("dice-verified").wait_for(timeout=15_000)
    assert stranger.get_by_test_id("dice-mismatch").count() == 0
    log = json.loads(stranger.evaluate("localStorage.getItem('bodegabordet.snyd.table')"))["log"]
    assert not [e for e in log if e["type"] in ("deal", "forfeit")]  # every round fair
    assert [e for e in log if e["type"] == "reveal_hands"]
    screenshot(stranger, "open-snyd-black-mat")
    took = abandoned(stranger, third)
    print(f"the abandoned table left the list in {took:.1f} s")
    assert took < 5.0


def test_a_late_arrival_sits_down_between_two_games(contexts, server, watches):
    """A Snyd table of three seats started by two: listed ``playing`` with a free seat nobody can
    take mid-game; at the black mat it is ``waiting`` again, a third phone sits down with one tap
    and gets its cup at the next deal (the table deals by itself after the pause)."""
    for w in watches:
        w.allowed_errors.extend(EXPECTED_NOISE)
    opener, stranger = contexts("phone").new_page(), contexts("phone").new_page()
    open_through_the_form(opener, server, "snyd", seats=3, regulars=False)
    sits_with_one_tap(stranger, server, "snyd", name_known=True)
    opener.locator(f'[data-testid="lobby-seat"][data-player="{STRANGER}"]').wait_for(
        timeout=30_000)
    late, row = watcher(contexts, server, "snyd")
    late.evaluate("localStorage.setItem('bodegabordet.settings', JSON.stringify({name: 'Kaj'}))")
    tap(opener, opener.get_by_test_id("start-table"))
    wait_attr(row, "data-state", "playing", 10)
    assert row.get_attribute("data-free") == "1"  # a free seat, but not in a running game
    assert not row.get_by_test_id("open-table-join").is_enabled()
    play_to_tabt_helt(opener, {STRANGER: stranger}, limit_s=240)
    wait_attr(row, "data-state", "waiting", 5)  # between two games
    tap(late, row.get_by_test_id("open-table-join"))
    late.wait_for_selector(FELT, timeout=60_000)  # the next deal seats her
    for page in (opener, stranger, late):
        page.locator('[data-testid="seat"][data-player="Kaj"]').wait_for(timeout=30_000)


def won(table: Any) -> bool:
    return any(e["type"] == "won" for e in table.table.events)


def test_strangers_play_a_treere_table_with_a_regular_to_a_pot_won(contexts, server, watches):
    for w in watches:
        w.allowed_errors.extend(EXPECTED_NOISE)
    opener, stranger = contexts("phone").new_page(), contexts("phone").new_page()
    open_through_the_form(opener, server, "treere", seats=3, regulars=True)
    third, row = watcher(contexts, server, "treere")
    sits_with_one_tap(stranger, server, "treere", name_known=True)
    opener.locator(f'[data-testid="lobby-seat"][data-player="{STRANGER}"]').wait_for(
        timeout=30_000)
    wait_attr(row, "data-free", "1", 5)  # one seat still free: still waiting
    assert row.get_attribute("data-state") == "waiting"
    tap(opener, opener.get_by_test_id("start-table"))
    for page in (opener, stranger):
        page.wait_for_selector(TABLES["treere"], timeout=30_000)
    wait_attr(row, "data-state", "playing", 5)
    assert not row.get_by_test_id("open-table-join").is_enabled()
    pages = {OPENER: opener, STRANGER: stranger}
    table = saved(opener, "treere")
    kinds = [s.kind for s in table.seats]
    assert len(kinds) == 3 and kinds.count("regular") == 1  # the empty seat got a regular
    marks_explain(pages)

    table = play(pages, "treere", holder=OPENER, moves=4)
    opener.wait_for_timeout(1500)
    opener.close()
    moves_on(stranger, third, "treere", seats=3)
    for _ in range(60):  # on from her own save to a pot won
        if won(table):
            break
        table = play({STRANGER: stranger}, "treere", holder=STRANGER, moves=1)
    assert won(table), [e["type"] for e in table.table.events]
    thrown = [e for e in table.table.log if e["type"] == "roll"]
    assert thrown and all("fair" in e for e in thrown)
    assert stranger.get_by_test_id("dice-mismatch").count() == 0
    took = abandoned(stranger, third)
    print(f"the abandoned table left the list in {took:.1f} s")
    assert took < 5.0
