"""Pass-and-play: two people and a regular at one phone. Between the two people a hand-off
screen covers everything; only the player on turn may peek; no screenshot ever shows the
private dice of two players."""
from __future__ import annotations

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import (
    DIE,
    Touch,
    dice_owners,
    felt_point,
    me,
    open_app,
    set_table,
    state,
    tap,
    wait_state,
)


def shot(page, screenshot, name, holder=None):
    """A screenshot, after checking that at most one player's private dice are in the page."""
    owners = dice_owners(page)
    assert len(owners) <= 1, f"two players' dice on screen: {owners}"
    if holder is not None and owners:
        assert owners == {holder}
    screenshot(page, name)


def test_pass_and_play_two_people_and_a_regular(phone_page, server, screenshot):
    page = phone_page
    open_app(page, server)
    # three dice each: four hand-offs come long before a person can be out (with two, one lost
    # both of the first rounds once, and the hand-offs stopped: one person left at the phone)
    set_table(page, dice=3, humans=["Mette", "Jonas"], regulars=1)
    players = page.get_by_test_id("seat").evaluate_all("els => els.map(e => e.dataset.player)")
    assert len(players) == 3 and {"Mette", "Jonas"} <= set(players)
    handoffs, peeks, n = [], {}, 0
    checked_other = False
    deadline = time.monotonic() + 180
    while len(handoffs) < 4 and n < 80:
        assert time.monotonic() < deadline, f"only these hand-offs in 180 s: {handoffs}"
        s = wait_state(page, ("handoff", "mine", "next", "other"), timeout_s=30)
        if s == "other":
            # A regular is thinking: the person holding the phone may not peek now. (Waiting
            # is not a step: a slow regular must not use up the 80.)
            if not checked_other and state(page) == "other":
                assert page.get_by_role("button", name="Kig", exact=True).is_disabled()
                checked_other = True
            page.wait_for_timeout(100)
            continue
        n += 1
        if s == "handoff":
            cover = page.get_by_test_id("handoff")
            text = cover.inner_text()
            who = "Mette" if "Giv telefonen til Mette" in text else "Jonas"
            assert f"Giv telefonen til {who}" in text
            assert page.locator(DIE).count() == 0, "nothing private under the hand-off screen"
            vp = page.viewport_size
            box = cover.bounding_box()
            assert box["width"] >= vp["width"] and box["height"] >= vp["height"], "it covers everything"
            assert page.evaluate("document.elementFromPoint(innerWidth/2, innerHeight*0.8)"
                                 ".closest('[data-testid=handoff]') !== null")
            shot(page, screenshot, f"passplay-handoff-{len(handoffs)}")
            handoffs.append(who)
            tap(page, page.get_by_role("button", name=f"Jeg er {who}"))
            continue
        if s == "next":
            shot(page, screenshot, "passplay-reveal")  # the cups are lifted for everyone (S7)
            tap(page, page.locator('[data-action="next"]'))
            continue
        holder = me(page)
        x, y = felt_point(page, 0.5, 0.8)
        t = Touch(page).start(x, y).move_to(x, y - 90)
        assert dice_owners(page) == {holder}
        shot(page, screenshot, f"passplay-peek-{holder}", holder)
        peeks[holder] = peeks.get(holder, 0) + 1
        t.end()
        assert page.locator(DIE).count() == 0
        call = page.get_by_role("button", name="Løft", exact=True)
        byd = page.get_by_role("button", name="Byd", exact=True)
        if call.is_enabled() and (n % 3 == 0 or byd.is_disabled()):
            tap(page, call)
        else:
            tap(page, byd)
    assert len(handoffs) >= 4, handoffs
    assert set(handoffs) == {"Mette", "Jonas"}
    assert set(peeks) == {"Mette", "Jonas"}, "each person peeked at their own dice on their own turn"
    assert checked_other, "saw a regular's turn in pass-and-play"
