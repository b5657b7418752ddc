"""Treere on the phone: pass-and-play, a game against a regular to the end, a reload mid-game.

The dice are the table's own seeded dice. The test reads the table's save from localStorage and
rebuilds the same table in CPython (`GameSession.from_json`, the same replay the app uses), a
"twin" that is told every move the test makes on the phone; after each move the phone must
show exactly the twin's view: the same rolled and kept dice, pot, score to beat, seat scores.
A game with a known seed starts from a save written before the page loads (the app resumes it).
"""
from __future__ import annotations

import json
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from app.table.session import GameSession
from app.treere.announce import score_text
from app.treere.table_markup import possessive
from test_table_driver import open_app, tap

KEY = "bodegabordet.treere.table"
SETTLED = ("[...document.querySelectorAll('.die.rolling')]"
           ".every(d => d.getAnimations().every(a => a.playState === 'finished'))")
TABLE = '[data-testid="treere-table"]'

DOM_STATE = """() => {
  const q = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)];
  const val = (els) => els.map(e => Number(e.dataset.value));
  const seats = {};
  for (const s of all('[data-testid="seat"]')) seats[s.dataset.player] =
      s.querySelector('[data-testid="seat-score"]').textContent;
  return {
    screen: q('#screen').dataset.screen,
    turn: (q('[data-testid="turn-line"]') || {}).textContent || '',
    pot: (q('[data-testid="pot"] b') || {}).textContent || '',
    beat: (q('[data-testid="to-beat"] b') || {}).textContent || '',
    rolled: val(all('[data-testid="rolled-die"]')),
    kept: val(all('[data-testid="kept-die"]')),
    cup: !!q('[data-testid="flick"]'),
    seats,
    over: !!q('[data-testid="new-game"]'),
    live: all('#tr-live p').map(p => p.textContent),
  };
}"""


def dom(page) -> dict:
    return page.evaluate(DOM_STATE)


def twin_of(page) -> GameSession:
    return GameSession.from_json(page.evaluate(f"localStorage.getItem('{KEY}')"), "treere")


def expected_score(v: dict, name: str) -> str:
    if name == v["turn"]:
        return score_text(v["score"]) if v["kept"] else "…"
    score = v["scores"].get(name)
    return score_text(score) if score is not None else ("ser på" if name not in v["in_round"] else "–")


def shown_pot(v: dict) -> str:
    """The pot box: the pot in play, or what was just won (issue 17: not "Puljen 0")."""
    return str(v["last"]["pot"] if v["phase"] == "over" else v["pot"])


def same_as_twin(page, twin: GameSession, timeout_s: float = 15) -> dict:
    """Wait until the phone shows the twin's view (a regular may still be moving); return it."""
    v = twin.view()
    want = {"rolled": v["rolled"], "kept": v["kept"] if v["phase"] == "playing" else [],
            "pot": shown_pot(v), "beat": "–" if v["to_beat"] is None else score_text(v["to_beat"]),
            "seats": {p: expected_score(v, p) for p in v["players"]}, "over": v["phase"] == "over"}
    for _ in range(int(timeout_s * 20)):
        state = dom(page)
        got = {k: state[k] for k in want}
        if got == want:
            return state
        page.wait_for_timeout(50)
    assert got == want


def keep_choice(v: dict) -> list[int]:
    """The test's own simple player: every zero face, else the lowest die."""
    zero = v["rules"]["zero_face"]
    zeros = [i for i, f in enumerate(v["rolled"]) if f == zero]
    return zeros or [min(range(len(v["rolled"])), key=lambda i: v["rolled"][i])]


def flick(page) -> None:
    """A real upward flick of the cup through CDP touch events."""
    from devtools.browser import swipe
    box = page.get_by_test_id("flick").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    swipe(page, x, y, x, y - 120, steps=5, step_delay_ms=10)


