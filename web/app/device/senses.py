"""The shell's senses (thin browser glue, installed once by main.py): the keyboard listener,
the screen kept awake at a table, and shaking the phone.

The decisions are pure and tested in CPython: app/device/keyboard.py (key maps), app/device/wake_lock.py
(the lock's states), app/device/shake.py (the detector). Which screen is on show is read from the
router (`screens.current()`); a change of screen is seen as the `data-screen` attribute that
the router sets on its root (a MutationObserver), so no screen has to remember the lock.
"""
from __future__ import annotations

from typing import Any

from app.device import haptics, keyboard, sound
from app.device.shake import ShakeDetector
from app.device.wake_lock import TABLE_SCREENS, WakeLock
from app.home.player_settings import read_settings
from app.saves.local_store import store
from app.shell import screens
from app.shell.dom_util import present

SHAKE_BUZZ = [30, 40, 30]
_keep: list[Any] = []   # proxies that must live as long as the page
_state: dict[str, Any] = {"lock": None, "shake": None, "motion": "off", "held": None}


def _proxy(fn: Any) -> Any:
    from pyodide.ffi import create_proxy
    p = create_proxy(fn)
    _keep.append(p)
    return p


def install(js: Any) -> None:
    """Listen once for the page's lifetime."""
    doc = js.document
    doc.addEventListener("keydown", _proxy(lambda ev: on_key(js, ev)))
    doc.addEventListener("keyup", _proxy(lambda ev: on_key(js, ev)))
    _install_wake_lock(js)
    _install_shake(js)


# ---------- keyboard ----------
def on_key(js: Any, ev: Any) -> None:
    target = ev.target
    tag = str(getattr(target, "tagName", "") or "")
    editable = bool(getattr(target, "isContentEditable", False))
    modifier = bool(ev.ctrlKey or ev.altKey or ev.metaKey)
    intent = keyboard.intent_for(screens.current(), str(ev.key), tag=tag, editable=editable,
                                 modifier=modifier)
    if intent is None:
        return
    part = keyboard.fires(intent, str(ev.type), bool(ev.repeat))
    ev.preventDefault()  # Space must not scroll the page, arrows must not move it
    if part is not None:
        do(js, intent, part)


def do(js: Any, intent: keyboard.Intent, part: str) -> bool:
    """Carry out an intent on the screen on show; False when its element is not there/enabled."""
    doc = js.document
    if isinstance(intent, keyboard.Hold):
        if part == "up":
            if _state["held"] is not None:
                _state["held"] = None
                js.window.dispatchEvent(js.PointerEvent.new("pointerup", _opts(js)))
            return True
        el = doc.querySelector(intent.selector)
        if not present(el) or el.disabled:
            return False
        _state["held"] = intent.selector
        el.dispatchEvent(js.PointerEvent.new("pointerdown", _opts(js)))
        return True
    if isinstance(intent, keyboard.Step):
        el = doc.querySelector(intent.selector)
        if not present(el) or el.disabled:
            return False
        el.selectedIndex = keyboard.stepped(int(el.selectedIndex), int(el.options.length), intent.delta)
        el.dispatchEvent(js.Event.new("change", _opts(js)))
        return True
    for selector in intent.selectors:
        el = doc.querySelector(selector)
        if present(el) and not el.disabled:
            el.click()
            return True
    return False


def _opts(js: Any) -> Any:
    return _obj(js, {"bubbles": True, "cancelable": True})


def _obj(js: Any, d: dict) -> Any:
    """A plain JS object from a dict (lists become arrays)."""
    from pyodide.ffi import to_js
    return to_js(d, dict_converter=js.Object.fromEntries)


# ---------- the screen kept awake ----------
def _then(promise: Any, ok: Any, fail: Any) -> None:
    from pyodide.ffi import create_once_callable
    promise.then(create_once_callable(ok), create_once_callable(fail))


def _install_wake_lock(js: Any) -> None:
    lock = _state["lock"] = WakeLock(js.navigator, _then)
    root = js.document.getElementById("screen")

    def screen_changed(*_a: Any) -> None:
        lock.want(screens.current() in TABLE_SCREENS)

    def visibility(*_a: Any) -> None:
        lock.visible(js.document.visibilityState == "visible")

    if present(root):
        observer = js.MutationObserver.new(_proxy(screen_changed))
        observer.observe(root, _obj(js, {"attributes": True, "attributeFilter": ["data-screen"]}))
        _keep.append(observer)
    js.document.addEventListener("visibilitychange", _proxy(visibility))
    screen_changed()


def wake_lock_state() -> str:
    lock = _state["lock"]
    return lock.state if lock is not None else "off"


# ---------- shaking the phone ----------
def _install_shake(js: Any) -> None:
    """devicemotion where it exists. iOS asks the player first, and only inside a tap: the
    first tap on a table screen asks (once); elsewhere the events simply flow."""
    if not hasattr(js, "DeviceMotionEvent"):
        return
    _state["shake"] = ShakeDetector()
    needs_permission = hasattr(js.DeviceMotionEvent, "requestPermission")
    if needs_permission:
        js.document.addEventListener("click", _proxy(lambda *_a: _ask_motion(js)))
    else:
        _listen_motion(js)


def _ask_motion(js: Any) -> None:
    if _state["motion"] != "off" or screens.current() not in TABLE_SCREENS:
        return
    _state["motion"] = "asking"

    def answered(result: Any) -> None:
        _state["motion"] = "granted" if str(result) == "granted" else "denied"
        if _state["motion"] == "granted":
            _listen_motion(js)

    _then(js.DeviceMotionEvent.requestPermission(), answered,
          lambda *_a: _state.update(motion="denied"))


def _listen_motion(js: Any) -> None:
    js.window.addEventListener("devicemotion", _proxy(lambda ev: on_motion(js, ev)))


def on_motion(js: Any, ev: Any) -> None:
    screen = screens.current()
    if screen not in TABLE_SCREENS:
        return
    acc = ev.accelerationIncludingGravity
    if not present(acc) or not _state["shake"].feed(_num(acc.x), _num(acc.y), _num(acc.z),
                                                    float(js.performance.now())):
        return
    intent = keyboard.SHAKE.get(screen)
    if intent is not None and do(js, intent, "press"):
        return  # the throw itself rattles (the table screen's sound)
    settings = read_settings(store)
    sound.cue("shake", settings)
    haptics.cue(SHAKE_BUZZ, settings)


def _num(v: Any) -> float | None:
    return float(v) if isinstance(v, (int, float)) else None
