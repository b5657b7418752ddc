"""Saves: one unfinished table per game under its own key, the guard against broken saves, what
the player is told about saving, and one tab playing a table (docs/architecture.md)."""
