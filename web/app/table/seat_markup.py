"""A seat at the felt as Snyd and Bakke draw it (pure, CPython-testable): the seat's box, what
sits on it (the bubble, the mat or the hand), its name line and its tags. table.css styles it
for both games; each game's markup fills it (snyd/table_markup.py, bakke/markup.py).
"""
from __future__ import annotations

from html import escape


def seat_html(classes: str, player: str, attrs: str, inner: str, name: str, tags: str) -> str:
    """The seat of `player` (class `classes`; `attrs`, the game's own attributes after
    data-player: its connection, a regular's pause, a position), holding `inner`, with the
    name line `name` and the tags `tags` (all three HTML already)."""
    return (f'<div class="{classes}" data-testid="seat" data-player="{escape(player, quote=True)}"{attrs}>'
            f'{inner}<div class="seat-name">{name}</div><div class="seat-tags">{tags}</div></div>')
