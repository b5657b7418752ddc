"""Browser tooling shared by the tests and the benchmarks.

    from playwright.sync_api import sync_playwright
    from devtools import browser as bt

    with bt.serve() as server, sync_playwright() as p:
        chromium = bt.launch(p)
        context = bt.phone_context(chromium)
        page = context.new_page()
        page.goto(server.url)
        bt.wait_for_app(page)                      # the start screen is interactive
        bt.swipe(page, 200, 600, 200, 300)         # a real touch swipe (CDP touch events)

        py = bt.pyodide_page(chromium, server.url) # a page with Pyodide + the engine loaded
        bt.run_in_pyodide(py, "from engine.snyd import Rules; Rules().to_dict()")  # -> dict

`serve()` runs the relay app (the real site plus dev-only pages under /__dev__/) on a free port
in a background thread; `server.stop()` stops it mid-test (offline checks need a dead server:
`context.set_offline` does not cover the service worker's own fetches).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import socket
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PAGES = Path(__file__).resolve().parent / "pages"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # WebRTC between pages on a loopback-only machine (see docs/browser-notes.md).
    "--allow-loopback-in-peer-connection",
]
PHONE = "Pixel 7"
# What a real Chrome grants a page without asking: the motion sensors (Chrome's "Motion
# sensors" setting is on by default, so DeviceMotionEvent.requestPermission() says granted),
# plus the microphone loopback WebRTC needs (docs/browser-notes.md). Without the sensors a test
# context is a phone that never lets the app listen for a shake, so it never sees what the app
# does (or logs) when it does: the Permissions-Policy violation of issue 16 passed every test.
PERMISSIONS = ["microphone", "accelerometer", "gyroscope"]
# A Danish phone: the app speaks Danish to it (app/lang). English tests pass locale="en-GB".
LOCALE = "da-DK"
DESKTOP_VIEWPORT = {"width": 1280, "height": 800}


# -- the server -------------------------------------------------------------------------------

@dataclass
class Server:
    """A running relay app. `url` ends with '/'."""

    host: str
    port: int
    _loop: asyncio.AbstractEventLoop = field(repr=False)
    _runner: Any = field(repr=False)
    _thread: threading.Thread = field(repr=False)
    stopped: bool = False

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/"

    @property
    def origin(self) -> str:
        return f"http://{self.host}:{self.port}"

    def sent(self) -> list[tuple[str, int, int]]:
        """(path, status, body bytes) of every response sent so far (network traffic)."""
        from relay.server import SENT_KEY

        return list(self._runner.app[SENT_KEY])

    def stop(self) -> None:
        """Stop serving (idempotent): connections are refused afterwards."""
        if self.stopped:
            return
        self.stopped = True
        future = asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop)
        future.result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def start_server(host: str = "127.0.0.1", port: int = 0, site: Any = None) -> Server:
    """Start the relay app (plus /__dev__/ pages) in a thread; returns once it accepts."""
    from aiohttp import web

    from relay.server import create_app

    port = port or free_port(host)
    loop = asyncio.new_event_loop()
    # dev=True: tests edit files under the tree and expect the next request to see them.
    app = create_app(site, extra_dirs={"__dev__/": PAGES}, dev=True)
    runner = web.AppRunner(app, access_log=None)
    ready = threading.Event()
    failure: list[Exception] = []

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(runner.setup())
            loop.run_until_complete(web.TCPSite(runner, host, port).start())
        except Exception as exc:  # noqa: BLE001  (re-raised in the caller's thread)
            failure.append(exc)
            ready.set()
            return
        ready.set()
        loop.run_forever()
        loop.close()

    thread = threading.Thread(target=run, name=f"relay:{port}", daemon=True)
    thread.start()
    ready.wait(timeout=30)
    if failure:
        raise failure[0]
    return Server(host, port, loop, runner, thread)


@contextlib.contextmanager
def serve(host: str = "127.0.0.1", port: int = 0) -> Iterator[Server]:
    """The app served on a free port for the duration of the block."""
    server = start_server(host, port)
    try:
        yield server
    finally:
        server.stop()


# -- the browser ------------------------------------------------------------------------------

def chromium_path() -> str | None:
    """Debian's chromium when present (Playwright cannot download browsers here)."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def launch_options(headless: bool = True, extra_args: tuple[str, ...] = ()) -> dict[str, Any]:
    options: dict[str, Any] = {"headless": headless, "args": CHROMIUM_ARGS + list(extra_args)}
    path = chromium_path()
    if path:
        options["executable_path"] = path
    return options


