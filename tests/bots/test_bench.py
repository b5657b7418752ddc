"""The bench runs (a handful of games; the real run is `python -m engine.snyd.bench`)."""

from __future__ import annotations

import pytest

from engine.snyd import bench
from engine.snyd.bots import REGULARS
from engine.snyd.rules import Rules


def test_wilson_interval() -> None:
    lo, hi = bench.wilson(50, 100)
    assert 0.39 < lo < 0.41 and 0.59 < hi < 0.61
    assert bench.wilson(0, 100)[0] == 0.0 and bench.wilson(100, 100)[1] == pytest.approx(1.0)
    assert bench.wilson(0, 100)[1] == pytest.approx(0.037, abs=0.001)


def test_match_counts_lost_games() -> None:
    lost = bench.match("Ronni", Rules(dice_per_player=2), seats=2, games=4, seed=3)
    assert 0 <= lost <= 4


def test_bench_prints_every_regular(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "1", "--presets", "standard", "--seats", "2", "--no-timing"]) == 0
    out = capsys.readouterr().out
    for info in REGULARS:
        assert f"standard       2 {info['name']}" in out
