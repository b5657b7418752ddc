"""app/table/setup.py, the *Dæk bordet* shell of every game, in CPython with a fake DOM:
the seats follow the taps, a game's own controls reach its draft, a bad choice is said and the
draft kept, Start hands a real GameSession to the game's table, a bad table is refused; Snyd's
screen is the shell with its own hooks (the mode, the rules, *Husregler*, its Session)."""
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


@pytest.fixture
def snyd_setup(shell, monkeypatch):
    """Snyd's *Dæk bordet* (app/snyd/setup_screen.py) mounted, its table and lobby recorded."""
    sys.modules["js"].navigator.locks = None
    forget = ["app.snyd.setup_screen", "app.snyd.table_screen", "app.table.screen", "app.device.browser_storage",
              "app.shell.stylesheet", "app.saves.tab_lock", "app.saves.table_tabs"]
    for name in forget:
        monkeypatch.delitem(sys.modules, name, raising=False)
    module = importlib.import_module("app.snyd.setup_screen")
    setup = module.setup
    table = table_module("snyd")
    monkeypatch.setattr(setup, "table", table)
    lobbies: list = []
    share = types.ModuleType("app.friends.share_screen")
    share.open_lobby = lambda *args: lobbies.append(args)
    monkeypatch.setitem(sys.modules, "app.friends.share_screen", share)
    import app.friends
    monkeypatch.setattr(app.friends, "share_screen", share, raising=False)
    screens.register(module.SCREEN, setup.render)
    screens.show(module.SCREEN)  # not mounted: only the router's state
    root = mock.MagicMock()
    setup.render(root)
    yield module, setup, table, lobbies, root
    for name in forget:
        sys.modules.pop(name, None)


def snyd_click(setup, action: str | None = None, summary_open: bool | None = None) -> None:
    """A tap on a button (`action`) or on the *Husregler* summary (open before the tap)."""
    target = mock.MagicMock(disabled=False)
    target.getAttribute.side_effect = lambda a: {"data-action": action, "data-seat": "0"}[a]
    summary = mock.MagicMock(**{"parentElement.open": summary_open})
    found = {"[data-action]": target if action else None,
             "summary.house-title": summary if summary_open is not None else None}
    setup.on_click(mock.MagicMock(**{"target.closest.side_effect": found.get}))


def test_snyd_s_screen_is_the_shell_with_its_mode_rules_and_house_rules(shell, snyd_setup):
    module, setup, _table, _lobbies, root = snyd_setup
    assert isinstance(setup, shell.GameSetup) and setup.game == "snyd"
    assert screens.title(module.SCREEN) == "Dæk bordet"
    d = setup.current()
    assert d.seats[0].name == "Mette" and len(d.seats) == 4  # you and three regulars
    snyd_click(setup, "mode-friends")
    assert d.mode == "friends" and 'data-testid="add-human"' not in root.innerHTML
    assert 'data-testid="open-lobby"' in root.innerHTML
    snyd_click(setup, "mode-phone")
    assert 'data-testid="add-human"' in root.innerHTML and 'data-testid="start-table"' in root.innerHTML
    change(setup, "3", testid="dice-per-player")
    assert d.dice == 3 and d.rules().dice_per_player == 3
    snyd_click(setup, summary_open=False)  # *Husregler* unfolded: kept for the repaints
    assert d.house_open
    setup.paint()
    assert 'data-testid="house-rules" open' in root.innerHTML


def test_snyd_s_start_and_med_vennerne_take_its_seats_rules_and_tempo(snyd_setup, shell, monkeypatch):
    _module, setup, table, lobbies, _root = snyd_setup
    monkeypatch.setattr(shell, "load_settings", lambda _store: ({"name": "Mette", "tempo": "hurtig"}, None))
    change(setup, "2", testid="dice-per-player")
    snyd_click(setup, "start")
    [session] = table.started
    assert session.game == "snyd" and session.tempo == 0.15 and session.rules.dice_per_player == 2
    assert [s.name for s in session.seats] == [s.name for s in setup.current().seats]
    snyd_click(setup, "mode-friends")
    snyd_click(setup, "friends")
    [(seats, rules, tempo, game)] = lobbies
    assert seats == [tuple(s) for s in setup.current().seats] and rules.dice_per_player == 2
    assert (tempo, game) == (0.15, "snyd")


def test_snyd_s_errors_are_kept_as_the_engine_said_them_and_shown_in_the_language_on_show(snyd_setup):
    _module, setup, table, _lobbies, root = snyd_setup
    from app import lang
    setup.current().seats = setup.current().seats[:1]  # one seat: no table
    snyd_click(setup, "start")
    error = setup.current().error
    assert table.started == [] and "(" in error  # Danish (English), as the engine raised it
    assert lang.error_text(error) in root.innerHTML
    lang.set_language("en")
    try:
        setup.paint()
        assert lang.error_text(error) in root.innerHTML
    finally:
        lang.set_language("da")
