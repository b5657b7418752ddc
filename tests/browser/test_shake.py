"""Shaking the phone under the app's real headers (issue 16, app/device/senses.py, app/device/shake.py).

The relay serves the page with its own Permissions-Policy; Chromium's sensor emulation (CDP
`Emulation.setSensorOverrideEnabled` / `setSensorOverrideReadings`, Chromium >= 123) stands in
for the phone's accelerometer, which is what `devicemotion`'s accelerationIncludingGravity
reads. The contexts grant the motion sensors as a real Chrome does (devtools.browser
PERMISSIONS), so the app's first tap at a table asks `DeviceMotionEvent.requestPermission()`
and listens. A shake at Snyd rattles the cup: the shake's own buzz (senses.SHAKE_BUZZ) goes to
`navigator.vibrate`, recorded by an init script; at Bakke a shake is a throw (*Kast*), at
Treere a roll, seen on the table. Every page is watched: a console error (the "Permissions policy violation:
accelerometer" that `accelerometer=()` logged) fails the test.
"""
from __future__ import annotations

import pathlib
import sys
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from app.device.senses import SHAKE_BUZZ
from test_bakke import boot_to_table, counts, flick, plant, planted, tray, turn
from test_table_driver import open_app, set_table, tap

# navigator.vibrate records its patterns; window.addEventListener counts devicemotion
# listeners, so the test knows when the app listens (after the permission, asked in a tap).
RECORDER = """
(() => {
  window.__buzz = [];
  Object.defineProperty(navigator, 'vibrate', {configurable: true, value: (pattern) => {
    window.__buzz.push([].concat(pattern).join(',')); return true; }});
  window.__motionListeners = 0;
  const add = window.addEventListener;
  window.addEventListener = function (type, ...rest) {
    if (type === 'devicemotion') window.__motionListeners++;
    return add.call(this, type, ...rest);
  };
})();
"""
BUZZ = ",".join(map(str, SHAKE_BUZZ))
AT_REST = {"x": 0.0, "y": 0.0, "z": 9.81}      # lying still: gravity only
JOLT_MS2 = 25.0                                 # a flick of the wrist (shake.JOLT_MS2 is 12 over 1 g)


class Accelerometer:
    """The page's emulated accelerometer (CDP), at rest until shaken."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Emulation.setSensorOverrideEnabled", {"enabled": True, "type": "accelerometer"})
        self.read(AT_REST)

    def read(self, xyz: dict[str, float]) -> None:
        self.cdp.send("Emulation.setSensorOverrideReadings",
                      {"type": "accelerometer", "reading": {"xyz": xyz}})

    def shake(self, jolts: int = 4) -> None:
        """Left, right, left, right (~0.5 s), then at rest again."""
        for i in range(jolts):
            self.read({"x": JOLT_MS2 if i % 2 == 0 else -JOLT_MS2, "y": 0.0, "z": 9.81})
            self.page.wait_for_timeout(60)
            self.read(AT_REST)
            self.page.wait_for_timeout(60)


def phone(contexts: Any) -> tuple[Any, Accelerometer]:
    context = contexts("phone")
    context.add_init_script(RECORDER)
    page = context.new_page()
    return page, Accelerometer(page)


def assert_motion_allowed(response: Any) -> None:
    """The page came with the relay's own policy, and it lets the page read the sensors."""
    policy = response.headers["permissions-policy"]
    assert "accelerometer=(self)" in policy and "gyroscope=(self)" in policy, policy


def listen(page: Any, somewhere: Any) -> None:
    """The first tap at a table lets the app ask for the sensors; then it listens."""
    tap(page, somewhere)
    page.wait_for_function("window.__motionListeners > 0", timeout=10_000)


def buzzes(page: Any) -> int:
    return page.evaluate("b => window.__buzz.filter(x => x === b).length", BUZZ)


