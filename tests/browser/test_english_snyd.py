"""Issue 12, "In English too", at the Snyd table: an English phone (locale en-GB) plays against
one regular through Set the table, a peek, a bid, a call, the reveal, the next round and the
board (Tavlen); a planted reveal shows its special hands' labels in English; a desktop at eight
seats (three people passing the phone) is drawn in English. No ⟦key⟧ anywhere, none of the
Danish words the snyd catalogue moved out of the code, and no console error (a missing key
logs one: the conftest's watch fails the test)."""
from __future__ import annotations

import json
import pathlib
import re
import sys

from app.snyd.table_session import Session
from app.snyd.table_setup import Seat

from engine.snyd import Rules, Table

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import FELT, live_text, my_dice, open_app, peek_by_swipe, tap, wait_state

SNYD_KEY = "bodegabordet.snyd.table"
SETTINGS_KEY = "bodegabordet.settings"
QUICK = {"tempo": "hurtig", "tutorial_answered": True}
# Danish words of the Snyd screens (as whole words in the page's text): none may show in English.
DANISH = ["Dæk bordet", "Husregler", "Regelsæt", "Terninger", "Stamgæst", "Spiller", "Tilbage", "Kig",
          "Byd", "Løft", "Næste", "Buddet", "taber", "runden", "Tavlen", "Streger", "Spil", "Runde",
          "lægger", "tænker", "Din tur", "Der var", "Talt", "trappe", "enlig", "ryger", "Giv telefonen",
          "terninger", "Luk", "Vært"]


# The regulars' own words, their speech bubbles: in English they keep the table's Danish call,
# "Løft!" (engine/voices/snyd_en.py), which is their voice, not a left-over of the app's words (the
# app's own line for a call, in the log and on the buttons, is "Call").
BUBBLES = "[...document.querySelectorAll('.bubble')].map(e => e.textContent)"


def body_text(page) -> str:
    """The page's text, without what the regulars say in their own voice."""
    text = page.evaluate("document.body.innerText")
    for said in page.evaluate(BUBBLES):
        text = text.replace(said, "")
    return text


def assert_english(page, *words: str) -> None:
    """The page shows `words`, no missing key, and none of the moved Danish words."""
    text = body_text(page)
    assert "⟦" not in text, text
    for w in words:
        assert w in text, f"{w!r} not shown: {text[:400]!r}"
    danish = [w for w in DANISH if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]
    assert danish == [], f"Danish left: {danish}"


def english_page(contexts, kind="phone", settings=None, table=None, **options):
    page = contexts(kind, locale="en-GB", **options).new_page()
    script = f"localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(json.dumps(settings or QUICK))});"
    if table:
        script += f" localStorage.setItem({json.dumps(SNYD_KEY)}, {json.dumps(table)});"
    page.add_init_script(f"if (!sessionStorage.getItem('planted')) {{ sessionStorage.setItem('planted', '1'); {script} }}")
    return page


def test_an_english_phone_plays_snyd_against_a_regular(contexts, server, screenshot):
    page = english_page(contexts)
    open_app(page, server)
    tap(page, page.get_by_test_id("game-snyd"))
    page.wait_for_selector('[data-testid="setup"]')
    tap(page, page.get_by_test_id("house-rules").locator("summary"))
    assert_english(page, "Set the table", "On one phone", "With friends", "Players", "Dice per player",
                   "Rule set", "House rules", "Straights (trapper)", "Hidden count", "+ Regular",
                   "Start game", "Back")
    screenshot(page, "english-snyd-setup")
    assert page.locator('[data-testid="setup-seat"][data-kind="human"] input').input_value() == "You"
    while page.locator('[data-testid="setup-seat"][data-kind="regular"]').count() > 1:
        tap(page, page.locator('[data-testid="setup-seat"][data-kind="regular"]').last.get_by_role("button"))
    page.get_by_test_id("dice-per-player").select_option("2")
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_selector(FELT)

    saw = set()
    for _ in range(60):
        s = wait_state(page, ("mine", "next"), timeout_s=30)
        if s == "next":
            saw.add("reveal")
            verdict = page.get_by_test_id("verdict").inner_text()
            assert re.fullmatch(r"The bid (held|was a lie) – \S+ (loses?) the round", verdict), verdict
            assert re.search(r"(You lose|Henning loses) the round", verdict), verdict
            assert_english(page, "There w", "Next")
            screenshot(page, "english-snyd-reveal")
            tap(page, page.locator('[data-action="next"]'))
            if "next" in saw:
                break
            saw.add("next")
            continue
        assert_english(page, "Your turn", "Peek", "Bid", "Call", "Game 1 · Round")
        if "peek" not in saw:
            dice = peek_by_swipe(page)
            assert 1 <= len(dice) <= 2 and my_dice(page) == []
            assert "Your dice: " in live_text(page)
            saw.add("peek")
        call = page.locator('[data-action="call"]')
        if "bid" in saw and call.is_enabled():
            tap(page, call)
            saw.add("call")
        else:
            tap(page, page.locator('[data-action="bid"]'))
            saw.add("bid")
            screenshot(page, "english-snyd-bid")
    assert {"peek", "bid", "reveal", "next"} <= saw, saw
    assert "Henning: " in live_text(page) and "Round " in live_text(page)

    tap(page, page.locator('.table-bar [data-action="tally"]'))
    page.get_by_test_id("tally").wait_for()
    assert_english(page, "The board", "Strokes this evening", "Player", "Strokes", "Selvbinder", "Close")
    screenshot(page, "english-snyd-board")
    tap(page, page.locator('#tally-panel [data-action="tally"]'))


