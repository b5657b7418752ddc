"""Fixtures for the Snyd table screen's CPython tests."""
from __future__ import annotations

import importlib
import sys
from unittest import mock

import pytest
from app.shell import screens
from fake_browser import install_fake_browser

# The table screen and the shared ones it stands on that hold `js` (they see the fake anew).
MODULES = ("app.snyd.table_screen", "app.table.screen", "app.saves.tab_lock", "app.saves.table_tabs")


@pytest.fixture
def table_screen(monkeypatch):
    """app.snyd.table_screen imported against a fake `js` (its clock is `module.now_ms[0]`, the
    system asks for no less motion); forgotten (and its screens) afterwards."""
    now_ms = [0.0]
    fake_js = mock.MagicMock(name="js")
    fake_js.performance.now = lambda: now_ms[0]
    fake_js.window.matchMedia.return_value.matches = False
    install_fake_browser(monkeypatch, fake_js, forget=MODULES)
    screens.reset()
    module = importlib.import_module("app.snyd.table_screen")
    module.now_ms = now_ms
    module.fake_js = fake_js
    yield module
    for name in MODULES:
        sys.modules.pop(name, None)
    screens.reset()
