"""Table language for Treere: what the regulars say at the Treere table.

>>> say_score(0)
'nul'
>>> say_score(4)
'fire'
>>> line("sharp", "zero", random.Random(1))
'Fem treere. Nul.'

Pure data and functions, no randomness of its own (callers pass a ``random.Random``).  The
regulars are the Snyd regulars (engine/snyd/speech.py): the same voices, the words of this
table (treere, nul, puljen, en gang til).
"""
from __future__ import annotations

import random

from engine.errors import IllegalAction, shown

# Scores in words, 0-30 (the same Danish number words as engine/snyd/speech.py; kept here so
# that the Treere table does not import Snyd's whole package when a regular first speaks).
_SCORES = (
    "nul", "en", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti", "elleve", "tolv",
    "tretten", "fjorten", "femten", "seksten", "sytten", "atten", "nitten", "tyve", "enogtyve",
    "toogtyve", "treogtyve", "fireogtyve", "femogtyve", "seksogtyve", "syvogtyve", "otteogtyve",
    "niogtyve", "tredive",
)
_FACES = {1: "ettere", 2: "toere", 3: "treere", 4: "firere", 5: "femmere", 6: "seksere"}

# Moments: zero (five zeros), good (a final score of four or less: "good and worth keeping", the
# seed), bad (a final score above four), over (T3: the turn ended over the score to beat),
# win (took the pot), lose (another took it), tie (a tie: the round again), keep_all (stops
# after a roll with dice left).
LINES: dict[str, dict[str, list[str]]] = {
    "henning": {
        "zero": ["Fem treere! Skænk op, makker.", "Nul! Det er sådan, man gør."],
        "good": ["{score}. Den holder, hva'.", "{score}. Den tager jeg."],
        "bad": ["{score}. Det må I slå.", "Hm, {score}."],
        "over": ["Så er Henning ude.", "Pokkers, over."],
        "win": ["Puljen er min. Skål!", "Det var som det plejer."],
        "lose": ["Godt slået.", "Næste pulje er min."],
        "tie": ["Lige! En gang til, alle mand.", "Én lige, alle lige."],
        "keep_all": ["Jeg står.", "Den er god nok."],
    },
    "careful": {
        "zero": ["Fem treere… det havde jeg ikke regnet med.", "Nul! Jamen dog."],
        "good": ["{score}. Det er godt nok til mig.", "Jeg holder på {score}."],
        "bad": ["{score}… det bliver svært.", "Øh, {score}."],
        "over": ["Åh nej, over.", "Det gik ikke."],
        "win": ["Jamen dog, tak for puljen.", "Stille og roligt."],
        "lose": ["Tillykke.", "Det var ærgerligt."],
        "tie": ["Lige? Så må vi slå igen.", "En gang til, tak."],
        "keep_all": ["Jeg stopper her.", "Det er nok for mig."],
    },
    "bluffer": {
        "zero": ["Fem treere. Som bestilt.", "Nul! Og I troede, jeg bluffede."],
        "good": ["{score}. Held? Nej, talent.", "{score}, og det er billigt."],
        "bad": ["{score}. Det var med vilje.", "{score}. Slå den, hvis I tør."],
        "over": ["Over. Det var en finte.", "Den gemmer jeg til næste gang."],
        "win": ["Hvem snød hvem?", "Puljen tak."],
        "lose": ["I så det komme, hva'?", "Den var næsten hjemme."],
        "tie": ["Lige! Så kører vi igen.", "Én lige, alle lige. Skænk op."],
        "keep_all": ["Jeg står. Prøv bare.", "Færdig."],
    },
    "reckless": {
        "zero": ["FEM TREERE! Skål!", "NUL! Så kører det!"],
        "good": ["{score}! Slå den!", "{score}, og så er det nu!"],
        "bad": ["{score}. Pyt med det!", "{score}! Jeg kaster videre næste gang."],
        "over": ["Argh! Over!", "Det var terningernes skyld."],
        "win": ["JA! Puljen er min!", "Så kører det!"],
        "lose": ["Argh! Én gang til!", "Næste pulje!"],
        "tie": ["LIGE! Igen, igen!", "En gang til, for fanden!"],
        "keep_all": ["Den står!", "Nok for nu!"],
    },
    "sharp": {
        "zero": ["Fem treere. Nul.", "Nul. Statistisk sjældent."],
        "good": ["{score}. Det rækker som regel.", "{score}."],
        "bad": ["{score}. Det var det bedste, terningerne ville give.", "{score}."],
        "over": ["Over. Det var den rigtige risiko.", "Nå. Over."],
        "win": ["Som beregnet.", "Tak for puljen."],
        "lose": ["Uheldigt. Det sker.", "Hm. Godt slået."],
        "tie": ["Lige. Runden om.", "Én lige, alle lige."],
        "keep_all": ["Jeg står.", "Det er det bedste."],
    },
}


def say_score(score: int) -> str:
    """A score in words: 0 -> "nul", 4 -> "fire" (the number word, as at the table)."""
    if type(score) is not int or not 0 <= score <= 30:
        raise IllegalAction(f"En score er 0–30, ikke {shown(score)} (a score is 0-30)")
    return _SCORES[score]


def line(style: str, moment: str, rng: random.Random | None = None, score: int | None = None,
         zero_face: int = 3) -> str | None:
    """One line for ``moment`` in ``style`` (None when it has none), ``{score}`` filled in;
    under another zero face (T7) "fem treere" names that face ("fem femmere")."""
    if not isinstance(style, str) or not (rng is None or isinstance(rng, random.Random)):
        raise IllegalAction(f"Ukendt stil {shown(style)} (style: a str; rng: a random.Random)")
    choices = LINES.get(style, LINES["henning"]).get(moment) if isinstance(moment, str) else None
    if not choices:
        return None
    text = (rng or random.Random(0)).choice(choices)
    if "{score}" in text:
        text = text.format(score=say_score(score if score is not None else 0))
    if zero_face != 3 and zero_face in _FACES:
        text = text.replace("treere", _FACES[zero_face]).replace("TREERE", _FACES[zero_face].upper())
    return text[0].upper() + text[1:]
