"""The table on one device, for every game: `TableSession`, the one base, and `GameSession`,
the session of a Bakke or Treere table (Snyd's is app/snyd/table_session.py: `Session`, the same
base with the hand-off, the S41 clock and the peek of a game with hidden dice).

The base knows which seats are people at this phone and which are regulars, whose view the
phone shows (`view()`, built once per table state), which regular is due and how long it pauses,
plays the regular's move from its own view (a regular that raises is recorded and the game's
fallback plays), lets the regulars speak, and keeps what every save holds (seats, rules, seed,
log, the regulars' memory). A host's table with friends adds guest seats on top of either
(friends/core/host_seats.py `HostedTable`).

A GameSession owns the engine `Table` of the chosen game and knows which seats are people at this phone
(pass-and-play) and which are regulars; it says whose view the phone shows, when a regular is
due (and how long it pauses), plays the regular's move from the regular's own view, keeps the
regulars' lines, and saves the table as JSON (game, seats, rules, seed, log) that is restored
by `Table.replay`. In Bakke and Treere every die is public the moment it is thrown, so there is
no hand-off screen: the phone shows the view of the person in turn.

    s = GameSession("treere", [("Mette", "human"), ("Lis", "regular")], {"ante": 1})
    s.act("Mette", {"type": "roll"})
    while s.regular_due():
        s.play_regular()

Plain Python: no `js`. Both engines are imported only when a session of that game is made.
"""
from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable
from typing import Any, ClassVar, NamedTuple

from app.lang import language
from app.saves.save_guard import (  # noqa: F401 - MAX_DETAIL: this module's bound too
    MAX_DETAIL,
    MAX_TABLE_CHARS,
    CorruptSave,
    UnreadableSave,
    parse_bounded,
)
from app.shell.both_languages import both
from app.table import games
from app.table.faults import MAX_FAULTS, FaultLog, RegularFault  # noqa: F401 - re-exported

from engine.errors import IllegalAction, shown

GAMES = games.ON_GAME_SESSION  # ("bakke", "treere"): the games played through a GameSession
SEAT_KINDS = ("human", "regular")
ANY_SEAT_KIND = ("human", "regular", "guest")  # "guest": a friend's phone, at a host's table only
STORE_KEYS = {game: games.get(game).store_key for game in GAMES}
SAVE_FORMAT = "bodegabordet.game"
SAVE_VERSION = 1

MIN_SEATS, MAX_SEATS = 2, 8
MAX_NAME = 20

# A regular's pause before acting, in ms at tempo 1.0: long enough to see the dice land and
# to feel like a person weighing them, short enough not to bore.
PAUSE_MIN_MS = 600
PAUSE_SPREAD_MS = 600

# When a regular raises, the table must go on: the first of these its view allows is taken.
# Treere: roll when rolling is due, else keep the first die (keeping one is always legal).
# Bakke: *Videre* when allowed (ends the turn), else throw.
FALLBACKS: dict[str, tuple[dict, ...]] = {
    "treere": ({"type": "roll"}, {"type": "keep", "dice": [0]}),
    "bakke": ({"type": "videre"}, {"type": "throw_all"}, {"type": "throw"}),
}



# Events with no regular of their own that a regular may still remark on (the first who does).
REMARKED = ("won", "tie", "replay", "zero", "game_over", "loser")

def engine_of(game: str) -> Any:
    """The engine package of `game` (engine.bakke / engine.treere)."""
    if game not in GAMES:
        raise IllegalAction(both("shell.error.unknown_game", game=shown(game)))
    return games.load(games.get(game).engine)


class Seat(NamedTuple):
    """One seat at the table: "human" (a person at this phone: pass-and-play), "regular" (a
    regular of the game's REGULARS) or "guest" (a friend on their own phone, at a host's table
    with friends). A (name, kind) pair, so it equals the tuple and unpacks like one."""
    name: str
    kind: str

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind}

    @staticmethod
    def from_dict(d: object) -> Seat:
        """A saved seat; IllegalAction if it is not a {"name": text, "kind": …} mapping."""
        if not isinstance(d, dict) or d.get("kind") not in ANY_SEAT_KIND:
            raise IllegalAction(both("shell.error.seat_kind", kind=shown(d)))
        if not isinstance(d.get("name"), str):
            raise IllegalAction(both("shell.error.no_name"))
        return Seat(d["name"], d["kind"])


