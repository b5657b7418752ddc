"""The Treere bench runs end to end (a handful of pots; the real run is
`python -m engine.treere.bench`)."""
from __future__ import annotations

import pytest

from engine.treere import Rules, bench, optimal
from engine.treere.bots import naive, regular


def test_wilson_interval() -> None:
    lo, hi = bench.wilson(50, 100)
    assert 0.39 < lo < 0.41 and 0.59 < hi < 0.61
    assert bench.wilson(0, 0) == (0.0, 1.0)


def test_play_pot_returns_the_winner_of_a_real_pot() -> None:
    times: list[float] = []
    winner = bench.play_pot([regular("Lis", seed=1), naive(seed=1)], Rules(), seed=4, times=times,
                            timed="Lis")
    assert winner in {"Lis", "Simpel"} and times and all(t >= 0 for t in times)


def test_exact_share_is_the_dp_average_over_seats() -> None:
    want = (optimal.evaluate(["optimal", "naive"]).value[0]
            + optimal.evaluate(["naive", "optimal"]).value[1]) / 2
    assert bench.exact_share(2, Rules()) == pytest.approx(want, abs=1e-15)


def test_main_prints_the_exact_chance_beside_the_simulated_share(capsys) -> None:
    code = bench.main(["--games", "120", "--char-games", "4", "--no-timing"])
    out = capsys.readouterr().out
    assert "eksakt (DP) 56.76%" in out
    assert ("inden for intervallet: ja" in out) == (code == 0)
    for name in ("Henning", "Grethe", "Kaj", "Ronni", "Lis"):
        assert f"  {name}" in out
