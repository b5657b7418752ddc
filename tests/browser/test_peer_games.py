"""A Treere table with friends on two phones over the real transport (Pyodide, loopback): the
host sets Treere *Med vennerne*, shares the link, a friend opens it as a first visit and sits
down, and both play their turns by tapping on their own phone (*Kast*, the dice, *Behold*);
then the host's phone reloads, its table resumes with the room, and the guest plays on. A
Bakke table goes the same way: shared by link, the guest throws from its own phone.

The host's table is saved on the host's phone after every change (with the room); the test
reads that save and rebuilds the table in CPython (the same replay the app uses) to know whose
turn it is and what each phone must show: every die thrown on the host's table is on both
screens, the guest's move reached the host's engine for the guest's own seat.
"""
from __future__ import annotations

import pathlib
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from app.friends.core.guest import HOST_SILENT_S
from app.table.session import GameSession
from test_friends import lobby_seat
from test_table_driver import open_app, set_settings, tap
from test_treere import DOM_STATE, keep_choice

KEY = "bodegabordet.treere.table"
TABLE = '[data-testid="treere-table"]'
HOST = "Vært"
GUEST = "Mette"
# Chromium logs this while the relay socket reconnects; the app recovers by itself.
EXPECTED_NOISE = ("WebSocket connection to",)


def host_lobby(page: Any, server: str, game: str, name: str = HOST,
               dice: str | None = None) -> str:
    """The host sets a table of ``game`` *Med vennerne* (no regulars; ``dice`` per player if
    given) and opens the lobby; the share link."""
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    tap(page, page.get_by_test_id(f"game-{game}"))
    page.wait_for_selector(f'[data-testid="setup"][data-game="{game}"]')
    if dice is not None:
        page.get_by_test_id("dice-per-player").select_option(dice)
    seats = '[data-testid="setup-seat"]'
    while page.locator(f'{seats}[data-kind="regular"]').count():
        tap(page, page.locator(f'{seats}[data-kind="regular"]').last.get_by_role("button"))
    page.locator(f'{seats}[data-kind="human"] input').fill(name)
    tap(page, page.get_by_test_id("open-lobby"))
    page.wait_for_selector(f'[data-testid="lobby"][data-game="{game}"]')
    return page.get_by_test_id("share-link").input_value()


def host_treere_lobby(page: Any, server: str) -> str:
    """The host sets a Treere table *Med vennerne* (no regulars); the share link."""
    url = host_lobby(page, server, "treere")
    assert "Treere med vennerne" in page.locator('[data-testid="lobby"] h2').inner_text()
    return url


def start_bakke_with(host: Any, guest: Any, url: str, name: str = GUEST) -> None:
    """The guest sits down by the share link, the host starts: both phones at Bakke's table."""
    guest_sits(guest, url, name)
    lobby_seat(host, name).wait_for(timeout=30_000)
    tap(host, host.get_by_test_id("start-table"))
    host.wait_for_selector(BAKKE_TABLE, timeout=30_000)
    guest.wait_for_selector(BAKKE_TABLE, timeout=30_000)


def guest_sits(page: Any, url: str, name: str) -> None:
    """A friend opens the share link in a fresh context and sits down."""
    page.goto(url)
    page.get_by_test_id("join").wait_for(timeout=90_000)
    page.get_by_test_id("join-name").fill(name)
    tap(page, page.get_by_test_id("join-sit"))


def host_table(page: Any) -> GameSession:
    """The host's table as its phone saved it (a HostGameTable, restored in CPython)."""
    return GameSession.from_json(page.evaluate(f"localStorage.getItem('{KEY}')"), "treere")


def shows(page: Any, v: dict, timeout_s: float = 20) -> dict:
    """Wait until ``page`` shows the rolled and kept dice and the pot of view ``v``."""
    want = {"rolled": v["rolled"], "kept": v["kept"] if v["phase"] == "playing" else [],
            "pot": str(v["last"]["pot"] if v["phase"] == "over" else v["pot"])}  # won: what was won
    got: dict = {}
    for _ in range(int(timeout_s * 10)):
        state = page.evaluate(DOM_STATE)
        got = {k: state[k] for k in want}
        if got == want:
            return state
        page.wait_for_timeout(100)
    raise AssertionError(f"the phone shows {got}, the host's table {want}")


