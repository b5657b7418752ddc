"""The Snyd table screen ("bordet"): thin DOM glue over the session and the pure markup.

All decisions live in table_session / bid_picker / peek_gesture / table_markup; this module
only forwards gestures and taps, waits the regulars' pauses, ticks the clock and writes
HTML into three regions (felt, controls, cover).
"""
from __future__ import annotations

from typing import Any

import js
from app.device import clock_feedback, haptics, sound
from app.device.browser_storage import warn
from app.friends.host_table import load_table
from app.friends.peer_marks import can_hand_over, mark_host, seats_menu_html
from app.home.player_settings import (
    practice_wanted,
    tempo_factor,
)
from app.lang import error_text, t
from app.saves.local_store import TABLE_KEY, store
from app.saves.save_guard import MAX_TABLE_CHARS
from app.shell.dom_util import present
from app.snyd.announcements import bid_words, peek_words
from app.snyd.bid_picker import BidPicker, face_from_key
from app.snyd.peek_gesture import PeekGesture
from app.snyd.peek_hint import PeekHint
from app.snyd.reveal_markup import verdict_at
from app.snyd.reveal_steps import steps as reveal_plan
from app.snyd.table_markup import (
    TableLook,
    controls_html,
    felt_html,
    handoff_html,
    is_my_turn,
    my_dice_html,
)
from app.snyd.table_session import CorruptSave, Session
from app.snyd.tally_board import tally_html
from app.table.fair_marks import fair_info_tap, fair_of
from app.table.screen import GameTableUI, bar_html, serve
from pyodide.ffi import create_once_callable, to_js

SCREEN = "bordet"
STYLESHEET = ("snyd-life-css", "./app/snyd/life.css")
SHAKE_MS = 700        # the cups' shake at a deal (life.css cupshake)
SETTLED_MS = 10**6    # a reveal not seen arriving (a reload) shows finished
PAINT_PENDING = -1.0  # reveal_at of a reveal drawn but not yet painted (cue_reveal)
TURN_BUZZ = [40]                   # Din tur: one haptic tick
VIBORG_BUZZ = [120, 80, 240]       # the mat turns black
LOST_BUZZ = [200, 100, 200, 100, 500]  # tabt helt
LIVE_LINES = 12       # the aria-live log keeps the last few lines
# The host's hand over a guest's seat (peer_marks.hand_over_html, seats_menu_html).
HAND_ACTIONS = ("hand-over", "hand-over-yes", "hand-over-no", "give-back")
SIDEWAYS = "(orientation: landscape) and (max-height: 500px)"  # table.css's phone on its side
TICK_MS = 200         # clock refresh; the clock shows whole seconds


def skeleton() -> str:
    """The table's frame in the language spoken now."""
    clock = f'<div class="clock" id="clock" data-testid="clock" role="timer" aria-label="{t("snyd.clock.label")}" hidden></div>'
    return ui.skeleton_html(t("snyd.table.label"), bar_html("Snyd", t("snyd.leave"), t("snyd.tally")),
                            'data-testid="table-screen"', beside=(clock,), below=('<div id="cover"></div>',))


