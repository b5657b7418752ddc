"""Peer-layer tests (CPython): make the in-memory network (peer_net.py) importable."""
import sys
from pathlib import Path

_HERE = str(Path(__file__).parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
