"""Which game's table was on show last, so a reload resumes that one (pure over a store).

Each game keeps its own unfinished table (Snyd, Bakke, Treere: three keys), and each registers
a resume step (screens.on_resume). With more than one table saved, only the step of the table
played last may take the player there; with one saved, that one resumes whoever marked last.
"""
from __future__ import annotations

from typing import Any

from app.table import games

KEY = "bodegabordet.last_table"
# game -> the key of its unfinished table (local_store.TABLE_KEY, game_session.STORE_KEYS)
TABLE_KEYS = {game.key: game.store_key for game in games.GAMES}


def mark(game: str, store: Any) -> None:
    """`game`'s table is on show now (called when a table screen draws). Cheap: one write,
    and only when it changes."""
    if game not in TABLE_KEYS:
        raise ValueError(f"unknown game {game!r}")
    if store.read(KEY) != game:
        store.write(KEY, game)


def should_resume(game: str, store: Any) -> bool:
    """True when `game` has an unfinished table and it is the one to go back to: it was on
    show last, or the table shown last has no save (ended, set aside, another browser's)."""
    if store.read(TABLE_KEYS[game]) is None:
        return False
    last = store.read(KEY)
    if last == game:
        return True
    return last not in TABLE_KEYS or store.read(TABLE_KEYS[last]) is None
