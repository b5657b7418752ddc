"""The host's cost of one change after a long evening: full views vs ``view(seat, events_from=n)``.

    python bench/peer_host.py [--games 200] [--changes 40] [--seed 1] [--only snyd,bakke,treere]
                              [--pyodide]

For each game (Snyd, Bakke, Treere) an 8-seat evening of ``--games`` games is played with random
legal moves (seeded; every game bounded in moves), then handed to a ``HostRoom`` with 7 guest
channels attached. Each guest is a ``Phone``: it validates every frame as a guest's phone does
and acks the events it holds, but keeps only their count (a phone's copy of the evening lives
on the phone: held here, it would make the host's garbage collector walk 7 more evenings and
inflate both figures). Then ``--changes`` more changes are made, one at a time: a guest's
move arriving as a frame (``room.receive``), or the host's own (its move, a deal, the next
game) followed by ``table_changed()``; each is timed from the call until every guest's frames
are built and handed to its channel (the guests read them afterwards, untimed). The changes
alternate between the two ways the host can ask the engine for each guest's view:

- before: ``table.view(seat)``, the whole evening's events copied for every guest;
- after:  ``table.view(seat, events_from=n)`` from the count the guest needs (what the host
  does, docs/protocol.md "Sequence numbers").

Prints per game the evening's size, the median / p90 / max ms of one change per way, the bytes
sent per change, and the engine alone: one full ``view()`` and one from near the end. For
Bakke and Treere also ``HostGameTable.tick()`` (every second or so, whatever happens) at that
evening, before (a whole ``view(None)`` for each read of phase and turn) and after (the fields
only). No asserts: figures only (docs/performance.md, "Host"). Target (issue 16): a change after 200
games at 8 seats ≤ 20 ms in CPython for 7 guests.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import deque
from pathlib import Path
from types import SimpleNamespace
from typing import Any

try:
    ROOT = Path(__file__).resolve().parent.parent
    sys.path[:0] = [str(ROOT), str(ROOT / "web")]
except NameError:  # this source run inside Pyodide (--pyodide): engine/ and app/ are unpacked
    ROOT = Path(".")

from app.friends.core.host import HostRoom
from app.friends.core.host_seats import RoomTable, SaidRoomTable
from app.friends.core.protocol import decode_from_host, encode
from app.friends.game_host import HostGameTable

from engine import bakke, snyd, treere

HOST = "Vært"
GUESTS = ["Mette", "Henning", "Bent", "Lis", "Ole", "Kaj", "Inge"]
SEATS = [HOST, *GUESTS]
MOVES_PER_GAME = 20_000  # a bound: no random game runs this long (Snyd at 8 seats: ~500)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Shim:
    """What RoomTable / SaidRoomTable read of the host's table controller: the engine table,
    the table talk (none here) and the door for a guest's action."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.said: deque[dict[str, Any]] = deque()
        self.absences = SimpleNamespace(handed=set())  # no seat handed to a stand-in

    def guest_act(self, player: str, action: dict[str, Any]) -> Any:
        return self.table.act(player, action)


class Phone:
    """A guest's phone as its host sees it: hello, its moves, and an ack after each complete
    update (``GuestSession`` does the same, and also assembles the view)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.held = 0      # events this phone holds
        self.gaps = 0      # updates that started past what it held (none expected)
        self._act_id = 0

    def hello(self) -> str:
        return encode("hello", name=self.name, token=None)

    def act(self, action: dict[str, Any]) -> str:
        self._act_id += 1
        return encode("act", id=self._act_id, action=action)

    def receive(self, text: str) -> list[str]:
        msg = decode_from_host(text)  # as a phone: validated, whatever it is
        if msg["t"] != "update":
            return []
        if msg["base"] > self.held:
            self.gaps += 1
            return [encode("resync", seq=msg["seq"])]
        self.held = msg["base"] + len(msg["events"])
        return [] if msg["more"] else [encode("ack", seq=msg["seq"], events=self.held)]


class FullViews:
    """The room's table as the host used it before events_from: every view whole."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.full = False  # switched per change by the bench

    @property
    def players(self) -> list[str]:
        return self.inner.players

    def view(self, player: str, events_from: int | None = None) -> dict[str, Any]:
        if self.full or events_from is None:
            return self.inner.view(player)
        return self.inner.view(player, events_from=events_from)

    def act(self, player: str, action: Any) -> Any:
        return self.inner.act(player, action)


# --- random legal play ------------------------------------------------------------------------

