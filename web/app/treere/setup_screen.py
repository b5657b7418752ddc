"""*Dæk bordet* for Treere ("treere"): the players (you, more people at this phone, regulars),
the ante, *Progressiv* and the zero face. The screen's work is app/table/setup.py's; here only
Treere's own choices (setup_markup.Draft.choose)."""
from __future__ import annotations

from typing import Any

from app.shell import screens
from app.table.setup import GameSetup
from app.treere import table_screen
from app.treere.setup_markup import Draft, setup_html

SCREEN = "treere"


def _choose(d: Draft, t: Any) -> bool:
    """A <select> of Treere's own (it names its choice in data-choice)."""
    if not t.hasAttribute("data-choice"):
        return False
    d.choose(str(t.getAttribute("data-choice")), str(t.value))
    return True


setup = GameSetup("treere", SCREEN, Draft, setup_html, table_screen, _choose)
screens.register(SCREEN, setup.render, title="Treere")
