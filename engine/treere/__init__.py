"""Treere (Threes Away): the rules of docs/rules.md T1–T7 as plain Python (T8 "bund" is not played)."""
from engine.errors import IllegalAction
from engine.treere.rules import PROGRESSIONS, Rules
from engine.treere.scoring import DICE, face_value, score
from engine.treere.table import Table

__all__ = ["DICE", "PROGRESSIONS", "IllegalAction", "Rules", "Table", "face_value", "score"]
