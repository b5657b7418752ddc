"""Fair throws at a Bakke and a Treere friends' table, end to end (issue 20): the host and two
guests on phone contexts, the guests over the relay (no WebRTC), throw from their own phones.
Every throw in the host's log came from an exchange ("fair"), every phone shows the *Ærlige
terninger* mark (`dice-fair`) and its explanation on a tap, each guest's own check of the
latest throw is ✓ (`dice-verified`, never `dice-mismatch`), and the lobby says the regulars
sit on the host's phone."""
from __future__ import annotations

import pathlib
import sys
from typing import Any

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from app.table.session import GameSession
from test_fair_dice_table import fair_phones, marks_explain
from test_friends import EXPECTED_NOISE, GUESTS, HOST, guest_sits, lobby_seat
from test_peer_games import host_lobby, keep_choice
from test_table_driver import tap

TABLES = {"bakke": '[data-testid="table-screen"][data-game="bakke"]',
          "treere": '[data-testid="treere-table"]'}
MOVES = 6  # throws, keeps and passes played from the phones in turn


def saved(host: Any, game: str) -> GameSession:
    """The host's table as its phone saved it (a HostGameTable, restored in CPython)."""
    return GameSession.from_json(host.evaluate(f"localStorage.getItem('bodegabordet.{game}.table')"), game)


def sit_down(host: Any, guests: dict[str, Any], url: str, game: str) -> None:
    for name, page in guests.items():
        guest_sits(page, url, name)
    for name in guests:
        lobby_seat(host, name).wait_for(timeout=30_000)
    tap(host, host.get_by_test_id("start-table"))
    for page in (host, *guests.values()):
        page.wait_for_selector(TABLES[game], timeout=30_000)


def move(page: Any, game: str, v: dict) -> None:
    """The seat in turn's tap on its own phone: Bakke's throw (or *Videre*), Treere's *Kast* or
    the dice it keeps and *Behold*."""
    if game == "bakke":
        kind = next(m for m in ("throw_all", "throw", "videre") if m in v["legal"])
        tap(page, page.locator(f'[data-action="{kind}"]:not([disabled])'))
    elif "roll" in v["legal"]:
        tap(page, page.locator('button[data-action="roll"]:not([disabled])'))
    else:
        for i in keep_choice(v):
            tap(page, page.get_by_test_id("rolled-die").nth(i))
        tap(page, page.locator('[data-action="keep"]:not([disabled])'))


def play(pages: dict[str, Any], game: str, holder: str = HOST, moves: int = MOVES) -> GameSession:
    """``moves`` taps by whoever is in turn (the host starts a new game when one ends), each waited
    for in the save of ``holder``'s phone, the host's (a throw's exchange between the phones
    comes first). A seat without a phone here is played by its stand-in on the host's phone."""
    host = pages[holder]
    table = saved(host, game)
    for _ in range(moves):
        v = table.table.view(None)
        if v["phase"] == "over":
            tap(host, host.locator('[data-action="new-game"]'))
        elif v["turn"] not in pages:
            pass  # its phone is gone: the stand-in's move comes in the save below
        else:
            who = v["turn"]
            page = pages[who]
            # this phone has drawn the host's latest state (its buttons are live for it)
            page.wait_for_function("n => document.querySelectorAll('[data-testid=dice-fair]').length === 1",
                                   arg=1, timeout=15_000)
            page.wait_for_timeout(300)
            move(page, game, table.table.view(who))
        for _ in range(300):
            new = saved(host, game)
            if len(new.table.log) > len(table.table.log):
                break
            host.wait_for_timeout(100)
        assert len(new.table.log) > len(table.table.log), "the move never reached the host"
        table = new
    return table


def thrown_this_game(table: GameSession) -> bool:
    """The game runs and has had a throw: the line over the buttons then shows this phone's
    check of it (a game over shows the new-game panel instead, a new one no throw yet)."""
    log = table.table.log
    since = max((i for i, e in enumerate(log) if e["type"] == "new_game"), default=-1)
    return table.table.view(None)["phase"] != "over" and \
        any(e["type"] in ("throw", "throw_all", "roll") for e in log[since + 1:])


@pytest.mark.parametrize("game", ("bakke", "treere"))
def test_three_phones_throw_fair_and_every_guest_checks_every_throw(game, contexts, server, watches,
                                                                    screenshot):
    for w in watches:
        w.allowed_errors.extend(EXPECTED_NOISE)
    host, guests = fair_phones(contexts)
    pages = {HOST: host, **guests}
    url = host_lobby(host, server, game, dice="3" if game == "bakke" else None)
    assert "Stamgæsterne sidder på din telefon" in host.get_by_test_id("regulars-on-host").inner_text()
    sit_down(host, guests, url, game)
    def shot(name: str, page: Any) -> None:
        if name == GUESTS[0]:
            screenshot(page, f"fair-{game}-info")

    marks_explain(pages, shot)  # the mark from the start, and what it means on a tap
    table = play(pages, game)
    for _ in range(12):  # a game over (or new) at the last tap shows no check: on to a throw
        if thrown_this_game(table):
            break
        table = play(pages, game, moves=1)
    assert thrown_this_game(table)
    thrown = [e for e in table.table.log if e["type"] in ("throw", "roll")]
    assert thrown and all("fair" in e for e in thrown)  # every throw came from an exchange
    for name, page in guests.items():  # each guest's own check of the latest throw
        page.get_by_test_id("dice-verified").wait_for(timeout=15_000)
        assert page.get_by_test_id("dice-mismatch").count() == 0, name
    assert host.get_by_test_id("dice-mismatch").count() == 0
    screenshot(guests[GUESTS[1]], f"fair-{game}-guest")
    screenshot(host, f"fair-{game}-host")
