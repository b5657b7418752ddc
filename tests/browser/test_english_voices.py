"""The regulars speak English on an English phone (locale en-GB): at a Snyd table set on
*Set the table*, and at a Bakke and a Treere table resumed from a save where the regulars
throw first, their speech bubbles are the English catalogue's (engine/voices/*_en.py): English
words, the pub words kept with their gloss, no Danish line, no missing key (⟦…⟧).
Screenshots (looked at for overflow): test-artifacts/english-voices-*.png."""
from __future__ import annotations

import json
import pathlib
import re
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from app.table.session import STORE_KEYS, GameSession
from test_table_driver import set_table, state, tap

from engine.bakke import Rules as BakkeRules
from engine.voices.numbers import english

SETTINGS = {"tempo": "hurtig", "tutorial_answered": True}  # quick regulars, no offer
BUBBLES = "() => [...document.querySelectorAll('.bubble, [data-testid=\"bubble\"]')].map(e => e.innerText)"
# Words with æ/ø/å an English line may hold (the call, the toast, the fives' nickname), and
# common Danish words that would give a Danish line away.
PUB_WORDS = {"løft", "skål", "møller"}
DANISH = {"og", "jeg", "det", "den", "er", "ikke", "så", "tak", "makker", "nul", "puljen", "en",
          "til", "på", "med", "igen", "spillet", "terninger", "bakken", "fem", "treere", "ude"}
ENGLISH = {"the", "i", "i'll", "that", "mate", "and", "of", "a", "kind", "twos", "threes",
           "fours", "fives", "sixes", "please", "thanks", "it", "is", "me", "my", "on", "in", "um"}
# Every English number word a regular may say (a Treere regular often says its score alone:
# "Um, eighteen."), from the voices' own table.
ENGLISH |= {w for n in range(101) for w in re.findall(r"[a-z]+", english(n))}


def danish_left(text: str) -> list[str]:
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", text)]
    return [w for w in words if (re.search("[æøå]", w) and w not in PUB_WORDS) or w in DANISH]


def english_phone(contexts, game: str | None = None, save: str | None = None):
    """An English phone, quick regulars, and (optionally) a table of `game` saved before the
    app's first line runs."""
    page = contexts("phone", locale="en-GB").new_page()
    items = {"bodegabordet.settings": json.dumps(SETTINGS)}
    if game:
        items[STORE_KEYS[game]] = save
    page.add_init_script(
        "if (!sessionStorage.getItem('planted')) { sessionStorage.setItem('planted', '1');"
        f" for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v); }}")
    return page


def collect(page, wanted: int, timeout_s: float, step=None) -> list[str]:
    """The bubbles' texts seen until `wanted` different ones were seen (or the time is up);
    `step(page)` is called between looks (a person's move when it is their turn)."""
    seen: list[str] = []
    end = time.monotonic() + timeout_s
    while time.monotonic() < end and len(seen) < wanted:
        for text in page.evaluate(BUBBLES):
            if text and text not in seen:
                seen.append(text)
        if step:
            step(page)
        page.wait_for_timeout(150)
    return seen


def check_english(page, said: list[str]) -> None:
    assert said, "a regular said something"
    body = page.evaluate("document.body.innerText")
    assert "⟦" not in body, body
    for text in said:
        assert not danish_left(text), text
    words = {w.lower() for text in said for w in re.findall(r"[^\W\d_]+(?:'\w+)?", text)}
    assert words & ENGLISH, said


def snyd_move(page) -> None:
    now = state(page)
    if now == "next":
        tap(page, page.locator('[data-action="next"]'))
    elif now == "mine":
        bid = page.locator('[data-action="bid"]')
        tap(page, bid if bid.is_enabled() else page.locator('[data-action="call"]'))


def test_snyd_regulars_bid_and_call_in_english(contexts, server, screenshot):
    page = english_phone(contexts)
    page.goto(server)
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)
    set_table(page, dice=2, regulars=3)
    said = collect(page, 6, 90, snyd_move)
    screenshot(page, "english-voices-snyd-phone")
    check_english(page, said)
    # A bid of fours, fives or sixes keeps the pub's nickname with its gloss.
    glossed = [t for t in said if re.search(r"(lujer \(fours\)|møller \(fives\)|af de store \(sixes\))", t)]
    plain = [t for t in said if re.search(r"\b(one|two|three|four|five|six|seven|eight)\b", t.lower())]
    assert glossed or plain, said


def test_bakke_regulars_speak_english_at_the_tray(contexts, server, screenshot):
    seats = [("Henning", "regular"), ("Ronni", "regular"), ("Kaj", "regular"), ("Mette", "human")]
    save = GameSession("bakke", seats, BakkeRules(dice_per_player=2), seed=7).to_json()
    page = english_phone(contexts, "bakke", save)
    page.goto(server)
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)
    page.wait_for_selector("[data-testid='table'] [data-testid='hand']", timeout=60_000)
    said = collect(page, 2, 60)
    screenshot(page, "english-voices-bakke-phone")
    check_english(page, said)


def test_treere_regulars_speak_english_at_their_scores(contexts, server, screenshot):
    seats = [("Grethe", "regular"), ("Lis", "regular"), ("Ronni", "regular"), ("Mette", "human")]
    save = GameSession("treere", seats, seed=11).to_json()
    page = english_phone(contexts, "treere", save)
    page.goto(server)
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)
    page.wait_for_selector('[data-testid="treere-table"]', timeout=90_000)
    said = collect(page, 2, 60)
    screenshot(page, "english-voices-treere-phone")
    check_english(page, said)