def new_table(game: str, seed: int) -> Any:
    if game == "snyd":
        return snyd.Table(SEATS, snyd.Rules(), seed=seed, first=HOST)
    if game == "bakke":
        return bakke.Table(SEATS, bakke.Rules(), seed=seed)
    return treere.Table(SEATS, seed=seed)


def next_move(game: str, t: Any, rng: random.Random) -> tuple[str | None, dict[str, Any] | None]:
    """(player, action) of a random legal move, or (None, None) for the host's step between
    rounds and games (a deal, the next game)."""
    if game == "snyd":
        if t.phase != "bidding":
            return None, None
        options = snyd.raises(t.current_bid, t.rules, t.cap)
        if t.current_bid is not None and (not options or rng.random() < 0.3):
            return t.turn, {"type": "call"}
        bid = rng.choice(options[:8])
        return t.turn, {"type": "bid", "quantity": bid.quantity, "face": bid.face}
    if t.phase == "over":
        return None, None
    if game == "bakke":
        kinds = [k for k in t.legal(t.turn) if k not in ("fejl", "new_game")]
        return t.turn, {"type": rng.choice(kinds)}
    if not t.rolled:
        return t.turn, {"type": "roll"}
    n = len(t.rolled)
    return t.turn, {"type": "keep", "dice": rng.sample(range(n), rng.randint(1, n))}


def host_step(game: str, t: Any) -> None:
    """Between rounds and games the host's phone deals (Snyd) or starts the next game."""
    if game == "snyd":
        t.deal()
    else:
        t.act(HOST, {"type": "new_game"})


def play_evening(game: str, games: int, seed: int) -> Any:
    rng = random.Random(seed)
    t = new_table(game, seed)
    if game == "snyd":
        t.deal()
    while t.game_no <= games:
        for _ in range(MOVES_PER_GAME):
            player, action = next_move(game, t, rng)
            if player is None:
                break
            t.act(player, action)
        else:
            raise RuntimeError(f"a {game} game ran past {MOVES_PER_GAME} moves")
        if t.game_no == games and (game != "snyd" or t.phase == "game_over"):
            break
        host_step(game, t)
    return t


# --- the room -----------------------------------------------------------------------------------

class Evening:
    """A HostRoom at ``table`` with 7 guest phones on in-memory channels."""

    def __init__(self, game: str, table: Any) -> None:
        self.game, self.table, self.clock = game, table, Clock()
        self.room = HostRoom(HOST, clock=self.clock, game=game)
        self.inbox: dict[str, list[str]] = {}
        self.guests: dict[str, Phone] = {}
        for i, name in enumerate(GUESTS):
            channel = f"ch{i}"
            self.inbox[channel] = []
            self.guests[channel] = Phone(name)
            self.room.connect(channel, self.inbox[channel].append)
            self.room.receive(channel, self.guests[channel].hello())
        self.channel_of = {g.name: ch for ch, g in self.guests.items()}
        self.deliver()
        adapter = (RoomTable if game == "snyd" else SaidRoomTable)(Shim(table))
        self.tables = FullViews(adapter)
        self.room.start(self.tables)
        self.deliver()
        self.sent = 0  # bytes handed to the guests' channels by the last change

    def deliver(self) -> None:
        """Every guest reads its frames; its replies (acks) go to the host."""
        for _ in range(3):  # a reply may bring an answer (a resync's pages)
            moved = False
            for channel, guest in self.guests.items():
                texts, self.inbox[channel][:] = list(self.inbox[channel]), []
                for text in texts:
                    moved = True
                    for reply in guest.receive(text):
                        self.room.receive(channel, reply)
            if not moved:
                return

    def change(self, rng: random.Random, full: bool) -> float:
        """One change, timed (seconds): from the move to every guest's frames built."""
        self.clock.now += 1.0  # a person's pace: the room's rate bound never bites
        self.tables.full = full
        player, action = next_move(self.game, self.table, rng)
        guest = self.guests.get(self.channel_of.get(player, ""))
        if guest is not None:
            frame = guest.act(action)
            start = time.perf_counter()
            self.room.receive(self.channel_of[player], frame)
        else:
            start = time.perf_counter()
            if player is None:
                host_step(self.game, self.table)
            else:
                self.table.act(player, action)
            self.room.table_changed()
        took = time.perf_counter() - start
        self.sent = sum(len(t) for box in self.inbox.values() for t in box)
        self.deliver()
        return took


def engine_view_ms(table: Any, runs: int = 5) -> tuple[float, float]:
    """One view of a guest's seat, whole and from 10 events before the end (median ms)."""
    def median_ms(call: Any) -> float:
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            call()
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times)
    n = max(0, len(table.events) - 10)
    return (median_ms(lambda: table.view(GUESTS[0])),
            median_ms(lambda: table.view(GUESTS[0], events_from=n)))


