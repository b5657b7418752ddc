"""The client's address behind a reverse proxy (`python -m relay --trust-proxy ADDR`).

The relay's per-address limits (large downloads at once, new rooms a minute) key on
`request.remote`. Behind Caddy or nginx that is the proxy's own address, so every phone in the
pub would share one budget. For a connection from a trusted proxy only, the middleware below
takes the client's address from the last entry of `X-Forwarded-For`: the one that proxy appended
(Caddy sets it to the address it saw; entries before it came from the client and are not
trusted). From anyone else the header is ignored, so a phone cannot choose its own address.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable, Iterable

from aiohttp import web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
HEADER_MAX = 1024   # characters of X-Forwarded-For read at most (a header is outside input)


def parse_trusted(addresses: Iterable[str]) -> frozenset[str]:
    """The proxies' addresses, normalised; ValueError names one that is not an IP address."""
    trusted = set()
    for text in addresses:
        try:
            trusted.add(str(ipaddress.ip_address(text.strip())))
        except ValueError:
            raise ValueError(f"--trust-proxy: not an IP address: {text!r}") from None
    return frozenset(trusted)


def forwarded_client(header: str | None) -> str | None:
    """The last address of an X-Forwarded-For value, normalised, or None if it is absent,
    too long or not an IP address."""
    if not header or len(header) > HEADER_MAX:
        return None
    last = header.rsplit(",", 1)[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return None


def _normal(address: str | None) -> str | None:
    try:
        return str(ipaddress.ip_address(address)) if address else None
    except ValueError:
        return None


def client_address_middleware(trusted: frozenset[str]) -> Callable:
    """An aiohttp middleware: requests from a trusted proxy get `remote` = the forwarded client."""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if _normal(request.remote) in trusted:
            client = forwarded_client(request.headers.get("X-Forwarded-For"))
            if client is not None:
                request = request.clone(remote=client)
        return await handler(request)

    return middleware
