"""The static start screen before Python (web/app/shell.js) and Python's takeover (app/shell/takeover.py).

Python is held back by routing `pyodide.mjs` (PyScript's interpreter module, also modulepreloaded)
to hang; releasing it lets Python start. Before: the start screen is there and answers taps,
Regler reads, a tap that needs Python shows the splash. After: the queued tap lands, what was on
show stays (no frame without it, focus kept) and there is one start screen, not two.
"""

from __future__ import annotations

from devtools.browser import wait_for_app

PYODIDE = "**/vendor/pyodide.mjs"

# Every animation frame once the static shell answers taps: what #screen shows (bench-free proof
# of "no flash" at the takeover). Frames while the page is still being parsed are left out: on a
# loaded machine Chromium may draw one with <main> parsed and its children not yet, which is
# page loading, not the takeover (CI saw it once).
FRAMES = """
window.__frames = [];
(function record() {
  const root = document.getElementById('screen');
  const html = document.documentElement;
  if (root && html.getAttribute('data-shell') === 'ready')
    window.__frames.push([root.getAttribute('data-screen'), root.children.length,
                          html.getAttribute('data-ready')]);
  requestAnimationFrame(record);
})();
"""


class Held(list):
    """The routed requests for Pyodide's module, waiting until `release`."""

    released = False


def hold_python(page) -> Held:
    """Route Pyodide's module to wait; returns the held routes (release with `release`)."""
    held = Held()

    def handle(route) -> None:
        if held.released:
            route.continue_()
        else:
            held.append(route)

    page.route(PYODIDE, handle)
    return held


def release(page, held: Held) -> None:
    for _ in range(1200):  # the route handler runs while Playwright waits
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "pyodide.mjs was never requested"
    held.released = True
    for route in held:
        route.continue_()


def wait_for_python(page) -> None:
    """Python is up and has taken over (whatever screen it shows)."""
    page.wait_for_selector("html[data-ready='true']", timeout=90_000)