def launch(playwright: Any, headless: bool = True, extra_args: tuple[str, ...] = ()) -> Any:
    """Chromium: /usr/bin/chromium with the project's flags, else Playwright's own build."""
    return playwright.chromium.launch(**launch_options(headless, extra_args))


def phone_options(playwright: Any, **overrides: Any) -> dict[str, Any]:
    """Pixel 7 (touch, mobile) context options, with a real phone's PERMISSIONS."""
    options = dict(playwright.devices[PHONE])
    options.pop("default_browser_type", None)
    options.setdefault("permissions", list(PERMISSIONS))
    options.setdefault("locale", LOCALE)
    options.update(overrides)
    return options


def desktop_options(**overrides: Any) -> dict[str, Any]:
    options: dict[str, Any] = {"viewport": DESKTOP_VIEWPORT, "permissions": list(PERMISSIONS),
                               "locale": LOCALE}
    options.update(overrides)
    return options


def _playwright_of(browser: Any) -> Any:
    # Browser -> BrowserType -> Playwright (which has .devices), through the sync API's impl.
    impl = getattr(browser.browser_type, "_impl_obj", None)
    return getattr(impl, "_playwright", None)


def phone_context(browser: Any, playwright: Any = None, **overrides: Any) -> Any:
    """A new Pixel 7 context (touch events, 412×915 CSS px, mobile user agent)."""
    pw = playwright or _playwright_of(browser)
    if pw is None:
        raise ValueError("pass playwright= to phone_context")
    return browser.new_context(**phone_options(pw, **overrides))


def desktop_context(browser: Any, **overrides: Any) -> Any:
    """A new desktop context (1280×800, mouse)."""
    return browser.new_context(**desktop_options(**overrides))


def launch_persistent(playwright: Any, user_data_dir: str | Path, phone: bool = True,
                      **overrides: Any) -> Any:
    """A persistent (non-incognito) context: needed for installability checks."""
    options = phone_options(playwright, **overrides) if phone else desktop_options(**overrides)
    return playwright.chromium.launch_persistent_context(
        str(user_data_dir), **launch_options(), **options)


# -- gestures ---------------------------------------------------------------------------------

def swipe(page: Any, x0: float, y0: float, x1: float, y1: float, steps: int = 10,
          step_delay_ms: float = 16) -> None:
    """A real one-finger swipe from (x0, y0) to (x1, y1) through CDP Input.dispatchTouchEvent.

    Yields touchstart/move/end and pointer events with pointerType "touch" (the target needs
    CSS `touch-action: none`, else Chromium scrolls and cancels the pointer after one move).
    """
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0, "id": 1}]})
        steps = max(1, steps)
        for i in range(1, steps + 1):
            x = x0 + (x1 - x0) * i / steps
            y = y0 + (y1 - y0) * i / steps
            cdp.send("Input.dispatchTouchEvent",
                     {"type": "touchMove", "touchPoints": [{"x": x, "y": y, "id": 1}]})
            if step_delay_ms:
                page.wait_for_timeout(step_delay_ms)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


# -- watching a page --------------------------------------------------------------------------

@dataclass
class Watch:
    """What went wrong on pages of a context: JS errors, Python tracebacks, foreign requests."""

    origin: str
    errors: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    allowed_errors: list[str] = field(default_factory=list)

    def problems(self) -> list[str]:
        errors = [e for e in self.errors if not any(a in e for a in self.allowed_errors)]
        return [f"page error: {e}" for e in errors] + [f"outside request: {u}" for u in self.foreign]

    def on_request(self, request: Any) -> None:
        url = request.url
        if url.startswith(("data:", "blob:")):
            return
        self.requests.append(url)
        if not (url == self.origin or url.startswith(self.origin + "/")):
            self.foreign.append(url)

    def on_console(self, message: Any) -> None:
        text = message.text
        if message.type == "error" or "Traceback (most recent call last)" in text:
            self.errors.append(f"console.{message.type}: {text}")

    def on_pageerror(self, error: Any) -> None:
        self.errors.append(f"uncaught: {error}")

    def attach_page(self, page: Any) -> None:
        page.on("console", self.on_console)
        page.on("pageerror", self.on_pageerror)


