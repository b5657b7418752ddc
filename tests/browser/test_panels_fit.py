"""Issue 17, "every panel and dialog fits or scrolls, on every screen": *Tavlen* in all three
games (with the host's seat menu at a table with friends), Snyd's hand-off card, Bakke's *Fejl*
menu, its question and *Fortryd fejlen*, Regler and Indstillinger, at 2, 5 and 8 seats on an
upright phone (393×851), a phone on its side (915×412, 851×393), a tablet (820×1180) and a
desktop (1440×900), in both languages where the words' length matters.

A panel fits when each of its buttons, its heading and its first and last lines can be brought
on screen uncovered by scrolling what the player can scroll (a box with overflow auto/scroll,
or the page): `REACH` scrolls each such box around the element as a thumb would and measures
it there; a box the player cannot scroll (overflow hidden, a fixed table) moves nothing, so
what it cuts off is reported. The tables come from saves written before the app loads (as
test_bakke.py and test_table_geometry.py plant theirs): one page per game, a reload per table,
set_viewport_size between screens. Screenshots: test-artifacts/panels-*.png.
"""
from __future__ import annotations

import json
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from app.saves.local_store import SETTINGS_KEY
from app.snyd.table_session import Session
from app.snyd.table_setup import Seat
from app.table.session import STORE_KEYS, GameSession
from test_table_driver import FELT, open_app, tap

from engine.bakke import Rules as BakkeRules
from engine.bakke import Table as BakkeTable
from engine.snyd import Rules

SCREENS = {"phone": {"width": 393, "height": 851}, "sideways": {"width": 915, "height": 412},
           "sideways-851": {"width": 851, "height": 393}, "tablet": {"width": 820, "height": 1180},
           "desktop": {"width": 1440, "height": 900}}
LOCALES = {"da": "da-DK", "en": "en-GB"}
# The people at the phone (a long name among them), the regulars between and after them.
PEOPLE = ["Mette", "Karl-Johan", "Sofie"]
REGULARS = ["Henning", "Grethe", "Kaj", "Ronni", "Lis"]
# 2, 5 and 8 seats in Danish; the longest table in English too (the longer words).
SNYD_KEY = "bodegabordet.snyd.table"  # where the app keeps a Snyd table (test_saves.py)
# The fewest and the most seats (the suite's time: 5 seats was dropped, 2 and 8 bound it).
CASES = [(2, "da"), (8, "da"), (8, "en")]

