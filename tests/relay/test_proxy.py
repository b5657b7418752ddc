"""Behind a reverse proxy (relay/proxy.py): the per-address limits count the client the
trusted proxy names in X-Forwarded-For, never the proxy itself, and never a header a client
wrote for itself."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from relay.proxy import client_address_middleware, forwarded_client, parse_trusted
from relay.rooms import install
from relay.server import create_app
from tests.relay.test_rooms import TEST_LIMITS, new_id, run

LIMITS = replace(TEST_LIMITS, hosts_per_minute=2)


def test_forwarded_client_is_the_last_address_and_junk_is_none():
    assert forwarded_client("203.0.113.9") == "203.0.113.9"
    assert forwarded_client("6.6.6.6, 203.0.113.9") == "203.0.113.9"   # the proxy's own entry
    assert forwarded_client(" 2001:db8::1 ") == "2001:db8::1"
    for junk in (None, "", "nonsense", "1.2.3.4, evil", "1.2.3.4," + " " * 2000):
        assert forwarded_client(junk) is None


def test_parse_trusted_normalises_and_refuses_names():
    assert parse_trusted(["127.0.0.1", " ::1 "]) == {"127.0.0.1", "::1"}
    with pytest.raises(ValueError, match="not an IP address"):
        parse_trusted(["localhost"])


async def _open_rooms(client, forwarded: str | None, n: int) -> list[int | str]:
    """Open `n` new rooms as host from one connection each; 'ready' or the close code."""
    results = []
    for _ in range(n):
        headers = {"X-Forwarded-For": forwarded} if forwarded else {}
        ws = await client.ws_connect("/ws", headers=headers)
        await ws.send_json({"op": "host", "room": new_id(), "key": new_id()})
        msg = await asyncio.wait_for(ws.receive(), 5)
        results.append(msg.json()["op"] if msg.type.name == "TEXT" else msg.data)
        await ws.close()
    return results


def _relay(trusted: frozenset[str]):
    middlewares = [client_address_middleware(trusted)] if trusted else []
    app = web.Application(middlewares=middlewares)
    install(app, LIMITS)
    return TestClient(TestServer(app))


def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_room_budget():
    async def go():
        async with _relay(frozenset({"127.0.0.1"})) as client:
            assert await _open_rooms(client, "198.51.100.1", 2) == ["ready", "ready"]
            # Another phone behind the same proxy still opens its tables.
            assert await _open_rooms(client, "198.51.100.2", 2) == ["ready", "ready"]
            # The first phone is over its own budget.
            assert await _open_rooms(client, "198.51.100.1", 1) == [4429]
    run(go)


def test_an_untrusted_client_cannot_choose_its_address_with_the_header():
    async def go():
        async with _relay(frozenset()) as client:   # no proxy trusted: the header is ignored
            assert await _open_rooms(client, "198.51.100.1", 2) == ["ready", "ready"]
            assert await _open_rooms(client, "198.51.100.2", 1) == [4429]
    run(go)


def test_create_app_installs_the_middleware_only_for_trusted_proxies():
    assert create_app(trusted_proxies=frozenset({"127.0.0.1"})).middlewares
    assert not create_app().middlewares
