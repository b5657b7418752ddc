"""A seat before Python is up (issue 19): web/app/shell-seat.js asks the host for the seat at the
static join form's tap, and Python, once up, sits back down in it (app/friends/join_screen.py).

Python is held back (Pyodide's module routed to wait, as in test_static_shell.py). The host's
table is real, on another page (test_friends.host_lobby), except where a fake relay
(`page.route_web_socket`) hands the static form hostile frames: only an exactly valid
`welcome` seats the guest and stores a token.
"""
from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_friends import FELT, host_lobby, lobby_seat
from test_static_join import JOIN_TEXT, static_join, wait_join_says
from test_static_shell import hold_python, release, wait_for_python
from test_table_driver import tap

SEATS_KEY = "bodegabordet.snyd.friends"  # lobby.SEATS_KEY
SEATED = "Du sidder ved bordet"
SEATED_EN = "You're at the table"
ROOM = "S" * 22


def seats(page: Any) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('{SEATS_KEY}')") or "{}")


def room_of(url: str) -> str:
    return url.split("bord=")[1].split("&")[0]


def sit_static(page: Any, url: str, name: str) -> None:
    state = static_join(page, url)
    assert state["form"], state
    page.get_by_test_id("join-name").press_sequentially(name)
    tap(page, page.get_by_test_id("join-sit"))


@pytest.mark.parametrize("kind, locale, seated", [("phone", "da-DK", SEATED),
                                                  ("desktop", "en-GB", SEATED_EN)])
def test_the_host_seats_a_friend_before_python_is_up(contexts, server, screenshot, kind, locale,
                                                     seated) -> None:
    host = contexts("phone").new_page()
    url = host_lobby(host, server)
    guest = contexts(kind, locale=locale).new_page()
    held = hold_python(guest)
    sit_static(guest, url, "Mette")
    # Seated, Python still held: the host's lobby has the friend, the phone has the token.
    wait_join_says(guest, seated, timeout=15_000)
    assert guest.get_attribute("html", "data-ready") is None
    assert guest.get_by_test_id("join").get_attribute("aria-busy") is None
    # Seated, nothing invites a second tap: the name and the buttons go, as on Python's screen.
    assert not guest.get_by_test_id("join-sit").is_visible()
    assert not guest.get_by_test_id("join-name").is_visible()
    lobby_seat(host, "Mette").wait_for(timeout=10_000)
    assert lobby_seat(host, "Mette").get_attribute("data-kind") == "guest"
    kept = seats(guest)[room_of(url)]
    assert kept["name"] == "Mette" and len(kept["token"]) == 22
    screenshot(guest, f"seat-before-python-{kind}")
    # Python up: the same seat (its token), no second Mette, still seated; then the table.
    release(guest, held)
    wait_for_python(guest)
    wait_join_says(guest, seated)
    guest.wait_for_timeout(1_500)  # the old socket's `left` and Python's hello have both landed
    assert lobby_seat(host, "Mette").count() == 1
    assert host.locator('[data-testid="lobby-seat"]').count() == 2
    assert "allerede" not in guest.evaluate(JOIN_TEXT) and "already" not in guest.evaluate(JOIN_TEXT)
    assert seats(guest)[room_of(url)] == kept
    settings = json.loads(guest.evaluate("localStorage.getItem('bodegabordet.settings')"))
    assert settings["name"] == "Mette"
    tap(host, host.get_by_test_id("start-table"))
    for page in (host, guest):
        page.wait_for_selector(FELT, timeout=30_000)


def test_a_name_the_host_refuses_is_left_to_python_which_says_why(contexts, server) -> None:
    host = contexts("phone").new_page()
    url = host_lobby(host, server)
    first = contexts("phone").new_page()
    first_held = hold_python(first)
    sit_static(first, url, "Mette")
    wait_join_says(first, SEATED, timeout=15_000)
    second = contexts("phone").new_page()
    held = hold_python(second)
    sit_static(second, url, "Mette")
    second.wait_for_timeout(2_000)  # the host has answered (name_taken) by now
    assert SEATED not in second.evaluate(JOIN_TEXT)
    assert "Bordet gøres klar" in second.evaluate(JOIN_TEXT)  # the tap is kept for Python
    assert seats(second) == {}
    release(second, held)
    wait_for_python(second)
    wait_join_says(second, "Der sidder allerede en Mette ved bordet")
    assert lobby_seat(host, "Mette").count() == 1
    release(first, first_held)


