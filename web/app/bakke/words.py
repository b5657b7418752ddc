"""What the Bakke table says, in the seed's words (pure): the news of each event, whose turn
it is, the loser's Tuborg.

The events are the engine's (engine/bakke/table.py: new_game, throw, ones_out, pick_up,
videre, out, fejl, game_over); a line per event goes to the live log and the felt.
"""
from __future__ import annotations

NUMBERS = {1: "en", 2: "to", 3: "tre", 4: "fire", 5: "fem", 6: "seks", 7: "syv", 8: "otte",
           9: "ni", 10: "ti", 11: "elleve", 12: "tolv"}


def number(n: int) -> str:
    return NUMBERS.get(n, str(n))


# The faces as the table says them (the words of engine/snyd/speech.py and the regulars').
SINGULAR = {1: "etter", 2: "toer", 3: "treer", 4: "firer", 5: "femmer", 6: "sekser"}
PLURAL = {1: "ettere", 2: "toere", 3: "treere", 4: "firere", 5: "femmere", 6: "seksere"}


def faces_word(face: int, count: int) -> str:
    """ "en femmer", "to femmere"."""
    return f"en {SINGULAR[face]}" if count == 1 else f"{number(count)} {PLURAL[face]}"


def dice_word(count: int) -> str:
    if count == 0:
        return "ingen terninger"
    return "én terning" if count == 1 else f"{number(count)} terninger"


def genitive(name: str) -> str:
    """Danish genitive: "Mettes", "Jonas'" (a name ending in s, x or z takes an apostrophe)."""
    return f"{name}'" if name[-1:].lower() in ("s", "x", "z") else f"{name}s"


def event_line(event: dict, me: str | None = None) -> str:
    """One line for one engine event ("" for one that needs no words). `me`: the single person
    at this phone, who is "du" (None at a pass-and-play table: everyone by name)."""
    kind = event.get("type")
    who = _name(event.get("player"), me)
    if kind == "new_game":
        first = _name(event.get("first"), me)
        return f"Spil {event.get('game_no')} – {first} begynder"
    if kind == "throw":
        faces = event.get("faces", [])
        shown = " ".join(str(f) for f in faces)
        if event.get("mode") == "all":
            return f"{who} kaster {'alle ' if len(faces) > 1 else ''}{dice_word(len(faces))}: {shown}"
        return f"{who} slår {faces_word(faces[0], 1)}" if faces else ""
    if kind == "ones_out":
        n = int(event.get("count", 0))
        return f"{faces_word(1, n).capitalize()} ud af spillet"
    if kind == "pick_up":
        return f"{who} samler {faces_word(event['face'], int(event.get('count', 2)))} op"
    if kind == "videre":
        return f"{who}: Videre!"
    if kind == "out":
        return f"{who} er ude – ingen terninger tilbage"
    if kind == "fejl":
        taken = dice_word(len(event.get("faces", [])))
        if me is not None and event.get("against") == me:
            return f"Fejl! {who} dømmer fejl mod dig: du tager {taken} op"
        against = _name(event.get("against"), me)
        return f"Fejl! {who} dømmer fejl mod {against}: {against} tager {taken} op"
    if kind == "game_over":
        return tuborg_line(event.get("loser"), me)
    return ""


def tuborg_line(loser: str | None, me: str | None = None) -> str:
    if loser is None:
        return ""
    if loser == me:
        return "Du sidder tilbage med terninger og giver en Tuborg"
    return f"{loser} sidder tilbage med terninger og giver en Tuborg"


def _name(player: object, me: str | None) -> str:
    name = str(player) if player is not None else ""
    return "Du" if me is not None and name == me else name


def turn_line(view: dict, regulars: tuple[str, ...], single: str | None) -> str:
    """Whose turn it is, big and clear: "Din tur" (the only person at the phone), "Mettes tur"
    (pass-and-play: the phone goes round), "Henning kaster …" (a regular thinking)."""
    if view.get("phase") == "over":
        loser = view.get("loser")
        return "" if loser is None else "Du giver en Tuborg" if loser == single else f"{loser} giver en Tuborg"
    turn = view.get("turn")
    if not turn:
        return ""
    if turn in regulars:
        return f"{turn} kaster …"
    if turn == single:
        return "Din tur"
    return f"{genitive(turn)} tur"


def hint_line(view: dict, mine: bool) -> str:
    """What the person in turn may do now, in a line under the turn."""
    if view.get("phase") == "over" and view.get("loser"):
        return f"Sidst med terninger på hånden. Nyt spil: {view['loser']} begynder"
    if not mine or view.get("phase") != "playing":
        return ""
    legal = view.get("legal", [])
    if view.get("first_throw"):
        return "Kast alle dine terninger i bakken – svirp dem op, eller tryk Kast alle"
    if "throw_all" in legal:
        return "Bakken er tom: kast alle på én gang, eller én ad gangen"
    if "videre" in legal:
        return "Kast en terning mere, eller sig Videre"
    return "Kast én terning – svirp den op, eller tryk Kast"
