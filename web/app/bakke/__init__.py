"""Bakke's room: its *Dæk bordet*, the table with the shared tray, and *Tavlen* (who gave the
Tuborg). The table itself is app.table.session over engine.bakke; see docs/ui.md, "Bakke"."""
