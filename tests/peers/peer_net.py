"""An in-memory network for the peer tests: one HostRoom over a real engine Table, guests on
fake channels, every frame recorded with what the host's table held when it was sent.

Frames to a guest wait in a queue until ``deliver()``, which can drop and reorder them
(seeded), so the tests can exercise resync. A guest's replies go straight to the host.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from app.friends.core.guest import GuestSession
from app.friends.core.host import HostRoom

from engine.snyd import Bid, Rules, Table, raises


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Sent:
    """One frame the host sent, with the table's secret state at that moment."""
    text: str
    phase: str | None
    hands: dict[str, list[int]]


@dataclass
class Link:
    """One guest phone and its channel."""
    guest: GuestSession
    channel: str
    queue: list[str] = field(default_factory=list)
    received: list[Sent] = field(default_factory=list)


class Net:
    def __init__(self, host: str = "Vært", rng_seed: int = 0) -> None:
        self.clock = Clock()
        self.room = HostRoom(host, clock=self.clock)
        self.host = host
        self.table: Table | None = None
        self.links: dict[str, Link] = {}   # by the guest's name as it joined (newest channel)
        self.all_links: list[Link] = []    # every channel ever opened, replaced ones too
        self.rng = random.Random(rng_seed)
        self._channels = 0

    # --- wiring ----------------------------------------------------------------------------------

    def open(self, name: str, token: str | None = None) -> Link:
        """A new channel for ``name``'s phone (a first visit or a reload) and its hello."""
        self._channels += 1
        channel = f"ch{self._channels}"
        link = Link(GuestSession(name, token, clock=self.clock), channel)
        assert self.room.connect(channel, lambda text, link=link: self._to_guest(link, text))
        self.links[name] = link
        self.all_links.append(link)
        self.room.receive(channel, link.guest.hello())
        self.deliver()
        return link

    def reconnect(self, link: Link) -> Link:
        """The same phone (same GuestSession) on a new channel: the old one dropped."""
        self.room.disconnect(link.channel)
        self._channels += 1
        new = Link(link.guest, f"ch{self._channels}")
        assert self.room.connect(new.channel, lambda text, new=new: self._to_guest(new, text))
        self.links[link.guest.name] = new
        self.all_links.append(new)
        self.room.receive(new.channel, new.guest.hello())
        self.deliver()
        return new

    def _to_guest(self, link: Link, text: str) -> None:
        table = self.table
        link.received.append(Sent(text, table.phase if table else None,
                                  {p: list(h) for p, h in table.hands.items()} if table else {}))
        link.queue.append(text)

    def send(self, link: Link, text: str) -> None:
        self.room.receive(link.channel, text)

    def deliver(self, drop: float = 0.0, reorder: float = 0.0) -> None:
        """Hand every queued frame to its guest (some dropped or swapped when asked)."""
        for _ in range(10_000):
            busy = [link for link in self.all_links if link.queue]
            if not busy:
                return
            for link in busy:
                frames, link.queue = link.queue, []
                if reorder and len(frames) > 1 and self.rng.random() < reorder:
                    i = self.rng.randrange(len(frames) - 1)
                    frames[i], frames[i + 1] = frames[i + 1], frames[i]
                for text in frames:
                    if drop and self.rng.random() < drop:
                        continue
                    for reply in link.guest.receive(text):
                        self.send(link, reply)
        raise AssertionError("the network never went quiet")

    def settle(self) -> None:
        """Reliable delivery plus the guests' timers (ping, resync) until all is quiet."""
        self.deliver()
        for _ in range(3):
            self.clock.now += 2.5
            for link in self.links.values():
                for text in link.guest.tick():
                    self.send(link, text)
            self.deliver()

    # --- the evening -----------------------------------------------------------------------------

    def start(self, rules: Rules, seed: int) -> Table:
        self.table = Table([s["player"] for s in self.room.lobby()], rules, seed=seed)
        self.table.deal()
        self.room.start(self.table)
        self.deliver()
        return self.table

    def link_of(self, player: str) -> Link:
        return next(link for link in self.links.values() if link.guest.seat == player)

    def move(self, rng: random.Random, drop: float = 0.0, reorder: float = 0.0,
             deliver: bool = True) -> None:
        """The player on turn acts: the host on its own phone, a guest through a frame."""
        table = self.table
        assert table is not None
        self.clock.now += 0.5  # people (and the regulars' pauses) take a moment per move
        if table.phase in ("reveal", "game_over"):
            table.deal()
            self.room.table_changed()
        else:
            player = table.turn
            if player == self.host:
                table.act(player, choose(table.view(player), rng))
                self.room.table_changed()
            else:
                link = self.link_of(player)
                view = link.guest.view()
                assert view is not None and view["turn"] == player
                self.send(link, link.guest.act(choose(view, rng)))
        if deliver:
            self.deliver(drop, reorder)


def choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A legal bid or call from a view alone (as a guest's screen would offer)."""
    rules = Rules.from_dict(view["rules"])
    current = view["current_bid"]
    bid = None if current is None else Bid(current["quantity"], current["face"])
    options = raises(bid, rules, view["max_quantity"])
    if view["can_call"] and (not options or rng.random() < 0.35):
        return {"type": "call"}
    pick = rng.choice(options[:6])
    return {"type": "bid", "quantity": pick.quantity, "face": pick.face}


def frames(link: Link) -> list[dict[str, Any]]:
    return [json.loads(s.text) for s in link.received]
