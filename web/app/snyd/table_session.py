"""The session controller of a Snyd table on one device.

It owns the engine `Table` and knows which seats are people at this device (pass-and-play)
and which are regulars. It decides whose view the device shows, when the phone must be
handed over ("Giv telefonen til Mette"), when a regular moves (a pause given as data, the
screen does the waiting), what the S41 clock does with times fed from outside, and how an
unfinished table is saved as JSON and restored through the table's log + replay.

Everything the screen shows comes from `table.view(seat)`; nothing here reads the table's
private state.
"""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app import lang
from app.lang import t
from app.saves.save_guard import (  # noqa: F401 - CorruptSave: this module's too
    MAX_DETAIL,
    MAX_TABLE_CHARS,
    CorruptSave,
    UnreadableSave,
    parse_bounded,
)
from app.shell.both_languages import both
from app.snyd.announcements import bid_words, lines_for, said
from app.snyd.table_setup import Seat, check_seats
from app.table.faults import MAX_FAULTS, FaultLog  # noqa: F401 - re-exported
from app.table.faults import RegularFault as SharedFault
from app.table.turn_clock import TurnClock

from engine.snyd import IllegalAction, Rules, Table

SAVE_FORMAT = "bodegabordet.snyd.table"
SAVE_VERSION = 1

# A regular's pause before acting, in ms at tempo 1.0: long enough to feel like a person
# weighing the bid, short enough not to bore. Later bids in a round take a little longer.
PAUSE_MIN_MS = 700
PAUSE_SPREAD_MS = 700
PAUSE_PER_BID_MS = 60

class RegularFault(SharedFault):
    """A regular that raised instead of playing: the clock's rule acted for it."""

    @property
    def line(self) -> str:
        """The short line at the table."""
        return said("snyd.fault", self.player)


@dataclass(frozen=True)
class News:
    """One public event, with what the table says about it."""
    event: dict
    lines: list[str] = field(default_factory=list)   # for the aria-live region / the felt
    bubble: tuple[str, str] | None = None             # (player, text) for a speech bubble


