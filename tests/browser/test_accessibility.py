"""axe-core on every screen (issue 12): zero serious or critical violations, in every language.

axe comes from npm as a devDependency (web/node_modules/axe-core, never vendored or served):
`add_init_script(path=…)` puts it into every page before the app's first line. Init scripts
come in through the DevTools protocol, so the app's CSP (no inline scripts) stays on as shipped.
Each screen is reached as a player reaches it: taps on the start screen, Dæk bordet, the table;
saved tables (the same GameSession the app uses) for a reveal and a game over.
"""
from __future__ import annotations

import json
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from app.game_session import STORE_KEYS, GameSession
from app.snyd.announcements import peek_words
from test_bakke import planted as bakke_planted
from test_friends import host_lobby
from test_reveal import SETTINGS_KEY, SNYD_KEY, scripted_table
from test_table_driver import (
    FELT,
    Touch,
    felt_point,
    open_app,
    open_house_rules,
    set_table,
    tap,
    wait_state,
)
from test_tutorial import open_learn

from devtools.browser import ROOT

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
LANGUAGES = ["da"]  # "en" joins when the English catalogue lands: one line
SEVERE = ("serious", "critical")

RUN_AXE = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => ['serious', 'critical'].includes(v.impact)).map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.slice(0, 6).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))}));
}"""


class Axe:
    """Runs axe on each screen a test reaches; every screen's findings reported together."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.found: dict[str, list[dict]] = {}
        self.screens: list[str] = []

    def check(self, page, screen: str) -> None:
        page.wait_for_timeout(400)  # let entrance transitions finish (contrast is read off pixels)
        self.screens.append(screen)
        violations = page.evaluate(RUN_AXE)
        if violations:
            self.found[f"{self.lang}: {screen}"] = violations

    def assert_clean(self) -> None:
        lines = []
        for screen, violations in self.found.items():
            for v in violations:
                lines.append(f"[{screen}] {v['id']} ({v['impact']}): {v['help']}")
                lines += [f"      {t}" for t in v["targets"]]
        assert not lines, "axe found serious/critical violations:\n" + "\n".join(lines)


def axe_context(contexts, lang: str, settings: dict | None = None, store: dict | None = None):
    """A phone with axe injected, the settings (language, tutorial answered) and any saved table."""
    assert AXE.is_file(), "web/node_modules/axe-core is missing: run `make setup`"
    context = contexts("phone")
    context.add_init_script(path=str(AXE))
    values = {SETTINGS_KEY: json.dumps({"tutorial_answered": True, "tempo": "hurtig", "lang": lang,
                                       **(settings or {})}), **(store or {})}
    sets = " ".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in values.items())
    context.add_init_script(  # try: sandboxed frames may not touch storage
        f"try {{ if (!sessionStorage.getItem('planted')) {{ sessionStorage.setItem('planted', '1'); {sets} }} }}"
        " catch (e) {}")
    return context


def live_lines(page) -> list[str]:
    """The table's aria-live log (role=log), line by line."""
    return page.locator("#live p").all_inner_texts()


def back(page) -> None:
    tap(page, page.get_by_role("button", name="Tilbage").first)
    page.wait_for_selector('[data-testid="start"]')


@pytest.mark.parametrize("lang", LANGUAGES)
def test_shell_screens(contexts, server, lang):
    axe = Axe(lang)
    page = axe_context(contexts, lang).new_page()
    open_app(page, server)
    axe.check(page, "start")
    tap(page, page.get_by_test_id("open-regler"))
    for game in ("snyd", "bakke", "treere"):
        tap(page, page.get_by_test_id(f"regler-{game}"))
        page.get_by_test_id("regler-text").wait_for()
        axe.check(page, f"Regler {game}")
    back(page)
    tap(page, page.get_by_test_id("open-indstillinger"))
    page.wait_for_selector('[data-testid="settings"]')
    axe.check(page, "Indstillinger")
    back(page)
    for game in ("snyd", "bakke", "treere"):
        tap(page, page.get_by_test_id(f"game-{game}"))
        page.wait_for_selector('[data-testid="setup"]')
        axe.check(page, f"Dæk bordet {game}")
        if game == "snyd":  # the folded house rules, and the table set for friends
            open_house_rules(page)
            axe.check(page, "Dæk bordet snyd: Husregler")
            tap(page, page.get_by_test_id("mode-friends"))
            axe.check(page, "Dæk bordet snyd: Med vennerne")
        back(page)
    axe.assert_clean()


