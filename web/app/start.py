"""The start screen: the three games, Regler and Indstillinger.

Snyd opens "dæk bordet" (registered by the table UI); Bakke and Treere are not built yet and are
shown as disabled cards marked "Snart", never as fake games.
"""

from __future__ import annotations

from typing import Any

from app import screens

# (key, title, one-line Danish description, screen to open or None while not built)
GAMES: list[tuple[str, str, str, str | None]] = [
    ("snyd", "Snyd", "Løgn og bluff med bægre og terninger. Bodegaens klassiker.", "dæk bordet"),
    ("bakke", "Bakke", "Kom af med dine terninger i bakken – med én hånd.", None),
    ("treere", "Treere", "Så lav en score som muligt. Treere tæller nul.", None),
]


def _game_card(key: str, name: str, blurb: str, target: str | None) -> Any:
    el = screens.el
    if target is None:
        return el("button", el("span", name, class_="card-title"), el("span", blurb),
                  el("span", "Snart", class_="badge"),
                  type="button", class_="card game soon", disabled=True, aria_disabled="true",
                  aria_label=f"{name} (snart)", data_testid=f"game-{key}")
    return el("button", el("span", name, class_="card-title"), el("span", blurb),
              type="button", class_="card game", aria_label=name, data_testid=f"game-{key}",
              on_click=screens.go(target))


def render(root: Any) -> None:
    el = screens.el
    games = el("div", *(_game_card(*game) for game in GAMES), class_="games")
    more = el("div",
              el("button", "Regler", type="button", class_="card small", data_testid="open-regler",
                 on_click=screens.go("regler")),
              el("button", "Indstillinger", type="button", class_="card small",
                 data_testid="open-indstillinger", on_click=screens.go("indstillinger")),
              class_="more")
    root.append(el("section", el("h2", "Vælg et spil", class_="visually-hidden"), games, more,
                   class_="start", data_testid="start"))


screens.register(screens.START, render, title="Bodegabordet")
