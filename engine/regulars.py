"""The regulars every game seats (docs/regulars.md): the same five people in the same order,
each game describing them in its own words and playing them with its own classes.

    REGULARS = regulars.cast({"henning": "…", "careful": "…", "bluffer": "…", "reckless": "…",
                              "sharp": "…"})
    info = regulars.find(REGULARS, "kaj")   # IllegalAction for a name no regular has
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import IllegalAction, shown

# (name, style): the order is the order they sit down in and are listed in everywhere.
CAST: tuple[tuple[str, str], ...] = (
    ("Henning", "henning"), ("Grethe", "careful"), ("Kaj", "bluffer"), ("Ronni", "reckless"),
    ("Lis", "sharp"),
)


def cast(descriptions: Mapping[str, str]) -> list[dict[str, str]]:
    """The five regulars as a game lists them: name, style, and the game's description of
    each (`descriptions`: style -> text, one for every style)."""
    return [{"name": name, "style": style, "description": descriptions[style]}
            for name, style in CAST]


def baseline(description: str) -> dict[str, str]:
    """Simpel, the baseline the regulars are measured against, as a game describes it."""
    return {"name": "Simpel", "style": "simpel", "description": description}


def find(regulars: list[dict[str, str]], name: Any) -> dict[str, str]:
    """The regular called `name` (any case); an IllegalAction naming them all for anything
    else (a name may come from a save or another phone: it is shown shortened)."""
    for info in regulars:
        if isinstance(name, str) and info["name"].lower() == name.lower():
            return info
    names = ", ".join(r["name"] for r in regulars)
    raise IllegalAction(f"Ukendt stamgæst {shown(name)} (unknown regular; one of {names})")
