"""The *Regler* screen: the rules in the language spoken (rules_text.py), tabs for the three games.

The texts are data (blocks: heading, paragraph, numbered steps, bullets, rule cards, in the
catalogues lang/<code>/rules.py) so CPython tests can check them; the markup is
`shell_markup.regler_tree`, the same tree the build writes into index.html as the static Regler
that reads before Python (one source for both, in both languages).
"""

from __future__ import annotations

from typing import Any

from app.home import rules_text, start
from app.lang import t
from app.shell import markup as shell_markup
from app.shell import screens
from app.table import games

GAMES = games.KEYS  # its tabs, in the start screen's order (app/table/games.py)
plain_text = rules_text.plain_text


def render(root: Any, game: str = games.DEFAULT) -> None:
    """Tabs for the three games and the chosen game's rules."""
    if game not in GAMES:
        game = games.DEFAULT
    tree = shell_markup.regler_tree(game, rules_text.book(), t)
    root.append(shell_markup.to_dom(tree, screens.el, start.click_handler))


screens.register("regler", render)  # its title: screens.KNOWN_TITLES