class Session(FaultLog):
    FAULT = RegularFault  # said in Snyd's words ("uret tog turen")
    # Seat kinds this controller can run; the host of a peer table adds "guest" (host_table.py).
    SEAT_KINDS: tuple[str, ...] = ("human", "regular")
    game = "snyd"   # not text: the game's key (games.get), as GameSession.game
    remote = False  # True for a guest's phone (friends/guest_table.py): the table is elsewhere
    deals = True    # this device deals the next round (False on a guest's phone)
    # Set by the screen: called when a peer table changed without a tap here (a guest's move
    # arrived, a regular covered an away seat); a one-phone table never calls it.
    on_change: Callable[[], None] | None = None

    def __init__(self, seats: list[Seat], rules: Rules, seed: int | None = None,
                 first: str | None = None, tempo: float = 1.0, _table: Table | None = None,
                 regular_factory: Callable[[str, int], Any] | None = None):
        # With a factory (tests), the factory decides which regulars exist.
        known = [s.name for s in seats if s.kind == "regular"] if regular_factory else None
        if any(s.kind not in self.SEAT_KINDS for s in seats):
            raise IllegalAction(both("snyd.error.guest_seat"))
        self.seats = check_seats(list(seats), known)
        self.rules = rules
        self.seed = seed if seed is not None else random.randrange(2**31)
        names = [s.name for s in self.seats]
        self.table = _table if _table is not None else Table(names, rules, seed=self.seed, first=first)
        self._view: tuple[tuple[int, str], dict] | None = None  # see view()
        self.humans = [s.name for s in self.seats if s.kind == "human"]
        self.regulars = self._make_regulars(regular_factory)
        self.holder = self.humans[0]          # the person holding the device now
        self.handoff_to: str | None = None    # set while "Giv telefonen til …" covers the table
        self.tempo = tempo
        self.clock = TurnClock(rules.time_limit) if rules.time_limit else None
        self._pause_rng = random.Random(self.seed ^ 0x5EED)
        self._pause: tuple[object, int] | None = None
        self.faults: list[RegularFault] = []  # regulars that crashed (newest last, bounded)
        self._faults_told = 0
        if self.view()["phase"] == "idle":
            self.table.deal()
        self.seen = len(self.view()["events"])  # news starts after what is already on the table
        self._update_handoff()

    # ---------- who is who ----------
    def _make_regulars(self, factory: Callable[[str, int], Any] | None) -> dict:
        """One regular per regular seat (engine.snyd.bots.regular unless a factory is given)."""
        if not any(s.kind == "regular" for s in self.seats):
            return {}
        if factory is None:
            from engine.snyd.bots import regular as factory
        return {s.name: factory(s.name, self.seed + i)
                for i, s in enumerate(self.seats) if s.kind == "regular"}

    def connections(self) -> dict[str, str]:
        """Each seat's connection at a peer table ("connected" | "reconnecting" | "away");
        empty at a one-phone table, where the screen shows no badges."""
        return {}

    def is_regular(self, name: str) -> bool:
        return name in self.regulars

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def view(self) -> dict:
        """What this device shows: the view of the person holding it.

        Built once per state: every change of the table adds an event, so (events, holder)
        says when it is stale. A redraw and the clock's ticks ask many times; callers only read.
        """
        key = (len(self.table.events), self.holder)
        if self._view is None or self._view[0] != key:
            self._view = (key, self.table.view(self.holder))
        return self._view[1]

    # ---------- the flow ----------
    def _update_handoff(self) -> None:
        v = self.view()
        turn = v["turn"]
        if (v["phase"] == "bidding" and turn in self.humans and turn != self.holder
                and self.handoff_to is None):
            self.handoff_to = turn

    def accept_handoff(self) -> str:
        """The next player has the phone: the table is theirs to see."""
        if self.handoff_to is None:
            raise IllegalAction(both("snyd.error.no_handoff"))
        self.holder, self.handoff_to = self.handoff_to, None
        return self.holder

    def can_peek(self) -> bool:
        """Only the holder may peek, and with several people at the device only on their turn."""
        if self.handoff_to is not None:
            return False
        v = self.view()
        if not v.get("can_peek"):
            return False
        return not self.pass_and_play or v["turn"] == self.holder

    def next_step(self) -> dict:
        """What the device waits for now, as data the screen acts on.

        {"kind": "handoff", "player"}       cover the table until `accept_handoff`
        {"kind": "human", "player"}         the holder's picker is live
        {"kind": "regular", "player", "delay_ms"}  call `play_regular` after the pause
        {"kind": "reveal"} / {"kind": "game_over"}  show the verdict; `next_round` goes on
        """
        if self.handoff_to is not None:
            return {"kind": "handoff", "player": self.handoff_to}
        v = self.view()
        if v["phase"] in ("reveal", "game_over"):
            return {"kind": v["phase"]}
        turn = v["turn"]
        if turn in self.regulars:
            return {"kind": "regular", "player": turn, "delay_ms": self._pause_for(v)}
        return {"kind": "human", "player": turn}

    def _turn_key(self, v: dict) -> tuple:
        return (v["game_no"], v["round_no"], len(v["bids"]), v["turn"])

    def _pause_for(self, v: dict) -> int:
        """The regular's pause for this turn, drawn once so repeated asks agree."""
        key = self._turn_key(v)
        if self._pause is None or self._pause[0] != key:
            ms = PAUSE_MIN_MS + self._pause_rng.random() * PAUSE_SPREAD_MS + PAUSE_PER_BID_MS * len(v["bids"])
            self._pause = (key, int(ms * self.tempo))
        return self._pause[1]

    def act(self, action: dict) -> None:
        """The holder's own action (bid or call). Illegal -> IllegalAction, nothing changes."""
        if self.handoff_to is not None:
            raise IllegalAction(both("snyd.error.handoff_first", name=self.handoff_to))
        v = self.view()
        if v["turn"] != self.holder:
            raise IllegalAction(both("snyd.error.not_your_turn"))
        if not isinstance(action, dict) or action.get("type") not in ("bid", "call"):
            raise IllegalAction(both("snyd.error.bid_or_call"))
        self.table.act(self.holder, action)
        self._update_handoff()

    def play_regular(self) -> dict:
        """The regular on turn decides from its own view and acts; returns its action."""
        v = self.view()
        name = v["turn"]
        if name not in self.regulars or v["phase"] != "bidding" or self.handoff_to is not None:
            raise IllegalAction(both("snyd.error.not_regular_turn"))
        bot_view = self.table.view(name)
        try:
            action = self.regulars[name].decide(bot_view)
            self.table.act(name, action)
        except Exception as exc:  # noqa: BLE001
            # A confused regular must not stop the evening: the clock's rule acts. But it is
            # a bug, so it is recorded (the screen warns in the console and says a line).
            self._record_fault(name, exc)
            action = {"type": "timeout"}
            self.table.act(name, action)
        self._update_handoff()
        return action

    def next_round(self) -> None:
        """After a reveal or a game's end: shake again (S2, S35)."""
        if self.view()["phase"] not in ("reveal", "game_over"):
            raise IllegalAction(both("snyd.error.round_not_over"))
        self.table.deal()
        self._update_handoff()

    # ---------- the clock (S41) ----------
    def tick(self, now: float) -> dict | None:
        """Feed the time (seconds); returns the clock's face, or None when no clock shows.

        The clock runs only while someone can act: not during a reveal, nor while the phone
        is being handed over (passing the phone must not eat the next player's time).
        At zero the engine's `timeout` acts for the player on turn.
        """
        if self.clock is None:
            return None
        v = self.view()
        if v["phase"] != "bidding" or self.handoff_to is not None:
            self.clock.stop()
            return None
        self.clock.start(self._turn_key(v), now)
        face = {"player": v["turn"], "seconds": self.clock.seconds_shown(now),
                "remaining": self.clock.remaining(now), "red": self.clock.is_red(now),
                "beep": self.clock.beep_due(now), "timed_out": None}
        if self.clock.expired(now):
            player = v["turn"]
            self.table.act(player, {"type": "timeout"})
            self.clock.stop()
            self._update_handoff()
            face["timed_out"] = player
        return face

    # ---------- what the table says ----------
    def bubble_text(self, event: dict) -> str | None:
        """A bid or call as said at the bidder's seat: table language for the regulars (S50)."""
        who = event.get("player")
        if event.get("type") not in ("bid", "call") or who is None:
            return None
        if who in self.regulars:
            try:
                line = self.regulars[who].say(event, self.table.view(who), lang=lang.language())
            except Exception as exc:  # a line is not worth stopping for, but it is a bug  # noqa: BLE001
                self._record_fault(who, exc)
                line = None
            if line:
                return line
            if event["type"] == "bid":
                from engine.snyd.speech import say_bid
                return say_bid({"quantity": event["quantity"], "face": event.get("face")}, lang=lang.language())
            return t("snyd.call_shout")
        if event["type"] == "bid":
            return bid_words(event["quantity"], event.get("face"))
        return t("snyd.call_shout")

    def remark(self, event: dict) -> tuple[str, str] | None:
        """A regular's own line on news about them (Viborg, a loss, a selvbinder …)."""
        who = event.get("player")
        if who not in self.regulars or event.get("type") in ("bid", "call"):
            return None
        try:
            line = self.regulars[who].say(event, self.table.view(who), lang=lang.language())
        except Exception as exc:  # noqa: BLE001
            self._record_fault(who, exc)
            return None
        return (who, line) if line else None

    def news(self) -> list[News]:
        """Public events since the last call, each with its lines and bubble."""
        v = self.view()
        events = v["events"][self.seen:]
        self.seen = len(v["events"])
        out = []
        for e, lines in zip(events, lines_for(events, v)):
            text = self.bubble_text(e)
            bubble = (e["player"], text) if text else self.remark(e)
            out.append(News(e, lines, bubble))
        return out

    # ---------- saving ----------
    def to_dict(self) -> dict:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION,
                "seats": [s.to_dict() for s in self.seats], "rules": self.rules.to_dict(),
                "seed": self.seed, "log": self.table.log, "holder": self.holder,
                "handoff_to": self.handoff_to, "tempo": self.tempo,
                # what each regular remembers (its dice behind a cup locked by S40)
                "memory": {n: r.memory() for n, r in self.regulars.items() if hasattr(r, "memory")}}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    @classmethod
    def from_dict(cls, d: object, regular_factory: Callable[[str, int], Any] | None = None) -> Session:
        """Rebuild a saved table by replaying its log; any flaw -> CorruptSave."""
        try:
            if not isinstance(d, dict) or d.get("format") != SAVE_FORMAT:
                raise ValueError("not a saved Snyd table")
            if d.get("version") != SAVE_VERSION:
                raise ValueError(f"unknown version {d.get('version')!r}")
            seats = [Seat.from_dict(_seat(s)) for s in _list(d["seats"], "seats")]
            rules = Rules.from_dict(d["rules"])
            table = Table.replay([s.name for s in seats], rules, _list(d["log"], "log"))
            seed, tempo = d["seed"], d.get("tempo", 1.0)
            if type(seed) is not int or not 0 <= seed < 2**63:
                raise ValueError("the seed is not a whole number")
            if type(tempo) not in (int, float) or not 0 < tempo <= 10:
                raise ValueError("the tempo is not a factor")
            s = cls(seats, rules, seed=seed, tempo=float(tempo), _table=table,
                    regular_factory=regular_factory)
            memories = d.get("memory", {})
            if not isinstance(memories, dict):
                raise TypeError("the regulars' memory is not a mapping")
            for name, memory in memories.items():
                if name not in s.regulars:
                    raise ValueError(f"{name!r} is not a regular at this table")
                s.regulars[name].recall(memory)
            holder, handoff = d.get("holder"), d.get("handoff_to")
            if holder not in s.humans or (handoff is not None and handoff not in s.humans):
                raise ValueError("the device's holder is not a person at the table")
            s.holder, s.handoff_to = holder, None
            s._update_handoff()
            if handoff is not None:
                s.handoff_to = handoff
            return s
        except CorruptSave:
            raise
        except Exception as exc:  # whatever broke, the player gets one clear message  # noqa: BLE001
            raise CorruptSave(f"{type(exc).__name__}: {exc}") from None

    @classmethod
    def from_json(cls, text: str, regular_factory: Callable[[str, int], Any] | None = None) -> Session:
        """Size and nesting are bounded before parsing (save_guard): no text blanks the app."""
        try:
            data = parse_bounded(text, MAX_TABLE_CHARS)
        except UnreadableSave as exc:
            raise CorruptSave(str(exc)) from None
        return cls.from_dict(data, regular_factory)


def _list(value: object, what: str) -> list:
    if not isinstance(value, list):
        raise TypeError(f"{what} is not a list")
    return value


def _seat(value: object) -> object:
    """A seat's name must be text (Seat.from_dict would turn a number or a list into one)."""
    if isinstance(value, dict) and not isinstance(value.get("name"), str):
        raise TypeError("a seat's name is not text")
    return value
