"""The served site computed once: every URL's bytes, gzip bytes, ETags and the cache version.

Building reads and hashes every file, zips the Python sources and compresses the text and
wasm twice: gzip (level 6, the wasm takes a third of a second) and brotli (quality 11: ~20 % less
than gzip on the wasm, 2.74 MB instead of 3.55 MB, but ~35 s for it). Brotli bodies are kept on
disk under `.cache/brotli/<sha256 of the body>.br` (git-ignored, written atomically), so each
body is packed once per machine, not once per server start. A server builds one Snapshot at
start and serves from it: no request reads a file, hashes or compresses anything. A development
server (`python -m relay --dev`, the test server) compares the tree's `Site.fingerprint()` on
each request and builds a new Snapshot when a file changed, reusing the packed bodies of files
that did not change.

The bodies are immutable `bytes` shared by every response: a thousand downloads of the wasm
hold one copy (relay/server.py writes them in slices).
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

import brotli

from relay.site import ROOT, Site

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
BROTLI_QUALITY = 11  # the densest: paid once per body and machine (the disk cache below)
BROTLI_CACHE = ROOT / ".cache" / "brotli"


def content_type(name: str) -> str:
    suffix = Path(name).suffix
    if name.endswith("manifest.json"):
        return MIME[".webmanifest"]
    return MIME.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


def _digest(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()[:32]


def brotli_body(body: bytes, digest: str | None = None, cache_dir: Path | None = None) -> bytes:
    """`body` brotli-compressed at BROTLI_QUALITY, from the disk cache when it was packed before
    (the key is the body's own SHA-256, so a changed file can never get a stale packing)."""
    digest = digest or hashlib.sha256(body).hexdigest()
    folder = cache_dir or BROTLI_CACHE
    cached = folder / f"{digest}.br"
    try:
        return cached.read_bytes()
    except OSError:
        pass
    packed = brotli.compress(body, quality=BROTLI_QUALITY)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # Atomic: a server killed mid-write, or two starting at once, never leave half a file.
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(packed)
        os.replace(tmp, cached)
    except OSError:
        pass  # a read-only checkout still serves; it packs again next start
    return packed


@dataclass(frozen=True)
class Asset:
    """One URL's representations. ETags are strong and differ per encoding (RFC 9110 8.8.3)."""

    content_type: str
    body: bytes
    etag: str
    gzip_body: bytes | None = None
    gzip_etag: str | None = None
    br_body: bytes | None = None
    br_etag: str | None = None

    @classmethod
    def make(cls, name: str, body: bytes, packed: dict[str, tuple[bytes, bytes]] | None = None,
             brotli_cache: Path | None = None) -> Asset:
        """The asset for URL `name`; `packed` maps a body digest to its (gzip, br) bodies,
        reused across rebuilds and filled with what this call packs."""
        digest = _digest(body)
        if Path(name).suffix not in COMPRESSIBLE or len(body) <= MIN_GZIP:
            return cls(content_type(name), body, f'"{digest}"')
        cache = packed if packed is not None else {}
        pair = cache.get(digest)
        if pair is None:
            pair = (gzip.compress(body, compresslevel=6, mtime=0),
                    brotli_body(body, hashlib.sha256(body).hexdigest(), brotli_cache))
        cache[digest] = pair
        gz, br = pair
        return cls(content_type(name), body, f'"{digest}"', gz, f'"{digest}-gz"',
                   br, f'"{digest}-br"')

    def encoded(self, encoding: str | None) -> tuple[bytes, str]:
        """(body, ETag) of one representation: "br", "gzip" or None for identity."""
        if encoding == "br" and self.br_body is not None:
            return self.br_body, self.br_etag or self.etag
        if encoding == "gzip" and self.gzip_body is not None:
            return self.gzip_body, self.gzip_etag or self.etag
        return self.body, self.etag

    @property
    def encodings(self) -> tuple[str, ...]:
        """The content codings this asset has besides identity, best first."""
        return tuple(name for name, body in (("br", self.br_body), ("gzip", self.gzip_body))
                     if body is not None)


@dataclass(frozen=True)
class Snapshot:
    """Everything a request may be answered with: url -> Asset, plus the cache version."""

    assets: dict[str, Asset]
    version: str
    fingerprint: tuple

    @classmethod
    def build(cls, site: Site, previous: Snapshot | None = None) -> Snapshot:
        fingerprint = site.fingerprint()
        packed: dict[str, tuple[bytes, bytes]] = {}
        if previous is not None:  # unchanged bodies keep their packings (the wasm is slow)
            packed = {a.etag.strip('"'): (a.gzip_body, a.br_body)
                      for a in previous.assets.values()
                      if a.gzip_body is not None and a.br_body is not None}
        assets = {}
        for url in site.site_urls():
            body = site.body(url)
            if body is not None:
                assets[url] = Asset.make(url, body, packed)
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
