"""The served site computed once: every URL's bytes, gzip bytes, ETags and the cache version.

Building reads and hashes every file, zips the Python sources and gzips the text and wasm
(the wasm takes most of a second). A server builds one Snapshot at start and serves from it:
no request reads a file or hashes anything. A development server (`python -m relay --dev`, the
test server) compares the tree's `Site.fingerprint()` on each request and builds a new Snapshot
when a file changed, reusing the gzip of bodies that did not.

The bodies are immutable `bytes` shared by every response: a thousand downloads of the wasm
hold one copy (relay/server.py writes them in slices).
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from dataclasses import dataclass
from pathlib import Path

from relay.site import Site

MIME = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".py": "text/x-python; charset=utf-8",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".txt": "text/plain; charset=utf-8",
}
# Worth compressing: text and wasm/zip (python_stdlib.zip is stored, not deflated, inside).
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".py", ".wasm", ".zip", ".svg", ".txt"}
MIN_GZIP = 512


def content_type(name: str) -> str:
    suffix = Path(name).suffix
    if name.endswith("manifest.json"):
        return MIME[".webmanifest"]
    return MIME.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


def _digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:32]


@dataclass(frozen=True)
class Asset:
    """One URL's representations. ETags are strong and differ per encoding (RFC 9110 8.8.3)."""

    content_type: str
    body: bytes
    etag: str
    gzip_body: bytes | None = None
    gzip_etag: str | None = None

    @classmethod
    def make(cls, name: str, body: bytes, gzip_cache: dict[str, bytes] | None = None) -> Asset:
        digest = _digest(body)
        if Path(name).suffix not in COMPRESSIBLE or len(body) <= MIN_GZIP:
            return cls(content_type(name), body, f'"{digest}"')
        cache = gzip_cache if gzip_cache is not None else {}
        packed = cache.get(digest)
        if packed is None:
            packed = gzip.compress(body, compresslevel=6, mtime=0)
        cache[digest] = packed
        return cls(content_type(name), body, f'"{digest}"', packed, f'"{digest}-gz"')


@dataclass(frozen=True)
class Snapshot:
    """Everything a request may be answered with: url -> Asset, plus the cache version."""

    assets: dict[str, Asset]
    version: str
    fingerprint: tuple

    @classmethod
    def build(cls, site: Site, previous: Snapshot | None = None) -> Snapshot:
        fingerprint = site.fingerprint()
        gzip_cache = {}
        if previous is not None:  # unchanged bodies keep their gzip (the wasm is slow to pack)
            gzip_cache = {a.etag.strip('"'): a.gzip_body
                          for a in previous.assets.values() if a.gzip_body is not None}
        assets = {}
        for url in site.site_urls():
            body = site.body(url)
            if body is not None:
                assets[url] = Asset.make(url, body, gzip_cache)
        return cls(assets, site.version(), fingerprint)

    def get(self, url_path: str) -> Asset | None:
        return self.assets.get(url_path.lstrip("/") or "index.html")


class LiveSite:
    """The current Snapshot of a Site. `dev=False`: built once, never rescanned.
    `dev=True`: each `current()` takes the tree's fingerprint (stats only) and rebuilds on change.
    """

    def __init__(self, site: Site | None = None, dev: bool = False) -> None:
        self.site = site or Site()
        self.dev = dev
        self.builds = 0
        self._snapshot = self._build(None)

    def _build(self, previous: Snapshot | None) -> Snapshot:
        self.builds += 1
        return Snapshot.build(self.site, previous)

    def current(self) -> Snapshot:
        if self.dev and self.site.fingerprint() != self._snapshot.fingerprint:
            self._snapshot = self._build(self._snapshot)
        return self._snapshot