def play_step(page: Any, v: dict) -> None:
    """The player in turn throws (*Kast*) or keeps (taps the dice, *Behold*) on their phone."""
    if "roll" in v["legal"]:
        tap(page, page.get_by_role("button", name="Kast", exact=True))
        return
    for i in keep_choice(v):
        tap(page, page.get_by_test_id("rolled-die").nth(i))
        page.wait_for_function("i => document.querySelectorAll('[data-testid=rolled-die]')[i]"
                               "?.getAttribute('aria-pressed') === 'true'", arg=i, timeout=5_000)
    tap(page, page.get_by_role("button", name="Behold"))


def page_seat(pages: dict[str, Any], page: Any) -> str:
    return next(name for name, p in pages.items() if p is page)


def wait_for_move(page: Any, moves: int, timeout_s: float = 20) -> GameSession:
    """The host's save once its log has more than ``moves`` entries."""
    for _ in range(int(timeout_s * 10)):
        table = host_table(page)
        if len(table.table.log) > moves:
            return table
        page.wait_for_timeout(100)
    raise AssertionError("the move never reached the host's table")


def test_a_treere_table_shared_by_link_the_guest_plays_and_the_host_reloads(contexts, server, watches,
                                                                     screenshot):
    host = contexts("phone").new_page()
    guest = contexts("phone").new_page()
    for w in watches:
        w.allowed_errors.extend(EXPECTED_NOISE)
    url = host_treere_lobby(host, server)
    assert "?bord=" in url
    guest_sits(guest, url, GUEST)
    lobby_seat(host, GUEST).wait_for(timeout=30_000)
    assert lobby_seat(host, GUEST).get_attribute("data-kind") == "guest"
    screenshot(host, "peer-treere-lobby")
    tap(host, host.get_by_test_id("start-table"))
    host.wait_for_selector(TABLE, timeout=30_000)
    guest.wait_for_selector(TABLE, timeout=30_000)  # the join screen opened Treere's table
    pages = {HOST: host, GUEST: guest}
    table = host_table(host)
    assert table.guests == [GUEST] and table.room.game == "treere"
    for page in pages.values():  # both phones badge every seat, as Snyd's seats
        page.wait_for_selector(f'{TABLE} [data-testid="seat"][data-player="{GUEST}"][data-connection="connected"]',
                               timeout=30_000)
        assert page.locator(f'{TABLE} [data-testid="seat"][data-player="{HOST}"]').get_attribute(
            "data-connection") == "connected"
    table = play_until(pages, table, guest_moves=2)
    played = [e for e in table.table.log if e.get("player") == GUEST]
    assert [e["type"] for e in played[:2]] == ["roll", "keep"]
    shows(guest, table.table.view(GUEST))
    screenshot(guest, "peer-treere-guest")
    # a guest's phone keeps no table of its own: the host's phone holds it
    assert guest.evaluate(f"localStorage.getItem('{KEY}')") is None
    # the host's phone reloads: its table resumes with the room, the guest's phone comes back
    # by itself, and its next move reaches the host's table again
    started = time.monotonic()
    host.reload()
    said_waiting = False  # the guest's table line while the host's phone is silent
    while not host.locator(TABLE).count():
        assert time.monotonic() - started < 90, "the host's table never came back"
        said_waiting |= "Venter på værten" in guest.locator("#tr-toast").inner_text()
        host.wait_for_timeout(200)
    if time.monotonic() - started > HOST_SILENT_S + 3:  # long enough for the guest to notice
        assert said_waiting
    host.wait_for_selector(TABLE, timeout=90_000)
    assert host_table(host).table.log == table.table.log
    table = play_until(pages, table, guest_moves=2)
    assert len([e for e in table.table.log if e.get("player") == GUEST]) >= len(played) + 2


