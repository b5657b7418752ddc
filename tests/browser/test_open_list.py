"""*Åbne borde* in the browser (web/app/open/): a phone on the list screen watches the real
relay's `/ws/tables` while a table is opened, changed and abandoned through the relay from Python
(a raw room socket, as tests/relay/test_open_tables.py speaks it); a tap on *Sæt dig* sits down
as a share link would; *Åbn et bord*'s form offers what an open table may have. Screenshots of
the list and the form, Danish and English (test-artifacts/open-*.png).

Every page is watched (conftest): a console error or a Python traceback fails the test."""
from __future__ import annotations

import asyncio
import json
import pathlib
import secrets
import sys
import threading
import time
from typing import Any

import aiohttp
import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import open_app, tap

pytestmark = pytest.mark.timeout(240)

SNYD = {"game": "snyd", "ruleset": "Klassisk", "seats": 4, "free": 3, "state": "waiting",
        "name": "Bodil"}


class Leader:
    """A room's host on the relay's `/ws`, in a thread of its own (the test drives the browser
    synchronously): lists a table and pings every second while listed, as a leader must."""

    def __init__(self, server: str) -> None:
        self.url = server.replace("http://", "ws://", 1).rstrip("/") + "/ws"
        self.room, self.key = secrets.token_urlsafe(16), secrets.token_urlsafe(16)
        self.answers: list[dict] = []
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.ws: Any = None
        self._call(self._open())

    def _call(self, coro: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout=10)

    async def _open(self) -> None:
        self.session = aiohttp.ClientSession()
        self.ws = await self.session.ws_connect(self.url)
        await self.ws.send_json({"op": "host", "room": self.room, "key": self.key})
        ready = json.loads((await self.ws.receive(timeout=5)).data)
        assert ready["op"] == "ready" and ready["role"] == "host", ready
        self.tasks = [self.loop.create_task(self._read()), self.loop.create_task(self._ping())]

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.answers.append(json.loads(msg.data))

    async def _ping(self) -> None:
        while not self.ws.closed:
            await self.ws.send_json({"op": "ping"})
            await asyncio.sleep(1)

    def list(self, table: dict) -> str:
        """List `table`; returns its id from the relay's `listed`."""
        seen = len(self.answers)
        self._call(self.ws.send_json({"op": "list", "table": table}))
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            for answer in self.answers[seen:]:
                if answer["op"] == "listed":
                    return answer["id"]
                assert answer["op"] == "pong", answer
            time.sleep(0.02)
        raise AssertionError(f"no listed: {self.answers[seen:]}")

    def close(self) -> None:
        async def shut() -> None:
            for task in self.tasks:
                task.cancel()
            await self.ws.close()
            await self.session.close()
        self._call(shut())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)


@pytest.fixture
def leaders(server):
    made: list[Leader] = []

    def make() -> Leader:
        made.append(Leader(server))
        return made[-1]

    yield make
    for leader in made:
        if not leader.ws.closed:
            leader.close()


def the_list(page: Any, server: str) -> None:
    open_app(page, server)
    tap(page, page.get_by_test_id("open-tables"))
    page.wait_for_selector('[data-testid="open-table-list"]')


def row_of(page: Any, table_id: str) -> Any:
    return page.locator(f'[data-testid="open-table"][data-table="{table_id}"]')


def wait_attr(row: Any, name: str, value: str, within_s: float) -> float:
    """Seconds until the row's attribute says `value` (fails after `within_s`)."""
    start = time.monotonic()
    row.page.wait_for_function(
        "([sel, name, value]) => { const r = document.querySelector(sel);"
        " return r && r.getAttribute(name) === value; }",
        arg=[f'[data-testid="open-table"][data-table="{row_id(row)}"]', name, value],
        timeout=within_s * 1000)
    return time.monotonic() - start


def row_id(row: Any) -> str:
    return row.get_attribute("data-table")


