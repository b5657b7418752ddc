"""*Dæk bordet* ("dæk bordet"): choose the seats, the dice, the rule set and the house rules.

The screen's work is app/table/setup.py's `GameSetup`; here only what Snyd has of its own: a
draft whose seats are Snyd `Seat`s (the seat draft under `seating`), the phone/friends switch,
the dice, the rule set and the house rules folded under *Husregler*, and a Snyd Session (or a
friends' table) at the regulars' tempo from the settings.
"""
from __future__ import annotations

from typing import Any

from app.home.player_settings import default_name, tempo_factor
from app.shell import screens
from app.shell.dom_util import present
from app.snyd import table_screen
from app.snyd.setup_markup import Draft, SnydSeats, setup_html
from app.snyd.table_session import Session
from app.table.seat_draft import SeatDraft
from app.table.setup import GameSetup

SCREEN = "dæk bordet"  # not text


class SnydSetup(GameSetup):
    def seating(self, d: Draft) -> SeatDraft:
        return d.seating

    def new_draft(self, settings: dict) -> Draft:
        """You against the first three regulars (Bakke and Treere: two)."""
        d = self._new_draft()
        mine = settings["name"] or default_name()
        picks = tuple(r["name"] for r in self.regulars() if r["name"] != mine)[:3]
        d.seating = SnydSeats.first(settings["name"], self.regulars(), picks)
        return d

    def act(self, d: Draft, action: str) -> None:
        if action in ("mode-phone", "mode-friends"):
            d.choose_mode(action.removeprefix("mode-"))

    def new_session(self, d: Draft) -> Session:
        tempo = self.tempo()
        return Session(d.seats, d.rules(), tempo=tempo)

    def tempo(self) -> float:
        return tempo_factor(self.settings())

    def error_of(self, exc: Exception) -> str:
        """The engine's message as it is: the markup says it in the language on show."""
        return str(exc)

    def on_click(self, ev: Any) -> None:
        summary = ev.target.closest("summary.house-title")
        if present(summary):  # the browser folds it; the draft remembers it for the repaints
            self.current().house_open = not summary.parentElement.open
            return
        super().on_click(ev)


def _choose(d: Draft, t: Any) -> bool:
    """The rule set, the dice or a house rule; any other control is not Snyd's own."""
    testid = t.getAttribute("data-testid")
    if testid == "ruleset":
        d.choose_ruleset(str(t.value))
    elif testid == "dice-per-player":
        d.dice = int(t.value)
    elif t.hasAttribute("data-rule"):
        d.switches[t.getAttribute("data-rule")] = bool(t.checked)
    else:
        return False
    return True


setup = SnydSetup("snyd", SCREEN, Draft, setup_html, table_screen, _choose)
screens.register(SCREEN, setup.render)  # its title: screens.KNOWN_TITLES
