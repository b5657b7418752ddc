"""Snyd's room: its *Dæk bordet*, table, *Tavlen* and the pure modules behind them.

The shell (web/app/: router, settings, storage, tab lock, share links, the peer layer) is shared
by every game; see docs/architecture.md, "Rooms".
"""
