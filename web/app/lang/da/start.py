"""Danish texts of the start area (keys "start.…"); see app/lang/__init__.py.

The start screen, the splash and the page's own words (the update banner). relay/site.py loads
this file on its own (no imports here) to write the static start screen into index.html.
"""

TEXT: dict[str, str] = {
    # the start screen (app/shell_markup.start_tree): a card per game, name and one line
    "start.choose": "Vælg et spil",
    "start.game.snyd": "Snyd",
    "start.game.snyd.line": "Løgn og bluff med bægre og terninger. Bodegaens klassiker.",
    "start.game.bakke": "Bakke",
    "start.game.bakke.line": "Kom af med dine terninger i bakken – med én hånd.",
    "start.game.treere": "Treere",
    "start.game.treere.line": "Så lav en score som muligt. Treere tæller nul.",
    "start.rules": "Regler",
    "start.settings": "Indstillinger",
    "start.open_tables": "Åbne borde",  # the card of de åbne borde (app/open/)
    # while a tap waits for Python (app/shell_markup.splash_tree)
    "start.splash": "Ryster bægrene…",
    # the page outside the screens (web/index.html): the service worker's update banner
    "start.update": "Ny version – genindlæs",
}
