"""The Bakke bench runs (a handful of games; the real run is `python -m engine.bakke.bench`)."""
from __future__ import annotations

import pytest

from engine.bakke import bench
from engine.bakke.bots import REGULARS


def test_wilson_interval() -> None:
    lo, hi = bench.wilson(50, 100)
    assert 0.39 < lo < 0.41 and 0.59 < hi < 0.61
    assert bench.wilson(0, 10)[0] == 0.0 and bench.wilson(10, 10)[1] == pytest.approx(1.0)


def test_heads_up_match_counts_games_not_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """Who begins alternates, each game has its own seed, and only the hero's losses count."""
    played = []
    losers = iter(["Lis", "Simpel", "Simpel", "Lis", "Simpel"])

    def scripted(players, seed, first, dice):
        played.append(([p.name for p in players], seed, first))
        return next(losers)

    monkeypatch.setattr(bench, "play_game", scripted)
    assert bench.heads_up_match("Lis", games=5, seed=2) == 3
    assert [first for *_, first in played] == ["Lis", "Simpel", "Lis", "Simpel", "Lis"]
    assert len({seed for _, seed, _ in played}) == 5


def test_bench_prints_every_regular_and_the_exact_chance(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--games", "4", "--character-games", "2", "--dice", "2",
                       "--three-dice", "0", "--no-timing"]) == 0
    out = capsys.readouterr().out
    exact = bench.exact_heads_up("sharp", 2)
    assert "Lis (optimal): not lost" in out and f"exact {exact:.2%}" in out
    assert f"first thrower keeps {bench.optimal.first_throw_value(2):.2%}" in out
    for info in REGULARS:
        assert f"\n{info['name']:8} {info['style']:9}" in out
