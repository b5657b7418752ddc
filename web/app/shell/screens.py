"""The screen router: screens register by name, `show(name)` renders one into the page.

    from app.shell import screens

    def render_tavlen(root, **kw):          # root: the <main id="screen"> element, emptied
        root.append(screens.el("h2", t("shell.title.tally")))

    screens.register("tavlen", render_tavlen)
    screens.show("tavlen")

Showing a name nobody has registered (yet) renders a visible "not ready yet" screen with a way
back: never a crash. The router itself is plain Python; the DOM is reached only through the
`document` handed to `mount()` (Pyodide's `js.document` in the browser, a fake in CPython tests).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any
from urllib.parse import unquote

from app.lang import t

Render = Callable[..., None]

START = "start"
UNAVAILABLE = "ikke-klar"

# Titles (catalogue keys) of screens that other modules register; used by the "not available"
# screen. The screen names are identifiers (URL hashes), the titles are texts.
KNOWN_TITLES = {
    "dæk bordet": "shell.title.setup",  # not text
    "bordet": "shell.title.table",
    "tavlen": "shell.title.tally",
    "indstillinger": "shell.title.settings",
    "regler": "shell.title.rules",
    START: "shell.title.start",
    "vennerne": "friends.lobby.title",  # share_screen.py: the host's lobby
    "bord": "friends.join.title",       # join_screen.py: a friend's phone at the share link
    "lær": "tutorial.title",  # not text: tutorial/screen.py, Lær at spille
    "åbne borde": "open_tables.title",   # not text: open/list_screen.py, de åbne borde
    "åbn et bord": "open_tables.form.title",  # not text: open/form_screen.py, Åbn et bord
}

_screens: dict[str, Render] = {}
_lazy: dict[str, str] = {}  # screen name -> module that registers it when imported
_titles: dict[str, str] = {}
_history: list[tuple[str, dict[str, Any]]] = []
_dom: dict[str, Any] = {"document": None, "root": None}
_proxies: list[Any] = []  # event-handler proxies live as long as the page (Pyodide would free them)
_resume_steps: list[Callable[[], Any]] = []  # see on_resume()


def register(name: str, render: Render, title: str | None = None) -> None:
    """Make `render(root, **kw)` the screen called `name` (re-registering replaces it)."""
    if not name or not callable(render):
        raise ValueError("a screen needs a name and a render function")
    _screens[name] = render
    if title:
        _titles[name] = title


def lazy(name: str, module: str) -> None:
    """Let `module` (e.g. "app.snyd.table_screen") provide screen `name`: it is imported the first
    time the screen is shown, or by `load_lazy()`, and must `register(name, ...)` on import."""
    if not name or not module:
        raise ValueError("a lazy screen needs a name and a module")
    _lazy[name] = module


def load_lazy(*_event: Any) -> list[str]:
    """Import every module still pending from `lazy()` (main.py does it once the start screen
    is up, so their own start-up hooks run); returns the modules imported."""
    pending = sorted(set(_lazy.values()))
    _lazy.clear()
    for module in pending:
        importlib.import_module(module)
    return pending


def on_resume(step: Callable[[], Any]) -> None:
    """Ask to take the player somewhere at boot, e.g. back to an unfinished table after a reload.

    main.py calls `resume()` once the lazy screens are loaded; a step runs only while the start
    screen is still on show (a URL hash or a quick tap wins), and may `show()` a screen."""
    if not callable(step):
        raise TypeError("a resume step must be callable")
    _resume_steps.append(step)


def resume() -> str | None:
    """Run the resume steps in order until one leaves the start screen; returns the screen shown."""
    for step in _resume_steps:
        if current() != START:
            break
        step()
    shown = current()
    return shown if shown != START else None


def registered() -> list[str]:
    """Names of the registered screens, in registration order."""
    return list(_screens)


def title(name: str) -> str:
    """A screen's title in the language spoken now (a title given to `register` as it was given)."""
    if name in KNOWN_TITLES:
        return t(KNOWN_TITLES[name])
    return _titles.get(name) or name.capitalize()


