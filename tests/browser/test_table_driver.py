"""Helpers that drive the Snyd table like a player (imported by the table's browser tests).

No tests here. Everything goes through what a player touches: taps, real CDP touch swipes,
the mouse, the selects; the state is read back from the DOM only.
"""
from __future__ import annotations

import time
from typing import Any

from devtools.browser import wait_for_app

FELT = '[data-testid="table"]'
DIE = '[data-testid="die"]'


def is_touch(page: Any) -> bool:
    return bool(page.evaluate("navigator.maxTouchPoints > 0"))


def tap(page: Any, locator: Any) -> None:
    if is_touch(page):
        locator.tap()
    else:
        locator.click()


def open_app(page: Any, server: str) -> None:
    page.goto(server)
    wait_for_app(page)


def set_settings(page: Any, tempo: str = "hurtig", practice: bool | None = None) -> None:
    """Through *Indstillinger*, from the start screen; back to the start screen after."""
    tap(page, page.get_by_test_id("open-indstillinger"))
    page.wait_for_selector('[data-testid="settings"]')
    page.locator('select[data-setting="tempo"]').select_option(tempo)
    if practice is not None:
        box = page.locator('input[data-setting="practice"]')
        if box.is_checked() != practice:
            tap(page, box)
    tap(page, page.get_by_role("button", name="Tilbage"))
    page.wait_for_selector('[data-testid="start"]')


def open_house_rules(page: Any) -> None:
    """*Husregler* is folded on Dæk bordet (issue 12): unfold it to reach the switches."""
    fold = page.get_by_test_id("house-rules")
    if fold.get_attribute("open") is None:
        tap(page, fold.locator("summary"))


def set_table(page: Any, dice: int = 2, ruleset: str | None = None, switches: dict[str, bool] | None = None,
              humans: list[str] | None = None, regulars: int | None = None) -> None:
    """*Dæk bordet* from the start screen, then start the table.

    humans: names of the people at this phone (default: the one default seat);
    regulars: how many regulars (default: the default three).
    """
    tap(page, page.get_by_test_id("game-snyd"))
    page.wait_for_selector('[data-testid="setup"]')
    if ruleset:
        page.get_by_test_id("ruleset").select_option(ruleset)
    if switches:
        open_house_rules(page)
    for rule_id, on in (switches or {}).items():
        box = page.locator(f'input[data-rule="{rule_id}"]')
        if box.is_checked() != on:
            tap(page, box)
    page.get_by_test_id("dice-per-player").select_option(str(dice))
    if regulars is not None:
        while page.locator('[data-testid="setup-seat"][data-kind="regular"]').count() > regulars:
            seat = page.locator('[data-testid="setup-seat"][data-kind="regular"]').last
            tap(page, seat.get_by_role("button"))
        while page.locator('[data-testid="setup-seat"][data-kind="regular"]').count() < regulars:
            tap(page, page.get_by_test_id("add-regular"))
    if humans:
        while page.locator('[data-testid="setup-seat"][data-kind="human"]').count() < len(humans):
            tap(page, page.get_by_test_id("add-human"))
        inputs = page.locator('[data-testid="setup-seat"][data-kind="human"] input')
        for i, name in enumerate(humans):
            inputs.nth(i).fill(name)
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_selector(FELT)


def state(page: Any) -> str:
    """What the table waits for: handoff, mine (my bid/call), next (after a reveal), other."""
    return page.evaluate("""() => {
        if (document.querySelector('[data-testid="handoff"]')) return 'handoff';
        if (document.querySelector('[data-action="next"]')) return 'next';
        const byd = document.querySelector('[data-action="bid"]');
        if (byd && !byd.disabled) return 'mine';
        // At the S18 cap no raise is left: only Løft is live, and it is still my turn.
        const loft = document.querySelector('[data-action="call"]');
        if (loft && !loft.disabled) return 'mine';
        return 'other';
    }""")


def wait_state(page: Any, wanted: tuple[str, ...] = ("handoff", "mine", "next"), timeout_s: float = 30) -> str:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        s = state(page)
        if s in wanted:
            return s
        page.wait_for_timeout(50)
    raise AssertionError(f"the table never reached {wanted}; it is {state(page)!r}")


def until_mine(page: Any, timeout_s: float = 60) -> None:
    """Play on (tapping *Næste runde*) until it is this phone's turn to bid."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if wait_state(page, ("mine", "next"), timeout_s=timeout_s) == "mine":
            return
        tap(page, page.locator('[data-action="next"]'))
    raise AssertionError("never my turn")


def felt_point(page: Any, fx: float = 0.5, fy: float = 0.7) -> tuple[float, float]:
    box = page.locator(FELT).bounding_box()
    return box["x"] + box["width"] * fx, box["y"] + box["height"] * fy


class Touch:
    """One finger on the glass, through CDP, so a test can look while the finger is down."""

    def __init__(self, page: Any):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def start(self, x: float, y: float) -> Touch:
        self.x, self.y = x, y
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y, "id": 1}]})
        return self

    def move_to(self, x: float, y: float, steps: int = 8) -> Touch:
        x0, y0 = self.x, self.y
        for i in range(1, steps + 1):
            self.x, self.y = x0 + (x - x0) * i / steps, y0 + (y - y0) * i / steps
            self.cdp.send("Input.dispatchTouchEvent",
                          {"type": "touchMove", "touchPoints": [{"x": self.x, "y": self.y, "id": 1}]})
            self.page.wait_for_timeout(16)
        return self

    def end(self) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        self.page.wait_for_timeout(50)
        self.cdp.detach()


def my_dice(page: Any) -> list[int]:
    return [int(v) for v in page.locator(DIE).evaluate_all("els => els.map(e => e.dataset.value)")]


def my_count(page: Any) -> int:
    """How many dice this phone's player holds, as the seat shows it."""
    return int(page.locator(".seat.me .dice-count").inner_text())


def dice_owners(page: Any) -> set[str]:
    """Whose private dice are in the DOM now (the container of every `die` names its player)."""
    return set(page.locator(DIE).evaluate_all(
        "els => els.map(e => e.closest('[data-player]').dataset.player)"))


def peek_by_swipe(page: Any, lift_px: float = 90) -> list[int]:
    """Swipe up on the felt, read the dice while the finger is up, let go; returns the dice."""
    x, y = felt_point(page, 0.5, 0.75)
    t = Touch(page).start(x, y).move_to(x, y - lift_px)
    page.wait_for_timeout(30)
    seen = my_dice(page)
    t.end()
    return seen


def me(page: Any) -> str:
    return page.locator('.seat.me').get_attribute("data-player")


def live_text(page: Any) -> str:
    return page.locator("#live").inner_text()
