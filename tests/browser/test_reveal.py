"""Issue 12, "the reveal explains itself", on the phone profile: a scripted reveal where a 1+2
counts three and a lone 1 counts two. The rings and their labels come first, the running sum
builds up, the verdict comes last; Grethe, out at this reveal, is not dimmed until *Næste*.
With *Færre bevægelser* all of it is there at once.

The table is planted as a save before the app's first line runs (as test_table_geometry.py
does): round 1 leaves Mette and Grethe one die each; in round 2 Henning (1+2) bids three
seksere, Grethe (a lone 1) four, and it is Mette's (the phone's) turn with a six.
"""
from __future__ import annotations

import json
import pathlib
import sys

from app.snyd.table_session import Session
from app.snyd.table_setup import Seat

from engine.snyd import Rules, Table

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import FELT, tap

SNYD_KEY = "bodegabordet.snyd.table"
SETTINGS_KEY = "bodegabordet.settings"

# When each part of the reveal first shows (opacity and visibility), in ms after the tap.
TIMELINE = """() => new Promise((done) => {
  const t0 = performance.now(), seen = {};
  const parts = {label: '[data-testid=step-label]', sum: '.sum-n.last', verdict: '[data-testid=verdict]',
                 ring: '.ring-step'};
  const shown = (e) => { const s = getComputedStyle(e);
    return +s.opacity > 0.5 && s.visibility === 'visible'; };
  const frame = () => {
    for (const [k, sel] of Object.entries(parts)) {
      const e = document.querySelector(sel);
      if (!(k in seen) && e && shown(e)) seen[k] = Math.round(performance.now() - t0);
    }
    if (Object.keys(seen).length === 4 || performance.now() - t0 > 6000) done(seen);
    else requestAnimationFrame(frame);
  };
  frame();
})"""


def scripted_table() -> str:
    rules = Rules(dice_per_player=2)
    table = Table(["Mette", "Henning", "Grethe"], rules, seed=5, first="Mette")
    table.deal([[6, 6], [2, 3], [6, 4]])
    table.act("Mette", {"type": "bid", "quantity": 2, "face": 6})
    table.act("Henning", {"type": "call"})  # held: Mette and Grethe put a die away
    table.deal([[6], [1, 2], [1]])           # Henning starts (he lost)
    table.act("Henning", {"type": "bid", "quantity": 3, "face": 6})
    table.act("Grethe", {"type": "bid", "quantity": 4, "face": 6})
    seats = [Seat("Mette", "human"), Seat("Henning", "regular"), Seat("Grethe", "regular")]
    return Session(seats, rules, seed=5, _table=table).to_json()


def open_planted(contexts, server, reduced: bool):
    page = contexts("phone").new_page()
    settings = {"name": "Mette", "reduced_motion": reduced, "tutorial_answered": True, "tempo": "hurtig"}
    page.add_init_script(
        "if (!sessionStorage.getItem('planted')) { sessionStorage.setItem('planted', '1');"
        f" localStorage.setItem({json.dumps(SNYD_KEY)}, {json.dumps(scripted_table())});"
        f" localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(json.dumps(settings))}); }}")
    page.goto(server)
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)
    page.wait_for_selector(FELT, timeout=60_000)
    page.get_by_test_id("your-turn").wait_for()
    return page


def grethe_classes(page) -> list[str]:
    return page.locator('.seat[data-player="Grethe"]').get_attribute("class").split()


def test_the_reveal_labels_its_specials_builds_the_sum_and_gives_the_verdict_last(contexts, server, screenshot):
    page = open_planted(contexts, server, reduced=False)
    history = page.get_by_test_id("bid-history")
    assert "Grethe: fire seksere" in history.inner_html()
    tap(page, page.get_by_role("button", name="Løft", exact=True))
    seen = page.evaluate(TIMELINE)
    assert set(seen) == {"label", "sum", "verdict", "ring"}, seen
    assert seen["ring"] < seen["verdict"] and seen["label"] < seen["verdict"], seen
    assert seen["sum"] <= seen["verdict"], seen
    labels = page.get_by_test_id("step-label").all_inner_texts()
    assert sorted(labels) == ["1+2 = 3", "enlig 1'er = 2"]
    assert page.locator(".sum-n.last").inner_text() == "Talt: 6"
    assert page.get_by_test_id("verdict").inner_text() == "Buddet holdt – Mette taber runden"
    assert page.get_by_test_id("glass").inner_text().split()[0] == "4", "the glass keeps the revealed dice"
    # Grethe went out at this reveal: her dice are checked, her seat is not dimmed …
    assert "out" not in grethe_classes(page)
    assert page.locator('.seat[data-player="Grethe"]').evaluate("e => getComputedStyle(e).opacity") == "1"
    screenshot(page, "reveal-explained")
    tap(page, page.locator('[data-action="next"]'))
    # … until Næste
    page.wait_for_function("document.querySelector('.seat[data-player=\"Grethe\"]').classList.contains('out')")
    assert page.get_by_test_id("glass").inner_text().split()[0] == "2"


# A busy phone: Løft is drawn, the page does not paint for 2.5 s, and a tap on the round's bids
# redraws the table before the first paint. The reveal must still play from its first paint.
STALLED_THEN_REDRAWN = """() => {
  const loeft = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Løft');
  loeft.click();
  const t = performance.now();
  while (performance.now() - t < 2500) {}
  document.querySelector('[data-testid=history-toggle]').click();
}"""


def test_a_reveal_drawn_on_a_busy_phone_plays_from_its_first_paint(contexts, server):
    page = open_planted(contexts, server, reduced=False)
    page.evaluate(STALLED_THEN_REDRAWN)
    seen = page.evaluate(TIMELINE)
    assert set(seen) == {"label", "sum", "verdict", "ring"}, seen
    assert seen["ring"] < seen["label"] < seen["verdict"], f"the reveal jumped to its end: {seen}"
    assert seen["verdict"] > 1000, seen


def test_faerre_bevaegelser_shows_the_reveal_at_once(contexts, server, screenshot):
    page = open_planted(contexts, server, reduced=True)
    tap(page, page.get_by_role("button", name="Løft", exact=True))
    page.get_by_test_id("verdict").wait_for()
    seen = page.evaluate(TIMELINE)
    assert set(seen) == {"label", "sum", "verdict", "ring"}, seen
    assert max(seen.values()) < 150, f"everything at once with Færre bevægelser: {seen}"
    screenshot(page, "reveal-reduced")
