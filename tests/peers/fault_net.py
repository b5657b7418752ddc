"""A faulty network around the real peer modules (issue 20's fault soak, CPython).

One room of Snyd, Bakke or Treere: the host's HostTable / HostGameTable (``from_lobby``, fair
dice on) and each guest's GuestTable (wrapped in a GuestGameTable at Bakke and Treere, as the
join screen does), on simulated channels. Time is the room's ``Clock``, moved by ``step(dt)``:
every step ticks the host and every phone (as their screens do, every 0.2–1 s) and delivers the
frames that are due. Per frame, seeded (``Faults``):

- **delay**: delivered ``k`` steps late (1 … ``max_delay``); a channel stays in order, so a
  frame behind a late one waits for it (one data channel or relay socket is ordered);
- **reorder**: only across a path switch (``switch_path``: the channel moves between the relay
  and WebRTC), frames on the new path may overtake those still on the old one; ``reorder`` is
  the chance that a frame is late on the old path when the switch comes;
- **duplicate**: a second copy, at any time (not bound to the channel's order);
- **loss**: a single frame lost (0 unless asked: neither transport loses one by itself);
- **a channel drops** (``drop``): ``room.disconnect`` + ``table.detach``, every frame still in
  flight on it is lost; ``open`` is a new channel and a hello with the phone's token (a network
  return); ``reload`` is a fresh GuestTable with the saved token (a page reload);
- **the host's phone vanishes** (``lose_host``): every channel drops, every frame in flight is
  lost, the next connected person in seat order (``succession.next_host``) carries the table on
  from its own copy of the record (``succession.take_over``: the new host's table on a new
  HostRoom, one epoch more), every other phone says hello to that room with its token, and
  ``back_after`` steps later the old host's phone comes back as a guest by its host seat's
  token (``come_back``). From then on the new host's table is ``host``: its clock ticks, its
  moves are the host's own (``host_name``).

Every frame a guest received is kept with the host's secret state when it was sent (Snyd: the
engine's cups and the reveals so far), every frame the host received with its fair-dice state
when it arrived (table_net.Heard), so the privacy checks can compare.
"""
from __future__ import annotations

import base64
import random
import secrets
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from unittest import mock

from app.friends.core import succession
from app.friends.core.host import HostRoom
from app.friends.game_guest import GuestGameTable
from app.friends.game_host import HostGameTable
from app.friends.guest_table import GuestTable
from app.friends.host_table import HostTable
from peer_net import Clock, Sent
from peer_net import choose as snyd_choose
from table_net import Heard, _cups
from test_game_peers import choose as game_choose

from engine import fair_dice
from engine.errors import IllegalAction

HOST = "Vært"
LINK = {"relay_room": "r" * 22, "host_key": "k" * 22}  # the new host's transport (unused here)


@contextmanager
def seeded_secrets(seed: int) -> Iterator[None]:
    """Every phone's fair-dice secrets, the tables' ids, the seat tokens and an heir's fresh
    seed (succession.adopt) from one seeded stream (the app draws them with ``secrets``), so
    an evening's seed replays it exactly."""
    rng = random.Random(seed)
    with mock.patch.object(fair_dice.Secret, "draw", classmethod(
            lambda cls, source=None: cls(rng.randbytes(fair_dice.SECRET_BYTES),
                                         rng.randbytes(fair_dice.SECRET_BYTES)))), \
            mock.patch.object(secrets, "token_hex", lambda n=32: rng.randbytes(n).hex()), \
            mock.patch.object(secrets, "randbelow", lambda n: rng.randrange(n)), \
            mock.patch.object(secrets, "token_urlsafe", lambda n=32: base64.urlsafe_b64encode(
                rng.randbytes(n)).rstrip(b"=").decode()):
        yield


