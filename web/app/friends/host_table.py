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
At an open table (issue 21) the clock is always on, and a guest's second turn in a row that
its phone missed (the clock's timeout, or a stand-in for its away seat) hands the seat to its
stand-in the same way for the rest of the game: given back when the next game is dealt
(``HostedTable.turn_missed``, host_seats.MissedTurns).
"""
from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
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
from app.friends.core.protocol import FAIR_ACTIONS, LINE_CHARS, TABLE_ID
from app.lang import t
from app.saves.save_guard import MAX_TABLE_CHARS, UnreadableSave, parse_bounded
from app.shell.both_languages import both
from app.snyd.table_session import CorruptSave, News, Session
from app.snyd.table_setup import Seat

from engine.fair_dice import (
    MISMATCH,
    FairRound,
    RoundId,
    Secret,
    commitment,
    from_hex,
    share_commitment,
)
from engine.snyd import IllegalAction, Rules

# Fair dice (issue 20, docs/fair-dice.md "On the wire"): how long the host waits for a guest's
# commitments, share or key before the table goes on without it (the host draws the seat's
# secrets / the seat forfeits the round). A seat that is away (or handed to a stand-in) is not
# waited for, except a handed seat's key at a *Løft*: its phone made that cup and opens it.
FAIR_GRACE_S = 10.0

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
                 regular_factory: Callable[[str, int], Any] | None = None,
                 fair: bool = False, table_id: str | None = None) -> None:
        if type(fair) is not bool:
            raise TypeError("fair must be a bool")
        self.fair = fair  # fair dice (issue 20): off by default; see _open_round
        self.table_id = _table_id(table_id if table_id is not None else secrets.token_hex(8))
        self._fair_round: FairRound | None = None  # the current (or last) fair round
        self._fair_no = 0             # fair deals at this table so far (the wire's "round")
        self._fair_step: str | None = None  # commit | share | dealt | key | done
        self._mine: dict[str, Secret] = {}  # the secrets of the seats this phone holds
        self._held: list[str] = []    # guests' seats whose secrets the host drew (stand-in)
        self._bad: dict[str, str] = {}  # keys that did not match, by seat
        self._call: tuple[str, dict] | None = None  # the Løft waiting for the keys
        self._fair_at: float | None = None  # when this step began (None: at the next tick)
        self._deal_due = False        # Session.__init__ wanted a deal this table makes later
        self._building = True
        self._restoring = _table is not None
        super().__init__(seats, rules, seed=seed, first=first, tempo=tempo, _table=_table,
                         regular_factory=regular_factory)
        self._building = False
        self._host_up()
        self._notes: list[News] = []
        self._verdict_at: tuple[int, float] | None = None     # (events, when the cups lifted)
        if self.fair:
            self.table = _FairGate(self.table, self)
        if self._deal_due and not self._restoring:
            self._deal_due = False
            self._deal()

    # ---------- set-up ----------
    @classmethod
    def _for_room(cls, room: HostRoom, seats: list[tuple[str, str]], rules: Rules,
                  **options: Any) -> HostTable:
        return cls(seats, rules, **options)

    def _attached(self, room: HostRoom) -> None:
        room.turn_clock = self._turn_clock
        self._fair_at = room.clock()  # a fair step's grace, on the room's clock from now
        self._start_turn()  # the first update (or the reload's) carries the turn's clock

    # ---------- the flow ----------
    def next_step(self) -> dict:
        """As Session, plus {"kind": "remote", "player"} while a guest's phone has the turn;
        at a fair table {"kind": "dealing"} while the first round's cups are being made and
        {"kind": "opening", "player"} while every seat opens its key at a *Løft*."""
        v = self.view()
        if self._fair_step in ("commit", "share") and v["phase"] == "idle":
            return {"kind": "dealing"}
        if self._fair_step == "key":
            return {"kind": "opening", "player": v["turn"]}
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
        with an S32 final due or a full table they wait (Table.join refuses); so they do while
        a fair round's cups are being made (its seats are fixed). True if any sat."""
        if self.room is None or self._fair_step in ("commit", "share"):
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
        """A guest's action, from the room (its channel decides ``player``): a bid or *Løft*
        to the table; its part in a fair round (cup, share, key) to the round."""
        if isinstance(action, dict) and action.get("type") in FAIR_ACTIONS:
            self._fair_guest(player, action)
        else:
            self._check_move(player)
            self.table.act(player, action)
            self.own_move(player)  # an open table's missed turns in a row start again
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
        fair = self._fair_tick(now)
        covered = self._cover(now)
        face = None if self._fair_step == "key" else super().tick(now)  # the keys first
        timed_out = bool(face and face["timed_out"])
        if timed_out:
            self.turn_missed(face["timed_out"])  # an open table: two in a row hand the seat over
        seated = self._seat_waiting()  # someone arrived while the table was between games
        dealt = self._auto_deal(now)
        if covered or timed_out or dealt or seated or fair:
            self._changed()
        if ((covered or dealt or changed or seated or fair) and not timed_out
                and self.on_change is not None):
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
        if self.clock is None or v["phase"] != "bidding" or self._fair_step == "key":
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
        if v["phase"] != "bidding" or player not in self.guests or self._fair_step == "key":
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
        if not handed:
            self.turn_missed(player)  # an away seat's turn is a missed one too (open tables)
        return True

    def _auto_deal(self, now: float) -> bool:
        v = self.view()
        if v["phase"] not in AUTO_DEAL_S or self._fair_step in ("commit", "share"):
            return False
        self._start_turn()  # notes when the cups were lifted, if nothing did yet
        if now - self._verdict_at[1] < AUTO_DEAL_S[v["phase"]]:
            return False
        self._deal()
        self._update_handoff()
        return True

    # ---------- fair dice (issue 20, docs/fair-dice.md "On the wire") ----------
    def _deal(self) -> None:
        """The next round: at a fair table the host asks every phone for its part first
        (``_open_round``); the deal follows once every share is in."""
        if self._building and (self.fair or self._restoring):
            self._deal_due = True  # after __init__ (a new table) or from_dict (a reload)
            return
        if self.table.phase == "game_over":
            self._next_game_seats()  # before the new game's first round is asked for
        if not self.fair:
            super()._deal()
            return
        if self._fair_step in ("commit", "share"):
            return  # already asked: the deal comes with the last share
        self._open_round()

    def _open_round(self) -> None:
        """A fair round for the next deal: its RoundId (this table, the next game and round),
        the secrets of the seats this phone holds (its own, the regulars', an away or handed
        guest's), and the guests asked for their commitments (the view's "fair")."""
        table = self.table.engine
        players = table.upcoming
        new_game = table.phase in ("idle", "game_over")
        counts = {p: table.rules.dice_per_player if new_game else table.dice_left[p]
                  for p in players}
        game_no, round_no = ((table.game_no + 1, 1) if new_game
                             else (table.game_no, table.round_no + 1))
        self._fair_no += 1
        self._fair_round = FairRound(RoundId(self.table_id, game_no, round_no), counts)
        self._mine, self._held, self._bad, self._call = {}, [], {}, None
        self._step("commit")
        for p in players:
            if p not in self.guests or self._gone(p):
                self._hold(p)
        self._fair_advance()

    def _step(self, step: str) -> None:
        """The fair round's next step; its grace runs from now on the room's clock (before a
        room is attached: from the first tick, see ``_attached``)."""
        room = getattr(self, "room", None)
        self._fair_step, self._fair_at = step, None if room is None else self.now()

    def _gone(self, player: str) -> bool:
        """A guest's seat the table does not wait for: away, or handed to a stand-in."""
        return player in self.absences.handed or self.absences.away(player)

    def _hold(self, player: str) -> None:
        """This phone draws the seat's secrets and commits for it (its own seat, a regular's,
        or a guest's that did not commit in time: its stand-in plays it, and the host knows
        that cup: docs/fair-dice.md)."""
        fair = self._fair_round
        secret = Secret.draw()
        fair.add_commitment(player, commitment(fair.round_id, player, secret.key),
                            share_commitment(fair.round_id, player, secret.share))
        self._mine[player] = secret
        if player in self.guests:
            self._held.append(player)

    def _fair_advance(self) -> None:
        """Every commitment in: this phone opens its shares; every share in: the deal."""
        fair = self._fair_round
        if self._fair_step == "commit" and fair.phase == "share":
            self._step("share")
            for p, secret in self._mine.items():
                fair.add_share(p, secret.share.hex())
        if self._fair_step == "share" and fair.phase == "cups":
            known = {p: fair.my_hand(p, secret) for p, secret in self._mine.items()}
            self.table.engine.deal(hidden=True, known=known)
            self._step("dealt")
            self._update_handoff()

    def _fair_guest(self, player: str, action: dict) -> None:
        """A guest's commitments, share or key (protocol.FAIR_ACTIONS, shapes checked by the
        room): for the current round and step only; anything else IllegalAction (an error to
        that phone) and nothing changes."""
        if player not in self.guests:
            raise IllegalAction(both("friends.no.guest_seat"))
        kind = action["type"]
        want = {"cup": "commit", "share": "share", "key": "key"}[kind]
        fair = self._fair_round
        if (not self.fair or fair is None or action.get("round") != self._fair_no
                or self._fair_step != want or player in self._held):
            raise IllegalAction(both("friends.no.fair_stale"))
        if kind == "cup":
            fair.add_commitment(player, action["cup"], action["share"])
            self._fair_advance()
        elif kind == "share":
            fair.add_share(player, action["share"])
            self._fair_advance()
        else:
            if fair.open_cup(player, action["key"]) == MISMATCH:
                self._bad[player] = action["key"]
            self._fair_resolve(force=False)

    def _gated_act(self, player: str, action: Any) -> Any:
        """The engine table's ``act`` at a fair table (_FairGate): a *Løft* (a call, or the
        clock's timeout after a bid) of a round whose cups are closed asks every seat for its
        key first; the call is made once they are in (``_fair_resolve``)."""
        table = self.table.engine
        if self._fair_step == "key":
            raise IllegalAction(both("friends.no.fair_opening"))
        kind = action.get("type") if isinstance(action, Mapping) else None
        if (self._fair_step == "dealt" and table.fair_dealt and table.phase == "bidding"
                and kind in ("call", "timeout") and set(action) == {"type"}
                and player == table.turn and table.current_bid is not None):
            self._call = (player, {"type": kind})
            self._step("key")
            for p, secret in self._mine.items():
                self._fair_round.open_cup(p, secret.key.hex())
            self._fair_resolve(force=False)
            return table.last_reveal if self._fair_step == "done" else None
        return table.act(player, action)

    def _fair_resolve(self, force: bool) -> bool:
        """Every key in (or ``force``: the grace is over; or every missing seat is away): the
        cups are revealed with the round's record as proof and the *Løft* scored; a seat whose
        key did not match or did not come forfeits the round instead (the first in seat order
        from the caller). True if the round was settled."""
        fair = self._fair_round
        missing = fair.who_missing()
        # A handed seat's phone that is still here opened the cup it made: its key is waited
        # for as any (a seat handed mid-round, as two missed turns at an open table do).
        if missing and not force and not all(p in self.guests and self.absences.away(p)
                                             for p in missing):
            return False
        table = self.table.engine
        caller, action = self._call
        self._call = None
        order = table.in_play
        start = order.index(caller)
        failing = [p for p in order[start:] + order[:start]
                   if p in missing or p in fair.mismatched()]
        if not failing:
            table.reveal_hands(fair.hands(), proof=fair.record())
            table.act(caller, action)
        else:
            loser = failing[0]
            key = "friends.dice_mismatch" if loser in fair.mismatched() else "friends.dice_missing"
            self._fair_line(loser, t(key, player=loser))
            table.forfeit(loser, proof=fair.record())
        self._step("done")
        self._update_handoff()
        return True

    def _fair_tick(self, now: float) -> bool:
        """The fair round's grace: a guest that has not committed in time has its secrets drawn
        here (its seat is dealt by the host); one whose share does not come forfeits the round
        (dealt with no cup known); one whose key does not come forfeits it. An away (or handed)
        guest is not waited for, but for the key of a cup its phone made (``_fair_resolve``).
        True if the table changed."""
        if not self.fair or self._fair_step not in ("commit", "share", "key"):
            return False
        if self._fair_at is None:
            self._fair_at = now
        late = now - self._fair_at >= FAIR_GRACE_S
        fair = self._fair_round
        missing = fair.who_missing()
        if self._fair_step == "commit":
            due = [p for p in missing if late or self._gone(p)]
            for p in due:
                self._hold(p)
            self._fair_advance()
            return bool(due)
        if self._fair_step == "share":
            if not missing or not (late or all(self._gone(p) for p in missing)):
                return False
            table = self.table.engine
            table.deal(hidden=True)  # nobody's cup is known without every share
            starter = table.starter
            order = table.in_play
            start = order.index(starter) if starter in order else 0
            loser = next(p for p in order[start:] + order[:start] if p in missing)
            self._fair_line(loser, t("friends.dice_missing", player=loser))
            table.forfeit(loser, proof=fair.record())
            self._step("done")
            self._update_handoff()
            return True
        return self._fair_resolve(force=late)

    def _fair_line(self, player: str, line: str) -> None:
        """A line at the table about ``player``, before the event that comes next (the view's
        "said"), on this screen and on every guest's."""
        self._note(player, line)
        self.said.append({"event": len(self.table.events), "player": player,
                          "line": line[:LINE_CHARS]})

    def regular_due(self) -> str | None:
        """As Session, but nobody moves while the cups are being opened."""
        return None if self._fair_step == "key" else super().regular_due()

    def fair_view(self) -> dict[str, Any] | None:
        """The current fair round's public state for every guest's view (protocol.is_fair):
        no dice and no dice counts, only what the phones need to take part and check."""
        fair = self._fair_round
        if not self.fair or fair is None:
            return None
        record = fair.record()
        return {"no": self._fair_no, "step": self._fair_step, "table": self.table_id,
                "game_no": fair.round_id.game_no, "round_no": fair.round_id.round_no,
                "seats": list(fair.seats), "cups": record["commitments"],
                "shares": record["shares"], "keys": record["keys"], "bad": dict(self._bad),
                "held": list(self._held)}

    def fair_state(self) -> dict[str, Any] | None:
        """What the table screen shows of fair dice (None at a table without them): the
        round's ``step`` (None before the first) and this phone's ``check`` of the round just
        settled: "verified" once every cup was opened and matched, "mismatch:<seat>" (the first
        in seat order) when a key did not, None otherwise (a share or key that never came)."""
        if not self.fair:
            return None
        fair, step, check = self._fair_round, self._fair_step, None
        if fair is not None and step == "done":
            bad = fair.mismatched()
            if bad:
                check = f"mismatch:{bad[0]}"
            elif fair.phase == "cups" and not fair.who_missing():
                check = "verified"
        return {"step": step, "check": check}

    # ---------- saving: the fair round too ----------
    def to_dict(self) -> dict:
        """As HostedTable's, plus at a fair table the round's record and this phone's secrets
        (its own seat's, the regulars', a held guest's), so a reload mid-round carries on."""
        d = super().to_dict()
        if self.fair:
            fair = self._fair_round
            d["fair"] = {
                "table": self.table_id, "no": self._fair_no, "step": self._fair_step,
                "record": None if fair is None else fair.record(),
                "secrets": {p: [s.key.hex(), s.share.hex()] for p, s in self._mine.items()},
                "held": list(self._held), "bad": dict(self._bad),
                "call": None if self._call is None else [self._call[0], self._call[1]["type"]],
            }
        return d

    @classmethod
    def from_dict(cls, d: object, *args: Any, clock: Callable[[], float] = time.monotonic,
                  **options: Any) -> HostTable:
        table = super().from_dict(d, *args, clock=clock, **options)
        try:
            table._restore_fair(d.get("fair"))
        except Exception as exc:  # noqa: BLE001
            raise CorruptSave(f"{type(exc).__name__}: {exc}") from None
        return table

    def _restore_fair(self, data: Any) -> None:
        """A saved fair round, every value checked again (FairRound.from_record); ValueError
        (or IllegalAction) if it does not fit the table."""
        if data is None:
            if self._deal_due:
                self._deal_due = False
                self._restoring = False
                self._deal()
            return
        if not isinstance(data, dict):
            raise TypeError("the fair round is malformed")
        self.fair, self.table_id = True, _table_id(data["table"])
        no, step, record = data["no"], data["step"], data["record"]
        if type(no) is not int or no < 0 or step not in (None, "commit", "share", "dealt", "key",
                                                          "done"):
            raise ValueError("the fair round's step is malformed")
        fair = None if record is None else FairRound.from_record(record)
        if (fair is None) != (step is None) or (fair is not None and
                                                 fair.round_id.table != self.table_id):
            raise ValueError("the fair round is another table's")
        mine = {}
        for p, pair in data["secrets"].items():
            secret = Secret(from_hex(pair[0]), from_hex(pair[1]))
            if fair is None or fair.commitments(p) != (
                    commitment(fair.round_id, p, secret.key),
                    share_commitment(fair.round_id, p, secret.share)):
                raise ValueError("a saved secret does not match its commitment")
            mine[p] = secret
        held, bad, call = list(data["held"]), dict(data["bad"]), data["call"]
        if not all(p in self.guests and p in mine for p in held):
            raise ValueError("a held seat is not a guest's")
        if fair is not None and not set(bad) <= set(fair.mismatched()):
            raise ValueError("a bad key is not a mismatched seat's")
        engine = self.table
        dealt = (engine.fair_dealt and engine.phase == "bidding" and fair is not None
                 and (fair.round_id.game_no, fair.round_id.round_no)
                 == (engine.game_no, engine.round_no))
        if (step in ("dealt", "key") and not dealt) or (
                step in ("commit", "share") and engine.phase == "bidding"):
            raise ValueError("the fair round does not fit the table")
        if (step == "key") != (call is not None) or (
                call is not None and (call[0] != engine.turn or call[1] not in ("call", "timeout"))):
            raise ValueError("the call waiting for the keys is malformed")
        self._fair_no, self._fair_round, self._mine = no, fair, mine
        self._held, self._bad = held, bad
        self._call = None if call is None else (call[0], {"type": call[1]})
        if step is not None:
            self._step(step)
        self.table = _FairGate(engine, self)
        self._restoring = False
        if self._deal_due:
            self._deal_due = False
            self._deal()

    # ---------- what the table says ----------
    def _note(self, player: str, line: str) -> None:
        self._notes.append(News({"type": "seat_note", "player": player}, [line]))

    def news(self) -> list[News]:
        """The table's news, then the lines about away guests and their return."""
        out, self._notes = super().news() + self._notes, []
        return out


class _FairGate:
    """The engine table as the session and the room see it at a fair table: the Table itself
    in everything (``engine``), except that ``act`` goes through ``HostTable._gated_act``, so
    that every *Løft* of a fair round, whoever makes it (a guest, the host, a regular, the
    clock, a stand-in), first has every seat open its key."""

    def __init__(self, engine: Any, host: HostTable) -> None:
        self.engine = engine
        self._host = host

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def act(self, player: str, action: Any) -> Any:
        return self._host._gated_act(player, action)


def _table_id(value: Any) -> str:
    """A fair table's id (in every RoundId: a round of another table never fits this one)."""
    if not isinstance(value, str) or TABLE_ID.fullmatch(value) is None:
        raise ValueError("a table id is 8-64 of A-Z a-z 0-9 _ -")
    return value


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
