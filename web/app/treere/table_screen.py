"""The Treere table screen ("treere-bordet"): thin DOM glue over app.table.session and the pure
markup (table_markup, announce) and the shared throw gesture (app/table/flick.py).

It forwards taps and the throw gesture, waits the regulars' pauses, animates a fresh roll
(instant under *Færre bevægelser*), says every event in the live log and saves the table after
every change under its own key (`bodegabordet.treere.table`).
"""
from __future__ import annotations

from typing import Any, ClassVar

import js
from app.device import sound
from app.friends.peer_marks import connections_of
from app.home.player_settings import read_settings, tempo_factor
from app.lang import error_text, t
from app.saves.local_store import store
from app.shell.dom_util import present
from app.table.fair_marks import fair_info_tap, fair_of
from app.table.flick import Flick
from app.table.screen import GameTableUI, bar_html, serve
from app.table.session import GameSession
from app.treere.announce import line
from app.treere.table_markup import TableLook, controls_html, felt_html, tally_html
from pyodide.ffi import create_once_callable

from engine.errors import IllegalAction

GAME = "treere"
SCREEN = "treere-bordet"
SETUP = "treere"
STYLESHEET = ("treere-css", "./app/treere/treere.css")
ROLL_MS = 450  # the tumble of a fresh roll (treere.css .rolling); a regular waits it out too


def skeleton() -> str:
    """The screen's regions, in the player's language."""
    return ui.skeleton_html(t("treere.table"),
                            bar_html("Treere", t("treere.leave"), t("treere.board"), "tr-save-failed"),
                            'data-testid="treere-table"', felt_class=" tr-felt")


def choose(selected: frozenset[int], index: int, n: int) -> frozenset[int]:
    """Tap a rolled die: chosen to keep, or not any more."""
    if not 0 <= index < n:
        return selected
    return selected - {index} if index in selected else selected | {index}


def roll_key(v: dict) -> tuple:
    """Which roll a choice of dice belongs to: a new roll (or turn) forgets the choice."""
    return (v["game_no"], v["round_no"], v["turn"], len(v["kept"]), tuple(v["rolled"]))


