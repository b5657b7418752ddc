"""The aiohttp app: serves the site (relay/snapshot.py) and a health endpoint.

The peer relay (signalling over WebSocket) joins this app in a later issue.

Caching: every response carries a strong ETag (one per encoding) and `Cache-Control: no-cache`,
so a browser always revalidates (cheap 304s) and never runs stale code; the service worker is
what makes a second visit free of network traffic; the browser's update check of sw.js is a 304
until it changes.

Slow clients: a large body (the 9.6 MB wasm) is written from the one shared bytes object in
slices that wait for the socket to drain, so a reader that stops reading holds at most a few
hundred KB of buffers, not a copy of the body. A client address may run `Limits.per_client` such
downloads at once (the rest get 503 + Retry-After), and a slice that cannot be sent within
`Limits.send_timeout` ends the connection.

Every response, errors included, carries the security headers of relay/headers.py.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import Counter, deque
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from relay.backplane import RedisBackplane
from relay.headers import DEV_PAGE_HEADERS, SECURITY_HEADERS
from relay.open_tables import TableLimits
from relay.open_tables import install as install_tables
from relay.proxy import client_address_middleware
from relay.room_terms import RoomLimits, State
from relay.rooms import HUB_KEY, install
from relay.site import Site, _inside
from relay.snapshot import Asset, LiveSite, content_type  # noqa: F401  (content_type: re-export)

log = logging.getLogger("relay")

DEV_PREFIX = "__dev__/"


@dataclass(frozen=True)
class Limits:
    """Backpressure settings (tests use small ones)."""

    large: int = 64 * 1024        # bodies above this are streamed in slices and count as downloads
    chunk: int = 64 * 1024        # slice size; aiohttp waits for drain every ~64 KiB
    per_client: int = 16          # concurrent large downloads per client address (a first visit
    #                               runs ~7 twice: the page and the service worker's precache)
    send_timeout: float = 30.0    # seconds a slice may wait for the reader before we hang up
    retry_after: int = 10         # seconds, in the 503 for a client over its cap


LIVE_KEY = web.AppKey("live", LiveSite)
LIMITS_KEY = web.AppKey("limits", Limits)
EXTRA_KEY = web.AppKey("extra_dirs", dict)
ACTIVE_KEY = web.AppKey("downloads", Counter)
# (path, status, body bytes) of every response sent: benches read what went over the network.
SENT_KEY = web.AppKey("sent", deque)


# -- conditional requests and content negotiation (RFC 9110) --------------------------------------

def _opaque(tag: str) -> str:
    """The opaque part of an entity tag: weak comparison ignores the W/ prefix."""
    tag = tag.strip()
    return tag[2:] if tag[:2] in ("W/", "w/") else tag


def none_match(header: str | None, etag: str) -> bool:
    """Whether If-None-Match (a list, or `*`) matches `etag` by weak comparison (RFC 9110 13.1.2)."""
    if not header:
        return False
    if header.strip() == "*":
        return True
    return _opaque(etag) in {_opaque(part) for part in header.split(",")}


def _coding_weights(header: str | None) -> dict[str, float]:
    """Accept-Encoding as {coding: q-value} (RFC 9110 12.5.3); a bad q-value counts as 0."""
    weights: dict[str, float] = {}
    for item in (header or "").split(","):
        name, *params = item.split(";")
        name = name.strip().lower()
        if not name:
            continue
        weight = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights[name] = weight
    return weights


_ALIASES = {"gzip": ("gzip", "x-gzip", "*"), "br": ("br", "*")}


def _weight(weights: dict[str, float], coding: str) -> float:
    for name in _ALIASES[coding]:
        if name in weights:
            return weights[name]
    return 0.0


def accepts_gzip(header: str | None) -> bool:
    """Accept-Encoding allows gzip: listed (or `*`) with a q-value above 0 (RFC 9110 12.5.3)."""
    return _weight(_coding_weights(header), "gzip") > 0


def choose_encoding(header: str | None, available: tuple[str, ...] = ("br", "gzip")) -> str | None:
    """The content coding to send: the highest q-value above 0 among `available` (best first:
    a tie goes to the earlier, i.e. br before gzip), or None for the identity body."""
    weights = _coding_weights(header)
    best, best_q = None, 0.0
    for coding in available:
        q = _weight(weights, coding)
        if q > best_q:
            best, best_q = coding, q
    return best


# -- responses ------------------------------------------------------------------------------------

def _record(request: web.Request, status: int, size: int) -> None:
    request.app[SENT_KEY].append((request.path, status, size))


async def respond(request: web.Request, asset: Asset, sw: bool = False) -> web.StreamResponse:
    """The asset as 200 (brotli or gzip as Accept-Encoding prefers), 304 when If-None-Match
    matches, or 503 when the client already runs its share of large downloads."""
    encoding = None
    if asset.encodings:
        encoding = choose_encoding(request.headers.get("Accept-Encoding"), asset.encodings)
    body, etag = asset.encoded(encoding)
    headers = {"Cache-Control": "no-cache", "ETag": etag}
    if asset.encodings:
        headers["Vary"] = "Accept-Encoding"
    if sw:
        # no-cache (not no-store): the browser's update check revalidates and gets a 304.
        headers["Service-Worker-Allowed"] = "/"
    if none_match(request.headers.get("If-None-Match"), etag):
        _record(request, 304, 0)
        return web.Response(status=304, headers=headers)
    headers["Content-Type"] = asset.content_type
    if encoding:
        headers["Content-Encoding"] = encoding
    if request.method == "HEAD":
        headers["Content-Length"] = str(len(body))
        _record(request, 200, len(body))
        return web.Response(headers=headers)
    limits = request.app[LIMITS_KEY]
    if len(body) <= limits.large:
        _record(request, 200, len(body))
        return web.Response(body=body, headers=headers)
    return await _stream(request, body, headers, limits)


async def _stream(request: web.Request, body: bytes, headers: dict[str, str],
                  limits: Limits) -> web.StreamResponse:
    active = request.app[ACTIVE_KEY]
    peer = request.remote or "?"
    if active[peer] >= limits.per_client:
        log.warning("busy: %s already has %d downloads running", peer, active[peer])
        _record(request, 503, 0)
        return web.Response(status=503, text="Too many downloads at once; try again shortly.\n",
                            headers={"Retry-After": str(limits.retry_after),
                                     "Cache-Control": "no-store"})
    active[peer] += 1
    response = web.StreamResponse(headers=headers)
    response.content_length = len(body)
    view = memoryview(body)  # slices share the one body: nothing is copied per client
    try:
        await response.prepare(request)
        for start in range(0, len(view), limits.chunk):
            await asyncio.wait_for(response.write(view[start:start + limits.chunk]),
                                   limits.send_timeout)
        await response.write_eof()
        _record(request, 200, len(body))
    except TimeoutError:
        log.warning("send timeout: dropped %s (%s stopped reading)", request.path, peer)
        _hang_up(request)
    except ConnectionError:
        _hang_up(request)  # the client went away mid-download: nothing to report
    finally:
        active[peer] -= 1
        if not active[peer]:
            del active[peer]
    return response


def _hang_up(request: web.Request) -> None:
    if request.transport is not None:
        request.transport.abort()


# -- handlers -------------------------------------------------------------------------------------

async def healthz(request: web.Request) -> web.Response:
    _record(request, 200, 0)
    counts = request.app[HUB_KEY].counts() if HUB_KEY in request.app else {}
    return web.json_response({"ok": True, "version": request.app[LIVE_KEY].current().version,
                              **counts}, headers={"Cache-Control": "no-store"})


async def static(request: web.Request) -> web.StreamResponse:
    url_path = request.match_info["path"]
    for prefix, directory in request.app[EXTRA_KEY].items():
        if url_path.startswith(prefix):
            return await _extra(request, directory, url_path[len(prefix):])
    asset = request.app[LIVE_KEY].current().get(url_path)
    if asset is None:
        raise web.HTTPNotFound()
    return await respond(request, asset, sw=url_path == "sw.js")


async def _extra(request: web.Request, directory: Path, rel: str) -> web.StreamResponse:
    """A dev-only page: read per request (they are tiny and edited while tests run)."""
    path = directory / rel
    # Confined to its folder: no `..`, no symlink that points outside.
    if not rel or not path.is_file() or not _inside(path, directory):
        raise web.HTTPNotFound()
    return await respond(request, Asset.make(path.name, path.read_bytes()))


# -- every response: security headers, no version banner ------------------------------------------

class _Request(web.Request):
    """A request whose responses (errors of the HTTP parser included, which never reach the
    app's signals) get the security headers; dev-only pages all but the CSP (relay/headers.py)."""

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        routed = self._match_info is not None  # None: the parser refused the request
        dev = routed and self.path.startswith("/" + DEV_PREFIX) and self.app[EXTRA_KEY]
        response.headers.update(DEV_PAGE_HEADERS if dev else SECURITY_HEADERS)
        response.headers.pop("Server", None)  # no "aiohttp/x.y" banner
        await super()._prepare_hook(response)


class _ConciseBadRequests(logging.Filter):
    """A malformed request (client error) logs one line, not a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, HttpProcessingError):
            reason = (str(exc.message).splitlines() or [""])[0][:200]  # no caret diagram
            record.msg = f"{record.getMessage()}: {exc.code} {reason}".replace("%", "%%")
            record.args = ()
            record.exc_info = None
            record.exc_text = None
        return True


def _quiet_bad_requests() -> None:
    server_log = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, _ConciseBadRequests) for f in server_log.filters):
        server_log.addFilter(_ConciseBadRequests())


def room_state(limits: RoomLimits, redis_url: str | None) -> State | None:
    """The rooms' shared state: Redis with `--redis URL` (several processes), else None, the
    hub's own `LocalState`. The backplane imports redis only when it starts."""
    return RedisBackplane(redis_url, limits) if redis_url else None


def create_app(site: Site | None = None, extra_dirs: dict[str, Path] | None = None,
               dev: bool = False, limits: Limits | None = None,
               room_limits: RoomLimits | None = None,
               redis_url: str | None = None,
               table_limits: TableLimits | None = None,
               trusted_proxies: frozenset[str] = frozenset()) -> web.Application:
    """The app. The site is computed once here; `dev=True` rebuilds it when a file changes
    (devtools and `make run`). `extra_dirs` maps URL prefixes ('__dev__/') to directories for
    dev-only pages (a bare PyScript page, a Pyodide runner); they are never precached.
    `trusted_proxies`: addresses whose X-Forwarded-For names the client (relay/proxy.py)."""
    _quiet_bad_requests()
    middlewares = [client_address_middleware(trusted_proxies)] if trusted_proxies else []
    app = web.Application(middlewares=middlewares)
    app[LIVE_KEY] = LiveSite(site or Site(), dev=dev)
    app[LIMITS_KEY] = limits or Limits()
    app[EXTRA_KEY] = dict(extra_dirs or {})
    app[ACTIVE_KEY] = Counter()
    app[SENT_KEY] = deque(maxlen=10_000)  # bounded: `make run` may serve for days
    # Private aiohttp hook (pinned version; tests/relay check the headers on a parser error).
    app._make_request = functools.partial(app._make_request, _cls=_Request)  # type: ignore[method-assign]
    app.router.add_get("/healthz", healthz)
    room_limits = room_limits or RoomLimits()
    # GET /ws: peer rooms (relay/rooms.py, docs/relay.md)
    hub = install(app, room_limits, room_state(room_limits, redis_url))
    # GET /ws/tables: de åbne borde, the list of open tables (relay/open_tables.py)
    install_tables(app, hub, table_limits, redis_url)
    app.router.add_get("/{path:.*}", static)
    return app
