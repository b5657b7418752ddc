"""*Ny version – genindlæs*: an open app learns of a new version, and the banner covers nothing.

Each test serves a throw-away copy of the site and "deploys" a new version by changing a file
in it (the real path: the worker's content hash moves, `registration.update()` finds a new
sw.js, it installs and waits, the page offers the reload).
"""
from __future__ import annotations

import json
import pathlib
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from devtools import browser as bt

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_offline import copy_site
from test_table_driver import (
    FELT,
    is_touch,
    me,
    set_settings,
    set_table,
    tap,
    until_mine,
    wait_state,
)

TABLE_KEY = "bodegabordet.snyd.table"
PORTRAIT = {"width": 412, "height": 915}   # Pixel 7
LANDSCAPE = {"width": 915, "height": 412}
BANNER = "Ny version – genindlæs"

# Every visible control on screen, and where the banner is; run in the page.
LAYOUT_JS = """() => {
    const banner = document.getElementById('update-banner');
    const b = banner.getBoundingClientRect();
    const controls = [];
    const selector = 'button, input, select, textarea, a[href], [role=button], [role=switch]';
    for (const el of document.querySelectorAll(selector)) {
        if (banner.contains(el)) continue;
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (r.width < 2 || r.height < 2 || style.visibility === 'hidden') continue;
        const label = (el.getAttribute('aria-label') || el.innerText || el.value ||
                       el.dataset.rule || el.dataset.testid || el.tagName).trim().slice(0, 30);
        // Who gets a tap at the control's middle (if that point is on screen)?
        const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
        const onScreen = cx >= 0 && cy >= 0 && cx < innerWidth && cy < innerHeight;
        const hit = onScreen ? document.elementFromPoint(cx, cy) : null;
        controls.push({label, left: r.left, top: r.top, right: r.right, bottom: r.bottom,
                       tapGoesToBanner: !!hit && banner.contains(hit)});
    }
    return {banner: {left: b.left, top: b.top, right: b.right, bottom: b.bottom,
                     shown: !banner.hidden && b.height > 0},
            controls, width: innerWidth, height: innerHeight,
            scrollY: scrollY, maxScroll: document.documentElement.scrollHeight - innerHeight};
}"""


def overlaps(a: dict, b: dict) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def check_banner_covers_nothing(page: Any, where: str, fixed: bool) -> None:
    """The banner shows, intersects no visible control, takes no control's tap; no control
    sticks out of the viewport sideways (nor at all on the full-screen `fixed` table)."""
    scrolls = [0] if fixed else [0, 10**6]  # a page that scrolls: check its top and bottom
    for y in scrolls:
        page.evaluate("y => window.scrollTo(0, y)", y)
        layout = page.evaluate(LAYOUT_JS)
        banner, width, height = layout["banner"], layout["width"], layout["height"]
        assert banner["shown"], f"{where}: the banner is not shown"
        if y == 0:
            assert banner["top"] >= 0 and banner["bottom"] <= height, f"{where}: banner off screen"
        controls = layout["controls"]
        assert controls, f"{where}: no controls found"
        for c in controls:
            tag = f"{where} (scrollY {layout['scrollY']}): {c['label']!r} {c}"
            assert not overlaps(c, banner), f"banner covers {tag}"
            assert not c["tapGoesToBanner"], f"a tap goes to the banner: {tag}"
            assert c["left"] >= -0.5 and c["right"] <= width + 0.5, f"off screen sideways: {tag}"
            if fixed:
                assert c["top"] >= -0.5 and c["bottom"] <= height + 0.5, f"off screen: {tag}"
        if fixed:
            assert layout["maxScroll"] <= 0, f"{where}: the table screen scrolls"
    page.evaluate("window.scrollTo(0, 0)")


class Deploy:
    """A server of the test's own on a copy of the site, and a way to ship a new version."""

    def __init__(self, tmp: pathlib.Path):
        self.tmp = tmp
        self.site = copy_site(tmp)
        self.server = bt.start_server(site=self.site)
        self.shipped = 0

    def new_version(self) -> None:
        self.shipped += 1
        start = self.tmp / "web" / "app" / "home" / "start.py"
        start.write_text(start.read_text(encoding="utf-8") + f"\n# version {self.shipped}\n",
                         encoding="utf-8")


@pytest.fixture
def deploy(tmp_path: pathlib.Path) -> Iterator[Deploy]:
    d = Deploy(tmp_path)
    yield d
    d.server.stop()


@pytest.fixture
def own_contexts(browser: Any, pw: Any, deploy: Deploy, watches: list) -> Iterator[Callable[..., Any]]:
    """Watched contexts on the deploy's server (the conftest's `contexts` use the shared one)."""
    made: list[Any] = []

    def make(kind: str = "phone") -> Any:
        context = bt.phone_context(browser, pw) if kind == "phone" else bt.desktop_context(browser)
        watches.append(bt.watch(context, deploy.server.origin))
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


def open_installed(context: Any, deploy: Deploy) -> Any:
    """The app, started and controlled by its service worker (the first visit)."""
    page = context.new_page()
    page.goto(deploy.server.url)
    bt.wait_for_app(page)
    bt.wait_for_service_worker(page)
    assert page.get_by_test_id("update-banner").is_hidden()
    return page


def come_back(page: Any) -> None:
    """The page becomes visible again (the phone unlocked, the tab chosen again)."""
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


def wait_for_banner(page: Any) -> Any:
    button = page.get_by_role("button", name=BANNER)
    button.wait_for(state="visible", timeout=60_000)
    return button