class TreereUI(GameTableUI):
    GAME, SCREEN, SETUP = GAME, SCREEN, SETUP
    IDS: ClassVar[dict[str, str]] = {"save-failed": "tr-save-failed", "live": "tr-live", "toast": "tr-toast",
                                     "tally": "tr-tally", "felt": "tr-felt", "controls": "tr-controls"}

    def __init__(self) -> None:
        super().__init__("treere-table")
        self.look = TableLook()
        self.key: tuple = ()
        self.flick = Flick()
        self.flicked_at = -1e9  # a flick's own click must not throw twice
        self._mounted = False

    # ---------- the session ----------
    def start(self, session: GameSession) -> None:
        self.stop_timers()
        self.session = session
        self.look = TableLook(humans=tuple(session.humans), regulars=tuple(session.regulars),
                              guest=session.remote)
        session.seen = len(session.table.events)  # what is on the table already needs no news
        self.key = ()

    @property
    def reduced(self) -> bool:
        if self.settings.get("reduced_motion"):
            return True
        try:
            return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        except Exception:  # noqa: BLE001 - no matchMedia: the player's setting alone decides
            return False

    # ---------- drawing ----------
    def render(self, root: Any) -> None:
        if self.mount(root, skeleton(), ".treere-table") is None:
            return
        self.listen_felt(pointerdown=self.on_down, pointermove=self.on_move, pointercancel=self.on_cancel)
        if not self._mounted:  # the finger may come up anywhere
            js.window.addEventListener("pointerup", self.handler("up", self.on_up))
            self._mounted = True
        # Show the news of the last move once more (e.g. after a reload: who won, who rolled).
        last = self.session.view().get("last")
        self.look.news = (line(last) or "") if last else ""
        self.shown()

    def take_news(self) -> None:
        look = self.look
        for e in self.session.news():
            kind = e.get("type")
            if kind == "new_game":
                look.bubbles = {}
            said = line(e)
            if said:
                self.say(said)
                if kind not in ("roll", "keep"):
                    look.news = said
                elif kind == "keep":
                    look.news = ""
            if kind == "roll" and not self.reduced:
                look.rolling = True
            if kind == "roll":  # the dice rattle (with Lyd on)
                sound.cue("shake", read_settings(store))
            for who, words in self.session.lines(e):
                look.bubbles.pop(who, None)  # the latest speaker goes last
                look.bubbles[who] = words
                look.fresh.add(who)
                self.say(f"{who}: {words}")
        while len(look.bubbles) > 3:  # only the latest three speakers keep a bubble
            look.bubbles.pop(next(iter(look.bubbles)))

    def refresh(self) -> None:
        if self.session is None or not self.on_screen():
            return
        self.take_news()
        self.look.connections = connections_of(self.session)  # a table with friends: the badges
        self.look.fair = fair_of(self.session)  # fair throws (issue 20)
        v = self.session.view()
        key = roll_key(v)
        if key != self.key:
            self.key, self.look.selected = key, frozenset()
        self.el("tr-felt").innerHTML = felt_html(v, self.look)
        self.el("tr-controls").innerHTML = controls_html(v, self.look)
        self.look.rolling, self.look.fresh = False, set()  # drawn once with their motion
        self.settle()

    def redraw_choice(self) -> None:
        """Only the dice, the kept line and the buttons change when a die is chosen."""
        v = self.session.view()
        self.el("tr-felt").innerHTML = felt_html(v, self.look)
        self.el("tr-controls").innerHTML = controls_html(v, self.look)

    def tally_panel_html(self) -> str:
        # session.view() is built once per table state (game_session): no second build here
        return (f'<div class="tally-card"><h2>{t("treere.board")}</h2>{tally_html(self.session.view())}'
                f'{self.seat_menu_html()}'
                f'<button type="button" class="btn" data-action="tally">{t("treere.close")}</button></div>')

    # ---------- the regulars' pace ----------
    def schedule(self) -> None:
        if self.session is None:  # the save just found that another tab took the table
            return
        who = self.session.regular_due()
        if who is None:
            return
        key = len(self.session.table.events)
        if self.timer is not None and self.timer_key == key:
            return
        self.stop_timers()
        tempo = tempo_factor(self.settings)
        delay = self.session.pause_ms(tempo) + (0 if self.reduced else int(ROLL_MS * min(tempo, 1.0)))
        self.timer_key = key
        self.timer = js.setTimeout(create_once_callable(self.regular_moves), delay)


    # ---------- taps and the throw ----------
    def me(self) -> str | None:
        """The person at this phone whose turn it is (pass-and-play: whoever is in turn)."""
        v = self.session.view()
        return v["turn"] if v["turn"] in self.session.humans else None

    def throw(self) -> None:
        who = self.me()
        if who is None:
            raise IllegalAction(t("treere.not_your_turn"))
        self.session.act(who, {"type": "roll"})

    def clicked(self, action: str, target: Any) -> bool:
        if fair_info_tap(action, self.look):  # what *Ærlige terninger* means: open, or closed again
            return True
        if action == "choose":
            v = self.session.view()
            self.look.selected = choose(self.look.selected, int(target.getAttribute("data-index")),
                                        len(v["rolled"]))
            self.redraw_choice()
            return False
        if action == "keep":
            who = self.me()
            if who is None or not self.look.selected:
                raise IllegalAction(t("treere.choose_one"))
            self.session.act(who, {"type": "keep", "dice": sorted(self.look.selected)})
        elif action == "roll":
            if target.getAttribute("data-testid") == "flick" and js.performance.now() - self.flicked_at < 600:
                return False  # the flick threw already; this is its click
            self.throw()
        elif action == "new-game":
            self.session.new_game()
        else:
            return False
        return True

    def on_down(self, ev: Any) -> None:
        if not present(ev.target.closest('[data-testid="flick"]')):
            return
        self.flick.down(float(ev.clientX), float(ev.clientY), float(js.performance.now()))
        try:  # a mouse's moves and release come here even off the felt (touch does so anyway)
            self.el("tr-felt").setPointerCapture(ev.pointerId)
        except Exception:  # noqa: BLE001, S110 - without capture the window's pointerup still ends it
            pass

    def on_move(self, ev: Any) -> None:
        """The cup follows the finger up a little while it is being flicked."""
        if not self.flick.active:
            return
        self.flick.move(float(ev.clientX), float(ev.clientY))
        self.lift_cup(self.flick.lift)

    def lift_cup(self, lift: float) -> None:
        cup = js.document.querySelector('.treere-table [data-testid="flick"]')
        if present(cup):
            cup.style.transform = f"translateY({-min(lift, 60):.0f}px)" if lift else ""

    def on_cancel(self, *_a: Any) -> None:
        self.flick.cancel()
        self.lift_cup(0)

    def on_up(self, ev: Any) -> None:
        if not self.flick.active or self.session is None or not self.on_screen():
            self.flick.cancel()
            return
        if self.flick.up(float(ev.clientX), float(ev.clientY), float(js.performance.now())) != "flick":
            self.lift_cup(0)
            return  # a tap is the cup's click (data-action="roll")
        self.flicked_at = float(js.performance.now())
        try:
            self.throw()
        except IllegalAction as exc:
            self.toast(error_text(str(exc)))
            return
        self.toast("")
        self.refresh()


ui = TreereUI()
# What the app and the peers call (app/table/screen.py does it for every game).
start_table, show_peer_table, has_saved_table, forget_table = ui.calls()
render = serve(ui, "Treere", STYLESHEET)  # its stylesheet, screen and resume step