def static_start(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("html[data-shell='ready']", timeout=30_000)
    assert page.get_attribute("html", "data-ready") is None, "Python must still be held back"
    assert page.evaluate("performance.getEntriesByName('bodega:shell').length") == 1


def test_start_screen_answers_before_python_and_the_queued_tap_lands(phone_page, server,
                                                                     screenshot) -> None:
    page = phone_page
    held = hold_python(page)
    static_start(page, server)
    screen = page.get_by_test_id("screen")
    assert page.get_by_test_id("start").is_visible()
    assert screen.get_attribute("data-screen") == "start"
    # Regler opens at once and reads, with tabs and Tilbage, all without Python.
    page.get_by_test_id("open-regler").click()
    assert screen.get_attribute("data-screen") == "regler"
    assert "Gangen i en runde" in page.get_by_test_id("regler-text").inner_text()
    page.get_by_test_id("regler-bakke").click()
    assert "bakken" in page.get_by_test_id("regler-text").inner_text()
    assert page.get_by_test_id("regler-bakke").get_attribute("aria-selected") == "true"
    page.get_by_test_id("back").click()
    assert page.get_by_test_id("start").is_visible()
    # Snyd needs Python: the tap is kept and the splash shows, only now.
    assert page.get_by_test_id("splash").count() == 0
    page.get_by_test_id("game-snyd").click()
    splash = page.get_by_test_id("splash")
    assert splash.is_visible() and splash.inner_text().strip() == "Ryster bægrene…"
    assert screen.get_attribute("data-screen") == "splash"
    screenshot(page, "static-shell-queued-tap")
    assert page.get_attribute("html", "data-ready") is None
    release(page, held)
    wait_for_python(page)
    assert screen.get_attribute("data-screen") == "dæk bordet"
    assert page.get_by_test_id("splash").count() == 0
    # Tilbage from the queued screen is Python's start screen: one of it, and it works.
    page.get_by_role("button", name="Tilbage").first.click()
    page.get_by_test_id("start").wait_for()
    assert page.locator("[data-testid='start']").count() == 1
    page.get_by_test_id("open-regler").click()
    assert screen.get_attribute("data-screen") == "regler"


def test_takeover_keeps_the_screen_and_the_focus_without_a_flash(phone_page, server) -> None:
    page = phone_page
    page.add_init_script(FRAMES)
    held = hold_python(page)
    static_start(page, server)
    page.get_by_test_id("open-regler").click()
    page.get_by_test_id("regler-treere").click()
    page.get_by_test_id("regler-treere").focus()
    release(page, held)
    wait_for_python(page)
    page.wait_for_timeout(300)  # a few frames after the takeover
    assert page.get_by_test_id("screen").get_attribute("data-screen") == "regler"
    assert page.get_by_test_id("regler-treere").get_attribute("aria-selected") == "true"
    assert "treer tæller som nul" in page.get_by_test_id("regler-text").inner_text()
    assert page.locator("[data-testid='regler-text']").count() == 1
    assert page.evaluate("document.activeElement.getAttribute('data-testid')") == "regler-treere"
    frames = page.evaluate("window.__frames")
    # Every frame showed a screen with content, and after the Regler tap never anything else.
    empty = [(i, frame) for i, frame in enumerate(frames) if frame[1] == 0]
    assert not empty, f"frames with an empty screen (index, frame) of {len(frames)}: {empty[:5]}"
    after = frames[[screen for screen, _, _ in frames].index("regler"):]
    assert {screen for screen, _, _ in after} == {"regler"}
    assert any(ready == "true" for _, _, ready in after), "the takeover was not recorded"
    # Python's Regler answers: Tilbage goes to Python's start screen.
    page.get_by_test_id("back").click()
    page.get_by_test_id("start").wait_for()
    assert page.locator("[data-testid='start']").count() == 1


def test_a_share_link_shows_its_join_screen_before_python(phone_page, server) -> None:
    # (The static join form itself: tests/browser/test_static_join.py.)
    page = phone_page
    held = hold_python(page)
    static_start(page, server + "?bord=abcdefgh")
    assert page.get_by_test_id("join").is_visible()  # a broken link's, like Python's
    assert page.get_by_test_id("start").count() == 0 and page.get_by_test_id("splash").count() == 0
    release(page, held)
    wait_for_python(page)
    assert page.get_by_test_id("screen").get_attribute("data-screen") == "bord"


def test_a_hash_opens_the_static_regler_and_python_keeps_it(phone_page, server) -> None:
    page = phone_page
    held = hold_python(page)
    static_start(page, server + "#regler")
    assert page.get_by_test_id("screen").get_attribute("data-screen") == "regler"
    assert "Vejen til Viborg" in page.get_by_test_id("regler-text").inner_text()
    release(page, held)
    wait_for_python(page)
    assert page.get_by_test_id("screen").get_attribute("data-screen") == "regler"
    page.get_by_test_id("back").click()
    page.get_by_test_id("start").wait_for()


def test_preloads_are_used_once_and_never_warned_about(phone_page, server) -> None:
    # Each preloaded file is fetched once by the page (the preload is what Pyodide and PyScript
    # reuse: same URL, mode and credentials) and Chromium logs no "preloaded but not used".
    # Resource Timing of the page itself: a worker's own fetches (the snapshot maker) are not in it.
    page = phone_page
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.goto(server)
    wait_for_app(page)
    page.wait_for_function("performance.getEntriesByName('bodega:table-ready').length > 0",
                           timeout=60_000)
    page.wait_for_timeout(4000)  # Chromium warns a few seconds after `load`
    preloaded = page.evaluate("""[...document.querySelectorAll(
        'link[rel=preload], link[rel=modulepreload]')].map(l => l.href)""")
    assert {"vendor/pyodide.asm.wasm", "vendor/python_stdlib.zip", "vendor/pyodide.mjs",
            "pyscript.json"} <= {url.removeprefix(server) for url in preloaded}
    fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    for url in preloaded:
        assert fetched.count(url) == 1, (url, fetched.count(url))
    assert not [line for line in console if "preload" in line.lower()], console