def regular_names(game: str) -> list[str]:
    """The names of `game`'s regulars (its engine's bots.REGULARS), a known game only."""
    bots = importlib.import_module(f"{games.get(game).engine}.bots")
    return [r["name"] for r in bots.REGULARS]


def check_seats(seats: Any, known_regulars: Callable[[], list[str]] | None,
                kinds: tuple[str, ...] = SEAT_KINDS) -> list[Seat]:
    """Seats as (name, kind) pairs: 2–8, names trimmed, non-empty, ≤ 20 characters, distinct
    (case ignored), kinds human/regular, at least one human, regulars among `known_regulars()`
    (asked only when there is a regular seat; None: any name). Pairs may come as tuples, lists
    or {"name", "kind"} dicts."""
    if not isinstance(seats, (list, tuple)) or not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise IllegalAction(both("shell.error.seat_count", least=MIN_SEATS, most=MAX_SEATS))
    out: list[Seat] = []
    seen: set[str] = set()
    for seat in seats:
        name, kind = _pair(seat)
        if not isinstance(name, str) or not name.strip():
            raise IllegalAction(both("shell.error.no_name"))
        name = name.strip()
        if len(name) > MAX_NAME:
            raise IllegalAction(both("shell.error.name_too_long", name=name[:MAX_NAME]))
        if kind not in kinds:
            raise IllegalAction(both("shell.error.seat_kind", kind=shown(kind)))
        if name.casefold() in seen:
            raise IllegalAction(both("shell.error.same_name", name=name))
        if kind == "regular" and known_regulars is not None and name not in known_regulars():
            raise IllegalAction(both("shell.error.not_a_regular", name=name))
        seen.add(name.casefold())
        out.append(Seat(name, kind))
    if not any(kind == "human" for _, kind in out):
        raise IllegalAction(both("shell.error.no_human"))
    return out


def _pair(seat: Any) -> tuple[Any, Any]:
    if isinstance(seat, dict) and set(seat) <= {"name", "kind"}:
        return seat.get("name"), seat.get("kind")
    if isinstance(seat, (list, tuple)) and len(seat) == 2:
        return seat[0], seat[1]
    raise IllegalAction(both("shell.error.not_a_seat", seat=shown(seat)))


