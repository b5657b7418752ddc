"""*Tavlen*: the evening's strokes per player, from a view (S31)."""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from app.lang import t
from app.table.tally_legend import legend_html


@dataclass(frozen=True)
class TallyRow:
    player: str
    strokes: int
    selvbinder: int
    in_viborg: bool

    @property
    def marks(self) -> str:
        """Strokes as a pub tally: groups of five, "||||/" style, e.g. 7 -> "||||/ ||"."""
        fives, rest = divmod(self.strokes, 5)
        return " ".join(["||||/"] * fives + (["|" * rest] if rest else []))


def tally_rows(view: dict) -> list[TallyRow]:
    """One row per player in seat order."""
    tally = view.get("tally", {})
    selv = view.get("selvbinder", {})
    viborg = set(view.get("viborg", []))
    return [TallyRow(p, int(tally.get(p, 0)), int(selv.get(p, 0)), p in viborg)
            for p in view["players"]]


def rounds_given(rows: list[TallyRow]) -> int:
    """Each stroke is a round given (en omgang)."""
    return sum(r.strokes for r in rows)


def tally_html(view: dict) -> str:
    """Tavlen as HTML: strokes per player for the evening and the selvbinder counts, and a
    line per column saying what it counts (app/table/tally_legend.py)."""
    rows = "".join(
        f'<tr data-player="{escape(r.player, quote=True)}"><th scope="row">{escape(r.player)}'
        f'{" <span class=tag>Viborg</span>" if r.in_viborg else ""}</th>'
        f'<td class="marks" aria-label="{strokes_label(r.strokes)}">{r.marks or "–"}</td>'
        f'<td class="strokes">{r.strokes}</td><td class="selv">{r.selvbinder}</td></tr>'
        for r in tally_rows(view))
    return (f'<table class="tally-table"><caption>{t("snyd.tally.caption")}</caption>'
            f'<thead><tr><th scope="col">{t("snyd.tally.player")}</th><th scope="col">{t("snyd.tally.board")}</th>'
            f'<th scope="col">{t("snyd.tally.strokes")}</th><th scope="col">{t("snyd.tally.selvbinder")}</th>'
            f'</tr></thead><tbody>{rows}</tbody></table>'
            + legend_html([("snyd.tally.board", "snyd.tally.board.means"),
                           ("snyd.tally.strokes", "snyd.tally.strokes.means"),
                           ("snyd.tally.selvbinder", "snyd.tally.selvbinder.means")]))


def strokes_label(n: int) -> str:
    return t("snyd.tally.marks.one", n=n) if n == 1 else t("snyd.tally.marks.many", n=n)
