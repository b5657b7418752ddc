"""From the switch a host sees in *Dæk bordet* to the Rules that reach the engine.

The markup is parsed like a browser would show it (label text -> checkbox), a click is what
setup_screen.on_change does with the checkbox (`draft.switches[data-rule] = checked`), and the
result is compared with tests/ui/snyd/switch_wiring.py, which is independent of the app's mapping.
"""
from __future__ import annotations

import dataclasses
import pathlib
import re
import sys
from html.parser import HTMLParser

import pytest
from app.snyd.setup_markup import Draft, setup_html
from app.snyd.table_setup import RULE_SETS

from engine.snyd import Rules

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from switch_wiring import SWITCHES

ENGINE_RULES = pathlib.Path(__file__).resolve().parents[3] / "engine" / "snyd" / "rules.py"


class SwitchParser(HTMLParser):
    """Every `<label class="switch">`: its visible title and its checkbox's attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.switches: dict[str, dict] = {}
        self._box: dict | None = None
        self._in_title = False
        self._title = ""

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "label" and "switch" in (a.get("class") or "").split():
            self._box, self._title = {}, ""
        elif tag == "input" and self._box is not None:
            self._box.update(a)
            self._box["checked"] = "checked" in a
        elif tag == "span" and self._box is not None and a.get("class") == "sw-title":
            self._in_title = True

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self._title += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "span":
            self._in_title = False
        elif tag == "label" and self._box is not None:
            self.switches[self._title.strip()] = self._box
            self._box = None


def shown_switches(draft: Draft) -> dict[str, dict]:
    parser = SwitchParser()
    parser.feed(setup_html(draft, [], saved=False))
    return parser.switches


def click(draft: Draft, box: dict) -> None:
    """What setup_screen.on_change does when the checkbox changes."""
    draft.switches[box["data-rule"]] = not box["checked"]


def changed_fields(before: Rules, after: Rules) -> dict[str, object]:
    a, b = dataclasses.asdict(before), dataclasses.asdict(after)
    return {k: b[k] for k in a if a[k] != b[k]}


def test_the_wiring_table_names_the_engine_s_own_rule_ids():
    source = ENGINE_RULES.read_text(encoding="utf-8")
    for label, wire in SWITCHES.items():
        line = re.search(rf"^\s+{wire.field}: .*#(.*)$", source, re.MULTILINE)
        assert line, f"{label}: Rules has no field {wire.field}"
        assert re.search(rf"\b{wire.rule_id}\b", line.group(1)), (label, line.group(0))
        assert wire.on != wire.off
        Rules(**{wire.field: wire.on}), Rules(**{wire.field: wire.off})  # both are valid values


def test_dæk_bordet_shows_exactly_these_switches_each_with_its_rules_md_id():
    shown = shown_switches(Draft())
    assert set(shown) == set(SWITCHES)
    for label, box in shown.items():
        assert box.get("role") == "switch" and box.get("type") == "checkbox", label
        assert box["data-rule"] == SWITCHES[label].rule_id, label


@pytest.mark.parametrize("ruleset", [r.key for r in RULE_SETS])
@pytest.mark.parametrize("label", list(SWITCHES))
def test_each_switch_changes_exactly_its_own_rule(ruleset, label):
    wire = SWITCHES[label]
    draft = Draft()
    draft.choose_ruleset(ruleset)
    preset = Rules.preset(ruleset)
    box = shown_switches(draft)[label]
    # Shown as the rule set has it ...
    assert box["checked"] == (getattr(preset, wire.field) == wire.on), (ruleset, label)
    # ... and a click flips exactly that field of the Rules that start the table.
    click(draft, box)
    wanted = wire.off if box["checked"] else wire.on
    assert changed_fields(preset, draft.rules()) == {wire.field: wanted}, (ruleset, label)
    # Clicked again: back to the rule set's own rules.
    click(draft, shown_switches(draft)[label])
    assert draft.rules() == preset
