"""What a player reads in a piece of the UI's HTML: shared by the English tests of the tables."""
from __future__ import annotations

import html as html_lib
import re


def shown(html: str) -> str:
    """What a player sees and a screen reader says: the text, and the aria-labels."""
    labels = " ".join(re.findall(r'aria-label="([^"]*)"', html))
    return html_lib.unescape(re.sub(r"<[^>]+>", " ", html) + " " + labels)
