"""The shell: painted before Python, then the start screen, Regler and the router's fallback."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from devtools.browser import ROOT, wait_for_app

GAMES = ("snyd", "bakke", "treere")


def check_start_screen(page) -> None:
    start = page.get_by_test_id("start")
    assert start.is_visible()
    assert page.get_by_test_id("splash").count() == 0, "the splash must be gone"
    assert page.title() == "Bodegabordet"
    assert page.get_by_role("heading", name="Bodegabordet").is_visible()
    for game in GAMES:  # all three lead somewhere (a game not built yet: "ikke klar endnu")
        card = page.get_by_test_id(f"game-{game}")
        assert card.is_enabled() and "Snart" not in card.inner_text()
    assert page.get_by_role("button", name=re.compile(r"^Snyd\b")).is_enabled()
    assert page.get_by_role("button", name="Regler").is_enabled()
    assert page.get_by_role("button", name="Indstillinger").is_enabled()
    assert page.get_by_test_id("screen").get_attribute("data-screen") == "start"


def test_shell_paints_before_python(phone_page, server, screenshot) -> None:
    # Hold back Pyodide's wasm: Python cannot start, yet felt, title and the static start
    # screen are painted (web/app/shell.js; tests/browser/test_static_shell.py taps it).
    held = []
    phone_page.route("**/vendor/pyodide.asm.wasm", lambda route: held.append(route))
    phone_page.goto(server)
    phone_page.wait_for_function("document.fonts.status === 'loaded'")
    phone_page.wait_for_selector("html[data-shell='ready']")
    assert phone_page.get_by_test_id("start").is_visible()
    assert phone_page.get_by_test_id("splash").count() == 0
    assert phone_page.get_by_role("heading", name="Bodegabordet").is_visible()
    felt = phone_page.evaluate("getComputedStyle(document.getElementById('felt')).backgroundImage")
    assert "gradient" in felt
    assert phone_page.get_attribute("html", "data-ready") is None
    screenshot(phone_page, "static-start-phone")
    for _ in range(1200):  # the route handler runs while Playwright waits (60 s: slow CI)
        if held:
            break
        phone_page.wait_for_timeout(50)
    assert held, "the wasm request was not seen"
    assert phone_page.get_attribute("html", "data-ready") is None
    held[0].continue_()
    wait_for_app(phone_page)
    assert phone_page.get_by_test_id("start").count() == 1


def test_start_screen_on_phone(phone_page, server, screenshot) -> None:
    phone_page.goto(server)
    wait_for_app(phone_page)
    check_start_screen(phone_page)
    # Mobile-first: nothing wider than the phone's viewport.
    overflow = phone_page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0
    screenshot(phone_page, "start-phone")
    # The design size: 360×740 shows all five choices without scrolling.
    phone_page.set_viewport_size({"width": 360, "height": 740})
    assert phone_page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    for testid in ("game-snyd", "game-bakke", "game-treere", "open-regler", "open-indstillinger"):
        box = phone_page.get_by_test_id(testid).bounding_box()
        assert box["y"] + box["height"] <= 740 and box["height"] >= 44, testid
    screenshot(phone_page, "start-phone-360x740")


def test_start_screen_on_desktop(desktop_page, server, screenshot) -> None:
    desktop_page.goto(server)
    wait_for_app(desktop_page)
    check_start_screen(desktop_page)
    # The games sit side by side on a wide window, in a centred column.
    boxes = [desktop_page.get_by_test_id(f"game-{g}").bounding_box() for g in GAMES]
    assert len({round(b["y"]) for b in boxes}) == 1
    screen = desktop_page.get_by_test_id("screen").bounding_box()
    assert abs((screen["x"] + screen["width"] / 2) - 640) < 2
    screenshot(desktop_page, "start-desktop")


def test_regler_shows_the_three_games_in_danish(phone_page, server, screenshot) -> None:
    phone_page.goto(server)
    wait_for_app(phone_page)
    phone_page.get_by_role("button", name="Regler").click()
    text = phone_page.get_by_test_id("regler-text")
    assert "Gangen i en runde" in text.inner_text()
    assert "Vejen til Viborg" in text.inner_text()
    screenshot(phone_page, "regler-snyd")
    phone_page.get_by_test_id("regler-bakke").click()
    assert "bakken" in phone_page.get_by_test_id("regler-text").inner_text()
    phone_page.get_by_test_id("regler-treere").click()
    treere = phone_page.get_by_test_id("regler-text").inner_text()
    assert "treer tæller som nul" in treere
    for mojibake in ("Â", "Ã", "Ñ", "â€"):
        assert mojibake not in treere
    assert phone_page.get_by_test_id("regler-treere").get_attribute("aria-selected") == "true"
    phone_page.get_by_role("button", name="Tilbage").click()
    phone_page.get_by_test_id("start").wait_for()


def test_unregistered_screen_is_a_clear_state_not_a_crash(phone_page, server, screenshot) -> None:
    phone_page.goto(server + "#findes-ikke")
    phone_page.wait_for_selector("html[data-ready='true']")
    panel = phone_page.get_by_test_id("unavailable")
    assert panel.is_visible()
    assert "ikke klar endnu" in panel.inner_text()
    assert phone_page.get_by_test_id("screen").get_attribute("data-screen") == "ikke-klar"
    screenshot(phone_page, "unavailable")
    phone_page.get_by_role("button", name="Tilbage").click()
    phone_page.get_by_test_id("start").wait_for()


def test_every_start_button_leads_somewhere(phone_page, server) -> None:
    # Snyd and Indstillinger open screens the table UI registers; until then the fallback.
    phone_page.goto(server)
    wait_for_app(phone_page)
    for testid in ("game-snyd", "open-indstillinger"):
        phone_page.get_by_test_id(testid).click()
        shown = phone_page.get_by_test_id("screen").get_attribute("data-screen")
        assert shown not in ("start", "splash")
        assert phone_page.get_by_test_id("screen").inner_text().strip()
        phone_page.goto(server)
        wait_for_app(phone_page)


class InlineCode(HTMLParser):
    """Inline JavaScript in a page: <script> without src, and on* handler attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        # type="py" is PyScript's Python (read by core.js), never run by the browser as JS.
        if tag == "script" and "src" not in a and a.get("type") != "py":
            self.found.append(f"inline <script> at line {self.getpos()[0]}")
        self.found += [f"{name}= on <{tag}>" for name in a if name.startswith("on")]


def test_the_page_has_no_inline_script_and_no_inline_handler() -> None:
    # The Content-Security-Policy (script-src 'self') would refuse them: the service worker
    # and the update banner live in web/app/updates.js.
    # Both the template and the page served (with the generated static start screen, Regler
    # and preload hints: relay/site.py) are checked.
    from relay.site import Site

    for html in ((ROOT / "web" / "index.html").read_text(encoding="utf-8"),
                 Site().index_html().decode()):
        page = InlineCode()
        page.feed(html)
        assert page.found == []
    assert 'data-testid="regler-text"' in Site().index_html().decode()
