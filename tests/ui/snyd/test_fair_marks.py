"""Fair dice on the Snyd table screen (issue 20): the *Ærlige terninger* mark on every phone of a
friends' table with fair dice (and nowhere else) with its explanation on a tap, the calm lines
while the phones answer each other (no buttons meanwhile), each phone's own ✓ at a reveal, the
notice for a cup that did not match, and the switch on from the lobby's *Start* (games.Game.fair)
and kept by the host's save. Real HostTable and GuestTables over tests/peers' Wire."""
from __future__ import annotations

import random
import re
import secrets
import sys
from pathlib import Path
from unittest import mock

import pytest
from app.snyd.setup_markup import Draft, setup_html
from app.snyd.table_markup import TableLook, controls_html, felt_html
from app.snyd.table_session import Session
from app.snyd.table_setup import Seat
from app.table import games

from engine.snyd import Rules

# tests/peers' Wire (real host and guest tables over frames), as its own tests use it
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "peers"))
from app.friends.host_table import HostTable, load_table
from table_net import Wire

GUESTS = ("Mette", "Kaj")


def fair_wire(seed: int = 5, quiet: tuple[str, ...] = (), fair: bool = True) -> Wire:
    wire = Wire()
    for name in GUESTS:
        phone = wire.join(name)
        if name in quiet:
            phone.table._fair_turn = lambda: None  # this phone never takes part
    wire.start(Rules(dice_per_player=3), seed, fair=fair)
    return wire


def phones(wire: Wire) -> dict:
    """Every phone's session as its table screen holds it: the host's, then each guest's."""
    return {"Vært": wire.host, **{n: p.table for n, p in wire.phones.items()}}


def look_of(session, **extra) -> TableLook:
    """What table_screen.refresh puts in the look from the session (fair_state, next_step)."""
    state = getattr(session, "fair_state", None)
    return TableLook(fair=state() if callable(state) else None, step=session.next_step(),
                     deals=session.deals, **extra)


def html_of(session, **extra) -> str:
    v, look = session.view(), look_of(session, **extra)
    return felt_html(v, look) + controls_html(v, look)


def until(wire: Wire, done, seed: int = 5, moves: int = 400) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        if done(wire):
            return
        wire.move(rng)
    assert done(wire), "never got there"


def revealed(wire: Wire) -> bool:
    return wire.host.view()["phase"] in ("reveal", "game_over")


def test_the_lobby_starts_every_game_with_fair_dice():
    assert all(games.get(key).fair is True for key in games.KEYS)


def test_every_phone_of_a_fair_table_shows_the_mark_and_no_other_table_does():
    wire = fair_wire()
    for name, session in phones(wire).items():
        html = html_of(session)
        assert html.count('data-testid="dice-fair"') == 1, name
        assert 'data-testid="dice-fair-info"' not in html  # closed until tapped
        assert "Ingen telefon kender de andres terninger" in html_of(session, fair_open=True)
    plain = fair_wire(fair=False)  # the switch off: no mark anywhere
    for session in phones(plain).values():
        assert "dice-fair" not in html_of(session)
    for seats in ([Seat("Mette", "human"), Seat("Ib", "human")],           # pass-and-play
                  [Seat("Mette", "human"), Seat("Henning", "regular")]):   # the regulars
        one = Session(seats, Rules(), seed=1)
        assert "dice-fair" not in html_of(one)


def test_the_mark_opens_its_explanation_on_a_tap_and_closes_again(table_screen, monkeypatch):
    wire = fair_wire()
    ui = table_screen.TableUI()
    ui.start(wire.host)
    monkeypatch.setattr(ui, "on_screen", lambda: True)
    monkeypatch.setattr(ui, "save", lambda: None)
    elements: dict = {}
    monkeypatch.setattr(ui, "el", lambda id_: elements.setdefault(
        id_, mock.MagicMock(name=id_, childElementCount=0, hidden=True)))
    ui.refresh()
    assert 'data-testid="dice-fair"' in elements["felt-area"].innerHTML
    assert "dice-fair-info" not in elements["felt-area"].innerHTML
    assert ui.clicked("fair-info", None) is True
    ui.refresh()
    assert 'data-testid="dice-fair-info"' in elements["felt-area"].innerHTML
    assert 'aria-expanded="true"' in elements["felt-area"].innerHTML
    ui.clicked("fair-info", None)
    ui.refresh()
    assert "dice-fair-info" not in elements["felt-area"].innerHTML


def test_while_the_cups_are_made_the_host_says_so_and_offers_no_button():
    wire = fair_wire(quiet=("Kaj",))  # Kaj's phone has not answered yet
    host = wire.host
    assert host.next_step() == {"kind": "dealing"}
    controls = controls_html(host.view(), look_of(host))
    assert 'data-testid="fair-status"' in controls and "Bægrene rystes …" in controls
    assert "<button" not in controls and "<select" not in controls
    mette = wire.phones["Mette"].table  # a guest's phone waits for the deal the same way
    assert "Bægrene rystes …" in controls_html(mette.view(), look_of(mette))


def test_after_a_reveal_the_next_round_is_made_without_a_dead_button():
    wire = fair_wire()
    until(wire, revealed)
    host = wire.host
    assert 'data-action="next"' in controls_html(host.view(), look_of(host))
    wire.phones["Kaj"].table._fair_turn = lambda: None  # Kaj's phone is slow to answer
    host.next_round()
    wire.pump()
    assert host.fair_state()["step"] == "commit"
    controls = controls_html(host.view(), look_of(host))
    assert "Bægrene rystes …" in controls and 'data-action="next"' not in controls


