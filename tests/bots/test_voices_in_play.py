"""The regulars speak English over whole played evenings: the same evening as in Danish (same
seed, same moves, a line at the same events, the rng in step), and no Danish-only words.

Each game is played twice over in lockstep: one set of players asked in Danish, a twin set
(same names, same seeds) asked in English, both shown every event of the one real table.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from engine import bakke, snyd, treere
from engine.bakke import bots as bakke_bots
from engine.errors import IllegalAction
from engine.snyd import bots as snyd_bots
from engine.treere import bots as treere_bots

# Words with æ/ø/å an English line may hold: the pub's own words, glossed where a guest first
# meets them (the call Løft, the toast Skål, the nickname møller of the fives).
PUB_WORDS = {"løft", "skål", "møller"}
# Common Danish words that would give away a line left untranslated.
DANISH_ONLY = {"og", "jeg", "det", "den", "er", "ikke", "så", "tak", "makker", "nul", "puljen",
               "en", "et", "til", "på", "med", "hva'", "igen", "spillet", "terninger",
               "terningerne", "bakken", "fem", "treere", "femmere", "lige", "ude", "hjem"}
WORD = re.compile(r"[^\W\d_]+(?:')?", re.UNICODE)


def danish_left(text: str) -> list[str]:
    words = [w.lower() for w in WORD.findall(text)]
    return [w for w in words if (re.search("[æøå]", w) and w not in PUB_WORDS)
            or w in DANISH_ONLY]


def test_the_guard_catches_danish() -> None:
    assert danish_left("Den køber jeg ikke. Løft!") == ["den", "køber", "jeg", "ikke"]
    assert danish_left("Five møller (fives), mate. Løft! Skål!") == []


class Evening:
    """Two sets of twin players at one table, every event said in both languages."""

    def __init__(self, make: Callable[[str, int], Any], names: list[str], seed: int) -> None:
        self.da = {n: make(n, seed + i) for i, n in enumerate(names)}
        self.en = {n: make(n, seed + i) for i, n in enumerate(names)}
        self.said: list[tuple[str, str | None, str | None]] = []
        self.seen = 0

    def decide(self, who: str, view: dict[str, Any]) -> dict[str, Any]:
        action = self.da[who].decide(view)
        assert self.en[who].decide(view) == action  # the same evening in either language
        return action

    def hear(self, table: Any) -> None:
        for event in table.events[self.seen:]:
            for name in self.da:
                view = table.view(name)
                da = self.da[name].say(event, view)
                en = self.en[name].say(event, view, lang="en")
                assert (da is None) == (en is None), (event, da, en)
                self.said.append((name, da, en))
        self.seen = len(table.events)

    def check(self) -> list[str]:
        for name in self.da:
            assert self.da[name].rng.getstate() == self.en[name].rng.getstate()
        english = [en for _, _, en in self.said if en is not None]
        assert english, "nobody said anything"
        for text in english:
            assert not danish_left(text), text
            assert "{" not in text and text[0].isupper(), text
        return english


def snyd_player(name: str, seed: int) -> Any:
    return snyd_bots.simpel(name, seed) if name == "Simpel" else snyd_bots.regular(name, seed)


def bakke_player(name: str, seed: int) -> Any:
    return bakke_bots.simpel(name, seed) if name == "Simpel" else bakke_bots.regular(name, seed)


def treere_player(name: str, seed: int) -> Any:
    return treere_bots.simpel(name, seed) if name == "Simpel" else treere_bots.regular(name, seed)


SNYD_NAMES = [r["name"] for r in snyd_bots.REGULARS] + ["Simpel"]
BAKKE_NAMES = [r["name"] for r in bakke_bots.REGULARS] + ["Simpel"]
TREERE_NAMES = [r["name"] for r in treere_bots.REGULARS] + ["Simpel"]


@pytest.mark.parametrize("seed", range(3))
def test_snyd_evening_in_english(seed: int) -> None:
    evening = Evening(snyd_player, SNYD_NAMES, seed)
    table = snyd.Table(SNYD_NAMES, snyd.Rules(dice_per_player=2), seed=seed)
    table.deal()
    games = 0
    for _ in range(20_000):
        evening.hear(table)
        if table.phase == "game_over":
            games += 1
            if games == 6:
                break
            table.deal()
        elif table.phase == "reveal":
            table.deal()
        else:
            who = table.turn
            table.act(who, evening.decide(who, table.view(who)))
    assert games == 6
    english = evening.check()
    kinds = {e["type"] for e in table.events}
    assert {"bid", "call", "game_lost", "to_viborg"} <= kinds
    assert any("(" in text for text in english) or any("of a kind" in t for t in english)


@pytest.mark.parametrize("seed", range(3))
def test_bakke_evening_in_english(seed: int) -> None:
    evening = Evening(bakke_player, BAKKE_NAMES, seed)
    table = bakke.Table(BAKKE_NAMES, bakke.Rules(dice_per_player=3), seed=seed)
    for game in range(3):
        if game:
            table.act(BAKKE_NAMES[0], {"type": "new_game"})
        for _ in range(20_000):
            evening.hear(table)
            if table.phase == "over":
                break
            who = table.turn
            table.act(who, evening.decide(who, table.view(who)))
        assert table.phase == "over"
    english = evening.check()
    assert any("Videre" in text or "videre" in text for text in english)


@pytest.mark.parametrize("seed", range(3))
def test_treere_evening_in_english(seed: int) -> None:
    evening = Evening(treere_player, TREERE_NAMES, seed)
    table = treere.Table(TREERE_NAMES, treere.Rules(), seed=seed)
    for pot in range(3):
        if pot:
            table.act(TREERE_NAMES[0], {"type": "new_game"})
        for _ in range(5_000):
            evening.hear(table)
            if table.phase == "over":
                break
            who = table.turn
            table.act(who, evening.decide(who, table.view(who)))
        assert table.phase == "over"
    evening.check()


@pytest.mark.parametrize("make,view", [
    (snyd_player, lambda: snyd.Table(["Henning", "Bo"], seed=1).view("Henning")),
    (bakke_player, lambda: bakke.Table(["Henning", "Bo"], seed=1).view("Henning")),
    (treere_player, lambda: treere.Table(["Henning", "Bo"], seed=1).view("Henning")),
])
def test_say_in_an_unknown_language_is_refused_and_changes_nothing(make, view) -> None:
    henning = make("Henning", 4)
    memory = getattr(henning, "memory", dict)  # Treere's regulars remember nothing at all
    before, remembered = henning.rng.getstate(), memory()
    event = {"type": "out", "player": "Henning"}
    for lang in ("de", None, "DA"):
        with pytest.raises(IllegalAction, match=r"\(unknown language"):
            henning.say(event, view(), lang)
    assert henning.rng.getstate() == before and memory() == remembered
