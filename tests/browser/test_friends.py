"""*Med vennerne* end to end through the real app UI: three phones (host + two guests), each a
fresh browser context, on loopback. The host sets the table, shares the link from the lobby;
each guest opens the link as its very first visit and sits down; everyone plays by tapping
*Byd* / *Løft* on their own phone until somebody *har tabt helt*.

Every frame each guest page receives is recorded below the app (an init script wraps the
message listeners of WebSocket and RTCDataChannel), and checked with tests/peers' privacy
checker against the hands the host dealt (from the host's saved log): no other seat's dice
before that round's reveal, on either path.
"""
from __future__ import annotations

import json
import pathlib
import sys
import time
from typing import Any

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
sys.path.insert(0, str(pathlib.Path(__file__).parents[1] / "peers"))
from app.friends.core.succession import GRACE_S
from peer_net import Sent
from test_privacy import leaks
from test_table_driver import FELT, open_app, set_settings, state, tap

GUESTS = ("Mette", "Kaj")
HOST = "Vært"
NO_WEBRTC = "delete window.RTCPeerConnection; delete window.webkitRTCPeerConnection;"
# Chromium logs these while the relay or a peer is away; the app recovers from both.
EXPECTED_NOISE = ("WebSocket connection to",)
RECORD_FRAMES = """
(() => {
  window.__frames = [];
  const add = EventTarget.prototype.addEventListener;
  const wrapped = new WeakMap();
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    const via = (window.WebSocket && this instanceof WebSocket) ? 'relay'
      : (window.RTCDataChannel && this instanceof RTCDataChannel) ? 'webrtc' : null;
    if (via && type === 'message' && listener) {
      const inner = listener;
      const outer = function (event) {
        if (typeof event.data === 'string') window.__frames.push([via, event.data]);
        return (typeof inner === 'function') ? inner.call(this, event) : inner.handleEvent(event);
      };
      wrapped.set(inner, outer);
      return add.call(this, type, outer, options);
    }
    return add.call(this, type, listener, options);
  };
  const remove = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    return remove.call(this, type, wrapped.get(listener) || listener, options);
  };
})();
"""


# ---------- driving the app ----------

def host_lobby(page: Any, server: str, dice: int = 1, ruleset: str | None = None) -> str:
    """The host sets a table *Med vennerne* (no regulars) and opens the lobby; the link."""
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    tap(page, page.get_by_test_id("game-snyd"))
    page.wait_for_selector('[data-testid="setup"]')
    tap(page, page.get_by_test_id("mode-friends"))
    assert page.get_by_test_id("mode-friends").get_attribute("aria-pressed") == "true"
    assert page.get_by_test_id("add-human").count() == 0  # friends sit down by the link
    while page.locator('[data-testid="setup-seat"][data-kind="regular"]').count():
        tap(page, page.locator('[data-testid="setup-seat"][data-kind="regular"]').last
            .get_by_role("button"))
    page.locator('[data-testid="setup-seat"][data-kind="human"] input').fill(HOST)
    page.get_by_test_id("dice-per-player").select_option(str(dice))
    if ruleset is not None:  # e.g. "turnering": the turn clock (S41)
        page.get_by_test_id("ruleset").select_option(ruleset)
    tap(page, page.get_by_test_id("open-lobby"))
    link = page.get_by_test_id("share-link")
    link.wait_for()
    return link.input_value()


def guest_sits(page: Any, url: str, name: str) -> None:
    """A friend opens the share link (the first visit of this context) and sits down."""
    page.goto(url)
    # Never here before: no service worker answered this navigation. (Asking for
    # `navigator.serviceWorker.controller` after load raced the worker's install + claim.)
    assert page.evaluate("performance.getEntriesByType('navigation')[0].workerStart") == 0
    page.get_by_test_id("join").wait_for(timeout=90_000)
    assert page.get_by_test_id("join-name").input_value() == ""  # not "Du"
    page.get_by_test_id("join-name").fill(name)
    tap(page, page.get_by_test_id("join-sit"))


