"""In-memory wiring for the peer table controllers: one HostTable, GuestTables on fake channels.

Frames queue in both directions until ``pump()``, so nothing recurses and a test can look at
the network between steps. Every frame a guest receives is recorded with the host's dice at
that moment (the privacy checks compare against them).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from app.friends.core.host import HostRoom
from app.friends.guest_table import GuestTable
from app.friends.host_table import HostTable
from peer_net import Clock, Sent, choose

from engine.snyd import Rules


@dataclass
class Phone:
    table: GuestTable
    channel: str = ""
    inbox: list[str] = field(default_factory=list)
    received: list[Sent] = field(default_factory=list)  # with the host's cups at that moment
    revealed: list[int] = field(default_factory=list)   # reveals on the host's table by then
    up: bool = False


@dataclass
class Heard:
    """One frame the host received, with its table's state at that moment (fair dice: the
    round's number and step, and the cups the host's engine table knew)."""
    channel: str
    text: str
    fair_no: int
    step: str | None
    hands: dict[str, list[int]]
    held: list[str] = field(default_factory=list)  # guests' seats whose cups the host drew


class Wire:
    def __init__(self, host: str = "Vært") -> None:
        self.clock = Clock()
        self.room = HostRoom(host, clock=self.clock)
        self.host: HostTable | None = None
        self.phones: dict[str, Phone] = {}
        self.to_host: list[tuple[str, str]] = []
        self.heard: list[Heard] = []  # every frame the host received, in order
        self._n = 0

    # --- channels ---
    def join(self, name: str, token: str | None = None) -> Phone:
        phone = self.phones.get(name) or Phone(GuestTable(name, token, clock=self.clock))
        self.phones[name] = phone
        self.open(phone)
        return phone

    def open(self, phone: Phone) -> None:
        self._n += 1
        phone.channel, phone.up = f"ch{self._n}", True
        channel = phone.channel
        assert self.room.connect(channel, lambda text: self._down(phone, channel, text))
        phone.table.attach(lambda text: self.to_host.append((channel, text)))
        self.pump()

    def drop(self, phone: Phone) -> None:
        """The phone's channel closes (context closed, network gone)."""
        self.room.disconnect(phone.channel)
        phone.table.detach()
        phone.up = False
        phone.inbox.clear()

    def _down(self, phone: Phone, channel: str, text: str) -> None:
        if phone.up and phone.channel == channel:
            # the room's table: set before the first update goes out (HostTable.from_lobby)
            table = self.room.table.table if self.room.table is not None else None
            phone.received.append(Sent(text, table.phase if table else None,
                                       {p: list(h) for p, h in table.hands.items()} if table else {}))
            phone.revealed.append(sum(e["type"] == "reveal" for e in table.events) if table else 0)
            phone.inbox.append(text)

    def pump(self) -> None:
        for _ in range(10_000):
            if self.to_host:
                batch, self.to_host = self.to_host, []
                for channel, text in batch:
                    self._record(channel, text)
                    self.room.receive(channel, text)
                continue
            busy = [p for p in self.phones.values() if p.inbox]
            if not busy:
                return
            for p in busy:
                frames, p.inbox = p.inbox, []
                for text in frames:
                    p.table.receive(text)
        raise AssertionError("the network never went quiet")

    def _record(self, channel: str, text: str) -> None:
        h = self.host
        table = h.table if h is not None else None
        self.heard.append(Heard(channel, text, getattr(h, "_fair_no", 0),
                                getattr(h, "_fair_step", None),
                                _cups(table), list(getattr(h, "_held", []))))

    # --- the evening ---
    def start(self, rules: Rules, seed: int, **options: Any) -> HostTable:
        self.host = HostTable.from_lobby(self.room, rules, seed=seed, **options)
        self.pump()
        return self.host

    def rebind(self, host: HostTable) -> None:
        """The host's phone reloaded: a restored HostTable with a fresh room."""
        self.host, self.room = host, host.room

    def tick(self, seconds: float) -> None:
        """Time passes: every device's tick (the screens call it every 200 ms)."""
        self.clock.now += seconds
        self.host.tick()
        for p in self.phones.values():
            p.table.tick()
        self.pump()

    def move(self, rng: random.Random) -> str:
        """Whoever has the turn acts from their own device (deals by the host's Næste runde)."""
        h = self.host
        self.clock.now += 0.5  # people take a moment per move (and the room bounds the rate)
        step = h.next_step()
        if step["kind"] in ("dealing", "opening"):  # fair dice: the phones are answering
            self.tick(1.0)
        elif step["kind"] in ("reveal", "game_over"):
            h.next_round()
            if getattr(h, "_fair_step", None) in ("commit", "share"):
                self.tick(1.0)  # fair dice: a phone has not answered yet (the grace runs)
        elif step["kind"] == "human":
            h.act(choose(h.view(), rng))
        elif step["kind"] == "regular":
            h.play_regular()
        else:
            phone = self.phones[step["player"]]
            assert phone.table.next_step() == {"kind": "human", "player": step["player"]}
            phone.table.act(choose(phone.table.view(), rng))
        self.pump()
        return step["kind"]


def _cups(table: Any) -> dict[str, list[int]]:
    """The cups a Snyd engine table knows now (other games: none)."""
    hands = getattr(table, "hands", None)
    if not isinstance(hands, dict):
        return {}
    return {p: list(c) for p, c in hands.items() if isinstance(c, list)}


def secret_of(view: dict[str, Any]) -> Any:
    return view.get("my_dice")
