"""The *Lær at spille* screen ("lær", game=snyd|bakke|treere): DOM glue over app.tutorial.runner.

Opened from *Regler* (always), from each game's *Dæk bordet* (*Lær at spille*) and from the
start screen's first-start offer. Taps go to the
runner; the peek is a press held on *Kig* or on the cup (a swipe up starts with a press too),
timed by app.snyd.peek_hint. Finishing or skipping answers the first-start offer for good.
"""
from __future__ import annotations

from typing import Any

import js
from app.home.player_settings import read_settings
from app.saves.local_store import SETTINGS_KEY, store
from app.shell import screens, stylesheet
from app.shell.dom_util import present
from app.snyd.peek_hint import PeekHint
from app.table import games
from app.tutorial.markup import screen_html
from app.tutorial.runner import OFFER_KEY, PEEK, Tutorial

SCREEN = "lær"  # not text: the screen's name (main.py, the router)
# Each game's script, and where its "Spil rigtigt" goes (its *Dæk bordet*): the registry's.
SCRIPTS = {game.key: game.tutorial for game in games.GAMES}
PLAY = {game.key: game.setup_screen for game in games.GAMES}
STYLESHEET = ("tutorial-css", "./app/tutorial.css")
CLICK_AFTER_PEEK_MS = 500  # the click a finger's release makes lands on the redrawn screen


def answer_offer() -> None:
    """The first-start offer was answered (taken, skipped or declined): never offered again."""
    settings = read_settings(store)
    if not settings.get(OFFER_KEY):
        settings[OFFER_KEY] = True
        store.write_json(SETTINGS_KEY, settings)


class TutorialUI:
    def __init__(self) -> None:
        self.tut: Tutorial | None = None
        self.hint = PeekHint()
        self.peeking = False
        self.chosen: set[int] = set()
        self.root: Any = None
        self.peek_ended_at = -1e9  # performance.now() of the last release of a peek
        self._proxies: dict[str, Any] = {}

    def proxy(self, name: str, fn: Any) -> Any:
        if name not in self._proxies:
            from pyodide.ffi import create_proxy
            self._proxies[name] = create_proxy(fn)
        return self._proxies[name]

    def render(self, root: Any, game: str = games.DEFAULT) -> None:
        game = game if game in SCRIPTS else games.DEFAULT
        self.tut = Tutorial(games.load(SCRIPTS[game]))
        self.hint = PeekHint()
        self.peeking, self.chosen, self.root = False, set(), root
        root.addEventListener("click", self.proxy("click", self.on_click))
        root.addEventListener("pointerdown", self.proxy("down", self.on_down))
        js.window.addEventListener("pointerup", self.proxy("up", self.on_up))
        js.window.addEventListener("pointercancel", self.proxy("up", self.on_up))
        root.addEventListener("contextmenu", self.proxy("menu", lambda ev: ev.preventDefault()))
        self.draw()

    def on_screen(self) -> bool:
        return screens.current() == SCREEN and present(self.root.querySelector(".tutorial"))

    def draw(self, line: str = "") -> None:
        tut = self.tut
        board = tut.script.board(tut.table, self.peeking)
        touch = bool(js.matchMedia("(pointer: coarse)").matches)
        hint = self.hint.cup_hint(touch, bool(board.get("peek")) and tut.step is not None
                                  and tut.step.expect == PEEK)
        self.root.innerHTML = screen_html(tut, board, self.chosen, hint,
                                          line or self.hint.line or tut.nudge_text())
        self.root.querySelector(".tutorial").classList.toggle("peeking", self.peeking)

    # ---------- the peek: a held press ----------
    def on_down(self, ev: Any) -> None:
        target = ev.target.closest("[data-action]") if ev.target else None
        if not self.on_screen() or not present(target):
            return
        if target.getAttribute("data-action") in ("kig", "cup"):
            ev.preventDefault()
            self.peeking = True
            self.hint.peek_started(js.performance.now())
            self.draw()

    def on_up(self, _ev: Any = None) -> None:
        if not self.peeking or not self.on_screen():
            self.peeking = False
            return
        self.peeking = False
        self.peek_ended_at = js.performance.now()
        short = self.hint.peek_ended(self.peek_ended_at)
        if not short and self.tut.step is not None and self.tut.step.expect == PEEK:
            self.tut.tap(PEEK)
        self.draw(short)

    # ---------- taps ----------
    def on_click(self, ev: Any) -> None:
        target = ev.target.closest("[data-action]") if ev.target else None
        if not self.on_screen() or not present(target):
            return
        if js.performance.now() - self.peek_ended_at < CLICK_AFTER_PEEK_MS:
            self.peek_ended_at = -1e9  # swallow that one click only
            return  # the release of Kig, not a tap on whatever is under the finger now
        action = target.getAttribute("data-action")
        tut = self.tut
        if action == "skip":
            tut.skip()
            answer_offer()
            screens.back()
            return
        if action == "play":
            answer_offer()
            screens.show(PLAY.get(tut.script.GAME, screens.START))
            return
        if action == "back":
            tut.back()
            self.chosen, self.peeking = set(), False  # the step is entered afresh
            if tut.step is not None and tut.step.expect == PEEK:
                self.hint = PeekHint()  # the peek step as first shown: its hint on the cup
        elif action == "pick":
            i = int(target.getAttribute("data-index"))
            self.chosen ^= {i}
        elif action == "choice":
            tut.tap(tut.step.choices[int(target.getAttribute("data-index"))].action)
        elif action == "keep" and self.chosen:
            if tut.tap({"type": "keep", "dice": sorted(self.chosen)}):
                self.chosen = set()
        else:
            return
        if tut.done:
            answer_offer()
        self.draw()


ui = TutorialUI()


def render(root: Any, game: str = games.DEFAULT, **_kw: Any) -> None:
    ui.render(root, game)


stylesheet.ensure(*STYLESHEET)
screens.register(SCREEN, render)  # its title: screens.KNOWN_TITLES
