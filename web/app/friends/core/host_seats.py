"""What every host's table with friends shares, whichever game it holds (Snyd's HostTable in
host_table.py, Bakke's and Treere's HostGameTable in game_host.py):

- ``HostedTable``: a game's session with its guest seats, whichever game: the room attached,
  every change made here sent to every guest, the seats' badges, a guest's move checked for
  its seat, the stand-ins and the host's hand, and the room saved with the table;
- ``open_room``: the lobby from a *Dæk bordet* draft (its one person hosts, its regulars sit);
- ``RoomTable``: what the room sees of the host's table (guests' actions through the host);
- ``check_link``: the transport's keys saved with the table (bounded: a save is outside input);
- ``Absences``: which guests are away, which of them a stand-in regular has covered, which
  seats the host handed to a stand-in (``hand_over`` / ``give_back``), and the table's lines
  when one goes and comes back;
- ``MissedTurns``: at an open table (issue 21), each guest seat's missed turns in a row; the
  second hands the seat to its stand-in for the rest of the game (``HostedTable.turn_missed``);
- the timings: how long an away guest's turn waits, how long a verdict stays before the host's
  phone starts the next game by itself, how long a guest's turn lasts at an open Bakke or
  Treere table (they have no turn clock: OPEN_TURN_S).
"""
from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from app.friends.core.host import HostRoom
from app.friends.core.protocol import SAID_MAX
from app.friends.core.succession import OPEN_KEY, public_entry, public_state
from app.lang import t
from app.saves.save_guard import CorruptSave
from app.shell.both_languages import both
from app.table import games

from engine.errors import IllegalAction

# Without a clock: an away guest's turn waits this long for its person; with AWAY_AFTER_S
# (host.py) a guest gone on its turn is covered within 10 s of its last word.
COVER_GRACE_S = 3.0
# Time to read the verdict, then the host's phone deals (Snyd) or starts the next game itself,
# so a dozing host does not stall the guests.
AUTO_DEAL_S = {"reveal": 12.0, "game_over": 20.0}
STAND_IN_STYLE = "careful"  # Grethe's temper: a stand-in should not gamble a friend's evening
LINK_MAX = 8            # entries in a table's ``link`` (the transport's own keys)
LINK_CHARS = 200        # characters per ``link`` value
# An open table (issue 21): a stranger who walks away must not stall it. Snyd's turn clock (S41,
# always on there) times a turn out; Bakke and Treere have no clock, so a guest whose phone has
# not moved this long in its turn has the turn played by its stand-in. Either is a missed turn,
# and MISSES_IN_A_ROW of them hand the seat to the stand-in for the rest of the game.
OPEN_TURN_S = 30.0
MISSES_IN_A_ROW = 2



def away_line(player: str) -> str:
    """Said by an away guest's seat when a stand-in first takes its turn. In the host's
    language: it is table talk, decided on the host's phone like the regulars' lines, and a
    Bakke or Treere guest reads it as it was said there (the view's "said")."""
    return t("friends.away", player=player)


def back_line(player: str) -> str:
    """Said by that seat when its phone is back."""
    return t("friends.back", player=player)


def handed_line(player: str) -> str:
    """Said by a guest's seat when the host hands it to a stand-in (in the host's language)."""
    return t("friends.handed", player=player)


def given_back_line(player: str) -> str:
    """Said by that seat when the host gives it back to the guest's phone."""
    return t("friends.given_back", player=player)


def missed_line(player: str) -> str:
    """Said by that seat when its missed turns at an open table hand it to a stand-in."""
    return t("friends.missed_turns", player=player)


