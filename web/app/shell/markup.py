"""The start screen and *Regler* as one markup tree, rendered twice from the same source:

- at build time into static HTML (`to_html`): relay/site.py writes it into index.html, once per
  language, so the start screen answers taps and *Regler* reads before Python is up
  (web/app/shell.js picks the language);
- in the browser into DOM nodes (`to_dom`): start.py and regler.py, once Python has taken over.

A node is `(tag, {attribute: value}, [children])`; a child is a node or a text. Buttons say where
they lead with `data-go` (a screen name, or "back") and `data-game` (the Regler tab): shell.js
follows them before Python, `to_dom` turns them into the router's click handlers after.
The words come from the catalogues through `t(key, **args)` (app.lang.t in the app, `speaker` of
the catalogue files in site.py), the rule book from their BLOCKS (lang/<code>/rules.py). Nothing
here imports the app or the browser: site.py loads this file on its own in CPython.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

Node = tuple[str, dict[str, str], list[Any]]
Text = Callable[..., str]  # t(key, **args): the text of a catalogue key in one language

# The game cards: (key, title key, line key, screen it opens). A game's screen that is not
# registered yet shows the router's "ikke klar endnu". The games are app/table/games.py's, in
# its order; this file keeps its own copy because relay/site.py loads it alone, without the
# app (tests/ui/test_games_registry.py holds the two to each other).
GAMES: list[tuple[str, str, str, str]] = [
    ("snyd", "start.game.snyd", "start.game.snyd.line", "dæk bordet"),  # not text: a screen name
    ("bakke", "start.game.bakke", "start.game.bakke.line", "bakke"),
    ("treere", "start.game.treere", "start.game.treere.line", "treere"),
]
GAME_KEYS = tuple(key for key, _title, _line, _screen in GAMES)
# The screen of *De åbne borde* (app/open/list_screen.py): shell.js queues a tap on it until
# Python is up, like every screen but the start screen and Regler.
OPEN_TABLES = "åbne borde"  # not text: a screen name


def speaker(texts: dict[str, str]) -> Text:
    """`t` over one language's merged catalogue (site.py, tests): a missing key raises KeyError."""
    def t(key: str, **args: Any) -> str:
        return texts[key].format(**args) if args else texts[key]
    return t


def node(tag: str, attrs: dict[str, str] | None = None, *children: Any) -> Node:
    return (tag, dict(attrs or {}), [c for c in children if c is not None])


def _button(label: Any, attrs: dict[str, str], *more: Any) -> Node:
    return node("button", {"type": "button", **attrs}, label, *more)


def back_button(t: Text) -> Node:
    return _button(t("rules.back"), {"class": "back", "data-testid": "back", "data-go": "back"})


def start_tree(t: Text) -> Node:
    """The start screen: the game cards, *Åbne borde*, Regler and Indstillinger."""
    # The card's name is its visible text, the game's name first ("Snyd Løgn og bluff …"): a
    # shorter aria-label would hide words a voice-control user sees (WCAG 2.5.3, axe's
    # label-content-name-mismatch).
    cards = [_button(node("span", {"class": "card-title"}, t(title)), {
        "class": "card game", "data-testid": f"game-{key}", "data-go": target,
    }, node("span", {}, t(line))) for key, title, line, target in GAMES]
    more = node("div", {"class": "more"},
                _button(t("start.open_tables"), {"class": "card small",
                                                 "data-testid": "open-tables",
                                                 "data-go": OPEN_TABLES}),
                _button(t("start.rules"), {"class": "card small", "data-testid": "open-regler",
                                           "data-go": "regler"}),
                _button(t("start.settings"), {"class": "card small",
                                              "data-testid": "open-indstillinger",
                                              "data-go": "indstillinger"}))
    return node("section", {"class": "start", "data-testid": "start"},
                node("h2", {"class": "visually-hidden"}, t("start.choose")),
                node("div", {"class": "games"}, *cards), more)


def _block(kind: str, value: Any) -> Node:
    if kind == "h":
        return node("h3", {}, value)
    if kind == "p":
        return node("p", {}, value)
    if kind in ("ol", "ul"):
        return node(kind, {}, *(node("li", {}, item) for item in value))
    name, tag, text = value
    return node("div", {"class": "rule"},
                node("h4", {}, name, " ", node("span", {"class": "tag"}, tag)),
                node("p", {}, text))


