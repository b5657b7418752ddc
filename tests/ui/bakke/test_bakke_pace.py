"""Issue 17: a regular's whole Bakke turn at normal tempo takes at most 5 s on screen, however
many dice it throws (before: 0.6-1.2 s of pause plus the 0.45 s tumble for every single throw,
16-32 s between your turns against two regulars). The schedule is app/bakke/pace.py; the
screen test runs the real table screen's timers over a six-throw turn."""
from __future__ import annotations

import json
import random

import pytest
from app.bakke.pace import ROLL_MS, STEP_MS, TURN_MS, TurnPace, tumble_ms
from app.table.session import PAUSE_MIN_MS, PAUSE_SPREAD_MS

from tests.ui.bakke import test_bakke_screen as bakke_screen
from tests.ui.bakke.test_bakke_screen import KEY, open_table, saved_session

screen = bakke_screen.screen  # the screen fixture: the real table screen over a fake DOM

NORMAL, ROLIG, HURTIG = 1.0, 1.6, 0.15  # app/player_settings.TEMPOS


def a_turn(moves: int, tempo: float, reduced: bool, seed: int) -> list[int]:
    rng, pace = random.Random(seed), TurnPace()
    think = [int((PAUSE_MIN_MS + rng.random() * PAUSE_SPREAD_MS) * tempo) for _ in range(moves)]
    return [pace.wait_ms("Henning", t, tempo, reduced, key=k) for k, t in enumerate(think)]


@pytest.mark.parametrize("tempo", [NORMAL, ROLIG, HURTIG])
@pytest.mark.parametrize("reduced", [False, True])
def test_a_whole_turn_stays_within_its_budget_however_many_dice(tempo, reduced):
    for moves in (1, 2, 6, 12, 40, 200):
        for seed in range(20):
            waits = a_turn(moves, tempo, reduced, seed)
            # normal: 5 s with the last die's tumble; Rolig stretches it, Hurtig shrinks the waits
            assert sum(waits) + (0 if reduced else ROLL_MS) <= 5000 * max(tempo, 1.0)
            assert sum(waits) <= TURN_MS * tempo and min(waits) >= 0


def test_the_first_move_thinks_and_waits_the_tumble_the_next_ones_are_quick():
    waits = a_turn(4, NORMAL, False, 1)
    assert PAUSE_MIN_MS + ROLL_MS <= waits[0] <= PAUSE_MIN_MS + PAUSE_SPREAD_MS + ROLL_MS
    assert waits[1:] == [STEP_MS] * 3  # a short turn keeps a readable rhythm
    assert tumble_ms(STEP_MS, False) == STEP_MS and tumble_ms(40, False) == 0 and tumble_ms(900, True) == 0


def test_asking_again_for_the_same_table_state_is_the_same_move():
    pace = TurnPace()
    first = pace.wait_ms("Henning", 900, NORMAL, False, key=("Henning", 3))
    assert pace.wait_ms("Henning", 900, NORMAL, True, key=("Henning", 3)) == 900  # settings changed
    assert pace.moves == 1
    assert pace.wait_ms("Henning", 900, NORMAL, False, key=("Henning", 5)) == STEP_MS
    assert pace.wait_ms("Kaj", 700, NORMAL, False, key=("Kaj", 9)) == 700 + ROLL_MS  # a new turn
    assert first == 900 + ROLL_MS


class Thrower:
    """A regular that never says *Videre*: throws as long as it may."""

    def __init__(self, name: str, seed: object = None) -> None:
        self.name = name

    def decide(self, view: dict) -> dict:
        legal = view["legal"]
        return {"type": next(k for k in ("throw", "throw_all", "videre") if k in legal)}

    def say(self, event: dict, view: dict, lang: str = "da") -> None:
        return None


def test_the_table_screen_paces_a_six_throw_turn_within_5_s(screen, stand_in_bots, monkeypatch):
    """Mette throws 2 3 4 5 6 6 (the sixes are hers again: 2 3 4 5 stay in the tray); Henning
    then throws one die at a time: five 1s leave the game, his last die, a 2, pairs and the turn
    passes. Six moves: 6 x (0.6 s + 0.45 s) at the least before, one turn of at most 5 s now."""
    from app.saves.local_store import SETTINGS_KEY

    monkeypatch.setattr(stand_in_bots, "regular", lambda name, seed=None: Thrower(name, seed))
    s = saved_session([("Mette", "human"), ("Henning", "regular")],
                      [2, 3, 4, 5, 6, 6, 1, 1, 1, 1, 1, 2])
    s.act("Mette", {"type": "throw_all"})
    screen.storage.data[KEY] = s.to_json()
    screen.storage.data[SETTINGS_KEY] = json.dumps({"reduced_motion": False, "tempo": "normal"})
    open_table(screen)
    waits = []
    while screen.ui.session.regular_due() == "Henning":
        waits.append(screen.js.setTimeout.call_args.args[1])
        screen.ui.regular_moves()
    assert len(waits) == 6 and screen.ui.session.view()["turn"] == "Mette"
    assert sum(waits) + ROLL_MS <= 5000, waits