def test_python_waits_for_a_hello_already_on_its_way(contexts, server) -> None:
    # The host's welcome is held on the wire until Python has taken over: Python must not say
    # a hello of its own without the token (name_taken by our own seat), but sit in that seat.
    host = contexts("phone").new_page()
    url = host_lobby(host, server)
    guest = contexts("phone").new_page()
    held_frames: list[str] = []
    state = {"hold": True, "route": None}

    def relay(ws) -> None:
        upstream = ws.connect_to_server()
        ws.on_message(lambda message: upstream.send(message))

        def down(message) -> None:
            if state["hold"] and '\\"welcome\\"' in str(message):
                held_frames.append(message)
            else:
                ws.send(message)
        upstream.on_message(down)
        if state["route"] is None:
            state["route"] = ws

    guest.route_web_socket("**/ws", relay)
    held = hold_python(guest)
    sit_static(guest, url, "Mette")
    lobby_seat(host, "Mette").wait_for(timeout=15_000)  # the host gave the seat ...
    for _ in range(100):
        if held_frames:
            break
        guest.wait_for_timeout(50)
    assert held_frames, "the welcome never came"
    assert guest.evaluate("window.bodegaSeat.state()") == "asking"  # ... the phone has no word
    release(guest, held)  # and Python takes over meanwhile (well within shell-seat's ANSWER_MS)
    wait_for_python(guest)
    guest.wait_for_timeout(500)
    assert guest.evaluate("window.bodegaSeat.state()") == "asking"
    assert "allerede" not in guest.evaluate(JOIN_TEXT)  # Python asked nothing of its own
    state["hold"] = False
    for message in held_frames:
        state["route"].send(message)
    wait_join_says(guest, SEATED)
    guest.wait_for_timeout(1_500)
    assert lobby_seat(host, "Mette").count() == 1
    assert host.locator('[data-testid="lobby-seat"]').count() == 2
    assert "allerede" not in guest.evaluate(JOIN_TEXT)
    assert seats(guest)[room_of(url)]["name"] == "Mette"


def _welcome(**fields: Any) -> str:
    body = {"v": 1, "t": "welcome", "seat": "Mette", "token": "T" * 22, "seq": 1, "last_act": 0}
    body.update(fields)
    return json.dumps({k: v for k, v in body.items() if v is not DROP})


DROP = object()
HOSTILE = {
    "bad token": _welcome(token="<img src=x>" * 3),
    "short token": _welcome(token="abc"),
    "extra field": _welcome(admin=True),
    "missing field": _welcome(seq=DROP),
    "seq a bool": _welcome(seq=True),
    "seq negative": _welcome(seq=-1),
    "version 2": _welcome(v=2),
    "not json": "{welcome",
    "an array": "[1, 2]",
    "too big": _welcome(seat="M" * 70_000),
}


def fake_relay(page: Any, *answers: str, peer: str = "host",
               held: list | None = None) -> list[str]:
    """The relay and the host, faked: `ready` (the host is here), then `answers`, in order, for
    the hello; returns every frame the page sent. With `held`, the `ready` waits: a function
    that sends it is put there (a slow relay or network)."""
    heard: list[str] = []

    def relay(ws) -> None:
        def ready() -> None:
            ws.send(json.dumps({"op": "ready", "peer": "p" * 8, "role": "guest", "host": True}))

        def on_message(message) -> None:
            heard.append(str(message))
            frame = json.loads(message)
            if frame.get("op") == "join":
                if held is None:
                    ready()
                else:
                    held.append(ready)
            elif frame.get("op") == "send" and '"hello"' in frame.get("data", ""):
                for answer in answers:
                    ws.send(json.dumps({"op": "from", "peer": peer, "data": answer}))
        ws.on_message(on_message)

    page.route_web_socket("**/ws", relay)
    return heard


@pytest.mark.parametrize("answer", HOSTILE.values(), ids=HOSTILE.keys())
def test_only_an_exact_welcome_seats_the_guest(phone_page, server, answer) -> None:
    page = phone_page
    heard = fake_relay(page, answer)
    hold_python(page)
    sit_static(page, f"{server}?bord={ROOM}", "Mette")
    page.wait_for_timeout(1_000)  # a welcome would have seated it well within this
    assert any("hello" in json.loads(frame).get("data", "") for frame in heard), heard  # it asked
    assert SEATED not in page.evaluate(JOIN_TEXT)
    assert seats(page) == {}
    assert page.locator("#injected, img[src=x]").count() == 0