REACH = """(sel) => {
  const panel = document.querySelector(sel);
  if (!panel) return [`${sel} is not there`];
  const W = innerWidth, H = innerHeight, out = [];
  const shown = (e) => {
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.display === 'none' || s.visibility === 'hidden') return false;
    }
    const r = e.getBoundingClientRect();
    return r.width >= 1 && r.height >= 1;
  };
  const root = document.scrollingElement;
  // What a player can scroll: the page, or a box whose overflow is auto/scroll.
  const scrolls = (n) => n === root
      || ['auto', 'scroll'].includes(getComputedStyle(n).overflowY);
  // What cuts its content off: every box whose overflow is not visible (the page: the screen).
  const clips = (n) => n === root || getComputedStyle(n).overflowY !== 'visible';
  const seen = (n) => {
    if (n === root) return {top: 0, bottom: H, left: 0, right: W};
    const r = n.getBoundingClientRect();
    const top = r.top + n.clientTop, left = r.left + n.clientLeft;
    return {top, bottom: top + n.clientHeight, left, right: left + n.clientWidth};
  };
  const ancestors = (e) => { const a = []; for (let n = e.parentElement; n; n = n.parentElement) a.push(n); return a; };
  const saved = new Map();
  const reach = (e) => {  // scroll each scrollable box around e, innermost first
    for (const n of ancestors(e).filter(scrolls)) {
      if (!saved.has(n)) saved.set(n, n.scrollTop);
      const r = e.getBoundingClientRect(), v = seen(n);
      if (r.bottom > v.bottom) n.scrollTop += Math.min(r.bottom - v.bottom, r.top - v.top);
      const s = e.getBoundingClientRect();
      if (s.top < v.top) n.scrollTop -= v.top - s.top;
    }
  };
  const leaf = (e, last) => {  // the first (or last) line of the panel, as deep as it goes
    let n = e;
    for (;;) {
      const kids = [...n.children].filter(shown);
      if (!kids.length) return n;
      n = last ? kids[kids.length - 1] : kids[0];
    }
  };
  if (!shown(panel)) return [`${sel} is not shown`];
  const targets = [...panel.querySelectorAll('button, h2, h3, select, input')].filter(shown);
  targets.push(leaf(panel, false), leaf(panel, true));
  for (const e of new Set(targets)) {
    reach(e);
    const r = e.getBoundingClientRect();
    const name = `${sel} ${e.tagName.toLowerCase()}` +
        `${e.dataset.testid ? '[' + e.dataset.testid + ']' : ''} "${(e.textContent || '').trim().slice(0, 30)}"`;
    const where = `[${Math.round(r.left)}, ${Math.round(r.top)}, ${Math.round(r.right)}, ${Math.round(r.bottom)}]`;
    if (r.left < -1 || r.top < -1 || r.right > W + 1 || r.bottom > H + 1) {
      out.push(`${name} cannot be scrolled on screen (${where} of ${W}×${H})`);
      continue;
    }
    const cut = ancestors(e).filter(clips).find((n) => {
      const v = seen(n);
      return r.top < v.top - 1 || r.bottom > v.bottom + 1 || r.left < v.left - 1 || r.right > v.right + 1;
    });
    if (cut) {
      out.push(`${name} is cut off by ${cut.className || cut.tagName} (${where})`);
      continue;
    }
    const x = Math.min(Math.max((r.left + r.right) / 2, 0), W - 1);
    const y = Math.min(Math.max((r.top + r.bottom) / 2, 0), H - 1);
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === e || e.contains(hit)))
      out.push(`${name} is covered by ${hit ? (hit.dataset.testid || hit.className || hit.tagName) : 'nothing'} (${where})`);
  }
  if (root.scrollWidth > W + 1) out.push(`the page scrolls sideways (${root.scrollWidth} px of ${W})`);
  for (const [n, top] of saved) n.scrollTop = top;
  return out;
}"""


# Scroll a panel that scrolls to its end (true), for the screenshot of its last lines.
SCROLL_END = """(s) => { const e = document.querySelector(s);
  if (!e || e.scrollHeight <= e.clientHeight + 1) return false;
  e.scrollTop = e.scrollHeight; return true; }"""


def fits(page, selector: str, where: str) -> list[str]:
    """Everything in the panel at `selector` can be scrolled on screen, uncovered."""
    return [f"{where}: {p}" for p in page.evaluate(REACH, selector)]


def settings(lang: str) -> str:
    return json.dumps({"tutorial_answered": True, "tempo": "rolig", "language": lang})


def new_page(contexts, lang: str = "da"):
    return contexts("phone", reduced_motion="reduce", viewport=SCREENS["phone"],
                    locale=LOCALES[lang]).new_page()


def load(page, server: str, lang: str, key: str, save: str, ready: str) -> None:
    """The app with `save` under `key` and the settings in `lang` (first load or a reload)."""
    if page.url.startswith("http"):
        page.evaluate("([s, k, v, l]) => { localStorage.setItem(s, l); localStorage.setItem(k, v); }",
                      [SETTINGS_KEY, key, save, settings(lang)])
        page.reload()
    else:
        page.add_init_script(
            "if (!sessionStorage.getItem('planted')) { sessionStorage.setItem('planted', '1');"
            f" localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(settings(lang))});"
            f" localStorage.setItem({json.dumps(key)}, {json.dumps(save)}); }}")
        page.goto(server)
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)
    page.wait_for_selector(ready, timeout=60_000)
    assert page.evaluate("document.documentElement.lang").startswith(lang)


def seats(n: int, people: int) -> list[tuple[str, str]]:
    """n seats: `people` persons (the first two first, a third last), regulars between."""
    humans = PEOPLE[:people]
    regulars = [(r, "regular") for r in REGULARS[: n - len(humans)]]
    front = [(h, "human") for h in humans[:2]]
    return front + regulars + [(h, "human") for h in humans[2:]]


