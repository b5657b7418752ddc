"""*Lær at spille* Treere: a first pot against Henning with scripted dice (pure data + checks).

Roll, set aside (a 3 counts nothing), roll the rest, and Henning's turn ending as soon as he
is over your score. The runner is app.tutorial; the dice are the engine's scripted faces.
"""
from __future__ import annotations

from app.tutorial import NEXT, Choice, Step

from engine.treere.table import Table

GAME = "treere"
TITLE = "Treere"
PLAYER, HENNING = "Du", "Henning"

# Du: 3 3 5 6 2, then 3 1 6, then 2. Henning: 4 5 6 6 2.
FACES = (3, 3, 5, 6, 2, 3, 1, 6, 2, 4, 5, 6, 6, 2)

WORDS = {"rolled": "Slaget", "kept": "Lagt til side", "score": "{name}: {score}",
         "pot": "Potten: {pot}"}

ROLL = {"type": "roll"}
SLA = Choice("Slå", ROLL)


def keep(*indexes: int) -> dict:
    return {"type": "keep", "dice": list(indexes)}


STEPS: tuple[Step, ...] = (
    Step("roll",
         "Treere: så lav en score som muligt, og en 3'er tæller nul. Slå med alle fem.",
         ROLL, (SLA,),
         check=lambda t: t.turn == PLAYER and not t.rolled),
    Step("keep_threes",
         "Læg mindst én til side hver gang. Dine to treere er nul værd: tryk på dem og "
         "Læg til side.",
         keep(0, 1),
         nudge="Vælg de to treere (og kun dem), og tryk Læg til side.",
         check=lambda t: t.rolled == [3, 3, 5, 6, 2]),
    Step("roll_rest",
         "Slå igen med de tre, der er tilbage.",
         ROLL, (SLA,),
         check=lambda t: t.kept == [3, 3] and not t.rolled),
    Step("keep_low",
         "En 3'er og en 1'er: læg begge til side (nul og én).",
         keep(0, 1),
         nudge="Vælg 3'eren og 1'eren, og tryk Læg til side.",
         check=lambda t: t.rolled == [3, 1, 6]),
    Step("last_die",
         "Den sidste terning: slå den.",
         ROLL, (SLA,),
         check=lambda t: len(t.kept) == 4 and not t.rolled),
    Step("keep_last",
         "En 2'er. Læg den til side: din score er 0 + 0 + 0 + 1 + 2 = 3.",
         keep(0),
         henning=(ROLL, keep(0)),
         nudge="Vælg din 2'er, og tryk Læg til side.",
         check=lambda t: t.rolled == [2]),
    Step("won",
         "Henning slog og lagde en 4'er til side: det er allerede over din 3, så hans tur "
         "sluttede med det samme. Din 3 er lavest: du vinder potten.",
         NEXT, (Choice("Færdig", NEXT),),
         check=lambda t: t.phase == "over" and t.winner == PLAYER and t.scores[HENNING] == 4),
)


def new_table() -> Table:
    return Table([PLAYER, HENNING], seed=12, first=PLAYER, dice=FACES)


def apply(table: Table, player: str, action: dict) -> None:
    if action["type"] != "next":
        table.act(player, action)


def board(table: Table, peeking: bool) -> dict:
    """The roll on show (tap to choose), what you set aside, the scores."""
    v = table.view(PLAYER)
    rows = [{"name": WORDS["rolled"], "dice": list(v["rolled"]), "note": "", "cup": False,
             "pick": bool(v["rolled"]) and v["turn"] == PLAYER},
            {"name": WORDS["kept"], "dice": list(v["kept_by"].get(PLAYER) or v["kept"]),
             "note": "", "cup": False}]
    scores = [WORDS["score"].format(name=p, score=s) for p, s in v["scores"].items()
              if s is not None]
    return {"rows": rows, "line": " · ".join(scores), "peek": False}