def current() -> str | None:
    """The screen on show (UNAVAILABLE when a missing screen was asked for), or None."""
    return _history[-1][0] if _history else None


def mount(root: Any, document: Any) -> None:
    """Point the router at the page: `root` is the element screens render into."""
    _dom["root"] = root
    _dom["document"] = document


def show(name: str, **kw: Any) -> str:
    """Render screen `name` with keyword arguments; returns the name actually shown."""
    render = _screens.get(name)
    if render is None and name in _lazy:
        importlib.import_module(_lazy.pop(name))  # registers `name` (errors surface as such)
        render = _screens.get(name)
    shown = name if render is not None else UNAVAILABLE
    if render is None:
        kw = {"wanted": name}
        render = _render_unavailable
    if _history and _history[-1][0] == shown:
        _history.pop()  # re-showing the current screen (a tab, a refresh) is no step back
    _history.append((shown, kw))
    del _history[:-20]  # a short memory is enough for *Tilbage* (Back)
    _paint(shown, render, kw)
    return shown


def screen_from_hash(hash_: str) -> str:
    """The screen a URL hash asks for ('#regler', '#dæk%20bordet'); the start screen if none."""
    name = unquote(hash_.lstrip("#").lstrip("/")).strip()
    return name or START


def back() -> str:
    """Go to the previous screen (the start screen when there is none)."""
    if _history:
        _history.pop()
    if not _history:
        return show(START)
    name, kw = _history.pop()
    return show(name if name != UNAVAILABLE else START, **({} if name == UNAVAILABLE else kw))


def reset() -> None:
    """Forget screens and history (for tests)."""
    _screens.clear()
    _titles.clear()
    _history.clear()
    _lazy.clear()
    _resume_steps.clear()


def _paint(name: str, render: Render, kw: dict[str, Any]) -> None:
    root = _dom["root"]
    if root is None:
        return  # not mounted (CPython tests of the routing alone)
    root.replaceChildren()
    root.setAttribute("data-screen", name)
    render(root, **kw)


# -- tiny DOM builder (thin glue; screens stay readable) --------------------------------------

def el(tag: str, *children: Any, on_click: Callable[..., Any] | None = None, **attrs: Any) -> Any:
    """A DOM element: `el("button", "Regler", class_="card", data_testid="open-regler")`.

    Keyword names map to attributes: a trailing `_` is dropped (class_), `_` becomes `-`
    (data_testid -> data-testid, aria_label -> aria-label). `True` sets a bare attribute,
    `False`/`None` leaves it out. Strings among the children become text.
    """
    document = _dom["document"]
    if document is None:
        raise RuntimeError("screens.mount(root, document) has not been called")
    node = document.createElement(tag)
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        node.setAttribute(name, "" if value is True else str(value))
    for child in children:
        if child is None:
            continue
        node.append(document.createTextNode(child) if isinstance(child, str) else child)
    if on_click is not None:
        on(node, "click", on_click)
    return node


def on(node: Any, event: str, handler: Callable[..., Any]) -> None:
    """addEventListener with a handler that stays alive (Pyodide frees borrowed proxies)."""
    try:
        from pyodide.ffi import create_proxy  # only in the browser
    except ImportError:
        proxy = handler
    else:
        proxy = create_proxy(handler)
        _proxies.append(proxy)
    node.addEventListener(event, proxy)


def go(name: str, **kw: Any) -> Callable[..., None]:
    """A click handler that shows screen `name`."""
    return lambda *_event: show(name, **kw)


def back_button() -> Any:
    return el("button", t("shell.back"), type="button", class_="back", data_testid="back",
              on_click=lambda *_e: back())


def _render_unavailable(root: Any, wanted: str = "") -> None:
    root.append(
        el("section",
           el("h2", title(wanted)),
           el("p", t("shell.unavailable", screen=title(wanted))),
           back_button(),
           class_="panel unavailable", data_testid="unavailable", role="alert")
    )
