"""The rules of the three games in the language spoken: data only, from the catalogues.

The rule book lives in lang/<code>/rules.py (BLOCKS per game, the keyboard line and the screen's
words in TEXT); `book(code)` puts one language's together (shell_markup.rule_book, the same
function relay/site.py uses for the static Regler, so both copies are one source).
Block kinds: ("h", heading) ("p", text) ("ol", [step, ...]) ("ul", [point, ...])
("rule", (name, tag, explanation)) for the cards of Særregler/Husregler/Sproget ved bordet.
"""

from __future__ import annotations

from typing import Any

from app import lang
from app.lang.da import rules as da_rules
from app.lang.en import rules as en_rules
from app.shell import markup as shell_markup
from app.table import games

BLOCKS = {"da": da_rules.BLOCKS, "en": en_rules.BLOCKS}


def book(language: str | None = None) -> dict[str, dict[str, Any]]:
    """{game: {"title", "blocks"}} in `language` (default: the one spoken now)."""
    code = language or lang.language()
    return shell_markup.rule_book(shell_markup.speaker(lang.catalogue(code)), BLOCKS[code])


def plain_text(game: str, language: str = "da") -> str:
    """All the text of one game's rules, for search and tests (Danish: the seeds' words)."""
    parts: list[str] = []
    for kind, value in book(language)[game]["blocks"]:
        if kind in ("h", "p"):
            parts.append(value)
        else:  # the items of a list, or a rule card's name, tag and explanation
            parts.extend(value)
    return "\n".join(parts)


# The Danish book under its old names (tests check it against the seeds and app/device/keyboard.py).
GAMES: dict[str, dict[str, Any]] = book("da")
KEYBOARD = {game: lang.catalogue("da")[f"rules.keys.{game}"] for game in games.KEYS}
