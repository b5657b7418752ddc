"""Bakke (the tray game): the rules of docs/rules.md B1–B7 as plain Python."""
from engine.bakke.rules import Rules
from engine.bakke.table import ACTIONS, Table
from engine.bakke.tray import Resolved, drop_one, resolve
from engine.errors import IllegalAction

__all__ = ["ACTIONS", "IllegalAction", "Resolved", "Rules", "Table", "drop_one", "resolve"]
