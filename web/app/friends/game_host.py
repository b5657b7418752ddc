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
host does not stall the guests. At an open table (issue 21) a guest's turn has a limit too: a
phone that has not moved for OPEN_TURN_S in its turn has the rest of the turn played by its
stand-in, a missed turn; the second in a row (an away seat's covered turn counts) hands the
seat to the stand-in for the rest of the game (``HostedTable.turn_missed``), given back when
the next game starts. Guests never start a game (there is no message for it).
The host can hand a guest's seat to a stand-in at once (``hand_over(player)``): it plays that
seat's turns from the next tick until ``give_back(player)``; the table says both (with the
next move, by that seat, on every phone).

Fair dice (issue 20, docs/fair-dice.md "Bakke and Treere"), behind a switch that is off by
default: ``HostGameTable.from_lobby(room, rules, fair=True)``. Then every throw (a person's, a
regular's, a stand-in's: the engine table's ``act`` goes through one gate) is held while every
seat commits to a fresh share and opens it (the guests' "cup" and "share", the view's "fair");
the faces come from all shares (``fair_dice.throw_faces``), the throw is made with its
exchange's record (``act(..., fair=record)``), and every guest checks the faces itself.

Saved like any GameSession (game_session.save, by replay) plus the room's seats and tokens and
the transport's link, so a reload resumes the table and the guests come back by their tokens;
table/session.GameSession.from_json hands such a save to ``restore`` (then ``on_restore``).
"""
from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any

from app.friends.core.host import HostRoom
from app.friends.core.host_seats import (
    AUTO_DEAL_S,
    COVER_GRACE_S,
    OPEN_TURN_S,
    HostedTable,
    open_room,
)
from app.friends.core.protocol import LINE_CHARS, TABLE_ID
from app.shell.both_languages import both
from app.table.session import CorruptSave, GameSession

from engine.errors import IllegalAction
from engine.fair_dice import (
    FairRound,
    RoundId,
    Secret,
    commitment,
    share_commitment,
    throw_counts,
)

__all__ = ["HostGameTable", "open_room", "restore"]

# Set by the transport's owner (share_screen): called with every HostGameTable ``restore`` makes.
on_restore: Callable[[HostGameTable], None] | None = None

HEARD_KEEP = 200  # events back whose lines the host's screen may still ask for (it asks at once)

# Fair throws: how long the host waits for a guest's commitments or share before the throw goes
# on without it (docs/fair-dice.md "Bakke and Treere"); an away or handed seat is not waited for.
FAIR_GRACE_S = 10.0
THROWS = {"bakke": ("throw", "throw_all"), "treere": ("roll",)}  # the actions that throw dice


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
                 first: str | None = None, dice: Any = None, _table: Any = None,
                 fair: bool = False, table_id: str | None = None) -> None:
        if type(fair) is not bool:
            raise TypeError("fair must be a bool")
        super().__init__(game, seats, rules, seed=seed, regular_factory=regular_factory,
                         first=first, dice=dice, _table=_table)
        self._host_up()
        # Fair throws (off by default): the table's id (in every RoundId), the exchange under
        # way (its FairRound, the throw it holds, this phone's secrets), the wire's number of
        # exchanges (the view's "no"), and the guests this phone holds for the rest of a game
        # (they did not open a share in time: docs/fair-dice.md).
        self.fair = fair
        self.table_id = _table_id(table_id if table_id is not None else secrets.token_hex(8))
        self._fair_round: FairRound | None = None
        self._fair_no = 0
        self._fair_step: str | None = None   # commit | share | dealt
        self._throw: tuple[str, dict] | None = None  # the throw waiting for its exchange
        self._mine: dict[str, Secret] = {}
        self._held: list[str] = []
        self._muted: tuple[int, set[str]] = (0, set())  # (game_no, guests held all that game)
        self._last: tuple[int, int] = (0, 0)  # (game_no, round_no) of the last exchange begun
        self._fair_at: float | None = None
        if fair:
            self.table = _ThrowGate(self.table, self)
        self.on_change: Callable[[], None] | None = None  # set by the screen's owner
        self._said: dict[str, str] = {}    # a line to show by a guest's next move (away, back)
        self._over_at: tuple[int, float] | None = None     # (game_no, when it was decided)
        self._own_at: dict[str, float] = {}  # each guest's phone's last move (OPEN_TURN_S)
        self._missed_turn: tuple[object, float] | None = None  # the turn counted as missed
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
        self._fair_at = room.clock()
        self._mark_time()

    # ---------- the flow ----------
    def new_game(self) -> None:
        if self._table_state()["phase"] == "over":
            self._next_game_seats()  # the seats two missed turns handed over come back
        super().new_game()
        self._changed()

    def guest_act(self, player: str, action: dict) -> None:
        """A guest's action, from the room (its channel decides ``player``): the engine alone
        judges it (IllegalAction: nothing changed; the room answers that phone alone); its
        part in a fair throw's exchange ("cup", "share") goes to the exchange."""
        if isinstance(action, dict) and action.get("type") in ("cup", "share"):
            self._fair_guest(player, action)
        else:
            self._check_move(player)
            self.table.act(player, action)
            self._own_at[player] = self.now()
            self.own_move(player)  # an open table's missed turns in a row start again
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
        moved = self._fair_tick(now) or self._cover(now) or self._auto_new_game(now)
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
        """One move of an away guest's due turn, of a handed seat's (at once), or at an open
        table of a guest's turn whose phone has not moved for OPEN_TURN_S, by its stand-in.
        True if it moved."""
        v = self._table_state()
        player = v.get("turn")
        if v["phase"] != "playing" or player not in self.guests or self._throw is not None:
            return False
        self._mark_time()
        handed = player in self.absences.handed
        late = not handed and self._late(player, now)
        away = self.absences.away(player)
        if not (handed or late or away):
            return False
        began = max(self._turn_at[1], self.room.connection(player)[1])
        if not (handed or late) and now - began < COVER_GRACE_S:
            return False
        try:
            self.table.act(player, self._stand_in(player).decide(self.table.view(player)))
        except Exception as exc:  # noqa: BLE001 - as a crashing regular: the legal fallback
            self._record_fault(player, exc)
            self._fallback(player)
        line = self.absences.cover(player) if away and not handed else None
        if line is not None:
            self._said[player] = line
        if not handed and self._missed_turn != self._turn_at:
            self._missed_turn = self._turn_at  # once a turn, however many moves it takes
            self.turn_missed(player)
        return True

    def _late(self, player: str, now: float) -> bool:
        """At an open table: the guest in turn has not moved for OPEN_TURN_S since its turn
        began or its phone's last move in it (the stand-in's moves do not count: it plays the
        rest of the turn, unless the phone moves again)."""
        if not self.is_open():
            return False
        return now - max(self._turn_at[1], self._own_at.get(player, 0.0)) >= OPEN_TURN_S

    def _auto_new_game(self, now: float) -> bool:
        v = self._table_state()
        if v["phase"] != "over":
            return False
        self._mark_time()
        if now - self._over_at[1] < AUTO_DEAL_S["game_over"]:
            return False
        self._next_game_seats()  # the seats two missed turns handed over come back
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


    # ---------- fair throws (issue 20, docs/fair-dice.md "Bakke and Treere") ----------
    def regular_due(self) -> str | None:
        """As GameSession, but nobody moves while a throw's exchange is under way."""
        return None if self._throw is not None else super().regular_due()

    def _gated_act(self, player: str, action: Any) -> None:
        """The engine table's ``act`` at a fair table (_ThrowGate): a legal throw is held and its
        exchange opened (the faces follow once every share is in); anything else goes to the
        engine; nothing moves while an exchange is under way."""
        engine = self.table.engine
        if self._throw is not None:
            raise IllegalAction(both("friends.no.fair_opening"))
        kind = action.get("type") if isinstance(action, Mapping) else None
        if (kind in THROWS[self.game] and set(action) == {"type"}
                and kind in engine.legal(player)):
            self._open_throw(player, kind)
            return None
        return engine.act(player, action)

    def _throw_count(self, player: str, kind: str) -> int:
        engine = self.table.engine
        if self.game == "bakke":
            return 1 if kind == "throw" else engine.hands[player]
        return 5 - len(engine.kept)  # Treere: every die not set aside (T2)

    def _open_throw(self, player: str, kind: str) -> None:
        """A throw's exchange: every seat at the table commits to a fresh share; this phone
        draws the secrets of the seats it holds (its own, the regulars', an away, handed or
        muted guest's). Numbered after the game's last exchange (an aborted one too), so no
        commitment of an earlier exchange fits."""
        engine = self.table.engine
        no = self._last[1] if self._last[0] == engine.game_no else 0  # saved: kept on a reload
        rid = RoundId(self.table_id, engine.game_no, max(no, engine.fair_no) + 1)
        self._last = (rid.game_no, rid.round_no)
        self._fair_round = FairRound(rid, throw_counts(engine.players, player,
                                                       self._throw_count(player, kind)))
        self._throw = (player, {"type": kind})
        self._fair_no += 1
        self._mine, self._held = {}, []
        self._step("commit")
        for p in engine.players:
            if p not in self.guests or self._gone(p) or p in self._muted_now():
                self._hold(p)
        self._fair_advance()

    def _muted_now(self) -> set[str]:
        game_no, muted = self._muted
        return muted if game_no == self.table.engine.game_no else set()

    def _step(self, step: str) -> None:
        room = getattr(self, "room", None)
        self._fair_step, self._fair_at = step, None if room is None else self.now()

    def _gone(self, player: str) -> bool:
        return player in self.absences.handed or self.absences.away(player)

    def _hold(self, player: str) -> None:
        """This phone draws the seat's secret and commits for it."""
        fair = self._fair_round
        secret = Secret.draw()
        fair.add_commitment(player, commitment(fair.round_id, player, secret.key),
                            share_commitment(fair.round_id, player, secret.share))
        self._mine[player] = secret
        if player in self.guests:
            self._held.append(player)

    def _fair_advance(self) -> None:
        """Every commitment in: this phone opens its shares; every share in: the throw is made
        with the exchange's record (the engine derives and checks the faces)."""
        fair = self._fair_round
        if self._fair_step == "commit" and fair.phase == "share":
            self._step("share")
            for p, secret in self._mine.items():
                fair.add_share(p, secret.share.hex())
        if self._fair_step == "share" and fair.phase == "cups":
            player, action = self._throw
            self._throw = None
            self.table.engine.act(player, action, fair=fair.record())
            self._step("dealt")

    def _fair_guest(self, player: str, action: dict) -> None:
        """A guest's commitments or share (shapes checked by the room): for the exchange under
        way and its step only; anything else IllegalAction to that phone, nothing changes."""
        if player not in self.guests:
            raise IllegalAction(both("friends.no.guest_seat"))
        want = {"cup": "commit", "share": "share"}[action["type"]]
        if (not self.fair or self._throw is None or action.get("round") != self._fair_no
                or self._fair_step != want or player in self._held):
            raise IllegalAction(both("friends.no.fair_stale"))
        if action["type"] == "cup":
            self._fair_round.add_commitment(player, action["cup"], action["share"])
        else:
            self._fair_round.add_share(player, action["share"])
        self._fair_advance()

    def _fair_tick(self, now: float) -> bool:
        """The exchange's grace: a guest that has not committed in time (or is away or handed)
        has its secret drawn here; one that committed but whose share does not come is held by
        this phone for the rest of the game and the throw's exchange starts again without its
        voice (a share that never opens cannot make faces). True if anything changed."""
        if not self.fair or self._throw is None:
            return False
        if self._fair_at is None:
            self._fair_at = now
        late = now - self._fair_at >= FAIR_GRACE_S
        missing = self._fair_round.who_missing()
        due = [p for p in missing if late or self._gone(p)]
        if not due:
            return False
        if self._fair_step == "commit":
            for p in due:
                self._hold(p)
            self._fair_advance()
            return True
        game_no = self.table.engine.game_no
        self._muted = (game_no, self._muted_now() | set(due))
        player, action = self._throw
        self._throw = None
        self._open_throw(player, action["type"])
        return True

    def fair_view(self) -> dict[str, Any] | None:
        """The exchange's public state for every guest's view (protocol.is_fair; the same shape
        as Snyd's, steps commit, share, dealt): no dice, nothing secret."""
        fair = self._fair_round
        if not self.fair or fair is None:
            return None
        record, step = fair.record(), self._fair_step
        # Each set goes out once it is whole (the commitments at the share step, the shares with
        # the faces): no guest sees another's share before its own is in, and a commitment or
        # share arriving changes no other phone's view (no update for it: fewer frames).
        return {"no": self._fair_no, "step": step, "table": self.table_id,
                "game_no": fair.round_id.game_no, "round_no": fair.round_id.round_no,
                "seats": list(fair.seats),
                "cups": record["commitments"] if step != "commit" else {},
                "shares": record["shares"] if step == "dealt" else {},
                "keys": {}, "bad": {}, "held": list(self._held)}

    def fair_state(self) -> dict[str, Any] | None:
        """What the table screen shows of fair throws (None at a table without them): the
        exchange's ``step`` (None before the first throw) and no ``check`` (this phone makes
        the faces from every share; the guests check them)."""
        if not self.fair:
            return None
        return {"step": self._fair_step if self._fair_round is not None else None, "check": None}

    # ---------- saving: the fair switch too ----------
    def to_dict(self) -> dict:
        """As HostedTable's, plus at a fair table its id, the wire's count and the muted seats.
        An exchange under way is not kept: after a reload the thrower throws again (the log
        holds every throw made, each with its exchange)."""
        d = super().to_dict()
        if self.fair:
            game_no, muted = self._muted
            d["fair"] = {"table": self.table_id, "no": self._fair_no,
                         "muted": [game_no, sorted(muted)], "last": list(self._last)}
        return d

    @classmethod
    def from_dict(cls, d: object, *args: Any, clock: Callable[[], float] = time.monotonic,
                  **options: Any) -> HostGameTable:
        table = super().from_dict(d, *args, clock=clock, **options)
        data = d.get("fair")
        if data is None:
            return table
        try:
            no, (game_no, muted), (last_game, last_no) = data["no"], data["muted"], data["last"]
            if (not all(type(n) is int and n >= 0 for n in (no, game_no, last_game, last_no))
                    or not all(p in table.guests for p in muted)):
                raise ValueError("the fair table's state is malformed")
            table._last = (last_game, last_no)
            table.fair, table.table_id, table._fair_no = True, _table_id(data["table"]), no
            table._muted = (game_no, set(muted))
            table.table = _ThrowGate(table.table, table)
        except Exception as exc:  # noqa: BLE001
            raise CorruptSave(f"{type(exc).__name__}: {exc}") from None
        return table


class _ThrowGate:
    """The engine table as the session and the room see it at a fair table: the Table itself
    in everything (``engine``), except that ``act`` goes through ``HostGameTable._gated_act``,
    so every throw, whoever makes it, takes its faces from an exchange."""

    def __init__(self, engine: Any, host: HostGameTable) -> None:
        self.engine = engine
        self._host = host

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def act(self, player: str, action: Any) -> Any:
        return self._host._gated_act(player, action)


def _table_id(value: Any) -> str:
    """A fair table's id (in every RoundId: an exchange of another table never fits this one)."""
    if not isinstance(value, str) or TABLE_ID.fullmatch(value) is None:
        raise ValueError("a table id is 8-64 of A-Z a-z 0-9 _ -")
    return value


def restore(data: dict, game: str | None = None,
            regular_factory: Callable[[str, int], Any] | None = None) -> HostGameTable:
    """A saved host table (game_session's loader found a room in the save); the transport's
    owner is told through ``on_restore`` so it reconnects the room."""
    table = HostGameTable.from_dict(data, game, regular_factory)
    if on_restore is not None:
        on_restore(table)
    return table
