"""The games' registry (web/app/table/games.py): the one place that knows which games exist.

Every game in it has its screens, storage keys, tutorial, engine and peer tables; the keys are
unique; the modules that used to keep their own list of the games read it (or, where a module
must keep a copy, hold the same one); and the registry itself loads no game.
"""
from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import pytest
from app.friends import lobby as friends
from app.friends.core import protocol
from app.home import rules_text, start
from app.saves import last_table, local_store, tab_claim
from app.shell import markup as shell_markup
from app.shell import snapshot_imports
from app.table import games
from app.table import session as game_session

WEB = pathlib.Path(__file__).resolve().parents[2] / "web"


def source_of(module: str) -> str:
    return (WEB / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8")


def top_constant(module: str, name: str) -> object:
    """A top-level `NAME = <literal>` of a module, read without importing it (the screens
    need a DOM)."""
    for node in ast.parse(source_of(module)).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{module} has no {name}")


def imports_of(module: str) -> set[str]:
    """Every module `module` imports, at its top or inside a function (`from a import b`: a.b)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source_of(module))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
    return names


@pytest.mark.parametrize("game", games.GAMES, ids=games.KEYS)
def test_every_game_has_its_screens_keys_tutorial_and_an_engine_that_acts_and_views(game):
    assert game.setup_screen in game.screens and game.table_screen in game.screens
    for name, module in game.screens.items():  # each module registers the screen it is named for
        assert top_constant(module, "SCREEN") == name
    assert game.table_ui == game.screens[game.table_screen]
    assert game.store_key == f"bodegabordet.{game.key}.table"  # players' saves: never renamed
    assert game.tab_key == f"bodegabordet.{game.key}.tab"
    assert games.load(game.tutorial).GAME == game.key
    engine = games.load(game.engine)
    assert callable(engine.Table.act) and callable(engine.Table.view) and engine.Rules()
    assert callable(games.load(game.stand_in))
    assert hasattr(games.load(game.host), "on_restore")  # share_screen re-attaches through it
    assert game.guest is None or callable(games.load(game.guest))
    assert game.name == game.name.strip() and game.name[0].isupper()


def test_the_keys_screen_names_and_storage_keys_are_unique():
    assert len(set(games.KEYS)) == len(games.KEYS) == 3
    screen_names = [name for game in games.GAMES for name in game.screens]
    assert len(set(screen_names)) == len(screen_names)
    stored = [key for game in games.GAMES for key in (game.store_key, game.tab_key)]
    assert len(set(stored)) == len(stored)
    assert games.DEFAULT in games.KEYS
    assert games.TABLE_SCREENS == {game.table_screen for game in games.GAMES}


@pytest.mark.parametrize("outside", [None, "", "Snyd", "poker", "snyd ", 7, ["snyd"],
                                     "x" * 10_000])
def test_a_name_no_game_has_is_refused_and_never_echoed_whole(outside):
    assert not games.known(outside)
    with pytest.raises(ValueError, match="unknown game") as refused:
        games.get(outside)
    assert len(str(refused.value)) < 80


def test_the_lists_of_the_games_in_the_app_are_the_registrys():
    keys = list(games.KEYS)
    # The start screen's cards: shell_markup keeps its own copy (relay/site.py loads it alone).
    assert [(k, title, line, go) for k, title, line, go in shell_markup.GAMES] == [
        (g.key, f"start.game.{g.key}", f"start.game.{g.key}.line", g.setup_screen)
        for g in games.GAMES]
    assert list(shell_markup.GAME_KEYS) == keys and start.GAMES is shell_markup.GAMES
    assert list(rules_text.GAMES) == list(rules_text.KEYBOARD) == keys
    assert friends.GAME_NAMES == {g.key: g.name for g in games.GAMES}
    assert last_table.TABLE_KEYS == {g.key: g.store_key for g in games.GAMES}
    assert (local_store.TABLE_KEY, local_store.TAB_KEY) == (last_table.TABLE_KEYS["snyd"],
                                                            "bodegabordet.snyd.tab")
    assert list(tab_claim.GAMES) == keys
    assert [(tab_claim.lock_name(k), tab_claim.token_key(k)) for k in keys] == [
        (g.store_key, g.tab_key) for g in games.GAMES]
    assert list(protocol.GAMES) == keys and list(protocol.ACTIONS) == keys
    shared = [g.key for g in games.GAMES if g.on_game_session]
    assert list(game_session.GAMES) == shared == ["bakke", "treere"]
    assert set(game_session.FALLBACKS) == set(shared)
    assert game_session.STORE_KEYS == {k: games.get(k).store_key for k in shared}


def test_main_takes_the_games_screens_from_the_registry_and_the_snapshot_still_has_them():
    main = source_of("app.main")
    for module in games.screen_modules().values():
        assert f'"{module}"' not in main, f"main.py lists {module} itself"
    named = snapshot_imports.named_by(main)
    assert set(games.screen_modules().values()) <= set(named)
    lazy = [n for n in named if n in games.screen_modules().values()]
    assert lazy == sorted(lazy)  # in the order screens.load_lazy() imports them


def test_friends_screens_import_no_games_screen_and_the_session_no_peer():
    """join_screen and share_screen find a game's table screen through the registry; the
    shared session imports no peer module (the game_session <-> peers/game_host circle)."""
    for module in ("app.friends.join_screen", "app.friends.share_screen", "app.table.session"):
        assert not [n for n in imports_of(module) if n.endswith("table_screen")], module
    assert not [n for n in imports_of("app.table.session") if n.startswith("app.friends")]


def test_the_registry_loads_no_game_and_nothing_of_the_app_but_itself():
    code = ("import json, sys; import app.table.games as g; g.get('treere'); "
            "print(json.dumps(sorted(n for n in sys.modules if n.split('.')[0] in "
            "('app', 'engine'))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=WEB, capture_output=True,
                         text=True, check=True).stdout
    assert json.loads(out) == ["app", "app.table", "app.table.games"]


def top_value(module: str, name: str) -> object:
    """A top-level `NAME = <expression>` of a module that reads only the registry, evaluated
    without importing the module (tutorial_screen needs a DOM)."""
    source = source_of(module)
    for node in ast.parse(source).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == name):
            return eval(ast.get_source_segment(source, node.value), {"games": games})
    raise AssertionError(f"{module} has no {name}")


def string_constants(module: str) -> set[str]:
    return {node.value for node in ast.walk(ast.parse(source_of(module)))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)}


FOLDED = ("app.home.regler", "app.tutorial.screen", "app.device.wake_lock", "app.device.keyboard")


def test_the_copies_in_rooms_not_folded_in_yet_are_the_registrys():
    """Regler's tabs, the tutorial's scripts and "Spil rigtigt" targets, the wake lock's and
    the keyboard's table screens are the registry's, and none of those modules names a game's
    table screen or module itself again (a list of its own would drift from the registry).
    Per-game data (a key map, what a shake does) is keyed by the game's key, one for each."""
    from app.device import keyboard, wake_lock
    from app.home import regler
    assert regler.GAMES is games.KEYS
    assert wake_lock.TABLE_SCREENS is games.TABLE_SCREENS
    assert top_value("app.tutorial.screen", "SCRIPTS") == {g.key: g.tutorial for g in games.GAMES}
    assert top_value("app.tutorial.screen", "PLAY") == {g.key: g.setup_screen
                                                       for g in games.GAMES}
    assert set(keyboard.BY_GAME) == set(keyboard.SHAKES) == set(games.KEYS)
    assert keyboard.KEYMAPS == {g.table_screen: keyboard.BY_GAME[g.key] for g in games.GAMES}
    assert keyboard.SHAKE == {g.table_screen: keyboard.SHAKES[g.key] for g in games.GAMES}
    registry_only = set(games.TABLE_SCREENS) | set(games.screen_modules().values()) | {
        part for g in games.GAMES for part in (g.tutorial, g.engine, g.store_key, g.tab_key)}
    for module in FOLDED:
        assert not string_constants(module) & registry_only, module