def test_a_welcome_from_a_guest_is_no_welcome(phone_page, server) -> None:
    # The relay stamps `peer`; a frame from anyone but the host does not seat this phone.
    page = phone_page
    fake_relay(page, _welcome(), peer="q" * 8)
    hold_python(page)
    sit_static(page, f"{server}?bord={ROOM}", "Mette")
    page.wait_for_timeout(1_000)
    assert SEATED not in page.evaluate(JOIN_TEXT) and seats(page) == {}


def test_the_fake_relays_exact_welcome_seats_the_guest(phone_page, server) -> None:
    # The control for the hostile cases: the same fake relay with a valid welcome seats, and the
    # hello on the wire is the peer protocol's exactly (compact, ASCII-only, token null).
    page = phone_page
    heard = fake_relay(page, _welcome())
    hold_python(page)
    sit_static(page, f"{server}?bord={ROOM}", "Søren")
    wait_join_says(page, SEATED, timeout=5_000)
    assert seats(page) == {ROOM: {"name": "Søren", "token": "T" * 22}}
    assert json.loads(heard[0]) == {"op": "join", "room": ROOM}
    hello = json.loads(heard[1])["data"]
    assert hello == '{"v":1,"t":"hello","name":"S\\u00f8ren","token":null}'


def test_a_tap_before_shell_seat_js_has_run_is_asked_for_when_it_has(phone_page, server) -> None:
    # shell-seat.js is `defer`: on a slow phone the friend may tap before it ran (the bench's
    # friend did); the tap is asked for as soon as it is there.
    page = phone_page
    fake_relay(page, _welcome())
    held: list[Any] = []
    page.route("**/app/shell-seat.js", lambda route: held.append(route))
    hold_python(page)
    page.goto(f"{server}?bord={ROOM}", wait_until="commit")  # "load" waits for the held script
    page.wait_for_selector("html[data-shell='ready']", timeout=30_000)
    page.get_by_test_id("join-name").press_sequentially("Mette")
    tap(page, page.get_by_test_id("join-sit"))
    assert page.evaluate("typeof window.bodegaSeat") == "undefined"
    page.wait_for_timeout(300)
    assert SEATED not in page.evaluate(JOIN_TEXT)
    for route in held:
        route.continue_()
    wait_join_says(page, SEATED, timeout=10_000)
    assert seats(page) == {ROOM: {"name": "Mette", "token": "T" * 22}}


# Whether the loader may start Python now: "go", or "wait" (not within 100 ms).
MAY_START = """() => Promise.race([window.bodegaShell.pythonMayStart().then(() => 'go'),
                                   new Promise((r) => setTimeout(() => r('wait'), 100))])"""


def test_python_waits_for_the_tap_on_a_share_links_form(phone_page, server) -> None:
    # Pyodide's start holds the main thread for seconds: on the form, the loader waits for the
    # friend's tap and the host's answer (shell.js pythonMayStart); its downloads go on.
    page = phone_page
    fake_relay(page, _welcome())
    page.goto(f"{server}?bord={ROOM}")
    page.wait_for_selector("html[data-shell='ready']", timeout=30_000)
    page.wait_for_function(
        "performance.getEntriesByType('resource').some(e => /pyodide\\.asm\\.wasm/.test(e.name))",
        timeout=10_000)
    page.wait_for_timeout(2_500)  # Python would be up by now, unheld (~2 s here)
    assert page.get_attribute("html", "data-ready") is None
    assert page.evaluate(MAY_START) == "wait"
    # Typing answers at once (no long task in the way): each key lands within a frame or two.
    page.get_by_test_id("join-name").press_sequentially("Mette")
    assert page.get_by_test_id("join-name").input_value() == "Mette"
    tap(page, page.get_by_test_id("join-sit"))
    wait_join_says(page, SEATED, timeout=30_000)
    wait_for_python(page)  # the tap and the seat let it start
    assert seats(page) == {ROOM: {"name": "Mette", "token": "T" * 22}}


