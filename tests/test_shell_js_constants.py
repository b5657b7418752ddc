"""The numbers and keys the static shell copies from Python are held equal to Python's.

web/app/shell.js (the start screen and a share link's join form before Python) and
web/app/shell-lang.js (the language before the first paint) read the address and localStorage
(and web/app/shell-seat.js, a share link's seat before Python, speaks a few peer frames)
as the Python app does, so they copy a few of its constants: storage keys, the share link's
parameters and limits, the longest name, the settings' bounds, the languages. Each copy names
its source in a trailing comment (`var NAME_MAX = 20;  // protocol.NAME_MAX`); this test reads
the JavaScript source and the Python modules and fails when one differs, or when a constant
with such a comment is not checked here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHELL_JS = ROOT / "web" / "app" / "shell.js"
SHELL_LANG_JS = ROOT / "web" / "app" / "shell-lang.js"
SHELL_SEAT_JS = ROOT / "web" / "app" / "shell-seat.js"

# A `var` line of the constants: one or more `NAME = literal` and a comment naming the source.
_VAR_LINE = re.compile(r"^\s*var\s+(?P<decls>.*?);\s*//\s*(?P<comment>.*)$", re.MULTILINE)
_DECL = re.compile(r'(?P<name>[A-Z][A-Z0-9_]*)\s*=\s*(?P<value>"(?:[^"\\]|\\.)*"|\d+'
                   r'|/(?:[^/\\\n]|\\.)+/[a-z]*|\[[^\]]*\])')
# A comment that names Python: a module path (`app/…py`) or `module.NAME` / `module.function`.
_NAMES_PYTHON = re.compile(r"\.py\b|\b[a-z_]+\.[A-Za-z_]+")


def js_constants(path: Path) -> dict[str, object]:
    """Every `var NAME = literal` of `path` whose line comment names Python: name -> value
    (strings, numbers and arrays as JSON; a regular expression as (source, flags))."""
    found: dict[str, object] = {}
    for line in _VAR_LINE.finditer(path.read_text(encoding="utf-8")):
        if not _NAMES_PYTHON.search(line["comment"]):
            continue
        for decl in _DECL.finditer(line["decls"]):
            value = decl["value"]
            if value.startswith("/"):
                source, flags = value[1:].rsplit("/", 1)
                found[decl["name"]] = (source, flags)
            else:
                found[decl["name"]] = json.loads(value)
    return found


def same_regex(js: tuple[str, str], python: re.Pattern, *, anchored: bool) -> bool:
    """Whether a JS regular expression matches what the Python one matches: `[\\s\\S]` is
    Python's `.` under re.DOTALL; `anchored`: the JS one has ^…$ where Python uses fullmatch."""
    source, _flags = js
    if anchored:
        if not (source.startswith("^") and source.endswith("$")):
            return False
        source = source[1:-1]
    pattern = python.pattern
    if python.flags & re.DOTALL:
        pattern = pattern.replace(".", r"[\s\S]")
    return source == pattern


@pytest.fixture(scope="module")
def py():
    from app import lang
    from app.friends import lobby, share_param
    from app.friends.core import protocol
    from app.friends.wire import relay_link
    from app.saves import local_store, save_guard

    return {"lang": lang, "lobby": lobby, "share_param": share_param, "protocol": protocol,
            "local_store": local_store, "save_guard": save_guard, "relay_link": relay_link}


def test_shell_js_copies_python_exactly(py) -> None:
    js = js_constants(SHELL_JS)
    assert js["BORD"] == py["share_param"].PARAM
    assert js["SPIL"] == py["lobby"].GAME_PARAM
    assert js["MAX_FIELDS"] == py["share_param"].MAX_FIELDS
    assert same_regex(js["ROOM_ID"], py["lobby"].ROOM_ID, anchored=True)  # ROOM_ID.fullmatch
    assert js["NAME_MAX"] == py["protocol"].NAME_MAX
    assert js["SETTINGS_KEY"] == py["local_store"].SETTINGS_KEY
    assert js["MAX_SETTINGS_CHARS"] == py["save_guard"].MAX_SETTINGS_CHARS
    assert js["SEATS_KEY"] == py["lobby"].SEATS_KEY
    assert js["CLOSED_KEY"] == py["lobby"].CLOSED_KEY
    assert set(js) == {"BORD", "SPIL", "MAX_FIELDS", "ROOM_ID", "NAME_MAX", "SETTINGS_KEY",
                       "MAX_SETTINGS_CHARS", "SEATS_KEY", "CLOSED_KEY"}, (
        "a constant copied from Python is not checked here")


