"""*Lær at spille* Bakke: a first game against Henning with scripted dice (pure data + checks).

The first throw (all six), ones leaving, pairs picked up, Henning's turn one die at a time, one
die at a time, and going out; then, over the finished game, what a fault (*Fejl*) is, how it is
asked and undone, and where it is switched on. Every throw the text tells of is on the board
at that step: the thrower's row shows the engine's last throw (`view["last"]`), each die marked
with what became of it (gone as a 1, up into the hand with its pair, left in the tray).
Henning's turn is stepped through, one throw a step. The runner is app.tutorial.runner; the dice are
the engine's scripted faces (`Table(dice=[...])`). Every text is a catalogue key
(app/lang/*/tutorial.py, "tutorial.bakke.…").
"""
from __future__ import annotations

from app.lang import t
from app.tutorial.runner import NEXT, Choice, Step, engine_act, seat_name, told

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
# NEXT, then Henning throws one die (the step's `henning`): his turn, one throw a step.
SE_HENNING = Choice("tutorial.bakke.choice.watch", NEXT)

# What became of a thrown die (B2, B4): the board's mark for it (catalogue "tutorial.bakke.fate.…").
GONE, UP, STAYS = "gone", "up", "stays"


def _over(table: Table) -> bool:
    return table.phase == "over" and table.loser == HENNING and PLAYER in table.out


def _last(table: Table, player: str, faces: list[int]) -> bool:
    """The engine's last throw is `player`'s and was `faces` (what the step's text tells of)."""
    return table.last is not None and table.last["player"] == player \
        and table.last["faces"] == faces


STEPS: tuple[Step, ...] = (
    Step("first_throw", "tutorial.bakke.first_throw",
         THROW_ALL, (KAST_ALLE,),
         check=lambda table: table.turn == PLAYER and table.first_throw
         and table.hands[PLAYER] == 6),
    Step("your_throw", "tutorial.bakke.your_throw",
         NEXT, (SE_HENNING,),
         henning=(THROW,),
         check=lambda table: table.turn == HENNING and _last(table, PLAYER, [1, 4, 4, 2, 6, 1])
         and table.hands[PLAYER] == 2 and table.tray == [2, 6]),
    Step("henning_stays", "tutorial.bakke.henning_stays",
         NEXT, (SE_HENNING,),
         henning=(THROW,),
         check=lambda table: table.turn == HENNING and _last(table, HENNING, [5])
         and table.tray == [2, 5, 6]),
    Step("resolve", "tutorial.bakke.resolve",
         THROW, (KAST_ALLE, KAST),
         nudge="tutorial.bakke.resolve.nudge",
         check=lambda table: table.turn == PLAYER and table.hands[PLAYER] == 2
         and _last(table, HENNING, [2]) and table.last["picked"] == [2, 2]
         and table.tray == [5, 6]),
    Step("one_leaves", "tutorial.bakke.one_leaves",
         THROW, (KAST, SIG_VIDERE),
         nudge="tutorial.bakke.one_leaves.nudge",
         check=lambda table: table.turn == PLAYER and table.hands[PLAYER] == 1
         and _last(table, PLAYER, [1]) and table.last["ones"] == 1),
    told("out", "tutorial.bakke.out", lambda table: _over(table) and _last(table, PLAYER, [3])),
    # A real table's faults (B7), told over the finished game.
    told("fejl", "tutorial.bakke.fejl", _over, last=True),
)


def new_table() -> Table:
    return Table([PLAYER, HENNING], seed=12, first=PLAYER, dice=FACES)


apply = engine_act  # a step's action on the engine (NEXT is none)


def fates(last: dict) -> list[str]:
    """What became of each die of the engine's last throw, in the order thrown: a 1 leaves the
    game (B2), a face in `picked` went up into the hand with its pair (a thrown twin or the
    tray's), any other stays in the tray (B4)."""
    return [GONE if face == 1 else UP if face in last["picked"] else STAYS
            for face in last["faces"]]


def _throw(last: dict) -> list[dict]:
    return [{"face": face, "fate": fate, "label": t(f"tutorial.bakke.fate.{fate}")}
            for face, fate in zip(last["faces"], fates(last), strict=True)]


def board(table: Table, peeking: bool) -> dict:
    """Every die is public: the tray, each hand as a count, and the last throw on the row of
    whoever threw it (only the engine's view: never a die the table does not have)."""
    v = table.view(PLAYER)
    last = v["last"]
    rows = [{"name": t("tutorial.bakke.tray"), "dice": list(v["tray"]), "note": "", "cup": False}]
    for name in (HENNING, PLAYER):
        n = v["hands"][name]
        note = t("tutorial.bakke.out_note") if name in v["out"] else t("tutorial.bakke.hand", n=n)
        row = {"name": seat_name(name, PLAYER), "dice": [], "note": note, "cup": False}
        if last is not None and last["player"] == name:
            row["throw"] = _throw(last)
            row["throw_caption"] = t("tutorial.bakke.threw")
        rows.append(row)
    return {"rows": rows, "line": "" if v["tray"] else t("tutorial.bakke.empty"), "peek": False}
