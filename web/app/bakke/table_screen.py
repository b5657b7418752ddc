"""The Bakke table screen ("bakke-bordet"): thin DOM glue over the game session and the markup.

Decisions live in app.table.session (the table, the regulars, saves), app.bakke.markup (what is
drawn), app.bakke.flick (what a gesture means); this module forwards taps and gestures, waits
the regulars' pauses and writes HTML into its regions. Bakke has no clock (docs/rules.md gives it
none). Every die is public, so pass-and-play needs no hand-off: the phone shows the table of
the person in turn, and the banner says whose turn it is.
"""
from __future__ import annotations

from typing import Any

import js
from app.bakke.gesture import gesture_action
from app.bakke.markup import TableLook, absorb, controls_html, felt_html, tally_html, turn_html
from app.bakke.pace import TurnPace, tumble_ms
from app.device import sound
from app.friends.peer_marks import connections_of
from app.home.player_settings import tempo_factor
from app.lang import error_text, t
from app.shell.dom_util import present
from app.table import session as game_session
from app.table.fair_marks import fair_info_tap, fair_of
from app.table.flick import Flick
from app.table.screen import GameTableUI, bar_html, serve
from pyodide.ffi import create_once_callable

from engine.errors import IllegalAction

SCREEN = "bakke-bordet"
SETUP = "bakke"
GAME = "bakke"
STYLESHEET = ("bakke-css", "./app/bakke/bakke.css")


def skeleton() -> str:
    """The screen's regions, in the player's language."""
    return ui.skeleton_html(t("bakke.table"), bar_html("Bakke", t("bakke.leave"), t("bakke.board")),
                            'data-testid="table-screen" data-game="bakke"', above=('<div id="bakke-turn"></div>',))


