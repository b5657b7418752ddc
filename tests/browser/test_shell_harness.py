"""The harness itself: real touch swipes, the error/request watch, Python in Pyodide."""

from __future__ import annotations

import pytest

from devtools import browser as bt

TOUCH_PAGE = """<!doctype html><meta name=viewport content="width=device-width">
<div id=pad style="position:fixed;inset:0;touch-action:none"></div>
<script>
  window.seen = [];
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'pointercancel'])
    pad.addEventListener(type, e => seen.push([e.type, e.pointerType, e.clientX, e.clientY]));
</script>"""


def test_swipe_is_a_real_touch_gesture(phone_page, server, swipe):
    phone_page.goto(server + "__dev__/blank.html")  # same origin; content replaced below
    phone_page.set_content(TOUCH_PAGE)
    swipe(phone_page, 200, 600, 210, 300, steps=6)
    seen = phone_page.evaluate("seen")
    kinds = [s[0] for s in seen]
    assert kinds[0] == "pointerdown" and kinds[-1] == "pointerup", kinds
    assert "pointercancel" not in kinds
    assert {s[1] for s in seen} == {"touch"}
    assert seen[0][2:] == [200, 600] and seen[-1][2:] == [210, 300]
    assert kinds.count("pointermove") >= 5


def test_watch_catches_errors_tracebacks_and_outside_requests(browser, app_server):
    context = browser.new_context(locale=bt.LOCALE)
    watch = bt.watch(context, app_server.origin)
    try:
        page = context.new_page()
        page.route("http://outside.invalid/**", lambda route: route.abort())
        page.goto(app_server.url + "__dev__/blank.html")
        page.evaluate("console.error('boom')")
        page.evaluate("console.log('Traceback (most recent call last):\\n  ValueError')")
        page.evaluate("setTimeout(() => { throw new Error('uncaught one') }, 0)")
        page.evaluate("fetch('http://outside.invalid/x').catch(() => {})")
        page.wait_for_timeout(300)
    finally:
        context.close()
    problems = "\n".join(watch.problems())
    assert "boom" in problems
    assert "Traceback" in problems
    assert "uncaught one" in problems
    assert "outside request: http://outside.invalid/x" in problems


def test_run_in_pyodide_returns_json_keeps_names_and_raises(browser, app_server, watches):
    context = browser.new_context(locale=bt.LOCALE)
    watches.append(bt.watch(context, app_server.origin))
    try:
        page = bt.pyodide_page(context, app_server.url)
        assert bt.run_in_pyodide(page, "import sys\nsys.version_info[:2]") == [3, 14]
        bt.run_in_pyodide(page, "total = sum(range(10))")
        assert bt.run_in_pyodide(page, "{'total': total, 'none': None}") == \
            {"total": 45, "none": None}
        assert bt.run_in_pyodide(page, "import engine, app.shell.screens\n'ok'") == "ok"
        with pytest.raises(bt.PyodideError, match="ZeroDivisionError"):
            bt.run_in_pyodide(page, "1 / 0")
    finally:
        context.close()
