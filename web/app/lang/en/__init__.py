"""The English catalogue: one module per area (see app/lang/__init__.py)."""
from app.lang.en import bakke, friends, open_tables, rules, shell, snyd, start, treere, tutorial

AREAS = {"start": start, "rules": rules, "shell": shell, "friends": friends, "snyd": snyd, "bakke": bakke, "treere": treere,
         "tutorial": tutorial, "open_tables": open_tables}
