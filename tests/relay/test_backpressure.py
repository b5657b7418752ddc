"""Slow readers cannot pile up the server's memory: large bodies are written as slices of one
shared bytes object, a client address gets a bounded number of large downloads at once (503 +
Retry-After beyond), and a reader that stops reading is dropped after the send timeout.

The memory figures themselves (80 stalled readers) are measured by bench/server.py."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from concurrent.futures import ThreadPoolExecutor

from aiohttp import web
from aiohttp.test_utils import TestServer

from relay.headers import SECURITY_HEADERS
from relay.server import ACTIVE_KEY, LIVE_KEY, Limits, create_app
from tests.relay.test_server import make_site

BIG = 32 * 1024 * 1024  # far beyond loopback socket buffers, so an unread download blocks
LIMITS = Limits(large=64 * 1024, chunk=64 * 1024, per_client=2, send_timeout=0.5, retry_after=7)


def big_site(tmp_path):
    site = make_site(tmp_path)
    (tmp_path / "web/icons/big.png").write_bytes(b"\0" * BIG)  # .png: served as is, no gzip
    return site


def stalled_get(port: int, path: str = "/icons/big.png") -> socket.socket:
    """A client that asks for `path` and never reads: a tiny receive window, nothing read."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: t\r\nAccept-Encoding: identity\r\n\r\n".encode())
    return sock


def read_all(sock: socket.socket, limit_s: float = 20) -> tuple[bytes, bool]:
    """Everything until the server closes (True) or `limit_s` passes (False)."""
    sock.settimeout(limit_s)
    data = bytearray()
    try:
        while chunk := sock.recv(1 << 20):
            data += chunk
    except TimeoutError:
        return bytes(data), False
    except ConnectionResetError:
        pass
    return bytes(data), True


def with_server(app: web.Application, body):
    """Run `body(port, loop)` (blocking code) next to a live server on its own event loop."""
    async def go():
        async with TestServer(app) as srv:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(None, body, srv.port)
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, go()).result()


def wait_until(predicate, limit_s: float = 10) -> bool:
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


def test_a_client_over_its_cap_gets_503_with_retry_after(tmp_path):
    app = create_app(big_site(tmp_path), limits=Limits(per_client=2, send_timeout=60))

    def body(port):
        stalled = [stalled_get(port) for _ in range(2)]
        try:
            assert wait_until(lambda: app[ACTIVE_KEY].get("127.0.0.1") == 2)
            with socket.create_connection(("127.0.0.1", port)) as third:
                third.sendall(b"GET /icons/big.png HTTP/1.1\r\nHost: t\r\n"
                              b"Connection: close\r\n\r\n")
                reply, _ = read_all(third, 10)
            small = socket.create_connection(("127.0.0.1", port))  # small files still flow
            small.sendall(b"GET /manifest.json HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            small_reply, _ = read_all(small, 10)
            small.close()
        finally:
            for sock in stalled:
                sock.close()
        released = wait_until(lambda: not app[ACTIVE_KEY])
        return reply, small_reply, released

    reply, small_reply, released = with_server(app, body)
    head = reply.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    assert head.startswith("HTTP/1.1 503"), head
    assert "\r\nRetry-After: 10" in head
    assert f"Content-Security-Policy: {SECURITY_HEADERS['Content-Security-Policy']}" in head
    assert small_reply.startswith(b"HTTP/1.1 200")
    assert released, "closed downloads must give their slot back"


def test_a_stalled_reader_is_dropped_after_the_send_timeout(tmp_path, caplog):
    app = create_app(big_site(tmp_path), limits=LIMITS)

    def body(port):
        sock = stalled_get(port)
        try:
            assert wait_until(lambda: app[ACTIVE_KEY].get("127.0.0.1") == 1)
            # Never read: the server must give up on its own (0.5 s without progress).
            dropped = wait_until(lambda: not app[ACTIVE_KEY], limit_s=20)
            data, closed = read_all(sock, 20)
        finally:
            sock.close()
        return dropped, data, closed

    with caplog.at_level(logging.WARNING, logger="relay"):
        dropped, data, closed = with_server(app, body)
    assert dropped and closed
    assert data.startswith(b"HTTP/1.1 200") and len(data) < BIG  # cut off mid-body
    assert any("send timeout" in r.getMessage() for r in caplog.records)


def test_a_reader_that_keeps_reading_gets_everything(tmp_path):
    app = create_app(big_site(tmp_path), limits=LIMITS)

    def body(port):
        with socket.create_connection(("127.0.0.1", port)) as sock:
            sock.sendall(b"GET /icons/big.png HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
            return read_all(sock, 60)

    data, closed = with_server(app, body)
    head, payload = data.split(b"\r\n\r\n", 1)
    assert closed and head.startswith(b"HTTP/1.1 200") and len(payload) == BIG


def test_large_bodies_are_slices_of_the_one_shared_bytes(tmp_path, monkeypatch):
    app = create_app(big_site(tmp_path), limits=LIMITS)
    shared = app[LIVE_KEY].current().get("icons/big.png").body
    owners = []
    original = web.StreamResponse.write

    async def spy(self, data):
        owners.append(data.obj if isinstance(data, memoryview) else data)
        return await original(self, data)

    monkeypatch.setattr(web.StreamResponse, "write", spy)

    def body(port):
        for _ in range(2):
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.sendall(b"GET /icons/big.png HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                read_all(sock, 60)

    with_server(app, body)
    assert len(owners) >= 2 * BIG // LIMITS.chunk
    assert all(owner is shared for owner in owners), "a response copied the body"
