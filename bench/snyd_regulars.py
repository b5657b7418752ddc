"""Snyd's regulars and the Øvebord odds, timed in CPython and inside Pyodide in Chromium.

    python bench/snyd_regulars.py [--no-pyodide]

Runs `engine.snyd.bench.timing_suite()` (decision time per regular from cold caches, the
Øvebord odds per bid, games per second) here and in the self-hosted Pyodide in headless
Chromium (through `devtools.browser`), and prints them side by side. The win shares of the
regulars are `python -m engine.snyd.bench` (CPython only: `engine/` imports nothing of
`devtools/` or the browser). No asserts: figures only.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]  # before bench/: this folder's engine.py must not hide the package

from engine.snyd.bench import print_timings, timing_suite

PYODIDE_CODE = """
from engine.snyd import bench
bench.timing_suite()
"""


def run_in_pyodide() -> dict[str, Any]:
    """`timing_suite()` inside the self-hosted Pyodide in headless Chromium (devtools.browser)."""
    from pyodide_timing import run_in_pyodide as run

    return run(PYODIDE_CODE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-pyodide", action="store_true", help="CPython only")
    args = parser.parse_args(argv)
    print_timings(timing_suite(), None if args.no_pyodide else run_in_pyodide())
    return 0


if __name__ == "__main__":
    sys.exit(main())
