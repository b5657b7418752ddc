"""What every game's *Dæk bordet* screen does: the seats, *Start*, *Med vennerne*,
*Fortsæt*, *Lær at spille*, names typed in place, the language followed, errors said. Each game
keeps only its own choices: its draft and markup (`<game>/setup_markup.py`) and how a changed
control sets the draft (`choose`).

Bakke and Treere are this class as it is. Snyd (app/snyd/setup_screen.py) is a small subclass
through the hooks below: its draft keeps the seat draft under `seating` (its `seats` are the
Snyd `Seat`s), it starts its own Session at the player's tempo, its phone/friends switch is an
action of its own (`act`), and its folded *Husregler* is remembered from the click.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from app import lang
from app.device.browser_storage import warn
from app.home.player_settings import load_settings, settings_reset
from app.saves.local_store import store
from app.shell import screens
from app.shell.dom_util import present
from app.table.seat_draft import SeatDraft
from app.table.session import GameSession
from pyodide.ffi import create_proxy

from engine.errors import IllegalAction

# choose(draft, element) sets the draft from a changed control of the game's own; False when
# the control is none of its own (then nothing is repainted). Bad values raise ValueError.
Choose = Callable[[Any, Any], bool]


def regulars_of(game: str) -> list[dict]:
    """The regulars who play `game` (none while their module is missing: people only)."""
    try:
        bots = importlib.import_module(f"engine.{game}.bots")
    except ImportError:
        return []
    return list(bots.REGULARS)


class GameSetup:
    """One game's *Dæk bordet*. `table` is the game's table_screen module (start_table,
    has_saved_table, SCREEN). A game whose draft or table differs overrides the hooks:
    `seating`, `new_draft`, `act`, `new_session`, `tempo`, `error_of`."""

    def __init__(self, game: str, screen: str, draft: Callable[..., Any],
                 html: Callable[[Any, list[dict], bool], str], table: Any, choose: Choose) -> None:
        self.game, self.screen, self.table = game, screen, table
        self._new_draft, self._html, self._choose = draft, html, choose
        self.draft: Any = None
        self.root: Any = None
        self._proxies: dict[str, Any] = {}
        self._notice = ""  # the settings' reset, told by the draft still to come

    def regulars(self) -> list[dict]:
        return regulars_of(self.game)

    # ---------- the hooks ----------
    def seating(self, d: Any) -> SeatDraft:
        """The draft's seats (Bakke, Treere: `d.seats`)."""
        return d.seats

    def new_draft(self, settings: dict) -> Any:
        """A first draft: you against the first regulars (app/table/seat_draft.py)."""
        return self._new_draft(seats=SeatDraft.first(settings["name"], self.regulars()))

    def act(self, d: Any, action: str) -> None:
        """A button of the game's own (`data-action`); the screen repaints after it. ValueError
        or IllegalAction: said as the error."""

    def new_session(self, d: Any) -> Any:
        """The table *Start* sits down at (IllegalAction: it is said, nothing starts)."""
        return GameSession(self.game, self.seating(d).seats, d.rules())

    def tempo(self) -> float:
        """The regulars' pace at a friends' table (Bakke's and Treere's tables pace them
        themselves)."""
        return 1.0

    def error_of(self, exc: Exception) -> str:
        """What the draft keeps of an error (its markup shows it)."""
        return lang.error_text(str(exc))

    # ---------- the screen ----------
    def _proxy(self, name: str, fn: Any) -> Any:
        if name not in self._proxies:  # one proxy per listener: never leaked per repaint
            self._proxies[name] = create_proxy(fn)
        return self._proxies[name]

    def settings(self) -> dict:
        """The settings; unreadable ones were set aside: the notice says so (once) and warns."""
        settings, problem = load_settings(store)
        if problem:
            warn(f"Bodegabordet: {problem}")
            if self.draft is not None:
                self.draft.notice = settings_reset()
            else:
                self._notice = settings_reset()
        return settings

    def current(self) -> Any:
        if self.draft is None:
            d = self.new_draft(self.settings())
            if self._notice:
                d.notice, self._notice = self._notice, ""
            self.draft = d
        return self.draft

    def paint(self) -> None:
        if self.root is None or screens.current() != self.screen:
            return
        self.seating(self.current()).follow_language()  # the language may have changed since the draft
        self.root.innerHTML = self._html(self.current(), self.regulars(), self.table.has_saved_table())
        section = self.root.querySelector('[data-testid="setup"]')
        # Listeners on our own section (repainted each time), never on the shared <main>.
        section.addEventListener("click", self._proxy("click", self.on_click))
        section.addEventListener("change", self._proxy("change", self.on_change))
        section.addEventListener("input", self._proxy("input", self.on_input))

    def on_click(self, ev: Any) -> None:
        target = ev.target.closest("[data-action]")
        if not present(target) or target.disabled:
            return
        d = self.current()
        seats = self.seating(d)
        action = target.getAttribute("data-action")
        d.error = ""
        try:
            if action == "add-regular":
                seats.add_regular(self.regulars())
            elif action == "add-human":
                seats.add_human()
            elif action == "remove":
                seats.remove(int(target.getAttribute("data-seat")), self.regulars())
            elif action == "resume":
                d.notice = ""
                screens.show(self.table.SCREEN)
                return
            elif action == "back":
                screens.show(screens.START)
                return
            elif action == "learn":  # Lær at spille: this game's tutorial (Spring over: back here)
                screens.show("lær", game=self.game)  # not text: the screen's name
                return
            elif action == "start":
                self.start()
                return
            elif action == "friends":
                self.invite_friends()
                return
            else:
                self.act(d, action)
        except (ValueError, IllegalAction) as exc:
            d.error = self.error_of(exc)
        self.paint()

    def start(self) -> None:
        """*Start*: the game's table (its start_table forgets the old one first)."""
        d = self.current()
        try:
            session = self.new_session(d)
        except IllegalAction as exc:
            d.error = self.error_of(exc)
            self.paint()
            return
        d.notice = ""
        self.table.start_table(session)

    def invite_friends(self) -> None:
        """*Med vennerne*: this phone hosts (its one person and the regulars set here), friends
        sit down by the share link (app/friends/share_screen.py)."""
        from app.friends import share_screen  # the peer layer loads only for a table with friends

        d = self.current()
        try:
            share_screen.open_lobby(self.seating(d).seats, d.rules(), self.tempo(), self.game)
        except IllegalAction as exc:
            d.error = self.error_of(exc)
            self.paint()

    def on_change(self, ev: Any) -> None:
        t = ev.target
        d = self.current()
        if t.getAttribute("data-testid") == "regular-choice":
            self.seating(d).regular_choice = str(t.value)
            return
        try:
            if not self._choose(d, t):
                return
        except ValueError as exc:
            d.error = self.error_of(exc)
        self.paint()

    def on_input(self, ev: Any) -> None:
        """Names are typed in place: the draft follows without a repaint (keeps the caret)."""
        t = ev.target
        if t.classList.contains("name") and t.hasAttribute("data-seat"):
            self.seating(self.current()).rename(int(t.getAttribute("data-seat")), str(t.value))

    def render(self, root: Any, notice: str = "", **_kw: Any) -> None:
        self.root = root
        if notice:
            self.current().notice = notice
        self.paint()
