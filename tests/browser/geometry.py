"""A geometric check of a table on screen: the bounding boxes of what a player must see (seats,
mats, dice, names, bubbles, the verdict, the controls), none covering another, all inside the
viewport. Shared by the three tables' browser tests (no tests here).

    items = collect(page, SNYD_PARTS)
    assert problems(items, page.viewport_size, contained=SNYD_CONTAINED) == []

A part is (kind, CSS selector, text): `text` measures the ink of an element's text (a Range
over its contents) instead of its box, for lines whose block is as wide as the felt but whose
words are short (the current bid, the news). Each item knows its owner: the `data-player` of
the closest seat, so a die may lie on its own mat and on no one else's.
"""
from __future__ import annotations

from typing import Any

Part = tuple[str, str, bool]

COLLECT = """(parts) => {
  const out = [];
  const shown = (e) => {
    for (let n = e; n && n.nodeType === 1; n = n.parentElement) {
      const s = getComputedStyle(n);
      if (s.display === 'none' || s.visibility === 'hidden' || +s.opacity === 0) return false;
    }
    return true;
  };
  for (const [kind, selector, text] of parts) {
    for (const e of document.querySelectorAll(selector)) {
      if (!shown(e)) continue;
      let r = e.getBoundingClientRect();
      if (text) {  // the ink of the words, cut to the element (an ellipsis hides the rest)
        const range = document.createRange(); range.selectNodeContents(e);
        const t = range.getBoundingClientRect();
        const [l, top] = [Math.max(t.left, r.left), Math.max(t.top, r.top)];
        r = {left: l, top, right: Math.min(t.right, r.right), bottom: Math.min(t.bottom, r.bottom)};
        r.width = r.right - r.left; r.height = r.bottom - r.top;
      }
      if (r.width < 1 || r.height < 1) continue;
      const seat = e.closest('[data-testid=seat]');
      out.push({kind, owner: seat ? seat.dataset.player : '',
                label: (e.dataset.testid || e.className || e.tagName) + ' ' +
                       (e.textContent || '').trim().slice(0, 24),
                box: [r.left, r.top, r.right, r.bottom]});
    }
  }
  return out;
}"""

SLACK = 1.0  # px: borders that touch are not an overlap


def collect(page: Any, parts: list[Part]) -> list[dict]:
    """Every shown element of every part, with its kind, owner and box [l, t, r, b]."""
    return page.evaluate(COLLECT, [list(p) for p in parts])


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - SLACK and b[0] < a[2] - SLACK and a[1] < b[3] - SLACK and b[1] < a[3] - SLACK


def inside(a: list[float], outer: list[float]) -> bool:
    return (a[0] >= outer[0] - SLACK and a[1] >= outer[1] - SLACK
            and a[2] <= outer[2] + SLACK and a[3] <= outer[3] + SLACK)


def _name(item: dict) -> str:
    who = f"{item['owner']}'s " if item["owner"] else ""
    return f"{who}{item['kind']} ({item['label'].strip()})"


def problems(items: list[dict], viewport: dict, contained: set[tuple[str, str]] = frozenset(),
             within: dict[str, str] | None = None,
             touching: set[tuple[str, str]] = frozenset()) -> list[str]:
    """What is wrong on screen, in words (empty when all is well).

    contained: (inner kind, outer kind) pairs that may overlap when both have the same owner,
        and then the inner must lie wholly inside the outer (a die inside its own mat);
    touching: (kind, kind) pairs of one owner that may overlap freely (your lifted cup and
        your mat);
    within: kind -> kind of a single frame that each such item must lie inside (e.g. every
        seat part inside the felt); everything lies inside the viewport.
    """
    screen = [0.0, 0.0, float(viewport["width"]), float(viewport["height"])]
    bad = []
    frames = {}
    for kind, frame in (within or {}).items():
        boxes = [i["box"] for i in items if i["kind"] == frame]
        if boxes:
            frames[kind] = boxes[0]
    for n, a in enumerate(items):
        if not inside(a["box"], screen):
            bad.append(f"{_name(a)} leaves the screen {[round(v) for v in a['box']]}")
        if a["kind"] in frames and not inside(a["box"], frames[a["kind"]]):
            bad.append(f"{_name(a)} leaves the {within[a['kind']]}")
        for b in items[n + 1:]:
            if a["kind"] in set((within or {}).values()) or b["kind"] in set((within or {}).values()):
                continue  # a frame holds things: it is no overlap
            if not overlap(a["box"], b["box"]):
                continue
            if a["owner"] == b["owner"] and ((a["kind"], b["kind"]) in touching
                                             or (b["kind"], a["kind"]) in touching):
                continue
            pair = _containment(a, b, contained)
            if pair is None:
                bad.append(f"{_name(a)} overlaps {_name(b)}")
            elif not inside(pair[0]["box"], pair[1]["box"]):
                bad.append(f"{_name(pair[0])} sticks out of {_name(pair[1])}")
    return bad


