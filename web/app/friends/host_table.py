"""The host's phone at a table with friends: the one-phone Session with a HostRoom attached.

It runs the engine Table, the regulars and the S41 clock exactly as a one-phone table does,
and adds the guests' seats (Seat kind "guest"): their actions arrive through the room (for
their own seat only), every change of the table goes out to every guest, the clock runs for
their turns too and rides on each update, so every phone counts toward the host's deadline.
The host sees the table as its own seat: no hand-off between host and guests.

API (screens: helper H2; transports: helper T; docs/protocol.md "The host's table"):

    room = open_room(draft.seats)         # at *Med vennerne*: the host (the draft's person)
                                          # and the draft's regulars; transports attach now
    room.seat_regular("Henning")          # the lobby, as HostRoom documents
    table = HostTable.from_lobby(room, draft.rules(), tempo=...)  # *Start*: deal, send views
    table.link = {"relay_room": ..., "host_key": ...}   # whatever the transport must keep
    table_screen.start_table(table)       # the usual table screen; it saves the table and room

    load_table(text)                      # a saved table: a HostTable if it was one, else Session
    host_table.on_restore = reattach      # called with each restored HostTable (reconnect
                                          # the transport to ``table.room`` with ``table.link``)

Transports call ``table.room.connect / receive / disconnect`` (docs/protocol.md); the screen
ticks ``table.tick()`` as it does for any Session, which also ticks the room.

Who deals at a peer table: the host's *Næste runde*, or the table itself after a pause
(AUTO_DEAL_S) so a dozing host does not stall the guests. A guest seat that is "away" has its
turn played by a stand-in regular when the clock runs out (or COVER_GRACE_S after its turn
began or it went away, without a clock); the seat is the guest's again when the phone returns.
The host can also hand a guest's seat to a stand-in at once (``hand_over(player)``): it plays
that seat's turns from the next tick, whatever the phone does, until ``give_back(player)``.
Both are said at the table, on the host's phone and on every guest's (the view's "said").
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from app.friends.core.host import HostRoom
from app.friends.core.host_seats import (  # noqa: F401 (away_line, back_line, COVER_GRACE_S re-exported)
    AUTO_DEAL_S,
    COVER_GRACE_S,
    STAND_IN_STYLE,
    Absences,
    HostedTable,
    SaidRoomTable,
    away_line,
    back_line,
    check_link,
)
from app.friends.core.host_seats import open_room as open_draft_room
from app.friends.core.protocol import LINE_CHARS
from app.saves.save_guard import MAX_TABLE_CHARS, UnreadableSave, parse_bounded
from app.snyd.table_session import CorruptSave, News, Session
from app.snyd.table_setup import Seat

from engine.snyd import IllegalAction, Rules

# Set by the transport's owner: called with every HostTable that load_table restores.
on_restore: Callable[[HostTable], None] | None = None


def open_room(seats: list[Seat], clock: Callable[[], float] = time.monotonic) -> HostRoom:
    """A lobby from the *Dæk bordet* draft: its one person is the host, its regulars sit down;
    friends take the other seats by the share link. IllegalAction if the draft has no single
    person (pass-and-play seats belong on one phone)."""
    return open_draft_room([(s.name, s.kind) for s in seats], clock)


class HostTable(HostedTable, Session):
    """A Session whose guest seats are friends' phones, reached through ``room``."""

    def __init__(self, seats: list[Seat], rules: Rules, seed: int | None = None,
                 first: str | None = None, tempo: float = 1.0, _table: Any = None,
                 regular_factory: Callable[[str, int], Any] | None = None) -> None:
        super().__init__(seats, rules, seed=seed, first=first, tempo=tempo, _table=_table,
                         regular_factory=regular_factory)
        self._host_up()
        self._notes: list[News] = []
        self._verdict_at: tuple[int, float] | None = None     # (events, when the cups lifted)

    # ---------- set-up ----------
    @classmethod
    def _for_room(cls, room: HostRoom, seats: list[tuple[str, str]], rules: Rules,
                  **options: Any) -> HostTable:
        return cls(seats, rules, **options)

    def _attached(self, room: HostRoom) -> None:
        room.turn_clock = self._turn_clock
        self._start_turn()  # the first update (or the reload's) carries the turn's clock

    # ---------- the flow ----------
    def next_step(self) -> dict:
        """As Session, plus {"kind": "remote", "player"} while a guest's phone has the turn."""
        v = self.view()
        if v["phase"] == "bidding" and v["turn"] in self.guests:
            return {"kind": "remote", "player": v["turn"]}
        return super().next_step()

    def next_round(self) -> None:
        self._seat_waiting()  # between games: late arrivals get a cup from this deal
        super().next_round()
        self._changed()

    def _seat_waiting(self) -> bool:
        """Late arrivals (the room's waiting seats, in arrival order) join the engine table
        while it is between games and has room; each becomes an ordinary guest seat. Mid-game,
        with an S32 final due or a full table they wait (Table.join refuses). True if any sat."""
        if self.room is None:
            return False
        seated = False
        for seat in [s for s in self.room.seats if s.waiting and s.kind == "guest"]:
            try:
                self.table.join(seat.player)
            except IllegalAction:
                break  # arrival order: nobody overtakes the first who must wait
            self.seats.append(Seat(seat.player, "guest"))
            self.guests.append(seat.player)
            self.room.seat_late_arrival(seat.player)
            seated = True
        return seated

    def guest_act(self, player: str, action: dict) -> None:
        """A guest's action, from the room (its channel decides ``player``)."""
        self._check_move(player)
        self.table.act(player, action)
        self._seat_waiting()  # that may have ended the game: late arrivals sit down now
        self._start_turn()  # before the room sends: the update carries the new turn's clock

    def _changed(self) -> None:
        """After any change made here: every guest gets its update (with the clock)."""
        self._seat_waiting()
        self._start_turn()
        if self.room is not None:
            self.room.table_changed()

    # ---------- the host's hand: a seat to a stand-in and back ----------
    def _tell(self, player: str, line: str) -> None:
        """The host's word about a seat: on this screen now, on the guests' with the next
        event (each guest's view carries it, so every phone reads the same words)."""
        self._note(player, line)
        self.said.append({"event": len(self.table.events), "player": player,
                          "line": line[:LINE_CHARS]})
        self._changed()
        if self.on_change is not None:
            self.on_change()

    # ---------- time: the clock, away seats, the next deal ----------
    def tick(self, now: float | None = None) -> dict | None:
        """As Session.tick, on the room's clock (``now`` is ignored: one time source for the
        clock, the room and the guests' deadlines). Also ticks the room, lets a stand-in play
        an away guest's due turn and deals after AUTO_DEAL_S; a change not shown by the
        returned face (a timeout) is told through ``on_change``."""
        now = self.now()
        changed = self._watch_connections()
        covered = self._cover(now)
        face = super().tick(now)
        timed_out = bool(face and face["timed_out"])
        seated = self._seat_waiting()  # someone arrived while the table was between games
        dealt = self._auto_deal(now)
        if covered or timed_out or dealt or seated:
            self._changed()
        if (covered or dealt or changed or seated) and not timed_out and self.on_change is not None:
            self.on_change()
        return face

    def _tick_unseen_time(self) -> bool:
        """tick_unseen's time: a timeout is told through ``on_change`` (on its screen the
        clock's face redraws it; here the table is saved and told)."""
        face = self.tick()
        timed_out = bool(face and face["timed_out"])
        if timed_out and self.on_change is not None:
            self.on_change()
        return timed_out

    def _start_turn(self) -> None:
        """Note when this turn (or the verdict) began, and start the turn's clock now (not at
        the screen's next tick), so the update that announces the turn carries its deadline."""
        v, now = self.view(), self.now()
        if v["phase"] in AUTO_DEAL_S:
            mark = len(v["events"])
            if self._verdict_at is None or self._verdict_at[0] != mark:
                self._verdict_at = (mark, now)
        if v["phase"] != "bidding":
            return
        key = self._turn_key(v)
        if self._turn_at is None or self._turn_at[0] != key:
            self._turn_at = (key, now)
        if self.clock is not None:
            self.clock.start(key, now)

    def _turn_clock(self) -> tuple[object, dict[str, Any]] | None:
        """For the room: (turn key, {"player", "ms"}) while a turn's clock runs."""
        v = self.view()
        if self.clock is None or v["phase"] != "bidding":
            return None
        key = self._turn_key(v)
        if self.clock.key != key:
            self.clock.start(key, self.now())
        ms = int(self.clock.remaining(self.now()) * 1000)
        return key, {"player": v["turn"], "ms": ms}

    def _watch_connections(self) -> bool:
        """Tick the room; an away guest that is back gets a line. True if a badge changed."""
        if self.room is None:
            return False
        changed, back = self.absences.watch(self.room)
        for player, line in back:
            self._note(player, line)
        return changed

    def _cover(self, now: float) -> bool:
        """An away guest's due turn, or a handed seat's (at once), played by its stand-in.
        True if it played."""
        v = self.view()
        player = v["turn"]
        if v["phase"] != "bidding" or player not in self.guests:
            return False
        handed = player in self.absences.handed
        if not handed and not self.absences.away(player):
            return False
        if handed:
            due = True
        elif self.clock is not None:
            due = self.clock.key == self._turn_key(v) and self.clock.expired(now)
        else:
            self._start_turn()
            began = max(self._turn_at[1], self.room.connection(player)[1])
            due = now - began >= COVER_GRACE_S
        if not due:
            return False
        try:
            action = self._stand_in(player).decide(self.table.view(player))
            self.table.act(player, action)
        except Exception as exc:  # noqa: BLE001  (as a crashing regular: the clock's rule acts)
            self._record_fault(player, exc)
            self.table.act(player, {"type": "timeout"})
        if self.clock is not None:
            self.clock.stop()
        line = None if handed else self.absences.cover(player)
        if line is not None:
            self._note(player, line)
        return True

    def _auto_deal(self, now: float) -> bool:
        v = self.view()
        if v["phase"] not in AUTO_DEAL_S:
            return False
        self._start_turn()  # notes when the cups were lifted, if nothing did yet
        if now - self._verdict_at[1] < AUTO_DEAL_S[v["phase"]]:
            return False
        self.table.deal()
        self._update_handoff()
        return True

    # ---------- what the table says ----------
    def _note(self, player: str, line: str) -> None:
        self._notes.append(News({"type": "seat_note", "player": player}, [line]))

    def news(self) -> list[News]:
        """The table's news, then the lines about away guests and their return."""
        out, self._notes = super().news() + self._notes, []
        return out


def load_table(text: str, regular_factory: Callable[[str, int], Any] | None = None,
               clock: Callable[[], float] = time.monotonic) -> Session:
    """A saved table from local storage: a HostTable if it was a peer table (then
    ``on_restore`` is told), else a one-phone Session. Any flaw -> CorruptSave."""
    try:
        data = parse_bounded(text, MAX_TABLE_CHARS)
    except UnreadableSave as exc:
        raise CorruptSave(str(exc)) from None
    if isinstance(data, dict) and "room" in data:
        table = HostTable.from_dict(data, regular_factory, clock=clock)
        if on_restore is not None:
            on_restore(table)
        return table
    return Session.from_dict(data, regular_factory)
