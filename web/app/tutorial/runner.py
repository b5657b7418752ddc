"""*Lær at spille*: the runner of a scripted first game (pure: no DOM, no browser).

A game's script (app.snyd.tutorial, app.bakke.tutorial, app.treere.tutorial) is data: a fresh
engine table with scripted dice, and a list of `Step`s. Each step says what to do and waits for
one action; the player's tap drives the real engine (`script.apply`), then Henning's scripted
moves follow. A tap on another choice changes nothing and earns a nudge (the step's `nudge`).

The offer on the first start is answered once (yes, or *Spring over*) and remembered in the
player settings (`OFFER_KEY`); the tutorial itself is not resumable: it is a minute long, and
*Lær at spille* under *Regler* or on a game's *Dæk bordet* always starts it from the first step.
Every step after the first (the end too) can go back one step (`Tutorial.back`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.lang import t

from engine.errors import IllegalAction

PEEK = {"type": "peek"}   # the tutorial's own actions, never sent to an engine
NEXT = {"type": "next"}
OFFER_KEY = "tutorial_answered"  # player_settings: the first-start offer was answered


@dataclass(frozen=True)
class Choice:
    """A button of a step: `label` is a catalogue key (app/lang/*/tutorial.py), its
    placeholders filled from `args` when drawn, so the words follow the language."""
    label: str
    action: dict
    args: dict = field(default_factory=dict)

    def text(self) -> str:
        return t(self.label, **self.args)


@dataclass(frozen=True)
class Step:
    """One step: its text, the action it waits for, the choices on show (the expected one among
    them; none for PEEK), Henning's scripted moves after it, and a check that the table really
    shows what the text says (tests/ui/test_tutorial_scripts.py runs every check). `text` and
    `nudge` are catalogue keys, turned into words only when drawn (the language may change)."""
    key: str
    text: str
    expect: dict
    choices: tuple[Choice, ...] = ()
    henning: tuple[dict, ...] = ()
    nudge: str = "tutorial.nudge"
    check: Callable[[Any], bool] | None = None

    def words(self) -> str:
        return t(self.text)


def told(key: str, text: str, check: Callable[[Any], bool], *, last: bool = False) -> Step:
    """A step that only tells, over the table as it is: its one button *Næste* (*Færdig* on the
    `last` step) moves on."""
    return Step(key, text, NEXT, (Choice("tutorial.done" if last else "tutorial.next", NEXT),), check=check)


class Script(Protocol):
    GAME: str
    TITLE: str
    PLAYER: str
    HENNING: str
    STEPS: tuple[Step, ...]

    def new_table(self) -> Any: ...
    def apply(self, table: Any, player: str, action: dict) -> None: ...
    def board(self, table: Any, peeking: bool) -> dict: ...


class Tutorial:
    """A script being played: the table, the step on show, the last nudge (a catalogue key)."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.table = script.new_table()
        self.index = 0
        self.nudge = ""
        self.skipped = False

    @property
    def done(self) -> bool:
        return self.index >= len(self.script.STEPS)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.script.STEPS[self.index]

    def progress(self) -> str:
        n = min(self.index + 1, len(self.script.STEPS))
        return t("tutorial.progress", n=n, total=len(self.script.STEPS))

    def nudge_text(self) -> str:
        """The nudge in words ("" when there is none)."""
        return t(self.nudge) if self.nudge else ""

    def tap(self, action: dict) -> bool:
        """The player's action. The expected one moves the engine (then Henning's) and the
        tutorial on; any other leaves everything as it was and sets the nudge."""
        step = self.step
        if step is None:
            raise IllegalAction("Gennemgangen er slut (the tutorial is over)")
        if action != step.expect:
            self.nudge = step.nudge
            return False
        self.script.apply(self.table, self.script.PLAYER, action)
        for move in step.henning:
            self.script.apply(self.table, self.script.HENNING, move)
        self.index += 1
        self.nudge = ""
        return True

    def back(self) -> bool:
        """*Tilbage*: the previous step, its table exactly as it was when that step showed.
        The engine tables keep no history, so the script is played again from a fresh table up
        to that step (scripted dice and a fixed seed: the same moves give the same table)."""
        if self.index == 0 or self.skipped:
            return False
        target = self.index - 1
        self.table = self.script.new_table()
        self.index, self.nudge = 0, ""
        while self.index < target:
            self.tap(self.script.STEPS[self.index].expect)
        return True

    def skip(self) -> None:
        """*Spring over*: the tutorial ends here (the screen remembers the offer as answered)."""
        self.skipped = True
        self.index = len(self.script.STEPS)


def seat_name(name: str, player: str) -> str:
    """A row's name on the board: the player's own seat is "Du" / "You" (the engine's id for it
    stays the script's PLAYER in every language)."""
    return t("tutorial.you") if name == player else name


def engine_act(table: Any, player: str, action: dict) -> None:
    """A script's `apply` when each step's action is the engine's own (Bakke, Treere): played
    at the table; NEXT (the text read, Henning watched) is none."""
    if action["type"] != NEXT["type"]:
        table.act(player, action)


def offer_open(settings: dict) -> bool:
    """Whether the start screen still offers the tutorial (never answered on this device)."""
    return not settings.get(OFFER_KEY, False)
