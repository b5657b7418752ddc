"""What the regulars say at the Bakke table: pure data and functions (the voices of Snyd's regulars,
engine/snyd/speech.py, at the tray).

>>> import random
>>> line("sharp", "videre", random.Random(0))
'Videre.'
>>> face_word(5, 2)
'femmere'

No randomness of its own: callers pass a ``random.Random``.
"""
from __future__ import annotations

import random
from typing import Any

from engine.errors import IllegalAction, shown

_SINGULAR = {2: "toer", 3: "treer", 4: "firer", 5: "femmer", 6: "sekser"}
_PLURAL = {2: "toere", 3: "treere", 4: "firere", 5: "femmere", 6: "seksere"}

# Moments (the table's events, from the speaker's own seat):
#   videre    it says *Videre* (the seed: "højt og tydeligt")
#   throw_all it throws every die on an empty tray
#   ones      a 1 (or several) left the game from its throw
#   pick_up   it picked up dice ("{face}": the face, plural)
#   out       it got rid of its last die
#   lose      it is the last with dice: the Tuborg is on it
#   cheers    another player is the last with dice ("{who}": the loser)
#   fejl      someone called *Fejl* against it (the regulars never call it themselves)
LINES: dict[str, dict[str, list[str]]] = {
    "henning": {
        "videre": ["Videre!", "Videre, makker.", "Så er det videre."],
        "throw_all": ["Så ryger de allesammen.", "Alle mand i bakken!"],
        "ones": ["En joker, den er ude.", "Etteren ryger."],
        "pick_up": ["Nå, så må jeg tage de {face} op.", "{Face} tilbage i hånden, pokkers."],
        "out": ["Skål! Henning er slap.", "Så er jeg ude. Det var som det plejer."],
        "lose": ["Pokkers også. Den Tuborg er på mig.", "Sidst med terninger. Skål, I andre."],
        "cheers": ["Skål, {who}! Den Tuborg smager.", "Så er det {who}, der giver."],
        "fejl": ["Fejl? Jamen, jeg rørte da knap nok bakken.", "Godt så, jeg tager dem op."],
    },
    "careful": {
        "videre": ["Videre, tak.", "Så siger jeg videre.", "Videre. Nu tør jeg ikke mere."],
        "throw_all": ["Så prøver jeg alle på én gang.", "Jamen så kaster jeg dem alle."],
        "ones": ["Åh, en etter. Dejligt.", "Den er ude af spillet."],
        "pick_up": ["Åh nej, {face} tilbage i hånden.", "Det var ærgerligt med de {face}."],
        "out": ["Jamen dog, så er jeg ude. Tak for spillet.", "Stille og roligt, så er jeg ude."],
        "lose": ["Åh nej da. Så giver jeg en Tuborg.", "Det var ærgerligt. Skål alle sammen."],
        "cheers": ["Tak for spillet, {who}. Og tak for øllen.", "Skål, {who}."],
        "fejl": ["Undskyld! Det var slet ikke med vilje.", "Åh, det var mit ærme."],
    },
    "bluffer": {
        "videre": ["Videre, og det var planen.", "Videre!", "Videre. I så intet."],
        "throw_all": ["Alle sammen, med pokerfjæs.", "Se og lær."],
        "ones": ["Etter! Som bestilt.", "En joker, selvfølgelig."],
        "pick_up": ["{Face}? Det var med vilje.", "Jeg samler bare lidt på {face}."],
        "out": ["Ude! Hvem snød hvem?", "Pokerfjæs, venner. Jeg er ude."],
        "lose": ["I så det komme, hva'? Tuborg på mig.", "Den var næsten hjemme."],
        "cheers": ["{who} giver! Det så jeg komme.", "Skål, {who}. Jeg vidste det."],
        "fejl": ["Fejl? Bevis det.", "Jeg har aldrig rørt den bakke."],
    },
    "reckless": {
        "videre": ["Videre, for fanden!", "VIDERE!", "Nå, videre da."],
        "throw_all": ["ALLE SAMMEN! Nu ryger de!", "Fuld skrue, alle i bakken!"],
        "ones": ["En etter! Én til!", "Ud med den! Og én til!"],
        "pick_up": ["Argh, {face}! Det var terningernes skyld.", "{Face}?! Så kaster jeg bare igen."],
        "out": ["JA! Ude! Skål!", "Så kører det! Jeg er ude!"],
        "lose": ["Argh! Én gang til! Tuborgen er på mig.", "Det var terningernes skyld."],
        "cheers": ["SKÅL, {who}! En til!", "{who} giver! Så kører det!"],
        "fejl": ["Fejl?! Den bakke stod i vejen!", "Fint, giv mig dem alle sammen."],
    },
    "sharp": {
        "videre": ["Videre.", "Videre. Bakken er din.", "Videre, det er det rigtige her."],
        "throw_all": ["Alle på én gang. Det er det bedste på en tom bakke.", "Alle sammen."],
        "ones": ["En etter. Én mindre.", "Etteren ryger ud."],
        "pick_up": ["{Face} tilbage. Det var regnet med.", "Hm. {Face} op i hånden."],
        "out": ["Ude. Som beregnet.", "Tak for spillet."],
        "lose": ["Uheldigt. Tuborgen er på mig.", "Hm. Godt spillet, skål."],
        "cheers": ["Skål, {who}.", "Tak for spillet, {who}."],
        "fejl": ["Fejl? Så tager jeg dem.", "Korrekt. Jeg tager bakken."],
    },
}
STYLES = tuple(LINES)


