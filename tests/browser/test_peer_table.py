"""The host's table with friends on the real screen (Pyodide): a host's saved table resumes
after a reload with the room, every seat shows its connection, a guest's turn says who the
table waits for, and an away guest's turn is played by a stand-in regular.

No transport here (helper T's tests join real phones): the guest's phone never comes back, so
its seat goes reconnecting -> away and the stand-in plays. The save is made in CPython by the
same HostTable the page runs.
"""
from __future__ import annotations

import json
import pathlib
import sys

from app.friends.core.guest import GuestSession
from app.friends.core.host import AWAY_AFTER_S, HostRoom
from app.friends.host_table import COVER_GRACE_S, HostTable, away_line

from engine.snyd import Rules

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import FELT, open_app


def host_save() -> str:
    """The host "Vært" with guest Mette and the regular Henning, Mette on turn."""
    room = HostRoom("Vært")
    room.connect("c1", lambda _text: None)
    room.receive("c1", GuestSession("Mette").hello())
    room.seat_regular("Henning")
    table = HostTable.from_lobby(room, Rules(dice_per_player=3), seed=5, first="Mette")
    assert table.view()["turn"] == "Mette"
    return table.to_json()


def seat(page, player: str):
    return page.locator(f'[data-testid="seat"][data-player="{player}"]')


def test_a_hosts_table_resumes_with_badges_and_a_stand_in_covers_an_away_guest(
        phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    page.evaluate(f"localStorage.setItem('bodegabordet.snyd.table', {json.dumps(host_save())})")
    page.reload()
    page.wait_for_selector(FELT, timeout=60_000)  # straight back to the host's table
    assert seat(page, "Vært").get_attribute("data-connection") == "connected"
    assert seat(page, "Henning").get_attribute("data-connection") == "connected"
    assert seat(page, "Mette").get_attribute("data-connection") == "reconnecting"
    assert "genforbinder" in seat(page, "Mette").inner_text()
    assert "Venter på Mette …" in page.locator("#controls").inner_text()
    assert page.get_by_role("button", name="Byd", exact=True).is_disabled()
    screenshot(page, "peer-host-resumed")
    # nobody comes back: "away" after 20 s, and 5 s later a stand-in plays Mette's turn
    page.wait_for_selector('[data-testid="seat"][data-player="Mette"][data-connection="away"]',
                           timeout=(AWAY_AFTER_S + 10) * 1000)
    line = away_line("Mette")
    page.wait_for_function(
        "line => document.getElementById('live').innerText.includes(line)", arg=line,
        timeout=(COVER_GRACE_S + 10) * 1000)
    assert "væk" in seat(page, "Mette").inner_text()
    screenshot(page, "peer-host-stand-in")
    saved = json.loads(page.evaluate("localStorage.getItem('bodegabordet.snyd.table')"))
    assert any(e.get("player") == "Mette" and e["type"] in ("bid", "call") for e in saved["log"])
    assert [s["player"] for s in saved["room"]["seats"]] == ["Vært", "Mette", "Henning"]
