"""The newcomer's peek hints (app.snyd.peek_hint), in the player's language."""
import pytest
from app import lang
from app.snyd.peek_hint import SHORT_MS, PeekHint


@pytest.fixture(autouse=True)
def danish_again():
    yield
    lang.set_language("da")


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
    assert h.peek_ended(SHORT_MS - 300) == "Hold Kig nede for at se dine terninger"
    assert h.line.startswith("Hold Kig nede") and h.cup_hint(touch=False, can_peek=True) == "Hold på Kig"
    h.peek_started(5000)  # the next press clears the line
    assert h.line == ""


def test_an_end_without_a_start_says_nothing():
    assert PeekHint().peek_ended(100) == ""


def test_the_hints_in_english():
    lang.set_language("en")
    h = PeekHint()
    assert h.cup_hint(touch=True, can_peek=True) == "Swipe up to peek"
    assert h.cup_hint(touch=False, can_peek=True) == "Hold Peek"
    h.peek_started(0)
    assert h.peek_ended(SHORT_MS - 1) == "Keep holding Peek to see your dice"
