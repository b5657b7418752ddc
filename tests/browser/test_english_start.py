"""The static start screen and Regler in English (web/app/shell-lang.js, shell.js, relay/site.py)
and Python's takeover in the same language: an English phone sees English from the first frame,
before Python and after; a Danish phone still sees Danish; a stored choice wins over the browser;
and shell-lang.js picks the language exactly as app.lang.pick_language does over the stored
settings."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from app import lang
from app.home.player_settings import read_settings
from app.saves.local_store import SETTINGS_KEY, LocalStore

sys.path.insert(0, str(Path(__file__).parent))
from test_csp import LISTENER, violations
from test_static_shell import hold_python, release, static_start, wait_for_python

GAMES = ("snyd", "bakke", "treere")
# Words moved to the catalogues that an English page must no longer show.
DANISH = ("Regler", "Indstillinger", "Tilbage", "Vælg et spil", "Ryster", "Bodegaens",
          "Gangen i en runde", "Lær at spille", "terninger", "Spillemetode", "genindlæs")

# Every animation frame (before each paint) that would show something: <html lang> and the
# start of what #screen shows, if the page is visible at all.
FRAMES = """
window.__frames = [];
(function record() {
  const root = document.getElementById('screen');
  if (root && root.textContent.trim()) {
    const html = document.documentElement;
    window.__frames.push([html.lang, root.textContent.trim().slice(0, 80),
                          getComputedStyle(html).visibility]);
  }
  requestAnimationFrame(record);
})();
"""


def stored(settings: object) -> str:
    """An init script that puts `settings` (a text or a JSON-able value) in localStorage."""
    text = settings if isinstance(settings, str) else json.dumps(settings)
    # Every frame runs it, also those without storage (about:blank): those are left alone.
    return f"try {{ localStorage.setItem({json.dumps(SETTINGS_KEY)}, {json.dumps(text)}); }} catch (e) {{}}"


def body_text(page) -> str:
    return page.evaluate("document.body.innerText")


def assert_english(page) -> None:
    text = body_text(page)
    assert page.get_attribute("html", "lang") == "en"
    assert "⟦" not in text
    left = [word for word in DANISH if word in text]
    assert left == [], f"Danish words on an English page: {left}"


def check_english_regler(page) -> None:
    """Rules in English for all three games, tab by tab; ends on the start screen."""
    page.get_by_role("button", name="Rules").click()
    screen = page.get_by_test_id("screen")
    assert screen.get_attribute("data-screen") == "regler"
    expect = {"snyd": ("Rules – Snyd", "How a round goes", "The road to Viborg", "møller"),
              "bakke": ("Rules – Bakke", "Tuborg", "tray", "Videre"),
              "treere": ("Rules – Treere", "A three counts as zero", "Variants", "Remarks")}
    for game in GAMES:
        page.get_by_test_id(f"regler-{game}").click()
        assert page.get_by_test_id(f"regler-{game}").get_attribute("aria-selected") == "true"
        text = page.get_by_test_id("regler-text").inner_text()
        for words in expect[game]:
            assert words in text, (game, words)
        assert page.get_by_test_id("regler-learn").inner_text() == f"Learn to play {game.capitalize()}"
        assert_english(page)
    assert page.get_by_role("tablist", name="Games").is_visible()
    page.get_by_role("button", name="Back").click()
    page.get_by_test_id("start").wait_for()


def test_an_english_phone_sees_english_from_the_first_frame_before_and_after_python(
        contexts, server, screenshot) -> None:
    context = contexts("phone", locale="en-GB")
    context.add_init_script(LISTENER)  # the hiding and the English page break no CSP rule
    page = context.new_page()
    page.add_init_script(FRAMES)
    held = hold_python(page)
    static_start(page, server)
    assert page.evaluate("window.bodegaShell.language") == "en"
    # Before Python: the start screen, every frame shown already in English (the Danish page
    # that arrived stays hidden until shell.js has put the English one in).
    frames = page.evaluate("window.__frames")
    shown = [(code, text) for code, text, visibility in frames if visibility == "visible"]
    assert shown, f"no frame showed the page: {frames[:3]}"
    assert all(code == "en" and text.startswith("Choose a game") for code, text in shown), shown[:3]
    assert page.evaluate("getComputedStyle(document.documentElement).visibility") == "visible"
    for name in ("Rules", "Settings"):
        assert page.get_by_role("button", name=name).is_visible()
    assert "Liar's dice" in page.get_by_test_id("game-snyd").inner_text()
    assert_english(page)
    screenshot(page, "english-static-start-phone")
    check_english_regler(page)
    page.get_by_test_id("open-regler").click()
    page.get_by_test_id("regler-treere").click()
    screenshot(page, "english-static-regler-phone")
    # Python takes over on Regler: the same English Regler, then its start screen and Regler.
    release(page, held)
    wait_for_python(page)
    assert page.get_by_test_id("screen").get_attribute("data-screen") == "regler"
    assert "A three counts as zero" in page.get_by_test_id("regler-text").inner_text()
    assert page.get_attribute("html", "lang") == "en"
    assert_english(page)
    page.get_by_test_id("back").click()
    page.get_by_test_id("start").wait_for()
    assert page.locator("[data-testid='start']").count() == 1
    assert page.get_by_role("button", name="Settings").is_visible()
    assert_english(page)
    check_english_regler(page)
    assert page.evaluate("document.getElementById('update-reload').textContent") == \
        "New version – reload"
    assert violations(page) == []


def test_a_danish_phone_still_sees_danish(phone_page, server) -> None:
    page = phone_page
    hold_python(page)
    static_start(page, server)
    assert page.get_attribute("html", "lang") == "da"
    assert page.get_by_role("button", name="Regler").is_visible()
    assert page.get_by_role("button", name="Rules").count() == 0
    assert "Choose a game" not in body_text(page) and "Vælg et spil" in page.content()
    assert page.evaluate("document.getElementById('update-reload').textContent") == \
        "Ny version – genindlæs"
    # The page that arrived is the one shown: never hidden, nothing repainted by shell.js.
    assert page.evaluate("document.documentElement.style.visibility") == ""


@pytest.mark.parametrize("locale, choice, expected", [
    ("da-DK", "en", "en"),   # the player's choice wins over a Danish phone
    ("en-GB", "da", "da"),   # ... and over an English one
])
def test_a_stored_choice_wins_over_the_browser(contexts, server, locale, choice,
                                               expected) -> None:
    context = contexts("phone", locale=locale)
    context.add_init_script(stored({"name": "Kaj", "language": choice, "tutorial_answered": True}))
    page = context.new_page()
    held = hold_python(page)
    static_start(page, server)
    assert page.get_attribute("html", "lang") == expected
    start = page.get_by_test_id("start").inner_text()
    assert ("Rules" in start) == (expected == "en") and ("Regler" in start) == (expected == "da")
    if expected == "en":
        assert_english(page)
        release(page, held)
        wait_for_python(page)  # Python's choice (lang/choice.py) is the same: English stays
        assert page.get_attribute("html", "lang") == "en"
        assert page.get_by_test_id("start").inner_text() == start
        assert_english(page)


def test_english_start_on_a_desktop(contexts, server, screenshot) -> None:
    page = contexts("desktop", locale="en-US").new_page()
    hold_python(page)
    static_start(page, server)
    assert_english(page)
    overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
    assert overflow <= 0
    screenshot(page, "english-static-start-desktop")
    page.get_by_role("button", name="Rules").click()
    page.get_by_test_id("regler-snyd").click()
    screenshot(page, "english-static-regler-desktop")
    page.get_by_test_id("back").click()
    # A game needs Python: the splash says so in English.
    page.get_by_test_id("game-snyd").click()
    assert page.get_by_test_id("splash").inner_text().strip() == "Shaking the cups…"
    assert_english(page)


# -- shell-lang.js's rule against app.lang.pick_language --------------------------------------------

NESTED = "[" * 31 + "]" * 31
SETTINGS_TEXTS = [
    None, "", "{}", '{"language": "en"}', '{"language": "da"}', '{"language": "fr"}',
    '{"language": ["en"]}', '{"language": null}', '{"Language": "en"}', '["en"]', '"en"', "null",
    "not json", '{"language": "en"', '{"language": "en", "x": NaN}',
    '{"language": "en", "x": -Infinity}', '{"language": "en", "x": -NaN}',
    '{"language": "en", "x": Infinityx}', '\ufeff{"language": "en"}',
    '{"language": "da", "language": "en"}', '{"__proto__": {"language": "en"}}',
    '  {"language": "en"}\n', '{"language": "en", "x": "' + "[" * 50 + '"}',
    '{"language": "en", "x": ' + NESTED + "}",            # 32 deep: still read
    '{"language": "en", "x": [' + NESTED + "]}",          # 33 deep: unreadable
    '{"language": "en", "x": "' + "x" * 9970 + '"}',      # 9 990 characters: read
    '{"language": "en", "x": "' + "x" * 9990 + '"}',      # 10 010: unreadable
    '{"language": "en", "x": "' + "😀" * 9970 + '"}',     # 9 990 code points, 19 960 UTF-16 units
    '{"language": "en", "x": "\\"]]]"}',
]
BROWSERS = [[], [""], ["da-DK", "en"], ["en-GB", "da"], ["en-US"], ["DA"], ["dansk"],
            ["de-DE", "sv"], ["da_DK"], ["", "en"], ["nb-NO", "da-dk"]]


class Backend(dict):
    """localStorage for read_settings in CPython."""

    def getItem(self, key):
        return self.get(key)

    def setItem(self, key, value):
        self[key] = value

    def removeItem(self, key):
        self.pop(key, None)


def python_choice(text: str | None, languages: list[str]) -> str:
    store = LocalStore(Backend({} if text is None else {SETTINGS_KEY: text}))
    return lang.pick_language(read_settings(store).get("language"), languages)


def test_shell_lang_js_picks_the_language_as_pick_language_does(phone_page, server) -> None:
    page = phone_page
    hold_python(page)
    static_start(page, server)
    cases = [(text, languages) for text in SETTINGS_TEXTS for languages in BROWSERS]
    got = page.evaluate("cases => cases.map(([t, l]) => window.bodegaLanguage.pickLanguage(t, l))",
                        cases)
    expected = [python_choice(text, languages) for text, languages in cases]
    differ = [(text[:60] if text else text, languages, js, py)
              for (text, languages), js, py in zip(cases, got, expected) if js != py]
    assert differ == []
    # The table holds both answers for stored choices and for browsers alone.
    assert {"da", "en"} <= set(expected)
    assert python_choice('{"language": "en", "x": NaN}', ["da"]) == "en"


@pytest.mark.parametrize("languages", [["sv-SE", "da"], ["fr-FR", "de"]])
def test_the_page_asks_the_browsers_list(contexts, server, languages) -> None:
    context = contexts("phone", locale="en-GB")
    context.add_init_script("Object.defineProperty(navigator, 'languages', "
                            f"{{get: () => {json.dumps(languages)}}});")
    page = context.new_page()
    hold_python(page)
    static_start(page, server)
    assert page.get_attribute("html", "lang") == lang.pick_language(None, languages)
