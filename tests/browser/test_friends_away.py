"""The friends' table when the host looks elsewhere or a phone is gone (issue 16), through the
real app on two phones (390×844) on loopback with the relay:

- the host reads *Regler* during a guest's turn with a clock: the guest's clock still runs out
  on time (the host's phone ticks its table whatever screen it shows);
- the host hands the guest's seat to a stand-in (*Tavlen* → *Lad en stamgæst spille*, a
  confirm), the stand-in plays its turns, every phone reads it, and the host gives it back;
- the join screen says who invites to which game, and after the host closed the table it
  says so with the way home, never *Sæt dig* again (a reload neither).

No in-app path leads from a table to *Regler* but the start screen, which ends the table (as it
should); so the test shows *Regler* through the app's own router, on a handle to the page's
Python taken as the interpreter loads (its loader module is served with one line more).
"""
from __future__ import annotations

import json
import pathlib
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_friends import HOST, guest_sits, host_lobby, lobby_seat
from test_table_driver import FELT, state, tap

PHONE = {"viewport": {"width": 390, "height": 844}}
TABLE_KEY = "bodegabordet.snyd.table"


def python_handle(route: Any) -> None:
    """Serve the Pyodide loader with the interpreter kept on ``globalThis.__bodegaPy``."""
    response = route.fetch()
    body = response.text().replace("return pyodide;", "globalThis.__bodegaPy = pyodide; return pyodide;")
    route.fulfill(response=response, body=body)


def host_phone(contexts: Any) -> Any:
    # No service worker: the loader must come through the route above.
    context = contexts("phone", service_workers="block", **PHONE)
    context.route("**/vendor/bodega-pyodide.mjs", python_handle)
    return context.new_page()


def show_screen(page: Any, name: str) -> None:
    """As a tap that leads there would: the app's router shows screen ``name``."""
    page.evaluate("name => globalThis.__bodegaPy.runPython("
                  "`from app.shell import screens\\nscreens.show(${JSON.stringify(name)})`)", name)
    page.wait_for_selector(f'[data-screen="{name}"]')


def live(page: Any) -> str:
    return page.locator("#live").inner_text()


def host_log(host: Any) -> list[dict]:
    return json.loads(host.evaluate(f"localStorage.getItem('{TABLE_KEY}')"))["log"]


def play_host_until(host: Any, done: Any, limit_s: float = 60) -> None:
    """The host taps *Byd* on its turns (and *Næste runde*) until ``done()``."""
    end = time.monotonic() + limit_s
    while not done():
        assert time.monotonic() < end, "the table did not get there"
        s = state(host)
        if s == "mine":
            tap(host, host.get_by_role("button", name="Byd", exact=True))
        elif s == "next":
            tap(host, host.locator('[data-action="next"]'))
        host.wait_for_timeout(150)


def seated_pair(contexts: Any, server: str, ruleset: str | None = None) -> tuple[Any, Any, str]:
    host = host_phone(contexts)
    url = host_lobby(host, server, dice=3, ruleset=ruleset)
    mette = contexts("phone", **PHONE).new_page()
    return host, mette, url


