"""Sound, the screen kept awake and keyboard play in a real Chromium (issue 12, app/device/senses.py):
on the desktop profile Space held peeks, the arrows and Enter bid, L calls; the wake lock is
asked for at a table and released after (a stub navigator.wakeLock that counts); sounds are
made only with *Lyd* on (AudioContext wrapped by an init script that counts its voices)."""
from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import (
    DIE,
    my_count,
    open_app,
    set_settings,
    set_table,
    state,
    tap,
    until_mine,
    wait_state,
)

COUNTERS = """
(() => {
  window.__wake = {requests: 0, releases: 0, held: false};
  const wakeLock = {request: async (kind) => {
    window.__wake.requests++; window.__wake.held = true;
    return {released: false, type: kind, addEventListener() {},
            release: async function () { this.released = true; window.__wake.releases++;
                                         window.__wake.held = false; }};
  }};
  Object.defineProperty(navigator, 'wakeLock', {value: wakeLock, configurable: true});
  window.__audio = {contexts: 0, voices: 0};
  const Real = window.AudioContext;
  if (Real) {
    window.AudioContext = class extends Real {
      constructor(...a) { super(...a); window.__audio.contexts++; }
      createOscillator() { window.__audio.voices++; return super.createOscillator(); }
      createBufferSource() { window.__audio.voices++; return super.createBufferSource(); }
    };
  }
})();
"""


def desktop(contexts):
    context = contexts("desktop")
    context.add_init_script(COUNTERS)
    return context.new_page()


def no_focus(page) -> None:
    """Keys go to the page, not to a button the last click left focused."""
    page.evaluate("() => document.activeElement && document.activeElement.blur()")


def can_call(page) -> bool:
    return page.evaluate("() => { const b = document.querySelector('[data-action=\"call\"]');"
                         " return !!b && !b.disabled; }")


def set_sound(page, on: bool) -> None:
    tap(page, page.get_by_test_id("open-indstillinger"))
    box = page.locator('input[data-setting="sound"]')
    if box.is_checked() != on:
        tap(page, box)
    tap(page, page.get_by_role("button", name="Tilbage"))
    page.wait_for_selector('[data-testid="start"]')


def test_keyboard_play_at_snyd_peek_bid_call(contexts, server, screenshot):
    page = desktop(contexts)
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_table(page, dice=3, regulars=1)
    until_mine(page)
    no_focus(page)
    page.keyboard.down(" ")
    page.wait_for_selector(DIE)
    assert page.locator(DIE).count() == my_count(page), "Space held: my dice show"
    screenshot(page, "senses-space-peek")
    page.keyboard.up(" ")
    page.wait_for_function(f"!document.querySelector('{DIE}')")

    quantity = page.get_by_test_id("bid-quantity")
    q0 = quantity.input_value()
    page.keyboard.press("ArrowUp")
    assert quantity.input_value() != q0, "ArrowUp: one more die in the bid"
    index = "document.querySelector('[data-testid=\"bid-face\"]').selectedIndex"
    count = page.evaluate("document.querySelector('[data-testid=\"bid-face\"]').options.length")
    i0 = page.evaluate(index)
    page.keyboard.press("ArrowRight")
    assert page.evaluate(index) == min(i0 + 1, count - 1), "ArrowRight: the next face"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(index) == max(min(i0 + 1, count - 1) - 1, 0), "ArrowLeft: back one face"
    chosen = quantity.input_value()
    page.keyboard.press("Enter")
    page.wait_for_function("() => { const b = document.querySelector('[data-action=\"bid\"]');"
                           " return !b || b.disabled; }")
    assert chosen != q0, "the bid Enter made was the one the arrows chose"

    # Until there is a bid to call: Næste runde from the keyboard too, and when I lead the
    # new round (nothing to call yet, Løft is disabled) I bid with Enter first.
    while True:
        no_focus(page)
        if wait_state(page, ("mine", "next"), timeout_s=60) == "mine" and can_call(page):
            break
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
    page.keyboard.press("l")
    wait_state(page, ("next",), timeout_s=30)
    assert page.locator('[data-testid="revealed-die"]').count() > 0, "L called: the cups are up"
    assert state(page) == "next"


def test_typing_in_a_field_is_never_a_key_of_the_table(contexts, server):
    page = desktop(contexts)
    open_app(page, server)
    set_table(page, dice=2, regulars=1)
    page.wait_for_selector('[data-testid="table-screen"]')
    page.evaluate("""() => { const i = document.createElement('input'); i.id = 'probe';
        document.querySelector('[data-testid="table-screen"]').append(i); }""")
    page.locator("#probe").focus()
    page.keyboard.press("l")
    page.keyboard.down(" ")
    assert page.locator(DIE).count() == 0 and page.locator("#probe").input_value() == "l "
    page.keyboard.up(" ")
    assert page.locator('[data-testid="revealed-die"]').count() == 0


def test_the_screen_is_kept_awake_at_a_table_and_released_after(contexts, server):
    page = desktop(contexts)
    open_app(page, server)
    page.wait_for_timeout(300)
    assert page.evaluate("window.__wake.requests") == 0, "not on the start screen"
    set_table(page, dice=2, regulars=1)
    page.wait_for_function("window.__wake.held && window.__wake.requests === 1")
    tap(page, page.locator('[data-action="leave"]'))
    page.wait_for_selector('[data-testid="start"]')
    page.wait_for_function("window.__wake.releases === 1 && !window.__wake.held")
    # At another game's table: asked for again.
    tap(page, page.get_by_test_id("game-bakke"))
    page.wait_for_selector('[data-testid="setup"]')
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_function("window.__wake.held && window.__wake.requests === 2")


def test_sounds_play_only_with_lyd_on(contexts, server):
    page = desktop(contexts)
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_sound(page, False)
    set_table(page, dice=2, regulars=1)
    until_mine(page)             # a deal (a rattle) and the regular's bids (slams) have passed
    no_focus(page)
    page.keyboard.press("Enter")
    page.wait_for_timeout(800)
    assert page.evaluate("window.__audio.voices") == 0, "Lyd off: silence"
    tap(page, page.locator('[data-action="leave"]'))
    page.wait_for_selector('[data-testid="start"]')
    set_sound(page, True)
    set_table(page, dice=2, regulars=1)
    page.wait_for_function("window.__audio.voices > 0", timeout=10_000)
    assert page.evaluate("window.__audio.contexts") == 1, "one AudioContext for the app"
