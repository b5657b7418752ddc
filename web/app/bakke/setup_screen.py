"""Bakke's *Dæk bordet* ("bakke"): dice per player, *Fejl* on or off, the players. The screen's
work is app/game_setup.py's; here only Bakke's own choices."""
from __future__ import annotations

from typing import Any

from app import screens
from app.bakke import table_screen
from app.bakke.setup_markup import Draft, setup_html
from app.dom_util import present
from app.game_setup import GameSetup

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


class BakkeSetup(GameSetup):
    """The shared *Dæk bordet*, and *Lær at spille*: Bakke's tutorial (its *Spring over* comes
    back here)."""

    def on_click(self, ev: Any) -> None:
        if present(ev.target.closest('[data-action="learn"]')):
            screens.show("lær", game="bakke")  # not text: the screen's name (tutorial_screen.py)
            return
        super().on_click(ev)


setup = BakkeSetup("bakke", SCREEN, Draft, setup_html, table_screen, _choose)
screens.register(SCREEN, setup.render, title="Bakke")
