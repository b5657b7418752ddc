"""CPython tests of the table UI's pure modules (web/app/*.py without the DOM)."""
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
# tests/ui itself too: shared helpers such as fake_browser.py
for p in (ROOT, ROOT / "web", ROOT / "tests" / "ui"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