def planted_reveal() -> str:
    """Round 2 of a scripted table (as tests/browser/test_reveal.py): Henning holds 1+2, Grethe
    a lone 1, and it is the phone's turn (the default seat, "You") with a six."""
    rules = Rules(dice_per_player=2)
    table = Table(["You", "Henning", "Grethe"], rules, seed=5, first="You")
    table.deal([[6, 6], [2, 3], [6, 4]])
    table.act("You", {"type": "bid", "quantity": 2, "face": 6})
    table.act("Henning", {"type": "call"})
    table.deal([[6], [1, 2], [1]])
    table.act("Henning", {"type": "bid", "quantity": 3, "face": 6})
    table.act("Grethe", {"type": "bid", "quantity": 4, "face": 6})
    seats = [Seat("You", "human"), Seat("Henning", "regular"), Seat("Grethe", "regular")]
    return Session(seats, rules, seed=5, _table=table).to_json()


def test_the_reveal_labels_its_specials_in_english(contexts, server, screenshot):
    page = english_page(contexts, settings={**QUICK, "reduced_motion": True}, table=planted_reveal())
    page.goto(server)
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)
    page.get_by_test_id("your-turn").wait_for(timeout=60_000)
    assert "Grethe: four sixes" in page.get_by_test_id("bid-history").inner_html()
    tap(page, page.locator('[data-action="call"]'))
    page.get_by_test_id("verdict").wait_for()
    assert sorted(page.get_by_test_id("step-label").all_inner_texts()) == ["1+2 = 3", "lone 1 = 2"]
    assert page.locator(".sum-n.last").inner_text() == "Counted: 6"
    assert page.get_by_test_id("verdict").inner_text() == "The bid held – You lose the round"
    assert "There were six sixes. The bid held – You lose the round" in live_text(page)
    assert_english(page, "Next round", "Game 1 · Round 2")
    screenshot(page, "english-snyd-reveal-labels")


EIGHT = [Seat("You", "human"), Seat("Henning", "regular"), Seat("Karl-Johan", "human"),
         Seat("Grethe", "regular"), Seat("Kaj", "regular"), Seat("Ronni", "regular"),
         Seat("Sofie", "human"), Seat("Lis", "regular")]


def test_eight_seats_on_a_desktop_in_english(contexts, server, screenshot):
    session = Session(EIGHT, Rules(dice_per_player=6, time_limit=600), seed=48, first="Karl-Johan", tempo=0.15)
    page = english_page(contexts, "desktop", table=session.to_json())
    page.goto(server)
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)
    page.get_by_test_id("handoff").wait_for(timeout=60_000)
    assert_english(page, "Pass the phone to Karl-Johan", "Only Karl-Johan may look at the screen now.",
                   "I'm Karl-Johan")
    screenshot(page, "english-snyd-8-handoff-desktop")
    tap(page, page.locator('[data-action="handoff-ok"]'))
    page.get_by_test_id("your-turn").wait_for()
    page.get_by_role("timer").wait_for()
    assert_english(page, "Your turn", "Peek", "Bid", "Call", "Game 1 · Round 1", "Karl-Johan opens")
    timer = page.get_by_role("timer").get_attribute("aria-label")
    assert re.fullmatch(r"Karl-Johan: \d+ seconds left", timer), timer
    screenshot(page, "english-snyd-8-desktop")
    tap(page, page.locator('[data-action="bid"]'))
    # Grethe, Kaj and Ronni bid in turn, then the phone goes to Sofie: their bubbles stay up.
    page.get_by_text("Pass the phone to Sofie").wait_for(timeout=30_000)
    tap(page, page.locator('[data-action="handoff-ok"]'))
    page.get_by_test_id("your-turn").wait_for()
    assert page.locator(".seat .bubble").count() >= 3
    assert_english(page, "Your turn", "Sofie")
    screenshot(page, "english-snyd-8-desktop-bubbles")
