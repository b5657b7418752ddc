"""The catalogues (web/app/lang): both languages have every key with the same placeholders,
every key the code asks for exists, and no Danish text is left in the UI's code."""
from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from app import lang

APP = Path(__file__).resolve().parents[2] / "web" / "app"
# A string literal on a line carrying this pragma is an identifier (a screen name, a stored
# key, a data-* value), not a text a player reads.
NOT_TEXT = "# not text"
DANISH = re.compile(r"[æøåÆØÅ]")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def code_files() -> list[Path]:
    return [p for p in sorted(APP.rglob("*.py")) if "lang" not in p.relative_to(APP).parts[:1]]


@pytest.fixture(autouse=True)
def danish_again():
    yield
    lang.set_language("da")


def test_both_languages_have_every_key_with_the_same_placeholders():
    da, en = lang.catalogue("da"), lang.catalogue("en")
    assert sorted(da.keys() - en.keys()) == [], "keys only in Danish"
    assert sorted(en.keys() - da.keys()) == [], "keys only in English"
    differ = [k for k in da if fields(da[k]) != fields(en[k])]
    assert differ == [], f"placeholders differ between da and en: {differ[:10]}"
    empty = [k for k in da if not da[k].strip() or not en[k].strip()]
    assert empty == []


def test_every_key_starts_with_its_area():
    for code in lang.LANGUAGES:
        for area, module in lang._PACKAGES[code].AREAS.items():
            wrong = [k for k in module.TEXT if not k.startswith(area + ".")]
            assert wrong == [], f"{code}/{area}.py: keys outside the area: {wrong[:5]}"


def literal_keys() -> list[tuple[str, int, str]]:
    """(file, line, key) of every t("literal") call in the UI's code."""
    found = []
    for path in code_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "t"
                    and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                found.append((str(path.relative_to(APP)), node.lineno, node.args[0].value))
    return found


def test_every_key_the_code_asks_for_exists():
    da = lang.catalogue("da")
    missing = [f"{f}:{line} {key}" for f, line, key in literal_keys() if key not in da]
    assert missing == []


def docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def test_no_danish_text_left_in_the_ui_code():
    """A guard, not a proof (Byd and Kig have no æøå): a literal with æ, ø or å outside the
    catalogues is a text that English would never see translated."""
    left = []
    for path in code_files():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        tree = ast.parse(source)
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                    and DANISH.search(node.value)
                    and not any(NOT_TEXT in lines[n - 1] for n in range(node.lineno, node.end_lineno + 1))):
                left.append(f"{path.relative_to(APP)}:{node.lineno} {node.value[:50]!r}")
    assert left == [], f"{len(left)} Danish literals outside web/app/lang:\n" + "\n".join(left[:40])


def test_t_fills_placeholders_and_a_missing_key_is_reported():
    lang.catalogue("da")["shell.__probe__"] = "Hej {name}"
    try:
        assert lang.t("shell.__probe__", name="Kaj") == "Hej Kaj"
    finally:
        del lang.catalogue("da")["shell.__probe__"]
    with pytest.raises(KeyError):
        lang.t("shell.__never__")
    seen = []
    old, lang.on_missing = lang.on_missing, lambda key, code: seen.append((key, code))
    try:
        assert lang.t("shell.__never__") == "⟦shell.__never__⟧"
    finally:
        lang.on_missing = old
    assert seen == [("shell.__never__", "da")]


def test_set_language_switches_and_refuses_an_unknown_one():
    lang.set_language("en")
    assert lang.language() == "en"
    with pytest.raises(ValueError):
        lang.set_language("sv")
    assert lang.language() == "en"


@pytest.mark.parametrize("setting, browser, expected", [
    (None, ["da-DK", "en"], "da"),
    (None, ["en-GB", "da"], "da"),       # Danish anywhere in the list
    (None, [], "da"),                    # a browser that says nothing: Danish by default
    (None, ["en-US"], "en"),
    (None, ["de-DE", "sv"], "en"),
    (None, ["DA"], "da"),
    ("en", ["da-DK"], "en"),             # the player's choice wins
    ("da", ["en-US"], "da"),
    ("fr", ["en-US"], "en"),             # a bad stored value is ignored
    (None, ["dansk"], "en"),             # not a language tag for Danish
])
def test_pick_language(setting, browser, expected):
    assert lang.pick_language(setting, browser) == expected


@pytest.mark.parametrize("message, da, en", [
    ("Højst 8 spillere (at most 8 players)", "Højst 8 spillere", "at most 8 players"),
    ("Ukendt stil 'x' (style: a str (or None))", "Ukendt stil 'x'", "style: a str (or None)"),
    ("Ingen parentes", "Ingen parentes", "Ingen parentes"),
])
def test_error_text_shows_the_half_of_the_language(message, da, en):
    lang.set_language("da")
    assert lang.error_text(message) == da
    lang.set_language("en")
    assert lang.error_text(message) == en


def test_a_regulars_portrait_is_the_catalogues_else_the_engines_own():
    henning = {"name": "Henning", "style": "henning", "description": "Stamgæst siden 1987."}
    lang.set_language("en")
    assert lang.regular_portrait("snyd", henning) == lang.catalogue("en")["snyd.regular.henning"]
    stranger = {"name": "Bo", "style": "nobody-knows", "description": "Ny ved bordet."}
    assert lang.regular_portrait("bakke", stranger) == "Ny ved bordet."
    assert lang.regular_portrait("treere", {"name": "Bo"}) == ""
