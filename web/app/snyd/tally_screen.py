"""*Tavlen* ("tavlen"): the evening's strokes per player and the selvbinder counts."""
from __future__ import annotations

from typing import Any

from app.lang import t
from app.shell import screens
from app.shell.dom_util import present
from app.snyd import table_screen
from app.snyd.tally_board import tally_html
from pyodide.ffi import create_proxy

SCREEN = "tavlen"
_proxies: dict[str, Any] = {}


def _back(ev: Any) -> None:
    if present(ev.target.closest('[data-action="back"]')):
        screens.back()


def render(root: Any, **_kw: Any) -> None:
    session = table_screen.current_session()
    body = tally_html(session.view()) if session else f'<p>{t("snyd.tally.none")}</p>'
    root.innerHTML = (f'<section class="tally-screen panel" data-testid="tally"><h2>{t("snyd.title.tally")}</h2>'
                      f'{body}<button type="button" class="back" data-action="back">{t("snyd.back")}</button>'
                      '</section>')
    if "back" not in _proxies:
        _proxies["back"] = create_proxy(_back)
    root.querySelector('[data-testid="tally"]').addEventListener("click", _proxies["back"])


screens.register(SCREEN, render)  # its title: screens.KNOWN_TITLES
