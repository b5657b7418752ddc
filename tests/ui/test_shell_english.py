"""The shell in English (issue 12): the language setting is kept or refused like any setting,
the default seat name follows the language while a typed name stays, every key the shell
builds exists, the shell's errors and notices speak the player's language, and choosing a
language under *Indstillinger* stores it, switches at once and redraws the screen."""
from __future__ import annotations

import importlib
import json
import sys
import types
from unittest import mock

import pytest
from app import lang
from app.home.player_settings import (
    DEFAULTS,
    TEMPOS,
    clean_settings,
    default_name,
    is_default_name,
    read_settings,
)
from app.saves.local_store import SETTINGS_KEY
from app.shell import screens
from app.shell.both_languages import both
from app.table.seat_draft import SeatDraft, actions_html, seats_html
from app.table.session import check_seats
from fake_browser import Storage, install_fake_browser

from engine.errors import IllegalAction

REGULARS = [{"name": "Lis", "description": "stille"}, {"name": "Henning", "description": "gammel"}]


@pytest.fixture(autouse=True)
def danish_again():
    yield
    lang.set_language("da")


class Store:
    """A local_store.LocalStore stand-in over a dict."""

    def __init__(self, saved: dict | None = None) -> None:
        self.data = {} if saved is None else {SETTINGS_KEY: json.dumps(saved)}
        self.settings_untold = ""

    def read(self, key):
        return self.data.get(key)


# ---------- the setting ----------
@pytest.mark.parametrize("stored, kept", [
    ("da", "da"), ("en", "en"), (None, None),
    ("EN", None), ("sv", None), ("", None), (1, None), (True, None), (["en"], None),
])
def test_the_language_setting_keeps_da_or_en_and_refuses_anything_else(stored, kept):
    assert DEFAULTS["language"] is None  # untouched: the browser's language (lang.pick_language)
    assert clean_settings({"language": stored, "tempo": "hurtig"}) == dict(DEFAULTS, language=kept, tempo="hurtig")


def test_a_stored_language_survives_reading_the_settings_back():
    assert read_settings(Store({"language": "en", "name": "Mette"}))["language"] == "en"
    assert read_settings(Store({"language": "klingon"}))["language"] is None
    assert lang.pick_language(read_settings(Store({"language": "en"}))["language"], ["da-DK"]) == "en"


# ---------- your seat's default name ----------
def test_the_untouched_default_name_follows_the_language_and_a_typed_name_stays():
    assert read_settings(Store())["name"] == "Du" == default_name()
    lang.set_language("en")
    assert read_settings(Store())["name"] == "You" == default_name()
    # settings are stored whole: a Danish player's untouched "Du" reads as "You" in English …
    assert read_settings(Store({"name": "Du", "sound": False}))["name"] == "You"
    assert read_settings(Store({"name": " Mette ", "language": "en"}))["name"] == "Mette"
    lang.set_language("da")
    # … and an English "You" as "Du" in Danish; a typed name never changes
    assert read_settings(Store({"name": "You"}))["name"] == "Du"
    assert read_settings(Store({"name": "Mette"}))["name"] == "Mette"
    assert is_default_name("You") and is_default_name(" Du ") and not is_default_name("Dus")
    assert not is_default_name(None)


def test_pass_and_play_renames_the_default_seat_in_either_language():
    lang.set_language("en")
    d = SeatDraft.first(default_name(), [])
    assert d.seats == [("Bo", "human"), ("Anne", "human")]  # "You" names nobody then
    d = SeatDraft.first(default_name(), REGULARS)
    assert d.seats[0] == ("You", "human")
    d.add_human()
    assert [n for n, k in d.seats if k == "human"] == ["Bo", "Anne"]
    # a default typed under the other language is renamed too
    d = SeatDraft(seats=[("Du", "human"), ("Lis", "regular")])
    d.add_human()
    assert [n for n, _ in d.seats] == ["Bo", "Lis", "Anne"]


