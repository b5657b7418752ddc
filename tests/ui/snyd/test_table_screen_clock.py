"""table_screen's clock code path in CPython, with a fake DOM: the dial turns red in the last
five seconds (S41), beeps once, and is plain again on the next turn.

Only the DOM is faked (`js`, `pyodide.ffi`); the session, its TurnClock and the engine are real.
The browser test (tests/browser/test_clock.py) sees the same in Chromium, but slowly; this one
runs in the fast suite, so a screen that stops setting the red class fails it.
"""
from __future__ import annotations

from app.home.player_settings import clean_settings
from app.snyd.table_setup import Seat

from engine.snyd import Rules


class FakeClassList:
    def __init__(self) -> None:
        self.names: set[str] = set()

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = (name not in self.names) if force is None else bool(force)
        (self.names.add if on else self.names.discard)(name)
        return on

    def add(self, name: str) -> None:
        self.names.add(name)

    def remove(self, name: str) -> None:
        self.names.discard(name)

    def contains(self, name: str) -> bool:
        return name in self.names


class FakeElement:
    def __init__(self) -> None:
        self.hidden = True
        self.textContent = ""
        self.attributes: dict[str, str] = {}
        self.classList = FakeClassList()

    def setAttribute(self, name: str, value: str) -> None:  # the DOM's own name
        self.attributes[name] = value


def ui_at_a_clocked_table(table_screen, monkeypatch):
    from app.snyd.table_session import Session

    session = Session([Seat("Mette", "human"), Seat("Henning", "regular")],
                      Rules(time_limit=15), seed=7, first="Mette")
    ui = table_screen.TableUI()
    ui.session = session
    ui.settings = clean_settings({"sound": True, "vibration": False})
    clock = FakeElement()
    monkeypatch.setattr(ui, "on_screen", lambda: True)
    monkeypatch.setattr(ui, "el", lambda id_: clock if id_ == "clock" else FakeElement())
    return ui, clock


def tick_at(table_screen, ui, seconds: float) -> None:
    table_screen.now_ms[0] = seconds * 1000.0
    ui.on_tick()


def test_the_clock_turns_red_in_its_last_five_seconds_and_beeps_once(table_screen, monkeypatch):
    beeps = []
    monkeypatch.setattr(table_screen.clock_feedback, "beep", lambda: beeps.append(1) or True)
    ui, clock = ui_at_a_clocked_table(table_screen, monkeypatch)

    tick_at(table_screen, ui, 100.0)            # Mette's turn starts: 15 s
    assert not clock.hidden and clock.textContent == "15"
    assert not clock.classList.contains("red")
    tick_at(table_screen, ui, 109.5)            # 5.5 s left: not yet
    assert clock.textContent == "6" and not clock.classList.contains("red")
    assert beeps == []
    tick_at(table_screen, ui, 110.2)            # 4.8 s left: red, one beep
    assert clock.textContent == "5" and clock.classList.contains("red")
    tick_at(table_screen, ui, 112.0)
    assert clock.classList.contains("red") and clock.textContent == "3"
    assert beeps == [1], "one beep when the clock turns red, not one per tick"

    # Mette bids: the next turn's clock starts at 15 and is not red.
    ui.session.act({"type": "bid", "quantity": 1, "face": 2})
    tick_at(table_screen, ui, 112.2)
    assert clock.textContent == "15" and not clock.classList.contains("red")
