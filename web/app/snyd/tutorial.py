"""*Lær at spille* Snyd: a first game against Henning with scripted dice (pure data + checks).

Three dice each, three rounds: peek, bid with a joker, call Henning's lie, the reveal, 1+2,
the lone 1, and Henning's road to Viborg; then, over the finished game, where the house rules
are (Dæk bordet → Husregler) and what the turn clock does. Every text is a catalogue key
(app/lang/*/tutorial.py, "tutorial.snyd.…"). The runner is app.tutorial.runner; the dice are dealt with
`Table.deal(hands)`, so the engine counts and rules exactly as at a real table.
"""
from __future__ import annotations

from typing import Any

from app.lang import t
from app.snyd.table_markup import mat_state
from app.tutorial.runner import NEXT, PEEK, Choice, Step, seat_name

from engine.snyd import Rules, Table

GAME = "snyd"
TITLE = "Snyd"
PLAYER, HENNING = "Du", "Henning"
DICE = 3

# The scripted hands of each round: (Du, Henning).
HANDS = (([4, 1, 4], [4, 6, 2]), ([1, 2], [3, 5, 5]), ([1], [6, 6, 3]))

# The faces a bid can name: each has its keys "tutorial.snyd.bid.<face>" (the board's line) and
# "tutorial.snyd.choice.bid.<face>" (the button), tested in tests/ui/test_tutorial_scripts.py.
FACES = (2, 3, 4, 5, 6)


def bid(quantity: int, face: int) -> dict:
    return {"type": "bid", "quantity": quantity, "face": face}


def deal(n: int) -> dict:
    return {"type": "deal", "hands": [list(h) for h in HANDS[n]]}


def words(quantity: int, face: int) -> str:
    """A bid in words, "3 firere" / "3 fours" (FACES: every face has its key)."""
    return t(f"tutorial.snyd.bid.{face}", n=quantity)


def _bid_choice(quantity: int, face: int) -> Choice:
    """*Byd 3 firere* / *Bid 3 fours* (one key per face: FACES)."""
    return Choice(f"tutorial.snyd.choice.bid.{face}", bid(quantity, face), {"n": quantity})


CALL = {"type": "call"}
LOFT = Choice("tutorial.snyd.choice.call", CALL)
NEXT_ROUND = "tutorial.snyd.next_round"


def _mine(table: Table) -> list[int]:
    return list(table.hands.get(PLAYER, []))


def _reveal(table: Table) -> Any:
    return table.last_reveal


def _over(table: Table) -> bool:
    return table.phase == "game_over" and HENNING in table.viborg


