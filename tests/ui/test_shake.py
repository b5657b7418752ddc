"""app/device/shake.py: a shake is three jolts within 0.8 s; steps, a phone put down, or a lone jolt
are not; after a shake the detector rests, so one long shake is one rattle."""
from __future__ import annotations

import itertools

from app.device.shake import GRAVITY, JOLT_MS2, REST_MS, WINDOW_MS, ShakeDetector

JOLT = (GRAVITY + JOLT_MS2 + 3, 0.0, 0.0)
CALM = (0.3, 0.2, GRAVITY)


def feed(d: ShakeDetector, readings) -> list[float]:
    """The times at which a shake was seen."""
    return [t for t, xyz in readings if d.feed(*xyz, t)]


def test_three_jolts_within_the_window_are_a_shake():
    d = ShakeDetector()
    assert feed(d, [(0, JOLT), (100, CALM), (200, JOLT), (400, JOLT)]) == [400]


def test_calm_readings_walking_and_jolts_too_far_apart_are_not():
    d = ShakeDetector()
    step = (0.0, GRAVITY + JOLT_MS2 - 1, 0.0)  # a brisk step: below the threshold
    assert feed(d, [(t, step) for t in range(0, 3000, 100)]) == []
    slow = [(t, JOLT) for t in (0, WINDOW_MS * 0.6, WINDOW_MS * 1.2, WINDOW_MS * 1.8)]
    assert feed(ShakeDetector(), slow) == []  # never three within one window
    assert feed(ShakeDetector(), [(t, CALM) for t in range(0, 2000, 16)]) == []


def test_a_jolt_counts_whichever_way_the_phone_is_flung():
    d = ShakeDetector()
    back = (-JOLT[0], 0.0, 0.0)
    side = (0.0, 0.0, -JOLT[0])
    assert feed(d, [(0, JOLT), (150, back), (300, side)]) == [300]


def test_a_long_shake_rattles_once_per_rest():
    d = ShakeDetector()
    times = feed(d, [(t, JOLT) for t in range(0, 3000, 50)])
    assert times[0] == 100
    assert all(b - a >= REST_MS for a, b in itertools.pairwise(times))
    assert len(times) == 3   # at 100, ~1350, ~2600 ms


def test_a_device_without_readings_never_shakes():
    d = ShakeDetector()
    assert not any(d.feed(None, None, None, t) for t in range(0, 2000, 10))
