"""Treere engine tests: make the shared helper (treere_play.py) importable under any import mode."""
import sys
from pathlib import Path

_HERE = str(Path(__file__).parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