@dataclass
class Faults:
    """What the network does to frames (chances per frame, ``switch`` per phone and step)."""
    delay: float = 0.0       # a frame is late this often …
    max_delay: int = 4       # … by 1 … this many steps
    duplicate: float = 0.0   # a second copy arrives (any time)
    reorder: float = 0.0     # a frame in flight is stuck on the old path when the path switches
    loss: float = 0.0        # a single frame lost (not a transport's own behaviour: 0 normally)


@dataclass
class Packet:
    due: int                 # the step it arrives at
    order: int               # when it was sent (all directions)
    channel: str
    to_host: bool
    text: str
    sent: Sent | None = None  # (to a guest) the host's secrets when it left
    revealed: int = 0         # (Snyd, to a guest) the reveals on the host's table by then
    host_no: int = 0          # which host sent it (FaultNet.hosts: 0 the first, 1 its heir …)
    copy: bool = False


@dataclass
class Phone:
    name: str
    table: GuestTable
    channel: str = ""
    up: bool = False
    game: GuestGameTable | None = None   # Bakke and Treere: the table screen's controller
    received: list[Sent] = field(default_factory=list)
    revealed: list[int] = field(default_factory=list)  # Snyd: reveals on the host's table by then
    host_nos: list[int] = field(default_factory=list)  # which host sent each (FaultNet.hosts)
    path: int = 0            # which path the channel is on (each switch: a new one)