def tick_ms(game: str, table: Any, runs: int = 10) -> tuple[float, float]:
    """HostGameTable.tick() at ``table`` (median ms): as before (a whole view(None) per read
    of the table's state) and as now (its fields only). Ticks stay within AUTO_DEAL_S, so
    the decided last game is not followed by a new one and the table does not change."""
    clock = Clock()
    room = HostRoom(HOST, clock=clock, game=game)
    for i, name in enumerate(GUESTS):
        room.connect(f"tick{i}", lambda _text: None)
        room.receive(f"tick{i}", Phone(name).hello())
    host = HostGameTable(game, [(HOST, "human")] + [(g, "guest") for g in GUESTS], _table=table)
    host._attach(room)
    room.start(host.adapter)
    now = host._table_state

    def median_ms() -> float:
        times = []
        for _ in range(runs):
            clock.now += 1.0
            start = time.perf_counter()
            host.tick()
            times.append((time.perf_counter() - start) * 1000)
        return statistics.median(times)
    host._table_state = lambda: table.view(None)  # type: ignore[method-assign]
    before = median_ms()
    host._table_state = now  # type: ignore[method-assign]
    return before, median_ms()


def p90(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(0.9 * len(values)))]


def run(game: str, games: int, changes: int, seed: int) -> str:
    """One game's figures, as lines of text."""
    out: list[str] = []
    start = time.perf_counter()
    table = play_evening(game, games, seed)
    built = time.perf_counter() - start
    size = len(table.events)  # the evening before the changes timed below
    full_view_ms, tail_view_ms = engine_view_ms(table)
    ticks = tick_ms(game, table) if game != "snyd" else None  # at the game just decided
    evening = Evening(game, table)
    rng = random.Random(seed + 1)
    times: dict[bool, list[float]] = {True: [], False: []}
    sent: dict[bool, list[int]] = {True: [], False: []}
    for i in range(2 * changes):
        full = i % 2 == 0  # alternate, so both ways see the same evening and the same load
        times[full].append(evening.change(rng, full) * 1000)
        sent[full].append(evening.sent)
    behind = [g.name for g in evening.guests.values()
              if g.held != len(table.events) or g.gaps]
    out.append(f"\n{game}: {games} games, 8 seats, {size:,} events "
               f"(played in {built:.2f} s); {changes} changes each way, alternating")
    out.append(f"  engine alone, one view: whole {full_view_ms:.1f} ms, "
               f"from 10 before the end {tail_view_ms:.3f} ms")
    for full, label in ((True, "before (full views)"), (False, "after (events_from)")):
        ms = times[full]
        out.append(f"  {label:20} median {statistics.median(ms):7.2f} ms   "
                   f"p90 {p90(ms):7.2f} ms   max {max(ms):7.2f} ms   "
                   f"{statistics.median(sent[full]):,.0f} bytes/change")
    whole = "yes" if not behind else "NO: " + ", ".join(behind)
    out.append(f"  every guest holds every event: {whole}")
    # The host's own screen builds its own view once per change (its session caches it per
    # state), outside the room: not in the figures above.
    out.append(f"  (the host's own screen view, whole, once per change: {full_view_ms:.1f} ms)")
    if ticks is not None:
        out.append(f"  HostGameTable.tick(): before {ticks[0]:.1f} ms, after {ticks[1]:.3f} ms")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--changes", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="snyd,bakke,treere")
    parser.add_argument("--pyodide", action="store_true",
                        help="run the same inside Pyodide in headless Chromium (a phone's engine)")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= 1000 or not 1 <= args.changes <= 1000:
        parser.error("--games 1..1000, --changes 1..1000")
    games = [g.strip() for g in args.only.split(",")]
    print(f"{'Pyodide' if args.pyodide else 'CPython ' + sys.version.split()[0]}, "
          f"{time.strftime('%Y-%m-%d %H:%M')}")
    if not args.pyodide:
        for game in games:
            print(run(game, args.games, args.changes, args.seed))
        return 0
    from pyodide_timing import pyodide_page

    from devtools import browser as bt
    with pyodide_page() as page:  # this very file, then run() per game on the same page
        bt.run_in_pyodide(page, Path(__file__).read_text(encoding="utf-8") + "\nNone")
        print("Pyodide's Python", bt.run_in_pyodide(page, "sys.version.split()[0]"))
        for game in games:
            print(bt.run_in_pyodide(page, f"run({game!r}, {args.games}, {args.changes}, "
                                          f"{args.seed})"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
