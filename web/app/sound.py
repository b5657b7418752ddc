"""The table's sounds: ONE hook, `play(name)`, called where a sound belongs.

NOT BUILT YET: a no-op placeholder (issue 12). The sounds themselves (small, self-hosted files
with their licence, switchable under *Indstillinger*) are another part's work: fill `play` here
and every call site sounds. Callers only call it while the player's *Lyd* setting is on.

Names called today (web/app/snyd/table_screen.py): "shake" (a new round), "reveal" (the cups
come up), "viborg" (a mat turns black), "lost_completely" (*tabt helt*), "your_turn".
"""
from __future__ import annotations

NAMES = frozenset({"shake", "reveal", "viborg", "lost_completely", "your_turn"})


def play(name: str) -> None:
    """Play the named sound (a no-op until the sounds exist); an unknown name is a bug."""
    if name not in NAMES:
        raise ValueError(f"unknown sound {name!r}")
