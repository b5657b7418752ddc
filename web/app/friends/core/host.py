"""The host's room: seats, channels, seat tokens and per-guest views over a table it holds.

Host-authoritative (docs/protocol.md): the host's phone holds the table, every guest action
goes through ``table.act`` for the seat its channel is bound to, and each guest gets only
its own seat's view. Transports plug in from outside: ``connect(channel, send)`` when a data
channel or relay path opens, ``receive(channel, text)`` for each frame, ``disconnect(channel)``
when it drops. Channels are opaque ids; a ``hello`` binds one to a seat.

Nothing a guest sends can change the table except a valid action for its own seat, on its
turn, with a fresh action id; anything else is answered with an ``error`` to that channel
only and leaves the table as it was. Answers are bounded too (at most one error per channel per
``ERROR_EVERY_S``, ``ERRORS_PER_S`` for the whole room, one pong per channel per
``PONG_EVERY_S``): the host's own relay socket has a frame-rate limit, and no number of junk
senders may make the host trip it. What is not answered is counted in ``dropped``.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from app.friends.core.protocol import (
    GAMES,
    SEATS_MAX,
    ProtocolError,
    decode_from_guest,
    encode,
    is_action,
    is_name,
    name_key,
    normal_name,
)
from app.friends.core.view_sync import Outbox, record_pages
from app.shell.both_languages import both
from app.table import games

from engine.errors import IllegalAction

# A guest gone on its turn is covered within 10 s (docs/protocol.md "Seat tokens,
# reconnection"): a silent channel is pinged after PING_QUIET_S, "genforbinder" when the ping
# is unanswered PONG_WAIT_S later (counted from the last frame heard), "væk" AWAY_AFTER_S after
# that last frame, and its turn is played by a stand-in COVER_GRACE_S (host_seats.py) later.
AWAY_AFTER_S = 6.0    # gone this long, then "væk": a regular may cover the seat's turns
PING_QUIET_S = 2.0    # a seated channel quiet this long gets a ping (a live phone answers at once)
PONG_WAIT_S = 2.5     # a ping unanswered this long: the seat is "reconnecting"
RATE_PER_S = 10.0     # a person taps far slower; acks and pings come about once per update
RATE_BURST = 30       # room for a burst of acks after a quick run of regulars' moves
MAX_CHANNELS = 4 * SEATS_MAX  # stale channels linger until the transport reports them closed
# A resync answers with the whole evening (up to ~2 MB in pages): without a bound of its own a
# guest could make the host send megabytes a second within the frame rate bound.
RESYNC_EVERY_S = 2.0
# The host's answers to what a guest sends (errors, pongs) go out on the host's own relay
# socket, whose frame rate the relay bounds (50/s, docs/relay.md): junk from any number of
# channels must not get the host closed. Unanswered frames are only counted.
ERROR_EVERY_S = 2.0   # one error per channel this often
ERRORS_PER_S = 4.0    # and this many a second for the whole room (a burst of as many)
PONG_EVERY_S = 1.0    # a guest pings only after 2 s without a word from the host
# New seats by hello: a table has SEATS_MAX seats, so a burst that fills it is fine; after the
# host removed seats, new ones come this often at most.
NEW_SEAT_EVERY_S = 2.0


class TableLike(Protocol):
    """What the room needs of a table: an engine ``Table`` has it (and later the Session)."""

    players: Sequence[str]

    def view(self, player: str, events_from: int | None = None) -> dict[str, Any]: ...

    def act(self, player: str, action: Mapping[str, Any]) -> Any: ...


@dataclass
class RoomSeat:
    """One seat at the host's table, as the room sees it."""

    player: str
    kind: str                      # "host" | "guest" | "regular"
    token: str | None = None       # guests only: lets that phone back into this seat
    channel: str | None = None     # the channel bound to it now
    connection: str = "connected"  # "connected" | "reconnecting" | "away"
    since: float = 0.0             # when ``connection`` last changed (the room's clock)
    last_act: int = 0              # the highest action id accepted from this seat
    resynced: float | None = None  # when this seat last got a full view on request
    waiting: bool = False          # arrived after the start: not at the table yet
    outbox: Outbox = field(default_factory=Outbox)
    origin: str | None = None      # the channel whose hello made this seat (one seat a channel)
    # The table outlives its host (core/succession.py): a seat taken over from another host's
    # record knows only its token's hash until the phone says hello; ``next`` is the room this
    # phone would open were it to carry the table on; the record frames this seat was sent.
    token_hash: str | None = None
    next: str | None = None
    record: RecordFeed = field(default_factory=lambda: RecordFeed())

    def lobby_entry(self) -> dict[str, Any]:
        return {"player": self.player, "kind": self.kind, "connection": self.connection,
                "waiting": self.waiting}


