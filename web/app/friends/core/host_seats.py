"""What every host's table with friends shares, whichever game it holds (Snyd's HostTable in
host_table.py, Bakke's and Treere's HostGameTable in game_host.py):

- ``open_room``: the lobby from a *Dæk bordet* draft (its one person hosts, its regulars sit);
- ``RoomTable``: what the room sees of the host's table (guests' actions through the host);
- ``check_link``: the transport's keys saved with the table (bounded: a save is outside input);
- ``Absences``: which guests are away, which of them a stand-in regular has covered, which
  seats the host handed to a stand-in (``hand_over`` / ``give_back``), and the table's lines
  when one goes and comes back;
- the timings: how long an away guest's turn waits, how long a verdict stays before the host's
  phone starts the next game by itself.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

from app.friends.core.host import HostRoom
from app.lang import t
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
        return {**v, **extra} if extra else v


class HandOver:
    """What the host's table does alike in every game (Snyd's HostTable, Bakke's and Treere's
    HostGameTable): the seats' badges, a guest's move checked for its seat, the stand-in that
    plays an away or handed seat, and the host's hand: a guest's seat to a stand-in at once
    (its phone is gone, or the table cannot wait) and back. The class using it has ``game``,
    ``seed``, ``seats``, ``guests``, ``room``, ``absences`` (an Absences), ``stand_ins`` (a
    dict), ``on_change`` and ``_tell(player, line)``, which puts the host's word about the
    seat on every phone its own way."""

    game: str
    seed: int
    seats: list[Any]
    guests: Any
    room: HostRoom | None
    absences: Absences
    stand_ins: dict[str, Any]
    on_change: Callable[[], None] | None

    def connections(self) -> dict[str, str]:
        """Every seat's badge (connected / reconnecting / away), for the screen."""
        return {} if self.room is None else room_connections(self.room)

    def _check_move(self, player: str) -> None:
        """A guest's move, from the room (its channel decides ``player``): only for a guest's
        own seat, and not while a stand-in plays it by the host's hand."""
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

    def _tell(self, player: str, line: str) -> None:
        raise NotImplementedError

    def hand_over(self, player: str) -> None:
        """A stand-in plays ``player``'s turns from the next tick. IllegalAction if ``player``
        is no guest at the table or is handed already."""
        self._check_guest(player)
        self._tell(player, self.absences.hand_over(player))

    def give_back(self, player: str) -> None:
        """The seat is the guest's phone's again (covered as any away seat while the phone is
        not there). IllegalAction if it was not handed over."""
        self._check_guest(player)
        self._tell(player, self.absences.give_back(player))

    def handed(self) -> set[str]:
        """The guests' seats a stand-in plays now, by the host's hand."""
        return set(self.absences.handed)

    def _check_guest(self, player: str) -> None:
        if player not in self.guests:
            raise IllegalAction(both("friends.no.seat", player=str(player)[:40]))


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


def room_connections(room: HostRoom) -> dict[str, str]:
    return {s.player: s.connection for s in room.seats if not s.waiting}
