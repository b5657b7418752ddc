"""Issue 12, "a table that fits every screen": at 2–8 seats, while bidding and at a reveal with
every cup lifted, on phone portrait and landscape (every seat count) and on a tablet and a
desktop (2, 5 and 8 seats), no seat, mat, die, name, bubble, verdict or control covers
another, and all of it is on screen (tests/browser/geometry.py measures the boxes).

The table comes from a save written before the app's first line runs (as test_bakke.py plants
its tables): seeded, the regulars quick, a regular begins, so bubbles are up when it is the
phone's turn; the test bids, then calls, and measures at both moments. Screenshots of every
case land in test-artifacts/geometry-*.png.
"""
from __future__ import annotations

import json
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from app.snyd.table_session import Session
from app.snyd.table_setup import Seat
from geometry import (
    BAKKE_PARTS,
    BAKKE_WITHIN,
    SNYD_CONTAINED,
    SNYD_PARTS,
    SNYD_TOUCHING,
    SNYD_WITHIN,
    TREERE_CONTAINED,
    TREERE_PARTS,
    TREERE_WITHIN,
    collect,
    problems,
)
from test_table_driver import FELT, tap, wait_state

from engine.snyd import Rules

PHONE_PORTRAIT = ("phone-portrait", {"width": 393, "height": 851})
PHONE_LANDSCAPE = ("phone-landscape", {"width": 851, "height": 393})
TABLET = ("tablet", {"width": 820, "height": 1180})
DESKTOP = ("desktop", {"width": 1440, "height": 900})
REGULARS = ["Henning", "Grethe", "Kaj", "Ronni", "Lis"]
PEOPLE = ["Mette", "Jonas", "Sofie"]
SNYD_KEY = "bodegabordet.snyd.table"  # where the app keeps a Snyd table (test_saves.py)


def seats_for(n: int) -> list[Seat]:
    """n seats: the phone's person first, regulars between the people (at most five exist)."""
    people = PEOPLE[: max(1, n - len(REGULARS))]
    regulars = REGULARS[: n - len(people)]
    seats, r = [Seat(people[0], "human")], list(regulars)
    for p in people[1:]:
        seats += [Seat(r.pop(0), "regular"), Seat(p, "human")]
    return seats + [Seat(x, "regular") for x in r]


def planted_snyd(n: int) -> str:
    """A fresh Snyd table of n seats with six dice each, a regular to begin, quick regulars,
    and a turn clock (S41) long enough never to run out here: the clock is measured too."""
    seats = seats_for(n)
    rules = Rules(dice_per_player=6, time_limit=600)
    session = Session(seats, rules, seed=40 + n, first=seats[1].name, tempo=0.15)
    return session.to_json()


def plant(page, key: str, text: str) -> None:
    page.add_init_script(
        "if (!sessionStorage.getItem('planted')) { sessionStorage.setItem('planted', '1');"
        f" localStorage.setItem({json.dumps(key)}, {json.dumps(text)}); }}")


def viewports(n: int) -> list[tuple[str, dict]]:
    return [PHONE_PORTRAIT, PHONE_LANDSCAPE] + ([TABLET, DESKTOP] if n in (2, 5, 8) else [])


def measure(page, n: int, moment: str, screenshot) -> list[str]:
    """The table's problems at this moment in every viewport of this seat count."""
    found = []
    for name, size in viewports(n):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        items = collect(page, SNYD_PARTS)
        screenshot(page, f"geometry-snyd-{n}-{moment}-{name}")
        found += [f"{n} seats, {moment}, {name}: {p}" for p in
                  problems(items, size, SNYD_CONTAINED, SNYD_WITHIN, SNYD_TOUCHING)]
        if moment == "reveal":  # every cup lifted: every player still in the game shows a hand
            hands = page.locator(".seat .hand").count()
            assert hands == page.locator('[data-testid="seat"]').count(), f"{name}: a cup still down"
    page.set_viewport_size(PHONE_PORTRAIT[1])
    return found


