"""app/device/wake_lock.py with a fake navigator: the lock is asked for at a table, asked again when
the tab comes back, released when leaving the table (also when the grant arrives after
leaving), and a browser without the API or one that refuses leaves the table playing."""
from __future__ import annotations

from types import SimpleNamespace

from app.device.wake_lock import TABLE_SCREENS, WakeLock


class Sentinel:
    def __init__(self) -> None:
        self.released = False

    def release(self) -> None:
        self.released = True


class FakeWakeLock:
    def __init__(self, refuse: bool = False, throw: bool = False) -> None:
        self.requests: list[str] = []
        self.pending: list = []   # (on_ok, on_fail) waiting for the browser's answer
        self.refuse, self.throw = refuse, throw
        self.sentinels: list[Sentinel] = []

    def request(self, kind: str):
        if self.throw:
            raise RuntimeError("NotAllowedError")
        self.requests.append(kind)
        return len(self.requests)  # the "promise"

    def answer(self) -> None:
        ok, fail = self.pending.pop(0)
        if self.refuse:
            fail("NotAllowedError")
        else:
            self.sentinels.append(Sentinel())
            ok(self.sentinels[-1])


def lock_with(fake: FakeWakeLock | None) -> WakeLock:
    nav = SimpleNamespace(wakeLock=fake) if fake else SimpleNamespace()
    return WakeLock(nav, lambda promise, ok, fail: fake.pending.append((ok, fail)))


def test_the_table_screens_are_the_three_games():
    assert TABLE_SCREENS == {"bordet", "bakke-bordet", "treere-bordet"}


def test_held_at_a_table_and_released_after():
    fake = FakeWakeLock()
    lock = lock_with(fake)
    assert lock.state == "off"
    lock.want(True)
    assert fake.requests == ["screen"] and lock.state == "asking"
    lock.want(True)             # a redraw of the table does not ask twice
    assert fake.requests == ["screen"]
    fake.answer()
    assert lock.state == "held"
    lock.want(False)
    assert lock.state == "off" and fake.sentinels[0].released


def test_asked_again_when_the_tab_comes_back():
    fake = FakeWakeLock()
    lock = lock_with(fake)
    lock.want(True)
    fake.answer()
    fake.sentinels[0].released = True   # the browser drops the lock in a hidden tab
    lock.visible(False)
    assert lock.state == "lost"
    lock.visible(True)
    assert fake.requests == ["screen", "screen"]
    fake.answer()
    assert lock.state == "held"


def test_not_asked_when_the_tab_comes_back_away_from_the_table():
    fake = FakeWakeLock()
    lock = lock_with(fake)
    lock.want(True)
    fake.answer()
    lock.want(False)
    lock.visible(False)
    lock.visible(True)
    assert fake.requests == ["screen"] and lock.state == "off"


def test_a_grant_after_leaving_the_table_is_released_at_once():
    fake = FakeWakeLock()
    lock = lock_with(fake)
    lock.want(True)
    lock.want(False)      # left before the browser answered
    fake.answer()
    assert fake.sentinels[0].released and lock.state == "off"


def test_refused_or_missing_leaves_the_table_playing():
    refusing = FakeWakeLock(refuse=True)
    lock = lock_with(refusing)
    lock.want(True)
    refusing.answer()
    assert lock.state == "refused"
    lock.want(False)
    assert lock.state == "off"
    throwing = lock_with(FakeWakeLock(throw=True))
    throwing.want(True)
    assert throwing.state == "refused"
    missing = lock_with(None)
    missing.want(True)
    missing.visible(True)
    missing.want(False)
    assert missing.state == "unsupported"
