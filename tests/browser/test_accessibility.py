"""axe-core on every screen (issue 12): zero serious or critical violations, in every language.

axe comes from npm as a devDependency (web/node_modules/axe-core, never vendored or served):
`add_init_script(path=…)` puts it into every page before the app's first line. Init scripts
come in through the DevTools protocol, so the app's CSP (no inline scripts) stays on as shipped.
Each screen is reached as a player reaches it: taps on the start screen, Dæk bordet, the table;
saved tables (the same sessions the app uses) for a reveal and a game over. Buttons are found
by test id or data-action, never by their words: the same walk runs in every language. The
tables are checked on an upright phone, a phone on its side and a desktop.
"""
from __future__ import annotations

import json
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from app.snyd.announcements import peek_words
from app.snyd.table_session import Session
from app.snyd.table_setup import Seat
from app.table.session import STORE_KEYS, GameSession
from test_bakke import planted as bakke_planted
from test_reveal import SETTINGS_KEY, SNYD_KEY, scripted_table
from test_table_driver import (
    FELT,
    Touch,
    felt_point,
    open_app,
    open_house_rules,
    tap,
    wait_state,
)
from test_tutorial import STEP, hold, open_learn, step_key

from devtools.browser import ROOT
from engine.snyd import Rules, Table

AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
LANGUAGES = ["da", "en"]
# The suite's time (CI has 90 minutes): a screen at every view, and in each language at one view
# at least, not every language at every view (the words are checked whole in tests/ui).
SPREAD = [("da", "phone"), ("en", "landscape"), ("da", "desktop")]
LOCALES = {"da": "da-DK", "en": "en-GB"}
SEVERE = ("serious", "critical")
# The tables on every kind of screen: (context kind, viewport or None for the kind's own).
VIEWS = {"phone": ("phone", None), "landscape": ("phone", {"width": 851, "height": 393}),
         "desktop": ("desktop", None)}

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


def axe_context(contexts, lang: str, settings: dict | None = None, store: dict | None = None,
                view: str = "phone"):
    """A phone (or `view`: landscape, desktop) in `lang` with axe injected, the settings
    (language, tutorial answered) and any saved table."""
    assert AXE.is_file(), "web/node_modules/axe-core is missing: run `make setup`"
    kind, viewport = VIEWS[view]
    context = contexts(kind, locale=LOCALES[lang], **({"viewport": viewport} if viewport else {}))
    context.add_init_script(path=str(AXE))
    values = {SETTINGS_KEY: json.dumps({"tutorial_answered": True, "tempo": "hurtig", "language": lang,
                                       **(settings or {})}), **(store or {})}
    sets = " ".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in values.items())
    context.add_init_script(  # try: sandboxed frames may not touch storage
        f"try {{ if (!sessionStorage.getItem('planted')) {{ sessionStorage.setItem('planted', '1'); {sets} }} }}"
        " catch (e) {}")
    return context


def live_lines(page) -> list[str]:
    """The table's aria-live log (role=log), line by line."""
    return page.locator("#live p").all_inner_texts()


# The screen's own *Tilbage*, never another outlined button (class "back") that a screen shows
# before it: Regler's (test id `back`), Indstillinger's last button, Dæk bordet's in its
# action row (docs/testids.md). Exactly one must show, so a new look-alike fails loudly here.
SCREEN_BACK = ('#screen :is([data-testid="back"], '
               '[data-testid="settings"] > button.back[data-action="back"], '
               '[data-testid="setup"] .setup-actions > button.back[data-action="back"])')


def back(page) -> None:
    own = page.locator(f"{SCREEN_BACK}:visible")
    assert own.count() == 1, f"{own.count()} buttons claim to be this screen's Tilbage"
    tap(page, own)
    page.wait_for_selector('[data-testid="start"]')


