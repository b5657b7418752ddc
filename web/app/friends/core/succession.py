"""The table outlives its host (issue 20; docs/protocol.md "The table outlives its host").

At a fair table no secret lives only on the host's phone, so any phone can carry the table on.
Every guest keeps a copy of the table's public record (the host's save, every secret taken
out), sent along with its updates; when the host's phone is gone, the next connected person
in seat order builds a host's table from that copy and the others sit down at it again.

- ``public_entry`` / ``public_state``: what the record holds of the host's log and save. Out:
  the seat tokens (their SHA-256 stays, so the new host knows each phone by its token without
  being able to say it), the transport's keys, the fair secrets of the seats the host held,
  the cups the host knew of a round not yet revealed (a ``fair_deal``'s ``known``: the
  host's own and the regulars'), the seeds (the regulars' and stand-ins' choices would follow
  from them) and the regulars' memory (a regular's dice behind a cup locked by S40).
- ``RecordCopy``: a guest's copy, put together from ``record`` frames (pages of log entries,
  then the state); a gap is asked for again (``have``), a stale or duplicated frame ignored, a
  frame of an older host (epoch) refused.
- ``next_host``: who carries the table on: the first person after the gone host in seat order
  whose phone was connected (every phone computes the same from the same lobby).
- ``adopt``: the copy as a save that phone's host table loads (``HostTable.from_dict``,
  ``HostGameTable.from_dict``): its seat is the host's now, the old host's a guest's (known by
  its token's hash), one epoch more, fresh seeds. A Snyd round open at the hand-over (cups
  dealt, not yet lifted) is dealt again: the old host's and the regulars' cups left with the old
  phone (docs/rules-decisions.md); an exchange under way starts again, at once (``take_over``).
"""
from __future__ import annotations

import copy
import secrets
import time
from collections.abc import Callable
from typing import Any

from app.friends.core.protocol import EVENTS_MAX, encode
from app.table import games

from engine.dice import Dice

# A gone host's seat-order successor waits this long before it carries the table on (a host
# whose page reloads, or whose network blinks, is back well within it).
GRACE_S = 5.0
# The fair exchanges' numbers a new host skips (adopt): more than an old host can run ahead of
# the record a guest holds (each exchange needs every connected phone's answer).
NUMBERS_SKIPPED = 1000


OPEN_KEY = "open"  # an open table's entry in the host table's link (share_screen.OPEN_LINK_KEY)


def public_entry(entry: dict[str, Any]) -> dict[str, Any]:
    """A log entry as the record keeps it."""
    kind = entry.get("type")
    if kind == "fair_deal":
        return {**entry, "known": {}}  # the host's and the regulars' cups of that round
    if kind == "start" and "seed" in entry:
        # A fair table makes no die from the seed; the regulars' choices would follow from it.
        # Snyd draws who opens the evening from it: that player, named instead.
        first = entry.get("first")
        if first is None and "dice" not in entry and isinstance(entry.get("players"), list):
            first = Dice(entry["seed"]).choose(entry["players"])
        return {**entry, "seed": 0, "first": first}
    return entry


def public_state(save: dict[str, Any]) -> dict[str, Any]:
    """The host's save without its log and without any secret (the module's docstring)."""
    state = copy.deepcopy({k: v for k, v in save.items() if k != "log"})
    link = save.get("link")
    # The transport's keys stay on the host's phone; an open table's listing (rule set text,
    # seats, regulars: share_screen's "open" entry) is public, and the next host lists again.
    kept = {OPEN_KEY: link[OPEN_KEY]} if (isinstance(link, dict)
                                          and isinstance(link.get(OPEN_KEY), str)) else {}
    state["seed"], state["link"], state["memory"] = 0, kept, {}
    room = state.get("room")
    if isinstance(room, dict):
        for seat in room.get("seats", []):
            token = seat.get("token")
            if token is not None:
                from app.friends.core.host import token_hash  # host.py imports this module
                seat["token_hash"] = token_hash(token)
            seat["token"] = None
    fair = state.get("fair")
    if isinstance(fair, dict) and "secrets" in fair:
        fair["secrets"] = {}
    return state