class BakkeUI(GameTableUI):
    GAME, SCREEN, SETUP = GAME, SCREEN, SETUP

    def __init__(self) -> None:
        super().__init__("bakke-table")
        self.look = TableLook()
        self.view: dict = {}
        self.flick = Flick()
        self.pace = TurnPace()  # a regular's whole turn stays within its budget (app/bakke/pace.py)

    # ---------- the session ----------
    def start(self, session: game_session.GameSession) -> None:
        self.stop_timers()
        self.session = session
        single = session.humans[0] if len(session.humans) == 1 else None
        self.look = TableLook(regulars=tuple(session.regulars), single=single, guest=session.remote)
        self.look.news = ""
        session.news()  # what happened before this screen is not news (a resumed table)

    # ---------- drawing ----------
    def render(self, root: Any) -> None:
        if self.mount(root, skeleton(), ".bakke-table") is None:
            return
        self.listen_felt(pointerdown=self.on_down, pointermove=self.on_move, pointerup=self.on_up,
                         pointercancel=self.on_cancel)
        self.shown()

    def refresh(self) -> None:
        """Redraw from the session after anything changed; save; schedule the next regular."""
        if self.session is None or not self.on_screen():
            return
        s, look = self.session, self.look
        look.connections = connections_of(s)  # a table with friends: every seat's badge
        look.fair = fair_of(s)  # a friends' table's fair throws (issue 20)
        for line in absorb(look, s.news(), s.lines):
            self.say(line)
        if look.roll:  # a throw tumbles in: the dice rattle (with Lyd on)
            sound.cue("shake", self.settings)
        v = self.view = s.view()
        if not v.get("fejl_against"):
            look.fejl_open = False
        if look.fejl_confirm not in v.get("fejl_against", []):
            look.fejl_confirm = None  # a throw or a game over came first: nothing to confirm
        self.el("bakke-turn").innerHTML = turn_html(v, look)
        self.el("felt-area").innerHTML = felt_html(v, look)
        look.fresh, look.roll = set(), False  # drawn once with their motion; later still
        self.el("controls").innerHTML = controls_html(v, look)
        self.settle()

    def tally_panel_html(self) -> str:
        return (f'<div class="tally-card"><h2>{t("bakke.board")}</h2>{tally_html(self.view)}'
                f'{self.seat_menu_html()}'
                f'<button type="button" class="btn" data-action="tally">{t("bakke.close")}</button></div>')

    # ---------- the regulars' pace ----------
    def schedule(self) -> None:
        s = self.session
        if s is None:  # the save just found that another tab took the table
            self.stop_timers()
            return
        due = s.regular_due()
        if due is None:
            self.stop_timers()
            self.pace.reset()
            self.set_tumble(None)  # a person's throw tumbles in full
            return
        key = (due, len(s.table.events))
        if self.timer is not None and self.timer_key == key:
            return
        self.stop_timers()
        self.timer_key = key
        tempo, reduced = tempo_factor(self.settings), bool(self.settings.get("reduced_motion"))
        wait = self.pace.wait_ms(due, s.pause_ms(tempo), tempo, reduced, key)
        self.set_tumble(tumble_ms(wait, reduced))  # the die just drawn lands before the next flies
        self.timer = js.setTimeout(create_once_callable(self.regular_moves), wait)

    def set_tumble(self, ms: int | None) -> None:
        """The tumble of the dice just drawn (bakke.css var(--tumble)); None: the full one."""
        section = js.document.querySelector(".bakke-table")
        if not present(section):
            return
        if ms is None:
            section.style.removeProperty("--tumble")
        else:
            section.style.setProperty("--tumble", f"{ms}ms")


    # ---------- taps ----------
    def act(self, action: dict) -> None:
        """The holder's action (the person whose table the phone shows)."""
        try:
            self.session.act(self.view["me"], action)
        except IllegalAction as exc:
            self.toast(error_text(str(exc)))
            return
        self.toast("")
        self.look.fejl_open, self.look.fejl_confirm = False, None
        self.refresh()

    def clicked(self, action: str, target: Any) -> bool:
        if fair_info_tap(action, self.look):  # what *Ærlige terninger* means: open, or closed again
            self.refresh()
            return False  # drawn
        if action in ("throw", "throw_all", "videre"):
            self.act({"type": action})
        elif action == "fejl-menu":
            self.look.fejl_open, self.look.fejl_confirm = not self.look.fejl_open, None
            self.el("controls").innerHTML = controls_html(self.view, self.look)
        elif action == "fejl":  # a name in the menu: ask first (who, what it costs)
            self.look.fejl_confirm = str(target.getAttribute("data-player"))
            self.redraw_controls('[data-testid="fejl-cancel"]')
        elif action == "fejl-yes":
            self.act({"type": "fejl", "against": str(target.getAttribute("data-player"))})
        elif action == "fejl-cancel":
            self.look.fejl_open, self.look.fejl_confirm = False, None
            self.redraw_controls(".btn.fejl")
        elif action == "undo-fejl":
            self.act({"type": "undo_fejl"})
        elif action == "new-game":
            self.session.new_game()  # a refusal is said in the toast (on_click)
            self.refresh()  # the toast stays
        return False  # each tap drew what it changed (act(): the toast too)

    def redraw_controls(self, focus: str) -> None:
        """The controls again, focus on the ``focus`` selector: the question's safe answer,
        *Fortryd*, when it opens; the *Fejl* button when it closes."""
        self.el("controls").innerHTML = controls_html(self.view, self.look)
        node = js.document.querySelector(f".bakke-table #controls {focus}")
        if present(node):
            node.focus()

    # ---------- the throw gesture ----------
    def on_down(self, ev: Any) -> None:
        zone = ev.target.closest('[data-testid="hand"], [data-testid="tray"]')
        if not present(zone) or gesture_action(self.view) is None:
            return
        ev.preventDefault()
        self.flick.down(float(ev.clientX), float(ev.clientY), float(ev.timeStamp))
        try:
            self.el("felt-area").setPointerCapture(ev.pointerId)
        except Exception:  # noqa: BLE001, S110 - capture is a nicety
            pass

    def on_move(self, ev: Any) -> None:
        if not self.flick.active:
            return
        self.flick.move(float(ev.clientX), float(ev.clientY))
        hand = js.document.querySelector(".bakke-table .hand-zone .bakke-hand")
        if present(hand):
            hand.style.transform = f"translateY({-min(self.flick.lift, 60):.0f}px)" if self.flick.lift else ""

    def on_up(self, ev: Any) -> None:
        gesture = self.flick.up(float(ev.clientX), float(ev.clientY), float(ev.timeStamp))
        hand = js.document.querySelector(".bakke-table .hand-zone .bakke-hand")
        if present(hand):
            hand.style.transform = ""
        if gesture is None:
            return
        action = gesture_action(self.view)
        if action is not None:
            self.act(action)

    def on_cancel(self, *_a: Any) -> None:
        self.flick.cancel()


ui = BakkeUI()
# What the app and the peers call (app/table/screen.py does it for every game).
start_table, show_peer_table, has_saved_table, forget_table = ui.calls()
render = serve(ui, "Bakke", STYLESHEET)  # its stylesheet, screen and resume step
