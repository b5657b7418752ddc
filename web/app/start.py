"""The start screen: the three games, Regler and Indstillinger.

Its markup is `shell_markup.start_tree()`, the same tree the build writes into index.html as the
static start screen (it answers taps before Python: web/app/shell.js). Snyd opens "dæk bordet";
Bakke and Treere open their own screens ("bakke", "treere"), which show "ikke klar endnu" until
their modules register them.
"""

from __future__ import annotations

from typing import Any

from app import screens, shell_markup

GAMES = shell_markup.GAMES


def click_handler(go: str, game: str | None = None) -> Any:
    """The router's click handler for a button's `data-go` (and Regler's `data-game`)."""
    if go == "back":
        return lambda *_event: screens.back()
    return screens.go(go, **({"game": game} if game else {}))


def render(root: Any) -> None:
    root.append(shell_markup.to_dom(shell_markup.start_tree(), screens.el, click_handler))


screens.register(screens.START, render, title="Bodegabordet")
