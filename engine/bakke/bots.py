"""The regulars (*stamgæsterne*) at the Bakke table, and Simpel, the baseline they are measured against.

>>> [r["name"] for r in REGULARS]
['Henning', 'Grethe', 'Kaj', 'Ronni', 'Lis']

A regular sees exactly what a player in its seat sees (``table.view(name)``): in Bakke that is the
whole table, since every die is public once thrown. ``decide(view)`` returns an action for
``Table.act``; ``say(event, view)`` a line or None. The choice itself is a policy over positions
(``engine.bakke.optimal.Spot``): Lis plays the exact optimum (heads-up) or its measured
approximation (more players); the others deviate from it where that is their character
(docs/regulars.md, "Bakke"). Nobody calls *Fejl* (B7): a device cannot commit the physical faults.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from engine import regulars
from engine.bakke import speech
from engine.bakke.optimal import (
    THROW,
    THROW_ALL,
    TRAY_FACES,
    VIDERE,
    Spot,
    mask_of,
    optimal_choice,
    simpel_choice,
)
from engine.dice import seed_of
from engine.errors import IllegalAction, shown
from engine.voices import check_lang

CHOICES = (THROW, THROW_ALL, VIDERE)


# --- the characters' policies: Spot -> {choice: probability} ---------------------------------

def sharp(spot: Spot) -> dict[str, float]:
    """Lis: the exact optimum."""
    return {optimal_choice(spot): 1.0}


def rule_of_thumb(spot: Spot, most: int = 2) -> str:
    """Throw again while the tray holds at most ``most`` dice, else *Videre*; all on an empty
    tray. (The optimum mostly agrees at two, it weighs the hands at three.)"""
    opts = spot.options()
    if VIDERE in opts:
        return THROW if spot.tray.bit_count() <= most else VIDERE
    return THROW_ALL if THROW_ALL in opts else THROW


def thumb(spot: Spot) -> dict[str, float]:
    """Kaj: his rule of thumb, never a sum."""
    return {rule_of_thumb(spot): 1.0}


def careful(spot: Spot) -> dict[str, float]:
    """Grethe: *Videre* as soon as two dice lie in the tray (afraid of a pair), else the optimum."""
    if VIDERE in spot.options() and spot.tray.bit_count() >= 2:
        return {VIDERE: 1.0}
    return {optimal_choice(spot): 1.0}


def reckless(spot: Spot) -> dict[str, float]:
    """Ronni throws on: where the optimum says *Videre* he throws again half the time, unless
    the tray is full (five faces: a pair is then five to one)."""
    best = optimal_choice(spot)
    if best == VIDERE and spot.tray.bit_count() < 5:
        return {THROW: 0.5, VIDERE: 0.5}
    return {best: 1.0}


def henning(spot: Spot) -> dict[str, float]:
    """Henning knows the game; one time in five he plays by habit (*Videre* from three dice)."""
    best, habit = optimal_choice(spot), rule_of_thumb(spot, most=2)
    if best == habit:
        return {best: 1.0}
    return {best: 0.8, habit: 0.2}


def plain(spot: Spot) -> dict[str, float]:
    """The issue's baseline player, Simpel: *Videre* at once after the one die it must throw; all the dice
    on an empty tray."""
    return {simpel_choice(spot): 1.0}


POLICIES: dict[str, Callable[[Spot], Mapping[str, float]]] = {
    "henning": henning, "careful": careful, "bluffer": thumb, "reckless": reckless,
    "sharp": sharp, "simpel": plain,
}

REGULARS: list[dict[str, str]] = regulars.cast({  # engine/regulars.py: who sits down
    "henning": "Kender bakken fra 1987. Spiller rigtigt, men en gang imellem af gammel vane.",
    "careful": "Forsigtig. Siger videre, så snart der ligger to terninger i bakken.",
    "bluffer": "Spiller på fornemmelsen: kaster videre til der ligger tre i bakken.",
    "reckless": "Vildbassen. Kaster én til, når andre ville sige videre.",
    "sharp": "Den skarpe. Har regnet bakken ud og spiller den perfekt.",
})
SIMPEL: dict[str, str] = regulars.baseline(
    "Grundspilleren: siger videre med det samme og kaster alle på en tom bakke.")


def genitive(name: Any) -> str:
    """Danish possessive: "Kajs", but "Lis'" (a name ending in s, x or z takes an apostrophe)."""
    text = name if isinstance(name, str) else shown(name)
    return text + ("'" if text[-1:].lower() in "sxz" and text else "s")


# --- what a seat knows ------------------------------------------------------------------------

def spot_of(view: Any) -> Spot:
    """The decision in ``view`` (its own seat, its turn), checked as input from outside."""
    if not isinstance(view, dict) or view.get("game") != "bakke":
        raise IllegalAction(f"Ikke en visning af et Bakke-bord: {shown(view)} (not a bakke view)")
    me, players, hands = view.get("me"), view.get("players"), view.get("hands")
    if (not isinstance(players, list) or not all(isinstance(p, str) for p in players)
            or me not in players or not isinstance(hands, dict)
            or any(type(hands.get(p)) is not int or hands[p] < 0 for p in players)):
        raise IllegalAction("Visningen kan ikke læses (malformed view: me, players, hands)")
    if view.get("phase") != "playing" or view.get("turn") != me:
        raise IllegalAction(f"Det er ikke {genitive(me)} tur (not this player's turn)")
    tray, thrown = view.get("tray"), view.get("thrown")
    if (not isinstance(tray, list) or any(type(f) is not int or f not in TRAY_FACES for f in tray)
            or len(set(tray)) != len(tray)
            or type(thrown) is not int or thrown < 0 or hands[me] < 1):
        raise IllegalAction("Visningen kan ikke læses (malformed view: tray, thrown)")
    i = players.index(me)
    others = [players[(i + k) % len(players)] for k in range(1, len(players))]
    rest = tuple(hands[p] for p in others if hands[p] > 0)
    if not rest:
        raise IllegalAction("Ingen andre har terninger (nobody else is in)")
    return Spot((hands[me], *rest), mask_of(tray), thrown > 0, view.get("first_throw") is True)


# --- the players -------------------------------------------------------------------------------

class Player:
    """A seat played by a policy, with its own seeded random source (mixed choices, lines)."""

    def __init__(self, name: str, description: str, style: str, seed: Any = None) -> None:
        if not isinstance(name, str) or not name:
            raise IllegalAction(f"En spiller skal have et navn, ikke {shown(name)} (a name)")
        self.name, self.description, self.style_name = name, description, style
        self.policy = POLICIES[style]
        self.rng = random.Random(seed_of(seed))

    def decide(self, view: dict[str, Any]) -> dict[str, str]:
        """The action to send to ``Table.act`` — always one of the view's legal choices."""
        spot = spot_of(view)
        if view.get("me") != self.name:
            raise IllegalAction(f"Visningen er ikke {genitive(self.name)} (a view of another seat)")
        given = view.get("legal")
        legal = [c for c in CHOICES if c in given] if isinstance(given, list) else []
        if not legal:
            raise IllegalAction(f"{self.name} har intet at gøre (no legal throw or videre)")
        choice = self.pick(self.policy(spot))
        return {"type": choice if choice in legal else legal[0]}

    def pick(self, mixed: Mapping[str, float]) -> str:
        """One choice drawn from a mixed policy (no draw at all for a pure one)."""
        items = list(mixed.items())
        if len(items) == 1:
            return items[0][0]
        r, acc = self.rng.random(), 0.0
        for choice, p in items:
            acc += p
            if r < acc:
                return choice
        return items[-1][0]

    def say(self, event: dict[str, Any], view: dict[str, Any], lang: str = "da") -> str | None:
        """Its line in ``lang`` ("da" or "en") on a table event about itself, or on another
        player giving the Tuborg (docs/regulars.md), or None."""
        check_lang(lang)
        if not isinstance(view, dict) or view.get("game") != "bakke":
            raise IllegalAction(f"Ikke en visning af et Bakke-bord: {shown(view)} (not a bakke view)")
        moment = speech.moment_of(event, self.name)
        if moment is None:
            return None
        style = self.style_name if self.style_name in speech.LINES else "careful"
        kind, detail = moment
        return speech.line(style, kind, self.rng, face=detail if kind == "pick_up" else None,
                           who=detail if kind == "cheers" else None, lang=lang)

    # A Bakke regular remembers nothing the view does not show: the memory is empty.
    def memory(self) -> dict[str, Any]:
        return {}

    def recall(self, memory: Any) -> None:
        if memory != {}:
            raise IllegalAction(f"{genitive(self.name)} hukommelse kan ikke læses (bad memory)")


def regular(name: str, seed: Any = None) -> Player:
    """A regular by name (see REGULARS), with its own random source."""
    info = regulars.find(REGULARS, name)
    return Player(info["name"], info["description"], info["style"], seed)


def simpel(name: str = "Simpel", seed: Any = None) -> Player:
    """The baseline, Simpel (docs/regulars.md), same interface as a regular."""
    return Player(name, SIMPEL["description"], "simpel", seed)


