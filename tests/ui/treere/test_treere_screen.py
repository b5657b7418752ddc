"""The Treere table screen's glue in CPython with a fake DOM: a reload resumes the table, taps
choose, keep and throw for the person in turn and save at once, the flick throws, a fresh roll
tumbles only without *Færre bevægelser*, a bad save is set aside and said in *Dæk bordet*, a
crashing regular is told and the table goes on.

Only `js` and `pyodide.ffi` are faked (and one crashing regular); the session, the engine, the
store's logic and the markup are real.
"""
from __future__ import annotations

import importlib
import json
import sys
from unittest import mock

import pytest
from app.saves import last_table
from app.saves.local_store import SETTINGS_KEY, LocalStore, backup_key
from app.saves.save_guard import corrupt_save
from app.shell import screens
from app.table import session as game_session
from fake_browser import Node, Storage, install_fake_browser

from engine.treere import Rules, Table

KEY = game_session.STORE_KEYS["treere"]
MODULES = ("app.treere.table_screen", "app.table.screen", "app.device.browser_storage", "app.shell.stylesheet",
           "app.saves.tab_lock", "app.saves.table_tabs")


class Crashing:
    def __init__(self, name, seed=None):
        self.name = name

    def decide(self, view):
        raise ZeroDivisionError("division by zero")

    def say(self, event, view, lang="da"):
        return None


@pytest.fixture
def screen(monkeypatch):
    fake_js = mock.MagicMock(name="js")
    fake_js.navigator.locks = None  # no Web Locks: the tab token alone decides (tab_lock.py)
    fake_js.window.matchMedia.return_value.matches = False  # the system asks for no less motion
    fake_js.performance.now.return_value = 1000.0
    install_fake_browser(monkeypatch, fake_js, forget=MODULES)
    screens.reset()
    storage = Storage()
    import app.saves.local_store
    store = LocalStore(storage)
    monkeypatch.setattr(app.saves.local_store, "store", store)
    module = importlib.import_module("app.treere.table_screen")
    nodes: dict[str, Node] = {}
    live = mock.MagicMock(childElementCount=0)
    monkeypatch.setattr(module.ui, "el", lambda id_: live if id_ == "tr-live" else nodes.setdefault(id_, Node()))
    shown: list[tuple[str, dict]] = []
    for name in (screens.START, "treere"):
        screens.register(name, lambda root, **kw: None)
    show = screens.show
    monkeypatch.setattr(screens, "show", lambda name, **kw: shown.append((name, kw)) or show(name, **kw))
    module.storage, module.nodes, module.shown, module.js, module.store = storage, nodes, shown, fake_js, store
    yield module
    for name in MODULES:
        sys.modules.pop(name, None)
    screens.reset()


def saved(seats, dice, factory=None, **rules) -> game_session.GameSession:
    names = [n for n, _ in seats]
    table = Table(names, Rules(**rules), seed=5, dice=dice)
    return game_session.GameSession("treere", seats, Rules(**rules), seed=5, _table=table,
                                    regular_factory=factory)


def open_table(screen) -> None:
    screens.show(screen.SCREEN)
    screen.ui.render(mock.MagicMock())


def click(screen, action: str, index: int | None = None, testid: str | None = None) -> None:
    target = mock.MagicMock()
    target.disabled = False
    attrs = {"data-action": action, "data-index": str(index), "data-testid": testid}
    target.getAttribute.side_effect = lambda attr: attrs[attr]
    ev = mock.MagicMock()
    ev.target.closest.return_value = target
    screen.ui.on_click(ev)


def felt(screen) -> str:
    return screen.nodes["tr-felt"].innerHTML


def from_store(screen) -> game_session.GameSession:
    return game_session.GameSession.from_json(screen.storage.data[KEY], "treere")


PEOPLE = [("Mette", "human"), ("Jonas", "human")]


def test_a_reload_resumes_the_table_as_it_was(screen):
    s = saved(PEOPLE, [6, 3, 2, 5, 1])
    s.act("Mette", {"type": "roll"})
    screen.storage.data[KEY] = s.to_json()
    open_table(screen)
    assert screen.ui.session.view() == s.view()
    assert felt(screen).count('data-testid="rolled-die"') == 5
    assert "Mettes tur – Mette slår" in felt(screen)
    assert screen.storage.data[last_table.KEY] == "treere"


def test_taps_choose_keep_and_throw_and_every_change_is_saved(screen):
    s = saved(PEOPLE, [6, 3, 2, 5, 1, 4, 4, 4, 4])
    s.act("Mette", {"type": "roll"})
    screen.storage.data[KEY] = s.to_json()
    open_table(screen)
    click(screen, "choose", 1)
    click(screen, "choose", 4)
    click(screen, "choose", 0)
    click(screen, "choose", 0)   # chosen and un-chosen again
    assert screen.ui.look.selected == {1, 4}
    assert "Behold (2)" in screen.nodes["tr-controls"].innerHTML
    click(screen, "keep")
    assert from_store(screen).view()["kept"] == [3, 1]
    assert screen.ui.look.selected == frozenset()
    click(screen, "roll")
    assert from_store(screen).view()["rolled"] == [4, 4, 4]
    assert screen.ui.look.selected == frozenset(), "a new roll forgets the choice"


def test_keeping_nothing_is_said_and_changes_nothing(screen):
    s = saved(PEOPLE, [6, 3, 2, 5, 1])
    s.act("Mette", {"type": "roll"})
    screen.storage.data[KEY] = before = s.to_json()
    open_table(screen)
    click(screen, "keep")
    assert "mindst én" in screen.nodes["tr-toast"].textContent
    click(screen, "choose", 7)  # no such die: nothing chosen
    assert screen.ui.look.selected == frozenset()
    assert screen.storage.data[KEY] == before