# ---------- every key the shell builds exists ----------
def test_every_built_key_exists_in_both_languages(settings_screen):
    from app.friends import peer_marks
    from app.saves import save_status
    m = settings_screen.module
    built = ([f"shell.settings.tempo.{k}" for k in TEMPOS]
             + [f"shell.settings.language.{k}" for k in lang.LANGUAGES]
             + [key for k in m.SWITCHES for key in (f"shell.settings.{k}", f"shell.settings.{k}.text")]
             + list(m.NOT_SAVED.values()) + list(peer_marks.TAGS.values())
             + list(save_status.LINES.values()) + list(screens.KNOWN_TITLES.values()))
    for code in lang.LANGUAGES:
        missing = [k for k in built if k not in lang.catalogue(code)]
        assert missing == [], code
    # each language is named in its own language, whichever is spoken
    assert {lang.catalogue(c)["shell.settings.language.en"] for c in lang.LANGUAGES} == {"English"}
    assert {lang.catalogue(c)["shell.settings.language.da"] for c in lang.LANGUAGES} == {"Dansk"}


# ---------- errors and notices ----------
def test_the_tables_errors_carry_both_languages_and_the_player_reads_one():
    with pytest.raises(IllegalAction) as err:
        check_seats([("Mette", "human")], None)
    assert str(err.value) == "Der skal være 2–8 pladser ved bordet (A table has 2–8 seats)"
    assert lang.error_text(str(err.value)) == "Der skal være 2–8 pladser ved bordet"
    lang.set_language("en")
    assert lang.error_text(str(err.value)) == "A table has 2–8 seats"
    with pytest.raises(IllegalAction) as err:
        check_seats([("Lis", "regular"), ("Kaj", "regular")], None)
    assert lang.error_text(str(err.value)) == "At least one seat must be yours"
    assert both("shell.error.same_name", name="Bo") == "To pladser hedder Bo (Two seats are called Bo)"
    with pytest.raises(ValueError, match=r"^Tidsgrænsen skal være positiv \(The time limit must be positive\)$"):
        from app.table.turn_clock import TurnClock
        TurnClock(0)


def test_the_notices_speak_the_language_of_the_moment():
    from app.friends import peer_marks
    from app.home import player_settings
    from app.saves import save_guard
    from app.saves.save_status import SaveStatus
    from app.table import seat_draft
    from app.table import session as game_session
    lang.set_language("en")
    assert str(save_guard.CorruptSave("bad")) == save_guard.corrupt_save()
    assert save_guard.corrupt_save().startswith("The saved table couldn't be read")
    assert player_settings.settings_reset().startswith("Your settings couldn't be read")
    assert peer_marks.host_starts() == "The host starts the next game"
    assert peer_marks.connection_tag({"Bo": "away"}, "Bo") == '<span class="tag connection">away</span>'
    assert seat_draft.default_name() == "You" and ">Start game<" in seat_draft.actions_html()
    failing = SaveStatus()
    failing.after_save(False, "full")
    assert failing.line == "The table can't be saved – the storage is full"
    assert "froze" in game_session.RegularFault("Kaj", "E", "tb").line
    lang.set_language("da")
    assert failing.line == "Bordet kan ikke gemmes – lageret er fuldt"
    assert peer_marks.host_starts() == "Værten starter næste spil"
    with pytest.raises(AttributeError):
        peer_marks.NOTHING_HERE  # noqa: B018 - the module's __getattr__ knows only its own names


def test_the_seats_and_buttons_of_dæk_bordet_in_english():
    lang.set_language("en")
    d = SeatDraft.first("You", REGULARS)
    html = seats_html(d, REGULARS) + actions_html()
    for words in (">+ Player<", ">+ Regular<", 'aria-label="Choose a regular"', "Players (3 of 2–8)",
                  'aria-label="Remove Lis"', 'aria-label="Player 1&#x27;s name"', "at this phone",
                  ">Back<", ">With friends<"):
        assert words in html
    for danish in ("Spiller", "Stamgæst", "Tilbage", "Fjern", "ved telefonen", "Med vennerne"):
        assert danish not in html


