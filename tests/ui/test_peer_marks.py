"""A table with friends on the Bakke and Treere screens (issue 11 hardening): each seat carries
its connection (data-connection, and a tag when it is not connected), as Snyd's seats do; a
guest's phone says that the host starts the next game instead of offering *Nyt spil*."""
from __future__ import annotations

import re

import pytest
from app.bakke import markup as bakke
from app.friends.peer_marks import connections_of, host_starts
from app.treere import table_markup as treere

from engine.bakke import Rules as BakkeRules
from engine.bakke import Table as BakkeTable
from engine.treere import Rules as TreereRules
from engine.treere import Table as TreereTable

PLAYERS = ["Mette", "Jonas", "Lis"]
LINKS = {"Mette": "connected", "Jonas": "away", "Lis": "reconnecting"}


def seat_states(html: str) -> dict[str, str | None]:
    """{player: data-connection or None} of every seat."""
    seats = re.findall(r'<(?:div|li) [^>]*data-testid="seat"[^>]*>', html)
    out = {}
    for tag in seats:
        player = re.search(r'data-player="([^"]+)"', tag).group(1)
        state = re.search(r'data-connection="([^"]+)"', tag)
        out[player] = state.group(1) if state else None
    return out


def bakke_felt(connections: dict) -> str:
    v = BakkeTable(PLAYERS, BakkeRules(), seed=3).view("Mette")
    return bakke.felt_html(v, bakke.TableLook(connections=connections))


def treere_felt(connections: dict) -> str:
    v = TreereTable(PLAYERS, TreereRules(), seed=3).view("Mette")
    return treere.felt_html(v, treere.TableLook(humans=("Mette",), connections=connections))


@pytest.mark.parametrize("felt", [bakke_felt, treere_felt], ids=["bakke", "treere"])
def test_every_seat_carries_its_connection_and_a_tag_when_not_connected(felt):
    html = felt(LINKS)
    assert seat_states(html) == LINKS
    assert html.count('class="tag connection"') == 2
    assert ">væk<" in html and ">genforbinder<" in html


@pytest.mark.parametrize("felt", [bakke_felt, treere_felt], ids=["bakke", "treere"])
def test_a_one_phone_table_has_no_connections(felt):
    html = felt({})
    assert seat_states(html) == dict.fromkeys(PLAYERS)
    assert "connection" not in html


def test_connections_come_from_the_session_and_junk_is_left_out():
    class Peer:
        def connections(self):
            return {"Mette": "connected", "Jonas": "<b>", 3: "away", "Lis": "away"}

    assert connections_of(Peer()) == {"Mette": "connected", "Lis": "away"}
    assert connections_of(object()) == {}  # a one-phone GameSession has no connections


def test_a_guests_phone_says_the_host_starts_the_next_game_and_offers_no_button():
    b = {**BakkeTable(PLAYERS, BakkeRules(), seed=3).view("Mette"), "phase": "over"}
    t = {**TreereTable(PLAYERS, TreereRules(), seed=3).view("Mette"), "phase": "over", "winner": "Lis"}
    host_b = bakke.controls_html(b, bakke.TableLook())
    host_t = treere.controls_html(t, treere.TableLook(humans=("Mette",)))
    assert 'data-action="new-game"' in host_b and 'data-action="new-game"' in host_t
    for html in (bakke.controls_html(b, bakke.TableLook(guest=True)),
                 treere.controls_html(t, treere.TableLook(humans=("Mette",), guest=True))):
        assert "new-game" not in html and "<button" not in html
        assert f'data-testid="host-starts">{host_starts()}<' in html


def test_a_handed_seat_is_still_said_at_game_over_on_the_guests_phone():
    # Between games the guest sees "the host starts the next game" and, while a stand-in
    # plays her seat, that it still does (else the line vanishes for the pause and she taps in
    # vain once the next game begins).
    b = {**BakkeTable(PLAYERS, BakkeRules(), seed=3).view("Mette"), "phase": "over"}
    t = {**TreereTable(PLAYERS, TreereRules(), seed=3).view("Mette"), "phase": "over", "winner": "Lis"}
    for view, controls, look in ((b, bakke.controls_html, bakke.TableLook(guest=True)),
                                 (t, treere.controls_html, treere.TableLook(humans=("Mette",), guest=True))):
        assert 'data-testid="seat-handed"' not in controls(view, look)
        html = controls({**view, "handed": ["Mette"]}, look)
        assert 'data-testid="host-starts"' in html and 'data-testid="seat-handed"' in html
        assert "<button" not in html
