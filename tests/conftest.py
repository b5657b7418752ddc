"""Shared pytest set-up for the whole suite.

The repo root and web/ are on sys.path (pyproject's pythonpath), so tests import `engine`,
`relay`, `devtools` and the UI modules as `app.*`, exactly as the browser does.
Browser tests (tests/browser/) are marked `browser`: `pytest -m "not browser"` skips them.
`pytester` (pytest's own fixture for running pytest on files a test writes) is for
tests/test_timeout_guard.py.
"""


import pytest

pytest_plugins = ["pytester"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives Chromium (slow; needs web/vendor/)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/browser/" in item.path.as_posix():
            item.add_marker(pytest.mark.browser)
