"""*Lær at spille* Treere: a first pot against Henning with scripted dice (pure data + checks).

Roll, set aside (a 3 counts nothing), roll the rest, and Henning's turn ending as soon as he
is over your score (his roll and what he kept on the board); then, over the finished pot, ties
and five threes, and *Progressiv*. Every text is a catalogue key (app/lang/*/tutorial.py,
"tutorial.treere.…"). The runner is app.tutorial.runner; the dice are the engine's scripted faces.
"""
from __future__ import annotations

from app.lang import t
from app.tutorial.runner import Choice, Step, engine_act, seat_name, told

from engine.treere.table import Table

GAME = "treere"
TITLE = "Treere"
PLAYER, HENNING = "Du", "Henning"

# Du: 3 3 5 6 2, then 3 1 6, then 2. Henning: 4 5 6 6 2.
FACES = (3, 3, 5, 6, 2, 3, 1, 6, 2, 4, 5, 6, 6, 2)

ROLL = {"type": "roll"}
SLA = Choice("tutorial.treere.choice.roll", ROLL)


def keep(*indexes: int) -> dict:
    return {"type": "keep", "dice": list(indexes)}


def _won(table: Table) -> bool:
    return table.phase == "over" and table.winner == PLAYER and table.scores[HENNING] == 4


STEPS: tuple[Step, ...] = (
    Step("roll", "tutorial.treere.roll",
         ROLL, (SLA,),
         check=lambda table: table.turn == PLAYER and not table.rolled),
    Step("keep_threes", "tutorial.treere.keep_threes",
         keep(0, 1),
         nudge="tutorial.treere.keep_threes.nudge",
         check=lambda table: table.rolled == [3, 3, 5, 6, 2]),
    Step("roll_rest", "tutorial.treere.roll_rest",
         ROLL, (SLA,),
         check=lambda table: table.kept == [3, 3] and not table.rolled),
    Step("keep_low", "tutorial.treere.keep_low",
         keep(0, 1),
         nudge="tutorial.treere.keep_low.nudge",
         check=lambda table: table.rolled == [3, 1, 6]),
    Step("last_die", "tutorial.treere.last_die",
         ROLL, (SLA,),
         check=lambda table: len(table.kept) == 4 and not table.rolled),
    Step("keep_last", "tutorial.treere.keep_last",
         keep(0),
         henning=(ROLL, keep(0)),
         nudge="tutorial.treere.keep_last.nudge",
         check=lambda table: table.rolled == [2]),
    told("won", "tutorial.treere.won", _won),
    # What other pots bring, told over the finished one: ties (T4, T5) and Progressiv (T6).
    told("ties", "tutorial.treere.ties", _won),
    told("progressive", "tutorial.treere.progressive", _won, last=True),
)


def new_table() -> Table:
    return Table([PLAYER, HENNING], seed=12, first=PLAYER, dice=FACES)


apply = engine_act  # a step's action on the engine (NEXT is none)


def henning_roll(view: dict) -> list[int]:
    """Henning's last roll, from the view's events ([] before he has rolled)."""
    rolls = [e["faces"] for e in view["events"] if e["type"] == "roll" and e["player"] == HENNING]
    return list(rolls[-1]) if rolls else []


def board(table: Table, peeking: bool) -> dict:
    """The roll on show (tap to choose), what you set aside, the scores; once Henning has
    played, his roll and what he kept (the *won* step tells of them)."""
    v = table.view(PLAYER)
    rows = [{"name": t("tutorial.treere.rolled"), "dice": list(v["rolled"]), "note": "",
             "cup": False, "pick": bool(v["rolled"]) and v["turn"] == PLAYER},
            {"name": t("tutorial.treere.kept"), "dice": list(v["kept_by"].get(PLAYER) or v["kept"]),
             "note": "", "cup": False}]
    if HENNING in v["kept_by"]:  # your turn is over: what each of you kept, and his roll
        rows = [{"name": t("tutorial.treere.kept_by", name=seat_name(PLAYER, PLAYER)),
                 "dice": list(v["kept_by"][PLAYER]), "note": "", "cup": False},
                {"name": t("tutorial.treere.rolled_by", name=HENNING), "dice": henning_roll(v),
                 "note": "", "cup": False},
                {"name": t("tutorial.treere.kept_by", name=HENNING),
                 "dice": list(v["kept_by"][HENNING]), "note": "", "cup": False}]
    scores = [t("tutorial.treere.score", name=seat_name(p, PLAYER), score=s)
              for p, s in v["scores"].items() if s is not None]
    return {"rows": rows, "line": " · ".join(scores), "peek": False}
