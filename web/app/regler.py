"""The *Regler* screen: the rules in Danish (rules_text.py), tabs for the three games.

The texts are data (blocks: heading, paragraph, numbered steps, bullets, rule cards) so CPython
tests can check them; the markup is `shell_markup.regler_tree`, the same tree the build writes
into index.html as the static Regler that reads before Python (one source for both).
"""

from __future__ import annotations

from typing import Any

from app import rules_text, screens, shell_markup, start

GAMES = rules_text.GAMES
plain_text = rules_text.plain_text


def render(root: Any, game: str = "snyd") -> None:
    """Tabs for the three games and the chosen game's rules."""
    if game not in GAMES:
        game = "snyd"
    tree = shell_markup.regler_tree(game, GAMES)
    root.append(shell_markup.to_dom(tree, screens.el, start.click_handler))


screens.register("regler", render, title="Regler")

