"""app/device/sound.py and app/device/haptics.py in CPython with a fake `js`: every sound is a short, quiet
recipe; `cue` plays only with *Lyd* on (and buzzes only with *Vibration* on); a browser without
Web Audio or vibration stays quiet; the clock's beep goes through the same module."""
from __future__ import annotations

import importlib
from unittest import mock

import pytest
from app.home.player_settings import clean_settings
from fake_browser import install_fake_browser


@pytest.fixture
def fake_js(monkeypatch):
    js = mock.MagicMock(name="js")
    js.AudioContext.new.return_value.state = "running"
    js.AudioContext.new.return_value.currentTime = 0.0
    js.AudioContext.new.return_value.sampleRate = 8000
    install_fake_browser(monkeypatch, js)
    from app.device import sound
    monkeypatch.setattr(sound, "_audio", {"ctx": None, "noise": None})
    return js


def test_the_table_sounds_the_brief_names_exist_and_are_short_and_quiet():
    from app.device import sound
    assert {"shake", "slam", "call", "reveal", "beep"} <= sound.NAMES
    for name in sound.NAMES:
        assert 0.05 <= sound.length_of(name) <= 1.2, name
        assert all(0 < part.gain <= 0.5 for part in sound.RECIPES[name]), name
    assert sound.length_of("reveal") > sound.length_of("slam")  # a chord rings, a slam thuds


def test_an_unknown_sound_is_a_bug():
    from app.device import sound
    with pytest.raises(ValueError, match="unknown sound"):
        sound.play("fanfare")


def test_cue_plays_only_with_lyd_on(fake_js):
    from app.device import sound
    assert sound.cue("slam", clean_settings({"sound": False})) is False
    assert fake_js.AudioContext.new.call_count == 0
    assert sound.cue("slam", clean_settings({"sound": True})) is True
    ctx = fake_js.AudioContext.new.return_value
    assert fake_js.AudioContext.new.call_count == 1
    assert ctx.createOscillator.call_count == 1 and ctx.createBufferSource.call_count == 1
    sound.cue("shake", clean_settings({}))  # Lyd is on by default; one context for the app
    assert fake_js.AudioContext.new.call_count == 1
    assert ctx.createBufferSource.call_count == 1 + len(sound.RECIPES["shake"])


def test_a_blocked_context_is_resumed_and_a_browser_without_audio_stays_quiet(fake_js, monkeypatch):
    from app.device import sound
    fake_js.AudioContext.new.return_value.state = "suspended"
    assert sound.play("call")
    fake_js.AudioContext.new.return_value.resume.assert_called_once()
    monkeypatch.setattr(sound, "_audio", {"ctx": None, "noise": None})
    del fake_js.AudioContext
    fake_js.webkitAudioContext = None
    assert sound.play("call") is False


def test_noise_is_in_range_and_the_same_every_time():
    from app.device import sound
    a = sound.noise_samples(500)
    assert a == sound.noise_samples(500) and all(-1.0 <= x < 1.0 for x in a)
    assert min(a) < -0.8 and max(a) > 0.8  # spread over the range, not a constant


def test_the_clocks_beep_and_buzz_go_through_sound_and_haptics(fake_js, monkeypatch):
    from app.device import clock_feedback, haptics, sound
    importlib.reload(clock_feedback)
    played, buzzed = [], []
    monkeypatch.setattr(sound, "play", lambda name: played.append(name) or True)
    monkeypatch.setattr(haptics, "buzz", lambda p: buzzed.append(p) or True)
    assert clock_feedback.beep() and clock_feedback.vibrate()
    assert played == ["beep"] and buzzed == [[clock_feedback.BUZZ_MS]]


def test_haptics_buzz_only_with_vibration_on_and_only_where_the_phone_can(fake_js):
    from app.device import haptics
    fake_js.navigator.vibrate.return_value = True
    assert haptics.cue([40], clean_settings({"vibration": False})) is False
    fake_js.navigator.vibrate.assert_not_called()
    assert haptics.cue([120, 80, 240], clean_settings({"vibration": True})) is True
    fake_js.navigator.vibrate.assert_called_once_with([120, 80, 240])
    assert haptics.tick() is True
    del fake_js.navigator.vibrate  # desktop, iOS Safari
    assert haptics.tick() is False


def test_a_bad_vibration_pattern_is_a_bug():
    from app.device import haptics
    for bad in ([], [-5], [40.5]):
        with pytest.raises(ValueError, match="vibration pattern"):
            haptics.buzz(bad)