def test_the_hosts_table_runs_off_its_screen_and_a_seat_is_handed_over_and_back(
        contexts, server, screenshot):
    host, mette, url = seated_pair(contexts, server, ruleset="turnering")
    guest_sits(mette, url, "Mette")
    lobby_seat(host, "Mette").wait_for(timeout=30_000)
    tap(host, host.get_by_test_id("start-table"))
    for page in (host, mette):
        page.wait_for_selector(FELT, timeout=30_000)

    # Mette's turn, with the clock running; the host goes to read the rules.
    play_host_until(host, lambda: state(mette) == "mine")
    show_screen(host, "regler")
    t0 = time.monotonic()
    mette.wait_for_function("() => document.getElementById('live').innerText"
                            ".includes('tiden løb ud')", timeout=30_000)
    ran_out = time.monotonic() - t0
    print(f"Mette's clock ran out {ran_out:.1f} s after the host opened Regler")
    assert ran_out <= 15 + 4  # her 15 s (S41), give or take the ticks
    assert any(e.get("player") == "Mette" and e.get("type") == "timeout" for e in host_log(host))
    assert host.locator('[data-screen="regler"]').count() == 1  # the host never left Regler

    # Back at the table: the host hands Mette's seat to a stand-in (Tavlen, then a confirm).
    show_screen(host, "bordet")
    host.wait_for_selector(FELT)
    tap(host, host.locator('.table-bar [data-action="tally"]'))
    row = host.locator('[data-testid="seat-menu-row"][data-player="Mette"]')
    tap(host, row.get_by_test_id("hand-over"))
    confirm = row.get_by_test_id("hand-over-confirm")
    assert "Skal en stamgæst spille for Mette?" in confirm.inner_text()
    screenshot(host, "friends-hand-over-confirm")
    tap(host, row.get_by_test_id("hand-over-yes"))
    host.wait_for_function("() => document.getElementById('live').innerText"
                           ".includes('En stamgæst spiller for Mette nu')", timeout=5_000)
    assert row.get_by_test_id("give-back").is_visible()
    assert "stamgæst spiller" in row.inner_text()
    tap(host, host.locator('.tally-card [data-action="tally"]'))  # Luk
    host.locator('[data-testid="seat"][data-player="Mette"] [data-testid="handed-tag"]').wait_for()
    moves = len([e for e in host_log(host) if e.get("player") == "Mette"])
    play_host_until(host, lambda: len([e for e in host_log(host)
                                       if e.get("player") == "Mette"]) >= moves + 2)
    mette.wait_for_function("() => document.getElementById('live').innerText"
                            ".includes('En stamgæst spiller for Mette nu')", timeout=10_000)
    handed = mette.get_by_test_id("seat-handed")  # her phone says so for as long as it lasts
    handed.wait_for(timeout=5_000)
    assert "værten kan give dig pladsen tilbage" in handed.inner_text()
    screenshot(mette, "friends-guest-seat-handed")

    # Given back: the seat is Mette's phone's again, and she plays it.
    tap(host, host.locator('.table-bar [data-action="tally"]'))
    tap(host, row.get_by_test_id("give-back"))
    host.wait_for_function("() => document.getElementById('live').innerText"
                           ".includes('Mette spiller selv igen')", timeout=5_000)
    assert row.get_by_test_id("hand-over").is_visible()
    tap(host, host.locator('.tally-card [data-action="tally"]'))
    play_host_until(host, lambda: state(mette) == "mine")
    assert mette.get_by_test_id("seat-handed").count() == 0
    n = len(host_log(host))
    mette.wait_for_timeout(2_500)  # no stand-in takes it now
    assert len(host_log(host)) == n and state(mette) == "mine"
    tap(mette, mette.get_by_role("button", name="Byd", exact=True))
    host.wait_for_function("n => JSON.parse(localStorage.getItem('bodegabordet.snyd.table'))"
                           ".log.length > n", arg=n, timeout=10_000)
    assert host_log(host)[n]["player"] == "Mette" and host_log(host)[n]["type"] == "bid"
    screenshot(mette, "friends-guest-plays-again")


def test_the_join_screen_says_who_invites_and_a_closed_table_offers_the_way_home(
        contexts, server, screenshot):
    host, mette, url = seated_pair(contexts, server)
    mette.goto(url)
    invite = mette.get_by_test_id("join-invite")
    invite.wait_for(timeout=90_000)
    assert invite.inner_text() == "Du er inviteret til Snyd"  # the link's game, before the host
    screenshot(mette, "friends-join-invited")
    mette.get_by_test_id("join-name").fill("Mette")
    tap(mette, mette.get_by_test_id("join-sit"))
    mette.wait_for_function("() => document.querySelector('[data-testid=join-invite]')"
                            ".textContent === 'Vært inviterer dig til Snyd'", timeout=30_000)
    assert HOST == "Vært"
    screenshot(mette, "friends-join-host-invites")
    # The host leaves the lobby for good: the guest's phone says the table is closed, offers
    # the way home, and no Sæt dig, not even after a reload.
    tap(host, host.locator('[data-testid="lobby"] [data-action="back"]'))
    mette.wait_for_function("() => document.querySelector('[data-testid=join]').innerText"
                            ".includes('Bordet er lukket')", timeout=15_000)
    join = mette.get_by_test_id("join")
    assert "Værten har lukket bordet" in join.inner_text()
    assert mette.get_by_test_id("join-sit").count() == 0
    assert mette.get_by_test_id("join-retry").inner_text() == "Til forsiden"
    screenshot(mette, "friends-join-closed")
    mette.reload()
    mette.wait_for_function("() => (document.querySelector('[data-testid=join]') || {})"
                            ".innerText?.includes('Bordet er lukket')", timeout=90_000)
    mette.wait_for_timeout(1_500)
    assert mette.get_by_test_id("join-sit").count() == 0
    tap(mette, mette.get_by_test_id("join-retry"))
    mette.wait_for_selector('[data-testid="start"]')