def open_room(seats: Iterable[tuple[str, str]], clock: Callable[[], float] = time.monotonic,
              game: str = games.DEFAULT) -> HostRoom:
    """A lobby from the *Dæk bordet* draft's (name, kind) seats: its one person ("human") is
    the host, its regulars sit down; friends take the other seats by the share link.
    IllegalAction if the draft has no single person (pass-and-play seats belong on one phone)."""
    seats = list(seats)
    people = [name for name, kind in seats if kind == "human"]
    if len(people) != 1:
        raise IllegalAction(both("friends.no.one_person"))
    room = HostRoom(people[0].strip(), clock, game)
    for name, kind in seats:
        if kind == "regular":
            room.seat_regular(name)
    return room


class GuestsHost(Protocol):
    """A host's table controller: its engine table, and the door for guests' actions."""

    table: Any

    def guest_act(self, player: str, action: dict) -> Any: ...


class RoomTable:
    """The TableLike the room sees (host.py): the engine table of ``host``, with a guest's
    action going through ``host.guest_act`` (which refuses any seat but a guest's)."""

    def __init__(self, host: GuestsHost) -> None:
        self._host = host

    @property
    def table(self) -> Any:
        """The engine table behind it (tests record its state beside each frame sent)."""
        return self._host.table

    @property
    def players(self) -> list[str]:
        return self._host.table.players

    def view(self, player: str, events_from: int | None = None) -> dict[str, Any]:
        return self._host.table.view(player, events_from=events_from)

    def act(self, player: str, action: Mapping[str, Any]) -> Any:
        return self._host.guest_act(player, dict(action))

class SaidRoomTable(RoomTable):
    """The room's TableLike of a host's table (all three games): every guest's view also carries
    the latest lines said at the table ("said", protocol.is_said: the regulars at Bakke and
    Treere, the host's word about a seat everywhere) and whose seats a stand-in plays now by the
    host's hand ("handed", protocol.is_handed), so every phone reads the same."""

    def view(self, player: str, events_from: int | None = None) -> dict[str, Any]:
        v = super().view(player, events_from)  # "said" names events by index in the whole list
        said = self._host.said
        handed = self._host.handed() if hasattr(self._host, "handed") else ()  # fakes: none
        extra: dict[str, Any] = {"said": [dict(s) for s in said]} if said else {}
        if handed:  # every phone can show whose seat a stand-in plays (its own, above all)
            extra["handed"] = sorted(handed)
        fair = getattr(self._host, "fair_view", None)  # Snyd's fair dice: the round's public state
        fair = fair() if fair is not None else None
        if fair is not None:
            extra["fair"] = fair
        return {**v, **extra} if extra else v


