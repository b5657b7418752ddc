"""The regulars (*stamgæsterne*): bots that play Snyd from their own view, and talk like the pub.

>>> [r["name"] for r in REGULARS]
['Henning', 'Grethe', 'Kaj', 'Ronni', 'Lis']
>>> henning = regular("Henning", seed=1)

A regular sees exactly what a human in its seat sees (`table.view(name)`, docs/views.md) and keeps
its own memory between calls: its dice while it could peek (*Kig kun én gang*) and nothing else it
could not have seen. `decide(view)` returns an action dict for `Table.act`; `say(event, view)` a line.

How they play (docs/regulars.md): every regular weighs the same two risks — calling loses the
round if the bid holds (chance p), raising loses it if the raise is called and fails (1 − p′) —
and its style shifts the balance: how safe an opening, how far it trusts the others, how often it
bluffs. The sharp one (Lis) also reads the other players' bids as evidence about their dice.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any

from engine import regulars
from engine.dice import seed_of
from engine.errors import IllegalAction, shown
from engine.snyd import speech
from engine.snyd.bid import Bid, bid_rank, is_raise, raises
from engine.snyd.checks import hand_of, is_list
from engine.snyd.odds import UNIFORM, beliefs_chance, exact_chance
from engine.snyd.rules import Rules
from engine.snyd.view import read_view
from engine.voices import check_lang


@dataclass(frozen=True)
class Style:
    """The knobs of a regular. Chances are from the regular's own (possibly biased) beliefs."""

    open_target: float      # opens with the highest bid on its best face at least this likely
    call_factor: float      # calls when p(current) < call_factor * (1 - p(best raise))
    evidence: float         # how much another player's bid tilts its beliefs about their dice
    bluff_rate: float       # how often it bids a face it does not hold (when that costs little)
    bluff_cost: float       # ... at most this much chance below its best raise
    jump_rate: float = 0.0  # how often it jumps a quantity higher than needed (when still safe)
    jump_floor: float = 0.5  # ... keeping at least this chance
    favourite: int | None = None  # a face it likes when it is as good as the best
    exact_read: int = 0     # hands of at most this many dice are read exactly (hand posterior)
    trust: float = 0.8      # ... believing a bid honest (at least even money from its seat)


STYLES: dict[str, Style] = {
    # Henning, the seed's regular: steady, reads the table a little, loves his møller.
    "henning": Style(open_target=0.70, call_factor=0.9, evidence=0.5, bluff_rate=0.05,
                     bluff_cost=0.04, favourite=5, exact_read=2, trust=0.7),
    # Grethe, the careful one: safe openings, calls early, never bluffs.
    "careful": Style(open_target=0.80, call_factor=1.05, evidence=0.2, bluff_rate=0.0,
                     bluff_cost=0.0),
    # Kaj, the bluffer: bids faces he does not hold to lead the table astray.
    "bluffer": Style(open_target=0.65, call_factor=0.95, evidence=0.3, bluff_rate=0.35,
                     bluff_cost=0.08),
    # Ronni, the reckless one: opens high, jumps quantities, hates to call.
    "reckless": Style(open_target=0.55, call_factor=0.80, evidence=0.2, bluff_rate=0.1,
                      bluff_cost=0.06, jump_rate=0.4, jump_floor=0.45),
    # Lis, the sharp one: reads every hand exactly from its owner's bids, bluffs rarely and cheaply.
    "sharp": Style(open_target=0.70, call_factor=1.0, evidence=0.9, bluff_rate=0.08,
                   bluff_cost=0.03, exact_read=6, trust=0.9),
}

REGULARS: list[dict[str, str]] = regulars.cast({  # engine/regulars.py: who sits down
    "henning": "Stamgæst siden 1987. Siger møller og lujer, og kender vejen til Viborg.",
    "careful": "Forsigtig. Byder kun, hvad hun har, og løfter hellere for tidligt end for sent.",
    "bluffer": "Bluffer med et pokerfjæs. Tro aldrig på hans første bud.",
    "reckless": "Vildbassen. Byder højt, springer over og løfter nødigt.",
    "sharp": "Den skarpe. Regner på hvert bud og læser bordet som en avis.",
})
SIMPEL: dict[str, str] = regulars.baseline(
    "Grundspilleren: byder det sandsynlige og løfter resten. Målestok for de andre.")