def test_python_waits_while_the_relays_socket_connects_after_the_tap(phone_page, server) -> None:
    # Between the tap and the hello the socket connects and the relay says whether the host is
    # there: Python's start (seconds of main thread) must wait for that too, or the relay's
    # answers wait behind it and the friend is seated only when Python is up (the bench saw it).
    page = phone_page
    held: list[Any] = []
    fake_relay(page, _welcome(), held=held)
    page.goto(f"{server}?bord={ROOM}")
    page.wait_for_selector("html[data-shell='ready']", timeout=30_000)
    page.get_by_test_id("join-name").press_sequentially("Mette")
    tap(page, page.get_by_test_id("join-sit"))
    page.wait_for_function("window.bodegaSeat.state() === 'connecting'", timeout=10_000)
    for _ in range(50):  # the socket is open and the join sent: only the relay's answer is held
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the page never joined the room"
    page.wait_for_timeout(300)
    assert page.evaluate(MAY_START) == "wait"
    held[0]()
    wait_join_says(page, SEATED, timeout=10_000)
    assert page.evaluate(MAY_START) == "go"


def test_python_waits_for_nothing_elsewhere_and_for_the_form_only_so_long(contexts,
                                                                          server) -> None:
    start = contexts("phone").new_page()
    start.goto(server)
    start.wait_for_selector("html[data-shell='ready']", timeout=30_000)
    assert start.evaluate(MAY_START) == "go"  # the start screen: no wait
    wait_for_python(start)
    form = contexts("phone").new_page()
    form.goto(f"{server}?bord={ROOM}")
    form.wait_for_selector("html[data-shell='ready']", timeout=30_000)
    wait_for_python(form)  # nobody taps: Python starts after HOLD_MS all the same
    shown = form.evaluate("performance.getEntriesByName('bodega:shell')[0].startTime")
    ready = form.evaluate("performance.getEntriesByName('bodega:main')[0].startTime")
    assert ready - shown >= 8_000, (shown, ready)  # shell.js HOLD_MS


@pytest.mark.parametrize("reason, words", [("removed", "Værten har fjernet din plads"),
                                           ("closed", "Værten har lukket bordet")])
def test_a_bye_before_python_is_up_is_what_python_says(phone_page, server, reason,
                                                       words) -> None:
    # The host removes the seat (or closes the table) between the welcome and Python's
    # take-over: the token is forgotten and Python says why, never sitting down with it.
    page = phone_page
    heard = fake_relay(page, _welcome(), json.dumps({"v": 1, "t": "bye", "reason": reason}))
    held = hold_python(page)
    sit_static(page, f"{server}?bord={ROOM}", "Mette")
    page.wait_for_function("() => window.bodegaSeat.bye() !== null", timeout=10_000)
    assert seats(page) == {}
    assert SEATED not in page.evaluate(JOIN_TEXT)
    assert page.get_by_test_id("join-sit").is_visible()  # the form again, until Python says why
    release(page, held)
    wait_for_python(page)
    wait_join_says(page, words)
    assert len([f for f in heard if "hello" in f]) == 1  # Python asked nothing with the token


def test_a_flood_from_the_relay_gets_at_most_a_pong_a_second(phone_page, server) -> None:
    # A hostile or broken relay: hundreds of junk frames around the welcome and hundreds of pings
    # after it. The exact welcome still seats; junk is dropped unparsed or unanswered; the pongs
    # stay bounded (PONG_EVERY_MS), so a flood never turns this phone into an amplifier.
    page = phone_page
    junk = ["x" * 200_000, "[]", "{}", json.dumps({"v": 1, "t": "lobby"}), "null"] * 60
    pings = [json.dumps({"v": 1, "t": "ping", "n": n}) for n in range(400)]
    heard = fake_relay(page, *junk, _welcome(), *junk, *pings)
    hold_python(page)
    sit_static(page, f"{server}?bord={ROOM}", "Mette")
    wait_join_says(page, SEATED, timeout=15_000)
    page.wait_for_timeout(1_500)
    pongs = [f for f in heard if '\\"pong\\"' in f]
    assert 1 <= len(pongs) <= 3, len(pongs)  # the flood arrived within ~1.5 s: one or two answers
    assert seats(page) == {ROOM: {"name": "Mette", "token": "T" * 22}}
    assert page.get_by_test_id("join-sit").count() == 1  # the page is whole