class HostedTable:
    """What the host's table does alike in every game: a game's session (table/session.py: Snyd's
    Session or a GameSession) with guest seats, reached through ``room``. Put it before the
    session class (``class HostTable(HostedTable, Session)``), call ``_host_up()`` after the
    session's ``__init__``; the game's class makes its table for a room (``_for_room``), says
    what attaching a room adds (``_attached``), what follows a change (``_changed``) and how
    the host's word about a seat is told (``_tell``).

    It gives: the room attached (``from_lobby``, ``_attach``), every change made on this phone
    sent to every guest (``act``, ``play_regular``, ``_changed``), the seats' badges, a
    guest's move checked for its seat, the stand-in that plays an away or handed seat, the
    host's hand (a guest's seat to a stand-in at once, and back), and the room and the
    transport's link saved with the table (``to_dict`` / ``from_dict``)."""

    SEAT_KINDS: tuple[str, ...] = ("human", "regular", "guest")

    game: str
    seed: int
    seats: list[Any]
    humans: list[str]
    table: Any
    on_change: Callable[[], None] | None

    def _host_up(self) -> None:
        """The host's part of the state, once the session's seats are set."""
        if len(self.humans) != 1:
            raise IllegalAction(both("friends.no.one_host_seat"))
        self.guests = [name for name, kind in self.seats if kind == "guest"]
        self.room: HostRoom | None = None  # attached by from_lobby / from_dict
        self.now: Callable[[], float] = time.monotonic
        self.adapter = SaidRoomTable(self)
        self.link: dict[str, str] = {}      # the transport's keys, saved with the table
        self.absences = Absences()          # away guests, and those a stand-in played for
        self.missed = MissedTurns()         # an open table's missed turns (issue 21)
        self.stand_ins: dict[str, Any] = {}
        # The table talk and the host's words about a seat, for the guests too (each guest's
        # view carries the latest: SaidRoomTable).
        self.said: deque[dict[str, Any]] = deque(maxlen=SAID_MAX)
        self._turn_at: tuple[object, float] | None = None  # (whose turn, when it began)

    # ---------- set-up ----------
    @classmethod
    def from_lobby(cls, room: HostRoom, rules: Any = None, **options: Any) -> Any:
        """*Start* in the lobby: a table of the room's seats (late arrivals wait), and every
        guest's first view sent. ``options`` are the session's (seed, first, tempo …)."""
        seats = [(s.player, "human" if s.kind == "host" else s.kind)
                 for s in room.seats if not s.waiting]
        table = cls._for_room(room, seats, rules, **options)
        table._attach(room)
        room.start(table.adapter)
        return table

    @classmethod
    def _for_room(cls, room: HostRoom, seats: list[tuple[str, str]], rules: Any,
                  **options: Any) -> Any:
        """The game's table of these seats (its constructor's own shape)."""
        raise NotImplementedError

    def _attach(self, room: HostRoom) -> None:
        in_room = [s.player for s in room.seats if s.kind == "guest" and not s.waiting]
        if (room.game != self.game or in_room != self.guests
                or room.host_seat().player != self.humans[0]):
            raise IllegalAction(both("friends.no.seats_room"))
        self.room, self.now = room, room.clock
        room.after_act = self._guest_acted
        room.record = self.public_record
        self.absences.reset(room)
        self._attached(room)

    def _attached(self, room: HostRoom) -> None:
        """What the game's table adds once the room is attached."""

    def public_record(self) -> tuple[list[dict[str, Any]], dict[str, Any]] | None:
        """The table's public record for every guest's copy (core/succession.py): the log and
        the rest of the save, every secret out. Only at a fair table: without fair dice the
        log and the seed hold what the dice will be."""
        if not getattr(self, "fair", False):
            return None
        self._record_pass = True  # the save's log left out (TableSession._saved)
        try:
            save = self.to_dict()
        finally:
            self._record_pass = False
        engine = getattr(self.table, "engine", self.table)  # behind the fair gate
        public = self.__dict__.setdefault("_public_log", [])
        public.extend(public_entry(e) for e in engine.log_since(len(public)))
        return public, public_state(save)

    # ---------- the flow: every change made here goes to every guest ----------
    def act(self, *args: Any) -> None:
        super().act(*args)  # type: ignore[misc]
        self._changed()

    def play_regular(self) -> dict:
        action = super().play_regular()  # type: ignore[misc]
        self._changed()
        return action

    def _changed(self) -> None:
        raise NotImplementedError

    def tick_unseen(self) -> bool:
        """share_screen's tick while the table's screen is not on show (the host reads
        *Regler*, *Tavlen*, the settings …): time as the game's ``tick`` (the clock, stand-ins,
        the next deal), and a regular whose turn it is plays (one move a tick), so the table
        never waits for the host's screen. A move is told through ``on_change`` (the screen
        saves the table). True if anything changed."""
        changed = self._tick_unseen_time()
        if self.regular_due() is None:  # type: ignore[attr-defined]
            return changed
        try:
            self.play_regular()
        except IllegalAction:
            return changed  # the turn moved on meanwhile
        if self.on_change is not None:
            self.on_change()
        return True

    def _tick_unseen_time(self) -> bool:
        """The game's tick, off its screen; True if the table or a badge changed."""
        raise NotImplementedError

    def table_host(self) -> tuple[str | None, int]:
        """Who leads the table (this phone's seat) and how many hosts led it before (the
        room's epoch: more than 0 once this phone carried the table on)."""
        return self.humans[0], 0 if self.room is None else self.room.epoch

    def connections(self) -> dict[str, str]:
        """Every seat's badge (connected / reconnecting / away), for the screen."""
        return {} if self.room is None else room_connections(self.room)

    def _check_move(self, player: str) -> None:
        """A guest's move, from the room (its channel decides ``player``): only for a guest's
        own seat, and not while a stand-in plays it (by the host's hand, or for the rest of
        the game after two missed turns at an open table)."""
        if player not in self.guests:
            raise IllegalAction(both("friends.no.guest_seat"))
        if player in self.absences.handed:
            raise IllegalAction(both("friends.no.handed_seat"))  # the stand-in plays it now

    def _guest_acted(self, _player: str) -> None:
        if self.on_change is not None:
            self.on_change()

    def _stand_in(self, player: str) -> Any:
        """The stand-in of ``player``'s seat: the game's stand-in class (games.Game.stand_in),
        made as its regulars are (name, description, style, seed), once per seat."""
        if player not in self.stand_ins:
            make = games.load(games.get(self.game).stand_in)
            seed = self.seed + len(self.seats) + self.guests.index(player)
            self.stand_ins[player] = make(player, "stand-in", STAND_IN_STYLE, seed)
        return self.stand_ins[player]

    # ---------- the host's hand: a seat to a stand-in and back ----------
    def _tell(self, player: str, line: str) -> None:
        raise NotImplementedError

    def hand_over(self, player: str) -> None:
        """A stand-in plays ``player``'s turns from the next tick. IllegalAction if ``player``
        is no guest at the table or is handed already."""
        self._check_guest(player)
        line = self.absences.hand_over(player)
        self.missed.reset(player)  # no missed turns count while a stand-in plays the seat
        self._tell(player, line)

    def give_back(self, player: str) -> None:
        """The seat is the guest's phone's again (covered as any away seat while the phone is
        not there). IllegalAction if it was not handed over."""
        self._check_guest(player)
        line = self.absences.give_back(player)
        self.missed.given_back(player)  # the host's hand from now on, not the missed turns'
        self._tell(player, line)

    def handed(self) -> set[str]:
        """The guests' seats a stand-in plays now: by the host's hand, or for the rest of the
        game after missed turns at an open table (``turn_missed``)."""
        return set(self.absences.handed)

    def _check_guest(self, player: str) -> None:
        if player not in self.guests:
            raise IllegalAction(both("friends.no.seat", player=str(player)[:40]))

    # ---------- an open table: missed turns (issue 21) ----------
    def is_open(self) -> bool:
        """An open table (strangers, *De åbne borde*): share_screen keeps its listing in the
        link (succession.OPEN_KEY). A friends' table counts no missed turns."""
        return isinstance(self.link.get(OPEN_KEY), str)

    def turn_missed(self, player: str) -> None:
        """``player``'s turn went without its phone: the clock ran out (Snyd), its time was up
        (OPEN_TURN_S, Bakke and Treere) or a stand-in covered the away seat. At an open table
        the MISSES_IN_A_ROW-th in a row hands the seat to its stand-in for the rest of the game
        (given back at the next: ``_next_game_seats``), said at the table. Elsewhere nothing."""
        if not self.is_open() or player not in self.guests or player in self.absences.handed:
            return
        if self.missed.missed(player):
            self.absences.hand_over(player)
            self.missed.handed(player)
            self._tell(player, missed_line(player))

    def own_move(self, player: str) -> None:
        """A move ``player``'s phone made itself: its missed turns in a row start again."""
        self.missed.reset(player)

    def _next_game_seats(self) -> None:
        """A new game begins: every seat the missed turns handed over is the guest's phone's
        again, counting from 0 (a seat the host handed stays handed; the other seats' counts
        carry on: MissedTurns)."""
        for player in self.missed.new_game():
            if player in self.absences.handed:
                self.give_back(player)

    # ---------- saving: the room and the link with the table ----------
    def to_dict(self) -> dict:
        """The table's save plus the room (seats, tokens, last action ids) and the transport's
        link, so a reload resumes the table and the guests come back by their tokens."""
        d = {**super().to_dict(), "room": self.room.to_dict() if self.room else None,  # type: ignore[misc]
             "link": dict(self.link), "handed": sorted(self.absences.handed)}
        if self.missed:  # an open table's missed turns (a friends' table saves as before)
            d["missed"] = self.missed.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: object, *args: Any, clock: Callable[[], float] = time.monotonic,
                  **options: Any) -> Any:
        """A saved host table with its room (``args``: the session's own from_dict's); every
        guest "reconnecting" until its phone says hello again. Any flaw -> CorruptSave."""
        table = super().from_dict(d, *args, **options)  # type: ignore[misc]
        try:
            link = check_link(d.get("link", {}))
            if not isinstance(d.get("room"), dict):
                raise TypeError("the room is missing")
            table._attach(HostRoom.from_dict(d["room"], table.adapter, clock))
            table.link = link
            table.absences.handed_from(d.get("handed", []), table.guests)
            table.missed = MissedTurns.from_dict(d.get("missed"), table.guests,
                                                 table.absences.handed)
        except Exception as exc:  # noqa: BLE001
            raise CorruptSave(f"{type(exc).__name__}: {exc}") from None
        return table


