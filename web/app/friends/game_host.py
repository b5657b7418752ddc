"""The host's phone at a Bakke or Treere table with friends: the GameSession with a HostRoom.

It is the one-phone GameSession (the engine table, the regulars with their pauses, the saves)
with a third kind of seat, "guest": a friend's phone. Their actions arrive through the room
for their own seat only (the room's TableLike is ``adapter``), every change made here (the
host's throw, a regular's, the next game) goes out to every guest as its own view, and the
Bakke and Treere table screens show it as they show any GameSession: the host sees its own
seat's view, and every die is public the moment the host's engine throws it.

    room = open_room(draft.seats, game="bakke")     # *Med vennerne* (host_seats.open_room)
    table = HostGameTable.from_lobby(room, rules)   # *Start spillet*: every guest's first view
    table.link = {"relay_room": ..., "host_key": ...}
    table.on_change = redraw                        # a guest moved, a stand-in played …
    table.tick()                                    # every second (share_screen's interval)

Time on the host's phone: a guest whose phone is "away" has its turn played by a stand-in
regular COVER_GRACE_S after its turn began or it went away (neither game has a clock), and a
decided game is followed by the next one AUTO_DEAL_S["game_over"] after its end, so a dozing
host does not stall the guests. Guests never start a game (there is no message for it).
The host can hand a guest's seat to a stand-in at once (``hand_over(player)``): it plays that
seat's turns from the next tick until ``give_back(player)``; the table says both (with the
next move, by that seat, on every phone).

Saved like any GameSession (game_session.save, by replay) plus the room's seats and tokens and
the transport's link, so a reload resumes the table and the guests come back by their tokens;
table/session.GameSession.from_json hands such a save to ``restore`` (then ``on_restore``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from app.friends.core.host import HostRoom
from app.friends.core.host_seats import (
    AUTO_DEAL_S,
    COVER_GRACE_S,
    HostedTable,
    open_room,
)
from app.friends.core.protocol import LINE_CHARS
from app.table.session import GameSession

__all__ = ["HostGameTable", "open_room", "restore"]

# Set by the transport's owner (share_screen): called with every HostGameTable ``restore`` makes.
on_restore: Callable[[HostGameTable], None] | None = None

HEARD_KEEP = 200  # events back whose lines the host's screen may still ask for (it asks at once)


def _index(events: list[dict], event: dict) -> int | None:
    """Where `event` (the very object news() gave out) sits in `events`; recent ones first."""
    for i in range(len(events) - 1, max(-1, len(events) - 1 - HEARD_KEEP), -1):
        if events[i] is event:
            return i
    return None


class HostGameTable(HostedTable, GameSession):
    """A GameSession whose guest seats are friends' phones, reached through ``room``."""

    def __init__(self, game: str, seats: Any, rules: Any = None, seed: int | None = None,
                 regular_factory: Callable[[str, int], Any] | None = None,
                 first: str | None = None, dice: Any = None, _table: Any = None) -> None:
        super().__init__(game, seats, rules, seed=seed, regular_factory=regular_factory,
                         first=first, dice=dice, _table=_table)
        self._host_up()
        self.on_change: Callable[[], None] | None = None  # set by the screen's owner
        self._said: dict[str, str] = {}    # a line to show by a guest's next move (away, back)
        self._over_at: tuple[int, float] | None = None     # (game_no, when it was decided)
        # The table talk, decided once per event before any phone hears of it (_speak): the
        # host's screen reads `_heard`, the guests' views carry `said` (the latest few).
        self._heard: dict[int, list[tuple[str, str]]] = {}
        self._spoken = len(self.table.events)  # a restored evening's old news is not said again

    # ---------- set-up ----------
    @classmethod
    def _for_room(cls, room: HostRoom, seats: list[tuple[str, str]], rules: Any,
                  **options: Any) -> HostGameTable:
        """*Start spillet*: a friend who opens the link later is told the game has started
        (``started``): these engines seat nobody between games. No ``tempo``: the screen
        paces the regulars by the player's own (GameSession.pause_ms)."""
        options.pop("tempo", None)
        return cls(room.game, seats, rules, **options)

    def _attached(self, room: HostRoom) -> None:
        room.late_arrivals = False  # these engines seat nobody between games (no Table.join)
        self._mark_time()

    # ---------- the flow ----------
    def new_game(self) -> None:
        super().new_game()
        self._changed()

    def guest_act(self, player: str, action: dict) -> None:
        """A guest's action, from the room (its channel decides ``player``): the engine alone
        judges it (IllegalAction: nothing changed; the room answers that phone alone)."""
        self._check_move(player)
        self.table.act(player, action)
        self._speak()  # before the room sends the move: its lines travel with it
        self._mark_time()

    def _changed(self) -> None:
        """After any change made on this phone: every guest gets its own update."""
        self._speak()
        self._mark_time()
        if self.room is not None:
            self.room.table_changed()

    # ---------- the host's hand: a seat to a stand-in and back ----------
    def _tell(self, player: str, line: str) -> None:
        """The host's word about a seat: said by that seat with the next move, everywhere; the
        guests' views say whose seat is handed at once."""
        self._said[player] = line
        self._changed()
        if self.on_change is not None:
            self.on_change()

    def _tick_unseen_time(self) -> bool:
        return self.tick()

    # ---------- time: away seats, the next game ----------
    def tick(self) -> bool:
        """Every second or so (the room's clock): badges, a stand-in for an away guest whose
        turn is due, the next game after AUTO_DEAL_S. True (and ``on_change``) if the table
        or a badge changed."""
        if self.room is None:
            return False
        now = self.now()
        badges, back = self.absences.watch(self.room)
        self._said.update(back)
        moved = self._cover(now) or self._auto_new_game(now)
        if moved:
            self._changed()
        if (moved or badges) and self.on_change is not None:
            self.on_change()
        return moved or badges

    def _table_state(self) -> dict:
        """The table's fields now, without its events: the flow reads only phase, turn and
        game_no, every tick, and a whole view copies the evening (~80,000 events after 200
        Bakke games at 8 seats: ~0.2 s a view; docs/performance.md "Host")."""
        return self.table.view(None, events_from=len(self.table.events))

    def _mark_time(self) -> None:
        """Note when this turn began and when the game was decided (the room's clock)."""
        v, now = self._table_state(), self.now()
        if v["phase"] == "over":
            if self._over_at is None or self._over_at[0] != v["game_no"]:
                self._over_at = (v["game_no"], now)
            return
        key = (v["game_no"], v.get("turn"))
        if self._turn_at is None or self._turn_at[0] != key:
            self._turn_at = (key, now)

    def _cover(self, now: float) -> bool:
        """One move of an away guest's due turn, or a handed seat's (at once), by its
        stand-in. True if it moved."""
        v = self._table_state()
        player = v.get("turn")
        if v["phase"] != "playing" or player not in self.guests:
            return False
        handed = player in self.absences.handed
        if not handed and not self.absences.away(player):
            return False
        self._mark_time()
        began = max(self._turn_at[1], self.room.connection(player)[1])
        if not handed and now - began < COVER_GRACE_S:
            return False
        try:
            self.table.act(player, self._stand_in(player).decide(self.table.view(player)))
        except Exception as exc:  # noqa: BLE001 - as a crashing regular: the legal fallback
            self._record_fault(player, exc)
            self._fallback(player)
        line = None if handed else self.absences.cover(player)
        if line is not None:
            self._said[player] = line
        return True

    def _auto_new_game(self, now: float) -> bool:
        v = self._table_state()
        if v["phase"] != "over":
            return False
        self._mark_time()
        if now - self._over_at[1] < AUTO_DEAL_S["game_over"]:
            return False
        GameSession.new_game(self)
        return True

    # ---------- what the table says ----------
    def lines(self, event: dict) -> list[tuple[str, str]]:
        """The lines on `event` (from news()), as decided by `_speak`: the regulars' bubbles
        and, with the next event, by the guest's seat, the line that a stand-in took its turn
        or that it is back. Each event's lines are given once."""
        self._speak()
        i = _index(self.table.events, event)
        return self._heard.pop(i, []) if i is not None else []

    def _speak(self) -> None:
        """Decide the lines on the events since the last call, once: a regular's `say` may
        draw at random, and the host's screen and every guest must read the same words."""
        events = self.table.events
        start, self._spoken = self._spoken, len(events)
        pending, self._said = list(self._said.items()), {}
        for i in range(start, len(events)):
            said = pending + GameSession.lines(self, events[i])
            pending = []
            if said:
                self._heard[i] = said
                self.said.extend({"event": i, "player": p, "line": line[:LINE_CHARS]}
                                 for p, line in said)
        self._said.update(pending)  # no event yet: they wait for the next one
        for i in [i for i in self._heard if i < len(events) - HEARD_KEEP]:
            del self._heard[i]  # never asked for (no screen drew them): bounded all evening


def restore(data: dict, game: str | None = None,
            regular_factory: Callable[[str, int], Any] | None = None) -> HostGameTable:
    """A saved host table (game_session's loader found a room in the save); the transport's
    owner is told through ``on_restore`` so it reconnects the room."""
    table = HostGameTable.from_dict(data, game, regular_factory)
    if on_restore is not None:
        on_restore(table)
    return table
