"""A tiny stand-in engine with the shape of engine.treere (Rules, Table, bots), for the tests
of web/app/table/session.py that are about the session, not about a game's rules.

The game: each player in turn rolls one die ({"type": "roll"}) and then keeps it
({"type": "keep", "dice": [0]}); after everybody has kept one die the lowest total wins the pot
of one unit each (ties: the first of them). Deterministic from the seed, with a log and replay.
"""
from __future__ import annotations

import random
import sys
import types
from dataclasses import asdict, dataclass

from engine.errors import IllegalAction


@dataclass(frozen=True)
class Rules:
    ante: int = 1

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: object) -> Rules:
        if not isinstance(d, dict) or set(d) - {"ante"}:
            raise IllegalAction("Ukendte regler (unknown rules)")
        return cls(**d)


class Table:
    def __init__(self, players, rules=None, seed=None, first=None, dice=None):
        self.players = list(players)
        self.rules = rules or Rules()
        self.rng = random.Random(seed)
        self.log: list = [{"type": "start", "seed": seed}]
        self.events: list = [{"type": "new_game", "game_no": 1}]
        self.scores: dict = dict.fromkeys(self.players)
        self.rolled: list = []
        self.turn_i = 0
        self.game_no = 1
        self.tally = dict.fromkeys(self.players, 0)
        self.phase = "playing"

    def legal(self, player):
        if self.phase == "over":
            return ["new_game"]
        if player != self.players[self.turn_i]:
            return []
        return ["keep"] if self.rolled else ["roll"]

    def act(self, player, action):
        if not isinstance(action, dict) or action.get("type") not in self.legal(player):
            raise IllegalAction("Ikke nu (not now)")
        kind = action["type"]
        if kind == "keep" and action.get("dice") != [0]:
            raise IllegalAction("Behold terning 0 (keep die 0)")
        self.log.append({"player": player, "action": dict(action)})
        if kind == "roll":
            self.rolled = [self.rng.randint(1, 6)]
            self.events.append({"type": "roll", "player": player, "faces": list(self.rolled)})
        elif kind == "keep":
            self.scores[player] = self.rolled[0]
            self.rolled = []
            self.events.append({"type": "keep", "player": player})
            self.turn_i += 1
            if self.turn_i == len(self.players):
                self._decide()
        else:
            self.scores = dict.fromkeys(self.players)
            self.turn_i, self.phase = 0, "playing"
            self.game_no += 1
            self.events.append({"type": "new_game", "game_no": self.game_no})

    def _decide(self):
        winner = min(self.players, key=lambda p: self.scores[p])
        for p in self.players:
            self.tally[p] += len(self.players) - 1 if p == winner else -1
        self.phase = "over"
        self.events.append({"type": "won", "player": winner})

    def view(self, player=None):
        return {"game": "fake", "players": list(self.players), "me": player,
                "turn": None if self.phase == "over" else self.players[self.turn_i],
                "rolled": list(self.rolled), "scores": dict(self.scores), "phase": self.phase,
                "legal": self.legal(player), "tally": dict(self.tally), "game_no": self.game_no}

    @classmethod
    def replay(cls, players, rules, log):
        if not log or not isinstance(log[0], dict) or log[0].get("type") != "start":
            raise IllegalAction("Loggen mangler sin start (no start entry)")
        t = cls(players, rules, seed=log[0].get("seed"))
        for entry in log[1:]:
            if not isinstance(entry, dict):
                raise IllegalAction("Ugyldig log (bad log)")
            t.act(entry.get("player"), entry.get("action"))
        return t


REGULARS = [{"name": "Henning", "style": "h", "description": "…"},
            {"name": "Lis", "style": "sharp", "description": "…"}]


class Regular:
    def __init__(self, name, seed=None):
        self.name = name
        self.seen: list = []

    def decide(self, view):
        return {"type": "keep", "dice": [0]} if view["rolled"] else {"type": "roll"}

    def say(self, event, view, lang="da"):
        if lang == "en":  # the bots' own lines come in both languages (engine/voices)
            return {"won": "Cheers!" if event["player"] == self.name else "Well done.",
                    "roll": "Let's roll."}.get(event["type"])
        if event["type"] == "won":
            return "Skål!" if event["player"] == self.name else "Tillykke."
        return "Så ruller vi." if event["type"] == "roll" else None

    def memory(self):
        return {"seen": len(self.seen)}

    def recall(self, memory):
        if not isinstance(memory, dict):
            raise TypeError("memory is a mapping")


def regular(name, seed=None):
    if name not in [r["name"] for r in REGULARS]:
        raise ValueError(name)
    return Regular(name, seed)


def install(monkeypatch, game: str = "treere") -> None:
    """Make `engine.<game>` and `engine.<game>.bots` this module for one test."""
    pkg = types.ModuleType(f"engine.{game}")
    pkg.Rules, pkg.Table, pkg.IllegalAction = Rules, Table, IllegalAction
    bots = types.ModuleType(f"engine.{game}.bots")
    bots.REGULARS, bots.regular = REGULARS, regular
    pkg.bots = bots
    monkeypatch.setitem(sys.modules, f"engine.{game}", pkg)
    monkeypatch.setitem(sys.modules, f"engine.{game}.bots", bots)