def lobby_seat(page: Any, player: str) -> Any:
    return page.locator(f'[data-testid="lobby-seat"][data-player="{player}"]')


def seat_everyone(host: Any, guests: dict[str, Any], url: str) -> None:
    for name, page in guests.items():
        guest_sits(page, url, name)
    for name in guests:
        lobby_seat(host, name).wait_for(timeout=30_000)
        assert lobby_seat(host, name).get_attribute("data-kind") == "guest"
    for page in guests.values():
        page.wait_for_function(
            "() => (document.getElementById('join-status') || {}).textContent"
            "?.includes('Du sidder ved bordet')", timeout=30_000)
    tap(host, host.get_by_test_id("start-table"))
    for page in [host, *guests.values()]:
        page.wait_for_selector(FELT, timeout=30_000)


def step(page: Any, rng_pick: int) -> bool:
    """One tap if this phone is on: a bid or *Løft*, or (the host) *Næste runde*."""
    s = state(page)
    if s == "next":
        tap(page, page.locator('[data-action="next"]'))
        return True
    if s != "mine":
        return False
    call = page.get_by_role("button", name="Løft", exact=True)
    byd = page.get_by_role("button", name="Byd", exact=True)
    if call.is_enabled() and (rng_pick % 3 == 0 or not byd.is_enabled()):
        tap(page, call)
    else:
        tap(page, byd)
    return True


def play_to_tabt_helt(host: Any, guests: dict[str, Any], limit_s: float = 150) -> dict:
    """Everyone taps on their own phone until the host's table says somebody *har tabt helt*;
    returns who did what."""
    pages = {HOST: host, **guests}
    taps = {name: 0 for name in pages}
    end, n = time.monotonic() + limit_s, 0
    while time.monotonic() < end:
        if "har tabt helt" in host.locator("#live").inner_text():
            return taps
        moved = False
        for name, page in pages.items():
            if step(page, n):
                taps[name] += 1
                n += 1
                moved = True
        if not moved:
            host.wait_for_timeout(60)
    raise AssertionError(f"no tabt helt within {limit_s} s; taps {taps}")


# ---------- privacy ----------

def peer_frames(page: Any) -> list[tuple[str, str]]:
    """Every peer-protocol frame the page received, in order: relay ``from`` frames unwrapped,
    signalling and the relay's own ops left out."""
    out = []
    for via, text in page.evaluate("window.__frames"):
        if via == "relay":
            msg = json.loads(text)
            if msg.get("op") != "from":
                continue
            text = msg["data"]
        if text.startswith('{"v":1'):
            out.append((via, text))
    return out


def _timeline(frames: list[tuple[str, str]]) -> list[tuple[str, str, list[dict]]]:
    """Each frame with the events known on the phone after it (by absolute index: an update's
    ``base`` says where its events start, so a full view resent after a rejoin counts once)."""
    known: list[dict] = []
    out = []
    for via, text in frames:
        frame = json.loads(text)
        events = frame.get("events") if frame.get("t") == "update" else None
        if isinstance(events, list):
            base = frame.get("base", 0)
            for i, event in enumerate(events):
                if base + i < len(known):
                    known[base + i] = event
                elif base + i == len(known):
                    known.append(event)
        out.append((via, text, list(known)))
    return out


