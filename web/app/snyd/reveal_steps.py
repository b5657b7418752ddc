"""The reveal, step by step (pure): from a view's ``last_reveal`` to the order in which the
golden rings appear, what each step adds, its label, and the running sum.

The engine decides what counted (``last_reveal.counting``: the ringed dice per player) and how
much a special hand is worth (``engine.snyd.special_value``, S11–S13); nothing is recounted here.
A plain counting die adds one (a 1 counting for another face is labelled a joker); a special hand
counts as a whole and is one step with its label ("1+2 = 3").
"""
from __future__ import annotations

from dataclasses import dataclass

from app.lang import t

from engine.snyd import Rules, special_value

# What the player reads beside a step (the seeds' words: "1+2 til sidst = 3", "En enlig 1'er =
# 2", "Trapper 1-2-3 = 4", "Ettere er jokere"): catalogue keys snyd.label.<kind>.
SPECIAL_KINDS = ("lone", "pair", "stairs")


@dataclass(frozen=True)
class Step:
    """One ring (or one special hand) lighting up."""
    player: str
    dice: tuple[int, ...]   # indexes into the player's revealed hand
    adds: int               # what this step adds to the count
    label: str | None       # "1+2 = 3", "joker" …; None for a plain die
    total: int              # the running sum after this step


def special_label(hand: list[int], value: int) -> str:
    kind = SPECIAL_KINDS[min(len(hand), 3) - 1]
    return t(f"snyd.label.{kind}", n=value)


def steps(view: dict) -> list[Step]:
    """The steps of the view's reveal, seat by seat in the order of ``hands``; [] without one."""
    rev = view.get("last_reveal")
    if not rev:
        return []
    rules = Rules.from_dict(view["rules"])
    face = rev.get("face")
    out: list[Step] = []
    total = 0
    for player, hand in rev["hands"].items():
        rings = list(rev.get("counting", {}).get(player, []))
        if not rings:
            continue
        value = special_value(hand, rules)
        if value is not None:  # S14: a special hand replaces its plain count, as one step
            total += value
            out.append(Step(player, tuple(rings), value, special_label(hand, value), total))
            continue
        for i in rings:
            total += 1
            joker = hand[i] == 1 and face != 1
            out.append(Step(player, (i,), 1, t("snyd.label.joker") if joker else None, total))
    return out


def step_of_die(plan: list[Step]) -> dict[tuple[str, int], int]:
    """(player, die index) -> the number of the step that rings it (from 0)."""
    return {(s.player, i): n for n, s in enumerate(plan) for i in s.dice}


def timed_out(view: dict) -> str | None:
    """Who ran out of time, when the shown reveal came from a timeout (S41), else None.

    The events go ``timeout`` (player), ``call`` (same player), ``reveal``: read from the view's
    public events, so a reload says it too."""
    if not view.get("last_reveal"):
        return None
    events = view.get("events", [])
    for i in range(len(events) - 1, -1, -1):
        if events[i].get("type") == "reveal":
            before = events[max(0, i - 2):i]
            if len(before) == 2 and before[0].get("type") == "timeout" \
                    and before[1].get("type") == "call" and before[0].get("player") == before[1].get("player"):
                return before[0].get("player")
            return None
    return None


def out_at_this_reveal(view: dict) -> set[str]:
    """Players who went out (slap, or lost the game) at the reveal on show: they played this
    round, so their dice are on the felt to be checked; their seat is dimmed only after *Næste*."""
    rev = view.get("last_reveal")
    if not rev or view.get("phase") not in ("reveal", "game_over"):
        return set()
    return {p for p in rev.get("hands", {}) if p in view.get("out", [])}


def dice_on_the_felt(view: dict) -> int | None:
    """The glass's number: the dice of the round on show. After a call the revealed hands (the
    next round's count shows only when it is dealt); None under Skjult antal (S43)."""
    if "total_dice" not in view:
        return None
    rev = view.get("last_reveal")
    if rev and view.get("phase") in ("reveal", "game_over"):
        return sum(len(h) for h in rev.get("hands", {}).values())
    return view["total_dice"]