def _seat_dict(s: RoomSeat) -> dict[str, Any]:
    d = {"player": s.player, "kind": s.kind, "token": s.token, "last_act": s.last_act,
         "waiting": s.waiting}
    if s.token_hash is not None:
        d["token_hash"] = s.token_hash
    if s.next is not None:
        d["next"] = s.next
    return d


def _seat_from(e: dict[str, Any], now: float) -> RoomSeat:
    """A saved seat; ValueError/TypeError/KeyError if it is malformed."""
    token, hashed, after = e["token"], e.get("token_hash"), e.get("next")
    if (e["kind"] not in ("host", "guest", "regular") or type(e["last_act"]) is not int
            or type(e["waiting"]) is not bool
            or not all(v is None or isinstance(v, str) and len(v) <= 64
                       for v in (token, hashed, after))):
        raise ValueError("a seat is malformed")
    if e["kind"] == "host" and token is None:
        token = secrets.token_urlsafe(16)  # a save of an older version
    return RoomSeat(e["player"], e["kind"], token,
                    connection="reconnecting" if e["kind"] == "guest" else "connected",
                    since=now, last_act=e["last_act"], waiting=e["waiting"],
                    token_hash=hashed, next=after)


def token_hash(token: str) -> str:
    """What a public record keeps of a seat token: its SHA-256, so the phone that carries the
    table on knows each seat's phone by its token without being able to say it."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class RecordFeed:
    """What one seat was sent of the table's public record: log entries, and frames."""

    log: int = 0      # entries sent so far (a ``have`` sets it back)
    n: int = 0        # record frames sent to this seat on its channel
    # The state's fields as last sent (each as text): a frame carries only those that changed
    # (empty: everything, as after a hello or a ``have``).
    state: dict[str, str] = field(default_factory=dict)
    asked: float = -1e9  # when this seat last asked for the record again (``have``)


@dataclass
class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

    rate: float
    burst: float
    tokens: float
    stamp: float

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class _Channel:
    send: Callable[[str], None]
    seat: RoomSeat | None
    bucket: Bucket           # the frames it may send
    heard: float             # when its last frame came (any frame: the phone is there)
    told_rate: bool = False  # one "too fast" error per burst, not one per dropped frame
    failed: int = 0          # sends that raised (for the console)
    answered: float = -1e9   # when it was last sent an error
    ponged: float = -1e9     # when it was last sent a pong
    pinged: float = -1e9     # when the host last pinged it (unanswered while > heard)
    pings: int = 0

    def put(self, text: str) -> None:
        try:
            self.send(text)
        except Exception:  # noqa: BLE001
            # A channel closing under us must not stop the frames to everyone else;
            # its transport reports the close through disconnect().
            self.failed += 1


