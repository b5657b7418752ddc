import pytest
from app.table.turn_clock import TurnClock


def test_counts_down_from_the_limit_with_times_from_outside():
    c = TurnClock(15)
    c.start("t1", now=100.0)
    assert c.seconds_shown(100.0) == 15
    assert c.seconds_shown(100.2) == 15
    assert c.seconds_shown(101.0) == 14
    assert c.remaining(107.5) == pytest.approx(7.5)


def test_red_and_one_beep_in_the_last_five_seconds():
    c = TurnClock(15)
    c.start("t1", 0.0)
    assert not c.is_red(9.9) and not c.beep_due(9.9)
    assert c.is_red(10.0)
    assert c.beep_due(10.1) is True
    assert c.beep_due(11.0) is False  # once per turn


def test_expires_at_zero_only():
    c = TurnClock(15)
    c.start("t1", 0.0)
    assert not c.expired(14.99)
    assert c.expired(15.0) and c.seconds_shown(15.0) == 0


def test_same_turn_keeps_running_new_turn_restarts():
    c = TurnClock(15)
    assert c.start("t1", 0.0)
    assert not c.start("t1", 5.0)
    assert c.remaining(5.0) == pytest.approx(10)
    assert c.start("t2", 6.0)
    assert c.remaining(6.0) == pytest.approx(15)
    c.beep_due(20.0)
    c.start("t3", 30.0)
    assert c.beep_due(40.5)  # a new turn beeps again


def test_stopped_clock_never_expires():
    c = TurnClock(15)
    c.start("t", 0)
    c.stop()
    assert not c.expired(100) and not c.is_red(100)


def test_bad_limit_is_refused():
    with pytest.raises(ValueError):
        TurnClock(0)
