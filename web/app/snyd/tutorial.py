"""*Lær at spille* Snyd: a first game against Henning with scripted dice (pure data + checks).

Three dice each, three rounds: peek, bid with a joker, call Henning's lie, the reveal, 1+2,
the lone 1, and Henning's road to Viborg. The runner is app.tutorial; the dice are dealt with
`Table.deal(hands)`, so the engine counts and rules exactly as at a real table.
"""
from __future__ import annotations

from typing import Any

from app.tutorial import NEXT, PEEK, Choice, Step

from engine.snyd import Rules, Table

GAME = "snyd"
TITLE = "Snyd"
PLAYER, HENNING = "Du", "Henning"
DICE = 3

# The scripted hands of each round: (Du, Henning).
HANDS = (([4, 1, 4], [4, 6, 2]), ([1, 2], [3, 5, 5]), ([1], [6, 6, 3]))

# Board words (one place, for the catalogues).
WORDS = {
    "bid": "Buddet: {bid} ({who})",
    "no_bid": "Intet bud endnu",
    "count": "Der var {count} – buddet {verdict}",
    "held": "holdt",
    "lie": "var løgn",
    "cup": "{n} terninger under bægeret",
    "viborg": "i Viborg",
    "out": "slap",
}
PLURAL = {2: "toere", 3: "treere", 4: "firere", 5: "femmere", 6: "seksere"}


def bid(quantity: int, face: int) -> dict:
    return {"type": "bid", "quantity": quantity, "face": face}


def deal(n: int) -> dict:
    return {"type": "deal", "hands": [list(h) for h in HANDS[n]]}


def words(quantity: int, face: int) -> str:
    return f"{quantity} {PLURAL[face]}"


def _bid_choice(quantity: int, face: int) -> Choice:
    return Choice(f"Byd {words(quantity, face)}", bid(quantity, face))


CALL = {"type": "call"}
LOFT = Choice("Løft", CALL)


def _mine(table: Table) -> list[int]:
    return list(table.hands.get(PLAYER, []))


def _reveal(table: Table) -> Any:
    return table.last_reveal


STEPS: tuple[Step, ...] = (
    Step("peek",
         "Du spiller mod Henning. Dine terninger ligger under bægeret – kun du må se dem. "
         "Kig: stryg op på bordet, eller hold på Kig.",
         PEEK, nudge="Hold fingeren på Kig (eller stryg op på bordet) for at kigge.",
         check=lambda t: t.phase == "bidding" and t.turn == PLAYER),
    Step("jokers",
         "Du har to firere og en 1'er. Ettere er jokere: de tæller som alt. "
         "Du har altså tre firere. Du lægger ud: byd 3 firere.",
         bid(3, 4), (_bid_choice(2, 4), _bid_choice(3, 4), _bid_choice(4, 4)),
         henning=(bid(5, 4),),
         nudge="Tæl din 1'er med som en firer: byd 3 firere.",
         check=lambda t: sorted(_mine(t)) == [1, 4, 4] and t.turn == PLAYER),
    Step("call",
         "Henning byder 5 firere. Du ser selv tre; han har kun tre terninger, så han skal "
         "have to firere. Tror du ikke på det? Løft!",
         CALL, (_bid_choice(6, 4), LOFT),
         nudge="Henning lyver nok: tryk Løft.",
         check=lambda t: t.current_bid is not None and t.current_bid.quantity == 5
         and t.bidder == HENNING),
    Step("reveal",
         "Alle bægre løftes. Der var 4 firere: dine to, din 1'er og Hennings ene. "
         "Buddet var løgn, så Henning taber runden. Du lægger en terning væk – "
         "den, der slipper af med alle sine, er sluppet.",
         deal(1), (Choice("Næste runde", deal(1)),),
         henning=(bid(3, 5),),
         check=lambda t: t.phase == "reveal" and _reveal(t).count == 4
         and not _reveal(t).held and _reveal(t).loser == HENNING),
    Step("one_two",
         "Taberen lægger ud: Henning byder 3 femmere. Du har 1+2 til sidst – det tæller som 3 "
         "af hvad som helst. Byd 5 femmere.",
         bid(5, 5), (_bid_choice(4, 5), _bid_choice(5, 5), LOFT),
         henning=(CALL,),
         nudge="1+2 tæller som 3 femmere: byd 5 femmere.",
         check=lambda t: sorted(_mine(t)) == [1, 2] and t.turn == PLAYER),
    Step("one_two_reveal",
         "Henning løftede. 1+2 = 3, og Henning havde to femmere: 5 femmere. Buddet holdt, "
         "så den, der løftede, taber runden. Du har én terning tilbage.",
         deal(2), (Choice("Næste runde", deal(2)),),
         henning=(bid(2, 6),),
         check=lambda t: _reveal(t).count == 5 and _reveal(t).held
         and sorted(_reveal(t).hands[PLAYER]) == [1, 2]),
    Step("lone_one",
         "Henning byder 2 seksere. Din sidste terning er en enlig 1'er: den tæller som 2. "
         "Byd 3 seksere.",
         bid(3, 6), (_bid_choice(3, 6), _bid_choice(4, 6), LOFT),
         henning=(CALL,),
         nudge="En enlig 1'er tæller som 2 seksere: byd 3 seksere.",
         check=lambda t: _mine(t) == [1] and t.turn == PLAYER),
    Step("viborg",
         "Henning løftede igen: din enlige 1'er = 2, og han havde to seksere. Buddet holdt. "
         "Du lægger din sidste terning væk og er sluppet. Henning sidder tilbage med "
         "terningerne, taber spillet og skal til Viborg: hans måtte bliver sort. "
         "Taber han igen i Viborg, har han tabt helt.",
         NEXT, (Choice("Færdig", NEXT),),
         check=lambda t: t.phase == "game_over" and HENNING in t.viborg
         and PLAYER in t.out and _reveal(t).hands[PLAYER] == [1]),
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
    """What the tutorial screen draws: a row per seat (None = a die under the cup) and a line."""
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
        note = WORDS["viborg"] if name in v["viborg"] else WORDS["out"] if name in v["out"] else ""
        rows.append({"name": name, "dice": dice, "note": note, "cup": reveal is None})
    if reveal is not None:
        line = WORDS["count"].format(count=reveal["count"],
                                     verdict=WORDS["held"] if reveal["held"] else WORDS["lie"])
    elif v["current_bid"]:
        b = v["current_bid"]
        line = WORDS["bid"].format(bid=words(b["quantity"], b["face"]), who=v["bidder"])
    else:
        line = WORDS["no_bid"]
    return {"rows": rows, "line": line, "peek": reveal is None and v["can_peek"]}
