"""An open table on the host's phone (issue 21, *De åbne borde*), through the real app and the
real relay on two phones: the host's phone opens an open Snyd table of 2 seats
(``share_screen.open_lobby(..., open_table=...)``, called in the page's Python as helper A's
*Åbn et bord* form does), and a raw watcher of ``/ws/tables`` sees its row: ``waiting``, then
``full`` when a second phone sits down, then ``playing`` at *Start spillet*; the host leaves and
the row is gone. The lobby says it is an open table (``data-open="true"``).

The page's Python is reached as in test_friends_away.py (a handle kept as the interpreter
loads). The watcher is a plain WebSocket in the host's page (its own socket, not the app's).
"""
from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_friends import guest_sits, lobby_seat
from test_friends_away import host_phone
from test_table_driver import FELT, open_app, tap

OPEN_TABLE = {"ruleset": "Standard", "seats": 2, "regulars": False}
OPEN = """
from app.friends import share_screen
from app.table.session import Seat
from engine.snyd import Rules
share_screen.open_lobby([Seat("Bodil", "human")], Rules(dice_per_player=1, practice=True),
                        1.0, "snyd", %s)
"""
# The list as a phone that shows it keeps it (docs/protocol.md "De åbne borde: the list").
WATCH = """() => {
  globalThis.__rows = {};
  const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws/tables');
  ws.addEventListener('message', (event) => {
    const msg = JSON.parse(event.data);
    if (msg.op === 'list' || msg.op === 'put') {
      for (const row of msg.rows) globalThis.__rows[row.id] = row;
    } else if (msg.op === 'gone') {
      for (const id of msg.ids) delete globalThis.__rows[id];
    }
  });
  globalThis.__watcher = ws;
}"""
ROW = "room => Object.values(globalThis.__rows).find(r => r.room === room) || null"


def row_says(page: Any, room: str, state: str, free: int) -> dict:
    page.wait_for_function(f"room => {{ const r = ({ROW})(room);"
                           f" return r && r.state === {json.dumps(state)} && r.free === {free}; }}",
                           arg=room, timeout=15_000)
    return page.evaluate(ROW, room)


def test_an_open_table_is_listed_waiting_full_playing_and_gone(contexts, server, screenshot):
    host = host_phone(contexts)
    open_app(host, server)
    host.evaluate(WATCH)
    host.evaluate("code => globalThis.__bodegaPy.runPython(code)", OPEN % repr(OPEN_TABLE))
    lobby = host.get_by_test_id("lobby")
    lobby.wait_for(timeout=15_000)
    assert lobby.get_attribute("data-open") == "true"
    assert "Åbent bord" in host.get_by_test_id("open-table-note").inner_text()
    url = host.get_by_test_id("share-link").input_value()
    room = url.split("bord=")[1].split("&")[0]

    row = row_says(host, room, "waiting", 1)
    assert {k: row[k] for k in ("game", "ruleset", "seats", "name")} == {
        "game": "snyd", "ruleset": "Standard", "seats": 2, "name": "Bodil"}
    assert host.evaluate("globalThis.__bodegaPy.runPython('from app.friends import "
                         "share_screen; share_screen._state[\"rules\"].practice')") is False

    guest = contexts("phone").new_page()
    guest_sits(guest, url, "Mette")
    lobby_seat(host, "Mette").wait_for(timeout=30_000)
    row_says(host, room, "full", 0)
    assert host.get_by_test_id("remove-seat").count() == 1  # Mette's seat, not the host's
    screenshot(host, "open-table-lobby")

    tap(host, host.get_by_test_id("start-table"))
    for page in (host, guest):
        page.wait_for_selector(FELT, timeout=30_000)
    row_says(host, room, "playing", 0)

    host.evaluate("globalThis.__bodegaPy.runPython("
                  "'from app.friends import share_screen; share_screen.leave()')")
    host.wait_for_function(f"room => !({ROW})(room)", arg=room, timeout=5_000)
    host.evaluate("globalThis.__watcher.close()")


def test_when_the_leaders_phone_goes_the_next_phone_lists_the_table_again(contexts, server):
    """The hand-over (issue 20) at an open table: the host's phone is closed; Mette's phone
    carries the table on from its own room and lists it from there (a new row: its id is a
    digest of the room), named by her seat, still playing; the old row expires."""
    host = host_phone(contexts)
    open_app(host, server)
    host.evaluate("code => globalThis.__bodegaPy.runPython(code)",
                  OPEN % repr({**OPEN_TABLE, "ruleset": "Hurtigt"}))
    url = host.get_by_test_id("share-link").input_value()
    old_room = url.split("bord=")[1].split("&")[0]
    mette = contexts("phone").new_page()
    guest_sits(mette, url, "Mette")
    lobby_seat(host, "Mette").wait_for(timeout=30_000)
    tap(host, host.get_by_test_id("start-table"))
    for page in (host, mette):
        page.wait_for_selector(FELT, timeout=30_000)
    mette.evaluate(WATCH)  # her phone watches the list (its own socket)
    row_says(mette, old_room, "playing", 0)
    host.wait_for_timeout(1500)  # the public record reaches her phone with the first updates
    host.close()
    mette.locator('[data-testid="seat"][data-player="Mette"][data-host="true"]').wait_for(
        timeout=30_000)
    moved = ("() => { const rows = Object.values(globalThis.__rows);"
             " return rows.some(r => r.name === 'Mette' && r.ruleset === 'Hurtigt'"
             " && r.state === 'playing')"
             f" && !rows.some(r => r.room === {json.dumps(old_room)}); }}")
    mette.wait_for_function(moved, timeout=20_000)
    row = mette.evaluate("() => Object.values(globalThis.__rows).find(r => r.name === 'Mette')")
    assert row["room"] != old_room and row["seats"] == 2
    mette.evaluate("globalThis.__watcher.close()")
