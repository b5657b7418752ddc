"""The host's lobby survives a reload, and leaving it closes the room (issue 9), through the real
app on two phones: the host reloads before *Start spillet* and gets the same share link with
the friend still seated (her phone comes back by its seat token); then the host leaves (*Tilbage*)
and the friend's phone says the table is closed.
"""
from __future__ import annotations

import json
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_friends import guest_sits, host_lobby, lobby_seat
from test_table_driver import FELT, tap

LOBBY_KEY = "bodegabordet.snyd.lobby"
SEATED = ("() => (document.getElementById('join-status') || {}).textContent"
          "?.includes('Du sidder ved bordet')")


def lobby_with_mette(contexts, server):
    """A host's lobby on one phone and Mette seated at it from another: (host, guest, url)."""
    host = contexts("phone").new_page()
    url = host_lobby(host, server)
    guest = contexts("phone").new_page()
    guest_sits(guest, url, "Mette")
    lobby_seat(host, "Mette").wait_for(timeout=30_000)
    guest.wait_for_function(SEATED, timeout=30_000)
    return host, guest, url


def test_the_host_reloads_the_lobby_and_leaves_it(contexts, server, screenshot):
    host, guest, url = lobby_with_mette(contexts, server)
    mette = json.loads(host.evaluate(f"localStorage.getItem('{LOBBY_KEY}')"))["room"]["seats"][1]

    # The host's phone reloads before *Start spillet*: the same room, the friend still seated.
    host.reload()
    host.get_by_test_id("share-link").wait_for(timeout=60_000)
    assert host.get_by_test_id("share-link").input_value() == url
    seat = lobby_seat(host, "Mette")
    assert seat.get_attribute("data-kind") == "guest"
    # Her phone says hello again by itself, with its token: "forbundet" again, no second seat.
    host.wait_for_function("() => document.querySelector("
                           "'[data-testid=lobby-seat][data-player=Mette]')"
                           "?.innerText.includes('forbundet')", timeout=30_000)
    assert host.locator('[data-testid="lobby-seat"]').count() == 2
    saved = json.loads(host.evaluate(f"localStorage.getItem('{LOBBY_KEY}')"))
    # the same seat; its phone's hello (Python's, now) also names the room it would open should
    # it carry the table on (core/succession.py)
    again = {k: v for k, v in saved["room"]["seats"][1].items() if k != "next"}
    assert again == {k: v for k, v in mette.items() if k != "next"}
    assert saved["link"]["relay_room"] in url
    assert guest.evaluate(SEATED)
    screenshot(host, "friends-lobby-after-reload")

    # The host leaves the lobby (*Tilbage*): the friend's phone is told the table is closed; nothing is kept.
    tap(host, host.locator('[data-testid="lobby"] [data-action="back"]'))
    host.get_by_test_id("setup").wait_for(timeout=15_000)
    guest.wait_for_function("() => document.querySelector('[data-testid=join]')"
                            "?.innerText.includes('Værten har lukket bordet')", timeout=15_000)
    assert host.evaluate(f"localStorage.getItem('{LOBBY_KEY}')") is None
    screenshot(guest, "friends-join-host-left")


def test_the_host_leaves_a_friends_table_and_the_room_closes(contexts, server):
    host, guest, _url = lobby_with_mette(contexts, server)
    tap(host, host.get_by_test_id("start-table"))
    for page in (host, guest):
        page.wait_for_selector(FELT, timeout=30_000)
    assert host.evaluate(f"localStorage.getItem('{LOBBY_KEY}')") is None  # the table's save has it
    # ← (*Forlad bordet*) on the host's phone: the friend's phone says the table is closed.
    tap(host, host.get_by_role("button", name="Forlad bordet"))
    guest.wait_for_function("() => document.querySelector('[data-testid=join]')"
                            "?.innerText.includes('Værten har lukket bordet')", timeout=15_000)
    assert host.evaluate("localStorage.getItem('bodegabordet.snyd.table')")  # scores kept
