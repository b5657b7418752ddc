"""The Danish catalogue: one module per area (see app/lang/__init__.py)."""
from app.lang.da import bakke, friends, shell, snyd, treere, tutorial

AREAS = {"shell": shell, "friends": friends, "snyd": snyd, "bakke": bakke, "treere": treere,
         "tutorial": tutorial}