class TableSession(FaultLog):
    """What a table on this phone is in every game; a game's session adds its flow.

    Every change goes through the game's `act` (a person) or `play_regular` (the regular due);
    everything shown comes from `view()`. A game's session sets `game`, makes its engine table
    and then calls `_sit(...)`; it says which regular is due (`regular_due`), what plays when a
    regular fails (`_fallback`) and what follows a move (`_moved`)."""

    game: str
    SEAT_KINDS: ClassVar[tuple[str, ...]] = SEAT_KINDS  # a host's table adds "guest"
    remote = False  # a guest's phone (friends/guest_table.py) shows a table held elsewhere
    # Set by the screen: called when a peer table changed without a tap here (a guest's move
    # arrived, a stand-in covered an away seat); a one-phone table never calls it.
    on_change: Callable[[], None] | None = None

    @staticmethod
    def _seats(game: str, seats: Any, kinds: tuple[str, ...],
               regular_factory: Callable[[str, int], Any] | None) -> list[Seat]:
        """The checked seats; with a factory (tests) the factory decides which regulars exist."""
        known = None if regular_factory else (lambda: regular_names(game))
        return check_seats(seats, known, kinds)

    @staticmethod
    def _seed(seed: Any) -> int:
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**63):
            raise IllegalAction(both("shell.error.seed", seed=shown(seed)))
        return seed if seed is not None else random.randrange(2**31)

    def _sit(self, seats: list[Seat], rules: Any, seed: int, table: Any,
             regular_factory: Callable[[str, int], Any] | None) -> None:
        """The state every game's session has, once its engine table is made."""
        self.seats, self.rules, self.seed, self.table = seats, rules, seed, table
        self.names = [name for name, _ in seats]
        self.humans = [name for name, kind in seats if kind == "human"]
        self.regulars = self._make_regulars(regular_factory)
        self.holder = self.humans[0]  # whose view the phone shows (see view())
        self.faults: list[RegularFault] = []
        self._faults_told = 0
        self._pause_rng = random.Random(seed ^ 0x5EED)
        self._pause: tuple[object, int] | None = None
        self._views: tuple[int, dict[str | None, dict]] = (-1, {})  # see _view()

    def _make_regulars(self, factory: Callable[[str, int], Any] | None) -> dict[str, Any]:
        """One regular per regular seat, each with its own seed so games replay."""
        seats = [(i, name) for i, (name, kind) in enumerate(self.seats) if kind == "regular"]
        if not seats:
            return {}
        if factory is None:
            factory = importlib.import_module(f"{games.get(self.game).engine}.bots").regular
        return {name: factory(name, self.seed + i) for i, name in seats}

    @property
    def pass_and_play(self) -> bool:
        return len(self.humans) > 1

    def is_regular(self, name: str) -> bool:
        return name in self.regulars

    # ---------- what the phone shows ----------
    def _view(self, seat: str | None) -> dict:
        """`table.view(seat)`, built once per table state. A view holds the evening's events,
        so building one grows with the evening (a copy per event); the flow, the screen and
        the regulars' lines ask for the same few views many times per move. Every change of
        the table adds an event, so the number of events says when they are stale. Callers
        only read a view."""
        key = len(self.table.events)
        if self._views[0] != key:
            self._views = (key, {})
        views = self._views[1]
        if seat not in views:
            views[seat] = self.table.view(seat)
        return views[seat]

    def view(self, seat: str | None = None) -> dict:
        """The view of `seat`, or of the person holding the phone (`holder`)."""
        if seat is not None and seat not in self.names:
            raise IllegalAction(both("shell.error.not_seated", name=shown(seat)))
        return self._view(self.holder if seat is None else seat)

    # ---------- the regulars ----------
    def regular_due(self) -> str | None:
        """The regular whose move it is now, or None."""
        raise NotImplementedError

    def _pause_key(self) -> object:
        """What names this turn: a regular's pause is drawn once for it (repeated asks agree)."""
        return len(self.table.events)

    def _pause_draw(self) -> float:
        """The due regular's pause in ms at tempo 1.0, drawn from `_pause_rng`."""
        return PAUSE_MIN_MS + self._pause_rng.random() * PAUSE_SPREAD_MS

    def _paused(self) -> int:
        """The pause for this turn at tempo 1.0, drawn once (see `_pause_key`)."""
        key = self._pause_key()
        if self._pause is None or self._pause[0] != key:
            self._pause = (key, int(self._pause_draw()))
        return self._pause[1]

    def play_regular(self) -> dict:
        """The regular due decides from its own view and acts; returns the action taken. A
        regular that raises or answers illegally is recorded, and the game's fallback is
        played instead, so the table never sticks."""
        name = self.regular_due()
        if name is None:
            raise IllegalAction(both("shell.error.not_regulars_turn"))
        try:
            action = self.regulars[name].decide(self._view(name))
            self.table.act(name, action)
        except Exception as exc:  # noqa: BLE001 - a confused regular must not stop the evening
            self._record_fault(name, exc)
            action = self._fallback(name)
        self._moved()
        return action

    def _fallback(self, name: str) -> dict:
        """Play the game's legal stand-by move for `name`; returns it."""
        raise NotImplementedError

    def _moved(self) -> None:
        """After any move: whose the phone is now."""

    def _say(self, name: str, event: dict) -> str | None:
        """Regular `name`'s line on `event`, in the player's language, or None. A regular whose
        `say` raises is recorded and stays quiet: a line is not worth stopping for."""
        say = getattr(self.regulars[name], "say", None)
        if say is None:
            return None
        try:
            said = say(event, self._view(name), lang=language())
        except Exception as exc:  # noqa: BLE001
            self._record_fault(name, exc)
            return None
        return said if isinstance(said, str) and said else None

    # ---------- saving ----------
    def _saved(self) -> dict:
        """What every game's save holds: seats, rules, seed, log and what each regular
        remembers (Snyd: its dice behind a cup locked by S40)."""
        # A friends' host makes its public record without the log (host_seats.public_record
        # takes only its new entries): an evening's log is copied whole for a save only.
        log = [] if self.__dict__.get("_record_pass") else self.table.log
        return {"seats": [{"name": n, "kind": k} for n, k in self.seats],
                "rules": self.rules.to_dict(), "seed": self.seed, "log": log,
                "memory": {n: r.memory() for n, r in self.regulars.items() if hasattr(r, "memory")}}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=False)

    def to_dict(self) -> dict:
        raise NotImplementedError

    def _recall(self, memories: object) -> None:
        """The regulars' memories of a save; ValueError/TypeError if they do not fit."""
        if not isinstance(memories, dict):
            raise TypeError("the regulars' memory is not a mapping")
        for name, memory in memories.items():
            if name not in self.regulars or not hasattr(self.regulars[name], "recall"):
                raise ValueError(f"{shown(name)} is not a regular with a memory at this table")
            self.regulars[name].recall(memory)

    @staticmethod
    def _parse(text: object) -> object:
        """A save's text, size and nesting bounded before parsing (save_guard): no text
        blanks the app."""
        try:
            return parse_bounded(text, MAX_TABLE_CHARS)
        except UnreadableSave as exc:
            raise CorruptSave(str(exc)) from None