class HostRoom:
    """A table with friends, seen from the host's phone."""

    def __init__(self, host: str, clock: Callable[[], float] = time.monotonic,
                 game: str = games.DEFAULT) -> None:
        if not is_name(host):
            raise IllegalAction(both("friends.no.host_name"))
        if game not in GAMES:
            raise IllegalAction(both("friends.no.game", game=repr(game)[:20]))
        self.game = game  # which engine's table: said in every lobby, and the actions it takes
        self.clock = clock
        # The host's own seat has a token too: should another phone carry the table on, this
        # phone sits down again in its seat as a guest by it (core/succession.py).
        self.seats: list[RoomSeat] = [RoomSeat(host, "host", token=secrets.token_urlsafe(16),
                                               since=clock())]
        self.table: TableLike | None = None
        # The table's hosts so far, minus one (a phone that carries the table on counts one
        # more); and, set by the host's table, ``record()`` -> (the public log, the rest of the
        # save), every secret out (core/succession.py), or None at a table without one (no
        # fair dice): each guest keeps a copy.
        self.epoch = 0
        self.record: Callable[[], tuple[list[Any], dict[str, Any]] | None] | None = None
        self._record_now: tuple[list[Any], dict[str, Any], dict[str, str]] | None = None
        self.closed = False
        # Set by the host's table controller (friends/host_table.py), both optional:
        # ``turn_clock()`` -> (turn key, {"player", "ms"}) while a turn's clock runs, else None;
        # it rides on every update, so each phone counts toward the host's deadline.
        self.turn_clock: Callable[[], tuple[object, dict[str, Any]] | None] | None = None
        # ``after_act(player)`` once a guest's action was taken and every guest updated.
        self.after_act: Callable[[str], None] | None = None
        # False when the table's engine seats nobody between games (Bakke, Treere): a new
        # guest after the start is told so, rather than promised a seat that never comes.
        self.late_arrivals = True
        # The table's seats: SEATS_MAX, or fewer at an open table (its opener chose how many,
        # friends/open_listing.py). A guest's hello at a full table is refused "table_full".
        self.seats_max = SEATS_MAX
        self._channels: dict[str, _Channel] = {}
        # Frames and answers not sent, by kind ("rate": frames over a channel's bound, "error",
        # "pong": answers over theirs), for the console and the tests.
        self.dropped: Counter[str] = Counter()
        self._errors = Bucket(ERRORS_PER_S, ERRORS_PER_S, ERRORS_PER_S, clock())
        self._new_seats = Bucket(1 / NEW_SEAT_EVERY_S, SEATS_MAX, SEATS_MAX, clock())

    # --- the transport's side -------------------------------------------------------------------

    def connect(self, channel: str, send: Callable[[str], None]) -> bool:
        """A channel opened (WebRTC or relay). False (and nothing kept) when the room is full
        of channels or closed; the transport should then close it."""
        if self.closed or (channel not in self._channels
                           and len(self._channels) >= MAX_CHANNELS):
            return False
        old = self._channels.get(channel)
        if old is not None and old.seat is not None:
            self._lost(old.seat)
        now = self.clock()
        self._channels[channel] = _Channel(send, None, Bucket(RATE_PER_S, RATE_BURST, RATE_BURST,
                                                              now), now)
        return True

    def disconnect(self, channel: str) -> None:
        """The channel dropped: its seat is "reconnecting" until the guest says hello again."""
        ch = self._channels.pop(channel, None)
        if ch is not None and ch.seat is not None and ch.seat.channel == channel:
            self._lost(ch.seat)
            self._send_lobby()

    def receive(self, channel: str, text: object) -> None:
        """One frame from a channel. Errors go back to that channel only."""
        ch = self._channels.get(channel)
        if ch is None or self.closed:
            return
        now = self.clock()
        ch.heard = now
        if not ch.bucket.take(now):
            self.dropped["rate"] += 1
            if not ch.told_rate:
                ch.told_rate = True
                self._error(ch, ProtocolError("rate"))
            return
        ch.told_rate = False
        self._heard_again(channel, ch)
        try:
            self._handle(channel, ch, decode_from_guest(text))
        except ProtocolError as err:
            self._error(ch, err)

    def tick(self) -> None:
        """Feed the time now and then (every second or less): a quiet channel is pinged, one
        that does not answer is "reconnecting", a seat gone too long becomes "away"."""
        now = self.clock()
        changed = False
        for seat in self.seats:
            changed |= self._check_silence(seat, now)
            if seat.connection == "reconnecting" and now - seat.since >= AWAY_AFTER_S:
                seat.connection, seat.since = "away", now
                changed = True
        if changed:
            self._send_lobby()

    def _check_silence(self, seat: RoomSeat, now: float) -> bool:
        """Ping a seat's quiet channel; True if it turned "reconnecting" (the ping went
        unanswered). A phone that closed its browser, lost its network or went to sleep says
        nothing: its data channel may look open for half a minute more."""
        ch = self._channels.get(seat.channel) if seat.channel is not None else None
        if ch is None:
            return False
        if ch.pinged <= ch.heard:  # nothing asked since it last spoke
            if now - ch.heard >= PING_QUIET_S:
                ch.pinged, ch.pings = now, ch.pings + 1
                ch.put(encode("ping", n=ch.pings, seq=seat.outbox.seq))
            return False
        if seat.connection == "connected" and now - ch.pinged >= PONG_WAIT_S:
            # Counted from the last frame heard: the phone has been gone since then.
            seat.connection, seat.since = "reconnecting", ch.heard
            return True
        return False

    def _heard_again(self, channel: str, ch: _Channel) -> None:
        """A frame on a seat's channel that had gone silent: the phone is there again."""
        seat = ch.seat
        if seat is not None and seat.channel == channel and seat.connection != "connected":
            seat.connection, seat.since = "connected", self.clock()
            self._send_lobby()

    # --- the host's side ------------------------------------------------------------------------

    def lobby(self) -> list[dict[str, Any]]:
        """The seats as the lobby lists them (seat order)."""
        return [s.lobby_entry() for s in self.seats]

    def connection(self, player: str) -> tuple[str, float]:
        """``(state, since)`` of a seat, for the badge (and for a regular covering an away seat)."""
        return self._seat(player).connection, self._seat(player).since

    def seat_regular(self, name: str) -> None:
        """Before the start: a regular takes an empty seat (its name as the host's phone gives
        it; compared with the others by ``name_key``, as a guest's)."""
        self._before_start()
        self._check_new_name(name)
        self.seats.append(RoomSeat(name, "regular", since=self.clock()))
        self._send_lobby()

    def remove_seat(self, player: str) -> None:
        """Before the start (or a late arrival's seat at any time): the seat goes, its token
        stops working and its phone is told ``bye``."""
        seat = self._seat(player)
        if seat.kind == "host":
            raise IllegalAction(both("friends.no.remove_host"))
        if self.table is not None and not seat.waiting:
            raise IllegalAction(both("friends.no.playing", player=player))
        self.seats.remove(seat)
        if seat.channel is not None:
            ch = self._channels[seat.channel]
            ch.seat = None
            ch.put(encode("bye", reason="removed"))
        self._send_lobby()

    def seat_late_arrival(self, player: str) -> None:
        """A waiting seat is at the table now (the host's table joined it between games): it
        plays from the next deal, its phone gets the lobby now and its view with the next
        update (``table_changed``)."""
        seat = self._seat(player)
        if self.table is None or not seat.waiting or player not in self.table.players:
            raise IllegalAction(both("friends.no.not_waiting", player=player))
        seat.waiting = False
        self._send_lobby()

    def start(self, table: TableLike) -> None:
        """The evening starts at ``table``, whose players are the lobby's seats in order."""
        self._before_start()
        names = [s.player for s in self.seats]
        if list(table.players) != names:
            raise IllegalAction(both("friends.no.players_seats"))
        self.table = table
        self._send_lobby()
        self.table_changed()

    def table_changed(self) -> None:
        """Call after any change of the table not made through a guest (the host's own move, a
        regular's, a deal, the clock): every connected guest gets its own ``update``."""
        if self.table is None:
            return
        self._record_now = None
        for seat in self.seats:
            self._send_updates(seat, shared=True)
        self._record_now = None

    broadcast = table_changed

    def close(self) -> None:
        """The host ends the table: every phone is told, and nothing more is read."""
        for ch in self._channels.values():
            ch.put(encode("bye", reason="closed"))
        self._channels.clear()
        self.closed = True

    # --- the host's reload ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The seats as plain JSON, for the host's phone to store beside its table: after a
        reload the same tokens let every guest back into its seat."""
        d = {"game": self.game, "epoch": self.epoch, "seats": [_seat_dict(s) for s in self.seats]}
        if self.seats_max != SEATS_MAX:  # an open table's (a friends' table saves as before)
            d["seats_max"] = self.seats_max
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any], table: TableLike | None = None,
                  clock: Callable[[], float] = time.monotonic) -> HostRoom:
        """A room restored from ``to_dict`` (at ``table`` if the evening had started); every
        guest is "reconnecting" until its phone says hello again. The host's seat is any one
        (a table carried on by another phone keeps its seat order); a seat may be known by its
        token's hash only (core/succession.py). Bad data -> IllegalAction."""
        try:
            entries = data["seats"]
            hosts = [e for e in entries if e["kind"] == "host"]
            if len(hosts) != 1:
                raise ValueError("a room has one host")
            epoch = data.get("epoch", 0)
            if type(epoch) is not int or epoch < 0:
                raise ValueError("the epoch is not a count")
            seats_max = data.get("seats_max", SEATS_MAX)
            if type(seats_max) is not int or not 2 <= seats_max <= SEATS_MAX:
                raise ValueError("the seats are not 2..8")
            room = cls(hosts[0]["player"], clock, data.get("game", games.DEFAULT))
            room.epoch, room.seats, room.seats_max = epoch, [], seats_max
            for e in entries:
                room._check_new_name(e["player"], exact=True)
                room.seats.append(_seat_from(e, clock()))
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise IllegalAction(both("friends.no.seats_unreadable", detail=f"{err!s:.60}")) from None
        if table is not None:
            room.table = table
            if list(table.players) != [s.player for s in room.seats if not s.waiting]:
                raise IllegalAction(both("friends.no.players_seats"))
        return room

    def host_seat(self) -> RoomSeat:
        """This phone's own seat."""
        return next(s for s in self.seats if s.kind == "host")

    # --- messages -------------------------------------------------------------------------------

    def _handle(self, channel: str, ch: _Channel, msg: dict[str, Any]) -> None:
        kind = msg["t"]
        if kind == "hello":
            self._hello(channel, ch, msg)
            return
        seat = ch.seat
        if seat is None:
            raise ProtocolError("hello_first")
        if kind == "act":
            self._act(seat, msg["id"], msg["action"])
        elif kind == "ack":
            if not seat.outbox.ack(msg["events"]):
                raise ProtocolError("bad_ack")
        elif kind == "have":
            if msg["epoch"] != self.epoch or msg["log"] > seat.record.log:
                raise ProtocolError("bad_ack")
            now = self.clock()
            if now - seat.record.asked < RESYNC_EVERY_S:
                # as a resync: the answer is up to the whole evening's log, and the frame rate
                # bound alone would let a guest make the host send megabytes a second
                raise ProtocolError("rate")
            seat.record.asked = now
            seat.record.log, seat.record.state = msg["log"], {}
            self._send_record(seat, ch)
        elif kind == "resync":
            now = self.clock()
            if seat.resynced is not None and now - seat.resynced < RESYNC_EVERY_S:
                raise ProtocolError("rate")
            seat.resynced = now
            seat.outbox.reset()
            self._send_lobby(seat)
            self._send_updates(seat)
        elif kind == "ping":
            now = self.clock()
            if now - ch.ponged < PONG_EVERY_S:
                self.dropped["pong"] += 1  # the guest pings again if it still hears nothing
                return
            ch.ponged = now
            ch.put(encode("pong", n=msg["n"], seq=seat.outbox.seq))
        # "pong" (the answer to the host's ping) needs nothing more: receive() heard it.

    def _hello(self, channel: str, ch: _Channel, msg: dict[str, Any]) -> None:
        if ch.seat is not None:
            raise ProtocolError("already_seated")
        if msg["token"] is not None:
            seat = self._seat_by_token(msg["token"])
        else:
            seat = self._new_guest(msg["name"], channel)
        if seat.channel is not None and seat.channel in self._channels:
            # The same phone after a reload, or a second tab: the newest channel has the seat.
            old = self._channels[seat.channel]
            old.seat = None
            old.put(encode("bye", reason="replaced"))
        ch.seat, seat.channel = seat, channel
        seat.connection, seat.since = "connected", self.clock()
        if "next" in msg and seat.kind == "guest":
            seat.next = msg["next"]
        seat.outbox.reset()
        seat.record = RecordFeed()
        ch.put(encode("welcome", seat=seat.player, token=seat.token, seq=seat.outbox.next_seq(),
                       last_act=seat.last_act))
        self._send_lobby()
        self._send_updates(seat)

    def _seat_by_token(self, token: str) -> RoomSeat:
        found = None
        hashed = token_hash(token)
        for seat in self.seats:  # compare every one in constant time: no timing oracle
            if seat.kind == "host":
                continue  # this phone's own seat: its token is for another host's table
            by_token = seat.token is not None and hmac.compare_digest(seat.token, token)
            by_hash = seat.token_hash is not None and hmac.compare_digest(seat.token_hash, hashed)
            if by_token or by_hash:
                found = seat
        if found is None:
            raise ProtocolError("bad_token")
        found.token = token  # a seat known by its hash until now: the phone said it
        return found

    def _new_guest(self, name: str, channel: str) -> RoomSeat:
        if self.table is not None and not self.late_arrivals:
            raise ProtocolError("started")
        # Each refusal its own code: the guest's phone says it in its own language.
        if len(self.seats) >= self.seats_max:
            raise ProtocolError("table_full", seats=self.seats_max)
        name = normal_name(name)
        if not is_name(name):
            raise ProtocolError("bad_name")
        if self._name_taken(name):
            raise ProtocolError("name_taken", name=name)
        if any(s.origin == channel for s in self.seats):
            # A channel holds one seat: a transport that restarts the channel (links.py, on a
            # hello) must not let one socket fill the table under new names.
            raise ProtocolError("already_seated")
        if not self._new_seats.take(self.clock()):
            raise ProtocolError("rate")
        seat = RoomSeat(name, "guest", token=secrets.token_urlsafe(16), since=self.clock(),
                        waiting=self.table is not None, origin=channel)
        self.seats.append(seat)
        return seat

    def _act(self, seat: RoomSeat, action_id: int, action: dict[str, Any]) -> None:
        if self.table is None or seat.waiting:
            raise ProtocolError("not_playing", id=action_id)
        if action_id <= seat.last_act:
            raise ProtocolError("replay", id=action_id)
        if not is_action(action, self.game):
            # Well-formed for some game, not this one: refused before the engine sees it.
            raise ProtocolError("bad_field", id=action_id)
        try:
            self.table.act(seat.player, action)
        except IllegalAction as err:
            raise ProtocolError("illegal", str(err)[:500], action_id) from None
        seat.last_act = action_id
        self.table_changed()
        if self.after_act is not None:
            self.after_act(seat.player)

    # --- sending --------------------------------------------------------------------------------

    def _send_updates(self, seat: RoomSeat, shared: bool = False) -> None:
        if self.table is None or seat.waiting or seat.channel is None:
            return
        ch = self._channels[seat.channel]
        timed = self.turn_clock() if self.turn_clock is not None else None
        key, clock = timed if timed is not None else (None, None)
        # Only the events this seat may still need are copied out of the engine: a whole view
        # after 200 games is ~20,000 events, per guest, per change (docs/performance.md "Host").
        view = self.table.view(seat.player, events_from=seat.outbox.events_from())
        for update in seat.outbox.updates(view, seat.last_act, clock, key):
            ch.put(encode("update", **update))
        self._send_record(seat, ch, shared)

    def _send_record(self, seat: RoomSeat, ch: _Channel, shared: bool = False) -> None:
        """The table's public record, what this seat has not been sent of it: the new log
        entries in pages under the frame bound, the state on the last page when it changed.
        ``shared``: one broadcast, so the record is made once for every seat."""
        if self.record is None or seat.waiting:
            return
        if self._record_now is None or not shared:
            made = self.record()
            if made is None:
                return
            log, state = made
            self._record_now = (log, state, {k: json.dumps(v, sort_keys=True,
                                                           separators=(",", ":"))
                                             for k, v in state.items()})
        log, state, texts = self._record_now
        sent = seat.record.state
        changed = {k: state[k] for k, text in texts.items() if sent.get(k) != text}
        total = len(log)
        if total == seat.record.log and not changed:
            return
        entries = log[seat.record.log:]
        for base, page, more in record_pages(seat.record.log, entries):
            seat.record.n += 1
            ch.put(encode("record", epoch=self.epoch, n=seat.record.n, base=base, log=page,
                          state=None if more or not changed else changed, more=more))
        seat.record.log, seat.record.state = total, dict(texts)

    def _send_lobby(self, only: RoomSeat | None = None) -> None:
        seats = self.lobby()
        for seat in self.seats:
            if seat.channel is not None and only in (None, seat):
                self._channels[seat.channel].put(encode(
                    "lobby", seq=seat.outbox.next_seq(), started=self.table is not None,
                    seats=seats, game=self.game))

    def _error(self, ch: _Channel, err: ProtocolError) -> None:
        """Answer a refused frame, within the bounds: one error per channel per ERROR_EVERY_S,
        ERRORS_PER_S for the room. A guest whose action got no answer sends it again."""
        now = self.clock()
        if now - ch.answered < ERROR_EVERY_S or not self._errors.take(now):
            self.dropped["error"] += 1
            return
        ch.answered = now
        ch.put(encode("error", code=err.code, message=err.message[:500], id=err.id))

    # --- bookkeeping ----------------------------------------------------------------------------

    def _lost(self, seat: RoomSeat) -> None:
        seat.channel = None
        if seat.connection == "connected":
            # A seat already "reconnecting" or "away" (its channel fell silent first) keeps its
            # state and time: a stand-in covering it must not stop when the dead channel closes.
            seat.connection, seat.since = "reconnecting", self.clock()

    def _seat(self, player: str) -> RoomSeat:
        for seat in self.seats:
            if seat.player == player:
                return seat
        raise IllegalAction(both("friends.no.seat", player=repr(player)[:30]))

    def _check_new_name(self, name: str, exact: bool = False) -> None:
        if not is_name(name):
            raise IllegalAction(both("friends.no.name"))
        if self._name_taken(name, exact):
            raise IllegalAction(both("friends.no.name_taken", name=name))
        if len(self.seats) >= self.seats_max:
            raise IllegalAction(both("friends.no.full", seats=self.seats_max))

    def _name_taken(self, name: str, exact: bool = False) -> bool:
        """Another seat has this name, or one that looks the same (``name_key``). ``exact``
        (a saved room, seated by older versions): the same letters, case aside."""
        if exact:
            return any(s.player.casefold() == name.casefold() for s in self.seats)
        key = name_key(name)
        return any(name_key(s.player) == key for s in self.seats)

    def _before_start(self) -> None:
        if self.table is not None:
            raise IllegalAction(both("friends.no.started"))
