"""The start screen: the three games, Regler and Indstillinger.

Its markup is `shell_markup.start_tree(t)`, the same tree the build writes into index.html as the
static start screen in each language (it answers taps before Python: web/app/shell.js). Snyd
opens "dæk bordet"; Bakke and Treere open their own screens ("bakke", "treere"), which show
"ikke klar endnu" until their modules register them.
"""

from __future__ import annotations

from typing import Any

from app.lang import t
from app.shell import markup as shell_markup
from app.shell import screens
from app.table import games

# The game cards (shell_markup.GAMES: that module is also loaded on its own by relay/site.py, so
# it keeps its own list; tests/ui/test_games_registry.py holds it to app/table/games.py).
GAMES = shell_markup.GAMES


def click_handler(go: str, game: str | None = None) -> Any:
    """The router's click handler for a button's `data-go` (and Regler's `data-game`)."""
    if go == "back":
        return lambda *_event: screens.back()
    return screens.go(go, **({"game": game} if game else {}))


def render(root: Any) -> None:
    section = shell_markup.to_dom(shell_markup.start_tree(t), screens.el, click_handler)
    root.append(section)
    offer = tutorial_offer()
    if offer is not None:
        section.append(offer)  # below the games: no shift at takeover


def tutorial_offer() -> Any:
    """The first start's *Lær at spille* card, until it is answered once (app/tutorial/runner.py)."""
    from app.home.player_settings import read_settings
    from app.saves.local_store import store
    from app.tutorial.runner import offer_open
    if not offer_open(read_settings(store)):
        return None

    def decline(*_event: Any) -> None:
        from app.tutorial.screen import answer_offer
        answer_offer()
        card.remove()

    card = screens.el(
        "div", screens.el("p", t("tutorial.offer")),
        screens.el("button", t("tutorial.offer_yes"), type="button", class_="card small",
                   data_testid="offer-learn",
                   on_click=screens.go("lær", game=games.DEFAULT)),  # not text: a screen name
        screens.el("button", t("tutorial.offer_no"), type="button", class_="card small",
                   data_testid="offer-decline", on_click=decline),
        class_="start-offer", data_testid="tutorial-offer", role="region",
        aria_label=t("tutorial.offer_yes"))
    return card


screens.register(screens.START, render)  # its title: screens.KNOWN_TITLES