class RecordCopy:
    """A guest's copy of the table's public record."""

    def __init__(self) -> None:
        self.epoch = 0
        self.log: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None  # None until the first whole record
        self.refused = 0  # frames of an older host (epoch) than this copy's
        # The least epoch a host this phone follows or becomes may have: above the copy's
        # once the phone followed a newer host whose record has not come yet.
        self.floor = 0
        self._n = 0

    def apply(self, msg: dict[str, Any]) -> list[str]:
        """One validated ``record`` frame; the frames to send back (a ``have`` on a gap). A
        frame of an older host than this copy's is refused (counted in ``refused``)."""
        if msg["epoch"] < self.epoch:
            self.refused += 1
            return []
        if msg["epoch"] > self.epoch:  # the table moved: the new host's record from scratch
            self.epoch, self.log, self.state, self._n = msg["epoch"], [], None, 0
        if msg["n"] <= self._n:
            return []  # a duplicate, or a late frame of what newer ones carried
        gap = msg["n"] != self._n + 1  # a frame missed: its state's changes with it
        self._n = msg["n"]
        base, entries = msg["base"], msg["log"]
        if gap or base > len(self.log):
            return [encode("have", epoch=self.epoch, log=len(self.log))]
        fresh = entries[len(self.log) - base:]
        if len(self.log) + len(fresh) > EVENTS_MAX:  # a host's record past any evening's
            self.refused += 1
            return []
        self.log.extend(fresh)  # the log only grows
        if msg["state"] is not None:  # the fields that changed (all of them, the first time)
            self.state = {**(self.state or {}), **msg["state"]}
        return []

    def restart(self) -> None:
        """A new channel (the host's ``welcome``): its record frames count from 1 again, the
        log from entry 0 and the whole state (what the copy holds stays meanwhile)."""
        self._n = 0

    @property
    def whole(self) -> bool:
        """A record a phone can carry the table on from."""
        return self.state is not None and bool(self.log)


