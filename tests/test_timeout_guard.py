"""The per-test timeout (pytest-timeout, configured in pyproject.toml): a hung test fails.

A planted bug once made a test wait for ever; with the timeout a hang ends the run in
minutes, with every thread's stack printed (method "thread"), instead of stalling CI.
"""
from __future__ import annotations

import time

import pytest

HANGS = '''
import time

def test_quick():
    assert 1 + 1 == 2

def test_hangs():
    time.sleep(60)  # a wait that never ends, as far as a 1 s timeout can tell
'''


def test_the_suite_has_a_default_timeout_with_stacks(request: pytest.FixtureRequest) -> None:
    assert request.config.pluginmanager.hasplugin("timeout"), "pytest-timeout is not installed"
    assert request.config.getini("timeout") == "300"
    assert request.config.getini("timeout_method") == "thread"


def test_a_hanging_test_fails_with_its_stack(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_hang=HANGS)
    start = time.monotonic()
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--timeout=1",
                                           "--timeout-method=thread", timeout=45)
    took = time.monotonic() - start
    out = result.stdout.str() + result.stderr.str()
    assert result.ret != 0, out
    assert "+ Timeout +" in out, out
    assert "test_hang.py ." in out, "the quick test passed before the hang"
    assert "test_hangs" in out and "time.sleep(60)" in out, "the stack of the hung test"
    assert took < 40, f"the hang was cut short, not slept out ({took:.1f} s)"
