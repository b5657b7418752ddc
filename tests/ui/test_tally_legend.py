"""Issue 17: every column of *Tavlen* (Snyd, Bakke, Treere) has a line saying what it counts,
headed by the column's own visible heading, in Danish and in English."""
from __future__ import annotations

import re
from html import unescape

import pytest
from app import lang
from app.bakke.markup import tally_html as bakke_tally
from app.snyd.tally_board import tally_html as snyd_tally
from app.treere.table_markup import tally_html as treere_tally

from engine.bakke import Table as BakkeTable
from engine.snyd import Table as SnydTable
from engine.treere import Table as TreereTable

PLAYERS = ["Mette", "Henning", "Lis"]


def boards() -> dict[str, str]:
    return {"snyd": snyd_tally(SnydTable(PLAYERS, seed=1).view("Mette")),
            "bakke": bakke_tally(BakkeTable(PLAYERS, seed=1).view("Mette")),
            "treere": treere_tally(TreereTable(PLAYERS, seed=1).view("Mette"))}


def text(html: str) -> str:
    return unescape(re.sub(r"<[^>]+>", "", html)).strip()


@pytest.mark.parametrize("language", ["da", "en"])
def test_every_column_of_every_tavlen_is_explained_in_a_line(language):
    lang.set_language(language)
    try:
        for game, html in boards().items():
            heads = [text(h) for h in re.findall(r'<th scope="col">(.*?)</th>', html)][1:]  # not "Spiller"
            legend = re.search(r'<ul class="tally-legend" data-testid="tally-legend">(.*?)</ul>', html)
            assert legend, f"{game}: no legend"
            lines = [text(li) for li in re.findall(r"<li>(.*?)</li>", legend.group(1))]
            assert len(lines) == len(heads) >= 2, (game, heads, lines)
            for head, line in zip(heads, lines, strict=True):
                assert line.startswith(f"{head}: ") and len(line) > len(head) + 12, (game, line)
                assert len(line) <= 110, (game, line)  # one line, not a paragraph
    finally:
        lang.set_language("da")


def test_the_two_languages_say_it_in_their_own_words():
    lang.set_language("en")
    try:
        english = {g: text(h) for g, h in boards().items()}
    finally:
        lang.set_language("da")
    danish = {g: text(h) for g, h in boards().items()}
    assert "bundles of five" in english["snyd"] and "bundter af fem" in danish["snyd"]
    assert "stands one" in english["bakke"] and "giver én" in danish["bakke"]
    assert "nobody's yet" in english["treere"] and "ingens endnu" in danish["treere"]