def test_while_the_keys_are_awaited_every_phone_says_the_dice_are_checked():
    wire = fair_wire()
    kaj = wire.phones["Kaj"]
    real = kaj.table.put
    kaj.table.put = lambda frames: real([f for f in frames if '"type":"key"' not in f])
    until(wire, lambda w: w.host.fair_state()["step"] == "key")
    for name, session in phones(wire).items():
        assert session.next_step()["kind"] == "opening", name
        controls = controls_html(session.view(), look_of(session))
        assert "Terningerne tjekkes …" in controls, name
        assert "<button" not in controls and "<select" not in controls, name


def test_every_phone_shows_its_own_check_at_every_reveal():
    wire = fair_wire()
    for _ in range(3):  # three reveals in a row
        until(wire, revealed)
        for name, session in phones(wire).items():
            assert session.fair_state()["check"] == "verified", name
            html = html_of(session)
            assert html.count('data-testid="dice-verified"') == 1, name
            assert "dice-mismatch" not in html
        wire.host.next_round()
        wire.pump()
        for session in phones(wire).values():  # the next round: no old ✓ over it
            assert "dice-verified" not in html_of(session)


def test_a_cup_that_does_not_match_is_named_on_every_phone_and_the_evening_goes_on():
    wire = fair_wire()
    mette = wire.phones["Mette"]
    act = mette.table.guest.act

    def wrong(action: dict) -> str:  # Mette's phone opens another key than it committed to
        if action["type"] == "key":
            mette.table.guest.act = act
            action = {**action, "key": secrets.token_hex(32)}
        return act(action)
    mette.table.guest.act = wrong
    until(wire, revealed)
    assert wire.host.table.log[-1]["type"] == "forfeit"
    for name, session in phones(wire).items():
        html = html_of(session)
        assert 'data-testid="dice-mismatch"' in html and "Mettes terninger passer ikke" in html, name
        assert "dice-verified" not in html
    # the round is over without a reveal, and the host can still deal the next one
    assert 'data-action="next"' in controls_html(wire.host.view(), look_of(wire.host))
    wire.host.next_round()
    wire.pump()
    until(wire, revealed)
    assert all(s.fair_state()["check"] == "verified" for s in phones(wire).values())


def test_no_phone_draws_another_seats_dice_before_the_reveal():
    wire = fair_wire()
    rng = random.Random(3)
    for _ in range(60):
        host = wire.host
        v = host.view()
        if v["phase"] == "bidding":
            for name, session in phones(wire).items():
                look = look_of(session, peeking=True, can_peek=session.can_peek())
                html = felt_html(session.view(), look)
                assert 'data-testid="revealed-die"' not in html, name
                own = session.view()["my_dice"] or []
                assert len(re.findall(r'data-testid="die"', html)) == len(own), name
        wire.move(rng)


def test_the_hosts_saved_table_keeps_its_fair_dice():
    wire = fair_wire()
    until(wire, revealed)
    again = load_table(wire.host.to_json())
    assert isinstance(again, HostTable) and again.fair
    assert again.fair_state()["step"] == "done"
    assert "dice-fair" in html_of(again)


def test_the_setup_says_the_regulars_sit_on_the_hosts_phone():
    friends = setup_html(Draft(mode="friends"), [], saved=False)
    assert 'data-testid="regulars-on-host"' in friends
    assert "Stamgæsterne sidder på din telefon" in friends
    assert "regulars-on-host" not in setup_html(Draft(mode="phone"), [], saved=False)


@pytest.mark.parametrize("key", ["snyd.fair.mark", "snyd.fair.explain", "snyd.fair.shaking",
                                 "snyd.fair.opening", "snyd.fair.verified",
                                 "snyd.setup.regulars_on_host"])
def test_every_new_line_is_in_danish_and_english(key):
    from app.lang.da.snyd import TEXT as DA
    from app.lang.en.snyd import TEXT as EN
    assert DA[key] and EN[key] and DA[key] != EN[key]


def test_the_three_screens_share_one_tap_and_one_tick():
    """fair_marks.fair_info_tap is the mark's tap for every table (its look's fair_open), and
    dice_verified_html the ✓ of every game: a status at Snyd's reveal, quiet per throw."""
    from app.table.fair_marks import FAIR_INFO, dice_verified_html, fair_info_tap, fair_mark_html
    look = TableLook()
    assert fair_info_tap("bid", look) is False and look.fair_open is False  # not the mark's tap
    assert f'data-action="{FAIR_INFO}"' in fair_mark_html({}, False, "snyd.fair.explain")
    assert fair_info_tap(FAIR_INFO, look) is True and look.fair_open is True
    assert fair_info_tap(FAIR_INFO, look) is True and look.fair_open is False
    for screen in ("snyd", "bakke", "treere"):  # no screen keeps a copy of its own
        source = (Path(__file__).resolve().parents[3] / "web" / "app" / screen / "table_screen.py").read_text()
        assert "fair_info_tap(action, self.look)" in source and "fair_open = not" not in source, screen
    live = dice_verified_html("snyd.fair.verified", live=True)
    assert live.startswith('<p class="dice-verified" data-testid="dice-verified" role="status">')
    quiet = dice_verified_html("friends.fair.throw_verified")
    assert 'data-testid="dice-verified"' in quiet and "role=" not in quiet
    assert "Kastet er tjekket på din telefon" in quiet
