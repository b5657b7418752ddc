"""*Dæk bordet* for Bakke: the draft of a table and its HTML (pure; setup_screen does the DOM).

The choices are the seed's: six dice each (B1; fewer for a quick game) and whether *Fejl*
may be called (B7). The players are the shared seat draft (app/table/seat_draft.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from app.lang import t
from app.table.seat_draft import SeatDraft, actions_html, described, seats_html
from app.tutorial.markup import open_button_html


@dataclass
class Draft:
    seats: SeatDraft = field(default_factory=SeatDraft)
    dice: int = 6        # B1: dice in each hand
    faults: bool = True  # B7: the *Fejl* button
    error: str = ""
    notice: str = ""

    def rules(self) -> dict:
        """engine.bakke.Rules as a dict (checked by the engine when the table is made)."""
        return {"dice_per_player": self.dice, "faults": self.faults}

    def choose_dice(self, value: str) -> None:
        if value not in ("1", "2", "3", "4", "5", "6"):
            raise ValueError(t("bakke.setup.bad_dice", value=value[:10]))
        self.dice = int(value)


def setup_html(d: Draft, regulars: list[dict], saved: bool) -> str:
    resume = ('<button type="button" class="btn resume" data-action="resume" data-testid="resume-table">'
              f'{escape(t("bakke.setup.resume"))}</button>') if saved else ""
    notice = f'<p class="notice" role="alert">{escape(d.notice)}</p>' if d.notice else ""
    dice = "".join(f'<option value="{n}"{" selected" if n == d.dice else ""}>{n}</option>' for n in range(1, 7))
    faults = (f'<label class="switch"><input type="checkbox" role="switch" data-testid="faults"'
              f'{" checked" if d.faults else ""}><span class="sw-title">{escape(t("bakke.setup.faults"))}</span>'
              f'<span class="sw-text">{escape(t("bakke.setup.faults_text"))}</span></label>')
    return (f'<section class="setup panel" data-testid="setup" data-game="bakke">'
            f'<h2>{escape(t("bakke.setup.title"))}</h2>{notice}{resume}'
            f'<p class="game-line">{escape(t("bakke.setup.game"))} <b>Bakke</b> '
            f'<span class="hint">{escape(t("bakke.setup.goal"))}</span></p>'
            f'{open_button_html("bakke")}'
            f'<div class="field"><label for="bakke-dice">{escape(t("bakke.setup.dice"))}</label>'
            f'<select id="bakke-dice" data-testid="dice-per-player">{dice}</select></div>'
            f'<fieldset class="house"><legend>{escape(t("bakke.setup.house"))}</legend>{faults}</fieldset>'
            f'{seats_html(d.seats, described("bakke", regulars))}'
            f'<p class="error" role="alert">{escape(d.error)}</p>'
            f'{actions_html()}</section>')
