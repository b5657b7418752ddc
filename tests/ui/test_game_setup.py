"""app/table/setup.py, the *Dæk bordet* shell of Bakke and Treere, in CPython with a fake DOM:
the seats follow the taps, a game's own controls reach its draft, a bad choice is said and the
draft kept, Start hands a real GameSession to the game's table, a bad table is refused."""
from __future__ import annotations

import importlib
import sys
import types
from unittest import mock

import pytest
from app.bakke.setup_markup import Draft as BakkeDraft
from app.bakke.setup_markup import setup_html as bakke_html
from app.shell import screens
from app.treere.setup_markup import Draft as TreereDraft
from app.treere.setup_markup import setup_html as treere_html
from fake_browser import install_fake_browser


def choose_bakke(d, t) -> bool:  # the same rule as app/bakke/setup_screen.py's
    if t.getAttribute("data-testid") != "dice-per-player":
        return False
    d.choose_dice(str(t.value))
    return True


def choose_treere(d, t) -> bool:
    if not t.hasAttribute("data-choice"):
        return False
    d.choose(str(t.getAttribute("data-choice")), str(t.value))
    return True


@pytest.fixture
def shell(monkeypatch):
    install_fake_browser(monkeypatch, mock.MagicMock(name="js"), forget=("app.table.setup",))
    module = importlib.import_module("app.table.setup")
    monkeypatch.setattr(module, "load_settings", lambda _store: ({"name": "Mette"}, None))
    screens.reset()
    yield module
    sys.modules.pop("app.table.setup", None)
    screens.reset()


def table_module(screen: str) -> types.SimpleNamespace:
    started: list = []
    return types.SimpleNamespace(SCREEN=screen + "-table", started=started,
                                 start_table=started.append, has_saved_table=lambda: False)


def mounted(shell, game, draft, html, choose):
    table = table_module(game)
    setup = shell.GameSetup(game, game, draft, html, table, choose)
    screens.register(game, setup.render)
    screens.show(game)  # not mounted: only the router's state
    root = mock.MagicMock()
    setup.render(root)
    return setup, table, root


def click(setup, action: str, seat: int | None = None) -> None:
    target = mock.MagicMock(disabled=False)
    target.getAttribute.side_effect = lambda a: {"data-action": action, "data-seat": str(seat)}[a]
    setup.on_click(mock.MagicMock(**{"target.closest.return_value": target}))


def change(setup, value: str, testid: str | None = None, choice: str | None = None) -> None:
    attrs = {"data-testid": testid, "data-choice": choice}
    t = mock.MagicMock(value=value)
    t.getAttribute.side_effect = attrs.get
    t.hasAttribute.side_effect = lambda a: attrs.get(a) is not None
    setup.on_change(mock.MagicMock(target=t))


def test_seats_follow_the_taps_and_the_screen_repaints(shell):
    setup, _table, root = mounted(shell, "bakke", BakkeDraft, bakke_html, choose_bakke)
    first = [n for n, _ in setup.current().seats.seats]
    assert first[0] == "Mette" and 'data-testid="setup"' in root.innerHTML
    click(setup, "add-human")
    assert len(setup.current().seats.seats) == len(first) + 1
    assert root.innerHTML.count('data-testid="setup-seat"') == len(first) + 1
    click(setup, "remove", seat=len(first))
    assert [n for n, _ in setup.current().seats.seats][1:] == first[1:]


def test_a_game_s_own_control_reaches_its_draft_and_a_bad_value_is_said(shell):
    setup, _table, root = mounted(shell, "treere", TreereDraft, treere_html, choose_treere)
    change(setup, "5", choice="ante")
    assert setup.current().ante == 5
    change(setup, "7", choice="ante")
    assert setup.current().ante == 5 and "Ukendt valg" in setup.current().error
    assert "Ukendt valg" in root.innerHTML
    change(setup, "Henning", testid="regular-choice")  # the seats' own select: no choice of Treere's
    assert setup.current().seats.regular_choice == "Henning"


def test_start_hands_a_session_of_the_game_to_its_table(shell):
    setup, table, _root = mounted(shell, "treere", TreereDraft, treere_html, choose_treere)
    change(setup, "2", choice="ante")
    click(setup, "start")
    [session] = table.started
    assert session.game == "treere" and session.view(session.seats[0][0])["rules"]["ante"] == 2


def test_a_table_the_engine_refuses_is_said_and_not_started(shell):
    setup, table, root = mounted(shell, "bakke", BakkeDraft, bakke_html, choose_bakke)
    setup.current().seats.seats = [("Mette", "human")]  # one seat: no table
    click(setup, "start")
    assert table.started == [] and setup.current().error and setup.current().error in root.innerHTML


@pytest.mark.parametrize("game", ["bakke", "treere"])
def test_each_game_s_screen_is_the_shell_with_its_own_choices(shell, monkeypatch, game):
    fake_js = sys.modules["js"]
    fake_js.navigator.locks = None
    forget = [f"app.{game}.setup_screen", f"app.{game}.table_screen", "app.table.screen", "app.device.browser_storage",
              "app.shell.stylesheet", "app.saves.tab_lock", "app.saves.table_tabs"]
    for name in forget:
        monkeypatch.delitem(sys.modules, name, raising=False)
    module = importlib.import_module(f"app.{game}.setup_screen")
    assert isinstance(module.setup, shell.GameSetup) and module.setup.game == game
    assert screens.title(module.SCREEN) == game.capitalize()
    for name in forget:
        sys.modules.pop(name, None)


def test_after_a_switch_to_english_the_default_seat_and_the_errors_speak_english(shell, monkeypatch):
    from app import lang
    monkeypatch.setattr(shell, "load_settings", lambda _store: ({"name": "Du"}, None))
    setup, table, root = mounted(shell, "bakke", BakkeDraft, bakke_html, choose_bakke)
    assert setup.current().seats.seats[0] == ("Du", "human")
    lang.set_language("en")
    try:
        setup.paint()  # the screen shown again after Settings
        assert setup.current().seats.seats[0] == ("You", "human") and 'data-player="You"' in root.innerHTML
        setup.current().seats.seats = [("You", "human")]  # one seat: no table
        click(setup, "start")
        assert table.started == [] and setup.current().error == "A table has 2–8 seats"
    finally:
        lang.set_language("da")