def assert_language(page, lang: str) -> None:
    """The page speaks the language under test (else the walk proves nothing about it)."""
    assert page.evaluate("document.documentElement.lang").startswith(lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_shell_screens(contexts, server, lang):
    axe = Axe(lang)
    page = axe_context(contexts, lang).new_page()
    open_app(page, server)
    assert_language(page, lang)
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


def snyd_game_over() -> str:
    """A Snyd table at its end: one die each, Mette's one six holds against Henning's call."""
    rules = Rules(dice_per_player=1)
    table = Table(["Mette", "Henning"], rules, seed=5, first="Mette")
    table.deal([[6], [2]])
    table.act("Mette", {"type": "bid", "quantity": 1, "face": 6})
    table.act("Henning", {"type": "call"})
    assert table.view("Mette")["phase"] == "game_over"
    return Session([Seat("Mette", "human"), Seat("Henning", "regular")], rules, seed=5,
                   _table=table).to_json()


# The Treere steps that ask for dice to be kept: the faces to pick (test_tutorial's walk).
KEEP_FACES = {"keep_threes": [3, 3], "keep_low": [3, 1], "keep_last": [2]}


def next_step(page, key: str, axe: Axe, game: str) -> None:
    """Leave step `key` as a player does, whatever the language: hold Kig for a peek, keep the
    named dice, else try the choices in turn (a wrong one shows a nudge: checked too)."""
    if page.locator(STEP).get_attribute("data-waits") == "peek":
        hold(page, "tutorial-kig", 700)
    elif key in KEEP_FACES:
        wanted = list(KEEP_FACES[key])
        for i, face in enumerate(page.locator('[data-action="pick"] .die')
                                 .evaluate_all("els => els.map(e => +e.dataset.value)")):
            if face in wanted:
                wanted.remove(face)
                tap(page, page.get_by_test_id(f"tutorial-die-{i}"))
        axe.check(page, f"Lær at spille {game}: {key}, dice picked")
        tap(page, page.get_by_test_id("tutorial-keep"))
    else:
        for i in range(page.locator('[data-action="choice"]').count()):
            tap(page, page.get_by_test_id(f"tutorial-choice-{i}"))
            page.wait_for_timeout(150)
            if step_key(page) != key:
                return
            if page.get_by_test_id("tutorial-nudge").inner_text().strip():
                axe.check(page, f"Lær at spille {game}: {key}, a nudge")
    page.wait_for_function(f"document.querySelector('{STEP}').dataset.step !== {json.dumps(key)}",
                           timeout=10_000)


@pytest.mark.parametrize(("lang", "game"), [("da", "snyd"), ("en", "snyd"), ("en", "bakke"),
                                             ("da", "treere")])
def test_tutorial_every_step(contexts, server, lang, game):
    axe = Axe(lang)
    page = axe_context(contexts, lang).new_page()
    open_learn(page, server, game)
    steps = []
    for _ in range(40):
        key = step_key(page)
        steps.append(key)
        axe.check(page, f"Lær at spille {game}: {key}")
        if key == "done":
            break
        next_step(page, key, axe, game)
    assert steps[-1] == "done", steps
    assert len(steps) >= 4, steps
    axe.assert_clean()


def check_table_names(page) -> None:
    """A screen-reader or voice-control user finds Kig, Byd and Løft by the words they see."""
    for action in ("peek", "bid", "call"):
        button = page.locator(f'#controls [data-action="{action}"]')
        words = button.inner_text().strip()
        assert words and page.get_by_role("button", name=words, exact=True).count() == 1, action


@pytest.mark.parametrize(("lang", "view"), SPREAD)
def test_snyd_table_bid_peek_reveal_tally(contexts, server, lang, view):
    axe = Axe(f"{lang}, {view}")
    page = axe_context(contexts, lang, {"name": "Mette"}, {SNYD_KEY: scripted_table()}, view).new_page()
    page.goto(server)
    page.wait_for_selector(FELT, timeout=90_000)
    page.get_by_test_id("your-turn").wait_for()
    assert_language(page, lang)
    axe.check(page, "Snyd: bidding")
    check_table_names(page)
    if view != "desktop":  # a peek is a swipe on the felt: touch only
        x, y = felt_point(page, 0.5, 0.75)
        finger = Touch(page).start(x, y).move_to(x, y - 90)
        page.get_by_test_id("die").first.wait_for()
        axe.check(page, "Snyd: peeking")
        finger.end()
        # … hears the own dice when peeking (Mette's one die is a 6) …
        if lang == "da":
            assert live_lines(page)[-1] == peek_words([6])
        assert "6" in live_lines(page)[-1]
    tap(page, page.locator('#controls [data-action="call"]'))
    page.get_by_test_id("verdict").wait_for()
    page.wait_for_timeout(4000)  # the rings, the sum, then the verdict
    axe.check(page, "Snyd: the reveal")
    # … and the reveal's count and verdict in the live log.
    verdict = page.get_by_test_id("verdict").inner_text().strip()
    said = " ".join(live_lines(page))
    assert verdict and verdict in said, (verdict, said)
    tap(page, page.locator('.table-bar [data-action="tally"]'))
    page.get_by_test_id("tally").wait_for()
    axe.check(page, "Snyd: Tavlen")
    axe.assert_clean()


@pytest.mark.parametrize(("lang", "view"), [("da", "phone"), ("en", "desktop")])
def test_snyd_game_over_and_tavlen(contexts, server, lang, view):
    axe = Axe(f"{lang}, {view}")
    page = axe_context(contexts, lang, {"name": "Mette"}, {SNYD_KEY: snyd_game_over()}, view).new_page()
    page.goto(server)
    page.wait_for_selector(FELT, timeout=90_000)
    page.get_by_test_id("verdict").wait_for()
    page.wait_for_timeout(4000)  # the reveal plays out to the game's end
    axe.check(page, "Snyd: game over")
    tap(page, page.locator('.table-bar [data-action="tally"]'))
    page.get_by_test_id("tally").wait_for()
    axe.check(page, "Snyd: Tavlen at game over")
    axe.assert_clean()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_snyd_handoff(contexts, server, lang):
    axe = Axe(lang)
    page = axe_context(contexts, lang).new_page()
    open_app(page, server)
    tap(page, page.get_by_test_id("game-snyd"))
    page.wait_for_selector('[data-testid="setup"]')
    while page.locator('[data-testid="setup-seat"][data-kind="regular"]').count():
        tap(page, page.locator('[data-testid="setup-seat"][data-kind="regular"]').last.get_by_role("button"))
    while page.locator('[data-testid="setup-seat"][data-kind="human"]').count() < 2:
        tap(page, page.get_by_test_id("add-human"))
    for i, name in enumerate(["Mette", "Jonas"]):
        page.locator('[data-testid="setup-seat"][data-kind="human"] input').nth(i).fill(name)
    tap(page, page.get_by_test_id("start-table"))
    page.wait_for_selector(FELT)
    if wait_state(page, ("handoff", "mine")) == "mine":  # Mette's first: her bid hands it on
        tap(page, page.locator('#controls [data-action="bid"]'))
    assert wait_state(page, ("handoff",)) == "handoff"
    axe.check(page, "Snyd: hand-off")
    axe.assert_clean()


@pytest.mark.parametrize(("lang", "view"), [("en", "phone"), ("da", "landscape"),
                                             ("en", "desktop")])
def test_bakke_and_treere_tables_mid_game_and_over(contexts, server, lang, view):
    axe = Axe(f"{lang}, {view}")
    seats = [("Mette", "human"), ("Lis", "regular")]
    cases = [
        ("bakke", "mid-game", bakke_planted([("Mette", "human"), ("Jonas", "human")], [3, 3, 5, 4, 1, 6],
                                            dice_per_player=3)),
        ("bakke", "game over", finished_save("bakke", seats, seed=3)),
        ("treere", "mid-game", GameSession("treere", seats, seed=11).to_json()),
        ("treere", "game over", finished_save("treere", seats, seed=11)),
    ]
    for game, moment, save in cases:
        page = axe_context(contexts, lang, {"name": "Mette"}, {STORE_KEYS[game]: save}, view).new_page()
        page.goto(server)
        page.wait_for_selector('[data-testid="table"]', timeout=90_000)
        axe.check(page, f"{game}: {moment}")
        if moment == "game over":
            tap(page, page.locator('.table-bar [data-action="tally"]'))
            page.get_by_test_id("tally").wait_for()
            axe.check(page, f"{game}: Tavlen")
        page.close()
    axe.assert_clean()


def open_lobby(page, server) -> str:
    """The host sets a Snyd table *Med vennerne* without regulars and opens the lobby; the link."""
    open_app(page, server)
    tap(page, page.get_by_test_id("game-snyd"))
    page.wait_for_selector('[data-testid="setup"]')
    tap(page, page.get_by_test_id("mode-friends"))
    while page.locator('[data-testid="setup-seat"][data-kind="regular"]').count():
        tap(page, page.locator('[data-testid="setup-seat"][data-kind="regular"]').last.get_by_role("button"))
    page.locator('[data-testid="setup-seat"][data-kind="human"] input').fill("Mette")
    tap(page, page.get_by_test_id("open-lobby"))
    link = page.get_by_test_id("share-link")
    link.wait_for()
    return link.input_value()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_friends_lobby_and_join_screen(contexts, server, lang):
    axe = Axe(lang)
    host = axe_context(contexts, lang).new_page()
    url = open_lobby(host, server)
    axe.check(host, "Med vennerne: the lobby")
    guest = axe_context(contexts, lang).new_page()
    guest.goto(url)
    guest.get_by_test_id("join").wait_for(timeout=90_000)
    axe.check(guest, "the join screen")
    guest.get_by_test_id("join-name").fill("Jonas")
    tap(guest, guest.get_by_test_id("join-sit"))
    host.locator('[data-testid="lobby-seat"][data-player="Jonas"]').wait_for(timeout=30_000)
    axe.check(host, "Med vennerne: the lobby with a guest seated")
    guest.wait_for_function("() => (document.getElementById('join-status') || {}).textContent.trim() !== ''",
                            timeout=30_000)
    axe.check(guest, "the join screen: seated, waiting for the host")
    axe.assert_clean()
