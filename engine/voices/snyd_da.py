"""Snyd in Danish: the table's words for bids and the regulars' lines (S50)."""
from __future__ import annotations

# Faces: singular and plural (S50). Ones only appear as a bid when ones are not jokers (S15).
SINGULAR = {1: "etter", 2: "toer", 3: "treer", 4: "firer", 5: "femmer", 6: "sekser"}
PLURAL = {1: "ettere", 2: "toere", 3: "treere", 4: "firere", 5: "femmere", 6: "seksere"}
# The pub's nicknames, used from two dice up (S50).
NICKNAMES = {4: "lujer", 5: "møller", 6: "af de store"}
# A bid: one die ("{face}" singular), several ("{n}" a number word, "{faces}" plural), of a kind.
ONE = "en {face}"
MANY = "{n} {faces}"
KIND = "{n} af en slags"

# Short lines per style for the public moments of the evening. Keys: call (Løft), win (out and
# safe / another lost the game), lose (lost the game), viborg (to Viborg), selvbinder, home.
LINES: dict[str, dict[str, list[str]]] = {
    "henning": {
        "call": ["Løft!", "Den køber jeg ikke. Løft!", "Nu løfter vi, makker."],
        "win": ["Skål!", "Så er Henning slap.", "Det var som det plejer."],
        "lose": ["Pokkers også.", "Den var jeg ikke med på."],
        "viborg": ["Viborg igen. Jeg kender vejen.", "Så er det Viborg, hva'."],
        "selvbinder": ["En selvbinder! Den næste omgang er min."],
        "home": ["Hjem til den grønne måtte."],
    },
    "careful": {
        "call": ["Løft, tak.", "Det tror jeg ikke på. Løft.", "Lad os lige se. Løft."],
        "win": ["Jamen dog, tak for spillet.", "Stille og roligt."],
        "lose": ["Åh nej da.", "Det var ærgerligt."],
        "viborg": ["Viborg? Det var da ikke meningen."],
        "selvbinder": ["En selvbinder… det sker for de bedste."],
        "home": ["Godt at være hjemme."],
    },
    "bluffer": {
        "call": ["Løft! Jeg kan lugte en løgn.", "Snyd! Løft!", "Den er for fed. Løft."],
        "win": ["Hvem snød hvem?", "Pokerfjæs, venner."],
        "lose": ["I så det komme, hva'?", "Den var næsten hjemme."],
        "viborg": ["Viborg er også en by.", "Jeg skulle alligevel den vej."],
        "selvbinder": ["Selvbinder! Skænk op, det er på mig."],
        "home": ["Tilbage igen, som om intet var hændt."],
    },
    "reckless": {
        "call": ["LØFT!", "Op med bægrene!", "Løft, for fanden!"],
        "win": ["JA! Skål!", "Så kører det!"],
        "lose": ["Argh! Én gang til!", "Det var terningernes skyld."],
        "viborg": ["Viborg, here I come!", "Så må vi til Viborg."],
        "selvbinder": ["Selvbinder! Det var sgu da med vilje."],
        "home": ["Hjem, og så fuld fart igen!"],
    },
    "sharp": {
        "call": ["Løft. Regnestykket går ikke op.", "Løft.", "Det holder ikke. Løft."],
        "win": ["Som beregnet.", "Tak for spillet."],
        "lose": ["Uheldigt. Det sker i halvdelen af tilfældene.", "Hm. Godt spillet."],
        "viborg": ["Viborg. Midlertidigt.", "Nå. Viborg."],
        "selvbinder": ["En selvbinder. Statistisk sjælden, desværre ikke umulig."],
        "home": ["Hjemme igen."],
    },
}

# What each style puts around a bid now and then: "{bid}" is the bid in table language.
BID_LINES: dict[str, list[str]] = {
    "henning": ["{bid}.", "{bid}, makker.", "Så siger vi {bid}."],
    "careful": ["{bid}.", "Øh… {bid}."],
    "bluffer": ["{bid}!", "Mindst {bid}.", "{bid}, og det er billigt."],
    "reckless": ["{bid}!", "{bid}, og så er det nu!"],
    "sharp": ["{bid}.", "{bid}."],
}
