"""A Treere table for an evening: pots, antes, turns, ties and the progressive forms (T1–T7).

The table is a deterministic state machine.  Every die comes from the table's ``Dice``
(scripted faces first, then its own seeded RNG).  Every action is checked in full before
anything changes, so an ``IllegalAction`` always leaves the table exactly as it was.

An evening is a row of pots (``game_no``).  A pot is played in rounds (``round_no``): every
player in the round takes one turn; the lowest score takes the pot, a tie replays (T5), and
under *Progressiv* a round nobody qualifies in costs everyone a new ante (T6).
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.dice import Dice, check_players, seat_order
from engine.errors import IllegalAction, shown
from engine.fair_dice import throw_faces
from engine.log import ANOTHER_TABLE, LoggedTable, start_entry
from engine.treere.rules import Rules
from engine.treere.scoring import DICE, score
from engine.treere.view import build_view

_ACTION_KEYS = {"roll": {"type"}, "keep": {"type", "dice"}, "new_game": {"type"}}
_LOG_KEYS = {"roll": {"type", "player", "faces"}, "keep": {"type", "player", "dice"},
             "new_game": {"type", "player"}}


class Table(LoggedTable):
    """A table for an evening of Treere.

    >>> t = Table(["Mette", "Henning"], seed=1, dice=[3, 3, 3, 3, 3])
    >>> t.act("Mette", {"type": "roll"})
    >>> t.act("Mette", {"type": "keep", "dice": [0, 1, 2, 3, 4]})
    >>> t.view("Henning")["to_beat"], t.pot
    (0, 4)
    """

    def __init__(self, players: Sequence[str], rules: Rules | None = None,
                 seed: int | str | None = None, first: str | None = None,
                 dice: Iterable[int] | None = None) -> None:
        self.players: tuple[str, ...] = check_players(players)
        self.rules: Rules = Rules() if rules is None else rules
        if not isinstance(self.rules, Rules):
            raise IllegalAction("rules skal være en treere.Rules (rules must be a treere Rules)")
        self.starter: str = seat_order(self.players, first)[0]  # checks ``first``
        self.dice = Dice(seed, dice)
        self.seed = self.dice.seed
        self.game_no = 0  # pots of the evening, 1-based
        self.round_no = 0  # rounds played for the current pot (replays and stages included)
        self.stage = 1  # T6: rounds of this pot that nobody won, plus one
        self.pot = 0
        self.tally: dict[str, int] = {p: 0 for p in self.players}
        self.in_round: list[str] = []  # turn order of the round being played
        self.playoff = False  # T5: a zero tie played out by the tied players alone
        self.scores: dict[str, int | None] = {}
        self.kept_by: dict[str, list[int]] = {}  # dice each finished player set aside this round
        self.turn: str | None = None
        self.rolled: list[int] = []
        self.kept: list[int] = []
        self.winner: str | None = None
        self.phase = "playing"
        self.fair_no = 0  # the number of this pot's last fair roll (docs/fair-dice.md)
        self.fair_table: str | None = None  # the table id of its fair rolls (the first's)
        self.events: list[dict[str, Any]] = []
        self._log: list[dict[str, Any]] = [
            {"type": "start", "players": list(self.players), "rules": self.rules.to_dict(),
             "seed": self.seed, "first": first, "dice": list(self.dice.scripted)}
        ]
        self._start_pot()

    # --- what anyone may ask -------------------------------------------------------------------

    @property
    def threshold(self) -> int | None:
        """T6: the highest score that can win this round (None: any score; a zero-tie playoff)."""
        return None if self.playoff else self.rules.threshold(self.stage)

    @property
    def best(self) -> int | None:
        """The lowest final score so far this round."""
        done = [s for s in self.scores.values() if s is not None]
        return min(done) if done else None

    @property
    def to_beat(self) -> int | None:
        """What the player in turn must not exceed to stay in (T3, T6), or None."""
        if self.phase != "playing":
            return None
        limits = [x for x in (self.best, self.threshold) if x is not None]
        return min(limits) if limits else None

    @property
    def to_roll(self) -> list[str]:
        """Players of this round after the one in turn who have not played yet, in order."""
        if self.turn is None:
            return []
        i = self.in_round.index(self.turn)
        return [p for p in self.in_round[i + 1:] if self.scores[p] is None]

    def legal(self, player: str | None) -> list[str]:
        """The action types ``player`` may take now."""
        if player is None or player not in self.players:
            return []
        if self.phase == "over":
            return ["new_game"]
        if player != self.turn:
            return []
        return ["keep"] if self.rolled else ["roll"]

    def view(self, player: str | None = None,
             events_from: int | None = None) -> dict[str, Any]:
        """Everything ``player`` may know (all of it is public), as plain JSON (docs/views.md);
        ``events_from`` n: only the events from n on (IllegalAction unless an int 0…len)."""
        if player is not None and (not isinstance(player, str) or player not in self.players):
            raise IllegalAction(f"{shown(player)} sidder ikke ved bordet (not at this table)")
        return build_view(self, player, events_from)

    # --- actions ---------------------------------------------------------------------------------

    def act(self, player: str, action: Mapping[str, Any], fair: Any = None) -> None:
        """One entry point for actions as plain dicts (UI, regulars, network).

        ``{"type": "roll"}``, ``{"type": "keep", "dice": [indexes into the last roll]}``,
        ``{"type": "new_game"}``. ``fair``: a roll's faces from the phones' joint randomness
        (its exchange's record: see ``roll``).
        """
        kind = action.get("type") if isinstance(action, Mapping) else None
        if not isinstance(kind, str) or kind not in _ACTION_KEYS:  # str first: a list is unhashable
            raise IllegalAction("Ukendt handling; slå, læg til side eller nyt spil "
                                "(unknown action: type must be roll, keep or new_game)")
        if set(action) != _ACTION_KEYS[kind]:
            raise IllegalAction(f"Handlingen {kind!r} skal have netop felterne "
                                f"{sorted(_ACTION_KEYS[kind])} (malformed action)")
        if kind == "roll":
            self.roll(player, fair)
        elif fair is not None:
            raise IllegalAction("Kun et slag har fælles terninger (only a roll can be fair)")
        elif kind == "keep":
            self.keep(player, action["dice"])
        else:
            self.new_game(player)

    def roll(self, player: str, fair: Any = None) -> list[int]:
        """Roll every die not set aside (T2); returns the faces.

        ``fair``: the faces come from the phones' joint randomness, not from the table's dice:
        the record of the roll's exchange (``FairRound.record()``, checked in full by
        ``fair_dice.throw_faces``: this pot, this player and count, a number after the pot's
        last fair roll). Logged with the roll, so a replay checks it again."""
        self._check_turn(player)
        if self.rolled:
            raise IllegalAction("Læg mindst én terning til side før næste slag "
                                "(set aside at least one die before rolling again)")
        count = DICE - len(self.kept)
        entry: dict[str, Any] = {"type": "roll", "player": player}
        event: dict[str, Any] = {"type": "roll", "player": player}
        if fair is None:
            faces = self.dice.throw(count)
        else:
            faces, no = throw_faces(fair, self.players, player, count, self.game_no,
                                    self.fair_no, self.fair_table)
            self.fair_no, self.fair_table = no, fair["round"]["table"]
            entry["fair"], event["fair"] = copy.deepcopy(fair), no
        entry["faces"], event["faces"] = list(faces), list(faces)
        self._log.append(entry)
        self.rolled = faces
        self._event(event)
        return list(faces)

    def keep(self, player: str, indexes: Any) -> None:
        """Set aside some dice of the last roll (T2): at least one; all of them stops the turn."""
        self._check_turn(player)
        if not self.rolled:
            raise IllegalAction("Slå først (roll first)")
        chosen = self._check_indexes(indexes)
        self._log.append({"type": "keep", "player": player, "dice": chosen})
        faces = [self.rolled[i] for i in chosen]
        self.kept += faces
        self.rolled = []
        so_far = score(self.kept, self.rules.zero_face)
        self._event({"type": "keep", "player": player, "dice": chosen, "faces": faces,
                     "kept": list(self.kept), "score": so_far})
        limit = self.to_beat
        if len(self.kept) == DICE:
            self._end_turn(player, so_far, early=False)
        elif limit is not None and so_far > limit:  # T3: over the best, the turn ends at once
            self._event({"type": "early_end", "player": player, "score": so_far, "to_beat": limit,
                         "left": DICE - len(self.kept)})
            self._end_turn(player, so_far, early=True)

    def new_game(self, player: str) -> None:
        """After a pot is won: the next pot of the evening (any player at the table may start it)."""
        if not isinstance(player, str) or player not in self.players:
            raise IllegalAction(f"{shown(player)} sidder ikke ved bordet (not at this table)")
        if self.phase != "over":
            raise IllegalAction("Potten er ikke vundet endnu (the pot is not won yet)")
        self._log.append({"type": "new_game", "player": player})
        i = self.players.index(self.starter)  # the start moves one seat clockwise per pot
        self.starter = self.players[(i + 1) % len(self.players)]
        self._start_pot()

    def _check_turn(self, player: Any) -> None:
        if not isinstance(player, str) or player not in self.players:
            raise IllegalAction(f"{shown(player)} sidder ikke ved bordet (not at this table)")
        if self.phase != "playing":
            raise IllegalAction("Potten er vundet; start et nyt spil (the pot is won; new_game)")
        if player != self.turn:
            raise IllegalAction(f"Det er ikke din tur, det er {self.turn}s (not your turn)")

    def _check_indexes(self, indexes: Any) -> list[int]:
        n = len(self.rolled)
        if (isinstance(indexes, (str, bytes, bytearray)) or not isinstance(indexes, Sequence)
                or not 1 <= len(indexes) <= n
                or any(type(i) is not int or not 0 <= i < n for i in indexes)
                or len(set(indexes)) != len(indexes)):
            raise IllegalAction(f"Læg mindst én af de {n} slåede terninger til side, hver én gang "
                                f"(dice: 1-{n} distinct indexes 0-{n - 1} into the last roll), "
                                f"ikke {shown(indexes)}")
        return sorted(indexes)

    # --- how a pot goes on -----------------------------------------------------------------------

    def _start_pot(self) -> None:
        self.game_no += 1
        self.round_no = 0
        self.fair_no = 0
        self.stage = 1
        self.winner = None
        self.phase = "playing"
        self._event({"type": "new_game", "game_no": self.game_no, "starter": self.starter,
                     "players": list(self.players)})
        self._ante("new_game")  # T1
        self._start_round(list(self.players), playoff=False)

    def _ante(self, reason: str) -> None:
        """Every player at the table puts ``rules.ante`` in the pot (T1, T4, T6)."""
        for p in self.players:
            self.tally[p] -= self.rules.ante
        self.pot += self.rules.ante * len(self.players)
        self._event({"type": "ante", "reason": reason, "units": self.rules.ante,
                     "players": list(self.players), "pot": self.pot})

    def _start_round(self, players: list[str], playoff: bool) -> None:
        order = seat_order(self.players, self.starter)
        self.round_no += 1
        self.in_round = [p for p in order if p in players]
        self.playoff = playoff
        self.scores = {p: None for p in self.in_round}
        self.kept_by = {}
        self._start_turn(self.in_round[0])

    def _start_turn(self, player: str) -> None:
        self.turn = player
        self.rolled = []
        self.kept = []

    def _end_turn(self, player: str, final: int, early: bool) -> None:
        self.scores[player] = final
        self.kept_by[player] = list(self.kept)
        self._event({"type": "turn_over", "player": player, "score": final,
                     "kept": list(self.kept), "early": early})
        if final == 0:  # T4: five zeros, and everybody antes again
            self._ante("zero")
        waiting = self.to_roll
        if waiting:
            self._start_turn(waiting[0])
        else:
            self._end_round()

    def _end_round(self) -> None:
        threshold = self.threshold
        qualified = {p: s for p, s in self.scores.items()
                     if s is not None and (threshold is None or s <= threshold)}
        if not qualified:  # T6: nobody qualifies; everyone antes, the next stage
            self._event({"type": "no_winner", "threshold": threshold, "stage": self.stage})
            self._ante("progressive")
            self.stage += 1
            self._play_again(list(self.players), playoff=False, reason="progressive")
            return
        low = min(qualified.values())
        tied = [p for p in self.in_round if qualified.get(p) == low]
        if len(tied) == 1:
            self._win(tied[0], low)
            return
        self._event({"type": "tie", "players": tied, "score": low})
        if low == 0:  # T5's exception: a zero tie is played out by the tied players alone
            self._play_again(tied, playoff=True, reason="zero_tie")
        else:  # T5: one tie, all tie (everyone in this round, same pot, same stage)
            self._play_again(list(self.in_round), playoff=self.playoff, reason="tie")

    def _play_again(self, players: list[str], playoff: bool, reason: str) -> None:
        """The round is played again (T5: a tie; T6: nobody qualified): its own "replay" event,
        not to be confused with ``Table.replay``, which rebuilds a table from its log."""
        self._start_round(players, playoff)
        self._event({"type": "replay", "reason": reason, "players": list(self.in_round),
                     "round_no": self.round_no, "stage": self.stage, "threshold": self.threshold})

    def _win(self, player: str, final: int) -> None:
        self.tally[player] += self.pot
        self._event({"type": "won", "player": player, "score": final, "pot": self.pot,
                     "game_no": self.game_no})
        self.pot = 0
        self.winner = player
        self.phase = "over"
        self.turn = None
        self.rolled = []
        self.kept = []

    # --- replay (equality: LoggedTable) ---------------------------------------------------------------------

    @classmethod
    def replay(cls, players: Sequence[str], rules: Rules, log: Any) -> Table:
        """Rebuild an equal table from ``log`` (as given by ``table.log``); a bad log raises."""
        start = start_entry(log)
        names = list(check_players(players))
        if (set(start) != {"type", "players", "rules", "seed", "first", "dice"}
                or start["players"] != names or not isinstance(rules, Rules)
                or Rules.from_dict(start["rules"]) != rules):
            raise IllegalAction(ANOTHER_TABLE)
        table = cls(names, rules, seed=start["seed"], first=start["first"], dice=start["dice"])
        table._replay_entries(log)
        return table

    def _replay_one(self, entry: Any) -> None:
        kind = entry.get("type") if isinstance(entry, Mapping) else None
        fair = kind == "roll" and isinstance(entry, Mapping) and "fair" in entry
        if (not isinstance(kind, str) or kind not in _LOG_KEYS
                or set(entry) != _LOG_KEYS[kind] | ({"fair"} if fair else set())):
            raise IllegalAction(f"Loggen er i stykker ved {shown(entry)} (broken log)")
        if kind == "roll":
            if self.roll(entry["player"], entry.get("fair")) != entry["faces"]:
                raise IllegalAction("Loggen passer ikke til terningerne (log does not match)")
        elif kind == "keep":
            self.keep(entry["player"], entry["dice"])
        else:
            self.new_game(entry["player"])