def face_word(face: int, count: int = 2) -> str:
    """A face 2–6 as the table says it: "femmer" for one, "femmere" for more."""
    if type(face) is not int or face not in _SINGULAR or type(count) is not int or count < 1:
        raise IllegalAction(f"Ukendt øjental {shown(face)} (a tray face is 2-6)")
    return (_SINGULAR if count == 1 else _PLURAL)[face]


def line(style: str, moment: str, rng: random.Random | None = None,
         face: int | None = None, who: str | None = None) -> str | None:
    """One line for ``moment`` in ``style`` (None for a moment it has no words for).

    ``face`` fills "{face}" / "{Face}" in the pick-up lines, ``who`` "{who}" (the loser)."""
    if (not isinstance(style, str) or style not in LINES or not isinstance(moment, str)
            or not (rng is None or isinstance(rng, random.Random))):
        raise IllegalAction(f"Ukendt stil {shown(style)} (style: one of {', '.join(STYLES)})")
    choices = LINES[style].get(moment)
    if not choices:
        return None
    text = (rng or random.Random(0)).choice(choices)
    if "{" in text:
        word = face_word(face) if face is not None else "terningerne"
        name = who if isinstance(who, str) and who else "makker"
        text = text.format(face=word, Face=word[0].upper() + word[1:], who=name)
    return text


def moment_of(event: Any, name: str) -> tuple[str, int | str | None] | None:
    """Which moment a table event is for the regular ``name`` (and the face or the loser it
    names), or None when the event is not about it."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise IllegalAction(f"Ukendt hændelse {shown(event)} (malformed event)")
    kind = event["type"]
    if kind == "game_over":
        loser = event.get("loser")
        if loser == name:
            return "lose", None
        return ("cheers", loser) if isinstance(loser, str) and loser else None
    if kind == "fejl":
        return ("fejl", None) if event.get("against") == name else None
    if event.get("player") != name:
        return None
    if kind == "videre":
        return "videre", None
    if kind == "throw" and event.get("mode") == "all":
        return "throw_all", None
    if kind == "ones_out":
        return "ones", None
    if kind == "pick_up":
        face = event.get("face")
        return "pick_up", face if type(face) is int and face in _SINGULAR else None
    if kind == "out":
        return "out", None
    return None
