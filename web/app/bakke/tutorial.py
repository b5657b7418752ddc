"""*Lær at spille* Bakke: a first game against Henning with scripted dice (pure data + checks).

The first throw (all six), ones leaving, pairs picked up, one die at a time, and going out;
then, over the finished game, what a fault (*Fejl*) is and where it is switched on. The runner
is app.tutorial; the dice are the engine's scripted faces (`Table(dice=[...])`). Every text is a
catalogue key (app/lang/*/tutorial.py, "tutorial.bakke.…").
"""
from __future__ import annotations

from app.lang import t
from app.tutorial import NEXT, Choice, Step, seat_name

from engine.bakke.table import Table

GAME = "bakke"
TITLE = "Bakke"
PLAYER, HENNING = "Du", "Henning"

# Every face thrown, in order: Du's first throw, Henning's two, Du's two.
FACES = (1, 4, 4, 2, 6, 1, 5, 2, 1, 3)

THROW_ALL = {"type": "throw_all"}
THROW = {"type": "throw"}
VIDERE = {"type": "videre"}
KAST_ALLE = Choice("tutorial.bakke.choice.throw_all", THROW_ALL)
KAST = Choice("tutorial.bakke.choice.throw", THROW)
SIG_VIDERE = Choice("tutorial.bakke.choice.videre", VIDERE)


def _over(table: Table) -> bool:
    return table.phase == "over" and table.loser == HENNING and PLAYER in table.out


STEPS: tuple[Step, ...] = (
    Step("first_throw", "tutorial.bakke.first_throw",
         THROW_ALL, (KAST_ALLE,),
         henning=(THROW, THROW),
         check=lambda table: table.turn == PLAYER and table.first_throw
         and table.hands[PLAYER] == 6),
    Step("resolve", "tutorial.bakke.resolve",
         THROW, (KAST_ALLE, KAST),
         nudge="tutorial.bakke.resolve.nudge",
         check=lambda table: table.turn == PLAYER and table.hands[PLAYER] == 2
         and table.tray == [5, 6]),
    Step("one_leaves", "tutorial.bakke.one_leaves",
         THROW, (KAST, SIG_VIDERE),
         nudge="tutorial.bakke.one_leaves.nudge",
         check=lambda table: table.turn == PLAYER and table.hands[PLAYER] == 1
         and table.last["ones"] == 1),
    Step("out", "tutorial.bakke.out",
         NEXT, (Choice("tutorial.next", NEXT),), check=_over),
    # A real table's faults (B7), told over the finished game.
    Step("fejl", "tutorial.bakke.fejl",
         NEXT, (Choice("tutorial.done", NEXT),), check=_over),
)


def new_table() -> Table:
    return Table([PLAYER, HENNING], seed=12, first=PLAYER, dice=FACES)


def apply(table: Table, player: str, action: dict) -> None:
    if action["type"] != "next":
        table.act(player, action)


def board(table: Table, peeking: bool) -> dict:
    """Every die is public: the tray, and each hand as a count."""
    v = table.view(PLAYER)
    rows = [{"name": t("tutorial.bakke.tray"), "dice": list(v["tray"]), "note": "", "cup": False}]
    for name in (HENNING, PLAYER):
        n = v["hands"][name]
        note = t("tutorial.bakke.out_note") if name in v["out"] else t("tutorial.bakke.hand", n=n)
        rows.append({"name": seat_name(name, PLAYER), "dice": [], "note": note, "cup": False})
    return {"rows": rows, "line": "" if v["tray"] else t("tutorial.bakke.empty"), "peek": False}
