"""What a table with friends says, in each phone's own language (friends/core/notices.py).

The host sends codes (an error's ``code``, a bye's ``reason``); the guest's phone says them from
its own catalogue. In one CPython process the language is global, so "a guest phone in
English" is the whole process in English: the host's side does not depend on it (its frames
carry codes, and messages in both languages), which these tests check too.
"""
from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest
from app import lang
from app.friends.core.guest import GuestSession
from app.friends.core.notices import (
    BYE_REASONS,
    CLOSE_CODES,
    ERROR_CODES,
    bye_line,
    close_line,
    error_line,
)
from app.friends.core.protocol import CONNECTIONS, GAMES, KINDS, SEATS_MAX, ProtocolError, encode
from app.friends.markup import join_html, lobby_html, lobby_seats_html
from app.friends.wire.relay_link import close_reason
from app.lang import t
from app.saves.tab_claim import ELSEWHERE, MOVED, TabClaim, claim_html
from peer_net import Net

from engine.errors import IllegalAction

ROOT = Path(__file__).resolve().parents[2]
PEERS = ROOT / "web" / "app" / "friends"
DOC = ROOT / "docs" / "protocol.md"
DANISH = re.compile(r"[æøåÆØÅ]")


@pytest.fixture(autouse=True)
def danish_again():
    yield
    lang.set_language("da")


@pytest.fixture
def english():
    lang.set_language("en")


def raised_codes() -> set[str]:
    source = "".join(p.read_text(encoding="utf-8") for p in PEERS.rglob("*.py"))
    return set(re.findall(r'ProtocolError\(\s*"([a-z_]+)"', source))


def test_every_code_the_peers_raise_is_known_documented_and_said_in_both_languages():
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", DOC.read_text(encoding="utf-8"), re.MULTILINE))
    assert raised_codes() <= set(ERROR_CODES) <= documented
    for code in ERROR_CODES:
        da = lang.catalogue("da")[f"friends.error.{code}"]
        en = lang.catalogue("en")[f"friends.error.{code}"]
        assert da != en and not DANISH.search(en), code


@pytest.mark.parametrize("code", ERROR_CODES)
def test_each_code_reads_in_the_phones_language(code):
    da = error_line(code, "Kort (short)", name="Mette", seats=SEATS_MAX)
    lang.set_language("en")
    en = error_line(code, "Kort (short)", name="Mette", seats=SEATS_MAX)
    assert da and en and da != en and "{" not in da + en
    if code == "illegal":  # the engine's own reason: the phone's half of it
        assert (da, en) == ("Kort", "short")


def test_name_and_seats_fill_the_lines(english):
    assert error_line("name_taken", "x", name="Mette", seats=8) == \
        "There's already a Mette at the table – pick another name"
    assert error_line("table_full", "x", name="Mette", seats=8) == "The table is full: 8 seats"


@pytest.mark.parametrize("code", ["", "nope", "x" * 32, "not_known_here", None, 7, ["rate"]])
def test_an_unknown_code_is_a_generic_line_in_either_language(code):
    assert error_line(code, "<b>Værten siger noget (the host says something)</b>") == \
        "Værten svarede med en fejl"
    lang.set_language("en")
    assert error_line(code, "anything") == "The host answered with an error"


def test_a_guest_phone_in_english_says_the_hosts_refusals_in_english(english):
    net = Net()
    net.open("Mette")
    taken = net.open("mette")
    frame = json.loads(taken.received[-1].text)
    # on the wire: the code, and for older phones the line in Danish with the English
    assert frame["code"] == "name_taken"
    assert frame["message"].startswith("Der sidder allerede en mette ved bordet")
    assert taken.guest.error == "There's already a mette at the table – pick another name"
    for i in range(6):
        net.open(f"Gæst{i}")
    full = net.open("Ottende")
    assert full.guest.error_code == "table_full" and full.guest.error == "The table is full: 8 seats"
    lang.set_language("da")
    again = net.open("Niende")
    assert again.guest.error == "Bordet er fuldt: 8 pladser"


def test_the_engines_reason_reaches_a_guest_in_its_half(english):
    guest = GuestSession("Mette")
    guest.pending = {"id": 3, "action": {"type": "call"}}
    guest.receive(encode("error", code="illegal", message="Det er ikke din tur (not your turn)", id=3))
    assert guest.error == "not your turn" and guest.pending is None


@pytest.mark.parametrize("code, message", [
    ("x" * 33, "Too long a code"),          # the protocol's bound: 1-32 of [a-z_]
    ("<script>", "<script>alert(1)</script>"),
    ("RATE", "upper case"),
    ("rate", ""),                            # a message is 1-500 characters
    ("rate", "x" * 501),
])
def test_an_odd_or_huge_error_frame_is_dropped_unshown(code, message):
    guest = GuestSession("Mette")
    guest.receive(encode("error", code=code, message=message, id=None))
    assert guest.error is None and guest.error_code is None and guest.bad_frames == 1