def each_screen(page, screenshot, name: str, selectors: list[str], where: str,
                screens=tuple(SCREENS)) -> list[str]:
    found = []
    for screen in screens:
        page.set_viewport_size(SCREENS[screen])
        page.wait_for_timeout(150)
        screenshot(page, f"panels-{name}-{screen}", scale="css")
        for selector in selectors:
            found += fits(page, selector, f"{where}, {screen}")
            if page.evaluate(SCROLL_END, selector):  # it scrolls: look at its end too
                screenshot(page, f"panels-{name}-{screen}-end", scale="css")
                page.evaluate("s => { document.querySelector(s).scrollTop = 0; }", selector)
    page.set_viewport_size(SCREENS["phone"])
    return found


def open_tally(page) -> None:
    tap(page, page.locator('.table-bar [data-action="tally"]'))
    page.get_by_test_id("tally").locator("button").last.wait_for()


def close_tally(page) -> None:
    tap(page, page.get_by_test_id("tally").locator('[data-action="tally"]'))
    page.get_by_test_id("tally").wait_for(state="hidden")


# ---------- Snyd: Tavlen and the hand-off ----------

def snyd_save(n: int, people: int, first: int) -> str:
    """A fresh Snyd table of n seats, `people` of them at the phone; seat `first` begins (the
    phone's person: no regular moves while the panels are measured)."""
    table_seats = [Seat(name, kind) for name, kind in seats(n, people)]
    s = Session(table_seats, Rules(dice_per_player=6), seed=40 + n, first=table_seats[first].name,
                tempo=3.0)
    return s.to_json()


@pytest.mark.parametrize(("n", "lang"), CASES)
def test_snyd_tavlen_and_the_handoff_fit_every_screen(contexts, server, screenshot, n, lang):
    page = new_page(contexts, lang)
    key = SNYD_KEY
    load(page, server, lang, key, snyd_save(n, max(1, n - 5), first=0), FELT)
    open_tally(page)
    found = each_screen(page, screenshot, f"snyd-tavlen-{lang}-{n}", ['[data-testid="tally"]'],
                        f"Snyd Tavlen, {lang}, {n} seats")
    close_tally(page)
    # Two people at the phone, the second begins: "Giv telefonen til Karl-Johan" covers it.
    load(page, server, lang, key, snyd_save(n, 2, first=1), '[data-testid="handoff"]')
    found += each_screen(page, screenshot, f"snyd-handoff-{lang}-{n}", ['[data-testid="handoff"]'],
                         f"Snyd hand-off, {lang}, {n} seats")
    cup = page.locator('[data-testid="handoff"] .cup.big').bounding_box()
    assert cup["width"] >= 60 and cup["height"] >= 70, f"the hand-off's cup is drawn: {cup}"
    assert found == [], "\n".join(found)


# ---------- Bakke: Tavlen, the Fejl menu, its question and Fortryd fejlen ----------

# Bakke's crowded table for the Fejl menu: everybody at the phone, so the menu lists the most
# names (a regular is never offered); pub names after the three (app/table/pub_names.py's).
CROWD = PEOPLE + ["Bo", "Anne", "Jens", "Hanne", "Søren"]


def bakke_save(n: int) -> str:
    """n people at one phone; Mette has thrown all six (2 5 6 stay in the tray): the turn and
    the phone are Karl-Johan's, who may call a fault against everyone else."""
    table_seats = [(name, "human") for name in CROWD[:n]]
    names = [name for name, _ in table_seats]
    rules = BakkeRules()
    table = BakkeTable(names, rules, seed=11, first="Mette", dice=[1, 2, 4, 4, 5, 6])
    s = GameSession("bakke", table_seats, rules, seed=11, _table=table)
    s.act("Mette", {"type": "throw_all"})
    assert s.view()["me"] == "Karl-Johan" and s.view()["tray"] == [2, 5, 6]
    return s.to_json()


