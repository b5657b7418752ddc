"""The map on the first page of docs/architecture.md names only what exists, and every room.

The map is what a newcomer reads first, so a file that moved or went away must not stay on it:
every path the map names in backticks, every entry of its tree, and the copies of the rule book,
design notes and browser notes the code cites (docs/rules.md, design.md, browser-notes.md) must
exist. The other way round, a new folder of the house or a new loose module at the top of
`engine/` or `web/app/` must be put on the map.
"""
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARCHITECTURE = ROOT / "docs" / "architecture.md"

# A backticked token is a path when it holds a "/" or ends like a file of this repo.
FILE_ENDINGS = (".py", ".md", ".js", ".mjs", ".css", ".html", ".json", ".toml")
# Folders whose own subfolders are rooms the tree must show.
ROOMS_WITHIN = ("engine/", "web/", "web/app/", "tests/")
# Folders whose loose modules the table of rooms must name one by one.
LOOSE_MODULES_OF = ("engine/", "web/app/")


def the_map(text: str) -> str:
    """The first page: from the top to the first level-2 heading after "## The map"."""
    start = text.index("\n## The map\n")
    after = text.find("\n## ", start + 1)
    return text[:after] if after != -1 else text


def tree_block(map_text: str) -> str:
    """The fenced block under "### The tree"."""
    tail = map_text[map_text.index("### The tree"):]
    return tail.split("```")[1]


def tree_paths(block: str) -> list[str]:
    """Every name of the tree as a path from the root. A line is: two spaces of indent per
    level, the names (one space apart), two spaces or more, what they are. Only a line of one
    folder may have lines under it."""
    paths, parents = [], []
    for line in block.strip("\n").split("\n"):
        depth = (len(line) - len(line.lstrip(" "))) // 2
        names = re.split(r" {2,}", line.strip())[0].split(" ")
        del parents[depth:]
        assert len(parents) == depth and "" not in parents, f"nothing to stand under: {line!r}"
        paths += ["".join(parents) + name for name in names]
        one_folder = len(names) == 1 and names[0].endswith("/")
        parents.append(names[0] if one_folder else "")
    return paths


def is_path(token: str) -> bool:
    if " " in token or token.startswith(("/", "..", "?")):
        return False  # code, a URL path, a query, a file outside the repo
    return "/" in token or token.endswith(FILE_ENDINGS)


def named_paths(map_text: str) -> list[list[list[str]]]:
    """What the backticked paths of the map's prose and table ask for: per path, the ways it
    may exist (each a list of paths that must all exist). A path with a "/" is from the root.
    A bare file name (`host.py`) is in each folder its table row's first cell names, or, in
    prose, in the folder of the path named last before it in its paragraph or at the root."""
    text = map_text.replace(tree_block(map_text), "")
    asked = []
    for chunk in re.split(r"\n(?=\| |- |\n)", text):   # a table row, a bullet, a paragraph
        first_cell = chunk.split(" | ")[0] if chunk.startswith("| ") else ""
        row_dirs = [t for t in re.findall(r"`([^`]+)`", first_cell) if t.endswith("/")]
        folder = ""
        for token in filter(is_path, re.findall(r"`([^`]+)`", chunk)):
            if "/" in token:
                asked.append([[token]])
                folder = token if token.endswith("/") else token.rsplit("/", 1)[0] + "/"
            elif row_dirs:
                asked.append([[d + token for d in row_dirs]])
            else:
                asked.append([[folder + token], [token]])
    return asked


def missing(map_text: str) -> list[str]:
    """The paths the map names that do not exist."""
    gone = [p for p in tree_paths(tree_block(map_text)) if not (ROOT / p).exists()]
    for ways in named_paths(map_text):
        if not any(all((ROOT / p).exists() for p in way) for way in ways):
            gone.append(" or ".join(" and ".join(way) for way in ways))
    return gone


def tracked() -> list[str]:
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                         check=True).stdout
    return out.split("\n")


def test_every_path_on_the_map_exists():
    map_text = the_map(ARCHITECTURE.read_text(encoding="utf-8"))
    assert len(tree_paths(tree_block(map_text))) >= 25 and len(named_paths(map_text)) >= 60, \
        "the map's paths were not found: has its layout changed?"
    assert missing(map_text) == []


def test_a_path_that_is_gone_is_caught():
    """The check itself: a moved file, a bare name in the wrong folder, a tree entry."""
    fake = """# A
## The map
### The tree
```
engine/            x
  gone/            y
web/               z
```
- `engine/errors.py` and `nowhere.py`; `relay/rooms.py`, `gone.py`
| `engine/snyd/`, `engine/bakke/` | `bots.py`, `bid.py` |
## Next
`not/on/the/map.py`
"""
    assert missing(the_map(fake)) == ["engine/gone/", "engine/nowhere.py or nowhere.py",
                             "relay/gone.py or gone.py",
                             "engine/snyd/bid.py and engine/bakke/bid.py"]


def test_the_notes_the_code_cites_live_in_docs():
    for name, title in (("rules.md", "# The rules"), ("design.md", "# Bodegabordet — design"),
                        ("browser-notes.md", "# Browser facts")):
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        first, _, rest = text.partition("\n\n")
        assert first.startswith("> Copied verbatim from `../shared/"), name
        assert rest.startswith(title), name


def test_every_room_and_loose_module_is_on_the_map():
    map_text = the_map(ARCHITECTURE.read_text(encoding="utf-8"))
    on_map = set(tree_paths(tree_block(map_text)))
    on_map |= {p for ways in named_paths(map_text) for way in ways for p in way}
    files = [f for f in tracked() if f]
    rooms = {f.split("/")[0] + "/" for f in files if "/" in f and not f.startswith(".")}
    for within in ROOMS_WITHIN:
        rooms |= {within + f[len(within):].split("/")[0] + "/" for f in files
                  if f.startswith(within) and "/" in f[len(within):]}
    loose = {f for f in files for d in LOOSE_MODULES_OF
             if f.startswith(d) and "/" not in f[len(d):] and f.endswith(".py")
             and not f.endswith("__init__.py")}
    assert sorted(rooms - on_map) == [], "rooms missing from the map's tree"
    assert sorted(loose - on_map) == [], "loose modules missing from the map's table of rooms"
