"""A game's house rules from a plain dict (a save, a peer's message): the same checks for
Snyd, Bakke and Treere, so a bad dict is the same IllegalAction at every table."""
from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

from engine.errors import IllegalAction, shown

R = TypeVar("R")


def check_names(rules_cls: type, switches: dict[Any, Any]) -> None:
    """Unknown switch names are an IllegalAction (not the constructor's TypeError)."""
    names = {f.name for f in fields(rules_cls)}
    unknown = [k for k in switches if k not in names]
    if unknown:
        listed = ", ".join(shown(k) for k in unknown[:3]) + (" …" if len(unknown) > 3 else "")
        raise IllegalAction(f"Ukendte husregler: {listed} (unknown rule switches)")


def rules_from_dict(rules_cls: type[R], d: Any) -> R:
    """`rules_cls(**d)` once `d` is a dict of known switches; the values are the class's to check."""
    if not isinstance(d, dict):
        raise IllegalAction("Husreglerne skal være en ordbog (rules must be a dict)")
    check_names(rules_cls, d)
    return rules_cls(**d)