def check_frames(me: str, frames: list[tuple[str, str]], deals: list[list[list[int]]]
                 ) -> dict[str, int]:
    """One guest's frames, in order, through tests/peers' checker: while a round is bid, no
    frame may hold another seat's cup of that round (nor any unrevealed ``hands``). Each
    round's cups are its reveal, checked against ``deals`` (the host's log). Returns the
    frames checked per path."""
    timeline = _timeline(frames)
    assert timeline, f"{me} recorded no frames"
    rounds = [e["hands"] for e in timeline[-1][2] if e.get("type") == "reveal"]
    assert len(rounds) >= 2, (me, len(rounds))
    assert [sorted(map(sorted, r.values())) for r in rounds] == [
        sorted(map(sorted, d)) for d in deals[:len(rounds)]]
    paths = {"webrtc": 0, "relay": 0}
    for via, text, known in timeline:
        dealt = sum(1 for e in known if e.get("type") == "deal")
        reveals = [e["hands"] for e in known if e.get("type") == "reveal"]
        bidding = dealt > len(reveals)  # this frame leaves the current round unrevealed
        hands = rounds[dealt - 1] if bidding and dealt <= len(rounds) else {}
        sent = Sent(text, "bidding" if bidding else "reveal", hands)
        assert leaks(sent, me, reveals) == [], (me, text[:300])
        paths[via] += 1
    return paths