# --- what a seat knows ---------------------------------------------------------------------------

@dataclass
class Position:
    """The facts a decision uses, all taken from one view (plus the regular's own memory)."""

    rules: Rules
    me: str
    own: list[int]                 # own dice if known (peeking or remembered), else []
    own_count: int                 # own dice in this game
    others: dict[str, int]         # dice of every other player still in play
    current: Bid | None
    cap: int
    bids: list[dict[str, Any]] = field(default_factory=list)

    def unknown_others(self) -> list[int]:
        """Dice counts of the unknown hands (own dice among them if they are forgotten)."""
        counts = list(self.others.values())
        if not self.own and self.own_count:
            counts.append(self.own_count)
        return counts


def dice_counts(view: dict[str, Any]) -> dict[str, int]:
    """Dice per player in play. Under *Skjult antal* kept like a player keeps it: from the events
    (every player starts a game with dice_per_player; each put_away takes one)."""
    in_play = view.get("in_play", [])
    if "dice_left" in view:
        return {p: view["dice_left"][p] for p in in_play}
    start = view["rules"].get("dice_per_player", 6)
    counts: dict[str, int] = {}
    game = None
    for event in view.get("events", []):
        if event.get("type") == "new_game":
            game = event.get("game_no")
            counts = {p: start for p in event.get("players", [])}
        elif event.get("type") == "put_away" and event.get("player") in counts:
            counts[event["player"]] -= 1
    if game != view.get("game_no") or not counts:
        counts = {p: start for p in view.get("in_game", in_play)}
    counts[view["me"]] = view.get("my_dice_count", counts.get(view["me"], start))
    return {p: max(counts.get(p, start), 1) for p in in_play}


def position(view: dict[str, Any], own: list[int] | None) -> Position:
    rules = Rules.from_dict(view["rules"])
    counts = dice_counts(view)
    me = view["me"]
    current = view.get("current_bid")
    return Position(
        rules=rules, me=me, own=list(own or []), own_count=view.get("my_dice_count", 0),
        others={p: n for p, n in counts.items() if p != me},
        current=Bid(current["quantity"], current["face"]) if current else None,
        cap=view["max_quantity"], bids=list(view.get("bids", [])),
    )


# --- the players -----------------------------------------------------------------------------

