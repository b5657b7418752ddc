"""The start screen and the rule book in both languages (app/lang/<code>/start.py, rules.py):
the same blocks in the same order, the same markup tree whatever the language, the pub's words
kept in English with a gloss, and the catalogue files loadable on their own (relay/site.py)."""
from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import pytest
from app import lang
from app.home import rules_text
from app.lang.da import rules as da_rules
from app.lang.en import rules as en_rules
from app.shell import markup as shell_markup

LANG = Path(__file__).resolve().parents[2] / "web" / "app" / "lang"


def shape(blocks):
    """What must match between the languages: the kinds in order, the length of every list."""
    return [(kind, len(value) if kind in ("ol", "ul", "rule") else 1) for kind, value in blocks]


@pytest.mark.parametrize("game", shell_markup.GAME_KEYS)
def test_both_rule_books_have_the_same_blocks_in_the_same_order(game):
    da, en = da_rules.BLOCKS[game], en_rules.BLOCKS[game]
    assert shape(da) == shape(en)
    for blocks in (da, en):
        for kind, value in blocks:
            assert kind in ("h", "p", "ol", "ul", "rule")
            texts = [value] if kind in ("h", "p") else list(value)
            assert texts and all(isinstance(x, str) and x.strip() for x in texts), (kind, value)


def test_the_books_hold_exactly_the_three_games():
    assert set(da_rules.BLOCKS) == set(en_rules.BLOCKS) == set(shell_markup.GAME_KEYS)


@pytest.mark.parametrize("code", lang.LANGUAGES)
def test_every_built_key_exists(code):
    # shell_markup builds start.game.<key>, start.game.<key>.line and rules.keys.<key>.
    texts = lang.catalogue(code)
    for key, title, line, _screen in shell_markup.GAMES:
        assert {title, line, f"start.game.{key}", f"rules.keys.{key}"} <= texts.keys()
    book = rules_text.book(code)
    assert list(book) == list(shell_markup.GAME_KEYS)
    for game, info in book.items():
        assert info["title"] == texts[f"start.game.{game}"]
        assert info["blocks"][-1] == ("p", texts[f"rules.keys.{game}"])


def skeleton(tree):
    """The tree without its words: tags and attributes, minus those that carry text."""
    if isinstance(tree, str):
        return "text"
    tag, attrs, children = tree
    kept = {k: v for k, v in attrs.items() if k != "aria-label"}
    return (tag, kept, [skeleton(c) for c in children])


def speaker(code):
    return shell_markup.speaker(lang.catalogue(code))


def test_start_screen_and_regler_are_the_same_tree_in_both_languages():
    da, en = speaker("da"), speaker("en")
    assert skeleton(shell_markup.start_tree(da)) == skeleton(shell_markup.start_tree(en))
    assert skeleton(shell_markup.splash_tree(da)) == skeleton(shell_markup.splash_tree(en))
    for game in shell_markup.GAME_KEYS:
        assert (skeleton(shell_markup.regler_tree(game, rules_text.book("da"), da))
                == skeleton(shell_markup.regler_tree(game, rules_text.book("en"), en)))
    english = shell_markup.to_html(shell_markup.start_tree(en))
    assert "Choose a game" in english and ">Rules<" in english and ">Settings<" in english
    assert not re.search(r"Regler|Indstillinger|Vælg", english)


def test_the_english_rule_book_keeps_the_pub_words_with_a_gloss():
    snyd = rules_text.plain_text("snyd", "en")
    for words in ("Viborg", "selvbinder", "Tavlen (the board)", "af en slags (of a kind)",
                  "Straights (trapper)", "en omgang", "Lujer", "Møller", "fem møller"):
        assert words.lower() in snyd.lower(), words
    assert "fours" in snyd and "fives" in snyd and "sixes" in snyd
    bakke, treere = rules_text.plain_text("bakke", "en"), rules_text.plain_text("treere", "en")
    assert "Tuborg" in bakke and "Videre" in bakke and "tray" in bakke
    assert "three counts as zero" in treere
    # No Danish sentence left behind: words that only a Danish text has.
    for text in (snyd, bakke, treere):
        assert not re.search(r"\b(og|ikke|terning|terninger|spiller|bordet|runden)\b", text), text


def test_the_danish_book_is_the_one_the_tests_of_the_seeds_read():
    assert rules_text.GAMES == rules_text.book("da")
    assert rules_text.KEYBOARD["snyd"] == lang.catalogue("da")["rules.keys.snyd"]
    assert rules_text.plain_text("bakke") == rules_text.plain_text("bakke", "da")
    assert "Gangen i en runde" in rules_text.plain_text("snyd")


@pytest.mark.parametrize("path", sorted(p for code in lang.LANGUAGES
                                        for p in (LANG / code).glob("[sr]*.py")
                                        if p.stem in ("start", "rules")), ids=str)
def test_the_catalogue_files_load_on_their_own(path):
    # relay/site.py loads them as plain files (no app package): nothing to import but typing.
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert all(isinstance(n, ast.ImportFrom) and n.module == "typing" for n in imported)
    spec = importlib.util.spec_from_file_location(f"_alone_{path.parent.name}_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.TEXT == lang._PACKAGES[path.parent.name].AREAS[path.stem].TEXT


def test_the_page_carries_both_languages():
    from relay.site import Site
    html = Site().index_html().decode()
    main = html[html.index('<main id="screen"'):html.index("</main>")]
    assert "Vælg et spil" in main and "Choose a game" not in main  # Danish as it arrives
    for code in lang.LANGUAGES:
        for name in ("start", "splash", "page", *(f"regler-{g}" for g in shell_markup.GAME_KEYS)):
            assert f'<template id="shell-{code}-{name}">' in html, (code, name)
    # Every English template, wherever it stands (the Regler ones come after shell.js).
    english = "".join(re.findall(r'<template id="shell-en-[^"]*">.*?</template>', html, re.DOTALL))
    assert not re.search(r"Tilbage|Regler|Indstillinger|Ryster|Gangen|genindlæs", english)
    assert "Shaking the cups…" in english and "Rules – Treere" in english
    assert "How a round goes" in english and "New version – reload" in english
    # The page's own words: filled in Danish, and English in its template.
    assert 'data-text="start.update">Ny version – genindlæs</button>' in html
    assert '<span data-text="start.update">New version – reload</span>' in html
