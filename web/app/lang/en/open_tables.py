"""English texts of *De åbne borde* (keys "open_tables.…"): the list of open tables and the form
*Åbn et bord* (app/open/); see app/lang/__init__.py."""

TEXT: dict[str, str] = {
    # the list (app/open/list_screen.py)
    "open_tables.title": "Open tables",
    "open_tables.lead": "Tables where strangers play – no help, as at a real table.",
    "open_tables.create": "Open a table",
    "open_tables.empty": "No open tables right now",
    "open_tables.connecting": "Fetching the open tables …",
    "open_tables.lost": "The connection is gone – trying again …",
    "open_tables.sit": "Sit down",
    "open_tables.state.waiting": "Waiting",
    "open_tables.state.playing": "Playing",
    "open_tables.state.full": "Full",
    "open_tables.leader": "Table led by {name}",
    "open_tables.free": "{free} of {seats} seats free",
    "open_tables.join_label": "Sit down at {name}'s table",
    # the form (app/open/form_screen.py)
    "open_tables.form.title": "Open a table",
    "open_tables.form.game": "Game",
    "open_tables.form.ruleset": "Rule set",
    "open_tables.form.house_rules": "House rules",
    "open_tables.form.house": "House rules",
    "open_tables.form.clock": "The clock is always on at an open table.",
    "open_tables.form.dice": "Dice per player",
    "open_tables.form.seats": "Seats",
    "open_tables.form.regulars": "Regulars may fill empty seats",
    "open_tables.form.regulars_text": "When the game starts, the regulars take the empty seats.",
    "open_tables.form.name": "Your name",
    "open_tables.form.open": "Open the table",
    "open_tables.error.name": "Type your name (1–20 characters, no control characters).",
    "open_tables.error.seats": "An open table has 2 to 8 seats.",
    "open_tables.error.game": "Choose Snyd, Bakke or Treere.",
    "open_tables.error.ruleset": "Choose one of the rule sets.",
    "open_tables.error.rule": "That house rule cannot be switched on at an open table.",
    "open_tables.error.dice": "Choose 1 to 6 dice.",
}
