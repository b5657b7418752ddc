"""A friend's first tap (issue 19): the share link's static "Sæt dig ved bordet" (web/app/shell.js
over the templates relay/site.py renders from app/shell/markup.py `join_tree`) and the take-over
by the Python join screen (app/friends/join_screen.py `carry_over`).

Python is held back (Pyodide's module routed to wait, as in test_static_shell.py) while the
guest's phone shows the form, types and taps; released, Python seats the guest with the typed
name and no second tap. The host's table is real, on another page (test_friends.host_lobby).
"""
from __future__ import annotations

import json
import pathlib
import sys
from typing import Any
from urllib.parse import quote

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_friends import host_lobby, lobby_seat
from test_static_shell import hold_python, release, wait_for_python
from test_table_driver import tap

SETTINGS_KEY = "bodegabordet.settings"
JOIN_TEXT = "() => document.querySelector('[data-testid=join]')?.innerText || ''"
# The static join form's state: its words, whether it has the form, what is in the field.
FORM_STATE = """() => {
  const join = document.querySelector('[data-testid=join]');
  const name = document.querySelector('[data-testid=join-name]');
  return {screen: document.getElementById('screen').getAttribute('data-screen'),
          text: join ? join.innerText : null, form: !!name, name: name ? name.value : null,
          sit: !!document.querySelector('[data-testid=join-sit]'),
          focus: document.activeElement && document.activeElement.getAttribute('data-testid'),
          caret: name ? [name.selectionStart, name.selectionEnd] : null};
}"""


def remember(page: Any, settings: dict) -> None:
    """Settings this phone stored on an earlier visit (before any page script reads them)."""
    page.add_init_script(f"localStorage.setItem({json.dumps(SETTINGS_KEY)}, "
                         f"{json.dumps(json.dumps(settings))});")


def static_join(page: Any, url: str) -> dict:
    """Open `url` with Python held back: the static join form is there and answers."""
    page.goto(url)
    page.wait_for_selector("html[data-shell='ready']", timeout=30_000)
    assert page.get_attribute("html", "data-ready") is None, "Python must still be held back"
    return page.evaluate(FORM_STATE)


def pyodide_fetched(page: Any) -> list[str]:
    return page.evaluate("performance.getEntriesByType('resource').map(e => e.name)"
                         ".filter(n => /pyodide\\.asm\\.wasm|python_stdlib\\.zip/.test(n))")


def wait_join_says(page: Any, words: str, timeout: int = 60_000) -> None:
    page.wait_for_function(f"() => ({JOIN_TEXT})().includes({json.dumps(words)})",
                           timeout=timeout)


@pytest.mark.parametrize("kind, locale, words", [
    ("phone", "da-DK", {"title": "Sæt dig ved bordet", "invite": "Du er inviteret til Snyd",
                        "wait": "Bordet gøres klar", "seated": "Du sidder ved bordet"}),
    ("desktop", "en-GB", {"title": "Take a seat", "invite": "You're invited to Snyd",
                          "wait": "Getting the table ready", "seated": "You're at the table"}),
])
def test_a_name_typed_and_a_tap_before_python_seat_the_guest(contexts, server, screenshot,
                                                             kind, locale, words) -> None:
    host = contexts("phone").new_page()
    url = host_lobby(host, server)
    assert "&spil=snyd" in url
    guest = contexts(kind, locale=locale).new_page()
    held = hold_python(guest)
    state = static_join(guest, url)
    # The form at once, in the phone's language, before any Python.
    assert state["screen"] == "bord" and state["form"] and state["sit"], state
    assert state["text"].startswith(words["title"]) and words["invite"] in state["text"]
    assert state["name"] == ""
    # Pyodide's downloads started with the form (the preload hints, also on a share link).
    guest.wait_for_function("document.querySelectorAll('link[rel=modulepreload]').length > 0")
    guest.wait_for_function(
        "performance.getEntriesByType('resource').some(e => /pyodide\\.asm\\.wasm/.test(e.name))",
        timeout=10_000)
    if kind == "phone":
        guest.get_by_test_id("join-name").press_sequentially("Mette")
    else:  # pasted with a bidi override inside: shell.js drops it as protocol.clean_name does
        guest.get_by_test_id("join-name").fill("Met\u202ete")
    tap(guest, guest.get_by_test_id("join-sit"))
    # The host seats the guest before Python (shell-seat.js; test_seat_before_python.py).
    wait_join_says(guest, words["seated"], timeout=15_000)
    assert guest.get_attribute("html", "data-ready") is None
    screenshot(guest, f"static-join-kept-tap-{kind}")
    release(guest, held)
    wait_for_python(guest)
    # No second tap: the host's lobby has the guest, the guest's phone says so.
    lobby_seat(host, "Mette").wait_for(timeout=60_000)
    assert lobby_seat(host, "Mette").get_attribute("data-kind") == "guest"
    wait_join_says(guest, words["seated"])
    assert guest.locator("[data-testid='join']").count() == 1
    screenshot(guest, f"static-join-seated-{kind}")
    # The name is remembered where the Python join screen reads it.
    assert json.loads(guest.evaluate(f"localStorage.getItem('{SETTINGS_KEY}')"))["name"] == "Mette"
    # Each Pyodide file fetched once: the preloads were what Pyodide used.
    assert len(pyodide_fetched(guest)) == 2, pyodide_fetched(guest)


