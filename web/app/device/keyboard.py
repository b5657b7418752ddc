"""Keyboard play on a desktop: one key map per game (pure data) and the rules for reading a key.

An intent is what a key asks of the screen on show, always through the screen's own buttons
and selects (the same path as a tap, so the rules and the messages are the table's):
- `Click(selectors)`: click the first of these that is there and enabled;
- `Hold(selector)`: a pointer held on it while the key is down (Snyd's *Kig*);
- `Step(selector, delta)`: move a <select> up or down one option (Snyd's bid).
The listener itself is in app/device/senses.py. Keys never fire while typing in a text field or a
select, with Ctrl/Alt/Meta held (the browser's shortcuts), or as Space/Enter on a focused
button (the browser clicks that button itself).
"""
from __future__ import annotations

from typing import NamedTuple

from app.table import games


class Click(NamedTuple):
    selectors: tuple[str, ...]


class Hold(NamedTuple):
    selector: str


class Step(NamedTuple):
    selector: str
    delta: int


Intent = Click | Hold | Step

TYPING_TAGS = frozenset({"INPUT", "TEXTAREA", "SELECT"})

SNYD: dict[str, Intent] = {
    " ": Hold('[data-action="peek"]'),
    "ArrowUp": Step('[data-testid="bid-quantity"]', 1),
    "ArrowDown": Step('[data-testid="bid-quantity"]', -1),
    "ArrowRight": Step('[data-testid="bid-face"]', 1),
    "ArrowLeft": Step('[data-testid="bid-face"]', -1),
    "Enter": Click(('[data-action="handoff-ok"]', '[data-action="bid"]', '[data-action="next"]')),
    "l": Click(('[data-action="call"]',)),
}
BAKKE: dict[str, Intent] = {
    " ": Click(('button[data-action="throw"]',)),
    "Enter": Click(('button[data-action="throw"]', '[data-action="new-game"]')),
    "a": Click(('button[data-action="throw_all"]',)),
    "v": Click(('button[data-action="videre"]',)),
}
TREERE: dict[str, Intent] = {
    **{str(d): Click((f'[data-action="choose"][data-index="{d - 1}"]',)) for d in range(1, 6)},
    "Enter": Click(('button[data-action="keep"]', '[data-action="new-game"]')),
    " ": Click(('button[data-action="roll"]',)),
}
# Each game's key map by its key; the screens they work on are the registry's table screens
# (app/table/games.py).
BY_GAME: dict[str, dict[str, Intent]] = {"snyd": SNYD, "bakke": BAKKE, "treere": TREERE}
KEYMAPS: dict[str, dict[str, Intent]] = {g.table_screen: BY_GAME[g.key] for g in games.GAMES}

# What shaking the phone does at each table (app/device/shake.py): Bakke throws, Treere rolls; at
# Snyd the cup only rattles (the deal is the table's, not a player's move).
SHAKES: dict[str, Intent | None] = {"snyd": None, "bakke": BAKKE[" "], "treere": TREERE[" "]}
SHAKE: dict[str, Intent | None] = {g.table_screen: SHAKES[g.key] for g in games.GAMES}


def is_typing(tag: str, editable: bool = False) -> bool:
    """The key belongs to a text field, a select or an editable element, not to the table."""
    return editable or tag.upper() in TYPING_TAGS


def intent_for(screen: str | None, key: str, *, tag: str = "", editable: bool = False,
               modifier: bool = False) -> Intent | None:
    """What `key` asks of `screen` (None: not ours, let the browser have it)."""
    keymap = KEYMAPS.get(screen or "")
    if keymap is None or modifier or is_typing(tag, editable):
        return None
    if tag.upper() == "BUTTON" and key in (" ", "Enter"):
        return None
    return keymap.get(key if len(key) != 1 else key.lower())


def fires(intent: Intent, kind: str, repeat: bool) -> str | None:
    """Which half of an intent a key event is: "press" (do it), "down"/"up" (a hold), or None.
    A held key repeats: a step repeats with it, a click does not (holding Enter is one bid)."""
    if isinstance(intent, Hold):
        if kind == "keyup":
            return "up"
        return None if repeat else "down"
    if kind != "keydown" or (repeat and not isinstance(intent, Step)):
        return None
    return "press"


def stepped(index: int, count: int, delta: int) -> int:
    """A select's new index one step on, held at its ends (no wrapping past the lowest bid)."""
    return max(0, min(count - 1, index + delta))
