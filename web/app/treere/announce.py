"""What the Treere table says about its events, in the player's language (pure: events are
engine.treere's; the texts are the "treere." catalogue of app/lang).

`line(event)` is the sentence for the aria-live log and the news line on the felt; None for
events that need no words. The early end (T3), the antes on a zero (T4), ties (T5) and the
progressive thresholds (T6) are said plainly.
"""
from __future__ import annotations

from app.lang import t


def units(n: int) -> str:
    """ "1 enhed", "3 enheder" ("1 unit", "3 units")."""
    return t("treere.units.one", n=n) if abs(n) == 1 else t("treere.units.many", n=n)


def names(players: list[str]) -> str:
    """"Mette", "Mette og Lis", "Mette, Bo og Lis"."""
    players = [str(p) for p in players]
    if len(players) <= 1:
        return "".join(players)
    return t("treere.names", first=", ".join(players[:-1]), last=players[-1])


def faces_text(faces: list[int]) -> str:
    return " ".join(str(f) for f in faces)


def score_text(score: int) -> str:
    return t("treere.zero") if score == 0 else str(score)


def threshold_text(threshold: int) -> str:
    return t("treere.zero") if threshold == 0 else t("treere.at_most", n=threshold)


def line(e: dict) -> str | None:
    kind = e.get("type")
    who = e.get("player", "")
    if kind == "new_game":
        return t("treere.news.new_game", n=e["game_no"], starter=e["starter"])
    if kind == "ante":
        amounts = {"units": units(e["units"]), "pot": units(e["pot"])}
        if e["reason"] == "zero":
            return t("treere.news.ante.zero", **amounts)
        if e["reason"] == "progressive":
            return t("treere.news.ante.progressive", **amounts)
        return t("treere.news.ante", **amounts)
    if kind == "roll":
        return t("treere.news.roll", who=who, faces=faces_text(e["faces"]))
    if kind == "keep":
        return t("treere.news.keep", who=who, faces=faces_text(e["faces"]), score=score_text(e["score"]))
    if kind == "early_end":
        key = "treere.news.early_end.one" if e["left"] == 1 else "treere.news.early_end.many"
        return t(key, who=who, score=e["score"], to_beat=score_text(e["to_beat"]), left=e["left"])
    if kind == "turn_over":
        return None if e.get("early") else t("treere.news.turn_over", who=who, score=score_text(e["score"]))
    if kind == "no_winner":
        return t("treere.news.no_winner", threshold=threshold_text(e["threshold"]))
    if kind == "tie":
        if e["score"] == 0:
            return t("treere.news.tie.zero", names=names(e["players"]))
        return t("treere.news.tie", score=e["score"])
    if kind == "replay":
        threshold = e.get("threshold")
        if threshold is None:
            return None
        return t("treere.news.replay", n=e["round_no"], threshold=threshold_text(threshold))
    if kind == "won":
        return t("treere.news.won", who=who, pot=units(e["pot"]), score=score_text(e["score"]))
    return None