def check_link(link: Any) -> dict[str, str]:
    """A saved table's ``link`` (relay room, host key …) as a fresh dict; ValueError if it is
    not a small mapping of short strings."""
    if (not isinstance(link, dict) or len(link) > LINK_MAX
            or not all(isinstance(k, str) and isinstance(v, str) and len(v) <= LINK_CHARS
                       for k, v in link.items())):
        raise ValueError("the transport's link is malformed")
    return dict(link)


class Absences:
    """The guests' connections as the host's table last saw them, and who a stand-in covered.

    ``watch(room)`` ticks the room (a guest gone too long turns "away") and returns whether a
    badge changed plus the lines for covered guests who are back; ``cover(player)`` is called
    each time a stand-in plays for ``player`` and returns the line to say the first time.

    ``hand_over(player)``: the host gave that guest's seat to a stand-in at once (the phone is
    gone for the night, or the table cannot wait): the stand-in plays its turns, whatever the
    phone's state, until ``give_back(player)``; from then on the seat is the phone's again
    (covered as any away seat if the phone is not there). Each returns the table's line.
    """

    def __init__(self) -> None:
        self.connections: dict[str, str] = {}
        self.covering: set[str] = set()
        self.handed: set[str] = set()  # seats the host handed to a stand-in

    def reset(self, room: HostRoom) -> None:
        self.connections = room_connections(room)

    def watch(self, room: HostRoom) -> tuple[bool, list[tuple[str, str]]]:
        room.tick()
        now = room_connections(room)
        back = []
        for player in sorted(self.covering):
            if now.get(player) == "connected":
                self.covering.discard(player)
                back.append((player, back_line(player)))
        changed, self.connections = now != self.connections, now
        return changed, back

    def away(self, player: str) -> bool:
        return self.connections.get(player) == "away"

    def hand_over(self, player: str) -> str:
        if player in self.handed:
            raise IllegalAction(both("friends.no.handed_already", player=player))
        self.handed.add(player)
        self.covering.discard(player)  # no "er tilbage" while the stand-in keeps the seat
        return handed_line(player)

    def give_back(self, player: str) -> str:
        if player not in self.handed:
            raise IllegalAction(both("friends.no.not_handed", player=player))
        self.handed.discard(player)
        return given_back_line(player)

    def handed_from(self, saved: object, guests: list[str]) -> None:
        """The handed seats of a save (a list of guest names); ValueError if it is not."""
        if (not isinstance(saved, list) or len(saved) > len(guests)
                or not all(isinstance(p, str) and p in guests for p in saved)):
            raise ValueError("the handed seats are malformed")
        self.handed = set(saved)

    def cover(self, player: str) -> str | None:
        if player in self.covering:
            return None
        self.covering.add(player)
        return away_line(player)


