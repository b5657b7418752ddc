"""The aiohttp app: serves the site (see relay/site.py) and a health endpoint.

The peer relay (signalling over WebSocket) joins this app in a later issue.

Caching: every response carries an ETag and `Cache-Control: no-cache`, so a browser always
revalidates (cheap 304s) and never runs stale code; the service worker is what makes a second
visit free of network traffic; the browser's update check of sw.js is a 304 until it changes.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from collections import deque
from pathlib import Path

from aiohttp import web

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

SITE_KEY = web.AppKey("site", Site)
CACHE_KEY = web.AppKey("gzip_cache", dict)
EXTRA_KEY = web.AppKey("extra_dirs", dict)
# (path, status, body bytes) of every response sent: benches read what went over the network.
SENT_KEY = web.AppKey("sent", deque)


def content_type(name: str) -> str:
    suffix = Path(name).suffix
    if name.endswith("manifest.json"):
        return MIME[".webmanifest"]
    return MIME.get(suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"


def _etag(body: bytes) -> str:
    return '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def _compressed(app: web.Application, key: str, body: bytes) -> bytes:
    """gzip once per distinct body (the wasm takes a moment), then serve from memory."""
    cache = app[CACHE_KEY]
    tag = _etag(body)
    hit = cache.get(key)
    if hit is None or hit[0] != tag:
        hit = (tag, gzip.compress(body, compresslevel=6, mtime=0))
        cache[key] = hit
    return hit[1]


def respond(request: web.Request, name: str, body: bytes) -> web.Response:
    """A response with MIME type, ETag/304, no-cache and gzip when the client accepts it."""
    tag = _etag(body)
    headers = {
        "Cache-Control": "no-cache",
        "ETag": tag,
        "Vary": "Accept-Encoding",
        "X-Content-Type-Options": "nosniff",
    }
    if name.endswith("sw.js"):
        # no-cache (not no-store): the browser's update check revalidates and gets a 304.
        headers["Service-Worker-Allowed"] = "/"
    sent = request.app[SENT_KEY]
    if tag in request.headers.get("If-None-Match", ""):
        sent.append((request.path, 304, 0))
        return web.Response(status=304, headers=headers)
    accepts_gzip = "gzip" in request.headers.get("Accept-Encoding", "")
    if accepts_gzip and Path(name).suffix in COMPRESSIBLE and len(body) > 512:
        body = _compressed(request.app, name, body)
        headers["Content-Encoding"] = "gzip"
    headers["Content-Type"] = content_type(name)
    sent.append((request.path, 200, len(body)))
    if request.method == "HEAD":
        headers["Content-Length"] = str(len(body))
        return web.Response(headers=headers)
    return web.Response(body=body, headers=headers)


async def healthz(request: web.Request) -> web.Response:
    return web.json_response({"ok": True, "version": request.app[SITE_KEY].version()})


async def static(request: web.Request) -> web.Response:
    url_path = request.match_info["path"]
    extra = request.app[EXTRA_KEY]
    for prefix, directory in extra.items():
        if url_path.startswith(prefix):
            rel = url_path[len(prefix):]
            path = (directory / rel).resolve()
            if directory.resolve() in path.parents and path.is_file():
                return respond(request, path.name, path.read_bytes())
            raise web.HTTPNotFound()
    body = request.app[SITE_KEY].body(url_path)
    if body is None:
        raise web.HTTPNotFound()
    return respond(request, url_path or "index.html", body)


def create_app(site: Site | None = None, extra_dirs: dict[str, Path] | None = None) -> web.Application:
    """The app. `extra_dirs` maps URL prefixes ('__dev__/') to directories for dev-only pages
    (devtools uses it for a bare PyScript page and a Pyodide runner); they are never precached."""
    app = web.Application()
    app[SITE_KEY] = site or Site()
    app[CACHE_KEY] = {}
    app[EXTRA_KEY] = dict(extra_dirs or {})
    app[SENT_KEY] = deque(maxlen=10_000)  # bounded: `make run` may serve for days
    app.router.add_get("/healthz", healthz)
    app.router.add_get("/{path:.*}", static)
    return app