def saved_table(page: Any) -> dict:
    text = page.evaluate("k => localStorage.getItem(k)", TABLE_KEY)
    assert text, "no table is saved"
    return json.loads(text)


def my_bids(table: dict, name: str) -> int:
    return sum(1 for e in table["log"] if e.get("type") == "bid" and e.get("player") == name)


def play_to_the_reveal(page: Any) -> None:
    """From my turn: call if a bid stands, else bid and call when it is mine again."""
    for _ in range(20):
        if wait_state(page, ("mine", "next")) == "next":
            return
        loft = page.locator('[data-action="call"]')
        if loft.is_enabled():
            tap(page, loft)
        else:
            tap(page, page.locator('[data-action="bid"]'))
        page.wait_for_timeout(100)
    raise AssertionError("no reveal")


def check_screens(page: Any, kind: str, screenshot: Callable[..., str]) -> None:
    """Start, Dæk bordet, the table bidding and at the reveal, in each of the kind's shapes."""
    shapes = [("portrait", PORTRAIT), ("landscape", LANDSCAPE)] if kind == "phone" else [("desktop", None)]

    def check(where: str, fixed: bool) -> None:
        for shape, size in shapes:
            if size:
                page.set_viewport_size(size)
                page.wait_for_timeout(100)  # the resize reflows before we measure
            check_banner_covers_nothing(page, f"{where}, {shape}", fixed)
            screenshot(page, f"update-banner-{where}-{shape}")
        if shapes[0][1]:
            page.set_viewport_size(shapes[0][1])

    check("start", fixed=False)
    tap(page, page.get_by_test_id("game-snyd"))
    page.wait_for_selector('[data-testid="setup"]')
    check("dæk-bordet", fixed=False)
    tap(page, page.get_by_role("button", name="Tilbage"))
    page.wait_for_selector('[data-testid="start"]')

    set_table(page, dice=2, regulars=1)
    until_mine(page)
    check("bidding", fixed=True)
    # A real tap on Byd, while the banner shows, places the bid (not the banner's reload).
    name = me(page)
    mine_before = my_bids(saved_table(page), name)
    byd = page.get_by_role("button", name="Byd", exact=True)
    if is_touch(page):
        byd.tap(timeout=5_000)
    else:
        byd.click(timeout=5_000)
    page.wait_for_function(
        """([key, name, n]) => JSON.parse(localStorage.getItem(key)).log
            .filter(e => e.type === 'bid' && e.player === name).length > n""",
        arg=[TABLE_KEY, name, mine_before], timeout=10_000)
    assert page.get_by_test_id("update-banner").is_visible()
    play_to_the_reveal(page)
    check("reveal", fixed=True)

    # Pass and play: the hand-off covers the table, and starts below the banner too.
    tap(page, page.get_by_role("button", name="Forlad bordet"))
    set_table(page, dice=2, humans=["Mette", "Jonas"], regulars=0)
    if wait_state(page, ("handoff", "mine")) == "mine":
        tap(page, page.get_by_role("button", name="Byd", exact=True))
    page.get_by_test_id("handoff").wait_for()
    check("hand-off", fixed=True)


@pytest.mark.parametrize("kind", ["phone", "desktop"])
def test_the_banner_never_covers_a_control(own_contexts, deploy, screenshot, kind):
    page = open_installed(own_contexts(kind), deploy)
    set_settings(page, tempo="hurtig")
    deploy.new_version()
    come_back(page)
    wait_for_banner(page)
    check_screens(page, kind, screenshot)


def test_an_open_table_learns_of_a_new_version_and_keeps_the_table(own_contexts, deploy, screenshot):
    page = open_installed(own_contexts("phone"), deploy)
    old_cache = page.evaluate("caches.keys()")
    set_settings(page, tempo="hurtig")
    set_table(page, dice=3, regulars=2)
    until_mine(page)
    before = saved_table(page)

    deploy.new_version()
    navigations: list[str] = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url))
    come_back(page)
    button = wait_for_banner(page)
    assert navigations == [], "the banner must come without navigating"
    screenshot(page, "update-banner-open-table")

    with page.expect_event("load", timeout=60_000):
        tap(page, button)
    page.wait_for_selector(FELT, timeout=90_000)  # the app resumes the unfinished table
    after = saved_table(page)
    assert after["seats"] == before["seats"] and after["seed"] == before["seed"]
    assert after["log"][:len(before["log"])] == before["log"], "the table lost moves"
    assert page.get_by_test_id("update-banner").is_hidden()
    keys = page.evaluate("caches.keys()")
    assert keys == [f"bodegabordet-{deploy.site.version()}"] and keys != old_cache, keys


def test_an_open_app_checks_every_half_hour(browser, deploy, watches):
    context = bt.desktop_context(browser)
    watches.append(bt.watch(context, deploy.server.origin))
    try:
        context.clock.install()  # time runs as usual until the test jumps it forward
        page = open_installed(context, deploy)
        deploy.new_version()
        page.wait_for_timeout(2_000)
        assert page.get_by_test_id("update-banner").is_hidden(), "checked without a reason"
        context.clock.fast_forward("31:00")
        wait_for_banner(page)
    finally:
        context.close()


def test_a_failed_check_offline_is_a_warning_not_an_error(own_contexts, deploy):
    page = open_installed(own_contexts("desktop"), deploy)
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    deploy.server.stop()
    come_back(page)
    for _ in range(100):
        if any("update check failed" in w for w in warnings):
            break
        page.wait_for_timeout(100)
    assert any("update check failed" in w for w in warnings), warnings
    # The watch (see conftest) fails the test on any console.error or page error.
    assert page.get_by_test_id("start").is_visible()