# ---------- the router ----------
class Doc:
    """Just enough of a document for screens.el."""

    def createElement(self, tag):
        node = types.SimpleNamespace(tag=tag, children=[], attrs={})
        node.setAttribute = node.attrs.__setitem__
        node.append = node.children.append
        node.addEventListener = lambda *_a: None
        return node

    def createTextNode(self, text):
        return text


def texts(node) -> list[str]:
    out = []
    for child in node.children:
        out.extend([child] if isinstance(child, str) else texts(child))
    return out


@pytest.fixture
def router():
    screens.reset()
    root = types.SimpleNamespace(children=[], attrs={})
    root.replaceChildren = root.children.clear
    root.setAttribute = root.attrs.__setitem__
    root.append = root.children.append
    screens.mount(root, Doc())
    yield root
    screens.mount(None, None)
    screens.reset()


def test_a_screen_not_ready_says_so_in_the_players_language(router):
    lang.set_language("en")
    assert screens.show("tavlen") == screens.UNAVAILABLE
    assert texts(router) == ["The board", "\"The board\" isn't ready yet. Come back later.", "Back"]
    lang.set_language("da")
    screens.show("indstillinger")
    assert texts(router) == ["Indstillinger", "«Indstillinger» er ikke klar endnu. Kom tilbage senere.", "Tilbage"]


# ---------- choosing the language under Indstillinger ----------
@pytest.fixture
def settings_screen(monkeypatch):
    storage = Storage()
    fake_js = mock.MagicMock(name="js")
    fake_js.localStorage = storage
    install_fake_browser(monkeypatch, fake_js, forget=("app.home.settings_screen",))
    module = importlib.import_module("app.home.settings_screen")
    shown: list[str] = []
    monkeypatch.setattr(module.screens, "show", lambda name, **_kw: shown.append(name))
    yield types.SimpleNamespace(module=module, js=fake_js, storage=storage, shown=shown)
    sys.modules.pop("app.home.settings_screen", None)


def test_settings_are_drawn_in_the_language_spoken(settings_screen):
    html = settings_screen.module.settings_html(read_settings(Store()))
    assert 'data-testid="setting-language"' in html and ">Sprog<" in html and ">Dit navn<" in html
    assert '<option value="da" selected>Dansk</option><option value="en">English</option>' in html
    lang.set_language("en")
    html = settings_screen.module.settings_html(read_settings(Store()))
    for words in (">Settings<", ">Language<", ">Your name<", 'value="You"', ">At the table<", ">Sound<",
                  ">Less motion<", ">The regulars' pace<", ">Unhurried<", ">Back<",
                  '<option value="en" selected>English</option>'):
        assert words in html
    for danish in ("Indstillinger", "Sprog", "Lyd<", "Tilbage", "Stamgæst", "Rolig", "Færre"):
        assert danish not in html


def test_choosing_english_stores_it_switches_at_once_and_redraws(settings_screen, monkeypatch):
    m = settings_screen.module
    stored: dict[str, str] = {}
    monkeypatch.setattr(m.store, "write_json", lambda key, value: stored.update({key: value}) or True)
    monkeypatch.setattr(m, "read_settings", lambda _store: clean_settings(stored.get(SETTINGS_KEY)))
    status = types.SimpleNamespace(textContent="")
    m._state["root"] = types.SimpleNamespace(querySelector=lambda _sel: status)
    select = types.SimpleNamespace(type="select-one", value="en", getAttribute=lambda _a: "language")
    m.on_change(types.SimpleNamespace(target=select))
    assert stored[SETTINGS_KEY]["language"] == "en"
    assert lang.language() == "en" and settings_screen.js.document.documentElement.lang == "en"
    assert settings_screen.shown == ["indstillinger"]  # drawn again, in English
    assert status.textContent == "Saved"
    select.value = "sv"  # not a language the app speaks: kept as it was, and said
    m.on_change(types.SimpleNamespace(target=select))
    assert lang.language() == "en" and stored[SETTINGS_KEY]["language"] == "en"
    assert status.textContent == "Not a valid value – keeping the old one"
    select.value = "da"
    m.on_change(types.SimpleNamespace(target=select))
    assert lang.language() == "da" and status.textContent == "Gemt" and settings_screen.shown[-1] == "indstillinger"