def play_turn_step(page, twin: GameSession, use_flick: bool) -> None:
    """The person in turn throws (flick or *Kast*) or keeps (taps the dice, *Behold*)."""
    v = twin.view()
    who = v["turn"]
    if "roll" in v["legal"]:
        state = dom(page)
        assert state["cup"], "the cup to flick is there when a throw is due"
        if use_flick:
            flick(page)
        else:
            tap(page, page.get_by_role("button", name="Kast", exact=True))
        twin.act(who, {"type": "roll"})
        return
    chosen = keep_choice(v)
    # The fresh roll tumbles in (staggered): tap the dice where they land, not mid-flight.
    page.wait_for_function(SETTLED, timeout=5_000)
    for i in chosen:
        tap(page, page.get_by_test_id("rolled-die").nth(i))
        # Each tap redraws the dice: the next tap goes to the new ones.
        page.wait_for_function("i => document.querySelectorAll('[data-testid=rolled-die]')[i]"
                               "?.getAttribute('aria-pressed') === 'true'", arg=i, timeout=5_000)
    pressed = page.evaluate("[...document.querySelectorAll('[data-testid=rolled-die]')]"
                            ".flatMap((d, i) => d.getAttribute('aria-pressed') === 'true' ? [i] : [])")
    assert pressed == chosen
    tap(page, page.get_by_role("button", name="Behold"))
    twin.act(who, {"type": "keep", "dice": chosen})


def set_treere_table(page, humans: list[str], regulars: int = 0) -> None:
    """*Dæk bordet* for Treere from the start screen: these people at the phone, n regulars."""
    tap(page, page.get_by_test_id("game-treere"))
    page.wait_for_selector('[data-testid="setup"][data-game="treere"]')
    seats = '[data-testid="setup-seat"]'
    while page.locator(f'{seats}[data-kind="regular"]').count() > regulars:
        tap(page, page.locator(f'{seats}[data-kind="regular"]').last.get_by_role("button"))
    while page.locator(f'{seats}[data-kind="regular"]').count() < regulars:
        tap(page, page.get_by_test_id("add-regular"))
    while page.locator(f'{seats}[data-kind="human"]').count() < len(humans):
        tap(page, page.get_by_test_id("add-human"))
    inputs = page.locator(f'{seats}[data-kind="human"] input')
    for i, name in enumerate(humans):
        inputs.nth(i).fill(name)
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_selector(TABLE)


def test_pass_and_play_a_whole_pot_then_a_new_one(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    set_treere_table(page, ["Mette", "Jonas"])
    twin = twin_of(page)
    assert [n for n, _ in twin.seats] == ["Mette", "Jonas"] and not twin.regulars
    screenshot(page, "treere-passplay-start")
    steps, flicked, heard = 0, False, []
    while twin.view()["phase"] == "playing":
        steps += 1
        assert steps < 200, "the pot never ended"
        v = twin.view()
        state = same_as_twin(page, twin)
        heard += [line for line in state["live"] if line not in heard]  # the log keeps the last 12
        # Pass-and-play: the phone says big and clear whose turn it is.
        assert state["turn"] == f"{possessive(v['turn'])} tur – {v['turn']} slår"
        play_turn_step(page, twin, use_flick=not flicked)
        flicked = flicked or "roll" in v["legal"]
        if steps == 3:
            screenshot(page, "treere-passplay-chosen")
    state = same_as_twin(page, twin)
    v = twin.view()
    assert v["winner"] in ("Mette", "Jonas")
    assert state["turn"] == f"{v['winner']} vinder puljen!"
    assert page.locator(f'[data-testid="seat"][data-player="{v["winner"]}"] [data-testid="winner"]').count() == 1
    heard += [line for line in state["live"] if line not in heard]
    live = " ".join(heard)
    assert f"{v['winner']} vinder puljen" in live
    if any(e["type"] == "early_end" for e in v["events"]):
        assert "turen slutter" in live, "the early end (T3) is said plainly"
    if any(e["type"] == "tie" for e in v["events"]):
        assert "Uafgjort" in live
    screenshot(page, "treere-passplay-won")
    # Tavlen: units won and lost this evening.
    tap(page, page.get_by_role("button", name="Tavlen"))
    rows = page.get_by_test_id("tally-table").locator("tbody tr")
    units = {rows.nth(i).get_attribute("data-player"): rows.nth(i).locator(".units").inner_text()
             for i in range(rows.count())}
    want = {p: (f"+{n}" if n > 0 else "0" if n == 0 else f"−{-n}") for p, n in v["tally"].items()}
    assert units == want and sum(v["tally"].values()) == 0
    tap(page, page.get_by_role("button", name="Luk"))
    tap(page, page.get_by_role("button", name="Nyt spil"))
    twin.new_game()
    same_as_twin(page, twin)
    assert any("Spil 2" in line for line in dom(page)["live"])


def seeded_save(seats: list[tuple[str, str]], seed: int, rules: dict | None = None) -> str:
    return GameSession("treere", seats, rules, seed=seed).to_json()


def test_a_game_against_a_regular_to_the_end_and_a_reload_mid_game(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    seats = [("Mette", "human"), ("Lis", "regular")]
    # A pot of the seeded table, resumed from its save the way a reload resumes any table.
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, seeded_save(seats, seed=11)])
    page.reload()
    page.wait_for_selector(TABLE, timeout=90_000)
    twin = twin_of(page)
    reloaded, steps = False, 0
    while twin.view()["phase"] == "playing":
        steps += 1
        assert steps < 200
        if twin.regular_due():
            # Lis plays on the phone, with her pauses; then the twin is the phone's save again.
            page.wait_for_function("() => { const t = document.querySelector('[data-testid=turn-line]');"
                                   " return t && (t.textContent === 'Din tur' || t.textContent.includes('vinder')); }",
                                   timeout=60_000)
            twin = twin_of(page)
            continue
        same_as_twin(page, twin, timeout_s=30)
        v = twin.view()
        assert v["turn"] == "Mette" and dom(page)["turn"] == "Din tur"
        if not reloaded and v["kept"]:
            # Mid-turn: reload; the table resumes exactly where it was.
            screenshot(page, "treere-regular-before-reload")
            page.reload()
            page.wait_for_selector(TABLE, timeout=90_000)
            assert dom(page)["screen"] == "treere-bordet"
            same_as_twin(page, twin)
            reloaded = True
            continue
        play_turn_step(page, twin, use_flick=False)
    same_as_twin(page, twin, timeout_s=30)
    assert reloaded, "the test reloaded mid-game"
    v = twin.view()
    assert v["winner"] in ("Mette", "Lis")
    screenshot(page, "treere-regular-won")
    saved = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert saved["log"] == twin.table.log, "the phone's table is the twin's, move for move"


