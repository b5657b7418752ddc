"""A real click on each house-rule switch of *Dæk bordet*, by its visible label, reaches the
engine as exactly that rule (read from the started table's log in local storage).

The expected field per label comes from tests/ui/snyd/switch_wiring.py (written from docs/rules.md),
never from the app's own mapping, so a crossed wire fails here.
"""
from __future__ import annotations

import json
import pathlib
import sys

from engine.snyd import Rules

HERE = pathlib.Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "ui" / "snyd"))
from switch_wiring import SWITCHES
from test_table_driver import FELT, open_app, open_house_rules, tap

TABLE_KEY = "bodegabordet.snyd.table"


def rules_reaching_the_engine(page) -> dict:
    """The rules of the table's start event: what `Table` was built with."""
    saved = json.loads(page.evaluate("k => localStorage.getItem(k)", TABLE_KEY))
    start = saved["log"][0]
    assert start["type"] == "start"
    return start["rules"]


def test_each_switch_label_starts_a_table_with_exactly_its_rule(desktop_page, server):
    page = desktop_page
    open_app(page, server)
    standard = Rules.preset("standard").to_dict()
    for label, wire in SWITCHES.items():
        tap(page, page.get_by_test_id("game-snyd"))
        setup = page.get_by_test_id("setup")
        setup.wait_for()
        assert page.get_by_test_id("ruleset").input_value() == "standard"
        open_house_rules(page)  # folded under *Husregler* until opened (issue 12)
        switch = page.get_by_role("switch", name=label)
        assert not switch.is_checked(), f"{label} is on in Standard"
        tap(page, setup.get_by_text(label, exact=True))   # the words the host reads
        assert switch.is_checked(), label
        tap(page, page.get_by_test_id("start-table"))
        page.wait_for_selector(FELT)
        assert rules_reaching_the_engine(page) == {**standard, wire.field: wire.on}, label
        # Back to Dæk bordet (the draft is kept) and the switch off again for the next one.
        tap(page, page.get_by_role("button", name="Forlad bordet"))
        tap(page, page.get_by_test_id("game-snyd"))
        setup.wait_for()
        tap(page, setup.get_by_text(label, exact=True))
        assert not page.get_by_role("switch", name=label).is_checked(), label
        tap(page, page.get_by_role("button", name="Tilbage"))
        page.get_by_test_id("start").wait_for()