def finished_save(game: str, seats: list[tuple[str, str]], seed: int, **kw) -> str:
    """A game played to its end in CPython (regulars' choices, fallbacks for the people)."""
    s = GameSession(game, seats, seed=seed, **kw)
    for _ in range(2000):
        if s.view()["phase"] == "over":
            return s.to_json()
        if s.regular_due():
            s.play_regular()
        else:
            s._fallback(s.view()["turn"])
            s._follow_turn()
    raise AssertionError("the game never ended")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tutorials(contexts, server, lang):
    axe = Axe(lang)
    page = axe_context(contexts, lang).new_page()
    for game in ("snyd", "bakke", "treere"):
        open_learn(page, server, game)
        axe.check(page, f"Lær at spille {game}")
    axe.assert_clean()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_snyd_table_bid_peek_reveal_tally(contexts, server, lang):
    axe = Axe(lang)
    page = axe_context(contexts, lang, {"name": "Mette"}, {SNYD_KEY: scripted_table()}).new_page()
    page.goto(server)
    page.wait_for_selector(FELT, timeout=90_000)
    page.get_by_test_id("your-turn").wait_for()
    axe.check(page, "Snyd: bidding")
    # A screen-reader user finds the controls by name …
    for name in ("Kig", "Byd", "Løft"):
        assert page.get_by_role("button", name=name, exact=True).count() == 1, name
    x, y = felt_point(page, 0.5, 0.75)
    finger = Touch(page).start(x, y).move_to(x, y - 90)
    page.get_by_test_id("die").first.wait_for()
    axe.check(page, "Snyd: peeking")
    finger.end()
    # … hears the own dice when peeking (Mette's one die is a 6) …
    assert live_lines(page)[-1] == peek_words([6])
    tap(page, page.get_by_role("button", name="Løft", exact=True))
    page.get_by_test_id("verdict").wait_for()
    page.wait_for_timeout(4000)  # the rings, the sum, then the verdict
    axe.check(page, "Snyd: the reveal")
    # … and the reveal's count and verdict in the live log.
    verdict = page.get_by_test_id("verdict").inner_text().strip()
    said = " ".join(live_lines(page))
    assert verdict and verdict in said, (verdict, said)
    assert "Der var" in said
    tap(page, page.locator('[data-action="tally"]'))
    page.get_by_test_id("tally").wait_for()
    axe.check(page, "Snyd: Tavlen")
    axe.assert_clean()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_snyd_handoff(contexts, server, lang):
    axe = Axe(lang)
    page = axe_context(contexts, lang).new_page()
    open_app(page, server)
    set_table(page, dice=2, humans=["Mette", "Jonas"], regulars=0)
    if wait_state(page, ("handoff", "mine")) == "mine":  # Mette's first: her bid hands it on
        tap(page, page.get_by_role("button", name="Byd", exact=True))
    assert wait_state(page, ("handoff",)) == "handoff"
    axe.check(page, "Snyd: hand-off")
    axe.assert_clean()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_bakke_and_treere_tables_mid_game_and_over(contexts, server, lang):
    axe = Axe(lang)
    seats = [("Mette", "human"), ("Lis", "regular")]
    cases = [
        ("bakke", "mid-game", bakke_planted([("Mette", "human"), ("Jonas", "human")], [3, 3, 5, 4, 1, 6],
                                            dice_per_player=3)),
        ("bakke", "game over", finished_save("bakke", seats, seed=3)),
        ("treere", "mid-game", GameSession("treere", seats, seed=11).to_json()),
        ("treere", "game over", finished_save("treere", seats, seed=11)),
    ]
    for game, moment, save in cases:
        page = axe_context(contexts, lang, {"name": "Mette"}, {STORE_KEYS[game]: save}).new_page()
        page.goto(server)
        page.wait_for_selector('[data-testid="table"]', timeout=90_000)
        axe.check(page, f"{game}: {moment}")
        if moment == "game over":
            tap(page, page.get_by_role("button", name="Tavlen"))
            page.get_by_test_id("tally").wait_for()
            axe.check(page, f"{game}: Tavlen")
        page.close()
    axe.assert_clean()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_friends_lobby_and_join_screen(contexts, server, lang):
    axe = Axe(lang)
    host = axe_context(contexts, lang).new_page()
    url = host_lobby(host, server)
    axe.check(host, "Med vennerne: the lobby")
    guest = axe_context(contexts, lang, {"tutorial_answered": True}).new_page()
    guest.goto(url)
    guest.get_by_test_id("join").wait_for(timeout=90_000)
    axe.check(guest, "the join screen")
    axe.assert_clean()