def _containment(a: dict, b: dict, contained: set[tuple[str, str]]) -> tuple[dict, dict] | None:
    """(inner, outer) when a and b are a declared containment of one owner, else None."""
    if a["owner"] != b["owner"]:
        return None
    if (a["kind"], b["kind"]) in contained:
        return a, b
    if (b["kind"], a["kind"]) in contained:
        return b, a
    return None


CLIPPED = """(selector) => [...document.querySelectorAll(selector)]
  .filter((e) => e.offsetParent && e.scrollWidth > e.clientWidth + 1)
  .map((e) => (e.textContent || '').trim())"""

WIDTH = """(selector) => {
  const w = [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect().width).filter((x) => x);
  return w.length ? w.reduce((a, b) => a + b) / w.length : 0;
}"""


def clipped(page: Any, selector: str) -> list[str]:
    """The texts of the shown elements that are cut short (an ellipsis, or hidden overflow)."""
    return page.evaluate(CLIPPED, selector)


def mean_width(page: Any, selector: str) -> float:
    """The mean width in px of the shown elements (0 when none): how big the seats are drawn."""
    return page.evaluate(WIDTH, selector)


# ---------- the three tables' parts ----------

SNYD_PARTS: list[Part] = [
    ("felt", '[data-testid="table"]', False),
    ("mat", '[data-testid="mat"]', False),
    ("die", '.hand [data-testid="die"], .hand .die, #my-dice .die', False),
    ("cup", '[data-testid="cup-me"]', False),
    ("label", '[data-testid="step-label"]', False),  # "1+2 = 3", "joker" … at a reveal
    ("name", ".seat-name", True),
    ("tags", ".seat-tags", False),
    ("bubble", ".bubble", False),
    ("glass", '[data-testid="glass"]', False),
    ("info", ".round-info", True),
    ("bid", ".centre:not(.reveal) .current, .centre:not(.reveal) .news", True),
    ("verdict", ".centre.reveal", False),
    ("history", '[data-testid="bid-history"]', False),
    ("clock", ".clock", False),
    ("control", ".snyd-table .controls select, .snyd-table .controls button, .table-bar button", False),
    ("line", ".controls .after li, .controls .practice, .controls .waiting", True),
    ("turn", '[data-testid="your-turn"]', False),  # the "Din tur" pill
    ("turn", '[data-testid="thinking"]', True),
    ("hint", '[data-testid="peek-hint"]', True),  # "Stryg op for at kigge" over your cup
]
# A die lies on its own mat; your cup stands on your mat (lifted, it may leave it: then it is
# checked against everything else like any other part).
SNYD_CONTAINED = {("die", "mat"), ("label", "mat")}
SNYD_TOUCHING = {("cup", "mat"), ("hint", "cup"), ("hint", "mat")}
# The seats are on the felt; the bid and the verdict may move to the side column and the round
# line up into the bar (a phone on its side).
SNYD_WITHIN = {k: "felt" for k in ("mat", "die", "label", "name", "tags", "bubble", "glass", "hint")}

