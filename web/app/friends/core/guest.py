"""The guest's side of a table with friends: what its phone sends and what it shows.

Transport-agnostic: ``hello()``, ``act()``, ``receive()`` and ``tick()`` return the frames to
send (text), and the transport sends them on whatever channel is open (WebRTC or the relay).
The guest never names its seat in a message: the host knows it from the channel.
Frames from the host are validated like any input (a relay path carries other people's
frames too): a bad one is counted and ignored, and never changes the view.
"""
from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from app.friends.core.notices import error_line
from app.friends.core.protocol import SEATS_MAX, ProtocolError, decode_from_host, encode, is_action
from app.friends.core.succession import RecordCopy
from app.friends.core.view_sync import Assembler
from app.shell.both_languages import both
from app.table import games

from engine.errors import IllegalAction

# The seats a "table_full" message names (an open table has 2..8: HostRoom.seats_max): only a
# lone digit in that range is read from the host's text, else the friends' table's SEATS_MAX.
_SEATS = re.compile(r"(?<!\d)([2-8])(?!\d)")


def seats_in(message: object) -> int:
    found = _SEATS.search(message[:200]) if isinstance(message, str) else None
    return int(found.group(1)) if found else SEATS_MAX


PING_AFTER_S = 2.0     # a silent host gets a ping; its pong also reveals a lost last frame
HOST_SILENT_S = 6.0    # no word from the host this long: "Venter på værten" (friends.waiting_host)
RESYNC_AGAIN_S = 3.0   # a resync that got no answer is asked again
RESEND_AFTER_S = 5.0   # an unanswered action is sent again (same id: it can never count twice)

