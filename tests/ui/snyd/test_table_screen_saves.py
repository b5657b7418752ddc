"""table_screen's save path in CPython with a fake DOM: a tab that does not hold the table never
writes its key; a failed save shows the line and the next good one clears it; a crashing
regular is warned about and said at the table.

Only `js` and `pyodide.ffi` are faked; the session, the store's logic and the claim are real.
"""
from __future__ import annotations

import importlib
import sys
from unittest import mock

import pytest
from app.saves.local_store import TAB_KEY, TABLE_KEY, LocalStore
from app.shell import screens
from app.snyd.table_setup import Seat
from fake_browser import Storage, install_fake_browser

from engine.snyd import Rules

# The table screen and the shared modules that hold `js` (they see the fake on their next import).
MODULES = ("app.snyd.table_screen", "app.table.screen", "app.saves.tab_lock", "app.saves.table_tabs",
           "app.device.browser_storage")


class Line:
    def __init__(self) -> None:
        self.textContent = ""
        self.hidden = True


@pytest.fixture
def screen(monkeypatch):
    """app.snyd.table_screen against a fake `js` (no Web Locks: the token decides), a fake storage."""
    fake_js = mock.MagicMock(name="js")
    fake_js.navigator.locks = None
    install_fake_browser(monkeypatch, fake_js, forget=MODULES)
    screens.reset()
    storage = Storage()
    import app.saves.local_store
    monkeypatch.setattr(app.saves.local_store, "store", LocalStore(storage))
    module = importlib.import_module("app.snyd.table_screen")
    module.storage, module.js = storage, fake_js
    yield module
    for name in MODULES:
        sys.modules.pop(name, None)
    screens.reset()


def seated(screen, monkeypatch, factory=None):
    from app.snyd.table_session import Session

    ui = screen.TableUI()
    line = Line()
    monkeypatch.setattr(ui, "el", lambda id_: line if id_ == "save-failed" else mock.MagicMock())
    ui.session = Session([Seat("Mette", "human"), Seat("Henning", "regular")], Rules(dice_per_player=2),
                         seed=3, first="Henning", regular_factory=factory)
    return ui, line


def test_only_the_tab_holding_the_table_writes_it(screen, monkeypatch):
    ui, _line = seated(screen, monkeypatch)
    ui.save()
    assert TABLE_KEY not in screen.storage.data, "a tab that never took the table wrote it"
    ui.tabs.take()
    ui.save()
    assert TABLE_KEY in screen.storage.data and screen.storage.data[TAB_KEY] == ui.tabs.claim.tab_id


def test_a_tab_whose_table_was_taken_stops_before_writing(screen, monkeypatch):
    ui, _line = seated(screen, monkeypatch)
    ui.tabs.take()
    ui.save()
    screen.storage.data[TAB_KEY] = "another-tab"     # the other tab took it
    screen.storage.data[TABLE_KEY] = "the other tab's save"
    ui.save()
    assert screen.storage.data[TABLE_KEY] == "the other tab's save"
    assert ui.session is None and ui.tabs.claim.state == "moved"


def test_a_failed_save_shows_the_line_keeps_trying_and_a_good_one_clears_it(screen, monkeypatch):
    ui, line = seated(screen, monkeypatch)
    ui.tabs.take()
    screen.storage.full = True
    ui.save()
    assert not line.hidden and line.textContent == "Bordet kan ikke gemmes – lageret er fuldt"
    ui.save()
    assert not line.hidden
    screen.storage.full = False
    ui.save()
    assert line.hidden and line.textContent == "" and TABLE_KEY in screen.storage.data
    assert screen.js.navigator.storage.persist.call_count == 1


def test_a_crashing_regular_is_warned_and_said_at_the_table(screen, monkeypatch):
    class Crashing:
        def __init__(self, name, seed):
            pass

        def decide(self, view):
            raise ZeroDivisionError("boom")

    ui, _line = seated(screen, monkeypatch, factory=Crashing)
    toasts = []
    monkeypatch.setattr(ui, "toast", toasts.append)
    ui.session.play_regular()
    ui.report_faults()
    assert toasts == ["Henning gik i stå – uret tog turen"]
    warned = screen.js.console.warn.call_args[0][0]
    assert "ZeroDivisionError: boom" in warned and "Traceback" in warned
    assert not screen.js.console.error.called
