"""What the Treere table says about its events, in Danish (pure: events are engine.treere's).

`line(event)` is the sentence for the aria-live log and the news line on the felt; None for
events that need no words. The early end (T3), the antes on a zero (T4), ties (T5) and the
progressive thresholds (T6) are said plainly.
"""
from __future__ import annotations

from app.treere.setup_markup import units


def names(players: list[str]) -> str:
    """"Mette", "Mette og Lis", "Mette, Bo og Lis"."""
    players = [str(p) for p in players]
    if len(players) <= 1:
        return "".join(players)
    return ", ".join(players[:-1]) + " og " + players[-1]


def faces_text(faces: list[int]) -> str:
    return " ".join(str(f) for f in faces)


def score_text(score: int) -> str:
    return "nul" if score == 0 else str(score)


def threshold_text(threshold: int) -> str:
    return "nul" if threshold == 0 else f"{threshold} eller derunder"


def line(e: dict) -> str | None:
    kind = e.get("type")
    who = e.get("player", "")
    if kind == "new_game":
        return f"Spil {e['game_no']}: {e['starter']} begynder."
    if kind == "ante":
        if e["reason"] == "zero":
            return f"Nul! Alle lægger {units(e['units'])} mere i puljen – nu {units(e['pot'])}."
        if e["reason"] == "progressive":
            return f"Alle lægger {units(e['units'])} mere i puljen – nu {units(e['pot'])}."
        return f"Alle lægger {units(e['units'])} i puljen – {units(e['pot'])}."
    if kind == "roll":
        return f"{who} slår {faces_text(e['faces'])}."
    if kind == "keep":
        return f"{who} beholder {faces_text(e['faces'])} – score {score_text(e['score'])}."
    if kind == "early_end":
        return (f"{who} har {e['score']} og er over {score_text(e['to_beat'])} – "
                f"turen slutter med {e['left']} terning{'er' if e['left'] != 1 else ''} tilbage.")
    if kind == "turn_over":
        return None if e.get("early") else f"{who} slutter på {score_text(e['score'])}."
    if kind == "no_winner":
        return f"Ingen fik {threshold_text(e['threshold'])} – ingen vinder runden."
    if kind == "tie":
        if e["score"] == 0:
            return (f"Uafgjort på nul mellem {names(e['players'])}: de spiller om puljen alene; "
                    "de andre har lagt en ny indsats.")
        return f"Uafgjort på {e['score']} – én uafgjort, alle uafgjort: alle slår om."
    if kind == "replay":
        t = e.get("threshold")
        return None if t is None else f"Runde {e['round_no']}: kan kun vindes med {threshold_text(t)}."
    if kind == "won":
        return f"{who} vinder puljen: {units(e['pot'])} (score {score_text(e['score'])})."
    return None
