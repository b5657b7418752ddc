"""The regulars at the Treere table, and Simpel, the baseline the bench measures them against.

>>> [r["name"] for r in REGULARS]
['Henning', 'Grethe', 'Kaj', 'Ronni', 'Lis']
>>> from engine.treere import Table
>>> t = Table(["Lis", "Simpel"], seed=3)
>>> regular("Lis").decide(t.view("Lis"))
{'type': 'roll'}

A regular decides from its own view only (``table.view(name)``; every die in Treere is public,
so the view holds all there is to know).  Every regular starts from the perfect plan of
engine/treere/optimal.py: the chance of winning the pot of each keep, given the score to beat,
the players still to roll, ties and the threshold.  Lis (the sharp one) always takes the best
keep; the others let their temperament choose among the keeps that are nearly as good
(docs/regulars.md, Treere).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine import regulars
from engine.dice import seed_of
from engine.errors import IllegalAction, shown
from engine.treere import speech
from engine.treere.optimal import NONE, TurnPlan, cap_of, simpel_keep, stage_key, table_round
from engine.treere.rules import Rules
from engine.treere.scoring import DICE, face_value, score
from engine.voices import check_lang

# A style never gives away more than this share of the best keep's chance of winning the pot.
# Without it a pot that looks hopeless (every keep within ``slack`` of a best of 1.5%) let
# Grethe stop on 25 against a 4: a style, but no longer trying (issue 17).
SHARE = 0.25


@dataclass(frozen=True)
class Style:
    """How a regular strays from the best keep: only among keeps within ``slack`` of it (in
    chance of winning the pot) and within ``share`` of its chance, and only ``rate`` of the
    time. So the loss of any one decision against the perfect keep is at most
    min(slack, share × best chance): bench/treere_regulars.py measures it."""

    slack: float = 0.0      # how much worse a keep may be and still be chosen (absolute)
    rate: float = 0.0       # how often the temperament decides instead of the arithmetic
    prefer: str = "best"    # "fewest" dice (throws on), "most" (stops), "random", "four" (seed)
    share: float = SHARE    # ... and how much worse relative to the best chance

    def bound(self, top: float) -> float:
        """The most chance a keep may give away against the best keep, worth ``top``."""
        return min(self.slack, self.share * top)


STYLES: dict[str, Style] = {
    # Henning, the seed's regular: "a score of four or lower is good and worth keeping".
    "henning": Style(slack=0.08, rate=1.0, prefer="four"),
    # Grethe, the careful one: holds on to what she has and stops early.
    "careful": Style(slack=0.04, rate=1.0, prefer="most"),
    # Kaj: plays by feel now and then, a keep that looks as good.
    "bluffer": Style(slack=0.06, rate=0.3, prefer="random"),
    # Ronni, the reckless one: throws on.
    "reckless": Style(slack=0.06, rate=1.0, prefer="fewest"),
    # Lis, the sharp one: the perfect keep, every time.
    "sharp": Style(),
}

REGULARS: list[dict[str, str]] = regulars.cast({  # engine/regulars.py: who sits down
    "henning": "Stamgæst siden 1987. Fire eller derunder er godt, siger han, og står på den.",
    "careful": "Forsigtig. Holder fast i det, hun har, og stopper hellere for tidligt.",
    "bluffer": "Spiller på fornemmelsen: nu og da et valg, der bare ser lige så godt ud.",
    "reckless": "Vildbassen. Kaster videre, når han kan, og jagter nullet.",
    "sharp": "Den skarpe. Regner chancen for puljen ud for hvert eneste valg.",
})
SIMPEL: dict[str, str] = regulars.baseline(
    "Grundspilleren: beholder alle treere, ellers den laveste terning.")


# --- what a seat knows --------------------------------------------------------------------------

@dataclass(frozen=True)
class Situation:
    """The facts a keep depends on, all read from one view."""

    rules: Rules
    key: tuple[str, int]   # the stage of the round (optimal.stage_key)
    players: int           # players in this round
    position: int          # my place in its turn order
    best: int              # best qualifying score before me (optimal.NONE: none yet)
    tied: bool             # ... held by two or more
    kept: list[int]        # dice I have set aside this turn
    rolled: list[int]      # the last roll


def situation(view: dict[str, Any]) -> Situation:
    """Read a Treere view (docs/views.md); a malformed one is an IllegalAction."""
    try:
        if view["game"] != "treere":
            raise KeyError("game")
        rules = Rules.from_dict(view["rules"])
        order, scores = view["in_round"], view["scores"]
        if not isinstance(order, list) or not isinstance(scores, dict):
            raise TypeError("in_round is a list, scores a dict")
        me = view["me"]
        j = order.index(me)
        if type(view["stage"]) is not int or not 1 <= view["stage"] <= 10_000:
            raise ValueError("stage is a whole number from 1")
        key = stage_key(rules, view["stage"], bool(view["playoff"]))
        cap = cap_of(key, rules.zero_face)
        earlier = [scores[p] for p in order[:j]]
        rolled, kept = list(view["rolled"]), list(view["kept"])
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise IllegalAction(f"Visningen kan ikke læses: {shown(view)} (malformed view)") from exc
    if any(type(x) is not int for x in earlier) or any(
            type(f) is not int or not 1 <= f <= 6 for f in rolled + kept) or \
            len(rolled) + len(kept) > DICE:
        raise IllegalAction("Visningen har ugyldige terninger eller scorer (malformed view)")
    qualified = [x for x in earlier if x <= cap]
    best = min(qualified) if qualified else NONE
    return Situation(rules, key, len(order), j, best, qualified.count(best) >= 2, kept, rolled)


def options(sit: Situation) -> list[tuple[float, list[int]]]:
    """Every distinct keep of the last roll with its chance of winning the pot, best first
    (the perfect plan's own choice leads among equals)."""
    zero_face = sit.rules.zero_face
    rolled, n, s = sit.rolled, len(sit.rolled), score(sit.kept, zero_face)
    if sit.best == 0:  # facing a zero: only five zeros tie it
        keep = simpel_keep(rolled, zero_face)
        return [(0.0, keep)]
    plan = table_round(sit.players, zero_face, sit.key).plan(sit.position, sit.best, sit.tied)
    best = plan.keep(n, s, rolled)
    seen: dict[tuple[int, int], tuple[float, list[int]]] = {}
    for mask in range(1, 2 ** n):
        chosen = [i for i in range(n) if mask >> i & 1]
        x = sum(face_value(rolled[i], zero_face) for i in chosen)
        c = len(chosen)
        if (c, x) not in seen:
            seen[(c, x)] = (_value(plan, n - c, s + x), chosen)
    first = seen[(len(best), sum(face_value(rolled[i], zero_face) for i in best))]
    rest = sorted((o for o in seen.values() if o[1] != first[1]), key=lambda o: -o[0])
    return [(first[0], best)] + rest


def _value(plan: TurnPlan, n: int, s: int) -> float:
    return plan.padded[n][s] if s <= plan.target else plan.bust


# --- the players --------------------------------------------------------------------------------

class Player:
    """Shared by the regulars and Simpel: reading the view, legality, speech."""

    style_name = "henning"

    def __init__(self, name: str, description: str, seed: int | str | None = None) -> None:
        if not isinstance(name, str) or not name:
            raise IllegalAction(f"En spiller skal have et navn, ikke {shown(name)} (a name)")
        self.name = name
        self.description = description
        self.rng = random.Random(seed_of(seed))

    def decide(self, view: dict[str, Any]) -> dict[str, Any]:
        """The action to send to ``Table.act``: always legal for this view.

        A malformed view, or one where this player has nothing to do, is an IllegalAction."""
        if not isinstance(view, dict):
            raise IllegalAction(f"Visningen kan ikke læses: {shown(view)} (a view is a dict)")
        legal = view.get("legal")
        if view.get("turn") != view.get("me") or not isinstance(legal, list) or not (
                "roll" in legal or "keep" in legal):
            raise IllegalAction(f"Det er ikke {shown(view.get('me'))}s tur (not this player's turn)")
        if "roll" in legal:
            return {"type": "roll"}
        sit = situation(view)
        if not sit.rolled:
            raise IllegalAction("Visningen har intet slag at vælge fra (no roll in the view)")
        keep = self.choose(sit)
        if not keep or len(set(keep)) != len(keep) or not all(0 <= i < len(sit.rolled) for i in keep):
            keep = simpel_keep(sit.rolled, sit.rules.zero_face)  # never an illegal move
        return {"type": "keep", "dice": sorted(keep)}

    def choose(self, sit: Situation) -> list[int]:
        raise NotImplementedError

    def say(self, event: dict[str, Any], view: dict[str, Any], lang: str = "da") -> str | None:
        """Its line on a public event in ``lang`` ("da" or "en"), or None when it has nothing
        to say. The same seed says the same lines in either language."""
        check_lang(lang)
        if not isinstance(event, dict) or not isinstance(view, dict):
            raise IllegalAction(f"Ukendt hændelse {shown(event)} (malformed event)")
        kind, who, players = event.get("type"), event.get("player"), event.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise IllegalAction(f"Ukendt hændelse {shown(event)} (malformed event)")
        rules = view.get("rules")
        zero_face = rules.get("zero_face", 3) if isinstance(rules, dict) else 3
        if type(zero_face) is not int or not 1 <= zero_face <= 6:
            raise IllegalAction(f"Visningen kan ikke læses: {shown(view)} (malformed view)")
        if kind == "turn_over" and who == self.name:
            final = event.get("score")
            if type(final) is not int or not 0 <= final <= 30:
                raise IllegalAction(f"Ukendt hændelse {shown(event)} (malformed event)")
            moment = ("over" if event.get("early") else "zero" if final == 0
                      else "good" if final <= 4 else "bad")
            return speech.line(self.style_name, moment, self.rng, final, zero_face, lang)
        if kind == "won" and isinstance(who, str):
            if who == self.name:
                return speech.line(self.style_name, "win", self.rng, lang=lang)
            return (speech.line(self.style_name, "lose", self.rng, lang=lang)
                    if self.rng.random() < 0.5 else None)
        if kind == "tie" and self.name in players:
            return speech.line(self.style_name, "tie", self.rng, lang=lang)
        return None


class Simpel(Player):
    """The baseline: every zero face of a roll, and when there is none the lowest die."""

    style_name = "careful"

    def choose(self, sit: Situation) -> list[int]:
        return simpel_keep(sit.rolled, sit.rules.zero_face)


class Regular(Player):
    """A regular: the perfect plan's chances, and a temperament among the near-best keeps."""

    def __init__(self, name: str, description: str, style: str,
                 seed: int | str | None = None) -> None:
        super().__init__(name, description, seed)
        self.style_name = style
        self.style = STYLES[style]

    def choose(self, sit: Situation) -> list[int]:
        ranked = options(sit)
        style = self.style
        if style.prefer == "best" or len(ranked) == 1:
            return ranked[0][1]
        if style.rate < 1.0 and self.rng.random() >= style.rate:
            return ranked[0][1]
        top = ranked[0][0]
        near = [o for o in ranked if o[0] >= top - style.bound(top)]
        zero_face = sit.rules.zero_face
        if style.prefer == "fewest":
            return min(near, key=lambda o: (len(o[1]), -o[0]))[1]
        if style.prefer == "most":
            return max(near, key=lambda o: (len(o[1]), o[0]))[1]
        if style.prefer == "four":  # stop at four or less when that is near the best
            total = score(sit.kept + sit.rolled, zero_face)
            stop = [o for o in near if len(o[1]) == len(sit.rolled)]
            if total <= 4 and stop:
                return stop[0][1]
            return ranked[0][1]
        return self.rng.choice(near)[1]


def regular(name: str, seed: int | str | None = None) -> Regular:
    """A regular by name (see REGULARS), with its own random source for temperament and lines."""
    info = regulars.find(REGULARS, name)
    return Regular(info["name"], info["description"], info["style"], seed)


def simpel(name: str = "Simpel", seed: int | str | None = None) -> Simpel:
    """The issue's baseline player, Simpel (docs/regulars.md, Treere), same interface as a regular."""
    return Simpel(name, SIMPEL["description"], seed)