def pointer(x: float, y: float) -> mock.MagicMock:
    ev = mock.MagicMock(clientX=x, clientY=y)
    ev.target.closest.return_value = mock.MagicMock()  # on the cup
    return ev


def test_a_flick_up_throws_and_a_sideways_drag_does_not(screen):
    screen.storage.data[KEY] = saved(PEOPLE, [6, 3, 2, 5, 1]).to_json()
    open_table(screen)
    screen.ui.on_down(pointer(200, 600))
    screen.ui.on_up(pointer(320, 590))
    assert from_store(screen).view()["rolled"] == []
    screen.ui.on_down(pointer(200, 600))
    screen.ui.on_move(pointer(202, 560))
    cup = screen.js.document.querySelector.return_value
    assert cup.style.transform == "translateY(-40px)", "the cup follows the finger"
    screen.js.performance.now.return_value = 1200.0
    screen.ui.on_up(pointer(205, 480))
    assert from_store(screen).view()["rolled"] == [6, 3, 2, 5, 1]
    click(screen, "roll", testid="flick")  # the flick's own click: no second throw
    assert screen.nodes["tr-toast"].textContent == ""


@pytest.mark.parametrize("reduced", [False, True])
def test_a_fresh_roll_tumbles_once_unless_motion_is_reduced(screen, reduced):
    screen.storage.data[SETTINGS_KEY] = json.dumps({"reduced_motion": reduced})
    screen.storage.data[KEY] = saved(PEOPLE, [6, 3, 2, 5, 1]).to_json()
    open_table(screen)
    click(screen, "roll")
    assert ("rolling" in felt(screen)) is not reduced
    click(screen, "choose", 0)
    assert "rolling" not in felt(screen), "a choice redraws the dice still"


def test_a_corrupt_save_is_set_aside_and_dæk_bordet_says_so(screen):
    screen.storage.data[KEY] = json.dumps({"format": "bodegabordet.game", "version": 1, "game": "treere",
                                           "seats": "nonsense"})
    open_table(screen)
    assert screen.shown[-1] == ("treere", {"notice": corrupt_save()})
    assert KEY not in screen.storage.data
    assert json.loads(screen.storage.data[backup_key(KEY)])["key"] == KEY
    assert screen.js.console.warn.called


def test_no_save_opens_dæk_bordet(screen):
    open_table(screen)
    assert screen.shown[-1] == ("treere", {})


def test_a_crashing_regular_is_told_and_the_table_goes_on(screen):
    s = saved([("Mette", "human"), ("Kaj", "regular")], [1, 1, 1, 1, 1, 6, 6, 6, 6, 6],
              factory=lambda name, seed: Crashing(name, seed))
    s.act("Mette", {"type": "roll"})
    s.act("Mette", {"type": "keep", "dice": [0, 1, 2, 3, 4]})
    screen.storage.data[KEY] = s.to_json()
    # The screen makes its session from the save: Kaj must crash there too.
    with mock.patch("engine.treere.bots.regular", side_effect=lambda name, seed=None: Crashing(name, seed)):
        open_table(screen)
        assert screen.ui.timer is not None, "Kaj's move is scheduled"
        screen.ui.regular_moves()   # the fallback rolls
        assert "Kaj gik i stå" in screen.nodes["tr-toast"].textContent
        screen.ui.regular_moves()   # the fallback keeps a die: over Mette's 5, the turn ends (T3)
    v = screen.ui.session.view()
    assert v["phase"] == "over" and v["winner"] == "Mette"
    assert "division by zero" in str(screen.js.console.warn.call_args_list)
    assert "Mette vinder puljen" in felt(screen)


def test_the_resume_step_shows_the_table(screen):
    screen.storage.data[KEY] = saved(PEOPLE, [6, 3, 2, 5, 1]).to_json()
    screens.show(screens.START)
    screens.resume()
    assert screens.current() == screen.SCREEN


TAB = "bodegabordet.treere.tab"  # which tab holds the Treere table (tab_claim.token_key)


def test_a_tab_whose_table_was_taken_stops_and_never_writes(screen):
    """One table, one tab: without Web Locks the token decides; a tab that finds another tab's
    token before a save drops its table, writes nothing and says the table moved."""
    s = saved(PEOPLE, [6, 3, 2, 5, 1, 4, 4, 4, 4])
    screen.storage.data[KEY] = s.to_json()
    open_table(screen)
    assert screen.storage.data[TAB] == screen.ui.tabs.lock.claim.tab_id
    before = screen.storage.data[KEY]
    screen.storage.data[TAB] = "another-tab"  # the other tab took the table
    click(screen, "roll")
    assert screen.storage.data[KEY] == before, "the tab without the table wrote it"
    assert screen.ui.session is None
    root = mock.MagicMock()
    screen.ui.render(root)
    assert "Bordet er flyttet til en anden fane" in root.innerHTML and "Tag bordet hertil" in root.innerHTML
    take = mock.MagicMock()
    take.getAttribute.side_effect = lambda attr: {"data-action": "take"}[attr]
    ev = mock.MagicMock()
    ev.target.closest.return_value = take
    screen.ui.tabs.on_click(ev)  # *Tag bordet hertil*: back from the latest save
    assert screen.storage.data[TAB] == screen.ui.tabs.lock.claim.tab_id
    open_table(screen)
    assert screen.ui.session is not None and screen.ui.session.view() == s.view()
