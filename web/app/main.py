"""The app's entry point (PyScript runs this file): register the screens, show the first one.

The start screen and *Regler* are imported at once (their static HTML is already on the page:
takeover.py). Every game's UI (Snyd, Bakke, Treere), the lobby and *Lær at spille* are
registered lazily (`screens.lazy`): imported right after the start screen is painted, or on
demand if one of their screens is asked for sooner (a click, a URL hash). To add a screen, see
docs/architecture.md. A URL hash opens a screen directly: /#regler. A share link from a friend's
table, /?bord=<room>, opens "Sæt dig ved bordet" (join_screen.py) before anything else.
"""

import js
from pyodide.ffi import create_once_callable

js.performance.mark("bodega:main")  # bench/startup.py: Python is up, app imports start

from app.lang import choice

choice.apply(js)  # Danish or English, before the first screen speaks (app/lang/__init__.py)

import app.home.regler
import app.home.start
from app.shell import screens, takeover
from app.table import games

SCREEN_MODULES = (app.home.start, app.home.regler)  # "start", "regler"

# The rest of the UI beside the games' own screens (screen name -> module registering it).
TABLE_UI = {
    "indstillinger": "app.home.settings_screen",
    "vennerne": "app.friends.share_screen",   # the host's lobby: share link, QR code, seats
    "bord": "app.friends.join_screen",        # a friend's phone at the share link
    "lær": "app.tutorial.screen",     # not text: Lær at spille (game=snyd|bakke|treere)
    "åbne borde": "app.open.list_screen",  # not text: de åbne borde, the list of open tables
    "åbn et bord": "app.open.form_screen",  # not text: Åbn et bord, a stranger opens a table
}
# Each game's *Dæk bordet*, table and Tavlen, from the registry (app/table/games.py; the
# snapshot's list reads it too: app/shell/snapshot_imports.py).
for name, module in {**games.screen_modules(), **TABLE_UI}.items():
    screens.lazy(name, module)

js.performance.mark("bodega:imported")
screens.mount(js.document.getElementById("screen"), js.document)
# The static start screen (web/app/shell.js) hands over: the same screen, a queued tap, a
# share link (it wins over a hash and over resuming a table) or the URL hash (app/shell/takeover.py).
takeover.take_over(js)
js.document.documentElement.setAttribute("data-ready", "true")


def _load_the_rest(*_a: object) -> None:
    screens.load_lazy()
    import app.device.senses  # keys, the screen kept awake, shaking the phone (after the first paint)
    app.device.senses.install(js)
    js.performance.mark("bodega:table-ready")  # bench/startup.py: the Snyd table UI is imported
    # The host's lobby with friends first (it is newer than any table saved here), then the
    # resume steps, e.g. straight back to an unfinished table after a reload.
    import app.friends.share_screen
    app.friends.share_screen.resume_lobby()
    screens.resume()


def _after_first_paint(*_timestamp: object) -> None:
    # A frame has been drawn; load the rest in the task after it.
    js.setTimeout(create_once_callable(_load_the_rest), 0)


js.requestAnimationFrame(create_once_callable(_after_first_paint))
