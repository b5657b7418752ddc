"""*Tavlen*'s legend, for all three games: one line per column, its heading and what it counts.

A newcomer reads *Streger*, *Selvbinder*, *Puljer* without knowing the words (issue 17): the
line under the table says it in plain words, in the player's language (pure: CPython tests)."""
from __future__ import annotations

from html import escape

from app.lang import t


def legend_html(pairs: list[tuple[str, str]]) -> str:
    """``pairs``: (catalogue key of the column's heading, key of the line saying what it counts)."""
    lines = "".join(f'<li><b>{escape(t(head))}</b>: {escape(t(means))}</li>' for head, means in pairs)
    return f'<ul class="tally-legend" data-testid="tally-legend">{lines}</ul>'
