"""The screen router and the shell's screens in CPython, against a tiny fake DOM."""

from __future__ import annotations

from pathlib import Path

import pytest
from app.home import regler, rules_text, start
from app.shell import screens

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
# Where the book corrects its seed on purpose: Bakke's ones are not jokers, they leave the game
# (B2, B4; issue 17). (seed, line of the seed as it was, as the book has it)
CORRECTED = [("002", "1’ere er jokere og tages ud af spillet én ad gangen.",
              "1’ere går ud af spillet: de tages ud én ad gangen og kommer ikke op i hånden.")]


class Node:
    def __init__(self, tag: str, text: str | None = None) -> None:
        self.tag, self.text, self.attrs, self.children, self.listeners = tag, text, {}, [], {}

    def setAttribute(self, name, value):
        self.attrs[name] = value

    def append(self, child):
        self.children.append(child)

    def replaceChildren(self):
        self.children = []

    def addEventListener(self, event, handler):
        self.listeners.setdefault(event, []).append(handler)

    def click(self):
        for handler in self.listeners.get("click", []):
            handler(None)

    def texts(self) -> str:
        return (self.text or "") + " ".join(c.texts() for c in self.children)

    def find(self, testid: str) -> Node | None:
        if self.attrs.get("data-testid") == testid:
            return self
        for child in self.children:
            found = child.find(testid)
            if found:
                return found
        return None


class Document:
    def createElement(self, tag):
        return Node(tag)

    def createTextNode(self, text):
        return Node("#text", text)


@pytest.fixture
def root():
    saved = dict(screens._screens), dict(screens._titles)
    screens.reset()
    screens.register(screens.START, start.render)
    screens.register("regler", regler.render)
    node = Node("main")
    screens.mount(node, Document())
    yield node
    screens.reset()
    screens._screens.update(saved[0])
    screens._titles.update(saved[1])
    screens.mount(None, None)


def test_show_renders_the_registered_screen(root):
    assert screens.show("start") == "start"
    assert root.attrs["data-screen"] == "start"
    assert root.find("start") is not None
    assert screens.current() == "start"


def test_unregistered_name_shows_a_clear_state_and_back_works(root):
    screens.show("start")
    assert screens.show("tavlen") == screens.UNAVAILABLE
    panel = root.find("unavailable")
    assert panel is not None and "Tavlen" in panel.texts() and "ikke klar endnu" in panel.texts()
    panel.find("back").click()
    assert screens.current() == "start" and root.find("start") is not None


def test_start_buttons_route_by_name(root):
    screens.show("start")
    root.find("open-regler").click()
    assert screens.current() == "regler"
    screens.show("start")
    root.find("game-snyd").click()
    assert screens.current() == screens.UNAVAILABLE  # "dæk bordet" is not registered here
    screens.register("dæk bordet", lambda r, **kw: r.append(screens.el("p", "bordet")))
    screens.show("start")
    root.find("game-snyd").click()
    assert screens.current() == "dæk bordet"


def test_every_game_card_opens_its_own_screen(root):
    # Data-driven (shell_markup.GAMES): a game not built yet is "ikke klar endnu", never a crash;
    # building it means registering its screen.
    for key, target in (("snyd", "dæk bordet"), ("bakke", "bakke"), ("treere", "treere")):
        screens.show("start")
        card = root.find(f"game-{key}")
        assert "disabled" not in card.attrs and "Snart" not in card.texts()
        assert card.attrs["data-go"] == target
        card.click()
        assert screens.current() == screens.UNAVAILABLE
        assert root.find("unavailable") is not None
    screens.register("bakke", lambda r, **kw: r.append(screens.el("p", "bakken")))
    screens.show("start")
    root.find("game-bakke").click()
    assert screens.current() == "bakke"


def test_tabs_replace_history_so_back_leaves_regler(root):
    screens.show("start")
    screens.show("regler", game="snyd")
    screens.show("regler", game="bakke")
    screens.show("regler", game="treere")
    assert screens.back() == "start"


def test_register_rejects_nonsense():
    with pytest.raises(ValueError):
        screens.register("", lambda root: None)
    with pytest.raises(ValueError):
        screens.register("x", "not callable")


def test_el_maps_attribute_names(root):
    node = screens.el("button", "Kig", class_="card", data_testid="peek", aria_label="Kig",
                      disabled=True, hidden=False, title=None)
    assert node.attrs == {"class": "card", "data-testid": "peek", "aria-label": "Kig",
                          "disabled": ""}
    assert node.children[0].text == "Kig"


@pytest.mark.parametrize("hash_, name", [("", "start"), ("#", "start"), ("#regler", "regler"),
                                         ("#/tavlen", "tavlen"), ("#d%C3%A6k%20bordet", "dæk bordet")])
def test_screen_from_hash(hash_, name):
    assert screens.screen_from_hash(hash_) == name


def test_rule_texts_come_from_the_seeds_without_mojibake():
    assert SEEDS.is_dir(), f"the seed texts are expected in {SEEDS} (shared/ beside the repo)"
    seeds = {p.name[:3]: p.read_text(encoding="utf-8") for p in SEEDS.glob("*.txt")}
    for seed, was, now in CORRECTED:
        assert was in seeds[seed]
        seeds[seed] = seeds[seed].replace(was, now)
    for game, seed in (("snyd", "000"), ("bakke", "002")):
        text = regler.plain_text(game)
        for line in text.splitlines():
            if line == rules_text.KEYBOARD[game]:
                continue  # the app's own line: how to play it with a keyboard
            assert line in seeds[seed], f"{game}: {line!r} is not in the seed"
    for game in regler.GAMES:
        text = regler.plain_text(game)
        assert len(text) > 1000
        for bad in ("Â", "Ã", "Ñ", "â€", "\ufffd", "TREES AWAY", "énout", "REMARKS"):
            assert bad not in text, (game, bad)
    assert "Sproget ved bordet" in regler.plain_text("snyd")


def test_lazy_screens_import_on_first_show_or_on_load(root, tmp_path, monkeypatch):
    (tmp_path / "lazy_tavlen.py").write_text(
        "from app.shell import screens\n"
        "screens.register('tavlen', lambda root: root.append(screens.el('p', 'Tavlen her')))\n",
        encoding="utf-8")
    (tmp_path / "lazy_bordet.py").write_text(
        "from app.shell import screens\nscreens.register('bordet', lambda root: None)\n",
        encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    screens.lazy("tavlen", "lazy_tavlen")
    screens.lazy("bordet", "lazy_bordet")
    assert "tavlen" not in screens.registered()
    assert screens.show("tavlen") == "tavlen"
    assert "Tavlen her" in root.texts()
    assert screens.load_lazy() == ["lazy_bordet"]
    assert "bordet" in screens.registered()
    assert screens.load_lazy() == []
    screens.lazy("indstillinger", "no_such_module_here")
    with pytest.raises(ModuleNotFoundError):
        screens.show("indstillinger")