def watch(context: Any, origin: str) -> Watch:
    """Record errors and requests of every page (and service worker) of `context`."""
    w = Watch(origin.rstrip("/"))
    context.on("request", w.on_request)
    for page in context.pages:
        w.attach_page(page)
    context.on("page", w.attach_page)
    return w


# -- the app ----------------------------------------------------------------------------------

READY = "html[data-ready='true'] [data-testid='start']"
# An init script that stops the app from making a Pyodide memory snapshot in a Web Worker
# (web/boot/bodega-pyodide.mjs): tests that do not test it save that CPU.
NO_SNAPSHOT = "globalThis.__bodegaNoSnapshot = true;"


def wait_for_app(page: Any, timeout_ms: float = 90_000) -> None:
    """Wait until Python has replaced the splash with the start screen."""
    page.wait_for_selector(READY, timeout=timeout_ms)


def wait_for_service_worker(page: Any, timeout_ms: float = 60_000) -> str:
    """Wait until a service worker controls the page and has its precache; returns its cache."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller",
                           timeout=timeout_ms)
    return page.evaluate("""async () => {
        const reg = await navigator.serviceWorker.ready;
        const keys = await caches.keys();
        return keys.find(k => k.startsWith('bodegabordet-')) || '';
    }""")


# -- Python inside the page -------------------------------------------------------------------

class PyodideError(RuntimeError):
    """Python code run inside Pyodide raised; the message holds the Python traceback."""


def pyodide_page(browser_or_context: Any, base_url: str, timeout_ms: float = 120_000) -> Any:
    """A new page with the self-hosted Pyodide loaded and the engine importable."""
    page = browser_or_context.new_page()
    page.goto(base_url.rstrip("/") + "/__dev__/pyodide.html")
    page.wait_for_function("window.__pyodideReady === true || !!window.__pyodideError",
                           timeout=timeout_ms)
    error = page.evaluate("window.__pyodideError || null")
    if error:
        raise PyodideError(error)
    return page


_RUNNER = """
import json
from pyodide.code import eval_code_async
__bodega_ns = globals().setdefault("__bodega_ns", {"__name__": "__bodega__"})
json.dumps(await eval_code_async(__bodega_code, globals=__bodega_ns))
"""


def run_in_pyodide(page: Any, code: str) -> Any:
    """Run `code` in the page's Pyodide; return its last expression, as JSON-decoded data.

    Names defined by one call stay visible to the next on the same page (one namespace per
    page), so a bench can set up once and time many calls (`time.perf_counter()` inside).
    Top-level `await` is allowed. A Python exception raises PyodideError with the traceback.
    """
    try:
        out = page.evaluate(
            """async ([code, runner]) => {
                const py = window.__pyodide;
                if (!py) throw new Error('no Pyodide on this page: use pyodide_page()');
                py.globals.set('__bodega_code', code);
                try { return await py.runPythonAsync(runner); }
                catch (e) { return {__error__: String(e && e.message || e)}; }
            }""",
            [code, _RUNNER],
        )
    except Exception as exc:  # playwright.Error: the JS side failed
        raise PyodideError(str(exc)) from exc
    if isinstance(out, dict) and "__error__" in out:
        raise PyodideError(out["__error__"])
    return json.loads(out)


def write_files(page: Any, files: dict[str, str]) -> None:
    """Write text files into the page's Pyodide file system (paths relative to its cwd)."""
    page.evaluate(
        """(files) => {
            const py = window.__pyodide;
            for (const [path, text] of Object.entries(files)) {
                const dir = path.split('/').slice(0, -1).join('/');
                if (dir) py.FS.mkdirTree(dir);
                py.FS.writeFile(path, text);
            }
        }""",
        files,
    )
