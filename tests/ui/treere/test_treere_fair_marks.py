"""Fair throws on the Treere table screen (issue 20, docs/fair-dice.md "Bakke and Treere"): every
phone of a friends' table wears the *Ærlige terninger* mark beside the pot (a tap explains
it), a roll being made says *Terningerne rystes …* with nothing to roll, keep or flick, a guest's
failed check names the roller, pass-and-play and the regulars' tables show none of it. Real
HostGameTable and GuestGameTables over tests/peers' Wire; the screen over a fake DOM."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest
from app.table.session import GameSession
from app.treere.table_markup import TableLook, controls_html, felt_html

from engine.treere import Rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "peers"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_fair_games import GUESTS, at_exchange, fair_table, play
from test_treere_screen import click, felt, screen  # noqa: F401  (screen: the fixture)


def drawn(session, fair_open: bool = False) -> tuple[str, str]:
    """(felt, controls) as the table screen draws them for ``session``'s phone."""
    v = session.view()
    look = TableLook(humans=(v["me"],), guest=session.remote, fair=session.fair_state(),
                     fair_open=fair_open)
    return felt_html(v, look), controls_html(v, look)


@pytest.mark.parametrize("phone", ("host", *GUESTS))
def test_the_mark_sits_beside_the_pot_on_every_phone(phone):
    wire = fair_table("treere")
    session = wire.host if phone == "host" else wire.guest(phone)
    shut, _ = drawn(session)
    assert re.search(r'<div class="tr-info">.*data-testid="dice-fair".*</div>', shut)
    assert "dice-fair-info" not in shut
    opened, _ = drawn(session, fair_open=True)
    assert "Hvert kast kommer af tilfældighed fra alle telefoner" in opened


def test_tables_without_fair_throws_show_no_mark():
    for seats in ([("Mette", "human"), ("Ib", "human")], [("Mette", "human"), ("Lis", "regular")]):
        session = GameSession("treere", seats, Rules(), seed=3)
        v = session.view()
        html = felt_html(v, TableLook(humans=("Mette",))) + controls_html(v, TableLook(humans=("Mette",)))
        assert "dice-fair" not in html and "fair-status" not in html


def test_a_roll_being_made_leaves_nothing_to_tap():
    wire = fair_table("treere", quiet=("Bent",))
    at_exchange(wire, random.Random(9))
    for session in (wire.host, *(wire.guest(n) for n in GUESTS)):
        shown, buttons = drawn(session)
        assert "Terningerne rystes …" in buttons and 'role="status"' in buttons
        assert 'data-testid="flick"' not in shown
        assert not re.search(r'data-action="(roll|keep)"(?![^>]* disabled)', buttons)
        assert not re.search(r"[0-9a-f]{32}", shown + buttons)  # no share nor key on a screen


def test_a_failed_check_is_an_alert_naming_the_roller():
    wire = fair_table("treere")
    play(wire, 1, random.Random(5))
    kaj = wire.guest("Kaj")
    assert kaj.dice_checks and {c for _, c in kaj.dice_checks} == {"verified"}
    no = kaj.view()["fair"]["no"]
    roller = next(e["player"] for e in reversed(kaj.view()["events"]) if e.get("fair") == no)
    kaj.dice_checks.append((no, f"mismatch:{no}"))
    _, buttons = drawn(kaj)
    assert f'role="alert">{roller}' in buttons and "terninger passer ikke" in buttons


def test_a_tap_on_the_mark_opens_and_closes_its_words(screen, monkeypatch):  # noqa: F811
    wire = fair_table("treere")
    monkeypatch.setattr(screen.ui, "on_screen", lambda: True)
    monkeypatch.setattr(screen.ui, "save", lambda: None)
    screen.ui.start(wire.guest("Bent"))
    screen.ui.refresh()
    assert 'data-testid="dice-fair"' in felt(screen) and "dice-fair-info" not in felt(screen)
    click(screen, "fair-info")
    assert 'data-testid="dice-fair-info"' in felt(screen)
    click(screen, "fair-info")
    assert "dice-fair-info" not in felt(screen)