BAKKE_PARTS: list[Part] = [
    ("felt", '[data-testid="table"]', False),
    ("mat", ".bakke-table .seat:not(.me) .mat", False),
    ("hand", ".bakke-table .hand-zone", False),
    ("name", ".bakke-table .seat-name", True),
    ("tags", ".bakke-table .seat-tags", False),
    ("bubble", ".bakke-table .bubble", False),
    ("tray", ".bakke-table .bakke-centre", False),
    ("control", ".bakke-table .controls button, .bakke-table .table-bar button", False),
]
BAKKE_WITHIN = {k: "felt" for k in ("mat", "hand", "name", "tags", "bubble", "tray")}

TREERE_PARTS: list[Part] = [
    ("felt", "#tr-felt", False),
    ("seat", '.treere-table [data-testid="seat"]', False),
    ("bubble", '.treere-table [data-testid="bubble"]', False),
    ("die", '[data-testid="rolled-die"]', False),
    ("kept", '[data-testid="kept-die"]', False),
    ("turn", '[data-testid="turn-line"]', False),
    ("info", ".tr-info", False),
    ("control", ".treere-table button:not([data-testid=\"rolled-die\"])", False),  # a die is a button too
]
TREERE_CONTAINED = {("bubble", "seat")}  # a regular's words stay inside its own seat
TREERE_WITHIN = {k: "felt" for k in ("seat", "die", "kept", "turn", "info")}


# ---------- the round's bids: the bid called always in sight (issue 17) ----------

BID_LINES = """() => {
  const box = document.querySelector('[data-testid="bid-history"]');
  if (!box || !box.getClientRects().length) return [];
  const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const out = [];
  for (const list of box.querySelectorAll('.chips, .history-full')) {
    if (!list.getClientRects().length) continue;  // the form this screen does not show
    // What may hide a line: the viewport and every box between it and the page that clips.
    let clip = [0, 0, innerWidth, innerHeight];
    for (let e = list; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const r = rect(e);
        clip = [Math.max(clip[0], r[0]), Math.max(clip[1], r[1]), Math.min(clip[2], r[2]), Math.min(clip[3], r[3])];
      }
    }
    const lines = [...list.children].map((li) => ({text: li.textContent.trim(), box: rect(li),
                                                    more: li.classList.contains('more')}));
    out.push({list: list.className, clip, bottom: rect(box)[3], lines});
  }
  return out;
}"""


def bid_list_problems(page: Any) -> list[str]:
    """The round's bids as shown: the last (the bid a call checks) wholly in sight, no line cut
    by the list's edge, and no empty room left under the last line (the list ends at it)."""
    bad = []
    shown = page.evaluate(BID_LINES)
    if not shown:
        return ["the round's bids are hidden"]
    for form in shown:
        lines, clip = form["lines"], form["clip"]
        if not lines:
            continue
        last = lines[-1]
        if last["more"] or not inside(last["box"], clip):
            bad.append(f"the last bid {last['text']!r} is not wholly in sight ({form['list']}, "
                       f"{[round(v) for v in last['box']]} in {[round(v) for v in clip]})")
        for line in lines[:-1]:
            if overlap(line["box"], clip) and not inside(line["box"], clip):
                bad.append(f"the bid {line['text']!r} is cut by the list's edge ({form['list']})")
        height = last["box"][3] - last["box"][1]
        if "history-full" in form["list"] and form["bottom"] - last["box"][3] > height:
            bad.append(f"{form['bottom'] - last['box'][3]:.0f} px of empty list under the last bid "
                       f"{last['text']!r} ({form['list']})")
    return bad


# ---------- speech bubbles wrap between words (issue 17: no "Midlertid/igt.") ----------

BROKEN_WORDS = """(selector) => {
  const out = [];
  for (const e of document.querySelectorAll(selector)) {
    if (!e.getClientRects().length) continue;
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        // One word, one line: its boxes share a top (a word broken over two lines has two).
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                             .map((r) => Math.round(r.top)));
        if (tops.size > 1) out.push(m[0]);
      }
    }
  }
  return out;
}"""


def broken_words(page: Any, selector: str = ".bubble") -> list[str]:
    """The words that a shown element of `selector` breaks over two lines (none, when the
    text wraps at spaces only)."""
    return page.evaluate(BROKEN_WORDS, selector)
