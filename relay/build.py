"""Write a static dist/ with the same URL layout as the server (any static host can serve it),
plus `_headers`: the server's security headers for Netlify / Cloudflare Pages (docs/deploy.md).

Every compressible file also gets its precompressed `<file>.br` and `<file>.gz` beside it, the
same bytes the relay serves (relay/snapshot.py): nginx's `brotli_static` / `gzip_static` send
them without compressing per request. They are not URLs of the app (never precached)."""

from __future__ import annotations

import shutil
from pathlib import Path

from relay.headers import netlify_headers
from relay.site import ROOT, Site
from relay.snapshot import Snapshot

HEADERS_FILE = "_headers"


def build(out: Path = ROOT / "dist", site: Site | None = None) -> list[str]:
    """Rebuild `out` from the sources; returns the site URLs written (`_headers` besides)."""
    site = site or Site()
    if not (site.web / "vendor" / "pyodide.mjs").is_file():
        raise SystemExit("web/vendor/ is missing: run `make setup` (or `make build`) first")
    if out.exists():
        shutil.rmtree(out)
    urls = site.site_urls()
    assets = Snapshot.build(site).assets
    for url in urls:
        asset = assets.get(url)
        if asset is None:
            raise SystemExit(f"nothing to serve for /{url}")
        target = out / url
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(asset.body)
        for suffix, packed in ((".br", asset.br_body), (".gz", asset.gzip_body)):
            if packed is not None:
                target.with_name(target.name + suffix).write_bytes(packed)
    (out / HEADERS_FILE).write_text(netlify_headers(), encoding="utf-8")
    return urls