class FaultNet:
    def __init__(self, game: str, rng: random.Random, faults: Faults | None = None) -> None:
        self.game = game
        self.rng = rng
        self.faults = faults or Faults()
        self.clock = Clock()
        self.room = HostRoom(HOST, clock=self.clock, game=game)
        self.host: Any = None
        self.phones: dict[str, Phone] = {}      # by name: the phone as it is now
        self.all_phones: list[Phone] = []       # every page ever opened (reloads too)
        self.heard: list[Heard] = []            # every frame the host received, as it came
        self.heard_guests: list[frozenset[str]] = []  # (parallel) the host's guest seats then
        self.hosts: list[Any] = []              # every host table of the evening, in order
        self.hand_overs: list[dict[str, Any]] = []  # lose_host's account of each
        self.coming_back: list[tuple[int, str, str]] = []  # (step, old host, its seat's token)
        self.flight: list[Packet] = []
        self.now_step = 0
        self.seed = 0                           # the evening's (for the checks' messages)
        self.stats: Counter[str] = Counter()
        self._order = 0
        self._n = 0
        self._open: dict[str, Phone] = {}       # open channels -> their phone
        self._tail: dict[tuple[str, bool, int], int] = {}  # (channel, to host, path) -> last due
        self._seen_order: dict[tuple[str, bool], int] = {}
        self._reveals = (0, 0)  # (Snyd events looked through, reveals among them)

    # ---------- channels ----------
    def join(self, name: str) -> Phone:
        phone = Phone(name, GuestTable(name, None, clock=self.clock))
        self.phones[name] = phone
        self.all_phones.append(phone)
        self.open(phone)
        return phone

    def open(self, phone: Phone) -> None:
        """A new channel for the phone and its hello (with its token, if it has one)."""
        self._n += 1
        channel = f"ch{self._n}"
        phone.channel, phone.up, phone.path = channel, True, 0
        # A phone that reaches a newer host than its copy's did so by following the table on
        # (the app's Watch raises its copy's floor then).
        copy = phone.table.guest.record
        copy.floor = max(copy.floor, self.room.epoch)
        assert self.room.connect(channel, lambda text: self._down(phone, channel, text))
        self._open[channel] = phone
        phone.table.attach(lambda text: self._send(phone, channel, True, text))

    def drop(self, phone: Phone) -> None:
        """The phone's channel closes (network gone): every frame in flight on it is lost."""
        self.room.disconnect(phone.channel)
        phone.table.detach()
        self._open.pop(phone.channel, None)
        phone.up = False
        self.stats["channel_drops"] += 1

    def reload(self, name: str) -> Phone:
        """The guest's page reloads: a fresh GuestTable with the saved token (no secrets)."""
        old = self.phones[name]
        if old.up:
            self.drop(old)
        fresh = Phone(name, GuestTable(name, old.table.token, clock=self.clock))
        self.phones[name] = fresh
        self.all_phones.append(fresh)
        self.open(fresh)
        self.stats["reloads"] += 1
        return fresh

    def switch_path(self, phone: Phone) -> None:
        """The channel moves between relay and WebRTC: some frames in flight are stuck on the
        old path (late), and the new path's frames may overtake them."""
        if not phone.up:
            return
        self.stats["path_switches"] += 1
        for p in self.flight:
            if p.channel == phone.channel and not p.copy and self.rng.random() < self.faults.reorder:
                p.due += self.rng.randint(1, self.faults.max_delay)
        phone.path += 1

    # ---------- frames ----------
    def _down(self, phone: Phone, channel: str, text: str) -> None:
        """The room sends to a guest's channel."""
        if not (phone.up and phone.channel == channel):
            return
        table = self.room.table.table if self.room.table is not None else None
        sent = Sent(text, getattr(table, "phase", None), _cups(table))
        revealed = 0
        if self.game == "snyd" and table is not None:
            events, (seen, revealed) = table.events, self._reveals
            revealed += sum(e["type"] == "reveal" for e in events[seen:])
            self._reveals = (len(events), revealed)
        self._send(phone, channel, False, text, sent, revealed)

    def _send(self, phone: Phone, channel: str, to_host: bool, text: str,
              sent: Sent | None = None, revealed: int = 0) -> None:
        host_no = len(self.hosts) - 1
        f, rng = self.faults, self.rng
        self._order += 1
        if f.loss and rng.random() < f.loss:
            self.stats["lost"] += 1
            return
        delay = rng.randint(1, f.max_delay) if f.delay and rng.random() < f.delay else 0
        if delay:
            self.stats["delayed"] += 1
        key = (channel, to_host, phone.path)
        due = max(self.now_step + delay, self._tail.get(key, 0))
        self._tail[key] = due
        self.flight.append(Packet(due, self._order, channel, to_host, text, sent, revealed,
                                  host_no))
        if f.duplicate and rng.random() < f.duplicate:
            self.stats["duplicated"] += 1
            self.flight.append(Packet(self.now_step + rng.randint(0, 2 * f.max_delay),
                                      self._order, channel, to_host, text, sent, revealed,
                                      host_no, copy=True))

    def pump(self, rounds: int = 60) -> None:
        """Deliver every frame due by now, and the answers they make at once (no delay)."""
        for _ in range(rounds):
            due = [p for p in self.flight if p.due <= self.now_step]
            if not due:
                return
            self.flight = [p for p in self.flight if p.due > self.now_step]
            due.sort(key=lambda p: (p.due, p.order))
            for p in due:
                self._deliver(p)
        # still busy: the rest arrives at the next step

    def _deliver(self, p: Packet) -> None:
        phone = self._open.get(p.channel)
        if phone is None or phone.channel != p.channel or not phone.up:
            self.stats["lost_in_flight"] += 1  # its channel closed meanwhile
            return
        key = (p.channel, p.to_host)
        if not p.copy:
            if p.order < self._seen_order.get(key, 0):
                self.stats["reordered"] += 1
            self._seen_order[key] = max(self._seen_order.get(key, 0), p.order)
        self.stats["frames"] += 1
        self.stats["bytes"] += len(p.text)
        if p.to_host:
            self.stats["to_host"] += 1
            self._record(p.channel, p.text)
            self.room.receive(p.channel, p.text)
        else:
            self.stats["to_guests"] += 1
            assert p.sent is not None
            phone.received.append(p.sent)
            phone.revealed.append(p.revealed)
            phone.host_nos.append(p.host_no)
            phone.table.receive(p.text)
            if self.game != "snyd" and phone.game is None and phone.table.ready:
                phone.game = GuestGameTable(phone.table)  # the join screen's switch

    def _record(self, channel: str, text: str) -> None:
        h = self.host
        self.heard.append(Heard(channel, text, getattr(h, "_fair_no", 0),
                                getattr(h, "_fair_step", None),
                                _cups(h.table if h is not None else None),
                                list(getattr(h, "_held", []))))
        self.heard_guests.append(frozenset(s.player for s in self.room.seats if s.kind == "guest"))

    # ---------- time ----------
    def step(self, dt: float) -> None:
        """``dt`` seconds pass: every screen's tick, then the frames that are due."""
        self.clock.now += dt
        self.now_step += 1
        if self.host is not None:
            self.host.tick()
        for phone in self.phones.values():
            phone.table.tick()
        self.pump()

    def quiet(self) -> bool:
        return not self.flight

    def in_step(self) -> bool:
        """Every phone holds its seat's events as the host's table has them."""
        return all(p.table.ready and p.table.view()["events"]
                   == self.host.table.view(name)["events"] for name, p in self.phones.items())

    def settle(self, steps: int = 80) -> None:
        """The network heals: no more faults, every phone back on a channel (an old host still
        away too, as a guest), time runs (its
        pings, resends and resyncs) until nothing is in flight and every phone is in step, or
        ``steps`` half-seconds have gone (the caller's assertions then say what differs)."""
        self.faults = Faults()
        self.come_back(all_of_them=True)
        for phone in self.phones.values():
            if not phone.up:
                self.open(phone)
        for n in range(steps):
            self.step(0.5)
            if n >= 3 and self.quiet() and self.in_step():
                return

    # ---------- the evening ----------
    def start(self, rules: Any, seed: int) -> Any:
        if self.game == "snyd":
            self.host = HostTable.from_lobby(self.room, rules, seed=seed, fair=True)
        else:
            self.host = HostGameTable.from_lobby(self.room, rules, seed=seed, fair=True)
        self.hosts.append(self.host)
        return self.host

    @property
    def host_name(self) -> str:
        """Whose phone holds the table now (the first host's, or an heir's)."""
        return self.room.host_seat().player

    def lose_host(self, back_after: int, stale: bool = False,
                  muted: bool = False) -> dict[str, Any] | None:
        """The host's phone vanishes (closed, battery, network): every channel drops and every
        frame in flight is lost; the heir every connected phone names from its own copy of the
        record (``succession.next_host``) carries the table on from ITS copy (which may lag
        what the old host last sent), every other phone that was connected says hello to the
        new room with its token, and ``back_after`` steps later the old host's phone comes back
        as a guest (``come_back``). None (nothing happens) if no connected phone holds a whole
        record. Returns what the checks need: the old host, the heir, the old host's log as
        public entries and the part of it the heir's record held, the new host.

        A phone can carry the table on only from a whole record (one that is not is passed
        over, as the app's Watch passes over an heir that never opens its room). Two cases are
        their own step kinds: ``stale``, a copy of an earlier host's record (the current host
        lost before its first record reached the phones), and ``muted``, at Bakke and Treere
        an heir the fair table holds for the game."""
        up = {name for name, p in self.phones.items() if p.up}
        able = {name for name in up if self.phones[name].table.guest.record.whole
                and (stale or self.phones[name].table.guest.record.epoch == self.room.epoch)}
        named = {succession.next_host(self.phones[name].table.guest.record.state, able)
                 for name in able}
        if not named or None in named:
            return None
        assert len(named) == 1, f"the phones name different heirs: {named}"
        heir_name = named.pop()
        heir = self.phones[heir_name]
        old_name, old_token = self.host_name, self.room.host_seat().token
        record = heir.table.guest.record
        fair = record.state.get("fair") or {}
        if not muted and "muted" in fair and heir_name in fair["muted"][1]:
            return None
        by = next(h for h in reversed(self.hosts) if h.room.epoch == record.epoch)
        self.stats["lost_in_flight"] += len(self.flight)
        self.flight = []
        for phone in self.phones.values():
            if phone.up:
                self.room.disconnect(phone.channel)
                phone.table.detach()
                self._open.pop(phone.channel, None)
                phone.up = False
        held = len(record.log)
        voided = succession._voided(record)
        new = succession.take_over(record, heir_name, heir.table.guest.token, LINK,
                                   clock=self.clock)
        self.host, self.room = new, new.room
        self.hosts.append(new)
        self._reveals = (0, 0)
        del self.phones[heir_name]  # its page is the host's screen now
        for name in sorted(up - {heir_name}):
            self.open(self.phones[name])
        self.coming_back.append((self.now_step + back_after, old_name, old_token))
        self.stats["host_losses"] += 1
        self.stats["hand_overs"] += 1
        self.stats["record_lag"] += len(by.table.log) - held
        done = {"old": old_name, "heir": heir_name, "old_log": [
            succession.public_entry(e) for e in by.table.log], "held": held,
            "record": list(record.log), "voided": voided, "host": new}
        self.hand_overs.append(done)
        return done

    def come_back(self, all_of_them: bool = False) -> None:
        """Old hosts whose time has come open their page again: a guest by the host seat's
        token, on the room of whoever holds the table now."""
        due = [c for c in self.coming_back if all_of_them or c[0] <= self.now_step]
        self.coming_back = [c for c in self.coming_back if c not in due]
        for _, name, token in due:
            phone = Phone(name, GuestTable(name, token, clock=self.clock))
            self.phones[name] = phone
            self.all_phones.append(phone)
            self.open(phone)
            self.stats["old_hosts_back"] += 1

    def finished(self) -> bool:
        """The evening's game is decided: Snyd's lost completely, Bakke's game or Treere's pot."""
        if self.game == "snyd":
            return any(e["type"] == "lost_completely" for e in self.host.table.events)
        v = self.host.table.view(None, events_from=len(self.host.table.events))
        return v["phase"] == "over" or v["game_no"] > 1

    def move(self, rng: random.Random) -> str:
        """Whoever has the turn acts, from their own phone and its own view: the host on its
        screen (its own move, a regular's, the next round or game), a guest through frames. A
        guest whose phone does not show its turn (yet) does nothing: time will tell."""
        if self.game == "snyd":
            return self._move_snyd(rng)
        return self._move_game(rng)

    def _move_snyd(self, rng: random.Random) -> str:
        h = self.host
        step = h.next_step()
        kind = step["kind"]
        if kind in ("reveal", "game_over"):
            h.next_round()
        elif kind == "human":
            h.act(snyd_choose(h.view(), rng))
        elif kind == "regular":
            h.play_regular()
        elif kind == "remote":
            return self._guest_moves(step["player"], rng)
        else:
            return "wait"  # dealing, opening: the phones are answering
        return kind

    def _move_game(self, rng: random.Random) -> str:
        h = self.host
        if h._throw is not None:
            return "wait"  # a throw's exchange waits for the phones
        v = h.table.view(None, events_from=len(h.table.events))
        if v["phase"] == "over":
            h.new_game()
            return "new_game"
        if v["turn"] == self.host_name:
            h.act(self.host_name, game_choose(h.view(), rng))
            return "human"
        if h.regular_due():
            h.play_regular()
            return "regular"
        return self._guest_moves(v["turn"], rng)

    def _guest_moves(self, player: str, rng: random.Random) -> str:
        phone = self.phones.get(player)
        if phone is None or not phone.up or phone.table.guest.pending is not None:
            return "wait"
        try:
            if self.game == "snyd":
                if phone.table.next_step() != {"kind": "human", "player": player}:
                    return "wait"
                phone.table.act(snyd_choose(phone.table.view(), rng))
            else:
                g = phone.game
                if g is None or g.view()["turn"] != player or not g.view().get("legal"):
                    return "wait"
                g.act(player, game_choose(g.view(), rng))
        except IllegalAction:
            self.stats["refused_on_phone"] += 1  # its own view says not now (a fair exchange)
            return "wait"
        return "guest"