def mid_turn_save(seats: list[tuple[str, str]], seed: int) -> str:
    """A seeded table played in CPython until the last seat (a person) has kept dice and
    rolled again: every seat before it has a score and kept dice on show."""
    s = GameSession("treere", seats, seed=seed)
    last = seats[-1][0]
    for _ in range(400):
        v = s.view()
        if v["turn"] == last and v["kept"] and v["rolled"]:
            return s.to_json()
        if v["phase"] != "playing":
            s.new_game()
        elif s.regular_due():
            s.play_regular()
        else:
            s.act(v["turn"], {"type": "roll"} if "roll" in v["legal"] else {"type": "keep", "dice": [0]})
    raise AssertionError("no such moment in this seed")


BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const all = (s) => [...document.querySelectorAll(s)].map(box);
  return {seats: all('[data-testid="seat"]'), dice: all('[data-testid="rolled-die"]'),
          bubbles: [...document.querySelectorAll('[data-testid="bubble"]')].map(
              e => [box(e), box(e.closest('[data-testid="seat"]'))]),
          kept: all('[data-testid="kept-die"]'), buttons: all('.treere-table button'),
          controls: box(document.querySelector('#tr-controls')),
          felt: box(document.querySelector('#tr-felt')),
          turn: box(document.querySelector('[data-testid="turn-line"]')),
          info: box(document.querySelector('.tr-info')),
          width: innerWidth, height: innerHeight, scroll: document.documentElement.scrollWidth};
}"""


def overlap(a, b) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def inside(a, outer) -> bool:
    return a[0] >= outer[0] - 1 and a[1] >= outer[1] - 1 and a[2] <= outer[2] + 1 and a[3] <= outer[3] + 1


def plant_mid_turn(page, server, n: int) -> None:
    """n seats mid-turn in the app's save (the regulars first; the phone's person sits last,
    so everyone else has a score when a shot is taken); the caller reloads to open it."""
    names = ["Mette", "Jonas", "Sofie"][: max(1, n - 5)]
    regulars = ["Henning", "Grethe", "Kaj", "Ronni", "Lis"][: n - len(names)]
    seats = [(r, "regular") for r in regulars] + [(h, "human") for h in names]
    open_app(page, server)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, mid_turn_save(seats, seed=21 + n)])


@pytest.mark.parametrize("n", [2, 8])
def test_the_table_at_2_and_8_seats_upright_and_sideways_has_nothing_overlapping(phone_page, server, screenshot, n):
    page = phone_page
    plant_mid_turn(page, server, n)
    for orientation, size in (("portrait", {"width": 412, "height": 839}),
                              ("landscape", {"width": 839, "height": 412})):
        page.set_viewport_size(size)
        page.reload()
        page.wait_for_selector(TABLE, timeout=90_000)
        page.get_by_test_id("rolled-die").first.wait_for()
        b = page.evaluate(BOXES)
        screenshot(page, f"treere-{n}-seats-{orientation}")
        assert len(b["seats"]) == n and b["scroll"] <= b["width"]
        screen = [0, 0, b["width"], b["height"]]
        things = b["seats"] + b["dice"] + b["kept"] + [b["turn"], b["info"]]
        for i, a in enumerate(things):
            assert inside(a, b["felt"]), f"{orientation}: {a} is outside the felt"
            for c in things[i + 1:]:
                assert not overlap(a, c), f"{orientation}: {a} overlaps {c}"
            assert not overlap(a, b["controls"]), f"{orientation}: {a} is under the buttons"
        for button in b["buttons"]:
            assert inside(button, screen)
            assert button[3] - button[1] >= 44 or button in b["dice"], "a tap target is 44 px high"
    # The last person keeps all: the round ends and the regulars speak. Their words stay
    # inside their own seat, upright and sideways.
    page.wait_for_function(SETTLED, timeout=5_000)
    for i in range(page.get_by_test_id("rolled-die").count()):
        tap(page, page.get_by_test_id("rolled-die").nth(i))
    tap(page, page.get_by_role("button", name="Behold"))
    page.get_by_test_id("bubble").first.wait_for()
    for orientation, size in (("landscape", {"width": 839, "height": 412}),
                              ("portrait", {"width": 412, "height": 839})):
        page.set_viewport_size(size)
        b = page.evaluate(BOXES)
        screenshot(page, f"treere-{n}-seats-{orientation}-words")
        assert b["bubbles"], "a regular said something"
        for words, seat in b["bubbles"]:
            assert inside(words, seat), f"{orientation}: words outside their seat"
        for i, a in enumerate(b["seats"]):
            assert inside(a, b["felt"]) and not overlap(a, b["controls"])
            for c in b["seats"][i + 1:]:
                assert not overlap(a, c), f"{orientation}: seats overlap"


CHOSEN_SCREENS = [("portrait", {"width": 393, "height": 851}), ("sideways", {"width": 915, "height": 412}),
                  ("sideways-851", {"width": 851, "height": 393}), ("tablet", {"width": 820, "height": 1180}),
                  ("desktop", {"width": 1440, "height": 900})]


@pytest.mark.parametrize("n", [2, 8])
def test_chosen_dice_stay_below_the_turn_heading(phone_page, server, screenshot, n):
    """Issue 17: a die chosen to keep rises (it is picked up), but never into "Din tur" above
    it; measured on every screen (tests/browser/geometry.py's boxes)."""
    from geometry import TREERE_PARTS, collect
    from geometry import overlap as covers
    page = phone_page
    plant_mid_turn(page, server, n)
    page.reload()
    page.wait_for_selector(TABLE, timeout=90_000)
    page.wait_for_function(SETTLED, timeout=5_000)
    dice = page.get_by_test_id("rolled-die")
    for i in range(dice.count()):  # every die chosen: the whole row rises
        tap(page, dice.nth(i))
        page.wait_for_function("i => document.querySelectorAll('[data-testid=rolled-die]')[i]"
                               "?.getAttribute('aria-pressed') === 'true'", arg=i, timeout=5_000)
    parts = [p for p in TREERE_PARTS if p[0] == "turn"] + [("chosen", ".tr-die.chosen", False)]
    found = []
    for name, size in CHOSEN_SCREENS:
        page.set_viewport_size(size)
        page.wait_for_timeout(400)  # the lift's transition (none under reduced motion) is over
        items = collect(page, parts)
        screenshot(page, f"treere-{n}-chosen-{name}")
        [turn] = [i["box"] for i in items if i["kind"] == "turn"]
        chosen = [i["box"] for i in items if i["kind"] == "chosen"]
        assert len(chosen) == dice.count(), f"{name}: every chosen die is drawn"
        found += [f"{n} seats, {name}: a chosen die {box} rises into the turn heading {turn}"
                  for box in chosen if covers(box, turn)]
    assert found == [], "\n".join(found)