def test_a_bakke_seat_is_handed_over_from_tavlen_and_given_back(contexts, server, screenshot):
    from test_peer_games import BAKKE_TABLE, bakke_table, host_lobby

    host = contexts("phone", **PHONE).new_page()
    mette = contexts("phone", **PHONE).new_page()
    url = host_lobby(host, server, "bakke", name=HOST)
    assert url.endswith("&spil=bakke")
    mette.goto(url)
    mette.get_by_test_id("join").wait_for(timeout=90_000)
    assert mette.get_by_test_id("join-invite").inner_text() == "Du er inviteret til Bakke"
    mette.get_by_test_id("join-name").fill("Mette")
    tap(mette, mette.get_by_test_id("join-sit"))
    lobby_seat(host, "Mette").wait_for(timeout=30_000)
    tap(host, host.get_by_test_id("start-table"))
    for page in (host, mette):
        page.wait_for_selector(BAKKE_TABLE, timeout=30_000)

    tap(host, host.locator(f'{BAKKE_TABLE} .table-bar [data-action="tally"]'))
    row = host.locator('[data-testid="seat-menu-row"][data-player="Mette"]')
    tap(host, row.get_by_test_id("hand-over"))
    tap(host, row.get_by_test_id("hand-over-yes"))
    row.get_by_test_id("give-back").wait_for()
    assert host.locator("#toast").inner_text() == "En stamgæst spiller for Mette nu"
    screenshot(host, "friends-bakke-seat-menu")
    tap(host, host.locator('.tally-card [data-action="tally"]'))  # Luk

    def mette_moves() -> int:
        return sum(e.get("player") == "Mette" for e in bakke_table(host).table.log)

    end = time.monotonic() + 60
    while mette_moves() < 2:  # the host throws on its turns; the stand-in plays Mette's
        assert time.monotonic() < end, "the stand-in never played Mette's seat"
        for move in ("new-game", "throw_all", "throw", "videre"):
            button = host.locator(f'{BAKKE_TABLE} [data-action="{move}"]')
            if button.count() and button.first.is_enabled():
                tap(host, button.first)
                break
        host.wait_for_timeout(300)
    mette.get_by_test_id("seat-handed").wait_for(timeout=10_000)
    assert mette.locator(f'{BAKKE_TABLE} [data-action="throw_all"]').count() == 0
    screenshot(mette, "friends-bakke-guest-handed")

    tap(host, host.locator(f'{BAKKE_TABLE} .table-bar [data-action="tally"]'))
    tap(host, row.get_by_test_id("give-back"))
    row.get_by_test_id("hand-over").wait_for()
    assert host.locator("#toast").inner_text() == "Mette spiller selv igen"
    mette.wait_for_function("() => !document.querySelector('[data-testid=seat-handed]')",
                            timeout=15_000)


def test_a_table_this_phone_sat_at_that_the_relay_no_longer_has_is_closed(contexts, server,
                                                                           screenshot):
    # Its host closed it while this phone was away (the bye never came): the relay says 4404
    # to the seat token the phone still keeps; the join screen says the table is gone, with
    # the way home, and does not ask to sit down again.
    page = contexts("phone", **PHONE).new_page()
    room = "B" * 22
    page.goto(server)
    page.evaluate("room => localStorage.setItem('bodegabordet.snyd.friends', JSON.stringify("
                  "{[room]: {name: 'Mette', token: 'tok_' + 'x'.repeat(20)}}))", room)
    page.goto(f"{server.rstrip('/')}/?bord={room}&spil=snyd")
    page.wait_for_function("() => (document.querySelector('[data-testid=join]') || {})"
                           ".innerText?.includes('Bordet findes ikke længere')", timeout=90_000)
    assert "Bordet er lukket" in page.get_by_test_id("join").inner_text()
    assert page.get_by_test_id("join-sit").count() == 0
    assert page.get_by_test_id("join-retry").inner_text() == "Til forsiden"
    assert page.evaluate("localStorage.getItem('bodegabordet.snyd.friends')") == "{}"
    screenshot(page, "friends-join-table-gone")


def test_a_guest_gone_on_her_turn_is_handed_over_from_venter_paa_at_once(contexts, server,
                                                                          screenshot, watches):
    for w in watches:  # Chromium logs it while the gone phone's sockets are torn down
        w.allowed_errors.append("WebSocket connection to")
    host = contexts("phone", **PHONE).new_page()
    url = host_lobby(host, server, dice=3)
    mette = contexts("phone", **PHONE).new_page()
    guest_sits(mette, url, "Mette")
    lobby_seat(host, "Mette").wait_for(timeout=30_000)
    tap(host, host.get_by_test_id("start-table"))
    for page in (host, mette):
        page.wait_for_selector(FELT, timeout=30_000)
    play_host_until(host, lambda: state(mette) == "mine")
    mette.context.close()  # her phone is gone, on her turn, and the table has no clock
    t0 = time.monotonic()
    button = host.locator('#controls [data-testid="hand-over"][data-player="Mette"]')
    button.wait_for(timeout=60_000)  # by "Venter på Mette …", once her phone is not there
    print(f"the host could hand Mette's seat over {time.monotonic() - t0:.1f} s after it went")
    assert "Venter på Mette" in host.locator("#controls").inner_text()
    tap(host, button)
    host.get_by_test_id("hand-over-confirm").wait_for()
    screenshot(host, "friends-hand-over-by-venter-paa")
    before = len(host_log(host))
    tap(host, host.get_by_test_id("hand-over-yes"))
    host.wait_for_function("n => JSON.parse(localStorage.getItem('bodegabordet.snyd.table'))"
                           ".log.length > n", arg=before, timeout=5_000)
    assert host_log(host)[before]["player"] == "Mette"  # the stand-in, within a tick
    assert "En stamgæst spiller for Mette nu" in live(host)