def play_until(pages: dict[str, Any], table: GameSession, guest_moves: int) -> GameSession:
    """Whoever is in turn taps on their own phone until the guest has made ``guest_moves``
    moves (a decided pot: the host taps *Nyt spil*); every die thrown so far is on both phones
    at each step."""
    moved = 0
    for _ in range(60):
        v = table.table.view(None)
        if moved >= guest_moves:
            break
        for page in pages.values():
            shows(page, table.table.view(page_seat(pages, page)))
        if v["phase"] == "over":  # only the host starts the next pot: the guest is told so
            assert pages[GUEST].get_by_test_id("host-starts").inner_text() == "Værten starter næste spil"
            assert pages[GUEST].get_by_test_id("new-game").count() == 0
            tap(pages[HOST], pages[HOST].get_by_test_id("new-game"))
        else:
            who = v["turn"]
            play_step(pages[who], table.table.view(who))
            moved += who == GUEST
        table = wait_for_move(pages[HOST], len(table.table.log))
    assert moved >= guest_moves, "the guest played from its own phone"
    return table


# ---------- Bakke: the same link flow, the guest throws from its own phone ----------

BAKKE_KEY = "bodegabordet.bakke.table"
BAKKE_TABLE = '[data-testid="table-screen"][data-game="bakke"]'
BAKKE_DOM = """() => ({
  tray: [...document.querySelectorAll('[data-testid=tray-die]')].map(d => Number(d.dataset.value)),
  hands: Object.fromEntries([...document.querySelectorAll('[data-testid=seat]')].map(s =>
      [s.dataset.player, Number((s.querySelector('[data-testid=hand-count]') || {}).textContent)])),
})"""


def bakke_table(page: Any) -> GameSession:
    return GameSession.from_json(page.evaluate(f"localStorage.getItem('{BAKKE_KEY}')"), "bakke")


def bakke_shows(page: Any, v: dict, timeout_s: float = 20) -> None:
    """Wait until ``page`` shows the tray and the hands' counts of view ``v``."""
    want = {"tray": v["tray"], "hands": v["hands"]}
    got: dict = {}
    for _ in range(int(timeout_s * 10)):
        got = page.evaluate(BAKKE_DOM)
        if got == want:
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the phone shows {got}, the host's table {want}")


def test_a_bakke_table_shared_by_link_and_the_guest_throws(contexts, server, watches):
    host = contexts("phone").new_page()
    guest = contexts("phone").new_page()
    for w in watches:
        w.allowed_errors.extend(EXPECTED_NOISE)
    start_bakke_with(host, guest, host_lobby(host, server, "bakke", dice="2"))
    pages = {HOST: host, GUEST: guest}
    table = bakke_table(host)
    assert table.guests == [GUEST] and table.room.game == "bakke"
    for page in pages.values():  # both phones badge every seat, as Snyd's seats
        page.wait_for_selector(f'{BAKKE_TABLE} [data-testid="seat"][data-player="{GUEST}"][data-connection="connected"]',
                               timeout=30_000)
        assert page.locator(f'{BAKKE_TABLE} [data-testid="seat"][data-player="{HOST}"]').get_attribute(
            "data-connection") == "connected"
    guest_moves = 0
    for _ in range(60):
        v = table.table.view(None)
        if guest_moves >= 2:
            break
        for name, page in pages.items():  # every die thrown so far is on both phones
            bakke_shows(page, table.table.view(name))
        if v["phase"] == "over":  # the host starts the next game (a guest cannot)
            assert guest.get_by_test_id("host-starts").inner_text() == "Værten starter næste spil"
            assert guest.locator('[data-action="new-game"]').count() == 0
            tap(host, host.locator('[data-action="new-game"]'))
        else:
            who = v["turn"]
            legal = table.table.view(who)["legal"]
            move = next(m for m in ("throw_all", "throw", "videre") if m in legal)
            tap(pages[who], pages[who].locator(f'[data-action="{move}"]'))
            guest_moves += who == GUEST
        for _ in range(200):
            new = bakke_table(host)
            if len(new.table.log) > len(table.table.log):
                break
            host.wait_for_timeout(100)
        assert len(new.table.log) > len(table.table.log), "the move never reached the host"
        table = new
    assert guest_moves >= 2 and any(e.get("player") == GUEST for e in table.table.log)
    bakke_shows(guest, table.table.view(GUEST))
    assert guest.evaluate(f"localStorage.getItem('{BAKKE_KEY}')") is None