@pytest.mark.parametrize("n", range(2, 9))
def test_snyd_table_fits_every_screen_bidding_and_at_a_reveal(contexts, server, screenshot, n):
    page = contexts("phone", reduced_motion="reduce", viewport=PHONE_PORTRAIT[1]).new_page()
    plant(page, SNYD_KEY, planted_snyd(n))
    page.goto(server)
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)
    page.wait_for_selector(FELT, timeout=60_000)
    found, done = [], set()
    for _ in range(80):
        if done == {"bidding", "reveal"}:
            break
        s = wait_state(page, ("handoff", "mine", "next"), timeout_s=30)
        if s == "handoff":
            tap(page, page.locator('[data-action="handoff-ok"]'))
        elif s == "next":
            if "reveal" not in done:
                found += measure(page, n, "reveal", screenshot)
                done.add("reveal")
            tap(page, page.locator('[data-action="next"]'))
        else:
            if "bidding" not in done and page.locator(".seat .bubble").count():
                page.get_by_role("timer").wait_for()  # the clock shows from the turn's first tick
                found += measure(page, n, "bidding", screenshot)
                done.add("bidding")
            call = page.get_by_role("button", name="Løft", exact=True)
            if "bidding" in done and call.is_enabled():
                tap(page, call)
            else:
                tap(page, page.get_by_role("button", name="Byd", exact=True))
    assert done == {"bidding", "reveal"}, f"never reached {({'bidding', 'reveal'} - done)}"
    assert found == [], "\n".join(found)


# ---------- Bakke and Treere through the same checker (their own tests plant the tables) ----------

def bakke_page(contexts, server, n: int):
    from test_bakke import EIGHT, boot_to_table, flick, planted
    from test_bakke import plant as plant_bakke
    seats = EIGHT if n == 8 else [("Mette", "human"), ("Jonas", "human")]
    page = contexts("phone", reduced_motion="reduce", viewport=PHONE_PORTRAIT[1]).new_page()
    plant_bakke(page, planted(seats, [1, 2, 4, 4, 5, 6, 3]))
    boot_to_table(page, server)
    flick(page)  # Mette's first throw: the tray and the last throw show dice
    page.wait_for_selector('[data-testid="thrown-die"]')
    return page


def treere_page(contexts, server, n: int):
    from test_treere import KEY, TABLE, mid_turn_save
    people = PEOPLE[: max(1, n - 5)]
    seats = [(r, "regular") for r in REGULARS[: n - len(people)]] + [(h, "human") for h in people]
    page = contexts("phone", reduced_motion="reduce", viewport=PHONE_PORTRAIT[1]).new_page()
    plant(page, KEY, mid_turn_save(seats, seed=21 + n))
    page.goto(server)
    page.wait_for_selector(TABLE, timeout=90_000)
    page.get_by_test_id("rolled-die").first.wait_for()
    return page


@pytest.mark.parametrize(("game", "n"), [("bakke", 2), ("bakke", 8), ("treere", 2), ("treere", 8)])
def test_bakke_and_treere_tables_fit_every_screen(contexts, server, screenshot, game, n):
    page = (bakke_page if game == "bakke" else treere_page)(contexts, server, n)
    assert page.locator('[data-testid="seat"]').count() == n
    parts, contained, within = {"bakke": (BAKKE_PARTS, set(), BAKKE_WITHIN),
                                "treere": (TREERE_PARTS, TREERE_CONTAINED, TREERE_WITHIN)}[game]
    found = []
    for name, size in viewports(n):
        page.set_viewport_size(size)
        page.wait_for_timeout(300)
        screenshot(page, f"geometry-{game}-{n}-{name}")
        found += [f"{game}, {n} seats, {name}: {p}" for p in
                  problems(collect(page, parts), size, contained, within)]
    assert found == [], "\n".join(found)
