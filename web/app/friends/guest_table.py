"""A guest's phone at a table with friends: a Session-shaped controller over GuestSession.

The table screen shows it as it shows a one-phone Session (view, next_step, act, can_peek,
news, tick), but the table lives on the host's phone: this only sends the player's own
actions and shows the views that arrive. Nothing is saved here but the seat token.

API (screens: helper H2; transports: helper T; docs/protocol.md "A guest's table"):

    table = GuestTable(name, token=stored_token)   # from the share link's join, *Sæt dig*
    table.attach(send)        # on every (re)opened channel: sends hello (with the token)
    table.receive(text)       # every frame from the host; replies go out through ``send``
    table.detach()            # the channel closed (frames wait until the next attach)
    table.token               # store it after each welcome: it brings this phone back
    table.ready               # True once the first view is in: show it with
    table_screen.show_peer_table(table)

The screen's tick drives ``tick()`` (pings, resends, resyncs, the clock face); every change
that arrives is told through ``on_change`` (the screen redraws at once).
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from app.friends.core.guest import GuestSession
from app.friends.core.notices import bye_line
from app.lang import t
from app.shell.both_languages import both
from app.snyd.announcements import bid_words, lines_for
from app.snyd.table_session import News
from app.table.turn_clock import RED_FROM_S

from engine.snyd import IllegalAction


class GuestTable:
    """What a guest's phone shows and sends, shaped like table_session.Session."""

    remote = True         # the table is on the host's phone: nothing to save here
    deals = False         # the host deals the next round
    handoff_to = None     # one person per phone: never a hand-off
    pass_and_play = False

    def __init__(self, name: str, token: str | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.guest = GuestSession(name, token, clock)
        self.clock = clock
        self.on_change: Callable[[], None] | None = None
        self.regulars: dict[str, Any] = {}  # the regulars play on the host's phone
        self.faults: list[Any] = []
        self.tempo = 1.0
        self.seen: int | None = None        # events already told (history before joining: none)
        self._send: Callable[[str], None] | None = None
        self._shown: tuple = ()
        self._beeped: object = None
        self._notes: list[News] = []        # the host's errors and goodbyes, told as news

    # ---------- the transport's side ----------
    def attach(self, send: Callable[[str], None]) -> None:
        """A channel to the host opened: say hello (back to our seat, with the token)."""
        self._send = send
        self.put([self.guest.hello()])

    def detach(self) -> None:
        self._send = None

    def receive(self, text: object) -> None:
        """A frame from the host; what it needs answered goes back, and the screen is told."""
        self.put(self.guest.receive(text))
        if self.seen is None and self.ready:
            self.seen = len(self.view()["events"])  # the evening before we sat down is not news
        self._tell_if_changed()

    def put(self, frames: list[str]) -> None:
        """Frames to the host on the open channel (also game_guest's actions)."""
        if self._send is None:
            return  # no channel: a pending action is sent again after the next hello
        for text in frames:
            self._send(text)

    def _tell_if_changed(self) -> None:
        g = self.guest
        shown = (id(g.view()), id(g.seats), g.pending is None, g.error, g.closed,
                 g.deadline, g.waiting_host)
        if shown != self._shown:
            old = self._shown or (None,) * len(shown)
            if g.error and g.error != old[3]:
                self._note(g.error)
            if g.closed and g.closed != old[4]:
                self._note(bye_line(g.closed))
            self._shown = shown
            if self.on_change is not None:
                self.on_change()

    # ---------- what the screen reads ----------
    @property
    def name(self) -> str:
        return self.guest.name

    @property
    def token(self) -> str | None:
        return self.guest.token

    @property
    def ready(self) -> bool:
        return self.guest.view() is not None

    @property
    def holder(self) -> str | None:
        return self.guest.seat

    @property
    def waiting(self) -> bool:
        """A late arrival: seated in the lobby, at the table from a later game (the lobby
        screen shows it; docs/protocol.md "The lobby and late arrivals")."""
        return any(s["player"] == self.guest.seat and s["waiting"] for s in self.guest.seats)

    @property
    def waiting_host(self) -> bool:
        return self.guest.waiting_host

    def handed(self) -> set[str]:
        """The seats a stand-in plays now by the host's hand (the view's "handed", validated
        by protocol.is_handed): this phone shows it when its own seat is one."""
        v = self.view()
        return set(v.get("handed", [])) if v else set()

    def view(self) -> dict | None:
        return self.guest.view()

    def connections(self) -> dict[str, str]:
        """Every seat's badge, from the host's lobby (late arrivals not at the table left out)."""
        return {s["player"]: s["connection"] for s in self.guest.seats if not s["waiting"]}

    def next_step(self) -> dict:
        """{"kind": "waiting_host"} while the host is silent (or before the first view),
        "reveal" / "game_over", "human" on this phone's turn, else "remote" with the player."""
        v = self.view()
        if v is None or self.guest.waiting_host:
            return {"kind": "waiting_host"}
        if v["phase"] in ("reveal", "game_over", "idle"):
            return {"kind": "reveal" if v["phase"] == "idle" else v["phase"]}
        if v["turn"] == v["me"] and v["me"] not in self.handed():
            return {"kind": "human", "player": v["me"]}  # (handed: the stand-in plays it)
        return {"kind": "remote", "player": v["turn"]}

    def can_peek(self) -> bool:
        v = self.view()
        return bool(v and v.get("can_peek"))

    def new_faults(self) -> list[Any]:
        return []

    # ---------- what the player does ----------
    def act(self, action: dict) -> None:
        """The player's bid or *Løft*, to the host (IllegalAction if it cannot be sent now)."""
        v = self.view()
        if v is None or v["phase"] != "bidding" or v["turn"] != v["me"]:
            raise IllegalAction(both("friends.no.not_your_turn"))
        self.put([self.guest.act(action)])
        self._tell_if_changed()

    def next_round(self) -> None:
        raise IllegalAction(both("friends.host_deals"))

    def accept_handoff(self) -> str:
        raise IllegalAction(both("friends.no.handoff"))

    # ---------- time ----------
    def tick(self, now: float | None = None) -> dict | None:
        """Pings, resends and resyncs go out; returns the clock's face toward the host's
        deadline (None when no clock runs). ``now`` is ignored: the session's clock counts."""
        self.put(self.guest.tick())
        self._tell_if_changed()
        v, deadline = self.view(), self.guest.deadline
        if v is None or deadline is None or v["phase"] != "bidding" or deadline[0] != v["turn"]:
            return None
        remaining = max(0.0, deadline[1] - self.clock())
        red = remaining <= RED_FROM_S
        beep = red and self._beeped != deadline
        if beep:
            self._beeped = deadline
        return {"player": deadline[0], "seconds": math.ceil(remaining), "remaining": remaining,
                "red": red, "beep": beep, "timed_out": None}

    # ---------- what the table says ----------
    def _note(self, line: str) -> None:
        self._notes.append(News({"type": "seat_note", "player": self.guest.seat}, [line]))

    def news(self) -> list[News]:
        """Public events since the last call, with their lines and a plain bubble for bids
        and calls (the regulars' own words are said on the host's phone), then what the host
        told this phone alone (an error, a goodbye)."""
        v = self.view()
        notes, self._notes = self._notes, []
        if v is None:
            return notes
        start = self.seen
        events = v["events"][start:]
        self.seen = len(v["events"])
        out = []
        for i, (e, lines) in enumerate(zip(events, lines_for(events, v)), start):
            # What the host said about a seat (handed to a stand-in, given back), before the
            # move it came with: the view's "said", by event index (host_seats.SaidRoomTable).
            out += [News({"type": "seat_note", "player": s["player"]}, [s["line"]])
                    for s in v.get("said", []) if s["event"] == i]
            bubble = None
            if e.get("type") == "bid" and e.get("player"):
                bubble = (e["player"], bid_words(e["quantity"], e.get("face")))
            elif e.get("type") == "call" and e.get("player"):
                bubble = (e["player"], t("snyd.call_shout"))
            out.append(News(e, lines, bubble))
        return out + notes

    # ---------- the phone's own record ----------
    def to_dict(self) -> dict[str, Any]:
        """What the phone stores to come back to its seat (the share link adds the room)."""
        return {"name": self.guest.name, "token": self.guest.token}


__all__ = ["GuestTable"]