class Player:
    """Shared by the regulars and Simpel: memory, legality, speech."""

    style_name = "henning"

    def __init__(self, name: str, description: str, seed: int | None = None) -> None:
        if not isinstance(name, str) or not name:
            raise IllegalAction(f"En spiller skal have et navn, ikke {shown(name)} (a name)")
        self.name = name
        self.description = description
        self.rng = random.Random(seed_of(seed))
        self._seen: dict[tuple[int, int], list[int]] = {}

    # memory: its dice while it could see them (S40: it must remember them after its first bid)
    def observe(self, view: dict[str, Any]) -> None:
        if not isinstance(view, dict):
            raise IllegalAction(f"Visningen kan ikke læses: {shown(view)} (a view is a dict)")
        if view.get("my_dice") is not None:
            key = (view.get("game_no", 0), view.get("round_no", 0))
            if type(key[0]) is not int or type(key[1]) is not int:
                raise IllegalAction("Visningen har ikke spil- og rundenummer (malformed view)")
            self._seen = {key: hand_of(view["my_dice"])}

    def memory(self) -> dict[str, Any]:
        """What it remembers, as JSON, so a saved table keeps it (S40: dice behind a locked cup)."""
        return {"seen": [[g, r, dice] for (g, r), dice in self._seen.items()]}

    def recall(self, memory: dict[str, Any]) -> None:
        """Take back what ``memory()`` gave; anything malformed is an IllegalAction (a ValueError),
        memory unchanged."""
        bad = IllegalAction(f"{self.name}s hukommelse kan ikke læses (bad memory)")
        entries = memory.get("seen") if isinstance(memory, dict) else None
        if not is_list(entries) or len(entries) > 1:  # it remembers one round at most
            raise bad
        seen = {}
        for entry in entries:
            if (not is_list(entry) or len(entry) != 3
                    or any(type(n) is not int or n < 0 for n in entry[:2])):
                raise bad
            seen[(entry[0], entry[1])] = hand_of(entry[2])
        self._seen = seen

    def own_dice(self, view: dict[str, Any]) -> list[int] | None:
        self.observe(view)
        return self._seen.get((view.get("game_no", 0), view.get("round_no", 0)))

    def decide(self, view: dict[str, Any]) -> dict[str, Any]:
        """The action to send to `Table.act` — always legal for this view.

        A malformed view, or one where it is not this player's turn, is an IllegalAction."""
        read_view(view)
        if view["turn"] != view["me"] or not (view["can_bid"] or view["can_call"]):
            raise IllegalAction(f"Det er ikke {view['me']}s tur (not this player's turn)")
        pos = position(view, self.own_dice(view))
        legal = raises(pos.current, pos.rules, pos.cap)
        if not legal:
            return {"type": "call"}
        action = self.choose(pos, legal)
        if action["type"] == "call" and view.get("can_call"):
            return action
        if action["type"] == "bid":
            bid = Bid(action["quantity"], action["face"])
            if bid.quantity <= pos.cap and is_raise(bid, pos.current, pos.rules):
                return action
        # Never an illegal move: fall back on the lowest legal raise.
        return {"type": "bid", **legal[0].to_dict()}

    def choose(self, pos: Position, legal: list[Bid]) -> dict[str, Any]:
        raise NotImplementedError

    def say(self, event: dict[str, Any], view: dict[str, Any], lang: str = "da") -> str | None:
        """Its line on a public event in ``lang`` ("da" or "en"), or None when it has nothing
        to say. The same seed says the same lines in either language."""
        check_lang(lang)
        self.observe(view)
        if (not isinstance(event, dict) or not isinstance(event.get("player", ""), str)
                or not isinstance(event.get("type", ""), str)
                or not is_list(event.get("players", []))):
            raise IllegalAction(f"Ukendt hændelse {shown(event)} (malformed event)")
        if event.get("player") != self.name and event.get("type") != "final":
            return None
        kind = event.get("type")
        if kind == "bid":
            return speech.bid_line(self.style_name, event, self.rng, lang)
        moments = {"call": "call", "out": "win", "game_lost": "lose", "to_viborg": "viborg",
                   "home": "home"}
        if kind == "lost_completely":
            return speech.line(self.style_name, "selvbinder" if event.get("selvbinder") else "lose",
                               self.rng, lang)
        if kind == "final" and self.name in event.get("players", []):
            return speech.line(self.style_name, "viborg", self.rng, lang)
        if kind in moments:
            return speech.line(self.style_name, moments[kind], self.rng, lang)
        return None


def _bid_action(bid: Bid) -> dict[str, Any]:
    return {"type": "bid", "quantity": bid.quantity, "face": bid.face}


def candidate_raises(current: Bid | None, legal: list[Bid], per_face: int = 3) -> list[Bid]:
    """Per face (and af en slags): the smallest legal raise and the next few quantities."""
    seen: dict[int | None, int] = {}
    out = []
    for bid in legal:
        taken = seen.get(bid.face, 0)
        if taken < per_face:
            seen[bid.face] = taken + 1
            out.append(bid)
    return out