class GameSession(TableSession):
    """One Bakke or Treere table on this device. In both every die is public the moment it is
    thrown: the phone shows the view of the person in turn, with no hand-off screen."""

    def __init__(self, game: str, seats: Any, rules: Any = None, seed: int | None = None,
                 regular_factory: Callable[[str, int], Any] | None = None,
                 first: str | None = None, dice: Any = None, _table: Any = None):
        self.game = game
        self.engine = engine_of(game)
        seats = self._seats(game, seats, self.SEAT_KINDS, regular_factory)
        rules, seed = self._rules(rules), self._seed(seed)
        table = (_table if _table is not None
                 else self.engine.Table([n for n, _ in seats], rules, seed=seed, first=first,
                                        dice=dice))
        self._sit(seats, rules, seed, table, regular_factory)
        if hasattr(self.table, "set_faultless"):  # Bakke B7: a regular makes no faults (issue 17)
            self.table.set_faultless(list(self.regulars))
        self.seen = len(self.table.events)  # news starts after what is already on the table
        self._follow_turn()

    # ---------- set-up ----------
    @staticmethod
    def regular_names(game: str) -> list[str]:
        engine_of(game)  # a known game first: never import a name from outside
        return regular_names(game)

    def _rules(self, rules: Any) -> Any:
        Rules = self.engine.Rules
        if rules is None:
            return Rules()
        if isinstance(rules, Rules):
            return rules
        if isinstance(rules, dict):
            return Rules.from_dict(rules)
        raise IllegalAction(both("shell.error.rules", rules=shown(rules)))

    # ---------- what the phone shows ----------
    def _shared(self) -> dict:
        """Any view of the current state, for what every seat's view has alike (turn, phase,
        tally): the one already built when there is one."""
        key = len(self.table.events)
        if self._views[0] == key and self._views[1]:
            return next(iter(self._views[1].values()))
        return self._view(self.holder)

    def _follow_turn(self) -> None:
        """The phone is the person's in turn; during a regular's turn it stays with the last."""
        turn = self._shared().get("turn")
        if turn in self.humans:
            self.holder = turn

    _moved = _follow_turn

    @property
    def tally(self) -> dict:
        """The evening's tally as the engine keeps it ({player: …})."""
        return self._shared()["tally"]

    # ---------- the flow ----------
    def act(self, player: str, action: Any) -> None:
        """A person's action. Illegal (a regular's seat, out of turn, junk) -> IllegalAction,
        nothing changes."""
        if player not in self.humans:
            raise IllegalAction(both("shell.error.not_here", name=shown(player)))
        self.table.act(player, action)
        self._follow_turn()

    def regular_due(self) -> str | None:
        """The regular whose move it is, or None (a person's turn, or the pot is decided)."""
        v = self._shared()
        turn = v.get("turn")
        return turn if v.get("phase") == "playing" and turn in self.regulars else None

    def pause_ms(self, tempo: float = 1.0) -> int:
        """The due regular's pause before moving, drawn once per table state so repeated
        asks agree (the screen waits it, then calls play_regular)."""
        return int(self._paused() * tempo)

    def _fallback(self, name: str) -> dict:
        """The first of the game's FALLBACKS its view allows."""
        legal = self._view(name).get("legal", [])
        for action in FALLBACKS[self.game]:
            if action["type"] in legal:
                try:
                    self.table.act(name, dict(action))
                except IllegalAction:
                    continue
                return dict(action)
        raise IllegalAction(both("shell.error.regular_cannot_play", name=name))

    def new_game(self) -> None:
        """The next pot (Treere) or game (Bakke) of the evening, once this one is decided."""
        v = self._shared()
        if v.get("phase") != "over":
            raise IllegalAction(both("shell.error.not_over"))
        self.table.act(self.holder, {"type": "new_game"})
        self._follow_turn()

    # ---------- what the table says ----------
    def lines(self, event: dict) -> list[tuple[str, str]]:
        """The regulars' bubbles on `event`: (regular, line). The event's own player speaks
        if a regular; news without a regular of its own (a win, a tie) gets the first regular
        who has something to say. A regular whose `say` raises is recorded and stays quiet."""
        who = event.get("player") if isinstance(event, dict) else None
        if who in self.regulars:
            said = self._say(who, event)
            return [(who, said)] if said else []
        if not isinstance(event, dict) or event.get("type") not in REMARKED:
            return []
        for name in self.regulars:
            said = self._say(name, event)
            if said:
                return [(name, said)]
        return []

    def news(self) -> list[dict]:
        """The table's events since the last call (each once), for the screen to animate."""
        events = self.table.events[self.seen:]
        self.seen = len(self.table.events)
        return list(events)

    # ---------- saving ----------
    def to_dict(self) -> dict:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": self.game,
                **self._saved()}

    @classmethod
    def from_dict(cls, d: object, game: str | None = None,
                  regular_factory: Callable[[str, int], Any] | None = None) -> GameSession:
        """Rebuild a saved table by replaying its log; any flaw -> CorruptSave, nothing half
        built. `game` (when given) must match the save's."""
        try:
            if not isinstance(d, dict) or d.get("format") != SAVE_FORMAT:
                raise ValueError("not a saved Bakke or Treere table")
            if d.get("version") != SAVE_VERSION:
                raise ValueError(f"unknown version {shown(d.get('version'))}")
            if game is not None and d.get("game") != game:
                raise ValueError(f"a save of {shown(d.get('game'))}, not {game}")
            engine = engine_of(d.get("game"))
            known = None if regular_factory else (lambda: cls.regular_names(d["game"]))
            seats = check_seats(d.get("seats"), known, cls.SEAT_KINDS)
            rules = engine.Rules.from_dict(d.get("rules"))
            log = d.get("log")
            if not isinstance(log, list):
                raise TypeError("the log is not a list")
            seed = d.get("seed")
            if type(seed) is not int:
                raise TypeError("the seed is not a whole number")
            table = engine.Table.replay([n for n, _ in seats], rules, log)
            s = cls(d["game"], seats, rules, seed=seed, regular_factory=regular_factory,
                    _table=table)
            s._recall(d.get("memory", {}))
            return s
        except Exception as exc:  # noqa: BLE001 - whatever broke, the player gets one sentence
            raise CorruptSave(f"{type(exc).__name__}: {exc}") from None

    @classmethod
    def from_json(cls, text: object, game: str | None = None,
                  regular_factory: Callable[[str, int], Any] | None = None) -> GameSession:
        """A saved table's text; a host's table with friends goes to its game's loader."""
        data = cls._parse(text)
        if isinstance(data, dict) and "room" in data:  # the host's table with friends
            return _host_of(game or data.get("game")).restore(data, game, regular_factory)
        return cls.from_dict(data, game, regular_factory)


