"""*Dæk bordet* for Treere: the draft of a table and its HTML (pure; setup_screen does the DOM).

The choices are the seed's: the ante in units (T1), *Progressiv* in its two forms (T6 and the
seed's "én runde for en maksimal gevinstscore på én, to runder for maksimalt to …") and another
zero face (T7), which the seed does not recommend. A pot is played in *runder* (the seed's word,
the table's "Runde 2"); each form is titled by its limits round by round ("Progressiv 0, 1, 2 …",
"Progressiv 1, 2, 2, 3 …") and explained in one line of its own. *Lær at spille* opens Treere's
tutorial (app/tutorial_markup.open_button_html).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from app.lang import t
from app.table.seat_draft import SeatDraft, actions_html, described, seats_html
from app.treere.announce import units
from app.tutorial.markup import open_button_html

ANTES = (1, 2, 3, 5, 10)
# (Rules.progressive value, the catalogue key of its title; its line is the key + ".text")
PROGRESSIONS: list[tuple[object, str]] = [
    (False, "treere.prog.plain"),
    ("spil", "treere.prog.spil"),
    ("runder", "treere.prog.runder"),
]
PROGRESSION_KEYS = {"false": False, "spil": "spil", "runder": "runder"}
__all__ = ["ANTES", "PROGRESSIONS", "Draft", "face_name", "setup_html", "units"]


def face_name(face: int) -> str:
    """A face in the plural as the zero face's option says it: "Treere" ("Threes")."""
    return t(f"treere.face.{face}")


@dataclass
class Draft:
    """The table being set: the seats (app/table/seat_draft.py) and Treere's own choices."""
    seats: SeatDraft = field(default_factory=SeatDraft)
    ante: int = 1
    progressive: object = False
    zero_face: int = 3
    error: str = ""
    notice: str = ""

    def rules(self) -> dict:
        """engine.treere.Rules as a dict (checked by the engine when the table is made)."""
        return {"ante": self.ante, "progressive": self.progressive, "zero_face": self.zero_face}

    def choose(self, what: str, value: str) -> None:
        """A <select> changed: ante, progressive or zero face (values as the markup writes them)."""
        if what == "ante" and value.isdigit() and int(value) in ANTES:
            self.ante = int(value)
        elif what == "progressive" and value in PROGRESSION_KEYS:
            self.progressive = PROGRESSION_KEYS[value]
        elif what == "zero-face" and value in ("1", "2", "3", "4", "5", "6"):
            self.zero_face = int(value)
        else:
            raise ValueError(t("treere.setup.bad_choice", what=what[:20], value=value[:20]))


def _attr(v: object) -> str:
    return escape(str(v), quote=True)


def _options(pairs: list[tuple[str, str]], chosen: str) -> str:
    return "".join(f'<option value="{_attr(v)}"{" selected" if v == chosen else ""}>{escape(text)}</option>'
                   for v, text in pairs)


def _key(progressive: object) -> str:
    return "false" if progressive is False else str(progressive)


def setup_html(d: Draft, regulars: list[dict], saved: bool) -> str:
    resume = ('<button type="button" class="btn resume" data-action="resume" data-testid="resume-table">'
              f'{escape(t("treere.setup.resume"))}</button>') if saved else ""
    notice = f'<p class="notice" role="alert">{escape(d.notice)}</p>' if d.notice else ""
    antes = _options([(str(a), units(a)) for a in ANTES], str(d.ante))
    progs = _options([(_key(v), t(key)) for v, key in PROGRESSIONS], _key(d.progressive))
    prog_text = t(next(key for v, key in PROGRESSIONS if v == d.progressive) + ".text")
    if d.progressive is not False:  # what both forms share, said once below the one that differs
        prog_text += " " + t("treere.prog.grows")
    zeros = _options([(str(f), face_name(f)) for f in range(1, 7)], str(d.zero_face))
    warning = (f'<p class="notice zero-warning" data-testid="zero-warning" role="note">'
               f'{escape(t("treere.setup.zero_warning"))}</p>' if d.zero_face != 3 else "")
    error = f'<p class="error" role="alert">{escape(d.error)}</p>'
    return (f'<section class="setup panel treere-setup" data-testid="setup" data-game="treere">'
            f'<h2>{escape(t("treere.setup.title"))}</h2>{notice}{resume}'
            f'<p class="game-line">{escape(t("treere.setup.game"))} <b>Treere</b> '
            f'<span class="hint">{escape(t("treere.setup.goal"))}</span></p>'
            f'{open_button_html("treere")}'
            f'<div class="field"><label for="tr-ante">{escape(t("treere.setup.ante"))}</label>'
            f'<select id="tr-ante" data-testid="treere-ante" data-choice="ante">{antes}</select></div>'
            f'<div class="field"><label for="tr-prog">{escape(t("treere.setup.progressive"))}</label>'
            f'<select id="tr-prog" data-testid="treere-progressive" data-choice="progressive">{progs}</select>'
            f'<p class="hint">{escape(prog_text)}</p></div>'
            f'<div class="field"><label for="tr-zero">{escape(t("treere.setup.zero_face"))}</label>'
            f'<select id="tr-zero" data-testid="treere-zero-face" data-choice="zero-face">{zeros}</select>'
            f'{warning}</div>'
            f'<p class="hint">{escape(t("treere.setup.open"))}</p>{seats_html(d.seats, described("treere", regulars))}{error}'
            f'{actions_html()}</section>')