@pytest.mark.parametrize("kind", ["phone", "desktop"])
def test_the_remembered_name_is_filled_in_and_what_is_typed_survives(contexts, server,
                                                                      kind) -> None:
    page = contexts(kind).new_page()
    remember(page, {"name": "Kaj", "language": "da"})
    held = hold_python(page)
    room = "B" * 22
    state = static_join(page, f"{server}?bord={room}&spil=bakke")
    assert state["form"] and state["name"] == "Kaj", state
    assert "Du er inviteret til Bakke" in state["text"]
    name = page.get_by_test_id("join-name")
    name.focus()
    page.keyboard.press("End")
    name.press_sequentially("sen")
    page.keyboard.press("ArrowLeft")  # the caret one letter back: "Kajse|n"
    before = page.evaluate(FORM_STATE)
    assert before["name"] == "Kajsen" and before["focus"] == "join-name"
    assert before["caret"] == [5, 5]
    release(page, held)
    wait_for_python(page)
    after = page.evaluate(FORM_STATE)
    # Python's join screen now, with the field as it was: value, focus and caret.
    assert after["text"] == before["text"] and after["form"], after
    assert (after["name"], after["focus"], after["caret"]) == ("Kajsen", "join-name", [5, 5])
    page.keyboard.type("!")
    assert page.get_by_test_id("join-name").input_value() == "Kajse!n"


def test_the_default_seat_name_is_not_filled_in(contexts, server) -> None:
    # "Du" / "You" is the untouched default of the settings, in any language: it names nobody.
    page = contexts("phone", locale="en-GB").new_page()
    remember(page, {"name": "You"})
    held = hold_python(page)
    state = static_join(page, f"{server}?bord={'C' * 22}")
    assert state["form"] and state["name"] == "" and "You're invited to a table" in state["text"]
    release(page, held)
    wait_for_python(page)
    assert page.get_by_test_id("join-name").input_value() == ""


def test_an_empty_name_is_not_kept(phone_page, server) -> None:
    page = phone_page
    held = hold_python(page)
    static_join(page, f"{server}?bord={'D' * 22}")
    tap(page, page.get_by_test_id("join-sit"))
    wait_join_says(page, "Skriv et navn på 1–20 tegn", timeout=5_000)
    assert page.evaluate("document.activeElement.getAttribute('data-testid')") == "join-name"
    release(page, held)
    wait_for_python(page)
    page.wait_for_timeout(500)
    assert "Sætter dig" not in page.evaluate(JOIN_TEXT)  # nobody sat down
    assert page.get_by_test_id("join-sit").is_visible()


INJECT = '"><img src=x id=injected><script>window.__injected=1</script>'
HOSTILE = [
    "?bord=kort",                                                 # not a room id
    "?bord=" + quote(INJECT),                                     # markup in the room
    f"?bord={'E' * 22}&spil=" + quote(INJECT),                    # markup in the game
    f"?bord={'E' * 22}&bord={'F' * 22}",                          # two rooms
    f"?bord={'E' * 22}" + "&x=1" * 40,                            # more fields than a link has
    f"?bord=%45{'E' * 21}&spil=treere&pad=" + "y" * 7_500,  # escaped, huge (aiohttp: < 8 KB)
    "?bord",                                                      # no value
]


@pytest.mark.parametrize("search", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_params_show_what_the_python_screen_shows(phone_page, server, search) -> None:
    page = phone_page
    held = hold_python(page)
    before = static_join(page, server + search)
    assert before["screen"] == "bord" and before["text"], before
    assert page.evaluate("window.__injected") is None
    assert page.locator("#injected").count() == 0
    release(page, held)
    wait_for_python(page)
    after = page.evaluate(FORM_STATE)
    for key in ("screen", "text", "form", "sit", "name"):
        assert before[key] == after[key], (key, before, after)
    assert page.evaluate("window.__injected") is None and page.locator("#injected").count() == 0


def test_home_before_python_is_the_start_screen_and_python_stays_there(phone_page, server):
    page = phone_page
    held = hold_python(page)
    static_join(page, f"{server}?bord={'G' * 22}")
    tap(page, page.get_by_role("button", name="Til forsiden"))
    assert page.get_by_test_id("start").is_visible() and page.get_by_test_id("join").count() == 0
    release(page, held)
    wait_for_python(page)
    page.wait_for_timeout(300)
    assert page.get_by_test_id("screen").get_attribute("data-screen") == "start"
    assert page.locator("[data-testid='start']").count() == 1
