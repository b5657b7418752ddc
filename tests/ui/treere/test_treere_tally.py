"""Issue 17, Treere: the pot just won is shown (not "Puljen 0"), *Tavlen*'s units of an evening
sum to zero whenever it is opened, and every column is explained in a line, in both languages."""
from __future__ import annotations

import random
import re

import pytest
from app.treere.table_markup import TableLook, felt_html, tally_html

from engine.treere import Rules, Table
from engine.treere.bots import regular, simpel

UNITS = re.compile(r'data-player="([^"]+)"><th[^>]*>[^<]*</th><td class="pots">\d+</td>'
                   r'<td class="units">([^<]*)<')


def units_of(html: str) -> dict[str, int]:
    """Tavlen's units column as numbers ("−4" has a real minus)."""
    return {p: int(u.replace("−", "-").lstrip("+")) for p, u in UNITS.findall(html)}


def evening(seed: int, rules: Rules, names: list[str], stop_at: int):
    """An evening of regulars and Simpel (the baseline player) on the real table; yields the view after
    every move up to ``stop_at`` moves (a new pot started as soon as one is won)."""
    players = {n: (regular(n, seed) if n in ("Grethe", "Lis", "Ronni") else simpel(n, seed)) for n in names}
    table = Table(names, rules, seed=seed)
    for _ in range(stop_at):
        if table.phase == "over":
            yield table.view(names[0])
            table.act(names[0], {"type": "new_game"})  # the next pot's ante goes in at once
        else:
            who = table.turn
            table.act(who, players[who].decide(table.view(who)))
        yield table.view(names[0])


@pytest.mark.parametrize("rules", [Rules(), Rules(ante=2, progressive="spil"), Rules(progressive="runder")],
                         ids=["plain", "spil-ante-2", "runder"])
def test_the_units_of_an_evening_sum_to_zero_whenever_tavlen_is_opened(rules):
    """Before the fix the column summed to minus the pot in play: the next pot's ante (and a
    zero's re-ante) was counted as lost before the pot was played."""
    rng = random.Random(17)
    pots_won = 0
    for seed in range(6):
        names = ["Mette", "Grethe", "Lis", "Bo", "Ronni"][:rng.randrange(2, 6)]
        for v in evening(seed, rules, names, stop_at=rng.randrange(40, 160)):
            units = units_of(tally_html(v))
            assert set(units) == set(names)
            assert sum(units.values()) == 0, (seed, v["phase"], v["pot"], units)
            pots_won += v["phase"] == "over"
    assert pots_won >= 6  # the evenings did finish pots, and went on into the next


def test_the_pot_in_play_is_on_tavlen_as_nobodys_yet():
    t = Table(["Mette", "Lis"], Rules(ante=2), seed=1, dice=[6, 6, 6, 6, 6])
    html = tally_html(t.view("Mette"))
    assert units_of(html) == {"Mette": 0, "Lis": 0}
    assert 'data-testid="tally-pot">I puljen nu: 4 enheder<' in html


def won_table() -> Table:
    """Mette 1 1 1 1 1 (5), Lis 3 3 3 3 3 (0, T4: everyone antes again); Lis takes 4."""
    t = Table(["Mette", "Lis"], Rules(), seed=1, dice=[1, 1, 1, 1, 1, 3, 3, 3, 3, 3])
    for p in ("Mette", "Lis"):
        t.act(p, {"type": "roll"})
        t.act(p, {"type": "keep", "dice": [0, 1, 2, 3, 4]})
    assert t.phase == "over" and t.pot == 0
    return t


def test_the_pot_just_won_shows_what_was_won_not_puljen_0():
    html = felt_html(won_table().view("Mette"), TableLook(humans=("Mette",), regulars=("Lis",)))
    pot = re.search(r'<div class="tr-pot[^"]*" data-testid="pot" aria-label="([^"]*)">'
                    r'<span class="label">([^<]*)</span><b>(\d+)</b>', html)
    assert pot.groups() == ("Lis vinder puljen: 4 enheder", "Lis vinder puljen", "4")


def test_the_pot_just_won_in_english(english):
    html = felt_html(won_table().view("Mette"), TableLook(humans=("Mette",), regulars=("Lis",)))
    assert '<span class="label">Lis wins the pot</span><b>4</b>' in html


@pytest.mark.parametrize(("lang", "lines"), [
    ("da", ["Puljer: puljer vundet i aften", "Enheder: enheder vundet (+) eller tabt (−)"]),
    ("en", ["Pots: pots won tonight", "Units: units won (+) or lost (−)"])])
def test_every_column_of_tavlen_has_a_line_saying_what_it_counts(lang, lines):
    from app import lang as app_lang

    app_lang.set_language(lang)
    try:
        html = tally_html(won_table().view("Mette"))
    finally:
        app_lang.set_language("da")
    legend = re.search(r'<ul class="tally-legend" data-testid="tally-legend">(.*?)</ul>', html).group(1)
    text = re.sub(r"<[^>]+>", "", legend.replace("</li>", "\n")).splitlines()
    assert len(text) == 2 and all(line.startswith(want) for line, want in zip(text, lines, strict=True))
