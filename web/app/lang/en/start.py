"""English texts of the start area (keys "start.…"); see app/lang/__init__.py.

The game names stay the pub's own (Snyd, Bakke, Treere): the line under each says what it is.
relay/site.py loads this file on its own (no imports here) for the static English start screen.
"""

TEXT: dict[str, str] = {
    # the start screen (app/shell_markup.start_tree): a card per game, name and one line
    "start.choose": "Choose a game",
    "start.game.snyd": "Snyd",
    "start.game.snyd.line": "Liar's dice: bluff with cups and dice. The bodega classic.",
    "start.game.bakke": "Bakke",
    "start.game.bakke.line": "Get rid of your dice into the tray – one hand only.",
    "start.game.treere": "Treere",
    "start.game.treere.line": "Lowest score wins. Threes count as zero.",
    "start.rules": "Rules",
    "start.settings": "Settings",
    "start.open_tables": "Open tables",
    # while a tap waits for Python (app/shell_markup.splash_tree)
    "start.splash": "Shaking the cups…",
    # the page outside the screens (web/index.html): the service worker's update banner
    "start.update": "New version – reload",
}
