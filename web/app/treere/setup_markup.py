"""*Dæk bordet* for Treere: the draft of a table and its HTML (pure; setup_screen does the DOM).

The choices are the seed's: the ante in units (T1), *Progressiv* in its two forms (T6 and the
seed's "én runde for en maksimal gevinstscore på én, to runder for maksimalt to …") and another
zero face (T7), which the seed does not recommend.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from app.seat_draft import ACTIONS_HTML, SeatDraft, seats_html

ANTES = (1, 2, 3, 5, 10)
# (Rules.progressive value, the option's title, one line of Danish)
PROGRESSIONS: list[tuple[object, str, str]] = [
    (False, "Almindeligt", "Laveste score vinder puljen."),
    ("spil", "Progressiv",
     ("Første runde kan kun vindes med nul, den anden med en eller nul, den tredje med to eller "
     "lavere … Vinder ingen, lægger alle en ny indsats, og puljen vokser.")),
    ("runder", "Progressiv i runder",
     ("Én runde for en gevinstscore på højst én, to runder for højst to, tre for tre … "
     "Vinder ingen, lægger alle en ny indsats, og puljen vokser.")),
]
PROGRESSION_KEYS = {"false": False, "spil": "spil", "runder": "runder"}
FACE_NAMES = {1: "Ettere", 2: "Toere", 3: "Treere", 4: "Firere", 5: "Femmere", 6: "Seksere"}
ZERO_WARNING = ("Et andet tal end tre som nul anbefales ikke: spillerne har tendens til at blive "
                "forvirrede.")


def units(n: int) -> str:
    return f"{n} enhed" if abs(n) == 1 else f"{n} enheder"


@dataclass
class Draft:
    """The table being set: the seats (app/seat_draft.py) and Treere's own choices."""
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
            raise ValueError(f"Ukendt valg: {what[:20]}={value[:20]} (unknown choice)")


def _attr(v: object) -> str:
    return escape(str(v), quote=True)


def _options(pairs: list[tuple[str, str]], chosen: str) -> str:
    return "".join(f'<option value="{_attr(v)}"{" selected" if v == chosen else ""}>{escape(t)}</option>'
                   for v, t in pairs)


def _key(progressive: object) -> str:
    return "false" if progressive is False else str(progressive)


def setup_html(d: Draft, regulars: list[dict], saved: bool) -> str:
    resume = ('<button type="button" class="btn resume" data-action="resume" data-testid="resume-table">'
              'Fortsæt bordet</button>') if saved else ""
    notice = f'<p class="notice" role="alert">{escape(d.notice)}</p>' if d.notice else ""
    antes = _options([(str(a), units(a)) for a in ANTES], str(d.ante))
    progs = _options([(_key(v), t) for v, t, _ in PROGRESSIONS], _key(d.progressive))
    prog_text = next(text for v, _, text in PROGRESSIONS if v == d.progressive)
    zeros = _options([(str(f), FACE_NAMES[f]) for f in range(1, 7)], str(d.zero_face))
    warning = (f'<p class="notice zero-warning" data-testid="zero-warning" role="note">{ZERO_WARNING}</p>'
               if d.zero_face != 3 else "")
    error = f'<p class="error" role="alert">{escape(d.error)}</p>'
    return (f'<section class="setup panel treere-setup" data-testid="setup" data-game="treere">'
            f'<h2>Dæk bordet</h2>{notice}{resume}'
            f'<p class="game-line">Spil: <b>Treere</b> <span class="hint">– så lav en score som '
            f'muligt; treere tæller nul.</span></p>'
            f'<div class="field"><label for="tr-ante">Indsats pr. spiller</label>'
            f'<select id="tr-ante" data-testid="treere-ante" data-choice="ante">{antes}</select></div>'
            f'<div class="field"><label for="tr-prog">Progressiv</label>'
            f'<select id="tr-prog" data-testid="treere-progressive" data-choice="progressive">{progs}</select>'
            f'<p class="hint">{escape(prog_text)}</p></div>'
            f'<div class="field"><label for="tr-zero">Tæller nul</label>'
            f'<select id="tr-zero" data-testid="treere-zero-face" data-choice="zero-face">{zeros}</select>'
            f'{warning}</div>'
            f'<p class="hint">Alle terninger ligger åbent: send telefonen rundt, eller spil mod '
            f'stamgæsterne.</p>{seats_html(d.seats, regulars)}{error}'
            f'{ACTIONS_HTML}</section>')
