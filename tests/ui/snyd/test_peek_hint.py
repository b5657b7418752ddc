"""The newcomer's peek hints (app.snyd.peek_hint)."""
from app.snyd.peek_hint import HINTS, SHORT_MS, PeekHint


def test_the_cup_hint_shows_until_a_real_look():
    h = PeekHint()
    assert h.cup_hint(touch=True, can_peek=True) == "Stryg op for at kigge"
    assert h.cup_hint(touch=False, can_peek=True) == "Hold på Kig"
    assert h.cup_hint(touch=False, can_peek=False) == ""
    h.peek_started(1000)
    assert h.peek_ended(1000 + SHORT_MS) == ""
    assert h.looked and h.cup_hint(touch=True, can_peek=True) == ""


def test_a_short_tap_earns_a_line_and_keeps_the_hint():
    h = PeekHint()
    h.peek_started(0)
    assert h.peek_ended(SHORT_MS - 300) == HINTS["short"]
    assert h.line == HINTS["short"] and h.cup_hint(touch=False, can_peek=True) == "Hold på Kig"
    h.peek_started(5000)  # the next press clears the line
    assert h.line == ""


def test_an_end_without_a_start_says_nothing():
    assert PeekHint().peek_ended(100) == ""
