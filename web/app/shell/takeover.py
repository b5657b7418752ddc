"""Python takes the page over from the static shell (web/app/shell.js) and shows the first screen.

Before Python, shell.js shows the static start screen and Regler and queues a tap that needs
Python (a game, Indstillinger) behind the splash. `take_over()` asks it to stop
(`bodegaShell.handOver()`, which returns what it shows and the queued tap), then renders the
same screen with the router, so the Python screens replace the static ones within one task (no
frame in between: no flash), puts the focus back on the button that had it, and runs the queued
tap. A share link's static "Sæt dig ved bordet" hands over what is typed in its name field and
a kept tap on *Sæt dig*: the join screen paints that name and sits down with it (join_screen.py
`carry_over`). `first_screens()` is the decision alone, for CPython tests. Both speak the same language:
shell.js picks it with the rule of app.lang.pick_language, before Python (lang/choice.py) does.
"""

from __future__ import annotations

from typing import Any

from app.friends.share_param import has_bord_param
from app.lang import t
from app.shell import screens
from app.shell.dom_util import present
from app.table import games

Step = tuple[str, dict[str, Any]]


def first_screens(shell: dict[str, Any] | None, search: str, hash_: str) -> list[Step]:
    """The screens to show in order (the last is on show, the others are history for Tilbage).

    A share link wins over everything (and over resuming a table: resume steps only run while
    the start screen shows) unless the guest left its static form for the start screen (*Til
    forsiden*, ``join.left``); then a tap the static shell queued; then where the static shell is
    (start or a Regler tab); without the static shell (or behind its splash), the URL hash.
    """
    shell = shell or {}
    if has_bord_param(search) and not (shell.get("join") or {}).get("left"):
        return [("bord", {})]
    queued = shell.get("queued")
    if queued and queued.get("name"):
        kw = {"game": queued["game"]} if queued.get("game") else {}
        return [(screens.START, {}), (str(queued["name"]), kw)]
    if shell.get("screen") == "regler":
        return [(screens.START, {}), ("regler", {"game": shell.get("game") or games.DEFAULT})]
    if shell.get("screen") == screens.START:
        return [(screens.START, {})]
    return [(screens.screen_from_hash(hash_), {})]


def take_over(js: Any) -> str:
    """Stop the static shell, show the first screens, restore the focus; returns the screen shown."""
    shell = None
    bodega_shell = getattr(js, "bodegaShell", None)
    if bodega_shell is not None:
        shell = bodega_shell.handOver().to_py()
    steps = first_screens(shell, str(js.location.search), str(js.location.hash))
    if steps[-1][0] in games.TABLE_SCREENS:
        # A host's table with friends may load now: its transports' restore hook comes first.
        import app.friends.share_screen  # noqa: F401
    join = (shell or {}).get("join") or {}
    if steps[-1][0] == "bord" and (join.get("typed") is not None or join.get("sit")
                                   or join.get("bye")):
        # The static join form's name and kept tap: the join screen paints that name and sits
        # down with it (no second tap); shown by the steps below.
        from app.friends import join_screen
        join_screen.carry_over(join.get("typed"), bool(join.get("sit")), join.get("bye"))
    for name, kw in steps:
        shown = screens.show(name, **kw)
    focus = (shell or {}).get("focus")
    if focus:
        target = js.document.querySelector(f'#screen [data-testid="{focus}"]')
        if present(target):  # gone with the form once a kept tap sat down
            target.focus()
            caret = (shell or {}).get("caret")
            if caret and len(caret) == 2 and hasattr(target, "setSelectionRange"):
                target.setSelectionRange(int(caret[0]), int(caret[1]))
    speak_page(js)
    return shown


def speak_page(js: Any) -> None:
    """The page's own words outside the screens (index.html's `data-text="<key>"`: the update
    banner) in the language spoken now; call it again after switching the language."""
    for node in js.document.querySelectorAll("[data-text]"):
        node.textContent = t(node.getAttribute("data-text"))
