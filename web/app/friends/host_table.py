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
from collections import deque
from collections.abc import Callable
from typing import Any

from app.friends.core.host import HostRoom
from app.friends.core.host_seats import (  # noqa: F401 (away_line, back_line, COVER_GRACE_S re-exported)
    AUTO_DEAL_S,
    COVER_GRACE_S,
    STAND_IN_STYLE,
    Absences,
    HandOver,
    SaidRoomTable,
    away_line,
    back_line,
    check_link,
)
from app.friends.core.host_seats import open_room as open_draft_room
from app.friends.core.protocol import LINE_CHARS, SAID_MAX
from app.saves.save_guard import MAX_TABLE_CHARS, UnreadableSave, parse_bounded
from app.shell.both_languages import both
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


class HostTable(HandOver, Session):
    """A Session whose guest seats are friends' phones, reached through ``room``."""

    SEAT_KINDS = ("human", "regular", "guest")

    def __init__(self, seats: list[Seat], rules: Rules, seed: int | None = None,
                 first: str | None = None, tempo: float = 1.0, _table: Any = None,
                 regular_factory: Callable[[str, int], Any] | None = None) -> None:
        if sum(s.kind == "human" for s in seats) != 1:
            raise IllegalAction(both("friends.no.one_host_seat"))
        super().__init__(seats, rules, seed=seed, first=first, tempo=tempo, _table=_table,
                         regular_factory=regular_factory)
        self.room: HostRoom | None = None  # attached by from_lobby / from_dict
        self.now: Callable[[], float] = time.monotonic
        self.adapter = SaidRoomTable(self)
        self.guests = [s.name for s in self.seats if s.kind == "guest"]
        self.stand_ins: dict[str, Any] = {}
        self.link: dict[str, str] = {}   # the transport's keys, saved with the table
        self.absences = Absences()  # away guests, and those a stand-in has played for
        self._notes: list[News] = []
        # The host's words about a seat, for the guests too (by the event they come with).
        self.said: deque[dict[str, Any]] = deque(maxlen=SAID_MAX)
        self._turn_at: tuple[object, float] | None = None     # (turn key, when it began)
        self._verdict_at: tuple[int, float] | None = None     # (events, when the cups lifted)

    # ---------- set-up ----------
    @classmethod
    def from_lobby(cls, room: HostRoom, rules: Rules, seed: int | None = None,
                   first: str | None = None, tempo: float = 1.0,
                   regular_factory: Callable[[str, int], Any] | None = None) -> HostTable:
        """*Start* in the lobby: a table of the room's seats (late arrivals wait), dealt, and
        every guest's first view sent."""
        seats = [Seat(s.player, "human" if s.kind == "host" else s.kind)
                 for s in room.seats if not s.waiting]
        table = cls(seats, rules, seed=seed, first=first, tempo=tempo,
                    regular_factory=regular_factory)
        table._attach(room)
        table._start_turn()
        room.start(table.adapter)
        return table

    def _attach(self, room: HostRoom) -> None:
        in_room = [s.player for s in room.seats if s.kind == "guest" and not s.waiting]
        if in_room != self.guests or room.seats[0].player != self.holder:
            raise IllegalAction(both("friends.no.seats_room"))
        self.room, self.now = room, room.clock
        room.turn_clock = self._turn_clock
        room.after_act = self._guest_acted
        self.absences.reset(room)

    # ---------- the flow ----------
    def next_step(self) -> dict:
        """As Session, plus {"kind": "remote", "player"} while a guest's phone has the turn."""
        v = self.view()
        if v["phase"] == "bidding" and v["turn"] in self.guests:
            return {"kind": "remote", "player": v["turn"]}
        return super().next_step()

    def act(self, action: dict) -> None:
        super().act(action)
        self._changed()

    def play_regular(self) -> dict:
        action = super().play_regular()
        self._changed()
        return action

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

    def tick_unseen(self) -> dict | None:
        """share_screen's tick while the table screen is not on show (the host reads *Regler*,
        *Tavlen*, the settings …): time as ``tick`` (the clock, stand-ins, the next deal), and
        a regular whose turn it is plays (one move a tick), so the table never needs the
        screen. A move is told through ``on_change`` (the screen saves the table)."""
        face = self.tick()
        if face and face["timed_out"] and self.on_change is not None:
            self.on_change()  # on its screen the clock's face redraws it; here: saved, told
        if self.next_step()["kind"] != "regular":
            return face
        try:
            self.play_regular()
        except IllegalAction:
            return face  # the turn moved on meanwhile
        if self.on_change is not None:
            self.on_change()
        return face

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

    # ---------- saving ----------
    def to_dict(self) -> dict:
        """The table's save plus the room (seats, tokens, last action ids) and the transport's
        link, so a reload resumes the table and the guests come back by their tokens."""
        return {**super().to_dict(), "room": self.room.to_dict() if self.room else None,
                "link": dict(self.link), "handed": sorted(self.absences.handed)}

    @classmethod
    def from_dict(cls, d: object, regular_factory: Callable[[str, int], Any] | None = None,
                  clock: Callable[[], float] = time.monotonic) -> HostTable:
        """A saved host table with its room; every guest "reconnecting" until its phone says
        hello again. Any flaw -> CorruptSave."""
        table = super().from_dict(d, regular_factory)
        try:
            link = check_link(d.get("link", {}))
            if not isinstance(d.get("room"), dict):
                raise TypeError("the room is missing")
            room = HostRoom.from_dict(d["room"], table.adapter, clock)
            table._attach(room)
            table.link = link
            table.absences.handed_from(d.get("handed", []), table.guests)
            table._start_turn()
        except Exception as exc:  # noqa: BLE001
            raise CorruptSave(f"{type(exc).__name__}: {exc}") from None
        return table


def load_table(text: str, regular_factory: Callable[[str, int], Any] | None = None,
               clock: Callable[[], float] = time.monotonic) -> Session:
    """A saved table from local storage: a HostTable if it was a peer table (then
    ``on_restore`` is told), else a one-phone Session. Any flaw -> CorruptSave."""
    try:
        data = parse_bounded(text, MAX_TABLE_CHARS)
    except UnreadableSave as exc:
        raise CorruptSave(str(exc)) from None
    if isinstance(data, dict) and "room" in data:
        table = HostTable.from_dict(data, regular_factory, clock)
        if on_restore is not None:
            on_restore(table)
        return table
    return Session.from_dict(data, regular_factory)
