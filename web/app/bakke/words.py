"""What the Bakke table says (pure): the news of each event, whose turn it is, the loser's
Tuborg, in the player's language (app/lang: the "bakke." texts).

The events are the engine's (engine/bakke/table.py: new_game, throw, ones_out, pick_up,
videre, out, fejl, fejl_undone, game_over); a line per event goes to the live log and the felt. Number and
face words are the table language's own (engine/snyd/speech.py), in the same language.
"""
from __future__ import annotations

from app.lang import language, t

from engine.snyd import speech

WORDS_UP_TO = 12  # "tolv terninger", then "13 terninger": digits read faster past a dozen


def number(n: int) -> str:
    """A number word up to twelve ("tre", "three"), digits past it."""
    return speech.number(n, lang=language()) if 0 <= n <= WORDS_UP_TO else str(n)


def faces_word(face: int, count: int) -> str:
    """ "en femmer", "to femmere" ("a five", "two fives")."""
    if count == 1:
        return t("bakke.faces.one", face=speech.face_word(face, 1, lang=language()))
    return t("bakke.faces.many", n=number(count), faces=speech.face_word(face, count, lang=language()))


def dice_word(count: int) -> str:
    """ "ingen terninger", "én terning", "tre terninger" ("no dice", "one die", "three dice")."""
    if count == 0:
        return t("bakke.dice.none")
    return t("bakke.dice.one") if count == 1 else t("bakke.dice.many", n=number(count))


def genitive(name: str) -> str:
    """Whose: Danish "Mettes", "Jonas'" (a name ending in s, x or z takes an apostrophe);
    English "Mette's", "Jonas's"."""
    if language() == "en":
        return f"{name}'s"
    return f"{name}'" if name[-1:].lower() in ("s", "x", "z") else f"{name}s"


def place(n: int) -> str:
    """A finishing place: "1." in Danish, "1st" in English."""
    return t(f"bakke.place.{n}") if n in (1, 2, 3) else t("bakke.place.n", n=n)


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def _said(key: str, who: str | None, me: str | None, **args: object) -> str:
    """The line of `key` for `who`; its ".you" form when the person at this phone did it."""
    if me is not None and who == me:
        return t(f"{key}.you", **args)
    return t(key, who=who or "", **args)


def event_line(event: dict, me: str | None = None) -> str:
    """One line for one engine event ("" for one that needs no words). `me`: the single person
    at this phone, who is "du" (None at a pass-and-play table: everyone by name)."""
    kind = event.get("type")
    who = str(event.get("player")) if event.get("player") is not None else None
    if kind == "new_game":
        first = event.get("first")
        if me is not None and first == me:
            return t("bakke.news.new_game.you", n=event.get("game_no"))
        return t("bakke.news.new_game", n=event.get("game_no"), first=first)
    if kind == "throw":
        faces = event.get("faces", [])
        shown = " ".join(str(f) for f in faces)
        if event.get("mode") == "all":
            key = {1: "bakke.news.throw_single", 2: "bakke.news.throw_both"}.get(len(faces), "bakke.news.throw_all")
            return _said(key, who, me, dice=dice_word(len(faces)), shown=shown)
        return _said("bakke.news.throw", who, me, faces=faces_word(faces[0], 1)) if faces else ""
    if kind == "ones_out":
        return t("bakke.news.ones_out", ones=capitalized(faces_word(1, int(event.get("count", 0)))))
    if kind == "pick_up":
        return _said("bakke.news.pick_up", who, me, faces=faces_word(event["face"], int(event.get("count", 2))))
    if kind == "videre":
        return t("bakke.news.videre", who=_name(who, me))
    if kind == "out":
        return _said("bakke.news.out", who, me)
    if kind == "fejl":
        taken = dice_word(len(event.get("faces", [])))
        against = event.get("against")
        if me is not None and against == me:
            return t("bakke.news.fejl.on_you", who=who, dice=taken)
        return _said("bakke.news.fejl", who, me, against=against, dice=taken)
    if kind == "fejl_undone":  # the caller took the fault back (before the next throw)
        back = dice_word(len(event.get("faces", [])))
        against = event.get("against")
        if me is not None and against == me:
            return t("bakke.news.fejl_undone.on_you", who=who, dice=back)
        return _said("bakke.news.fejl_undone", who, me, against=against, dice=back)
    if kind == "game_over":
        return tuborg_line(event.get("loser"), me)
    return ""


def tuborg_line(loser: str | None, me: str | None = None) -> str:
    if loser is None:
        return ""
    return t("bakke.news.tuborg.you") if loser == me else t("bakke.news.tuborg", loser=loser)


def _name(player: str | None, me: str | None) -> str:
    return t("bakke.you") if me is not None and player == me else (player or "")


def turn_line(view: dict, regulars: tuple[str, ...], single: str | None) -> str:
    """Whose turn it is, big and clear: "Din tur" (the only person at the phone), "Mettes tur"
    (pass-and-play: the phone goes round), "Henning kaster …" (a regular thinking)."""
    if view.get("phase") == "over":
        loser = view.get("loser")
        if loser is None:
            return ""
        return t("bakke.turn.tuborg.you") if loser == single else t("bakke.turn.tuborg", loser=loser)
    turn = view.get("turn")
    if not turn:
        return ""
    if turn in regulars:
        return t("bakke.turn.regular", name=turn)
    if turn == single:
        return t("bakke.turn.mine")
    return t("bakke.turn.other", owner=genitive(turn))


def hint_line(view: dict, mine: bool) -> str:
    """What the person in turn may do now, in a line under the turn."""
    if view.get("phase") == "over" and view.get("loser"):
        return t("bakke.hint.over", loser=view["loser"])
    if not mine or view.get("phase") != "playing":
        return ""
    legal = view.get("legal", [])
    if view.get("first_throw"):
        return t("bakke.hint.first")
    if "throw_all" in legal:
        return t("bakke.hint.empty")
    if "videre" in legal:
        return t("bakke.hint.videre")
    return t("bakke.hint.one")