def _host_of(game: object) -> Any:
    """The module that loads a host's saved table with friends of `game` (friends/game_host.py:
    `restore`). Found through the registry by name, so this module imports no peer module: the
    host's table is built on GameSession, and imports it."""
    if game not in GAMES:
        raise CorruptSave(f"not a saved Bakke or Treere table with friends: {shown(game)}")
    return games.load(games.get(game).host)


# ---------- storage: each game its own key ----------
def save(session: GameSession, store: Any) -> bool:
    """Store the session under its game's key; False when the storage refused (full, blocked:
    `store.last_failure` says which). A guest's phone keeps no table (the host's has it)."""
    if session.remote:
        return True
    return store.write(STORE_KEYS[session.game], session.to_json())


def load(game: str, store: Any, regular_factory: Callable[[str, int], Any] | None = None,
         warn: Callable[[str], Any] | None = None) -> GameSession | None:
    """The unfinished table of `game` from `store`, or None. A save that cannot be restored is
    set aside under `<key>.backup` (off the key, so the next load is clean) and CorruptSave
    is raised for the screen to say so."""
    key = _key(game)
    text = store.read(key)
    if text is None:
        return None
    try:
        return GameSession.from_json(text, game, regular_factory)
    except CorruptSave as exc:
        if warn is not None:
            warn(f"Bodegabordet: the saved {game} table was set aside ({key}.backup): {exc.detail}")
        store.set_aside(key, text, exc.detail, MAX_TABLE_CHARS)
        raise


def forget(game: str, store: Any) -> None:
    store.remove(_key(game))


def _key(game: str) -> str:
    if game not in STORE_KEYS:
        raise IllegalAction(both("shell.error.unknown_game", game=shown(game)))
    return STORE_KEYS[game]
