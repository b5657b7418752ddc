"""*Lær at spille* Bakke: a first game against Henning with scripted dice (pure data + checks).

The first throw (all six), ones leaving, pairs picked up, one die at a time, and going out.
The runner is app.tutorial; the dice are the engine's scripted faces (`Table(dice=[...])`).
"""
from __future__ import annotations

from app.tutorial import NEXT, Choice, Step

from engine.bakke.table import Table

GAME = "bakke"
TITLE = "Bakke"
PLAYER, HENNING = "Du", "Henning"

# Every face thrown, in order: Du's first throw, Henning's two, Du's two.
FACES = (1, 4, 4, 2, 6, 1, 5, 2, 1, 3)

WORDS = {"tray": "Bakken", "hand": "{n} i hånden", "empty": "Bakken er tom", "out": "ude"}

THROW_ALL = {"type": "throw_all"}
THROW = {"type": "throw"}
VIDERE = {"type": "videre"}
KAST_ALLE = Choice("Kast alle", THROW_ALL)
KAST = Choice("Kast én", THROW)
SIG_VIDERE = Choice("Videre", VIDERE)

STEPS: tuple[Step, ...] = (
    Step("first_throw",
         "Bakke: kom af med dine terninger. Du har seks i hånden og begynder: spillets første "
         "kast er alle terningerne på én gang. Kast alle.",
         THROW_ALL, (KAST_ALLE,),
         henning=(THROW, THROW),
         check=lambda t: t.turn == PLAYER and t.first_throw and t.hands[PLAYER] == 6),
    Step("resolve",
         "Ettere forlader spillet, og par tager du op i hånden: dine to 1'ere er væk, de to "
         "firere kom tilbage i hånden. Henning kastede én ad gangen: hans 5'er blev liggende, "
         "hans 2'er ramte bakkens 2'er, så han tog parret op. Nu er det dig: "
         "bakken har terninger, så du kaster én ad gangen. Kast én.",
         THROW, (KAST_ALLE, KAST),
         nudge="Bakken har terninger: kast én ad gangen.",
         check=lambda t: t.turn == PLAYER and t.hands[PLAYER] == 2 and t.tray == [5, 6]),
    Step("one_leaves",
         "En 1'er forlader spillet – én terning mindre. Du må kaste igen eller sige Videre. "
         "Du har én tilbage: kast én.",
         THROW, (KAST, SIG_VIDERE),
         nudge="Kast din sidste terning.",
         check=lambda t: t.turn == PLAYER and t.hands[PLAYER] == 1 and t.last["ones"] == 1),
    Step("out",
         "Din 3'er er ny i bakken, så den bliver liggende. Din hånd er tom: du er ude og har vundet. "
         "Henning sidder tilbage med terningerne og giver en Tuborg.",
         NEXT, (Choice("Færdig", NEXT),),
         check=lambda t: t.phase == "over" and t.loser == HENNING and PLAYER in t.out),
)


def new_table() -> Table:
    return Table([PLAYER, HENNING], seed=12, first=PLAYER, dice=FACES)


def apply(table: Table, player: str, action: dict) -> None:
    if action["type"] != "next":
        table.act(player, action)


def board(table: Table, peeking: bool) -> dict:
    """Every die is public: the tray, and each hand as a count."""
    v = table.view(PLAYER)
    rows = [{"name": WORDS["tray"], "dice": list(v["tray"]), "note": "", "cup": False}]
    for name in (HENNING, PLAYER):
        n = v["hands"][name]
        note = WORDS["out"] if name in v["out"] else WORDS["hand"].format(n=n)
        rows.append({"name": name, "dice": [], "note": note, "cup": False})
    return {"rows": rows, "line": "" if v["tray"] else WORDS["empty"], "peek": False}
