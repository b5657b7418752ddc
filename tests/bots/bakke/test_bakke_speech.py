"""The Bakke table language (engine/bakke/speech.py)."""
from __future__ import annotations

import random

import pytest

from engine.bakke import speech
from engine.errors import IllegalAction


def test_every_style_has_every_moment() -> None:
    moments = {"videre", "throw_all", "ones", "pick_up", "out", "lose", "cheers", "fejl"}
    assert set(speech.STYLES) == {"henning", "careful", "bluffer", "reckless", "sharp"}
    for style, lines in speech.LINES.items():
        assert set(lines) == moments, style
        assert all(lines[m] for m in moments)


def test_pick_up_names_the_face() -> None:
    rng = random.Random(3)
    for style in speech.STYLES:
        for _ in range(5):
            text = speech.line(style, "pick_up", rng, face=4)
            assert "firere" in text.lower() and "{" not in text


def test_cheers_name_the_loser() -> None:
    rng = random.Random(1)
    for style in speech.STYLES:
        for _ in range(4):
            text = speech.line(style, "cheers", rng, who="Mette")
            assert "Mette" in text and "{" not in text


def test_face_words() -> None:
    assert speech.face_word(2, 1) == "toer" and speech.face_word(6, 3) == "seksere"
    for bad in (1, 7, "5", None):
        with pytest.raises(IllegalAction):
            speech.face_word(bad)


def test_moment_of_events() -> None:
    assert speech.moment_of({"type": "pick_up", "player": "Kaj", "face": 3}, "Kaj") == ("pick_up", 3)
    assert speech.moment_of({"type": "throw", "player": "Kaj", "mode": "all"}, "Kaj") == (
        "throw_all", None)
    assert speech.moment_of({"type": "throw", "player": "Kaj", "mode": "one"}, "Kaj") is None
    assert speech.moment_of({"type": "game_over", "loser": "Kaj"}, "Kaj") == ("lose", None)
    assert speech.moment_of({"type": "game_over", "loser": "Bo"}, "Kaj") == ("cheers", "Bo")
    assert speech.moment_of({"type": "game_over", "loser": None}, "Kaj") is None
    assert speech.moment_of({"type": "fejl", "player": "Bo", "against": "Kaj"}, "Kaj") == (
        "fejl", None)
    assert speech.moment_of({"type": "videre", "player": "Bo"}, "Kaj") is None
    for bad in (None, {}, {"type": 3}, "videre"):
        with pytest.raises(IllegalAction):
            speech.moment_of(bad, "Kaj")


def test_unknown_style_or_rng_is_refused() -> None:
    with pytest.raises(IllegalAction):
        speech.line("snyd", "videre")
    with pytest.raises(IllegalAction):
        speech.line("sharp", "videre", rng=3)
    assert speech.line("sharp", "nothing") is None
