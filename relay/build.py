"""Write a static dist/ with the same URL layout as the server (any static host can serve it)."""

from __future__ import annotations

import shutil
from pathlib import Path

from relay.site import ROOT, Site


def build(out: Path = ROOT / "dist", site: Site | None = None) -> list[str]:
    """Rebuild `out` from the sources; returns the site URLs written."""
    site = site or Site()
    if not (site.web / "vendor" / "pyodide.mjs").is_file():
        raise SystemExit("web/vendor/ is missing: run `make setup` (or `make build`) first")
    if out.exists():
        shutil.rmtree(out)
    urls = site.site_urls()
    for url in urls:
        body = site.body(url)
        if body is None:
            raise SystemExit(f"nothing to serve for /{url}")
        target = out / url
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)
    return urls