class Simpel(Player):
    """The baseline: opens the highest bid on its best face with chance ≥ 0.5; answers with the
    smallest raise with chance ≥ 0.5, else *Løft*. Fair dice, no reading of the others."""

    style_name = "careful"

    def choose(self, pos: Position, legal: list[Bid]) -> dict[str, Any]:
        own, others = pos.own, pos.unknown_others()
        if pos.current is None:
            return _bid_action(simpel_opening(pos, legal))
        dead: set[int | None] = set()  # chance falls with quantity: once below, the face is done
        for bid in legal:
            if bid.face in dead:
                continue
            if exact_chance(bid, own, others, pos.rules) >= 0.5:
                return _bid_action(bid)
            dead.add(bid.face)
            if len(dead) == len({b.face for b in legal}):
                break
        return {"type": "call"}


def simpel_opening(pos: Position, legal: list[Bid]) -> Bid:
    """The highest bid with chance ≥ 0.5 on the best face (the face whose such bid is highest)."""
    own, others = pos.own, pos.unknown_others()
    best: Bid | None = None
    for face in pos.rules.biddable_faces:
        top = None
        for bid in legal:
            if bid.face == face:
                if exact_chance(bid, own, others, pos.rules) >= 0.5:
                    top = bid
                else:
                    break
        if top is not None and (best is None or bid_rank(top, pos.rules) > bid_rank(best, pos.rules)):
            best = top
    return best or legal[0]


class Regular(Player):
    """A regular with a style: the same risk arithmetic, different temperaments."""

    def __init__(self, name: str, description: str, style: str, seed: int | None = None) -> None:
        super().__init__(name, description, seed)
        self.style_name = style
        self.style = STYLES[style]
        # The sharp one plays the equilibrium tables where she sits heads-up in a covered
        # endgame (engine/snyd/endgame.py; docs/regulars.md). False: her play of before.
        self.endgame = style == "sharp"

    def decide(self, view: dict[str, Any]) -> dict[str, Any]:
        if self.endgame:
            action = self.endgame_move(view)
            if action is not None:
                return action
        return super().decide(view)

    def endgame_move(self, view: dict[str, Any]) -> dict[str, Any] | None:
        """A move drawn from the equilibrium tables with her own rng, or None where they do not
        cover the position (the module, and its tables, are imported only when they may)."""
        read_view(view)
        if (view["turn"] != view["me"] or not (view["can_bid"] or view["can_call"])
                or len(view["in_play"]) != 2):
            return None
        own = self.own_dice(view)
        if own is None:
            return None
        from engine.snyd import endgame
        return endgame.choose({**view, "my_dice": own}, self.rng)

    # beliefs: another player's bids on a face make that face (and the jokers) likelier in their cup
    def beliefs(self, pos: Position) -> list[tuple[int, tuple[float, ...]]]:
        hands = []
        strength = self.style.evidence
        for player, n in pos.others.items():
            if n <= self.style.exact_read:
                bids = tuple((b["quantity"], b["face"]) for b in pos.bids
                             if b.get("player") == player and b.get("face") is not None)
                if bids:
                    seen_by_them = tuple(sorted([m for p, m in pos.others.items() if p != player]
                                                + [pos.own_count]))
                    hands.append((n, hand_posterior(n, bids, seen_by_them, pos.rules, self.style.trust)))
                    continue
            weights = [1.0] * 6
            previous_face: int | None | str = "none"
            for bid in pos.bids:
                face = bid.get("face")
                if bid.get("player") == player and face is not None and strength:
                    # Naming a new face says more than following the last bidder's face.
                    push = strength if face != previous_face else strength / 2
                    weights[face - 1] += push
                    if pos.rules.jokers:
                        weights[0] += push / 3
                previous_face = face
            total = sum(weights)
            hands.append((n, tuple(w / total for w in weights)))
        if not pos.own and pos.own_count:
            hands.append((pos.own_count, UNIFORM))
        return hands

    def odds(self, pos: Position) -> Callable[[Bid], float]:
        hands = self.beliefs(pos)
        return lambda bid: beliefs_chance(bid, pos.own, hands, pos.rules)

    def choose(self, pos: Position, legal: list[Bid]) -> dict[str, Any]:
        p = self.odds(pos)
        if pos.current is None:
            return _bid_action(self.opening(pos, legal, p))
        scored = [(p(b), b) for b in candidate_raises(pos.current, legal)]
        best_p, best = self.best(scored, pos.rules)
        p_current = p(pos.current)
        if p_current < self.style.call_factor * (1 - best_p):
            return {"type": "call"}
        return _bid_action(self.flavour(scored, best_p, best, pos.rules))

    def best(self, scored: list[tuple[float, Bid]], rules: Rules) -> tuple[float, Bid]:
        fav = self.style.favourite

        def key(item: tuple[float, Bid]) -> tuple[float, int, tuple[int, int]]:
            chance_, bid = item
            rank = bid_rank(bid, rules)
            return (round(chance_, 3), 1 if bid.face == fav else 0, (-rank[0], -rank[1]))

        return max(scored, key=key)

    def flavour(self, scored: list[tuple[float, Bid]], best_p: float, best: Bid,
                rules: Rules) -> Bid:
        style = self.style
        if style.bluff_rate and self.rng.random() < style.bluff_rate:
            bluffs = [b for c, b in scored if b.face != best.face and c >= best_p - style.bluff_cost]
            if bluffs:
                return self.rng.choice(bluffs)
        if style.jump_rate and self.rng.random() < style.jump_rate:
            jumps = [b for c, b in scored if b.face == best.face and c >= style.jump_floor
                     and bid_rank(b, rules) > bid_rank(best, rules)]
            if jumps:
                return jumps[0]
        return best

    def opening(self, pos: Position, legal: list[Bid], p: Callable[[Bid], float]) -> Bid:
        """The highest bid on a face that is at least `open_target` likely."""
        best: tuple[float, Bid] | None = None
        faces = list(pos.rules.biddable_faces)
        if self.style.bluff_rate and self.rng.random() < self.style.bluff_rate:
            faces = [self.rng.choice(faces)]  # an opening on a face picked for show
        for face in faces:
            top = None
            for bid in legal:
                if bid.face != face:
                    continue
                chance_ = p(bid)
                if chance_ < self.style.open_target:
                    break
                top = (chance_, bid)
            if top and (best is None or bid_rank(top[1], pos.rules) > bid_rank(best[1], pos.rules)
                        or (bid_rank(top[1], pos.rules)[0] == bid_rank(best[1], pos.rules)[0]
                            and face == self.style.favourite)):
                best = top
        if best is None:
            face_bids = [b for b in legal if b.face in faces] or legal
            return max(face_bids[:len(faces)], key=lambda b: p(b))
        return best[1]