def check_privacy(host: Any, guests: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Every guest page's recorded frames through check_frames, against the host's saved log."""
    saved = json.loads(host.evaluate("localStorage.getItem('bodegabordet.snyd.table')"))
    return {me: check_frames(me, peer_frames(page), dealt_hands(saved["log"]))
            for me, page in guests.items()}


def dealt_hands(log: list[dict]) -> list[list[list[int]]]:
    """Each round's cups from the host's log: a plain deal's hands, or (fair dice, issue 20:
    the host never knew the guests' cups before the reveal) the cups its reveal checked."""
    return [e["hands"] if e["type"] == "deal" else list(e["hands"].values())
            for e in log if e["type"] in ("deal", "reveal_hands")]


def _update(base: int, events: list[dict], **view: Any) -> str:
    return json.dumps({"v": 1, "t": "update", "seq": base + 1, "base": base, "last_act": 0,
                       "more": False, "events": events, "view": view}, separators=(",", ":"))


def test_the_frame_check_catches_a_cup_that_arrives_before_its_reveal():
    # Two rounds, Mette and Kaj with two dice: a clean stream passes, and the same stream with
    # Kaj's cup of round 2 in a frame while round 2 is bid (under any key) fails.
    r1, r2 = {"Mette": [1, 2], "Kaj": [3, 4]}, {"Mette": [5, 5], "Kaj": [6, 2]}
    deals = [[[1, 2], [3, 4]], [[5, 5], [6, 2]]]
    clean = [
        _update(0, [{"type": "deal"}], phase="bidding", my_dice=[1, 2]),
        _update(1, [{"type": "reveal", "hands": r1}], phase="reveal"),
        _update(2, [{"type": "deal"}], phase="bidding", my_dice=[5, 5]),
        _update(3, [{"type": "reveal", "hands": r2}], phase="reveal"),
    ]
    frames = [("relay", f) for f in clean]
    assert check_frames("Mette", frames, deals) == {"webrtc": 0, "relay": 4}
    leaky = _update(3, [], phase="bidding", my_dice=[5, 5], note=[6, 2])
    with pytest.raises(AssertionError, match="hidden cup"):
        check_frames("Mette", frames[:3] + [("webrtc", leaky)] + frames[3:], deals)
    early = _update(3, [], phase="bidding", my_dice=[5, 5], hands=r2)
    with pytest.raises(AssertionError, match="unrevealed hands"):
        check_frames("Mette", frames[:3] + [("webrtc", early)] + frames[3:], deals)


# ---------- the tests ----------

def three_phones(contexts: Any, webrtc_in_guests: bool = True) -> tuple[Any, dict[str, Any]]:
    host = contexts("phone").new_page()
    guests = {}
    for name in GUESTS:
        context = contexts("phone")
        context.add_init_script(RECORD_FRAMES)
        if not webrtc_in_guests:
            context.add_init_script(NO_WEBRTC)
        guests[name] = context.new_page()
    return host, guests


def test_three_phones_play_an_evening_over_webrtc_to_a_tabt_helt(contexts, server, screenshot):
    host, guests = three_phones(contexts)
    url = host_lobby(host, server)
    assert url.startswith(server) and "?bord=" in url and url.endswith("&spil=snyd")
    assert "#" not in url
    host.get_by_test_id("share-qr").wait_for(timeout=30_000)
    seat_everyone(host, guests, url)
    screenshot(guests["Mette"], "friends-guest-table")
    taps = play_to_tabt_helt(host, guests)
    assert all(n > 0 for n in taps.values()), taps  # everyone played from their own phone
    screenshot(host, "friends-host-tabt-helt")
    paths = check_privacy(host, guests)
    assert all(p["webrtc"] > 0 for p in paths.values()), paths
    for page in guests.values():  # segno is the lobby's: a guest's phone never loads it
        assert not [u for u in page.evaluate(
            "performance.getEntriesByType('resource').map(e => e.name)") if u.endswith(".whl")]


def test_three_phones_through_the_relay_when_the_guests_have_no_webrtc(contexts, server):
    host, guests = three_phones(contexts, webrtc_in_guests=False)
    url = host_lobby(host, server)
    seat_everyone(host, guests, url)
    taps = play_to_tabt_helt(host, guests)
    assert all(n > 0 for n in taps.values()), taps
    paths = check_privacy(host, guests)
    assert all(p["webrtc"] == 0 and p["relay"] > 0 for p in paths.values()), paths


def wait_mine(page: Any, timeout_s: float = 30) -> None:
    end = time.monotonic() + timeout_s
    while state(page) != "mine":
        assert time.monotonic() < end, f"never this phone's turn; it is {state(page)!r}"
        page.wait_for_timeout(60)


def play_until(host: Any, pages: dict[str, Any], done: Any, limit_s: float = 60) -> None:
    """Tap on every phone in ``pages`` until ``done()``."""
    end, n = time.monotonic() + limit_s, 0
    while not done():
        assert time.monotonic() < end, "the table did not get there"
        moved = False
        for page in pages.values():
            if step(page, n):
                n, moved = n + 1, True
        if not moved:
            host.wait_for_timeout(60)


def reveals_on(host: Any) -> int:
    saved = json.loads(host.evaluate("localStorage.getItem('bodegabordet.snyd.table')"))
    return sum(1 for e in saved["log"] if e["type"] in ("deal", "fair_deal"))


def host_seat(host: Any, player: str) -> Any:
    return host.locator(f'[data-testid="seat"][data-player="{player}"]')


def test_a_guest_reloads_another_drops_out_and_returns_and_the_host_reloads(
        contexts, server, screenshot):
    host, guests = three_phones(contexts)
    url = host_lobby(host, server, dice=2)
    seat_everyone(host, guests, url)
    mette, kaj = guests["Mette"], guests["Kaj"]
    everyone = {HOST: host, **guests}

    # Mette reloads on her turn, mid-round: back in her seat, still her turn, and she bids.
    play_until(host, {HOST: host, "Kaj": kaj}, lambda: state(mette) == "mine")
    mette.reload()
    mette.wait_for_selector(FELT, timeout=60_000)
    assert mette.locator(".seat.me").get_attribute("data-player") == "Mette"
    wait_mine(mette)
    bids = host.locator("#live").inner_text().count("Mette")
    tap(mette, mette.get_by_role("button", name="Byd", exact=True))
    host.wait_for_function("n => document.getElementById('live').innerText"
                           ".split('Mette').length - 1 > n", arg=bids, timeout=15_000)

    # Kaj's phone goes (its context closes): his seat goes reconnecting, then away, and a
    # stand-in plays his turn; then he comes back with his seat token and plays on.
    kept = kaj.context.storage_state()
    kaj.context.close()
    # A vanished phone says nothing: the host's data channel notices when WebRTC's consent
    # checks fail (Chromium: ~30 s), as it would for a phone that lost its network.
    t0 = time.monotonic()
    host.wait_for_selector('[data-testid="seat"][data-player="Kaj"]'
                           '[data-connection="reconnecting"]', timeout=60_000)
    print(f"reconnecting after {time.monotonic() - t0:.1f} s")
    host.wait_for_selector('[data-testid="seat"][data-player="Kaj"][data-connection="away"]',
                           timeout=40_000)
    play_until(host, {HOST: host, "Mette": mette},
               lambda: "Kaj er væk" in host.locator("#live").inner_text(), limit_s=60)
    screenshot(host, "friends-stand-in")
    back = contexts("phone", storage_state=kept)
    back.add_init_script(RECORD_FRAMES)
    kaj = back.new_page()
    kaj.goto(url)
    kaj.wait_for_selector(FELT, timeout=60_000)  # no name asked: the token brings him back
    assert kaj.locator(".seat.me").get_attribute("data-player") == "Kaj"
    host.wait_for_selector('[data-testid="seat"][data-player="Kaj"]'
                           '[data-connection="connected"]', timeout=30_000)
    everyone["Kaj"] = kaj
    deals = reveals_on(host)
    play_until(host, everyone, lambda: reveals_on(host) > deals, limit_s=60)

    # The host reloads: the table resumes on the host's phone and the guests carry on. A reload
    # longer than the grace (a loaded machine) moves the table on to the next phone, Mette's
    # (issue 20: core/succession.py), and the host's phone sits down at it as a guest: the
    # evening goes on either way.
    host.reload()
    host.wait_for_selector(FELT, timeout=60_000)
    host.wait_for_timeout((GRACE_S + 3) * 1000)  # time for the table to move on, if it does
    # Settled when Mette leads (the host's phone sat down at her table) or every friend is back
    # at the host's phone. Both may lead for a moment (the host back just as Mette carried on):
    # the host's phone asks again for a while where the table went (share_screen._probe_again).
    moved = '[data-testid="seat"][data-player="Mette"][data-host="true"]'
    back = " && ".join(f"document.querySelector('[data-testid=\"seat\"][data-player=\"{n}\"]')"
                       f"?.dataset.connection === 'connected'" for n in GUESTS)
    host.wait_for_function(f"!!document.querySelector('{moved}') || ({back})", timeout=60_000)
    lead = mette if host.locator(moved).count() else host
    deals = reveals_on(lead)
    play_until(lead, everyone, lambda: reveals_on(lead) > deals + 1, limit_s=90)
    for name in GUESTS:  # every friend at the one table
        host.wait_for_selector(f'[data-testid="seat"][data-player="{name}"]'
                               '[data-connection="connected"]', timeout=30_000)
    screenshot(mette, "friends-after-host-reload")


def test_the_lobby_shares_a_link_and_a_qr_code_and_the_host_seats_and_removes(
        contexts, server, screenshot):
    host = contexts("phone").new_page()
    url = host_lobby(host, server)
    room = url.split("?bord=")[1].removesuffix("&spil=snyd")
    assert len(room) == 22 and url == f"{server.rstrip('/')}/?bord={room}&spil=snyd"
    qr = host.get_by_test_id("share-qr")
    qr.wait_for(timeout=30_000)
    assert qr.evaluate("e => e.tagName.toLowerCase()") == "svg"
    assert any(u.endswith(".whl") and "/vendor/wheels/" in u for u in host.evaluate(
        "performance.getEntriesByType('resource').map(e => e.name)"))
    # Kopiér link: the clipboard has it, and the phone says so.
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tap(host, host.get_by_test_id("copy-link"))
    host.wait_for_function("() => document.getElementById('copy-status').textContent"
                           ".includes('kopieret')")
    assert host.evaluate("navigator.clipboard.readText()") == url
    assert [lobby_seat(host, HOST).get_attribute("data-kind")] == ["host"]
    assert lobby_seat(host, HOST).get_by_role("button").count() == 0  # the host stays
    # + Stamgæst seats a regular; × removes it again.
    tap(host, host.get_by_test_id("add-regular"))
    regular = host.locator('[data-testid="lobby-seat"][data-kind="regular"]')
    regular.wait_for()
    name = regular.get_attribute("data-player")
    # A friend arrives and is listed live.
    guest = contexts("phone").new_page()
    guest_sits(guest, url, "Mette")
    lobby_seat(host, "Mette").wait_for(timeout=30_000)
    # Seated before Python (web/app/shell-seat.js); Python then sits back down on a channel of
    # its own: the removal below is meant for that phone, not for the moment between the two.
    guest.wait_for_selector("html[data-ready='true']", timeout=90_000)
    host.wait_for_timeout(2_000)
    assert lobby_seat(host, "Mette").get_attribute("data-kind") == "guest"
    assert "forbundet" in lobby_seat(host, "Mette").inner_text()
    screenshot(host, "friends-lobby")
    screenshot(guest, "friends-join-seated")
    tap(host, lobby_seat(host, name).get_by_role("button"))
    host.wait_for_function("n => !document.querySelector("
                           "`[data-testid=lobby-seat][data-player=\"${n}\"]`)", arg=name)
    # Removing the friend tells her phone, in Danish, over the name form; her phone says no
    # more (no hello of her transports seats her anew behind the host's back).
    tap(host, lobby_seat(host, "Mette").get_by_role("button"))
    guest.wait_for_function("() => document.querySelector('[data-testid=join]')"
                            ".innerText.includes('Værten har fjernet din plads')", timeout=15_000)
    assert guest.get_by_test_id("join-sit").is_visible()
    host.wait_for_timeout(3_000)
    assert lobby_seat(host, "Mette").count() == 0
    # With the host alone the table cannot start: a clear line, and the lobby stays.
    tap(host, host.get_by_test_id("start-table"))
    assert host.locator("#lobby-error").inner_text().strip()
    assert host.get_by_test_id("lobby").is_visible()
    # With a regular it starts; a friend who sits down now is told she plays from a later game.
    tap(host, host.get_by_test_id("add-regular"))
    tap(host, host.get_by_test_id("start-table"))
    host.wait_for_selector(FELT, timeout=30_000)
    guest.get_by_test_id("join-name").fill("Mette")
    tap(guest, guest.get_by_test_id("join-sit"))
    guest.wait_for_function("() => document.getElementById('join-status').textContent"
                            ".includes('Spillet er i gang')", timeout=30_000)
    assert guest.locator(FELT).count() == 0
    screenshot(guest, "friends-late-arrival-waits")
    # One die each: the game ends after a round, and then she sits down (issue 9): her phone
    # swaps the line for the table, and the host's table has her seat.
    play_until(host, {HOST: host}, lambda: guest.locator(FELT).count() > 0, limit_s=60)
    host_seat(host, "Mette").wait_for(timeout=15_000)
    assert guest.locator('[data-testid="seat"][data-player="Mette"]').count() == 1
    screenshot(guest, "friends-late-arrival-seated")


def test_a_broken_link_or_a_table_that_is_gone_says_so_with_proev_igen(contexts, server,
                                                                        screenshot):
    page = contexts("phone").new_page()
    page.goto(f"{server.rstrip('/')}/?bord=kort")
    page.get_by_test_id("join").wait_for(timeout=90_000)
    assert "Linket til bordet er ikke helt" in page.get_by_test_id("join").inner_text()
    page.goto(f"{server.rstrip('/')}/?bord={'A' * 22}")   # well-formed, but no such table
    page.get_by_test_id("join").wait_for(timeout=90_000)
    page.get_by_test_id("join-name").fill("Mette")
    tap(page, page.get_by_test_id("join-sit"))
    retry = page.get_by_test_id("join-retry")
    retry.wait_for(timeout=30_000)
    assert retry.inner_text() == "Prøv igen"
    assert "Bordet findes ikke" in page.get_by_test_id("join").inner_text()
    screenshot(page, "friends-join-no-table")
    settings = json.loads(page.evaluate("localStorage.getItem('bodegabordet.settings')"))
    assert settings["name"] == "Mette"  # the name is remembered for the next table
