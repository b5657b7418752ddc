"""What the three table screens do alike: resume a saved table, the one-tab lock's drop, save
after each change and say when it fails, the aria-live log, the toast, a crashing regular told,
*Tavlen*'s panel and the host's seat menu.

A base class: each game's UI class keeps its own markup, gestures, news and pacing, sets GAME,
SCREEN, SETUP (its *Dæk bordet*) and IDS (its element ids), calls `__init__(table_class)` (the
session, timers, settings, save status and tab lock every table holds), and has a
`start(session)`, a `clicked(action, target)` (its own taps: `on_click` does the bar's, the
seat menu's, the toast and the redraw), a `skeleton()` from `skeleton_html`, a `refresh()` that
ends in `settle()`, a `schedule()` and a `tally_panel_html()` (its *Tavlen*). `serve()` is
the tail of each game's module: its stylesheet, its screen, its resume step.
Bakke and Treere play an app/table/session.GameSession; Snyd (app/snyd/table_screen.py) its own
session with the hand-off and the clock, saved and loaded through `write_save`/`read_save`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import js
from app.device.browser_storage import ask_persistence, warn
from app.friends.core.host_seats import given_back_line, handed_line
from app.friends.peer_marks import mark_host, seats_menu_html
from app.home.player_settings import clean_settings, load_settings, settings_reset
from app.lang import error_text
from app.saves import last_table
from app.saves.local_store import store
from app.saves.save_status import SaveStatus
from app.saves.table_tabs import TableTabs
from app.shell import screens, stylesheet
from app.shell.dom_util import present
from app.table import games
from app.table import session as game_session
from pyodide.ffi import create_proxy

from engine.errors import IllegalAction

LIVE_LINES = 12  # lines kept in the aria-live log
# The host's hand over a guest's seat (peer_marks.seats_menu_html, in *Tavlen*).
HAND_ACTIONS = ("hand-over", "hand-over-yes", "hand-over-no", "give-back")


def bar_html(title: str, leave: str, tally: str, save_id: str = "save-failed") -> str:
    """Every table's top: the bar (← with its label `leave`, the game's name, *Tavlen*'s
    button) and under it the line that says when the table cannot be saved."""
    return ('<div class="table-bar">'
            f'<button type="button" class="bar-btn" data-action="leave" aria-label="{leave}">←</button>'
            f'<span class="bar-title">{title}</span>'
            f'<button type="button" class="bar-btn" data-action="tally" aria-expanded="false">{tally}</button>'
            f'</div><p class="save-failed" id="{save_id}" data-testid="save-failed" role="status" hidden></p>')


class GameTableUI:
    GAME: ClassVar[str]
    SCREEN: ClassVar[str]
    # True when the screen on show ticks its table itself (Snyd's clock, its 1-s interval);
    # else the friends' screens tick a table with friends (share_screen, join_screen).
    TICKS_TABLE: ClassVar[bool] = False
    SETUP: ClassVar[str]
    # the element ids of the save line, the aria-live log, the toast, the Tavlen panel, the felt
    # and the controls in the game's skeleton (skeleton_html)
    IDS: ClassVar[dict[str, str]] = {"save-failed": "save-failed", "live": "live", "toast": "toast",
                                     "tally": "tally-panel", "felt": "felt-area", "controls": "controls"}

    session: Any  # the game's session (a GameSession; Snyd's own Session), or None
    confirm_hand: str | None = None  # the guest's seat the host asked to hand over (a confirm)
    tabs: TableTabs
    saving: SaveStatus
    pending_toast: str
    _handlers: dict[str, Any]
    timer: Any  # the next regular's move (a js.setTimeout id), or None
    timer_key: Any  # the table state it was scheduled for
    settings: dict  # the player's settings, read as the screen is drawn

    def __init__(self, table_class: str) -> None:
        """What every table screen holds (each game adds its own look); `table_class` is its
        section's class, which the tab lock's notice takes too."""
        self.session = None
        self.timer, self.timer_key = None, None
        self.settings = clean_settings(None)
        self.saving = SaveStatus()
        self.pending_toast = ""  # said once the table is drawn (e.g. settings were reset)
        self._handlers = {}
        # One table, one tab: only the tab holding the table plays it and saves it.
        self.tabs = TableTabs(self.GAME, self.SCREEN, table_class, drop=self.drop)

    def stop_timers(self) -> None:
        """No regular's move is due from this screen any more."""
        if self.timer is not None:
            js.clearTimeout(self.timer)
        self.timer, self.timer_key = None, None

    def start(self, session: game_session.GameSession) -> None:
        raise NotImplementedError  # each game's own look

    def tally_panel_html(self) -> str:
        raise NotImplementedError  # each game's own Tavlen

    def clicked(self, action: str, target: Any) -> bool:
        """A tap on one of the game's own buttons (`action`, its data-action, on `target`): True
        when the table changed (the toast is cleared and the table redrawn); an IllegalAction
        is said in the toast."""
        raise NotImplementedError  # each game's own taps

    def on_click(self, ev: Any) -> None:
        """A tap at the table: *Tavlen* and ← in the bar, the host's seat menu, else the game's
        own (`clicked`)."""
        target = self.tapped(ev)
        if target is None:
            return
        action = str(target.getAttribute("data-action"))
        if action == "tally":
            self.toggle_tally()
        elif action == "leave":
            self.leave()
        elif self.hand_click(action, target):  # the host's seat menu (friends)
            self.refresh()  # keeps the toast it said
        else:
            try:
                changed = self.clicked(action, target)
            except IllegalAction as exc:
                self.toast(error_text(str(exc)))
                return
            if changed:
                self.toast("")
                self.refresh()

    def refresh(self) -> None:
        raise NotImplementedError  # each game's own redraw (it ends with settle())

    def schedule(self) -> None:
        raise NotImplementedError  # each game's own pace: the next regular's move

    def on_screen(self) -> bool:
        """This table's screen is on show (and drawn): a timer's move may play and redraw."""
        return screens.current() == self.SCREEN and present(self.el(self.IDS["felt"]))

    def tick_shown(self, table: Any) -> None:
        """A host's table with friends, ticked by share_screen while this screen is on show:
        the table's time (away guests' stand-ins, the next game) goes on from there; this
        screen paces the regulars (``schedule``), and a change redraws it (``on_change``)."""
        table.tick()

    def regular_moves(self, *_a: Any) -> None:
        """The scheduled regular's move (its pause is over): played, then the table redrawn."""
        self.timer, self.timer_key = None, None
        if self.session is None or not self.on_screen():
            return
        try:
            self.session.play_regular()
        except IllegalAction:
            pass  # the turn moved on meanwhile (the clock acted, a Fejl, a new game)
        self.refresh()

    def settle(self) -> None:
        """The end of each redraw: *Tavlen* as the table is now, a crashed regular told, the
        table saved, the next regular's move scheduled."""
        self.redraw_tally()
        self.report_faults()
        mark_host(self.el(self.IDS["felt"]), self.session)
        self.save()
        self.schedule()

    def tapped(self, ev: Any) -> Any:
        """The enabled [data-action] element a tap landed on, at a table in play (else None)."""
        target = ev.target.closest("[data-action]")
        if not present(target) or target.disabled or self.session is None:
            return None
        return target

    def mount(self, root: Any, html: str, section: str) -> Any:
        """The first half of drawing the screen: the table resumed (None when the screen went
        elsewhere), marked as the last one on show, the skeleton `html` in `root`, and its
        `section` (a selector) returned with the taps wired and Rolig bevægelse's class."""
        self.settings = self.read_settings()
        if not self.resume(root):
            return None
        self.stop_timers()
        if not self.session.remote:  # a guest's phone keeps no table to come back to
            last_table.mark(self.GAME, store)  # a reload comes back to this table (last_table.py)
        root.innerHTML = html
        table = root.querySelector(section)
        if self.settings.get("reduced_motion"):
            table.classList.add("reduced")
        table.addEventListener("click", self.handler("click", self.on_click))
        return table

    def shown(self) -> None:
        """The last half of drawing the screen: the table drawn, and a toast kept for it."""
        self.refresh()
        if self.pending_toast:
            self.toast(self.pending_toast)
            self.pending_toast = ""

    def skeleton_html(self, label: str, bar: str, attrs: str, *, above: tuple[str, ...] = (),
                      felt_class: str = "", beside: tuple[str, ...] = (), below: tuple[str, ...] = ()) -> str:
        """The table screen's regions, with this game's `IDS`: its section (class
        "<game>-table", its `attrs` and aria-label `label`), the `bar` (bar_html), the felt
        (`felt_class` added to felt-area; `beside` it in its wrap, e.g. Snyd's clock), the
        controls, the toast, the aria-live log and *Tavlen*'s panel; `above` the felt and
        `below` the panel, a game's own regions (Bakke's turn line, Snyd's cover)."""
        ids = self.IDS
        felt = f'<div class="felt-area{felt_class}" id="{ids["felt"]}" data-testid="table"></div>'
        rows = (bar, *above, '<div class="felt-wrap">', *(f"  {row}" for row in (felt, *beside)), "</div>",
                f'<div class="controls" id="{ids["controls"]}"></div>',
                f'<p class="toast" id="{ids["toast"]}" role="alert"></p>',
                f'<div class="visually-hidden" id="{ids["live"]}" aria-live="polite" aria-atomic="false" role="log"></div>',
                f'<div class="tally-panel" id="{ids["tally"]}" data-testid="tally" hidden></div>', *below)
        return (f'\n<section class="{self.GAME}-table" {attrs} aria-label="{label}">\n'
                + "".join(f"  {row}\n" for row in rows) + "</section>\n")

    def listen_felt(self, **events: Callable[[Any], None]) -> None:
        """The felt's gestures: each pointer event (pointerdown=…) to its handler, one
        long-lived proxy each (named "down", "move" … by the event)."""
        felt = self.el(self.IDS["felt"])
        for kind, fn in events.items():
            felt.addEventListener(kind, self.handler(kind.removeprefix("pointer"), fn))

    def seat_menu_html(self) -> str:
        """*Tavlen*'s seat menu on the host's phone at a table with friends ("" elsewhere)."""
        return seats_menu_html(self.session, self.confirm_hand)

    def hand_click(self, action: str, target: Any) -> bool:
        """A tap in the seat menu: *Lad en stamgæst spille* asks to confirm, *Ja* hands the
        seat to a stand-in (it plays from the next tick), *Nej* forgets it, *Giv pladsen
        tilbage* returns it; the line shows here at once (the table says it with the next
        move). False if ``action`` is not one of these."""
        if action not in HAND_ACTIONS:
            return False
        player = str(target.getAttribute("data-player") or "")
        try:
            if action == "hand-over":
                self.confirm_hand = player
            elif action == "hand-over-no":
                self.confirm_hand = None
            elif action == "hand-over-yes":
                self.confirm_hand = None
                self.session.hand_over(player)
                self.toast(handed_line(player))
            else:
                self.session.give_back(player)
                self.toast(given_back_line(player))
        except IllegalAction as exc:  # no such guest (the menu is drawn on the host's only)
            self.toast(error_text(str(exc)))
        self.redraw_tally()
        return True

    def redraw_tally(self) -> None:
        """After a change: *Tavlen*, when it is open, shows the table as it is now."""
        panel = self.el(self.IDS["tally"])
        if not panel.hidden:
            panel.innerHTML = self.tally_panel_html()

    def toggle_tally(self) -> None:
        """The bar's *Tavlen* (and the panel's *Luk*): open or close the panel."""
        panel = self.el(self.IDS["tally"])
        panel.hidden = not panel.hidden
        self.redraw_tally()
        bar = js.document.querySelector(f'.{self.GAME}-table .table-bar [data-action="tally"]')
        bar.setAttribute("aria-expanded", "false" if panel.hidden else "true")

    def leave(self) -> None:
        """The bar's ←: the table is saved, its timers stop, the start screen shows."""
        self.save()
        self.stop_timers()
        screens.show(screens.START)

    def drop(self) -> None:
        """Another tab plays this table now (or is about to be taken from): stop here. A
        guest's phone at a friend's table keeps its table (it saves nothing)."""
        if self.session is not None and self.session.remote:
            return
        self.stop_timers()
        self.session = None

    def handler(self, name: str, fn: Any) -> Any:
        """One long-lived proxy per handler (not one per render)."""
        if name not in self._handlers:
            self._handlers[name] = create_proxy(fn)
        return self._handlers[name]

    def el(self, id_: str) -> Any:
        return js.document.getElementById(id_)

    # ---------- the save: each game's own key (Snyd's format is its own: it overrides these) ----------
    def has_saved(self) -> bool:
        return self.session is not None or store.read(games.get(self.GAME).store_key) is not None

    def read_save(self) -> Any:
        """The saved table, or None; a corrupt one is set aside and CorruptSave raised."""
        return game_session.load(self.GAME, store, warn=warn)

    def write_save(self) -> bool:
        """Store the table in play; False when the storage refused."""
        return game_session.save(self.session, store)

    def remove_save(self) -> None:
        game_session.forget(self.GAME, store)

    def set_a_new_table(self, notice: str = "") -> None:
        """No table to show: *Dæk bordet*, with what the player must know (a corrupt table,
        settings that were reset)."""
        notice = " ".join(n for n in (notice, self.pending_toast) if n)
        self.pending_toast = ""
        screens.show(self.SETUP, **({"notice": notice} if notice else {}))

    def resume(self, root: Any) -> bool:
        """The table to draw is there (this tab's, or the saved one now started); False when
        the screen went elsewhere: to *Dæk bordet* (nothing saved, or a corrupt save, said
        there), or behind the lock of another tab that holds the table."""
        if self.session is not None:
            return True
        if not self.has_saved():
            self.set_a_new_table()
            return False
        if not self.tabs.gate(root):
            self.stop_timers()
            return False
        try:
            saved = self.read_save()
        except game_session.CorruptSave as exc:
            self.set_a_new_table(str(exc))
            return False
        if saved is None:
            self.set_a_new_table()
            return False
        self.start(saved)
        return True

    def save(self) -> None:
        """Store the table, if this tab holds it. A failure shows a line at once and every later
        change tries again; the first save that works clears the line. A guest's phone keeps
        no table (the host's phone has it)."""
        if self.session is None or self.session.remote or not self.tabs.still_mine():
            return  # another tab holds the table: it plays and saves it
        if self.saving.ask_persist():
            ask_persistence()
        ok = self.write_save()
        self.saving.after_save(ok, store.last_failure)
        self.show_save_line()

    def show_save_line(self) -> None:
        line = self.el(self.IDS["save-failed"])
        if present(line) and line.textContent != self.saving.line:  # a live region: say it once
            line.textContent = self.saving.line
            line.hidden = not self.saving.line

    def read_settings(self) -> dict:
        settings, problem = load_settings(store)
        if problem:
            warn(f"Bodegabordet: {problem}")
            self.pending_toast = settings_reset()
        return settings

    def say(self, text: str) -> None:
        """Into the aria-live log (screen readers read each new line once)."""
        live = self.el(self.IDS["live"])
        if present(live):
            p = js.document.createElement("p")
            p.textContent = text
            live.append(p)
            while live.childElementCount > LIVE_LINES:
                live.firstElementChild.remove()

    def toast(self, text: str) -> None:
        t = self.el(self.IDS["toast"])
        if present(t):
            t.textContent = text

    def report_faults(self) -> None:
        """A regular that raised instead of playing: told at the table, warned in the console."""
        for fault in self.session.new_faults():
            warn(f"Bodegabordet: {fault.player} raised instead of playing ({fault.error})", fault.traceback)
            self.toast(fault.line)

    # ---------- what the game's module offers the app (start_table, show_peer_table …) ----------
    def start_table(self, session: game_session.GameSession) -> None:
        """Sit down at a new table (from *Dæk bordet*) and show it; the old table goes first. A
        new table is set here, so this tab holds it: another tab on the old table shows that it
        moved."""
        self.tabs.take()
        self.forget()
        self.start(session)
        self.save()
        screens.show(self.SCREEN)

    def show_peer_table(self, session: Any) -> None:
        """A guest's phone at a friend's table (friends/game_guest.GuestGameTable): the same
        table, fed from the host's phone; the table saved on this phone is left alone."""
        self.start(session)
        screens.show(self.SCREEN)

    def calls(self) -> tuple[Callable[..., Any], ...]:
        """What a game's table-screen module offers the app and the peers, in this order:
        start_table, show_peer_table, has_saved_table, forget_table."""
        return self.start_table, self.show_peer_table, self.has_saved, self.forget

    def forget(self) -> None:
        """Clear the table (a new one follows). Removing is writing: only the holding tab does
        it (a new table takes the tab first)."""
        self.stop_timers()
        self.session = None
        if self.tabs.may_write:
            self.remove_save()

    def resume_unfinished(self) -> None:
        """An unfinished table survives a reload: the boot's resume step goes back to it (if it
        was the table on show last: app/saves/last_table.py)."""
        if last_table.should_resume(self.GAME, store):
            screens.show(self.SCREEN)


def serve(ui: GameTableUI, title: str | None, sheet: tuple[str, ...]) -> Callable[..., None]:
    """The tail of a game's table-screen module: its stylesheet linked (at import, so it is
    loaded long before the first table is drawn), its screen registered with its title, its
    unfinished table resumed by the boot (a title of None: screens.KNOWN_TITLES has it, in the
    language spoken). Returns the screen's render."""
    def render(root: Any, **_kw: Any) -> None:
        ui.render(root)

    stylesheet.ensure(*sheet)
    screens.register(ui.SCREEN, render, title=title)
    screens.on_resume(ui.resume_unfinished)
    return render