class MissedTurns:
    """At an open table (issue 21): each guest seat's turns missed in a row, and the seats
    those misses handed to a stand-in for the rest of the game. Both tables keep one
    (``HostedTable.missed``): Snyd's counts its clock's timeouts, Bakke's and Treere's their
    OPEN_TURN_S; a stand-in covering an away seat is a missed turn too.

    ``missed(player)`` counts one and says whether the seat goes to its stand-in now (the
    MISSES_IN_A_ROW-th in a row); ``handed(player)`` notes that it did; ``reset(player)``: the
    phone moved itself (or the host handed the seat), the count starts again;
    ``given_back(player)``: the host gave the seat back by hand; ``new_game()``: the seats to
    give back as a new game starts, each from a count of 0.

    The other seats' counts carry over into the next game: turns missed in a row are in a row
    across a game's end, and a Treere pot (a game) mostly gives each seat one turn, so a count
    cleared with every game would never reach two there.
    Saved with the table (``to_dict`` / ``from_dict``, a save checked as outside input)."""

    def __init__(self) -> None:
        self.misses: dict[str, int] = {}  # turns missed in a row (never 0, below the limit)
        self.by_clock: set[str] = set()   # seats handed over by missed turns, this game

    def __bool__(self) -> bool:
        return bool(self.misses or self.by_clock)

    def missed(self, player: str) -> bool:
        n = self.misses.get(player, 0) + 1
        if n < MISSES_IN_A_ROW:
            self.misses[player] = n
            return False
        self.misses.pop(player, None)
        return True

    def handed(self, player: str) -> None:
        self.misses.pop(player, None)
        self.by_clock.add(player)

    def reset(self, player: str) -> None:
        self.misses.pop(player, None)

    def given_back(self, player: str) -> None:
        self.by_clock.discard(player)

    def new_game(self) -> list[str]:
        back = sorted(self.by_clock)
        self.by_clock = set()  # their counts went with the hand-over (``handed``)
        return back

    def to_dict(self) -> dict[str, Any]:
        return {"misses": dict(sorted(self.misses.items())), "handed": sorted(self.by_clock)}

    @classmethod
    def from_dict(cls, saved: object, guests: list[str], handed: set[str]) -> MissedTurns:
        """A save's missed turns (None: a save without any). ValueError unless every name is a
        guest's, each count a whole number from 1 below MISSES_IN_A_ROW for a seat not handed,
        and each seat handed by them one that is handed now."""
        out = cls()
        if saved is None:
            return out
        if not isinstance(saved, dict) or set(saved) != {"misses", "handed"}:
            raise ValueError("the missed turns are malformed")
        misses, by_clock = saved["misses"], saved["handed"]
        if (not isinstance(misses, dict) or len(misses) > len(guests)
                or not all(isinstance(p, str) and p in guests and p not in handed
                           and type(n) is int and 1 <= n < MISSES_IN_A_ROW
                           for p, n in misses.items())):
            raise ValueError("the missed turns' counts are malformed")
        if (not isinstance(by_clock, list) or len(by_clock) > len(guests)
                or not all(isinstance(p, str) and p in handed for p in by_clock)
                or len(set(by_clock)) != len(by_clock)):
            raise ValueError("the seats handed by missed turns are malformed")
        out.misses, out.by_clock = dict(misses), set(by_clock)
        return out


def room_connections(room: HostRoom) -> dict[str, str]:
    return {s.player: s.connection for s in room.seats if not s.waiting}