@lru_cache(maxsize=4096)
def hand_posterior(n: int, bids: tuple[tuple[int, int], ...], others: tuple[int, ...], rules: Rules,
                   trust: float) -> tuple[tuple[tuple[int, ...], float], ...]:
    """What a player's n dice are, after their face bids this round, if each bid was (with
    probability `trust`) at least even money from their own seat — exact over every hand."""
    prior_total = 0.0
    out = []
    said = [Bid(quantity, face) for quantity, face in bids]
    for hand in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for face in set(hand):
            ways //= factorial(hand.count(face))
        weight = ways / 6 ** n
        for bid in said:
            if exact_chance(bid, hand, others, rules) < 0.5:
                weight *= 1 - trust
        out.append((hand, weight))
        prior_total += weight
    if prior_total <= 0:
        return hand_posterior(n, (), others, rules, trust)
    return tuple((hand, w / prior_total) for hand, w in out if w > 0)


def regular(name: str, seed: int | None = None) -> Regular:
    """A regular by name (see REGULARS), with its own random source for bluffs and lines."""
    info = regulars.find(REGULARS, name)
    return Regular(info["name"], info["description"], info["style"], seed)


def simpel(name: str = "Simpel", seed: int | None = None) -> Simpel:
    """The documented baseline player Simpel (docs/regulars.md), same interface as a regular."""
    return Simpel(name, SIMPEL["description"], seed)
