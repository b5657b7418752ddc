"""Browser fixtures: the app server, Chromium, phone and desktop pages, touch swipes.

Every page made through these fixtures is watched: the test fails (at teardown) if a page logs
a JS error or a Python traceback, or requests any URL outside the test server's origin.
"A JS error" is every console message of level error, the browser's own included (Playwright
passes on the DevTools Log domain: a Permissions-Policy or CSP violation, a failed load),
uncaught exceptions and rejections of the page and its workers (the service worker's console
reaches the page's too). Chromium logs most of
these only when the app really does the thing, so the contexts are a real phone's: the
permissions a real Chrome grants without asking (devtools.browser.PERMISSIONS: the motion
sensors, so the app listens for a shake as it does on a phone; issue 16's "Permissions policy
violation: accelerometer" passed every test because the test phones never let it listen).

Filtered on purpose, by the tests that cause them (Watch.allowed_errors), and nothing else:
- test_csp.py: "Executing inline script violates" (an inline script is planted: the point);
- test_peer_transport.py, test_peer_games.py: "WebSocket connection to" (the relay is stopped
  on purpose; Chromium logs the failed reconnects).
Not seen by the watch: messages of a dedicated worker's own network stack (Playwright drops
Log entries whose source is "worker"); its console.error and uncaught errors are seen.

    def test_something(phone_page, server, swipe, screenshot):
        phone_page.goto(server)
        wait_for_app(phone_page)
        swipe(phone_page, 200, 700, 200, 300)
        screenshot(phone_page, "something")        # -> test-artifacts/something.png

Contexts of your own: `contexts("phone" | "desktop", **options)` returns a new watched context
(`snapshot=True`: let the app make its Pyodide snapshot, off by default, see bt.NO_SNAPSHOT).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from devtools import browser as bt

ARTIFACTS = bt.ROOT / "test-artifacts"


@pytest.fixture(scope="session")
def app_server() -> Iterator[bt.Server]:
    """The app served on a free port for the whole session."""
    if not (bt.ROOT / "web" / "vendor" / "pyodide.mjs").is_file():
        pytest.fail("web/vendor/ is missing: run `make setup` (or `make test`)")
    with bt.serve() as server:
        yield server


@pytest.fixture(scope="session")
def server(app_server: bt.Server) -> str:
    """Base URL of the test server, ending with '/'."""
    return app_server.url


@pytest.fixture(scope="session")
def pw() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(pw: Any) -> Iterator[Any]:
    chromium = bt.launch(pw)
    yield chromium
    chromium.close()


def check_watches(watches: list[bt.Watch]) -> None:
    problems = [p for w in watches for p in w.problems()]
    assert not problems, "browser problems:\n" + "\n".join(problems)


@pytest.fixture
def watches() -> Iterator[list[bt.Watch]]:
    """Watches registered by a test; all are checked when it ends."""
    found: list[bt.Watch] = []
    yield found
    check_watches(found)


@pytest.fixture
def contexts(browser: Any, pw: Any, app_server: bt.Server,
             watches: list[bt.Watch]) -> Iterator[Callable[..., Any]]:
    """Factory of watched contexts: contexts("phone") or contexts("desktop", **options)."""
    made: list[Any] = []

    def make(kind: str = "phone", snapshot: bool = False, **options: Any) -> Any:
        # snapshot=False: the app makes no Pyodide snapshot in a worker (CPU every test would
        # pay); tests/browser/test_snapshot.py turns it on.
        if kind == "phone":
            context = bt.phone_context(browser, pw, **options)
        elif kind == "desktop":
            context = bt.desktop_context(browser, **options)
        else:
            raise ValueError(f"unknown context kind {kind!r}")
        if not snapshot:
            context.add_init_script(bt.NO_SNAPSHOT)
        watches.append(bt.watch(context, app_server.origin))
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()


@pytest.fixture
def phone_page(contexts: Callable[..., Any]) -> Any:
    """A page in a fresh Pixel 7 context (touch, mobile)."""
    return contexts("phone").new_page()


@pytest.fixture
def desktop_page(contexts: Callable[..., Any]) -> Any:
    """A page in a fresh desktop context (1280×800, mouse)."""
    return contexts("desktop").new_page()


@pytest.fixture
def swipe() -> Callable[..., None]:
    """swipe(page, x0, y0, x1, y1, steps=10): a real touch swipe through CDP."""
    return bt.swipe


@pytest.fixture
def screenshot(request: pytest.FixtureRequest) -> Callable[..., str]:
    """screenshot(page, name) saves test-artifacts/<name>.png and returns its path."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(page: Any, name: str | None = None, **options: Any) -> str:
        stem = re.sub(r"[^\w.-]+", "_", name or request.node.name)
        path = ARTIFACTS / f"{stem}.png"
        page.screenshot(path=str(path), **options)
        return str(path)

    return take