@pytest.mark.parametrize(("n", "lang"), CASES)
def test_bakke_tavlen_and_the_fejl_dialogs_fit_every_screen(contexts, server, screenshot, n, lang):
    page = new_page(contexts, lang)
    load(page, server, lang, STORE_KEYS["bakke"], bakke_save(n), '[data-testid="table"] [data-testid="hand"]')
    where = f"Bakke, {lang}, {n} seats"
    open_tally(page)
    found = each_screen(page, screenshot, f"bakke-tavlen-{lang}-{n}", ['[data-testid="tally"]'],
                        f"{where}, Tavlen")
    close_tally(page)
    tap(page, page.locator('[data-action="fejl-menu"]'))
    page.get_by_test_id("fejl-menu").wait_for()
    found += each_screen(page, screenshot, f"bakke-fejl-menu-{lang}-{n}", ["#controls"],
                         f"{where}, the Fejl menu")
    tap(page, page.get_by_test_id("fejl-against").first)
    page.get_by_test_id("fejl-confirm").wait_for()
    found += each_screen(page, screenshot, f"bakke-fejl-confirm-{lang}-{n}", ["#controls"],
                         f"{where}, Fejl mod …?")
    tap(page, page.get_by_test_id("fejl-yes"))
    page.get_by_test_id("fejl-undo-bar").wait_for()
    found += each_screen(page, screenshot, f"bakke-fejl-undo-{lang}-{n}", ["#controls"],
                         f"{where}, Fortryd fejlen")
    assert found == [], "\n".join(found)


# ---------- Treere: the table and Tavlen ----------

def treere_save(n: int) -> str:
    """A seeded table mid-turn (test_treere.mid_turn_save): every seat before the last has a
    score and kept dice; Tavlen has the pot and the evening's columns."""
    from test_treere import mid_turn_save
    people = PEOPLE[: max(1, n - 5)]
    table_seats = [(r, "regular") for r in REGULARS[: n - len(people)]] + [(h, "human") for h in people]
    return mid_turn_save(table_seats, seed=21 + n)


# CASES, and the geometry checker's Treere cases (test_table_geometry.py: 2 and 8 seats, both
# languages), which share these pages: its treere_page planted the very table of treere_save.
TREERE_CASES = [(2, "da"), (8, "da"), (8, "en")]


@pytest.mark.parametrize(("n", "lang"), TREERE_CASES)
def test_treere_tavlen_fits_every_screen(contexts, server, screenshot, n, lang):
    """At 2 and 8 seats the table itself through the geometry checker (tables_fit), then at
    CASES, on the same page, Tavlen."""
    from test_table_geometry import tables_fit
    from test_treere import KEY, TABLE
    page = new_page(contexts, lang)
    load(page, server, lang, KEY, treere_save(n), f'{TABLE} [data-testid="rolled-die"]')
    found = tables_fit(page, screenshot, "treere", n, lang) if n in (2, 8) else []
    if (n, lang) in CASES:
        open_tally(page)
        found += each_screen(page, screenshot, f"treere-tavlen-{lang}-{n}", ['[data-testid="tally"]'],
                             f"Treere Tavlen, {lang}, {n} seats")
    assert found == [], "\n".join(found)


# ---------- Regler and Indstillinger ----------

@pytest.mark.parametrize("lang", ["da", "en"])
def test_regler_and_indstillinger_fit_every_screen(contexts, server, screenshot, lang):
    page = new_page(contexts, lang)
    page.add_init_script(f"localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(settings(lang))});")
    open_app(page, server)
    tap(page, page.get_by_test_id("open-regler"))
    found = []
    for game in ("snyd", "bakke", "treere"):
        tap(page, page.get_by_test_id(f"regler-{game}"))
        page.get_by_test_id("regler-text").wait_for()
        found += each_screen(page, screenshot, f"regler-{game}-{lang}", ["#screen .regler"],
                             f"Regler {game}, {lang}")
    tap(page, page.get_by_test_id("back"))
    tap(page, page.get_by_test_id("open-indstillinger"))
    page.wait_for_selector('[data-testid="settings"]')
    found += each_screen(page, screenshot, f"indstillinger-{lang}", ['[data-testid="settings"]'],
                         f"Indstillinger, {lang}")
    assert found == [], "\n".join(found)


# ---------- a table with friends: the host's seat menu inside Tavlen ----------