class TableUI(GameTableUI):
    GAME = "snyd"  # not text: the game's key
    SCREEN = SCREEN
    TICKS_TABLE = True  # its clock's interval ticks the table while it is on show
    SETUP = "dæk bordet"  # not text: its *Dæk bordet*

    def __init__(self) -> None:
        super().__init__("snyd-table")
        self.look = TableLook()
        self.view: dict = {}
        self.gesture = PeekGesture()
        self.peek_hint = PeekHint()  # "Stryg op for at kigge" until a real look
        self.live: list[str] = []
        self.interval: Any = None  # the clock's tick (a js.setInterval id), or None
        self._mounted = False
        # The table's life (issue 12): when the reveal on show was first painted and the last
        # deal arrived here (performance.now() ms; None: not seen arriving; PAINT_PENDING: drawn,
        # not painted yet), and whose turn was last buzzed.
        self.reveal_at: float | None = None
        self.shake_at: float | None = None
        self.turn_told: object = None

    # ---------- set-up ----------
    def start(self, session: Session) -> None:
        self.stop_timers()
        self.session = session
        self.look = TableLook(regulars=tuple(session.regulars), deals=session.deals)
        session.on_change = self.table_moved  # a peer table: a move from another phone
        self.live = []
        self.gesture.up()
        self.reveal_at = self.shake_at = None  # a table sat down at shows its reveal finished
        self.turn_told = None

    # ---------- the save: Snyd's own format (a Session, or the host's table with friends) ----------
    def read_save(self) -> Session | None:
        """The unfinished table from local storage, or None. Corrupt -> CorruptSave, and the
        text is set aside under the backup key (one copy, for a bug report), off the table key."""
        text = store.read(TABLE_KEY)
        if text is None:
            return None
        try:
            return load_table(text)  # a one-phone Session, or the host's table with friends
        except CorruptSave as exc:
            warn(f"Bodegabordet: the saved table was set aside ({TABLE_KEY}.backup): {exc.detail}")
            store.set_aside(TABLE_KEY, text, exc.detail, MAX_TABLE_CHARS)
            raise

    def write_save(self) -> bool:
        return store.write(TABLE_KEY, self.session.to_json())

    def remove_save(self) -> None:
        store.remove(TABLE_KEY)

    def render(self, root: Any) -> None:
        section = self.mount(root, skeleton(), ".snyd-table")
        if section is None:
            return  # Dæk bordet, or another tab holds the table
        self.session.tempo = tempo_factor(self.settings)
        section.addEventListener("change", self.handler("change", self.on_change))
        section.addEventListener("keydown", self.handler("keydown", self.on_key))
        section.addEventListener("keyup", self.handler("keyup", self.on_key))
        felt = self.el("felt-area")
        felt.addEventListener("pointerdown", self.handler("down", self.on_down))
        felt.addEventListener("pointermove", self.handler("move", self.on_move))
        for kind in ("pointerup", "pointercancel", "lostpointercapture"):
            felt.addEventListener(kind, self.handler("up", self.on_up))
        # A swipe the page consumes must not become a fling: Chromium would swallow the next
        # tap (e.g. on Byd right after a peek) as "stop the fling". touch-action alone is not enough.
        felt.addEventListener("touchmove", self.handler("touchmove", self.on_touchmove),
                              to_js({"passive": False}, dict_converter=js.Object.fromEntries))
        controls = self.el("controls")
        controls.addEventListener("pointerdown", self.handler("kig-down", self.on_kig_down))
        if not self._mounted:  # a release anywhere ends a held cup or a held Kig
            js.window.addEventListener("pointerup", self.handler("up", self.on_up))
            js.window.addEventListener("blur", self.handler("up", self.on_up))
            js.window.addEventListener("resize", self.handler("resize", self.fit_history))
            self._mounted = True
        self.interval = js.setInterval(self.handler("tick", self.on_tick), TICK_MS)
        self.shown()

    def tick_shown(self, table: Any) -> None:
        """share_screen's tick of a host's table while this screen is on show: its clock's
        interval ticks the table when drawn; else time and the regulars go on from there."""
        if self.interval is None or not self.on_screen():
            table.tick_unseen()

    def stop_timers(self) -> None:
        """No regular's move and no clock's tick is due from this screen any more."""
        super().stop_timers()
        if self.interval is not None:
            js.clearInterval(self.interval)
            self.interval = None

    # ---------- drawing ----------
    def take_news(self) -> None:
        timed_out = None  # whose time ran out: their call (or opening bid) follows at once
        for item in self.session.news():
            kind = item.event.get("type")
            if kind in ("deal", "new_game"):
                self.look.bubbles = {}
                self.look.reveal_lines = []
                self.look.history_open = False
                if kind == "deal":
                    self.cue_shake()
            if kind == "reveal":
                self.look.reveal_lines = []
                self.cue_reveal()
            elif self.follows_verdict(kind):
                self.look.reveal_lines += item.lines
            if kind in ("to_viborg", "lost_completely"):
                self.cue_moment(kind)
            if kind in ("bid", "call"):  # the cup slams down with a bid; Løft has its own call
                self.cue("slam" if kind == "bid" else "call")
            if kind == "timeout":
                timed_out = item.event.get("player")
            bubble = item.bubble
            if bubble and kind in ("bid", "call") and bubble[0] == timed_out:
                bubble = (bubble[0], self.timed_out_bubble(item.event))
            if bubble:
                self.look.bubbles.pop(bubble[0], None)  # the latest speaker goes last
                self.look.bubbles[bubble[0]] = bubble[1]
                self.look.fresh.add(bubble[0])
            for line in item.lines:
                self.say(line)
            if item.lines and kind not in ("bid", "call"):  # bids show as the current bid
                self.look.news = item.lines[-1]
            if kind == "bid":
                self.look.news = ""

    @staticmethod
    def timed_out_bubble(event: dict) -> str:
        """A timeout shown as what it was: "Tiden løb ud" (and the opener's forced bid), at the
        seat whose time ran out, not "Løft!" (S41)."""
        if event.get("type") == "bid":
            return t("snyd.time_up_bid", bid=bid_words(event["quantity"], event.get("face")))
        return t("snyd.time_up")

    # ---------- the table's life: shake, reveal, moments, Din tur ----------
    def now_ms(self) -> float:
        return float(js.performance.now())

    def instant(self) -> bool:
        """*Færre bevægelser* (or the system's reduced motion): the reveal and its moments come
        at once."""
        if self.settings.get("reduced_motion"):
            return True
        try:
            return bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
        except Exception:  # noqa: BLE001
            return False

    def cue(self, name: str, buzz: list[int] | None = None, after_ms: int = 0) -> None:
        """A sound (the *Lyd* setting) and a buzz (*Vibration*), now or after the reveal's steps."""
        def go(*_a: Any) -> None:
            if self.settings.get("sound"):
                sound.play(name)
            if buzz:
                haptics.cue(buzz, self.settings)
        if after_ms <= 0 or self.instant():
            go()
        else:
            js.setTimeout(create_once_callable(go), after_ms)

    def cue_shake(self) -> None:
        self.shake_at = self.now_ms()
        self.cue("shake")

    def cue_reveal(self) -> None:
        # The rings count from the frame that first paints them, not from here: on a busy phone
        # the drawing after this can take long, and a later redraw would jump to the verdict.
        self.reveal_at = PAINT_PENDING
        js.requestAnimationFrame(create_once_callable(self.reveal_painted))
        self.cue("reveal")

    def reveal_painted(self, frame_ms: Any) -> None:
        if self.reveal_at == PAINT_PENDING:
            self.reveal_at = float(frame_ms)

    def cue_moment(self, kind: str) -> None:
        """The black mat or *tabt helt*: when the verdict shows (its moment on the felt)."""
        v = self.session.view()
        after = verdict_at(len(reveal_plan(v))) if v.get("last_reveal") else 0
        if kind == "to_viborg":
            self.cue("viborg", VIBORG_BUZZ, after)
        else:
            self.cue("lost_completely", LOST_BUZZ, after)

    def cue_turn(self, v: dict) -> None:
        """Din tur: one haptic tick (and the hook's sound) once per turn of this phone's player."""
        if not is_my_turn(self.look.step, v):
            return
        key = (v["game_no"], v["round_no"], len(v["bids"]), v["turn"])
        if key != self.turn_told:
            self.turn_told = key
            self.cue("your_turn", TURN_BUZZ)

    def set_timing(self, v: dict) -> None:
        """The reveal's and the shake's clocks for life.css (see reveal_markup)."""
        section = js.document.querySelector(".snyd-table")
        if not present(section):
            return
        now = self.now_ms()
        if self.reveal_at is None or self.instant():
            elapsed = SETTLED_MS
        elif self.reveal_at == PAINT_PENDING:
            elapsed = 0.0  # not painted yet: the reveal starts with this drawing
        else:
            elapsed = max(0.0, now - self.reveal_at)
        section.style.setProperty("--reveal-elapsed", f"{elapsed:.0f}ms")
        section.style.setProperty("--reveal-end", f"{verdict_at(len(reveal_plan(v)))}ms")
        shaking = self.shake_at is not None and now - self.shake_at < SHAKE_MS and not self.instant()
        self.look.shaking = shaking
        section.style.setProperty("--shake-elapsed", f"{(now - self.shake_at) if shaking else 0:.0f}ms")

    @staticmethod
    def follows_verdict(kind: str) -> bool:
        """News that follows a verdict and belongs beside it (slap, Viborg, tabt helt …)."""
        return kind in ("out", "game_lost", "to_viborg", "home", "lost_completely", "final")

    def say(self, line: str) -> None:
        """Into the aria-live log (screen readers read each new line once)."""
        self.live = (self.live + [line])[-LIVE_LINES:]  # the latest lines, as said
        super().say(line)

    def refresh(self) -> None:
        """Redraw from the session after anything changed; save; schedule the next regular."""
        if self.session is None or not self.on_screen():
            return
        s = self.session
        if s.view() is None:
            return  # a guest's phone before the host's first view (the join screen shows)
        self.take_news()
        v = self.view = s.view()
        look = self.look
        look.connections = s.connections()
        look.can_hand_over = can_hand_over(s)
        handed = getattr(s, "handed", None)  # a peer table's, host's or guest's
        look.handed = frozenset(handed()) if callable(handed) else frozenset()
        look.me_handed = not look.can_hand_over and v.get("me") in look.handed
        if look.confirm_hand in look.handed:
            look.confirm_hand = None  # done meanwhile: nothing left to confirm
        look.fair = fair_of(s)  # a friends' table's fair dice (host's or guest's)
        old_step = look.step
        look.step = s.next_step()
        look.can_peek = s.can_peek()
        if not look.can_peek:
            self.gesture.up()
        look.peeking = self.gesture.peeking
        look.lift_px = self.gesture.lift
        my_turn = is_my_turn(look.step, v)
        mine = my_turn and v.get("can_bid")
        if not mine:
            look.picker = None
        elif look.picker is None or old_step != look.step or len(v["bids"]) != look.picker_bids:
            look.picker = BidPicker.for_view(v)
            look.picker_bids = len(v["bids"])
        look.advice = self.advice(v) if my_turn else None
        self.set_timing(v)
        self.cue_turn(v)
        self.el("felt-area").innerHTML = felt_html(v, look)
        self.show_peek_hint()
        self.fit_history()
        look.fresh = set()  # drawn once with their pop; later drawings keep them still
        self.el("felt-area").classList.toggle("peeking", look.peeking)
        self.el("felt-area").classList.toggle("held", look.peeking and self.gesture.aside)
        self.el("controls").innerHTML = controls_html(v, look)
        self.el("cover").innerHTML = handoff_html(look.step["player"]) if look.step["kind"] == "handoff" else ""
        if look.step["kind"] not in ("human", "regular", "remote"):
            self.el("clock").hidden = True  # at once, not at the next tick: no "15" over a reveal
        panel = self.el("tally-panel")
        if not panel.hidden:
            panel.innerHTML = self.tally_panel_html()
        self.report_faults()
        mark_host(self.el(self.IDS["felt"]), s)  # who leads a friends' table (peer_marks)
        self.save()
        if self.session is None:
            return  # the save found the table taken by another tab: this one stops
        self.schedule()

    def table_moved(self) -> None:
        """A peer table changed without a tap here (a guest's move, the host's frames): redraw
        at once; off the table screen the host's table is still saved (refresh saves too)."""
        if self.on_screen():
            self.refresh()
        else:
            self.save()

    def advice(self, v: dict) -> dict | None:
        if not practice_wanted(self.settings, v["rules"], bool(self.session.regulars)):
            return None
        try:
            from engine.snyd.practice import advice
            return advice(v)
        except Exception:  # noqa: BLE001
            return None

    def redraw_controls(self) -> None:
        self.look.advice = self.advice(self.view) if self.look.picker else None
        self.el("controls").innerHTML = controls_html(self.view, self.look)

    def tally_panel_html(self) -> str:
        seats = seats_menu_html(self.session, self.look.confirm_hand)  # the host's, with friends
        return (f'<div class="tally-card"><h2>{t("snyd.title.tally")}</h2>{tally_html(self.view)}{seats}'
                f'<button type="button" class="btn" data-action="tally">{t("snyd.close")}</button></div>')

    # ---------- the regulars' pace ----------
    def schedule(self) -> None:
        step = self.look.step
        if step.get("kind") != "regular":
            return
        key = (self.view["game_no"], self.view["round_no"], len(self.view["bids"]), step["player"])
        if self.timer is not None and self.timer_key == key:
            return
        if self.timer is not None:
            js.clearTimeout(self.timer)
        self.timer_key = key
        self.timer = js.setTimeout(create_once_callable(self.regular_moves), step["delay_ms"])


    # ---------- the clock ----------
    def on_tick(self, *_a: Any) -> None:
        if self.session is None or not self.on_screen():
            self.stop_timers()
            return
        face = self.session.tick(js.performance.now() / 1000.0)
        clock = self.el("clock")
        if face is None:
            clock.hidden = True
            return
        clock.hidden = False
        clock.textContent = str(face["seconds"])
        clock.setAttribute("aria-label", t("snyd.clock.left", who=face["player"], seconds=face["seconds"]))
        clock.classList.toggle("red", bool(face["red"]))
        if face["beep"]:
            if self.settings.get("sound"):
                clock_feedback.beep()
            if self.settings.get("vibration"):
                clock_feedback.vibrate()
        if face["timed_out"]:
            self.refresh()

    # ---------- taps ----------
    def clicked(self, action: str, target: Any) -> bool:
        if fair_info_tap(action, self.look):  # what *Ærlige terninger* means: open, or closed again
            return True
        s = self.session
        if action == "bid" and self.look.picker and self.look.picker.selected:
            s.act(self.look.picker.selected.action())
        elif action == "call":
            s.act({"type": "call"})
        elif action == "next":
            s.next_round()
        elif action == "handoff-ok":
            s.accept_handoff()
        elif action in HAND_ACTIONS:  # the host's hand over a guest's seat
            self.hand_over(action, str(target.getAttribute("data-player") or ""))
        elif action == "history":  # the round's bids: the strip or the whole list
            self.look.history_open = not self.look.history_open
        else:
            return False
        return True

    def hand_click(self, action: str, target: Any) -> bool:
        """Snyd hands a guest's seat its own way (hand_over, through `clicked`: asked in the
        controls as in *Tavlen*, look.confirm_hand), not through the shared seat menu's."""
        return False

    def hand_over(self, action: str, player: str) -> None:
        """*Lad en stamgæst spille* asks to confirm; *Ja* hands the seat to a stand-in (it
        plays from the next tick), *Nej* forgets it; *Giv pladsen tilbage* returns it. The
        session refuses a name that is no guest's (IllegalAction: said in the toast)."""
        s, look = self.session, self.look
        if action == "hand-over":
            look.confirm_hand = player
        elif action == "hand-over-yes":
            look.confirm_hand = None
            s.hand_over(player)
        elif action == "hand-over-no":
            look.confirm_hand = None
        elif action == "give-back":
            s.give_back(player)

    def on_change(self, ev: Any) -> None:
        picker = self.look.picker
        testid = ev.target.getAttribute("data-testid")
        if picker is None or testid not in ("bid-quantity", "bid-face"):
            return
        try:
            if testid == "bid-quantity":
                picker.choose_quantity(int(ev.target.value))
            else:
                picker.choose_face(face_from_key(ev.target.value))
        except ValueError as exc:
            self.toast(error_text(str(exc)))
        self.redraw_controls()

    def fit_history(self, *_a: Any) -> None:
        """No bid cut in half at the top of the round's bids (a phone on its side, table.css):
        the list stands scrolled to its end (the bid called), and when it is too long for its
        column, its box loses the part of the line the top edge cuts."""
        box = js.document.querySelector(".snyd-table .bid-history")
        if not present(box):
            return
        box.style.maxHeight = ""
        if not js.matchMedia(SIDEWAYS).matches:
            return  # upright, the bids are a one-row strip: nothing to trim (and no layout forced)
        height = float(box.clientHeight)
        if float(box.scrollHeight) <= height + 1:
            return  # all of it shows
        top = float(box.getBoundingClientRect().top)
        for line in box.querySelectorAll(".history-full li"):
            rect = line.getBoundingClientRect()
            cut = top - float(rect.top)  # how much of this line the top edge hides
            if 0 < cut < float(rect.height):
                box.style.maxHeight = f"{height - (float(rect.height) - cut):.1f}px"
                return

    # ---------- peeking ----------
    def on_down(self, ev: Any) -> None:
        if self.session is None or not self.session.can_peek():
            return
        kind = str(ev.pointerType)
        on_control = present(ev.target.closest("button, select, [data-action]"))
        if on_control and kind not in ("touch", "pen"):
            return  # a mouse on a control clicks it; only a held cup peeks
        on_cup = present(ev.target.closest("#cup-me"))
        if self.gesture.down(kind, float(ev.clientY), on_cup):
            if on_control:
                # A finger on the bid strip (the seed: swipe up *anywhere* on the table) peeks
                # once it moves up, yet a tap must still reach the control: no preventDefault,
                # no capture (a swipe past the touch slop is no tap: Chromium sends no click).
                return
            ev.preventDefault()
            try:
                self.el("felt-area").setPointerCapture(ev.pointerId)
            except Exception:  # noqa: BLE001, S110
                pass
            self.apply_peek()

    def on_move(self, ev: Any) -> None:
        if self.gesture.active:
            self.gesture.move(float(ev.clientY))
            self.apply_peek()

    def on_touchmove(self, ev: Any) -> None:
        if ev.cancelable:
            ev.preventDefault()

    def on_up(self, *_a: Any) -> None:
        if self.gesture.active:
            self.gesture.up()
            self.apply_peek()

    def on_kig_down(self, ev: Any) -> None:
        btn = ev.target.closest('[data-action="peek"]')
        if not present(btn) or btn.disabled or self.session is None or not self.session.can_peek():
            return
        ev.preventDefault()
        if self.gesture.down("button", 0.0):
            self.apply_peek()

    def on_key(self, ev: Any) -> None:
        """Hold Space or Enter on *Kig* to peek from the keyboard."""
        if ev.key not in (" ", "Enter") or ev.target.getAttribute("data-action") != "peek":
            return
        ev.preventDefault()
        if ev.type == "keydown" and not ev.repeat and self.session and self.session.can_peek():
            self.gesture.down("button", 0.0)
        elif ev.type == "keyup":
            self.gesture.up()
        self.apply_peek()

    def apply_peek(self) -> None:
        """The cup follows the gesture; the dice enter the DOM only while peeking."""
        g, look = self.gesture, self.look
        cup = self.el("cup-me")
        if present(cup):
            cup.style.transform = f"translateY({-g.lift:.0f}px)" if g.lift else ""
        peeking = g.peeking and look.can_peek
        if peeking != look.peeking:
            look.peeking = peeking
            look.lift_px = g.lift
            box = self.el("my-dice")
            if present(box):
                box.innerHTML = my_dice_html(self.view, look)
            self.el("felt-area").classList.toggle("peeking", peeking)
            self.el("felt-area").classList.toggle("held", peeking and g.aside)
            self.time_peek(peeking)

    def time_peek(self, peeking: bool) -> None:
        """A look long enough ends the cup's hint; a blink earns a line (app/snyd/peek_hint.py)."""
        if peeking:
            self.peek_hint.peek_started(js.performance.now())
            self.say(peek_words(self.view.get("my_dice") or []))  # a screen reader's look
            return
        line = self.peek_hint.peek_ended(js.performance.now())
        if line:
            self.toast(line)
        self.show_peek_hint()

    def show_peek_hint(self) -> None:
        """The hint on your own cup (above it, absolute: no layout change), until you have looked."""
        cup = self.el("cup-me")
        if not present(cup):
            return
        touch = bool(js.matchMedia("(pointer: coarse)").matches)
        text = self.peek_hint.cup_hint(touch, bool(self.look.can_peek))
        hint = cup.querySelector(".peek-hint")
        if not text:
            if present(hint):
                hint.remove()
            return
        if not present(hint):
            hint = js.document.createElement("span")
            hint.className = "peek-hint"
            hint.setAttribute("data-testid", "peek-hint")
            cup.append(hint)
        hint.textContent = text


ui = TableUI()


# What the app asks of this module (the games registry's table_ui): the same for every game.
start_table = ui.start_table      # sit down at a new table from *Dæk bordet*, and show it
show_peer_table = ui.show_peer_table  # a guest's phone at a friend's table (friends/guest_table.py)
has_saved_table = ui.has_saved
forget_table = ui.forget


def current_session() -> Session | None:
    """The table in play here (*Tavlen*'s screen asks); a saved one is loaded only by the tab
    that holds it."""
    if ui.session is None and ui.tabs.may_write:
        try:
            saved = ui.read_save()
        except CorruptSave:
            return None
        if saved is not None:
            ui.start(saved)
    return ui.session


render = serve(ui, None, STYLESHEET)  # its title: screens.KNOWN_TITLES; its resume step
