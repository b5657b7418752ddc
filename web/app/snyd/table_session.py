"""The session controller of a Snyd table on one device: app/table/session.py's TableSession
(the one base of every game's table) with what hidden dice add.

It owns the engine `Table` and knows which seats are people at this device (pass-and-play)
and which are regulars. It decides whose view the device shows, when the phone must be
handed over ("Giv telefonen til Mette"), when a regular moves (a pause given as data, the
screen does the waiting), what the S41 clock does with times fed from outside, and how an
unfinished table is saved as JSON and restored through the table's log + replay.

Everything the screen shows comes from `table.view(seat)`; nothing here reads the table's
private state.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from app import lang
from app.lang import t
from app.saves.save_guard import MAX_DETAIL, MAX_TABLE_CHARS, CorruptSave  # noqa: F401 - this module's too
from app.shell.both_languages import both
from app.snyd.announcements import bid_words, lines_for, said
from app.table.faults import MAX_FAULTS, FaultLog  # noqa: F401 - re-exported
from app.table.faults import RegularFault as SharedFault
from app.table.session import ANY_SEAT_KIND, Seat, TableSession
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


class Session(TableSession):
    """A Snyd table on this device: the shared TableSession with what hidden dice need, the
    hand-off screen between the people at one phone, the peek, and the S41 clock."""

    FAULT = RegularFault  # said in Snyd's words ("uret tog turen")
    # Seat kinds this controller can run; the host of a peer table adds "guest" (host_table.py).
    SEAT_KINDS: tuple[str, ...] = ("human", "regular")
    game = "snyd"   # not text: the game's key (games.get), as GameSession.game
    deals = True    # this device deals the next round (False on a guest's phone)

    def __init__(self, seats: list[Seat], rules: Rules, seed: int | None = None,
                 first: str | None = None, tempo: float = 1.0, _table: Table | None = None,
                 regular_factory: Callable[[str, int], Any] | None = None):
        seats = self._seats(self.game, seats, ANY_SEAT_KIND, regular_factory)
        if any(kind not in self.SEAT_KINDS for _, kind in seats):
            raise IllegalAction(both("snyd.error.guest_seat"))
        seed = self._seed(seed)
        table = _table if _table is not None else Table([n for n, _ in seats], rules, seed=seed,
                                                        first=first)
        self._sit(seats, rules, seed, table, regular_factory)
        self.handoff_to: str | None = None    # set while "Giv telefonen til …" covers the table
        self.tempo = tempo
        self.clock = TurnClock(rules.time_limit) if rules.time_limit else None
        if self.view()["phase"] == "idle":
            self._deal()
        self.seen = len(self.view()["events"])  # news starts after what is already on the table
        self._update_handoff()

    def connections(self) -> dict[str, str]:
        """Each seat's connection at a peer table ("connected" | "reconnecting" | "away");
        empty at a one-phone table, where the screen shows no badges."""
        return {}

    # ---------- the flow ----------
    def _update_handoff(self) -> None:
        v = self.view()
        turn = v["turn"]
        if (v["phase"] == "bidding" and turn in self.humans and turn != self.holder
                and self.handoff_to is None):
            self.handoff_to = turn

    _moved = _update_handoff  # after a regular's move: the next person may need the phone

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
            return {"kind": "regular", "player": turn, "delay_ms": self._paused()}
        return {"kind": "human", "player": turn}

    def _turn_key(self, v: dict) -> tuple:
        return (v["game_no"], v["round_no"], len(v["bids"]), v["turn"])

    def _pause_key(self) -> object:
        return self._turn_key(self.view())

    def _pause_draw(self) -> float:
        """Later bids in a round take a little longer; the table's tempo scales it."""
        bids = len(self.view()["bids"])
        return (PAUSE_MIN_MS + self._pause_rng.random() * PAUSE_SPREAD_MS
                + PAUSE_PER_BID_MS * bids) * self.tempo

    def regular_due(self) -> str | None:
        """The regular on turn while the cups are down and no hand-off covers the table."""
        v = self.view()
        turn = v["turn"]
        due = v["phase"] == "bidding" and self.handoff_to is None and turn in self.regulars
        return turn if due else None

    def _fallback(self, name: str) -> dict:
        """The clock's rule acts for a regular that failed (S41's timeout)."""
        action = {"type": "timeout"}
        self.table.act(name, action)
        return action

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

    def next_round(self) -> None:
        """After a reveal or a game's end: shake again (S2, S35)."""
        if self.view()["phase"] not in ("reveal", "game_over"):
            raise IllegalAction(both("snyd.error.round_not_over"))
        self._deal()
        self._update_handoff()

    def _deal(self) -> None:
        """Shake the cups for the next round (the table's start, *Næste runde*). A host's table
        with fair dice deals otherwise: it first asks every phone for its part
        (friends/host_table.py, docs/fair-dice.md)."""
        self.table.deal()

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
            line = self._say(who, event)
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
        line = self._say(who, event)
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
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, **self._saved(),
                "holder": self.holder, "handoff_to": self.handoff_to, "tempo": self.tempo}

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
            s._recall(d.get("memory", {}))
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
        return cls.from_dict(cls._parse(text), regular_factory)


def _list(value: object, what: str) -> list:
    if not isinstance(value, list):
        raise TypeError(f"{what} is not a list")
    return value


def _seat(value: object) -> object:
    """A seat's name must be text (Seat.from_dict would turn a number or a list into one)."""
    if isinstance(value, dict) and not isinstance(value.get("name"), str):
        raise TypeError("a seat's name is not text")
    return value
