"""table_screen's life in CPython with a fake DOM (issue 12): a timeout shows as what it was at
the seat ("Tiden løb ud", never a "Løft!" bubble), Din tur buzzes once per turn when *Vibration*
is on, the reveal's sounds go through the `sound.play` hook only with *Lyd* on, and the black
mat's moment waits for the verdict unless *Færre bevægelser* is on."""
from __future__ import annotations

from unittest import mock

from app.home.player_settings import clean_settings
from app.snyd.table_session import Session
from app.snyd.table_setup import Seat

from engine.snyd import Rules


def ui_for(table_screen, monkeypatch, session, **settings):
    ui = table_screen.TableUI()
    ui.start(session)
    ui.settings = clean_settings(settings)
    monkeypatch.setattr(ui, "on_screen", lambda: True)
    elements: dict = {}
    monkeypatch.setattr(ui, "el", lambda id_: elements.setdefault(
        id_, mock.MagicMock(name=id_, childElementCount=0, hidden=True)))
    played, buzzed = [], []
    monkeypatch.setattr(table_screen.sound, "play", played.append)
    monkeypatch.setattr(table_screen.haptics, "buzz", buzzed.append)  # the shared vibration
    return ui, played, buzzed


def test_a_timeout_bubbles_tiden_loeb_ud_not_loeft(table_screen, monkeypatch):
    session = Session([Seat("Mette", "human"), Seat("Henning", "regular")],
                      Rules(time_limit=15), seed=7, first="Henning")
    ui, played, _ = ui_for(table_screen, monkeypatch, session, sound=True, vibration=False)
    ui.refresh()
    session.play_regular()   # Henning opens; now it is Mette's turn
    ui.refresh()
    table_screen.now_ms[0] = 1000.0
    ui.on_tick()             # Mette's clock starts
    table_screen.now_ms[0] = 17000.0
    ui.on_tick()             # … and runs out: the engine calls for her
    assert session.view()["phase"] in ("reveal", "game_over")
    assert ui.look.bubbles["Mette"] == "Tiden løb ud"
    assert "Mette nåede det ikke – tiden løb ud" in ui.live  # the log says it too
    assert "reveal" in played


def test_an_openers_timeout_says_so_with_the_forced_bid(table_screen):
    bubble = table_screen.TableUI.timed_out_bubble({"type": "bid", "player": "Mette", "quantity": 1, "face": 2})
    assert bubble == "Tiden løb ud: en toer"


def test_din_tur_buzzes_once_per_turn_and_only_with_vibration_on(table_screen, monkeypatch):
    session = Session([Seat("Mette", "human"), Seat("Henning", "regular")], Rules(), seed=7, first="Mette")
    ui, played, buzzed = ui_for(table_screen, monkeypatch, session, sound=False, vibration=True)
    ui.refresh()
    ui.refresh()  # a redraw of the same turn does not buzz again
    assert buzzed == [table_screen.TURN_BUZZ] and played == []
    session.act({"type": "bid", "quantity": 1, "face": 2})
    ui.refresh()
    session.play_regular()
    if session.view()["phase"] == "bidding":  # Henning bid: Mette's next turn buzzes once more
        ui.refresh()
        assert buzzed == [table_screen.TURN_BUZZ] * 2
    quiet = Session([Seat("Mette", "human"), Seat("Henning", "regular")], Rules(), seed=7, first="Mette")
    ui, _, buzzed = ui_for(table_screen, monkeypatch, quiet, sound=False, vibration=False)
    ui.refresh()
    assert buzzed == []


def test_the_black_mat_buzzes_after_the_verdict_or_at_once_with_fewer_motions(table_screen, monkeypatch):
    from engine.snyd import Table
    for reduced in (False, True):
        table = Table(["Mette", "Henning"], Rules(dice_per_player=1), seed=7, first="Mette")
        table.deal([[6], [5]])
        session = Session([Seat("Mette", "human"), Seat("Henning", "human")], Rules(dice_per_player=1),
                          seed=7, _table=table)
        ui, played, buzzed = ui_for(table_screen, monkeypatch, session, sound=True, vibration=True,
                                    reduced_motion=reduced)
        ui.refresh()
        later = []
        table_screen.fake_js.setTimeout = lambda fn, ms, later=later: later.append((fn, ms))
        session.act({"type": "bid", "quantity": 2, "face": 6})
        session.accept_handoff()
        session.act({"type": "call"})  # a lie: Mette loses the game and goes to Viborg
        ui.refresh()
        assert session.view()["viborg"] == ["Mette"]
        if not reduced:  # the moment waits for the reveal's steps and the verdict
            assert table_screen.VIBORG_BUZZ not in buzzed and "viborg" not in played
            fn, ms = later[-1]
            assert ms == table_screen.verdict_at(1)  # one ring: Mette's six
            fn()
        assert table_screen.VIBORG_BUZZ in buzzed and "viborg" in played


def test_a_tap_on_the_history_strip_opens_and_closes_the_whole_list(table_screen, monkeypatch):
    session = Session([Seat("Mette", "human"), Seat("Henning", "regular")], Rules(), seed=7, first="Mette")
    ui, _, _ = ui_for(table_screen, monkeypatch, session)
    session.act({"type": "bid", "quantity": 1, "face": 2})
    ui.refresh()
    strip = mock.MagicMock(disabled=False)
    strip.getAttribute = lambda name: "history" if name == "data-action" else None
    tap = mock.MagicMock()
    tap.target.closest = lambda _sel: strip
    ui.on_click(tap)
    assert ui.look.history_open
    assert 'aria-expanded="true"' in ui.el("felt-area").innerHTML
    ui.on_click(tap)
    assert not ui.look.history_open and 'aria-expanded="false"' in ui.el("felt-area").innerHTML
    ui.on_click(tap)  # open again; the next deal closes it (a new round, a new list)
    while session.view()["phase"] == "bidding":
        if session.view()["turn"] == "Mette":
            session.act({"type": "call"})
        else:
            session.play_regular()
    session.next_round()
    ui.refresh()
    assert not ui.look.history_open
