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


def test_match_counts_lost_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """match() counts exactly the games its regular lost, rotating its seat, fresh seed per game."""
    played = []
    losers = iter(["Ronni", "Simpel1", "Ronni", "Simpel2", "Simpel1", "Ronni", "Simpel2"])

    def scripted(players, rules, seed, timer=None):
        played.append(([p.name for p in players], seed))
        return next(losers)

    monkeypatch.setattr(bench, "play_game", scripted)
    assert bench.match("Ronni", Rules(), seats=3, games=7, seed=3) == 3
    assert [names.index("Ronni") for names, _ in played] == [0, 1, 2, 0, 1, 2, 0]
    assert all(sorted(names) == ["Ronni", "Simpel1", "Simpel2"] for names, _ in played)
    assert len({seed for _, seed in played}) == 7


def test_match_plays_real_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Real games, each ending with a loser at the table; match() counts the regular's losses."""
    losers = []
    real = bench.play_game

    def recording(players, rules, seed, timer=None):
        losers.append(real(players, rules, seed, timer))
        assert losers[-1] in {p.name for p in players}
        return losers[-1]

    monkeypatch.setattr(bench, "play_game", recording)
    lost = bench.match("Ronni", Rules(dice_per_player=2), seats=2, games=6, seed=3)
    assert len(losers) == 6 and lost == losers.count("Ronni")
    assert 0 < lost < 6  # this seed: Ronni loses some and wins some (a fixed count would not)


def test_bench_prints_every_regular(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "1", "--presets", "standard", "--seats", "2", "--no-timing"]) == 0
    out = capsys.readouterr().out
    for info in REGULARS:
        assert f"standard       2 {info['name']}" in out
