"""The boot's resume step (screens.on_resume / screens.resume), in CPython without a DOM."""
import pytest
from app.shell import screens


@pytest.fixture(autouse=True)
def clean_router():
    screens.reset()
    yield
    screens.reset()


def _screens(*names):
    for name in names:
        screens.register(name, lambda root, **kw: None)


def test_a_resume_step_leaves_the_start_screen_and_later_steps_do_not_run():
    _screens(screens.START, "bordet", "regler")
    ran = []
    screens.on_resume(lambda: ran.append("table") or screens.show("bordet"))
    screens.on_resume(lambda: ran.append("late") or screens.show("regler"))
    screens.show(screens.START)
    assert screens.resume() == "bordet"
    assert ran == ["table"] and screens.current() == "bordet"


def test_no_resume_once_the_player_is_elsewhere_and_none_when_nothing_to_resume():
    _screens(screens.START, "bordet", "regler")
    ran = []
    screens.on_resume(lambda: ran.append("table"))  # nothing stored: stays on the start screen
    screens.show(screens.START)
    assert screens.resume() is None and ran == ["table"]
    screens.show("regler")  # e.g. opened by a URL hash before the rest had loaded
    assert screens.resume() == "regler" and ran == ["table"]


def test_a_resume_step_must_be_callable():
    with pytest.raises(TypeError):
        screens.on_resume("bordet")
