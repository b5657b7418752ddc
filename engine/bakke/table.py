"""A Bakke table for an evening: the shared tray, games and the Tuborgs given (docs/rules.md B1–B7).

The table is a deterministic state machine.  Chance is the table's ``Dice`` (scripted faces
first, then its own seeded RNG), drawn only by a throw.  Every action is checked in full
before anything changes, so an ``IllegalAction`` always leaves the table exactly as it was.
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.bakke.rules import Rules
from engine.bakke.tray import Resolved, drop_one, resolve
from engine.bakke.view import build_view
from engine.dice import Dice, check_players, seat_order
from engine.errors import IllegalAction, shown
from engine.fair_dice import throw_faces
from engine.log import ANOTHER_TABLE, LoggedTable, start_entry

ACTION_KEYS: dict[str, frozenset[str]] = {
    "throw": frozenset({"type"}),
    "throw_all": frozenset({"type"}),
    "videre": frozenset({"type"}),
    "fejl": frozenset({"type", "against"}),
    "undo_fejl": frozenset({"type"}),
    "new_game": frozenset({"type"}),
}
ACTIONS = tuple(ACTION_KEYS)


class Table(LoggedTable):
    """A table for an evening of Bakke.

    >>> t = Table(["Mette", "Henning"], dice=[1, 2, 2, 3, 4, 5])
    >>> t.act("Mette", {"type": "throw_all"})
    >>> t.view(None)["tray"], t.view(None)["hands"], t.turn
    ([3, 4, 5], {'Mette': 2, 'Henning': 6}, 'Henning')
    """

    def __init__(self, players: Sequence[str], rules: Rules | None = None,
                 seed: int | str | None = None, first: str | None = None,
                 dice: Iterable[int] | None = None, faultless: Iterable[str] = ()) -> None:
        self.players: tuple[str, ...] = check_players(players)
        self.rules: Rules = Rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise IllegalAction("rules skal være en bakke.Rules (rules must be a bakke Rules)")
        starter = seat_order(self.players, first)[0]  # None: the first seat begins
        self.dice = Dice(seed, scripted=dice)
        self.tally: dict[str, int] = {p: 0 for p in self.players}  # Tuborgs given this evening
        self.events: list[dict[str, Any]] = []
        self._log: list[dict[str, Any]] = [
            {"type": "start", "players": list(self.players), "rules": self.rules.to_dict(),
             "seed": self.dice.seed, "first": first, "dice": list(self.dice.scripted)}
        ]
        self.game_no = 0
        self.fair_table: str | None = None  # the table id of its fair throws (the first's)
        self.faultless: tuple[str, ...] = ()
        self.set_faultless(faultless)
        self._start_game(starter)

    def set_faultless(self, players: Iterable[str]) -> None:
        """The players who make no faults (the app's regulars: they never touch a tray): no
        *Fejl* is called against them, nor while one of them is in turn (B7, docs/rules-
        decisions.md). Not in the log: the owner of the table (the session, from its seats)
        says it at every start and replay, so an old save's log replays as it was played."""
        if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
            raise IllegalAction("faultless skal være en liste af spillere (a list of players)")
        names = list(players)
        if len(names) > len(self.players) or not all(self._seated(p) for p in names):
            raise IllegalAction(f"{shown(names)} er ikke spillere ved bordet (not at this table)")
        self.faultless = tuple(p for p in self.players if p in names)

    def _start_game(self, starter: str) -> None:
        self.game_no += 1
        self.starter = starter
        self.hands: dict[str, int] = {p: self.rules.dice_per_player for p in self.players}
        self.tray: list[int] = []
        self.out: list[str] = []
        self.loser: str | None = None
        self.phase = "playing"
        self.turn: str | None = starter
        self.thrown = 0  # dice thrown by ``turn`` this turn
        self.first_throw = True  # B3: the game's first throw (all the dice) is still to come
        self.last: dict[str, Any] | None = None
        self.fair_no = 0  # the number of this game's last fair throw (docs/fair-dice.md)
        self._open_fejl_window()
        self._event({"type": "new_game", "game_no": self.game_no, "players": list(self.players),
                     "first": starter})

    def _open_fejl_window(self) -> None:
        """A new throw (or game): the last fault can no longer be undone, and whoever undid
        one may call again."""
        self.undoable: dict[str, Any] | None = None  # the last fault, while its caller may undo
        self.undone: list[str] = []  # who undid a fault since the last throw (may not call again)

    # --- what anyone may ask -------------------------------------------------------------------

    @property
    def in_game(self) -> list[str]:
        """Players still holding dice, seat order."""
        return [p for p in self.players if self.hands[p] > 0]

    def view(self, player: str | None, events_from: int | None = None) -> dict[str, Any]:
        """Everything ``player`` may know (None: a spectator), as plain JSON (docs/views.md);
        ``events_from`` n: only the events from n on (IllegalAction unless an int 0…len)."""
        return build_view(self, player, events_from)

    def legal(self, player: str | None) -> list[str]:
        """The action types ``player`` may take now (``fejl`` if against anyone)."""
        if not self._seated(player):
            return []
        return [kind for kind in ACTIONS
                if self._problem(player, kind, self._fejl_targets(player)) is None]

    def fejl_targets(self, player: str | None) -> list[str]:
        """Whom ``player`` may call *Fejl* against now (seat order)."""
        if not self._seated(player):
            return []
        return [p for p in self._fejl_targets(player)
                if self._problem(player, "fejl", [p]) is None]

    def _fejl_targets(self, player: str) -> list[str]:
        return [p for p in self.players if p != player]

    def _seated(self, player: Any) -> bool:
        return isinstance(player, str) and player in self.players

    # --- actions ---------------------------------------------------------------------------------

    def act(self, player: str, action: Mapping[str, Any], fair: Any = None) -> None:
        """One entry point for actions as plain dicts (UI, regulars, peers, replay).

        ``{"type": "throw"}`` one die, ``{"type": "throw_all"}`` every die in hand,
        ``{"type": "videre"}``, ``{"type": "fejl", "against": name}``, ``{"type": "undo_fejl"}``
        (the caller, until the next throw), ``{"type": "new_game"}``.

        ``fair``: a throw whose faces come from the phones' joint randomness, not from the
        table's dice: the record of the throw's exchange (``FairRound.record()``, checked by
        ``fair_dice.throw_faces``: this game, this thrower and count, a number after the game's
        last fair throw). Logged with the throw, so a replay checks it again.
        """
        kind = action.get("type") if isinstance(action, Mapping) else None
        if not isinstance(kind, str) or kind not in ACTION_KEYS:  # str first: a list is unhashable
            raise IllegalAction(
                "Ukendt handling; kast, kast alle, videre, fejl, fortryd fejl eller nyt spil "
                "(unknown action: type must be throw, throw_all, videre, fejl, undo_fejl "
                "or new_game)"
            )
        if set(action) != ACTION_KEYS[kind]:
            raise IllegalAction(
                f"Handlingen {kind!r} skal have netop felterne {sorted(ACTION_KEYS[kind])} "
                "(malformed action)"
            )
        if not self._seated(player):
            raise IllegalAction(f"{shown(player)} sidder ikke ved bordet (not at this table)")
        against = action.get("against")
        problem = self._problem(player, kind, [against])
        if problem is not None:
            raise IllegalAction(problem)
        if fair is not None:
            self._fair_throw(player, kind, fair)
        elif kind == "throw":
            self._throw(player, "one", self.dice.throw(1))
        elif kind == "throw_all":
            self._throw(player, "all", self.dice.throw(self.hands[player]))
        elif kind == "videre":
            self._log.append({"type": "videre", "player": player})
            self._event({"type": "videre", "player": player})
            self._pass_turn(player)
        elif kind == "fejl":
            self._fejl(player, against)
        elif kind == "undo_fejl":
            self._undo_fejl(player)
        else:
            self._log.append({"type": "new_game", "player": player})
            assert self.loser is not None
            self._start_game(self.loser)  # the loser begins the next game

    def _fair_throw(self, player: str, kind: str, record: Any) -> None:
        """A throw with the faces of its exchange (checked in full first: nothing changes on a
        bad record)."""
        if kind not in ("throw", "throw_all"):
            raise IllegalAction("Kun et kast har fælles terninger (only a throw can be fair)")
        count = 1 if kind == "throw" else self.hands[player]
        faces, no = throw_faces(record, self.players, player, count, self.game_no,
                                self.fair_no, self.fair_table)
        self.fair_no, self.fair_table = no, record["round"]["table"]
        self._throw(player, "one" if kind == "throw" else "all", faces, fair=record)

    def _problem(self, player: str, kind: str, against: list[Any]) -> str | None:
        """Why ``player`` may not take action ``kind`` now (``against``: the candidates for
        *Fejl*, legal if any one is), or None when it is allowed."""
        if kind == "new_game":
            return None if self.phase == "over" else "Spillet er i gang (a game is in progress)"
        if self.phase != "playing":
            return "Spillet er slut; start et nyt spil (the game is over: new_game)"
        if kind == "fejl":
            return self._fejl_problem(player, against)
        if kind == "undo_fejl":
            return self._undo_problem(player)
        if player != self.turn:
            return f"Det er ikke din tur, det er {self.turn}s (not your turn)"
        if kind == "videre":
            if self.thrown == 0:
                return "Kast mindst én terning før du siger Videre (throw a die before Videre, B4)"
            return None
        if kind == "throw":
            if self.first_throw:
                return ("Spillets første kast er alle terningerne på én gang "
                        "(the first throw of a game is all the dice, B3)")
            return None
        if self.tray:  # throw_all
            return "Der er terninger i bakken; kast én ad gangen (the tray holds dice: B4)"
        if self.thrown:
            return ("Du har valgt at kaste én ad gangen i denne tur "
                    "(you chose to throw one at a time this turn, B5)")
        return None

    def _fejl_problem(self, player: str, against: list[Any]) -> str | None:
        if not self.rules.faults:
            return "Der spilles uden fejl ved dette bord (faults are off at this table)"
        if self.hands[player] == 0:
            return "Den, der er ude, blander sig ikke (a player who is out calls no faults, B7)"
        if not self.tray:
            return "Bakken er tom; der er intet at samle op (the tray is empty: no fault to call)"
        if self.turn in self.faultless:
            return (f"{self.turn} kaster nu, og ingen rører bakken imens "
                    "(no fault during the turn of a player who makes no faults)")
        if player in self.undone:
            return ("Du har fortrudt en fejl; vent til næste kast "
                    "(you undid a fault: call again after the next throw)")
        reasons = [self._offender_problem(player, p) for p in against]
        if any(r is None for r in reasons):
            return None
        return reasons[0] if reasons else "Fejl mod hvem? (fejl needs a player)"

    def _offender_problem(self, player: str, offender: Any) -> str | None:
        if not self._seated(offender):
            return f"{shown(offender)} sidder ikke ved bordet (the offender is not at this table)"
        if offender == player:
            return "Man kan ikke dømme fejl mod sig selv (no fault against oneself)"
        if self.hands[offender] == 0:
            return f"{offender} er ude (the offender is out of this game)"
        if offender in self.faultless:
            return f"{offender} laver ingen fejl (this player makes no faults)"
        return None

    def _undo_problem(self, player: str) -> str | None:
        if self.undoable is None:
            return ("Der er ingen fejl at fortryde; et kast lukker den "
                    "(no fault to undo: the next throw closes it)")
        caller = self.undoable["player"]
        if player != caller:
            return f"Kun {caller}, der dømte fejlen, kan fortryde den (only the caller may undo)"
        return None

    # --- what the actions do ---------------------------------------------------------------------

    def _throw(self, player: str, mode: str, faces: list[int], fair: Any = None) -> None:
        entry = {"type": "throw" if mode == "one" else "throw_all", "player": player,
                 "faces": list(faces)}
        if fair is not None:  # a fair throw's log keeps its exchange (replay checks it again)
            entry["fair"] = copy.deepcopy(fair)
        self._log.append(entry)
        self._open_fejl_window()
        result = resolve(self.tray, faces) if mode == "all" else drop_one(self.tray, faces[0])
        self.hands[player] += len(result.picked) - len(faces)
        self.tray = list(result.tray)
        self.thrown += len(faces)
        self.first_throw = False
        out = self.hands[player] == 0
        passes = mode == "all" or bool(result.picked) or out  # B3, B4, B5, B6
        self.last = {"player": player, "mode": mode, "faces": list(faces), "ones": result.ones,
                     "picked": list(result.picked), "tray": list(result.tray),
                     "passes": passes, "out": out}
        event = {"type": "throw", "player": player, "mode": mode, "faces": list(faces)}
        if fair is not None:
            event["fair"] = self.fair_no  # which exchange gave the faces (every phone checks)
        self._event(event)
        self._tell(player, result)
        if out:
            self.out.append(player)
            self._event({"type": "out", "player": player})
            if len(self.in_game) == 1:
                self._end_game(self.in_game[0])
                return
        if passes:
            self._pass_turn(player)

    def _tell(self, player: str, result: Resolved) -> None:
        """The events of resolving: ones leave first, then each face picked up, lowest first."""
        if result.ones:
            self._event({"type": "ones_out", "player": player, "count": result.ones})
        for face in sorted(set(result.picked)):
            self._event({"type": "pick_up", "player": player, "face": face,
                         "count": result.picked.count(face)})

    def _fejl(self, player: str, offender: str) -> None:
        """B7: the offender takes every die in the tray into their hand; the turn stays where it
        is (docs/rules-decisions.md)."""
        taken = list(self.tray)
        self._log.append({"type": "fejl", "player": player, "against": offender})
        self.hands[offender] += len(taken)
        self.tray = []
        self.undoable = {"player": player, "against": offender, "faces": list(taken)}
        self._event({"type": "fejl", "player": player, "against": offender, "faces": taken})

    def _undo_fejl(self, player: str) -> None:
        """The caller takes the fault back before the next throw: the dice go back into the
        tray as they lay, the offender's hand as it was. Only a throw puts a die in the tray
        and a throw closes the window, so the tray is still empty here."""
        assert self.undoable is not None and not self.tray
        fault = self.undoable
        self._log.append({"type": "undo_fejl", "player": player})
        self.hands[fault["against"]] -= len(fault["faces"])
        self.tray = list(fault["faces"])
        self.undoable = None
        self.undone.append(player)
        self._event({"type": "fejl_undone", "player": player, "against": fault["against"],
                     "faces": list(fault["faces"])})

    def _pass_turn(self, player: str) -> None:
        """The turn goes clockwise to the next player still holding dice."""
        i = self.players.index(player)
        for step in range(1, len(self.players) + 1):
            p = self.players[(i + step) % len(self.players)]
            if self.hands[p] > 0:
                self.turn = p
                self.thrown = 0
                return
        raise AssertionError("nobody holds dice")  # B6 ends the game before this

    def _end_game(self, loser: str) -> None:
        """B6: the last with dice in hand loses and gives the Tuborg."""
        self.phase = "over"
        self.loser = loser
        self.turn = None
        self.thrown = 0
        self.tally[loser] += 1
        self._event({"type": "game_over", "game_no": self.game_no, "loser": loser,
                     "out": list(self.out)})

    # --- replay (equality: LoggedTable) ---------------------------------------------------------------------

    @classmethod
    def replay(cls, players: Sequence[str], rules: Rules,
               log: Sequence[Mapping[str, Any]], faultless: Iterable[str] = ()) -> Table:
        """Rebuild an equal table from ``log`` (as given by ``table.log``); junk is refused.
        ``faultless`` is set after the log: a log from before it (an old save) replays as it
        was played, and one played with it is legal without it too."""
        start = start_entry(log)
        names = list(check_players(players))
        if (set(start) != _START_KEYS or start["players"] != names
                or not isinstance(start["rules"], dict)
                or Rules.from_dict(start["rules"]) != rules):
            raise IllegalAction(ANOTHER_TABLE)
        table = cls(names, rules, seed=start["seed"], first=start["first"], dice=start["dice"])
        table._replay_entries(log)
        table.set_faultless(faultless)
        return table

    def _replay_one(self, entry: Any) -> None:
        kind = entry.get("type") if isinstance(entry, Mapping) else None
        keys = _LOG_KEYS.get(kind) if isinstance(kind, str) else None
        if keys is not None and kind in ("throw", "throw_all") and "fair" in entry:
            keys = keys | {"fair"}  # a fair throw (its exchange's record)
        if keys is None or set(entry) != keys:
            raise IllegalAction(f"Loggen er i stykker ved {shown(entry)} (broken log)")
        action = {"type": "throw" if kind == "throw" else kind}
        if kind == "fejl":
            action["against"] = entry["against"]
        self.act(entry["player"], action, fair=entry.get("fair"))
        if "faces" in keys and (self.last is None or self.last["faces"] != entry["faces"]):
            raise IllegalAction("Loggen passer ikke til terningerne (log does not match the dice)")


_START_KEYS = frozenset({"type", "players", "rules", "seed", "first", "dice"})
_LOG_KEYS: dict[str, frozenset[str]] = {
    "throw": frozenset({"type", "player", "faces"}),
    "throw_all": frozenset({"type", "player", "faces"}),
    "videre": frozenset({"type", "player"}),
    "fejl": frozenset({"type", "player", "against"}),
    "undo_fejl": frozenset({"type", "player"}),
    "new_game": frozenset({"type", "player"}),
}