def rule_book(t: Text, blocks: dict[str, list[tuple[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Each game's title and blocks in one language (`blocks`: the BLOCKS of lang/<code>/rules.py),
    its keyboard line last (rules.keys.<game>)."""
    return {game: {"title": t(f"start.game.{game}"),
                   "blocks": [*blocks[game], ("p", t(f"rules.keys.{game}"))]}
            for game in GAME_KEYS}


def regler_tree(game: str, games: dict[str, dict[str, Any]], t: Text) -> Node:
    """*Regler* with one game's rules open (`games`: a `rule_book`) and tabs for the others."""
    tabs = node("nav", {"class": "tabs", "role": "tablist", "aria-label": t("rules.tabs")}, *(
        _button(info["title"], {"role": "tab", "aria-selected": "true" if key == game else "false",
                                "data-testid": f"regler-{key}", "data-go": "regler",
                                "data-game": key})
        for key, info in games.items()))
    article = node("article", {"class": "rules", "data-testid": "regler-text"},
                   node("h2", {}, t("rules.heading", game=games[game]["title"])),
                   *(_block(kind, value) for kind, value in games[game]["blocks"]))
    learn = _button(t("rules.learn", game=games[game]["title"]), {
        "class": "card small learn", "data-testid": "regler-learn",
        "data-go": "lær",  # not text: the screen of the interactive first game (tutorial/screen.py)
        "data-game": game})
    return node("section", {"class": "panel regler"}, back_button(t), tabs, learn, article)


def splash_tree(t: Text) -> Node:
    """What shows while a screen waits for Python (index.html starts with the start screen)."""
    return node("div", {"id": "splash", "class": "splash", "data-testid": "splash",
                        "role": "status"},
                node("div", {"class": "cup", "aria-hidden": "true"}),
                node("p", {}, t("start.splash")))


def join_tree(t: Text, name: str, status: str, problem: str, form: bool, retry: str = "retry",
              invite: str = "", title: str = "") -> Node:
    """A guest's "Sæt dig ved bordet" (app/friends/markup.py `join_html`, the join screen's):
    who invites to which game (``invite``), the name and the button while ``form``, else what is
    happening (``status``); ``problem`` comes with *Prøv igen* (``retry="retry"``), *Til
    forsiden* (``"home"``) or nothing (``""``). ``title``: another heading than "Sæt dig ved
    bordet" (a closed table's). Also rendered into index.html (relay/site.py): a share link's
    first paint, before Python (web/app/shell.js). Names are outside input: text, escaped."""
    button = None
    if problem and retry:
        label = t("friends.join.retry") if retry == "retry" else t("friends.join.home")
        button = _button(label, {"class": "btn", "data-action": retry,
                                 "data-testid": "join-retry"})
    body: list[Any] = []
    if form:
        your_name = t("friends.join.name")
        body = [node("div", {"class": "field"},
                     node("label", {"for": "join-name"}, your_name),
                     node("input", {"type": "text", "id": "join-name", "class": "name",
                                    "data-testid": "join-name", "maxlength": "20",
                                    "autocomplete": "nickname", "placeholder": your_name,
                                    "value": name})),
                node("div", {"class": "setup-actions"},
                     _button(t("friends.join.home"), {"class": "back", "data-action": "home"}),
                     _button(t("friends.join.sit"), {"class": "btn primary", "data-action": "sit",
                                                     "data-testid": "join-sit"}))]
    return node("section", {"class": "setup panel join", "data-testid": "join"},
                node("h2", {}, title or t("friends.join.title")),
                node("p", {"class": "invite", "data-testid": "join-invite"}, invite),
                node("p", {"class": "status", "id": "join-status", "role": "status"}, status),
                node("p", {"class": "error", "role": "alert"}, problem), button, *body)


# -- the two renderers --------------------------------------------------------------------------

VOID = frozenset({"input", "br", "img", "meta", "link", "hr"})  # no end tag in HTML

def to_html(tree: Any) -> str:
    """Static HTML of a tree (text and attribute values escaped)."""
    if isinstance(tree, str):
        return escape(tree, quote=False)
    tag, attrs, children = tree
    opening = "".join(f' {name}="{escape(value)}"' for name, value in attrs.items())
    if tag in VOID:
        return f"<{tag}{opening}>"
    return f"<{tag}{opening}>{''.join(to_html(c) for c in children)}</{tag}>"


def to_dom(tree: Any, el: Callable[..., Any], handler: Callable[[str, str | None], Any]) -> Any:
    """DOM nodes of a tree through `el(tag, *children, on_click=…, **attributes)` (screens.el);
    an element with `data-go` gets `handler(go, game)` as its click handler."""
    if isinstance(tree, str):
        return tree
    tag, attrs, children = tree
    go = attrs.get("data-go")
    on_click = handler(go, attrs.get("data-game")) if go else None
    return el(tag, *(to_dom(c, el, handler) for c in children), on_click=on_click, **attrs)
