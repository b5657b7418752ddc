"""deploy/Caddyfile, run for real on loopback: Caddy with its own CA (`local_certs`) in front of
`python -m relay` (docs/deploy.md, "HTTPS with Caddy").

Over https the app comes back as the relay serves it, with each security header of
relay/headers.py exactly once; a WebSocket over wss to /ws opens a room (host -> ready) and a
guest's frame goes through. Caddy runs with HOME and XDG_* in the test's tmp folder and
`skip_install_trust`, so no system trust store is touched: the client trusts only the root
certificate Caddy made there. A missing `caddy` fails the test (.ci/run installs it).
"""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import ssl
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import aiohttp
import pytest

from relay.headers import SECURITY_HEADERS

ROOT = Path(__file__).resolve().parents[2]
CADDYFILE = ROOT / "deploy" / "Caddyfile"
# The relay computes its site at start: from a fresh clone that packs the wasm with brotli
# (~35 s, more on a loaded machine; cached in .cache/brotli after). Caddy makes its CA at once.
RELAY_START_S = 180.0
CADDY_START_S = 60.0
WAIT_S = 10.0    # an expected frame or response that takes longer is a failure


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def started(cmd: list[str], log: Path, env: dict[str, str] | None = None) -> subprocess.Popen:
    with log.open("wb") as out:
        return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def wait_until(ready, what: str, procs: list[tuple[subprocess.Popen, Path]],
               bound_s: float = CADDY_START_S) -> None:
    """Poll `ready()` until it is true, bounded; a process that died fails with its log."""
    deadline = time.monotonic() + bound_s
    while not ready():
        for proc, log in procs:
            if proc.poll() is not None:
                pytest.fail(f"{what}: {proc.args[0]} exited {proc.returncode}:\n"
                            + log.read_text(errors="replace")[-3000:])
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not ready after {bound_s:.0f} s")
        time.sleep(0.2)


def answers(port: int, context: ssl.SSLContext | None = None) -> bool:
    """Something at 127.0.0.1:port completes a TCP (and, given a context, a TLS) handshake."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2) as raw:
            if context is not None:
                with context.wrap_socket(raw, server_hostname="127.0.0.1"):
                    pass
        return True
    except OSError:
        return False


def caddy_env(home: Path, site: str, relay: str) -> dict[str, str]:
    options = [
        "local_certs",                   # Caddy's own CA, no ACME
        "skip_install_trust",            # never into the system's trust store
        "admin off",                     # no admin endpoint on :2019
        "default_bind 127.0.0.1",        # loopback only
        f"http_port {free_port()}",      # not :80
        "auto_https disable_redirects",  # no http -> https listener
    ]
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home),
            "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config"),
            "BODEGA_SITE": site, "BODEGA_RELAY": relay,
            "BODEGA_CADDY_OPTIONS": "\n".join(options)}


async def fetch(session: aiohttp.ClientSession, url: str, **kw) -> tuple[int, dict, bytes]:
    async with session.get(url, headers={"Accept-Encoding": "br, gzip"}, **kw) as resp:
        return resp.status, resp.headers, await resp.read()


async def receive(ws: aiohttp.ClientWebSocketResponse) -> dict:
    msg = await asyncio.wait_for(ws.receive(), WAIT_S)
    assert msg.type is aiohttp.WSMsgType.TEXT, (msg.type, msg.data)
    return json.loads(msg.data)


async def through_caddy(https: str, direct: str, tls: ssl.SSLContext) -> None:
    timeout = aiohttp.ClientTimeout(total=WAIT_S)
    async with aiohttp.ClientSession(timeout=timeout) as session:
        status, headers, body = await fetch(session, https + "/", ssl=tls)
        want_status, want_headers, want_body = await fetch(session, direct + "/")
        assert status == want_status == 200
        assert body == want_body and b'data-testid="start"' in body, "the app, as the relay sends it"
        for name, value in SECURITY_HEADERS.items():
            assert headers.getall(name, []) == [value], f"{name}: {headers.getall(name, [])}"
        assert headers.getall("Strict-Transport-Security") == ["max-age=31536000"]
        assert "Server" not in headers and "Server" not in want_headers, "no banner"
        assert headers.getall("Content-Encoding") == want_headers.getall("Content-Encoding")
        assert headers.getall("ETag") == want_headers.getall("ETag")

        room, key = "r" * 22, "k" * 22
        wss = https.replace("https://", "wss://") + "/ws"
        async with session.ws_connect(wss, ssl=tls) as host:
            await host.send_json({"op": "host", "room": room, "key": key})
            ready = await receive(host)
            assert ready["op"] == "ready" and ready["role"] == "host", ready
            async with session.ws_connect(wss, ssl=tls) as guest:
                await guest.send_json({"op": "join", "room": room})
                seated = await receive(guest)
                assert seated["op"] == "ready" and seated["role"] == "guest", seated
                assert await receive(host) == {"op": "joined", "peer": seated["peer"]}
                await guest.send_json({"op": "send", "data": "hej"})
                assert await receive(host) == {"op": "from", "peer": seated["peer"],
                                               "data": "hej"}


def test_caddy_serves_the_relay_over_tls_with_its_headers_once_and_websockets(tmp_path):
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.fail("caddy is missing: `apt-get install caddy` (.ci/run installs it)")
    relay_port, https_port = free_port(), free_port()
    relay_log, caddy_log = tmp_path / "relay.log", tmp_path / "caddy.log"
    relay = started([sys.executable, "-m", "relay", "--host", "127.0.0.1",
                     "--port", str(relay_port)], relay_log)
    procs = [(relay, relay_log)]
    try:
        wait_until(lambda: answers(relay_port), "the relay", procs, RELAY_START_S)
        env = caddy_env(tmp_path / "caddy-home", f"127.0.0.1:{https_port}",
                        f"127.0.0.1:{relay_port}")
        proc = started([caddy, "run", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                       caddy_log, env)
        procs.append((proc, caddy_log))
        root = tmp_path / "caddy-home" / "data" / "caddy" / "pki" / "authorities" / "local"
        wait_until(lambda: (root / "root.crt").is_file(), "Caddy's CA", procs)
        tls = ssl.create_default_context(cafile=str(root / "root.crt"))
        wait_until(lambda: answers(https_port, tls), "Caddy's https", procs)
        with ThreadPoolExecutor(1) as pool:  # a loop of its own, bounded
            pool.submit(asyncio.run, asyncio.wait_for(
                through_caddy(f"https://127.0.0.1:{https_port}",
                              f"http://127.0.0.1:{relay_port}", tls), 60)).result()
    finally:
        for proc, _ in reversed(procs):
            stop(proc)