def seat_order(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The record's room seats, in seat order."""
    room = state.get("room") if isinstance(state, dict) else None
    return list(room.get("seats", [])) if isinstance(room, dict) else []


def host_of(state: dict[str, Any]) -> str | None:
    return next((s.get("player") for s in seat_order(state) if s.get("kind") == "host"), None)


def next_host(state: dict[str, Any], connected: set[str]) -> str | None:
    """The person who carries the table on when its host is gone: the first seat after the
    host's in seat order (round the table) that is a guest's, seated, and in ``connected``
    (the phones the lobby last showed as connected). None if there is nobody."""
    seats = seat_order(state)
    at = next((i for i, s in enumerate(seats) if s.get("kind") == "host"), None)
    if at is None:
        return None
    for s in seats[at + 1:] + seats[:at]:
        if s.get("kind") == "guest" and not s.get("waiting") and s.get("player") in connected:
            return s["player"]
    return None


def successor_room(state: dict[str, Any], player: str) -> str | None:
    """The room ``player``'s phone said it would open (its hello's ``next``)."""
    return next((s.get("next") for s in seat_order(state) if s.get("player") == player), None)


def adopt(record: RecordCopy, me: str, token: str, link: dict[str, str]) -> dict[str, Any]:
    """The record as the save of ``me``'s host table: ``me`` hosts (its seat ``token`` kept for
    its own seat), the old host sits as a guest, one epoch more, the transport's ``link``,
    fresh seeds; a Snyd round open at the hand-over is dealt again, an exchange under way
    starts again. ValueError if the record cannot carry a table (the host table's from_dict
    checks the rest)."""
    if not record.whole:
        raise ValueError("the record is not whole")
    save = copy.deepcopy(record.state)
    log = copy.deepcopy(record.log)
    old = host_of(save)
    if old is None or old == me:
        raise ValueError("the record names no other host")
    if not any(s.get("name") == me and s.get("kind") == "guest" for s in save["seats"]):
        raise ValueError("this phone's seat is not a guest's at that table")
    for seat in save["seats"]:
        if seat.get("name") == me:
            seat["kind"] = "human"
        elif seat.get("kind") == "human":
            seat["kind"] = "guest"
    room = save["room"]
    # One more than any host this phone knew of: its copy may still be an earlier host's (the
    # table moved on again before the newer host's first record reached it).
    room["epoch"] = max(int(room.get("epoch", 0)), record.floor) + 1
    for seat in room["seats"]:
        if seat.get("player") == me:
            seat.update(kind="host", token=token, token_hash=None, next=None)
        elif seat.get("kind") == "host":
            seat["kind"] = "guest"
    listed = save.get("link", {}).get(OPEN_KEY) if isinstance(save.get("link"), dict) else None
    link = {**link, OPEN_KEY: listed} if isinstance(listed, str) else dict(link)
    save.update(seed=secrets.randbelow(2**63), link=link, holder=me, handoff_to=None)
    save["handed"] = [p for p in save.get("handed", []) if p != me]
    missed = save.get("missed")  # an open table's missed turns (host_seats.MissedTurns)
    if isinstance(missed, dict):  # the host has no missed turns: its seat is no guest's now
        if isinstance(missed.get("misses"), dict):
            missed["misses"].pop(me, None)
        if isinstance(missed.get("handed"), list):
            missed["handed"] = [p for p in missed["handed"] if p != me]
    fair = save.get("fair")
    muted = fair.get("muted") if isinstance(fair, dict) else None
    if isinstance(muted, list) and len(muted) == 2 and isinstance(muted[1], list):
        muted[1] = [p for p in muted[1] if p != me]  # Bakke's, Treere's: the host holds no one's
    if isinstance(fair, dict) and type(fair.get("no")) is int:
        # The record may lag what the old host last sent (its last frames lost with it): a
        # guest may have taken part in an exchange numbered past the record's. The new host
        # numbers its exchanges after a gap, so no number comes twice: the wire's, and at Bakke
        # and Treere the game's exchange number in each RoundId ("last").
        fair["no"] += NUMBERS_SKIPPED
        last = fair.get("last")
        if isinstance(last, list) and len(last) == 2 and type(last[1]) is int:
            fair["last"] = [last[0], last[1] + NUMBERS_SKIPPED]
    if isinstance(fair, dict) and "secrets" in fair:  # Snyd's
        log = _void_open_round(log, fair)
    save["log"] = log
    return save


def _void_open_round(log: list[dict[str, Any]], fair: dict[str, Any]) -> list[dict[str, Any]]:
    """A Snyd round not yet lifted is dealt again (its cups were made with secrets that left
    with the old host): the log up to that round's deal, and no fair round under way."""
    if fair.get("step") in ("dealt", "key"):
        at = max(i for i, e in enumerate(log) if e.get("type") == "fair_deal")
        log = log[:at]
    if fair.get("step") != "done":
        fair.update(record=None, step=None, held=[], bad={}, call=None)
    fair["secrets"] = {}
    fair["held"] = []
    return log


def take_over(record: RecordCopy, me: str, token: str, link: dict[str, str],
              clock: Callable[[], float] = time.monotonic) -> Any:
    """``me``'s phone carries the table on: the game's host table (the registry's
    ``host_table``) from ``adopt``. ValueError or CorruptSave if the record cannot carry it."""
    save = adopt(record, me, token, link)
    host_table = games.load(games.get(save["room"]["game"]).host_table)
    table = host_table.from_dict(save, clock=clock)
    old = host_of(record.state)
    for seat in table.room.seats:
        if seat.player == old:  # its phone is gone (that is why we are here): no one waits for it
            seat.connection, seat.since = "away", clock()
    table.absences.reset(table.room)
    if _deal_asked(record) and table.next_step()["kind"] in ("reveal", "game_over"):
        # The old host had tapped *Næste runde* (or *Nyt spil*): the deal is asked for again
        # at once, not left for this phone to tap a second time (the verdict was read).
        table.next_round()
    return table


def _fair_step(record: RecordCopy) -> str | None:
    """The step of the fair round in the record of a Snyd table (None: none, or another game)."""
    fair = record.state.get("fair") if record.state else None
    return fair.get("step") if isinstance(fair, dict) and "secrets" in fair else None


def _voided(record: RecordCopy) -> bool:
    """A Snyd round was open in the record (dealt, or its cups being opened): ``adopt`` voids it."""
    return _fair_step(record) in ("dealt", "key")


def _deal_asked(record: RecordCopy) -> bool:
    """The record's Snyd table had asked for a deal: its phones were still making the cups
    (commit, share), or the round was dealt and not yet lifted (dealt, key: ``_voided``)."""
    return _fair_step(record) in ("commit", "share", "dealt", "key")


class Watch:
    """A guest's phone watching its host (the join screen ticks it): once the relay has said
    the host is gone for ``grace`` seconds, who carries the table on (``next_host``, with the
    phones the lobby last showed connected): ``("host", me, None)`` when it is this phone, else
    ``("follow", heir, room)``: sit down at the heir's room. A candidate that never opened its
    room is passed over a grace later (the next in seat order); a host back in time is kept."""

    def __init__(self, me: str, grace: float = GRACE_S) -> None:
        self.me = me
        self.grace = grace
        self.gone_since: float | None = None
        self.tried: set[str] = set()   # heirs followed that never answered
        self.following: str | None = None

    def tick(self, now: float, host_present: bool, record: RecordCopy,
             seats: list[dict[str, Any]]) -> tuple[str, str, str | None] | None:
        if host_present:
            self.gone_since, self.tried = None, set()
            return None
        if self.gone_since is None:
            self.gone_since = now
            return None
        if now - self.gone_since < self.grace or not record.whole:
            return None
        old = self.following or host_of(record.state)
        connected = {s.get("player") for s in seats if s.get("connection") == "connected"}
        heir = next_host(record.state, (connected | {self.me}) - self.tried - {old})
        if heir is None:
            return None
        self.gone_since = now  # the next candidate, a grace later, should this one not answer
        if heir == self.me:
            return ("host", heir, None)
        self.tried.add(heir)
        self.following = heir
        record.floor = max(record.floor, record.epoch + 1)  # that heir's table is a newer one
        return ("follow", heir, successor_room(record.state, heir))