def test_the_list_follows_a_table_that_opens_fills_and_is_abandoned(contexts, server,
                                                                     leaders, screenshot):
    page = contexts("phone").new_page()
    the_list(page, server)
    page.wait_for_function("document.querySelector('[data-testid=\"open-table-status\"]')"
                           ".textContent.includes('Ingen åbne borde')", timeout=10_000)
    leader = leaders()
    hostile = {**SNYD, "name": "<img src=x>\u202eBo"}  # markup and a bidi override: 24 at most
    table_id = leader.list(hostile)
    row = row_of(page, table_id)
    row.wait_for(timeout=2_000)  # pushed within a second or two
    assert {a: row.get_attribute(f"data-{a}") for a in
            ("game", "ruleset", "seats", "free", "state")} == {
        "game": "snyd", "ruleset": "Klassisk", "seats": "4", "free": "3", "state": "waiting"}
    # The name arrives without its bidi override and is shown as text: no element made of it.
    assert "<img src=x>Bo" in row.locator(".open-leader").inner_text()
    assert row.locator("img").count() == 0
    join = row.get_by_test_id("open-table-join")
    assert join.is_enabled() and join.inner_text() == "Sæt dig"
    screenshot(page, "open-list-da")

    leader.list({**hostile, "free": 0, "state": "full"})
    assert wait_attr(row, "data-state", "full", 2) < 2
    assert row.get_attribute("data-free") == "0"
    assert not join.is_enabled() and join.inner_text() == "Fuldt"
    leader.list({**hostile, "free": 1, "state": "playing"})
    wait_attr(row, "data-state", "playing", 2)
    assert not join.is_enabled() and join.inner_text() == "I gang"
    screenshot(page, "open-list-da-playing")

    leader.close()
    start = time.monotonic()
    row.wait_for(state="detached", timeout=6_000)
    assert time.monotonic() - start < 5.0
    assert "Ingen åbne borde" in page.get_by_test_id("open-table-status").inner_text()


def test_one_tap_sits_down_with_the_last_name_or_asks_for_one(contexts, server, leaders):
    leader = leaders()
    table_id = leader.list({**SNYD, "game": "bakke", "ruleset": "Husets regler"})
    # A phone that knows no name: the join screen's form, at the table's share link.
    page = contexts("phone").new_page()
    the_list(page, server)
    tap(page, row_of(page, table_id).get_by_test_id("open-table-join"))
    page.wait_for_selector('[data-testid="join-name"]')
    assert f"bord={leader.room}" in page.url and "spil=bakke" in page.url
    assert not page.locator('[data-testid="open-table-list"]').count()
    # A phone with a name: straight to the seat, no form; its hello reaches the leader.
    named = contexts("phone").new_page()
    open_app(named, server)
    named.evaluate("localStorage.setItem('bodegabordet.settings', JSON.stringify({name: 'Mette'}))")
    tap(named, named.get_by_test_id("open-tables"))
    tap(named, row_of(named, table_id).get_by_test_id("open-table-join"))
    named.wait_for_selector('[data-testid="join"]')
    assert named.locator('[data-testid="join-name"]').count() == 0
    assert f"bord={leader.room}" in named.url
    deadline = time.monotonic() + 10
    while not any(a["op"] == "joined" for a in leader.answers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert any(a["op"] == "joined" for a in leader.answers), leader.answers


def test_the_form_offers_an_open_table_s_choices(contexts, server, screenshot):
    page = contexts("phone").new_page()
    the_list(page, server)
    screenshot(page, "open-list-da-empty")
    tap(page, page.get_by_test_id("open-table-create"))
    page.wait_for_selector('[data-testid="open-table-form"]')
    rules = page.locator("input[data-rule]")
    offered = [rules.nth(i).get_attribute("data-rule") for i in range(rules.count())]
    assert "S42" not in offered and "S32" not in offered and "S41" in offered
    clock = page.locator('input[data-rule="S41"]')
    assert clock.is_checked() and clock.is_disabled()
    titles = page.get_by_test_id("ruleset").locator("option").all_inner_texts()
    assert len(titles) == 4
    screenshot(page, "open-form-da", full_page=True)
    page.get_by_test_id("open-table-game").select_option("bakke")
    page.wait_for_selector('input[data-rule="B-faults"]')
    assert page.get_by_test_id("ruleset").locator("option").all_inner_texts() == ["Husets regler"]
    # A bad name: said on the form, nothing opened.
    page.get_by_test_id("open-table-name").fill("")
    tap(page, page.get_by_test_id("open-table-open"))
    assert "Skriv dit navn" in page.get_by_test_id("open-table-error").inner_text()
    assert page.locator('[data-testid="open-table-form"]').count() == 1

    english = contexts("phone", locale="en-GB").new_page()
    the_list(english, server)
    assert "No open tables right now" in english.get_by_test_id("open-table-status").inner_text()
    screenshot(english, "open-list-en")
    tap(english, english.get_by_test_id("open-table-create"))
    english.wait_for_selector('[data-testid="open-table-form"]')
    assert "Regulars may fill empty seats" in english.inner_text("body")
    screenshot(english, "open-form-en", full_page=True)