STEPS: tuple[Step, ...] = (
    Step("peek", "tutorial.snyd.peek", PEEK, nudge="tutorial.snyd.peek.nudge",
         check=lambda table: table.phase == "bidding" and table.turn == PLAYER),
    Step("jokers", "tutorial.snyd.jokers",
         bid(3, 4), (_bid_choice(2, 4), _bid_choice(3, 4), _bid_choice(4, 4)),
         henning=(bid(5, 4),),
         nudge="tutorial.snyd.jokers.nudge",
         check=lambda table: sorted(_mine(table)) == [1, 4, 4] and table.turn == PLAYER),
    Step("call", "tutorial.snyd.call",
         CALL, (_bid_choice(6, 4), LOFT),
         nudge="tutorial.snyd.call.nudge",
         check=lambda table: table.current_bid is not None and table.current_bid.quantity == 5
         and table.bidder == HENNING),
    Step("reveal", "tutorial.snyd.reveal",
         deal(1), (Choice(NEXT_ROUND, deal(1)),),
         henning=(bid(3, 5),),
         check=lambda table: table.phase == "reveal" and _reveal(table).count == 4
         and not _reveal(table).held and _reveal(table).loser == HENNING),
    Step("one_two", "tutorial.snyd.one_two",
         bid(5, 5), (_bid_choice(4, 5), _bid_choice(5, 5), LOFT),
         henning=(CALL,),
         nudge="tutorial.snyd.one_two.nudge",
         check=lambda table: sorted(_mine(table)) == [1, 2] and table.turn == PLAYER),
    Step("one_two_reveal", "tutorial.snyd.one_two_reveal",
         deal(2), (Choice(NEXT_ROUND, deal(2)),),
         henning=(bid(2, 6),),
         check=lambda table: _reveal(table).count == 5 and _reveal(table).held
         and sorted(_reveal(table).hands[PLAYER]) == [1, 2]),
    Step("lone_one", "tutorial.snyd.lone_one",
         bid(3, 6), (_bid_choice(3, 6), _bid_choice(4, 6), LOFT),
         henning=(CALL,),
         nudge="tutorial.snyd.lone_one.nudge",
         check=lambda table: _mine(table) == [1] and table.turn == PLAYER),
    Step("viborg", "tutorial.snyd.viborg",
         NEXT, (Choice("tutorial.next", NEXT),),
         check=lambda table: _over(table) and PLAYER in table.out
         and _reveal(table).hands[PLAYER] == [1]),
    # What a real table adds, told over the finished game: the house rules and the clock.
    Step("house_rules", "tutorial.snyd.house_rules",
         NEXT, (Choice("tutorial.next", NEXT),), check=_over),
    Step("clock", "tutorial.snyd.clock",
         NEXT, (Choice("tutorial.done", NEXT),), check=_over),
)


def new_table() -> Table:
    table = Table([PLAYER, HENNING], Rules(dice_per_player=DICE), seed=12, first=PLAYER)
    table.deal(HANDS[0])
    return table


def apply(table: Table, player: str, action: dict) -> None:
    """A step's action on the engine: a deal of the next scripted round, or a table action."""
    if action["type"] == "deal":
        table.deal(action["hands"])
    elif action["type"] not in ("peek", "next"):
        table.act(player, action)


def board(table: Table, peeking: bool) -> dict:
    """What the tutorial screen draws: a row per seat (None = a die under the cup) on its mat
    (`mat`: green, or black in Viborg) and a line."""
    v = table.view(PLAYER)
    reveal = v["last_reveal"] if v["phase"] in ("reveal", "game_over") else None
    rows = []
    for name in (HENNING, PLAYER):
        n = v["dice_left"].get(name, 0)
        if reveal is not None:
            dice = list(reveal["hands"].get(name, []))
        elif name == PLAYER and peeking:
            dice = list(v["my_dice"] or [])
        else:
            dice = [None] * n
        note = (t("tutorial.snyd.note.viborg") if name in v["viborg"]
                else t("tutorial.snyd.note.out") if name in v["out"]
                # the reveal steps say "du lægger en terning væk": so does the board
                else t("tutorial.snyd.note.put_away", n=n)
                if reveal is not None and name in reveal.get("put_away", []) else "")
        # The seat's mat as the real table draws it: black once in Viborg (S30, "hans måtte
        # bliver sort"), green before.
        rows.append({"name": seat_name(name, PLAYER), "dice": dice, "note": note,
                     "cup": reveal is None, "mat": mat_state(v, name),
                     # the dice the count is made of ("dine to, din 1'er og Hennings ene")
                     "counted": list(reveal["counting"].get(name, [])) if reveal else []})
    if reveal is not None:
        verdict = "tutorial.snyd.line.held" if reveal["held"] else "tutorial.snyd.line.lie"
        line = t(verdict, count=reveal["count"])
    elif v["current_bid"]:
        b = v["current_bid"]
        line = t("tutorial.snyd.line.bid", bid=words(b["quantity"], b["face"]),
                 who=seat_name(v["bidder"], PLAYER))
    else:
        line = t("tutorial.snyd.line.none")
    return {"rows": rows, "line": line, "peek": reveal is None and v["can_peek"]}
