"""Treere in Danish: the regulars' lines at the Treere table.

"{score}" is a final score in words; "{zeros}" ("{ZEROS}" shouted) the zero face in the plural:
"treere", or the face of the evening under another zero face (T7).
"""
from __future__ import annotations

# The zero face in the plural, 1-6 (the same words as Snyd's faces).
PLURAL = {1: "ettere", 2: "toere", 3: "treere", 4: "firere", 5: "femmere", 6: "seksere"}

# Moments: zero (five zeros), good (a final score of four or less: "good and worth keeping", the
# seed), bad (a final score above four), over (T3: the turn ended over the score to beat),
# win (took the pot), lose (another took it), tie (a tie: the round again), keep_all (stops
# after a roll with dice left).
LINES: dict[str, dict[str, list[str]]] = {
    "henning": {
        "zero": ["Fem {zeros}! Skænk op, makker.", "Nul! Det er sådan, man gør."],
        "good": ["{score}. Den holder, hva'.", "{score}. Den tager jeg."],
        "bad": ["{score}. Det må I slå.", "Hm, {score}."],
        "over": ["Så er Henning ude.", "Pokkers, over."],
        "win": ["Puljen er min. Skål!", "Det var som det plejer."],
        "lose": ["Godt slået.", "Næste pulje er min."],
        "tie": ["Lige! En gang til, alle mand.", "Én lige, alle lige."],
        "keep_all": ["Jeg står.", "Den er god nok."],
    },
    "careful": {
        "zero": ["Fem {zeros}… det havde jeg ikke regnet med.", "Nul! Jamen dog."],
        "good": ["{score}. Det er godt nok til mig.", "Jeg holder på {score}."],
        "bad": ["{score}… det bliver svært.", "Øh, {score}."],
        "over": ["Åh nej, over.", "Det gik ikke."],
        "win": ["Jamen dog, tak for puljen.", "Stille og roligt."],
        "lose": ["Tillykke.", "Det var ærgerligt."],
        "tie": ["Lige? Så må vi slå igen.", "En gang til, tak."],
        "keep_all": ["Jeg stopper her.", "Det er nok for mig."],
    },
    "bluffer": {
        "zero": ["Fem {zeros}. Som bestilt.", "Nul! Og I troede, jeg bluffede."],
        "good": ["{score}. Held? Nej, talent.", "{score}, og det er billigt."],
        "bad": ["{score}. Det var med vilje.", "{score}. Slå den, hvis I tør."],
        "over": ["Over. Det var en finte.", "Den gemmer jeg til næste gang."],
        "win": ["Hvem snød hvem?", "Puljen tak."],
        "lose": ["I så det komme, hva'?", "Den var næsten hjemme."],
        "tie": ["Lige! Så kører vi igen.", "Én lige, alle lige. Skænk op."],
        "keep_all": ["Jeg står. Prøv bare.", "Færdig."],
    },
    "reckless": {
        "zero": ["FEM {ZEROS}! Skål!", "NUL! Så kører det!"],
        "good": ["{score}! Slå den!", "{score}, og så er det nu!"],
        "bad": ["{score}. Pyt med det!", "{score}! Jeg kaster videre næste gang."],
        "over": ["Argh! Over!", "Det var terningernes skyld."],
        "win": ["JA! Puljen er min!", "Så kører det!"],
        "lose": ["Argh! Én gang til!", "Næste pulje!"],
        "tie": ["LIGE! Igen, igen!", "En gang til, for fanden!"],
        "keep_all": ["Den står!", "Nok for nu!"],
    },
    "sharp": {
        "zero": ["Fem {zeros}. Nul.", "Nul. Statistisk sjældent."],
        "good": ["{score}. Det rækker som regel.", "{score}."],
        "bad": ["{score}. Det var det bedste, terningerne ville give.", "{score}."],
        "over": ["Over. Det var den rigtige risiko.", "Nå. Over."],
        "win": ["Som beregnet.", "Tak for puljen."],
        "lose": ["Uheldigt. Det sker.", "Hm. Godt slået."],
        "tie": ["Lige. Runden om.", "Én lige, alle lige."],
        "keep_all": ["Jeg står.", "Det er det bedste."],
    },
}