def test_shell_js_name_max_is_the_settings_bound_too() -> None:
    # shell.js fills in the remembered name as player_settings.clean_settings keeps it.
    from app.home.player_settings import clean_settings

    longest = js_constants(SHELL_JS)["NAME_MAX"]
    assert clean_settings({"name": "x" * longest})["name"] == "x" * longest
    assert clean_settings({"name": "x" * (longest + 1)})["name"] != "x" * (longest + 1)


def test_shell_seat_js_copies_python_exactly(py) -> None:
    js = js_constants(SHELL_SEAT_JS)
    assert same_regex(js["TOKEN"], py["protocol"]._TOKEN, anchored=True)  # is_token: fullmatch
    assert js["RELAY_FRAME_MAX"] == py["relay_link"].RELAY_FRAME_MAX
    assert js["HOST_FRAME_MAX"] == py["protocol"].HOST_FRAME_MAX
    assert js["ID_MAX"] == py["protocol"].ID_MAX
    assert js["SEATS_KEY"] == py["lobby"].SEATS_KEY
    assert js["SEATS_KEPT"] == py["lobby"].SEATS_KEPT
    assert js["SEATS_MAX_CHARS"] == py["lobby"].SEATS_MAX_CHARS
    assert js["BYE_REASONS"] == list(py["protocol"].BYE_REASONS)
    assert set(js) == {"TOKEN", "RELAY_FRAME_MAX", "HOST_FRAME_MAX", "ID_MAX", "SEATS_KEY",
                       "SEATS_KEPT", "SEATS_MAX_CHARS", "BYE_REASONS"}, (
        "a constant copied from Python is not checked here")


def test_shell_lang_js_copies_python_exactly(py) -> None:
    js = js_constants(SHELL_LANG_JS)
    assert js["LANGUAGES"] == list(py["lang"].LANGUAGES)
    assert js["SETTINGS_KEY"] == py["local_store"].SETTINGS_KEY
    assert js["MAX_SETTINGS_CHARS"] == py["save_guard"].MAX_SETTINGS_CHARS
    assert js["MAX_DEPTH"] == py["save_guard"].MAX_DEPTH
    assert same_regex(js["JSON_STRING"], py["save_guard"]._STRING, anchored=False)
    assert js["BORD"] == py["share_param"].PARAM
    assert js["MAX_FIELDS"] == py["share_param"].MAX_FIELDS
    assert set(js) == {"LANGUAGES", "SETTINGS_KEY", "MAX_SETTINGS_CHARS", "MAX_DEPTH",
                       "JSON_STRING", "BORD", "MAX_FIELDS"}, (
        "a constant copied from Python is not checked here")


def test_the_reader_finds_each_kind_of_literal(tmp_path: Path) -> None:
    source = tmp_path / "x.js"
    source.write_text('  var A = "a", B = "b";   // m.PARAM, n.OTHER\n'
                      "  var N = 32;  // share_param.MAX_FIELDS\n"
                      "  var R = /^[a-z]{2}$/;  // lobby.ROOM_ID\n"
                      '  var L = ["da", "en"];  // app/lang/__init__.py LANGUAGES\n'
                      "  var LOCAL = 30;  // half an hour, no Python\n", encoding="utf-8")
    assert js_constants(source) == {"A": "a", "B": "b", "N": 32, "R": ("^[a-z]{2}$", ""),
                                    "L": ["da", "en"]}
