"""The code style check (ruff, configured in pyproject.toml) is part of the suite, so CI enforces it."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT, check=False,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