def test_the_hosts_tavlen_with_the_seat_menu_fits_every_screen(contexts, server, watches, screenshot):
    """The host's *Tavlen* at a Bakke table with a guest: the seat menu (*Lad en stamgæst
    spille*) and its confirm inside the panel, on every screen."""
    from test_peer_games import EXPECTED_NOISE, host_lobby, start_bakke_with
    host, guest = new_page(contexts), new_page(contexts)
    for w in watches:
        w.allowed_errors.extend(EXPECTED_NOISE)
    start_bakke_with(host, guest, host_lobby(host, server, "bakke"))
    open_tally(host)
    host.get_by_test_id("seat-menu").wait_for()
    found = each_screen(host, screenshot, "bakke-friends-tavlen", ['[data-testid="tally"]'],
                        "Bakke with friends, the host's Tavlen")
    tap(host, host.get_by_test_id("hand-over"))
    host.get_by_test_id("hand-over-confirm").wait_for()
    found += each_screen(host, screenshot, "bakke-friends-tavlen-confirm", ['[data-testid="tally"]'],
                         "Bakke with friends, the host's Tavlen asking")
    assert found == [], "\n".join(found)


# ---------- a toast moves nothing ----------

def test_a_blink_at_kig_moves_no_seat_on_a_phone_on_its_side(contexts, server, screenshot):
    """A press on *Kig* let go at once says "Hold Kig nede …" in the toast. On a phone on its
    side (851×393, 8 seats) that line took a row under the table, the short felt shrank and
    your own seat moved down towards its edge; now the toast sits in the bar's empty middle."""
    page = contexts("phone", reduced_motion="reduce", viewport=SCREENS["sideways-851"],
                    locale=LOCALES["da"]).new_page()
    load(page, server, "da", SNYD_KEY, snyd_save(8, 3, first=0), FELT)  # 3 people, 5 regulars
    seats = page.locator('[data-testid="table"] .seat')
    before = [seats.nth(i).bounding_box() for i in range(seats.count())]
    page.locator('#controls [data-action="peek"]').tap()
    page.wait_for_function("document.querySelector('.snyd-table .toast').textContent.includes('Kig')")
    page.wait_for_timeout(150)
    screenshot(page, "toast-blink-kig-sideways-851", scale="css")
    after = [seats.nth(i).bounding_box() for i in range(seats.count())]
    assert after == before, f"the seats moved when the toast came: {before} -> {after}"
    toast = page.locator(".snyd-table .toast").bounding_box()
    bar = page.locator(".snyd-table .table-bar").bounding_box()
    assert toast["y"] + toast["height"] <= bar["y"] + bar["height"] + 1, (toast, bar)


# ---------- De åbne borde: the list with rows, and Åbn et bord ----------

@pytest.mark.parametrize("lang", ["da", "en"])
def test_the_open_tables_list_and_form_fit_every_screen(contexts, server, screenshot, lang):
    """*Åbne borde* with three listed tables (waiting, full, playing; a long name) and *Åbn et
    bord*'s form, on every screen, Danish and English."""
    from test_open_list import Leader
    leaders = [Leader(server) for _ in range(3)]
    try:
        for leader, (state, free, name) in zip(leaders, (
                ("waiting", 3, "Bodil"), ("full", 0, "Mette Marie Kristensen"),
                ("playing", 0, "Kaj"))):
            leader.list({"game": "snyd", "ruleset": "Standard", "seats": 8, "free": free,
                         "state": state, "name": name})
        page = new_page(contexts, lang)
        open_app(page, server)
        tap(page, page.get_by_test_id("open-tables"))
        page.wait_for_function("document.querySelectorAll('[data-testid=\"open-table\"]')"
                               ".length === 3", timeout=10_000)
        found = each_screen(page, screenshot, f"open-list-{lang}",
                            ['[data-testid="open-table-list"]'], f"Åbne borde, {lang}")
        tap(page, page.get_by_test_id("open-table-create"))
        page.wait_for_selector('[data-testid="open-table-form"]')
        found += each_screen(page, screenshot, f"open-form-{lang}",
                             ['[data-testid="open-table-form"]'], f"Åbn et bord, {lang}")
        assert found == [], "\n".join(found)
    finally:
        for leader in leaders:
            leader.close()
