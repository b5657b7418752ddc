"""Fair throws on the Bakke table screen (issue 20, docs/fair-dice.md "Bakke and Treere"): the
*Ærlige terninger* mark on every phone of a friends' table (and nowhere else) with its
explanation on a tap, *Terningerne rystes …* and no throw to tap while a throw's exchange is
open, each guest's own check, the notice naming whose throw did not match, no seat's secret on
any phone's screen. Real HostGameTable and GuestGameTables over tests/peers' Wire."""
from __future__ import annotations

import random
import re
import sys
from pathlib import Path

from app import lang
from app.bakke.markup import TableLook, controls_html, felt_html
from app.table.session import GameSession

from engine.bakke import Rules

# tests/peers' fair tables (real host and guest tables over frames) and the screen's fixture
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "peers"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_bakke_screen import screen  # noqa: F401  (the screen over a fake DOM)
from test_fair_games import GUESTS, at_exchange, fair_table, play

SECRET = re.compile(r"[0-9a-f]{32}")  # a key, share or commitment in hex


def phones(wire) -> dict:
    """Every phone's session as its table screen holds it: the host's, then each guest's."""
    return {"Vært": wire.host, **{n: wire.guest(n) for n in GUESTS}}


def html_of(session, **extra) -> str:
    state = getattr(session, "fair_state", None)
    v = session.view()
    look = TableLook(fair=state() if callable(state) else None, guest=session.remote,
                     single=v.get("me"), **extra)
    return felt_html(v, look) + controls_html(v, look)


def test_every_phone_of_a_fair_table_shows_the_mark_and_no_other_table_does():
    wire = fair_table("bakke")
    for name, session in phones(wire).items():
        html = html_of(session)
        assert html.count('data-testid="dice-fair"') == 1, name
        assert "dice-fair-info" not in html  # closed until tapped
        opened = html_of(session, fair_open=True)
        assert 'data-testid="dice-fair-info"' in opened and "heller ikke værtens" in opened
    plain = fair_table("bakke", fair=False)  # the switch off: no mark once a plain throw is seen
    play(plain, 1, random.Random(2))
    for session in phones(plain).values():
        assert "dice-fair" not in html_of(session)
    for seats in ([("Mette", "human"), ("Ib", "human")],           # pass-and-play
                  [("Mette", "human"), ("Henning", "regular")]):   # the regulars
        assert "dice-fair" not in html_of(GameSession("bakke", seats, Rules(), seed=1))


def test_the_explanation_speaks_english_too():
    wire = fair_table("bakke")
    lang.set_language("en")
    try:
        opened = html_of(wire.guest("Mette"), fair_open=True)
        assert "Fair dice" in opened and "not even the host" in opened
    finally:
        lang.set_language("da")


def test_while_a_throw_is_made_every_phone_says_so_and_offers_no_throw():
    wire = fair_table("bakke", quiet=("Kaj",))  # Kaj's phone has not answered yet
    at_exchange(wire, random.Random(3))
    for name, session in phones(wire).items():
        controls = controls_html(session.view(), TableLook(fair=session.fair_state(), guest=session.remote))
        assert 'data-testid="fair-status"' in controls and "Terningerne rystes …" in controls, name
        for action in ("throw", "throw_all", "videre"):
            assert re.search(rf'data-action="{action}"[^>]* disabled', controls), (name, action)
        assert not SECRET.search(html_of(session)), name  # nobody's share or key on a screen


def test_every_guest_checks_the_throws_and_a_failed_check_names_the_thrower():
    wire = fair_table("bakke")
    play(wire, 1, random.Random(4))
    for name in GUESTS:
        guest = wire.guest(name)
        state = guest.fair_state()
        assert state["check"] in ("verified", None) and guest.dice_checks, name
        assert all(check == "verified" for _, check in guest.dice_checks), name
        assert "dice-mismatch" not in html_of(guest)
        assert ('data-testid="dice-verified"' in html_of(guest)) == (state["check"] == "verified")
    guest = wire.guest("Mette")
    fair = guest.view()["fair"]
    thrower = next(e["player"] for e in reversed(guest.view()["events"]) if e.get("fair") == fair["no"])
    guest.dice_checks.append((fair["no"], f"mismatch:{fair['no']}"))  # as if this throw failed
    html = html_of(guest)
    assert re.search(r'data-testid="dice-mismatch" role="alert">[^<]*'
                     + re.escape(f"{thrower}s terninger passer ikke"), html)
    assert "dice-mismatch" not in html_of(wire.host)  # the host makes the faces, checks none


def test_the_mark_opens_its_explanation_on_a_tap_and_closes_again(screen, monkeypatch):  # noqa: F811
    wire = fair_table("bakke")
    ui = screen.ui
    monkeypatch.setattr(ui, "on_screen", lambda: True)
    monkeypatch.setattr(ui, "save", lambda: None)
    ui.start(wire.guest("Mette"))
    ui.refresh()
    felt = screen.nodes["felt-area"]
    assert 'data-testid="dice-fair"' in felt.innerHTML and "dice-fair-info" not in felt.innerHTML
    ui.clicked("fair-info", None)
    assert 'data-testid="dice-fair-info"' in felt.innerHTML and 'aria-expanded="true"' in felt.innerHTML
    ui.clicked("fair-info", None)
    assert "dice-fair-info" not in felt.innerHTML
