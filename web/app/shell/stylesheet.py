"""A room's own stylesheet, linked when its screens are first imported (the page links only the
shell's: shell.css, table.css). The file is precached like any file under web/app/."""
from __future__ import annotations

import js
from app.shell.dom_util import present


def ensure(id_: str, href: str) -> None:
    """Add `<link id=… rel=stylesheet href=…>` to the head once (CSP: style-src 'self')."""
    doc = js.document
    if present(doc.getElementById(id_)):
        return
    link = doc.createElement("link")
    link.id, link.rel, link.href = id_, "stylesheet", href
    doc.head.append(link)
