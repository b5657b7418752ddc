"""Bakke's *Dæk bordet* ("bakke"): dice per player, *Fejl* on or off, the players. The screen's
work is app/table/setup.py's; here only Bakke's own choices."""
from __future__ import annotations

from typing import Any

from app.bakke import table_screen
from app.bakke.setup_markup import Draft, setup_html
from app.shell import screens
from app.table.setup import GameSetup

SCREEN = "bakke"


def _choose(d: Draft, t: Any) -> bool:
    """Dice per player or *Fejl*; any other control is not Bakke's own."""
    testid = t.getAttribute("data-testid")
    if testid == "dice-per-player":
        d.choose_dice(str(t.value))
    elif testid == "faults":
        d.faults = bool(t.checked)
    else:
        return False
    return True


setup = GameSetup("bakke", SCREEN, Draft, setup_html, table_screen, _choose)
screens.register(SCREEN, setup.render, title="Bakke")