def test_a_hostile_message_is_never_markup_on_the_join_screen():
    guest = GuestSession("Mette")
    guest.receive(encode("error", code="illegal", message='<img src=x onerror="alert(1)">', id=None))
    html = join_html("Mette", "", guest.error, form=True)
    assert "<img" not in html and "&lt;img" in html
    guest.receive(encode("error", code="bad_token", message="<b>Rå tekst fra værten</b>", id=None))
    assert guest.error == "Pladsen findes ikke længere ved bordet"


def test_bye_reasons_and_close_codes_in_both_languages():
    for code in ("da", "en"):
        lang.set_language(code)
        lines = [bye_line(r) for r in BYE_REASONS] + [close_line(c) for c in CLOSE_CODES]
        assert len(set(lines)) == len(lines) and all("⟦" not in line for line in lines)
        assert close_line(1006) == close_line(None) == t("friends.relay.unreachable")
        assert bye_line("gone") == t("friends.error.unknown")
    assert close_reason(4404) == "There is no such table"


def test_refusals_carry_both_languages_and_the_player_reads_one(english):
    net = Net()
    with pytest.raises(IllegalAction) as info:
        net.room.remove_seat("Vært")
    message = str(info.value)
    assert message == "Værten kan ikke fjerne sig selv (The host can't remove their own seat)"
    assert lang.error_text(message) == "The host can't remove their own seat"
    lang.set_language("da")
    assert lang.error_text(message) == "Værten kan ikke fjerne sig selv"
    assert ProtocolError("rate").message == \
        "For mange beskeder på kort tid; vent et øjeblik (Too many messages at once; wait a moment)"


def test_every_kind_connection_regular_and_tab_notice_has_its_words():
    for code in lang.LANGUAGES:
        words = lang.catalogue(code)
        assert all(f"friends.kind.{k}" in words for k in KINDS)
        assert all(f"friends.connection.{c}" in words for c in CONNECTIONS)
        for game in GAMES:  # the lobby shows each game's own portraits of its regulars
            for regular in importlib.import_module(f"engine.{game}.bots").REGULARS:
                assert f"{game}.regular.{regular['style']}" in words
        lang.set_language(code)
        for state in (ELSEWHERE, MOVED):
            head, text = TabClaim(state=state).notice()
            assert head and text and "⟦" not in head + text


SEATS = [{"player": "Vært", "kind": "host", "connection": "connected", "waiting": False},
         {"player": "Mette", "kind": "guest", "connection": "away", "waiting": False},
         {"player": "Bo", "kind": "guest", "connection": "reconnecting", "waiting": True},
         {"player": "Henning", "kind": "regular", "connection": "connected", "waiting": False}]
MOVED_WORDS = ["Med vennerne", "Kopiér", "Stamgæst", "stamgæst", "Tilbage", "Start spillet",
               "Ved bordet", "Fjern", "vært", "genforbinder", "væk", "Sæt dig", "Dit navn",
               "Til forsiden", "Prøv igen", "Tag bordet", "fane", "Del<"]


def test_the_lobby_and_join_screen_in_english(english):
    from engine.bakke.bots import REGULARS

    html = (lobby_html("https://x/?bord=r", True, REGULARS, "bakke") + lobby_seats_html(SEATS)
            + join_html("", "", "", form=True) + join_html("Mette", "", "Oops", form=False)
            + claim_html(TabClaim(state=ELSEWHERE).notice(), "snyd-table"))
    for word in ("With friends", "Copy link", "Share", "+ Regular", "Start game", "Back",
                 "At the table", "Remove Mette", "friend", "regular", "host", "away",
                 "reconnecting", "joins from the next game", "Take a seat", "Your name",
                 "Sit down", "Try again", "Bring the table here", "Says Videre"):
        assert word in html, word
    assert [w for w in MOVED_WORDS if w in html] == []
    assert "⟦" not in html


def test_the_lobby_in_danish_is_as_before():
    html = lobby_html("https://x/?bord=r", False, [], "snyd") + lobby_seats_html(SEATS)
    for word in ("Med vennerne", "Kopiér link", "+ Stamgæst", "Start spillet", "Tilbage",
                 'aria-label="Fjern Mette"', "genforbinder", "sætter sig fra næste spil"):
        assert word in html, word


@pytest.mark.parametrize("code", sorted(set(ERROR_CODES) - {"illegal"}))
def test_an_older_guest_still_reads_the_danish_line_of_each_code(code):
    # A phone of the previous version shows the message's part before " (": the catalogue's
    # Danish line; this version's error_text gives either half.
    message = ProtocolError(code, name="Mette", seats=SEATS_MAX).message
    head, sep, _ = message.rpartition(" (")
    assert sep and head == error_line(code, message, name="Mette", seats=SEATS_MAX)
    lang.set_language("en")
    assert lang.error_text(message) == error_line(code, message, name="Mette", seats=SEATS_MAX)
