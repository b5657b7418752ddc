"""Fixtures for the Bakke table UI tests: real engine.bakke tables with scripted dice, and
stand-in regulars (the real ones are engine/bakke/bots.py, tested in tests/bots/bakke/)."""
from __future__ import annotations

import pytest
from app.table.session import GameSession

from engine.bakke import Rules, Table


class Steady:
    """A stand-in regular: throws once, then *Videre*; says a line on its own throws."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name

    def decide(self, view: dict) -> dict:
        legal = view["legal"]
        for kind in ("videre", "throw_all", "throw"):
            if kind in legal:
                return {"type": kind}
        raise AssertionError(f"{self.name} has nothing to do: {legal}")

    def say(self, event: dict, view: dict, lang: str = "da") -> str | None:
        if event.get("type") == "throw":
            return f"{self.name} siger skål"
        return None


@pytest.fixture
def table_of():
    """table_of(seats, dice=[…], first=None, **rules) -> a GameSession over a scripted table."""

    def make(seats, dice=(), first=None, factory=Steady, **rules):
        names = [n for n, _ in seats]
        r = Rules(**rules)
        table = Table(names, r, seed=7, first=first, dice=list(dice))
        return GameSession("bakke", seats, r, seed=7, regular_factory=factory, _table=table)

    return make


class Crashing(Steady):
    """A regular that raises instead of deciding (the table must go on)."""

    def decide(self, view: dict) -> dict:
        raise ZeroDivisionError("division by zero")


@pytest.fixture
def stand_in_bots(monkeypatch):
    """engine.bakke.bots replaced by the stand-in regulars (Henning steady, Kaj crashing), so
    the screens' own imports (REGULARS, regular) get them."""
    import sys
    import types

    bots = types.ModuleType("engine.bakke.bots")
    bots.REGULARS = [{"name": "Henning", "style": "steady", "description": "kaster én og siger videre"},
                     {"name": "Kaj", "style": "crash", "description": "går i stå"}]
    bots.regular = lambda name, seed=None: (Crashing if name == "Kaj" else Steady)(name, seed)
    monkeypatch.setitem(sys.modules, "engine.bakke.bots", bots)
    import engine.bakke
    monkeypatch.setattr(engine.bakke, "bots", bots, raising=False)
    return bots
