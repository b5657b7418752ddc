"""CPython tests of the table UI's pure modules (web/app/*.py without the DOM)."""
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# tests/ui itself too: shared helpers such as fake_browser.py
for p in (ROOT, ROOT / "web", ROOT / "tests" / "ui"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))



@pytest.fixture
def english():
    """The app speaks English for one test (app/lang), Danish again after it."""
    from app import lang

    lang.set_language("en")
    yield
    lang.set_language("da")
