"""The games: the one place that knows which games exist, and where each one's parts live.

    from app.table import games

    games.KEYS                      # ("snyd", "bakke", "treere"): the start screen's order
    game = games.get("bakke")       # ValueError for a name no game has (outside input)
    game.setup_screen, game.store_key
    screen = games.load(game.table_ui)   # app.bakke.table_screen, imported now

Every part of a game is named by its module path ("module" or "module:name") and imported only
when asked (`load`): this module imports nothing, so the start screen, the boot hand-over and
the Pyodide snapshot can read it without loading any game (bench/startup.py). The screens,
storage keys, tab locks, share links, the peer layer and the start screen's cards all read it;
adding a game means adding its `Game` here (and its catalogue keys).
"""
from __future__ import annotations

import importlib
from typing import Any


class Game:
    """One game's parts. Screen names and storage keys are identifiers the tests, URL hashes
    and players' saved tables rely on: never rename one."""

    def __init__(self, key: str, name: str, *, setup_screen: str, table_screen: str,
                 screens: dict[str, str], on_game_session: bool, host: str, host_table: str,
                 guest: str | None, stand_in: str, fair: bool = False) -> None:
        self.key = key
        self.name = name                  # the game's own name, the same in every language
        self.engine = f"engine.{key}"     # its Rules, Table (act, view), bots
        self.setup_screen = setup_screen  # its *Dæk bordet* (the start screen's card opens it)
        self.table_screen = table_screen  # its table, where a resumed table opens
        self.screens = screens            # screen name -> the module that registers it
        self.table_ui = screens[table_screen]  # start_table, show_peer_table, ui, SCREEN
        self.store_key = f"bodegabordet.{key}.table"  # its unfinished table; its tab lock's name
        self.tab_key = f"bodegabordet.{key}.tab"      # the tab holding it (tab_claim.py)
        self.tutorial = f"app.{key}.tutorial"         # its *Lær at spille* script
        # Played through app/table/session.GameSession (Bakke, Treere: every die public); Snyd's
        # Session (app/snyd/table_session.py) is the same TableSession with hidden dice's flow.
        self.on_game_session = on_game_session
        self.host = host      # the module of the host's table with friends (on_restore, tables)
        self.host_table = f"{host}:{host_table}"  # its class (from_lobby: the lobby's *Start*)
        self.guest = guest    # what wraps a guest's GuestTable for the table screen (None: none)
        self.stand_in = stand_in  # the bot class that plays an away guest's turns
        # Fair dice at its friends' tables (issue 20, docs/fair-dice.md): the lobby's *Start*
        # asks the host table for them (``from_lobby(..., fair=True)``). All three games: Snyd's
        # hidden cups, and every Bakke and Treere throw made from every seat's share.
        self.fair = fair

    def __repr__(self) -> str:
        return f"Game({self.key!r})"


GAMES: tuple[Game, ...] = (
    Game("snyd", "Snyd", setup_screen="dæk bordet", table_screen="bordet",  # not text
         screens={"dæk bordet": "app.snyd.setup_screen",  # not text: screen names
                  "bordet": "app.snyd.table_screen", "tavlen": "app.snyd.tally_screen"},
         on_game_session=False, host="app.friends.host_table", host_table="HostTable",
         guest=None,
         stand_in="engine.snyd.bots:Regular", fair=True),
    Game("bakke", "Bakke", setup_screen="bakke", table_screen="bakke-bordet",
         screens={"bakke": "app.bakke.setup_screen",          # Bakke's *Dæk bordet*
                  "bakke-bordet": "app.bakke.table_screen"},  # its table (with its Tavlen)
         on_game_session=True, host="app.friends.game_host", host_table="HostGameTable",
         guest="app.friends.game_guest:GuestGameTable", stand_in="engine.bakke.bots:Player",
         fair=True),
    Game("treere", "Treere", setup_screen="treere", table_screen="treere-bordet",
         screens={"treere": "app.treere.setup_screen",           # Treere's *Dæk bordet*
                  "treere-bordet": "app.treere.table_screen"},   # its table (with its Tavlen)
         on_game_session=True, host="app.friends.game_host", host_table="HostGameTable",
         guest="app.friends.game_guest:GuestGameTable", stand_in="engine.treere.bots:Regular",
         fair=True),
)
KEYS: tuple[str, ...] = tuple(game.key for game in GAMES)
# The game meant where none is named: a save, lobby or link from before Bakke and Treere, and
# the first start's tutorial offer.
DEFAULT = "snyd"
# The games played through app/table/session.GameSession.
ON_GAME_SESSION: tuple[str, ...] = tuple(g.key for g in GAMES if g.on_game_session)
TABLE_SCREENS: frozenset[str] = frozenset(game.table_screen for game in GAMES)

_BY_KEY = {game.key: game for game in GAMES}


def get(key: object) -> Game:
    """The game called `key`; ValueError for anything else (a key may come from a link, a save
    or another phone: only a known game's own name is ever used or shown)."""
    game = _BY_KEY.get(key) if isinstance(key, str) else None
    if game is None:
        raise ValueError(f"unknown game {repr(key)[:40]}")
    return game


def known(key: object) -> bool:
    return isinstance(key, str) and key in _BY_KEY


def screen_modules() -> dict[str, str]:
    """Every game's screens: screen name -> the module that registers it (main.py's lazy
    screens; the snapshot's list, app/shell/snapshot_imports.py)."""
    return {name: module for game in GAMES for name, module in game.screens.items()}


def load(path: str) -> Any:
    """The module "a.b", or the name in it "a.b:Name", imported now (on first use of a game's
    part: its modules stay out of start-up)."""
    module, _, name = path.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, name) if name else loaded
