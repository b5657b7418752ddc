"""Bakke in Danish: the faces and the regulars' lines at the tray."""
from __future__ import annotations

SINGULAR = {2: "toer", 3: "treer", 4: "firer", 5: "femmer", 6: "sekser"}
PLURAL = {2: "toere", 3: "treere", 4: "firere", 5: "femmere", 6: "seksere"}
# What "{face}" and "{who}" say when the event does not name them.
SOME_DICE = "terningerne"
MATE = "makker"

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