def test_a_shake_at_snyd_rattles_the_cup_once(contexts, server, watches):
    page, sensor = phone(contexts)
    response = page.goto(server)
    assert_motion_allowed(response)
    open_app(page, server)
    set_table(page, dice=2, regulars=1)
    page.wait_for_selector('[data-testid="table-screen"]')
    listen(page, page.get_by_test_id("table").locator(".seat-name").first)
    page.wait_for_timeout(500)
    assert buzzes(page) == 0, "a phone lying still does not rattle"

    sensor.shake()
    page.wait_for_function("b => window.__buzz.includes(b)", arg=BUZZ, timeout=5_000)
    page.wait_for_timeout(1_500)                 # the detector rests after a shake (REST_MS)
    assert buzzes(page) == 1, "one vigorous shake is one rattle"
    sensor.shake()
    page.wait_for_function("b => window.__buzz.filter(x => x === b).length === 2", arg=BUZZ,
                           timeout=5_000)
    assert not [p for w in watches for p in w.problems()], "no console error"


def test_a_shake_at_bakke_throws(contexts, server, watches):
    """Jonas' turn with a 5 in the tray: *Kast* throws one die; a shake does the same (a 4)."""
    page, sensor = phone(contexts)
    plant(page, planted([("Mette", "human"), ("Jonas", "human")], [3, 3, 5, 4, 1, 6],
                        dice_per_player=3))
    response = page.goto(server)
    assert_motion_allowed(response)
    boot_to_table(page, server)
    listen(page, page.get_by_test_id("turn").locator(".turn-line"))
    flick(page)                                  # Mette throws all three: the 3s up, the 5 stays
    page.wait_for_function("document.querySelector('[data-testid=turn] .turn-line')"
                           ".textContent === \"Jonas' tur\"")
    assert tray(page) == [5] and counts(page)["Jonas"] == 3
    page.wait_for_timeout(600)                   # the tumble (ROLL_MS) before the next throw

    sensor.shake()
    page.wait_for_function("document.querySelectorAll('[data-testid=tray-die]').length === 2",
                           timeout=5_000)
    assert tray(page) == [4, 5] and counts(page)["Jonas"] == 2, "the shake threw one die"
    assert turn(page) == "Jonas' tur", "a new face stays: still his turn"
    assert not [p for w in watches for p in w.problems()], "no console error"


def test_the_watched_contexts_let_the_app_listen_for_a_shake_as_a_real_phone(contexts, server):
    """A real Chrome grants the motion sensors without asking; the test contexts too, so the
    app does at a table what it does on a phone (before: "denied", and it never listened)."""
    for kind in ("phone", "desktop"):
        page = contexts(kind).new_page()
        open_app(page, server)
        assert page.evaluate("DeviceMotionEvent.requestPermission()") == "granted", kind
        state = page.evaluate("navigator.permissions.query({name: 'accelerometer'})"
                              ".then(s => s.state)")
        assert state == "granted", kind



def test_a_shake_at_treere_rolls(contexts, server, watches):
    """My turn at Treere, nothing rolled yet: a shake rolls the five dice (*Kast*)."""
    page, sensor = phone(contexts)
    response = page.goto(server)
    assert_motion_allowed(response)
    open_app(page, server)
    tap(page, page.get_by_test_id("game-treere"))
    page.wait_for_selector('[data-testid="setup"][data-game="treere"]')
    tap(page, page.get_by_test_id("start-table"))
    roll = 'button[data-action="roll"]'
    page.wait_for_function(f"(() => {{ const b = document.querySelector('{roll}');"
                           " return b && !b.disabled; })()", timeout=60_000)
    assert page.locator('[data-testid="rolled-die"]').count() == 0
    listen(page, page.get_by_test_id("turn-line"))

    sensor.shake()
    page.wait_for_function("document.querySelectorAll('[data-testid=rolled-die]').length === 5",
                           timeout=5_000)
    assert not [p for w in watches for p in w.problems()], "no console error"
