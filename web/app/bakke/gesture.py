"""What a throw gesture does at the Bakke table (pure): app/table/flick.py says flick or tap."""
from __future__ import annotations


def gesture_action(view: dict) -> dict | None:
    """The throw a gesture makes: all the dice when the rules allow it (the game's first throw,
    an empty tray at the start of a turn: B3, B5), else one die (B4); None when the holder may
    not throw now. Choosing one die into an empty tray (B5) is the *Kast* button's."""
    legal = view.get("legal", [])
    if view.get("phase") != "playing" or view.get("turn") != view.get("me"):
        return None
    if "throw_all" in legal:
        return {"type": "throw_all"}
    if "throw" in legal:
        return {"type": "throw"}
    return None
