"""The Treere table UI (Threes Away): *Dæk bordet* ("treere"), the table ("treere-bordet") and
its *Tavlen*. Pure modules (setup_markup, table_markup, announce) and thin DOM glue
(setup_screen, table_screen) over app.table.session and engine.treere (docs/ui.md, Treere)."""
