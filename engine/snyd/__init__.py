"""Snyd (liar's dice, bodega style): the rules of docs/rules.md S1–S44 as plain Python."""
from engine.errors import IllegalAction
from engine.snyd.bid import Bid, bid_rank, is_legal, is_raise, lowest_bid, max_quantity, raises
from engine.snyd.counting import best_face, counted, counting_dice, holds, special_value
from engine.snyd.rules import PRESET_NAMES, Rules
from engine.snyd.table import Reveal, Table

__all__ = [
    "PRESET_NAMES", "Bid", "IllegalAction", "Reveal", "Rules", "Table", "best_face", "bid_rank",
    "counted", "counting_dice", "holds", "is_legal", "is_raise", "lowest_bid", "max_quantity",
    "raises", "special_value",
]
