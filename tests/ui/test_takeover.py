"""Python's takeover from the static start screen: which screens it shows, in CPython."""

from __future__ import annotations

import pytest
from app.home.rules_text import GAMES
from app.lang import t
from app.shell import markup as shell_markup
from app.shell import takeover


@pytest.mark.parametrize("shell, search, hash_, steps", [
    # The static shell was on the start screen: Python shows the same.
    ({"screen": "start"}, "", "", [("start", {})]),
    # ... even with a #regler hash the player has left with Tilbage.
    ({"screen": "start"}, "", "#regler", [("start", {})]),
    # A Regler tab: start underneath, so Tilbage goes home.
    ({"screen": "regler", "game": "treere"}, "", "", [("start", {}), ("regler", {"game": "treere"})]),
    ({"screen": "regler", "game": None}, "", "#regler", [("start", {}), ("regler", {"game": "snyd"})]),
    # A tap queued behind the splash runs once Python is up.
    ({"screen": "splash", "queued": {"name": "dæk bordet", "game": None}}, "", "",
     [("start", {}), ("dæk bordet", {})]),
    ({"screen": "splash", "queued": {"name": "indstillinger"}}, "", "",
     [("start", {}), ("indstillinger", {})]),
    # Behind the splash for a hash the static shell cannot show: the hash decides.
    ({"screen": "splash", "queued": None}, "", "#tavlen", [("tavlen", {})]),
    # No static shell at all (shell.js missing): the hash, as before.
    (None, "", "#regler", [("regler", {})]),
    (None, "", "", [("start", {})]),
    # A share link wins over everything.
    ({"screen": "splash", "queued": {"name": "dæk bordet"}}, "?bord=abc", "#regler", [("bord", {})]),
])
def test_first_screens(shell, search, hash_, steps):
    assert takeover.first_screens(shell, search, hash_) == steps


def test_static_html_is_the_tree_python_renders():
    html = shell_markup.to_html(shell_markup.start_tree(t))
    assert html.count('data-go="') == 6 and 'data-testid="game-treere"' in html
    assert 'data-testid="open-tables" data-go="åbne borde"' in html
    assert "Snart" not in html and "disabled" not in html
    regler = shell_markup.to_html(shell_markup.regler_tree("bakke", GAMES, t))
    assert 'aria-selected="true" data-testid="regler-bakke"' in regler
    assert "Regler – Bakke" in regler and "Gangen i en runde" not in regler
    # Text is escaped once: quotes in the rules stay readable, markup cannot be injected.
    assert shell_markup.to_html(shell_markup.node("p", {}, '"Syv"')) == '<p>"Syv"</p>'
    assert shell_markup.to_html(shell_markup.node("p", {"title": 'a"b'}, "<b>")) == \
        '<p title="a&quot;b">&lt;b&gt;</p>'


class _Node:
    def __init__(self, key: str) -> None:
        self.key, self.textContent = key, ""

    def getAttribute(self, name: str) -> str | None:
        return self.key if name == "data-text" else None


class _Js:
    def __init__(self, nodes) -> None:
        self.document = self
        self.nodes = nodes

    def querySelectorAll(self, selector: str):
        assert selector == "[data-text]"
        return self.nodes


def test_the_page_words_follow_the_language():
    from app import lang
    banner = _Node("start.update")
    try:
        takeover.speak_page(_Js([banner]))
        assert banner.textContent == "Ny version – genindlæs"
        lang.set_language("en")
        takeover.speak_page(_Js([banner]))
        assert banner.textContent == "New version – reload"
    finally:
        lang.set_language("da")