class GuestSession:
    """One guest's phone at a host's table."""

    def __init__(self, name: str, token: str | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.name = name
        self.token = token            # store it on the device: it brings this phone back to its seat
        self.seat: str | None = None  # the player this phone is, once welcomed
        self.seats: list[dict[str, Any]] = []   # the lobby: who sits where, connected or not
        self.started = False
        self.game: str | None = None  # the host's game, from its lobby (None before the first)
        self.pending: dict[str, Any] | None = None  # {"id", "action"} sent, not yet answered
        self.error: str | None = None  # the last error, in this phone's language, for the screen
        self.error_code: str | None = None
        self.closed: str | None = None  # the host's "bye" reason: removed / closed / replaced
        self.bad_frames = 0            # frames that broke the protocol (ignored)
        self.resyncs = 0               # resyncs asked (for tests and the console)
        # (player, when their time runs out on this phone's clock): the host's turn clock,
        # from the ``clock`` of the last update (the frame's travel time is not subtracted).
        self.deadline: tuple[str, float] | None = None
        self.clock = clock
        # The table's public record (core/succession.py), from which this phone could carry
        # the table on; ``next_room``: the room it would open then (said in every hello).
        self.record = RecordCopy()
        self.next_room: str | None = None
        self._sync = Assembler()
        self._last_act = 0
        self._lobby_seq = 0
        self._seen_seq = 0
        self._heard = clock()
        self._pinged = self._heard
        self._resync_at: float | None = None
        self._pending_at = 0.0
        self._pings = 0

    # --- what the screen reads ------------------------------------------------------------------

    def view(self) -> dict[str, Any] | None:
        """This seat's view, assembled from the host's updates (None before the first)."""
        return self._sync.view()

    @property
    def waiting_host(self) -> bool:
        """True while the host has been silent too long (or never answered): show
        t("friends.waiting_host")."""
        return self.clock() - self._heard >= HOST_SILENT_S

    # --- what the phone sends -------------------------------------------------------------------

    def hello(self) -> str:
        """The first frame on every new channel: sit down, or come back with the seat token."""
        extra = {} if self.next_room is None else {"next": self.next_room}
        return encode("hello", name=self.name, token=self.token, **extra)

    def act(self, action: dict[str, Any]) -> str:
        """The player's move (a bid, a throw, a keep …) as a frame; it stays ``pending`` until
        the host answers."""
        if self.pending is not None:
            raise IllegalAction(both("friends.no.pending"))
        if not is_action(action, self.game):
            raise IllegalAction(both("friends.no.other_game"))
        self._last_act += 1
        self.pending = {"id": self._last_act, "action": dict(action)}
        self._pending_at = self.clock()
        self.error = self.error_code = None
        return encode("act", id=self._last_act, action=action)

    def tick(self) -> list[str]:
        """Feed the time now and then: pings a silent host, asks again for a lost resync."""
        now = self.clock()
        out = []
        if self.pending is not None and now - self._pending_at >= RESEND_AFTER_S:
            out += self._resend_pending(0)
        if self._resync_at is not None and now - self._resync_at >= RESYNC_AGAIN_S:
            out.append(self._resync())
        if now - max(self._heard, self._pinged) >= PING_AFTER_S:
            self._pinged = now
            self._pings += 1
            out.append(encode("ping", n=self._pings))
        return out

    # --- what the phone receives ----------------------------------------------------------------

    def receive(self, text: object) -> list[str]:
        """One frame from the host; returns the frames to send back (acks, resyncs, pongs)."""
        try:
            msg = decode_from_host(text)
            return self._handle(msg)
        except ProtocolError:
            self.bad_frames += 1
            return []

    def _handle(self, msg: dict[str, Any]) -> list[str]:
        kind = msg["t"]
        if kind != "welcome" and self.seat is None and kind not in ("error", "bye"):
            raise ProtocolError("hello_first")  # a message before the welcome
        self._heard = self.clock()
        if kind in ("lobby", "update"):
            self._seen_seq = max(self._seen_seq, msg["seq"])
        if kind == "welcome":
            self.seat, self.token = msg["seat"], msg["token"]
            self._last_act = max(self._last_act, msg["last_act"])
            self._sync.restart(msg["seq"])
            self.record.restart()
            self._lobby_seq = self._seen_seq = msg["seq"]
            self.closed = self.error = self.error_code = None
            self._resync_at = None
            return self._resend_pending(msg["last_act"])
        if kind == "lobby":
            if msg["seq"] > self._lobby_seq:
                self._lobby_seq = msg["seq"]
                self.seats, self.started = msg["seats"], msg["started"]
                self.game = msg.get("game", games.DEFAULT)
            return []
        if kind == "update":
            return self._update(msg)
        if kind == "record":
            return self.record.apply(msg)
        if kind == "error":
            self._error(msg)
            return []
        if kind == "bye":
            self.closed = msg["reason"]
            if msg["reason"] == "removed":
                self.token = None  # that seat is gone; the next hello asks for a new one
            return []
        if kind == "ping":
            return [encode("pong", n=msg["n"])] + self._check_seq(msg["seq"])
        return self._check_seq(msg["seq"])  # pong

    def _update(self, msg: dict[str, Any]) -> list[str]:
        if msg["view"]["me"] != self.seat:
            raise ProtocolError("bad_field")  # a view of another seat
        if self.game is not None and msg["view"]["game"] != self.game:
            raise ProtocolError("bad_field")  # a view of another game
        result = self._sync.apply(msg)
        if result == "gap":
            return [] if self._resync_at is not None else [self._resync()]
        if result == "stale":
            return []
        if not msg["more"]:
            clock = msg.get("clock")
            self.deadline = None if clock is None else (clock["player"],
                                                        self._heard + clock["ms"] / 1000)
        if self.pending is not None and msg["last_act"] >= self.pending["id"]:
            self.pending = None  # the host took it: the view shows it
        if msg["more"]:
            return []
        self._resync_at = None
        return [encode("ack", seq=msg["seq"], events=len(self._sync.events))]

    def _resend_pending(self, last_act: int) -> list[str]:
        """After a reconnect: an action the host never got is sent again (same id, so it
        can never count twice); one it did get is done."""
        if self.pending is None:
            return []
        if last_act >= self.pending["id"]:
            self.pending = None
            return []
        self._pending_at = self.clock()
        return [encode("act", id=self.pending["id"], action=self.pending["action"])]

    def _error(self, msg: dict[str, Any]) -> None:
        pending = None if self.pending is None else self.pending["id"]
        if msg["id"] is not None:
            if msg["id"] != pending:
                return  # about an action already settled (a late answer to a retry)
            self.pending = None
            if msg["code"] == "replay":
                return  # a resent action the host already had: done, nothing to say
        # Without an id the error is about a frame the host could not read or dropped (e.g.
        # over the rate bound); a pending action is sent again by tick().
        # The code, said in this phone's language: the host's phone may speak another.
        self.error = error_line(msg["code"], msg["message"], name=self.name,
                                seats=seats_in(msg["message"]))
        self.error_code = msg["code"]
        if msg["code"] == "bad_token":
            self.token = None  # the table no longer knows this phone: sit down anew

    def _check_seq(self, seq: int) -> list[str]:
        """A pong/ping names the host's last seq for us: beyond what we saw, a frame was lost."""
        if seq > self._seen_seq and self._resync_at is None:
            return [self._resync()]
        return []

    def _resync(self) -> str:
        self._resync_at = self.clock()
        self.resyncs += 1
        return encode("resync", seq=self._sync.seq)
