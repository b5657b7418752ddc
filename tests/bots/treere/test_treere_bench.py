"""The Treere bench runs end to end (a handful of pots; the real run is
`python -m engine.treere.bench`)."""
from __future__ import annotations

import pytest

from engine.treere import Rules, Table, bench, optimal
from engine.treere.bots import regular, simpel


def test_wilson_interval() -> None:
    lo, hi = bench.wilson(50, 100)
    assert 0.39 < lo < 0.41 and 0.59 < hi < 0.61
    assert bench.wilson(0, 0) == (0.0, 1.0)


def pot_by_hand(seed: int) -> tuple[str, int]:
    """The same pot played here on a Table of our own: its winner and Lis's keeps."""
    players = {"Lis": regular("Lis", seed=1), "Simpel": simpel(seed=1)}
    table = Table(list(players), Rules(), seed=seed, first="Lis")
    keeps = 0
    while table.phase != "over":
        who = table.turn
        action = players[who].decide(table.view(who))
        keeps += who == "Lis" and action["type"] == "keep"
        table.act(who, action)
    return str(table.winner), keeps


def test_play_pot_returns_the_winner_of_a_real_pot() -> None:
    winners = set()
    for seed in range(8):
        times: list[float] = []
        winner = bench.play_pot([regular("Lis", seed=1), simpel(seed=1)], Rules(), seed=seed,
                                times=times, timed="Lis")
        want, keeps = pot_by_hand(seed)
        assert winner == want, f"seed {seed}: the table's winner is {want}"
        assert len(times) == keeps and all(t >= 0 for t in times), "each of Lis's keeps timed"
        winners.add(winner)
    assert winners == {"Lis", "Simpel"}, "over eight pots each player wins one"


def test_exact_share_is_the_dp_average_over_seats() -> None:
    want = (optimal.evaluate(["optimal", "simpel"]).value[0]
            + optimal.evaluate(["simpel", "optimal"]).value[1]) / 2
    assert bench.exact_share(2, Rules()) == pytest.approx(want, abs=1e-15)


def test_main_prints_the_exact_chance_beside_the_simulated_share(capsys) -> None:
    code = bench.main(["--games", "120", "--char-games", "4", "--no-timing"])
    out = capsys.readouterr().out
    assert "eksakt (DP) 56.76%" in out
    assert ("inden for intervallet: ja" in out) == (code == 0)
    for name in ("Henning", "Grethe", "Kaj", "Ronni", "Lis"):
        assert f"  {name}" in out
