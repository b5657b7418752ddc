"""The relay's HTTP details: the site computed once, ETags per encoding, conditional requests,
Accept-Encoding q-values, security headers on every response, concise bad-request logs,
dev folders confined, symlinks out of the tree neither served nor listed."""

from __future__ import annotations

import asyncio
import gzip
import logging
import re
import socket
from concurrent.futures import ThreadPoolExecutor

import pytest
from aiohttp.test_utils import TestClient, TestServer

from relay import server as relay_server
from relay.build import build
from relay.headers import SECURITY_HEADERS, netlify_headers, nginx_snippet
from relay.server import accepts_gzip, create_app, none_match
from relay.site import ROOT, Site
from tests.relay.test_server import make_site


def run(coro_fn):
    """Run an async test body in a thread of its own (Playwright's loop may own the main one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro_fn()).result()


def requests(app, *calls):
    """[(status, headers, body)] for each (method, path, headers): one server, one event loop.
    `app` is an app or a site (a fresh app each call: aiohttp binds an app to one loop)."""
    if isinstance(app, Site):
        app = create_app(app)

    async def go():
        async with TestClient(TestServer(app)) as client:
            out = []
            for method, path, headers in calls:
                response = await client.request(method, path, headers=headers or {},
                                                auto_decompress=False)
                out.append((response.status, response.headers, await response.read()))
            return out
    return run(go)


# -- computed once --------------------------------------------------------------------------------

def test_site_is_computed_once_not_per_request(tmp_path, monkeypatch):
    site = make_site(tmp_path)
    calls = {"bundle": 0, "version": 0}
    for name in calls:
        original = getattr(Site, {"bundle": "python_bundle", "version": "version"}[name])

        def counted(self, _original=original, _name=name):
            calls[_name] += 1
            return _original(self)
        monkeypatch.setattr(Site, {"bundle": "python_bundle", "version": "version"}[name], counted)
    app = create_app(site)
    after_start = dict(calls)

    async def go():
        async with TestClient(TestServer(app)) as client:
            bodies = []
            for path in ("/healthz", "/sw.js", "/python.zip") * 5:
                response = await client.get(path)
                assert response.status == 200
                bodies.append(await response.read())
            after_requests = dict(calls)
            # Production never looks at the tree again: a changed file is not seen (no rescan).
            (tmp_path / "engine/snyd/__init__.py").write_text("X = 2\n", encoding="utf-8")
            later = await (await client.get("/healthz")).read()
            return bodies, after_requests, later

    bodies, after_requests, later = run(go)
    assert after_start["bundle"] >= 1 and after_start["version"] >= 1  # built at start
    assert after_requests == after_start, "a request rebuilt the bundle or the version"
    assert later == bodies[0]


def test_dev_server_rebuilds_on_change_and_only_then(tmp_path):
    site = make_site(tmp_path)
    app = create_app(site, dev=True)
    live = app[relay_server.LIVE_KEY]

    async def go():
        async with TestClient(TestServer(app)) as client:
            first = await (await client.get("/healthz")).json()
            for _ in range(5):
                await client.get("/sw.js")
            builds = live.builds
            (tmp_path / "web/app/main.py").write_text("print('ny')\n", encoding="utf-8")
            second = await (await client.get("/healthz")).json()
            return first, builds, second, live.builds

    first, builds, second, builds_after = run(go)
    assert builds == 1  # unchanged tree: no rebuild
    assert second["version"] != first["version"] and second["version"] == site.version()
    assert builds_after == 2


# -- ETags, Vary, If-None-Match, Accept-Encoding --------------------------------------------------

def test_etag_differs_per_encoding_and_varies(tmp_path):
    app = make_site(tmp_path)
    (_, gz, gz_body), (_, plain, plain_body) = requests(
        app, ("GET", "/vendor/pyodide.mjs", {"Accept-Encoding": "gzip"}),
        ("GET", "/vendor/pyodide.mjs", {"Accept-Encoding": "identity"}))
    assert gz["Content-Encoding"] == "gzip" and "Content-Encoding" not in plain
    assert gzip.decompress(gz_body) == plain_body
    assert gz["ETag"] != plain["ETag"]
    assert re.fullmatch(r'"[^"]+"', gz["ETag"]) and re.fullmatch(r'"[^"]+"', plain["ETag"])
    assert gz["Vary"] == plain["Vary"] == "Accept-Encoding"
    # A gzip tag does not validate the identity representation, and vice versa.
    (s1, _, _), (s2, _, _), (s3, _, _) = requests(
        app, ("GET", "/vendor/pyodide.mjs", {"Accept-Encoding": "identity",
                                             "If-None-Match": gz["ETag"]}),
        ("GET", "/vendor/pyodide.mjs", {"Accept-Encoding": "gzip",
                                        "If-None-Match": plain["ETag"]}),
        ("GET", "/vendor/pyodide.mjs", {"Accept-Encoding": "gzip", "If-None-Match": gz["ETag"]}))
    assert (s1, s2, s3) == (200, 200, 304)


def test_if_none_match_list_weak_and_star(tmp_path):
    app = make_site(tmp_path)
    tag = requests(app, ("GET", "/app/style.css", {"Accept-Encoding": "identity"}))[0][1]["ETag"]
    cases = {
        f'"nope", {tag}': 304,
        f'W/{tag}': 304,                     # weak comparison
        '*': 304,
        tag[:-3] + '"': 200,                 # a prefix of the tag is not the tag
        f'"x{tag[1:]}': 200,                 # nor is a longer tag that contains it
        '"nope"': 200,
    }
    results = requests(app, *[("GET", "/app/style.css", {"Accept-Encoding": "identity",
                                                         "If-None-Match": h}) for h in cases])
    assert [r[0] for r in results] == list(cases.values())
    assert results[0][1]["ETag"] == tag and results[0][2] == b""


@pytest.mark.parametrize("header, gz", [
    ("gzip", True), ("gzip, br", True), ("br;q=1.0, gzip;q=0.5", True), ("*", True),
    ("gzip;q=0", False), ("gzip; q=0.000", False), ("GZIP;Q=0", False), ("*;q=0", False),
    ("identity", False), ("", False), (None, False), ("br, *;q=0", False),
    ("gzip;q=0, *", False), ("gzip;q=bogus", False), ("x-gzip", True),
])
def test_accept_encoding_q_values(header, gz):
    assert accepts_gzip(header) is gz


def test_gzip_q0_gets_identity(tmp_path):
    app = make_site(tmp_path)
    (_, headers, body), = requests(app, ("GET", "/vendor/pyodide.mjs",
                                         {"Accept-Encoding": "gzip;q=0, identity"}))
    assert "Content-Encoding" not in headers
    assert body == (tmp_path / "web/vendor/pyodide.mjs").read_bytes()


def test_none_match_parsing():
    assert none_match('W/"a", "b"', '"b"') and none_match('W/"a"', '"a"')
    assert not none_match('"ab"', '"a"') and not none_match("", '"a"')
    assert not none_match(None, '"a"')


# -- security headers on every response -----------------------------------------------------------

def test_security_headers_on_every_response_and_no_banner(tmp_path):
    app = make_site(tmp_path)
    tag = requests(app, ("GET", "/", None))[0][1]["ETag"]
    results = requests(
        app,
        ("GET", "/", None),                                  # 200
        ("GET", "/", {"If-None-Match": tag}),                # 304
        ("GET", "/nothing", None),                           # 404
        ("POST", "/", None),                                 # 405
        ("GET", "/healthz", None),
        ("HEAD", "/vendor/pyodide.asm.wasm", None),
        ("GET", "/vendor/pyodide.asm.wasm", {"Accept-Encoding": "identity"}),
    )
    assert [r[0] for r in results] == [200, 304, 404, 405, 200, 200, 200]
    for status, headers, _ in results:
        for name, value in SECURITY_HEADERS.items():
            assert headers.get(name) == value, (status, name)
        assert "Server" not in headers, status


def raw_http(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            chunks.append(chunk)
        return b"".join(chunks)


def test_malformed_request_one_log_line_and_headers(tmp_path, caplog, capfd):
    app = create_app(make_site(tmp_path))

    async def go():
        async with TestServer(app) as srv:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(
                None, raw_http, srv.port,
                b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: banana\r\n\r\n")

    with caplog.at_level(logging.INFO, logger="aiohttp.server"):
        reply = run(go)
    head = reply.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    assert re.match(r"HTTP/1\.[01] 400 ", head), head
    for name, value in SECURITY_HEADERS.items():
        assert f"{name}: {value}" in head, name
    assert "\nServer:" not in head
    records = [r for r in caplog.records if r.name == "aiohttp.server"]
    assert len(records) == 1
    assert records[0].exc_info is None and "\n" not in records[0].getMessage()
    assert "Traceback" not in capfd.readouterr().err


def test_build_headers_file_and_nginx_snippet_match_the_server(tmp_path):
    out = tmp_path / "dist"
    build(out, make_site(tmp_path / "src"))
    written = (out / "_headers").read_text(encoding="utf-8")
    assert written == netlify_headers()
    lines = written.splitlines()
    assert lines[0] == "/*"
    parsed = dict(line.strip().split(": ", 1) for line in lines[1:])
    assert parsed == SECURITY_HEADERS
    # docs/deploy.md carries the nginx snippet: it must be the server's headers, verbatim.
    deploy = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    nginx = dict(re.findall(r'^\s*add_header (\S+) "([^"]*)" always;$', deploy, re.MULTILINE))
    assert {k: v for k, v in nginx.items() if k != "Cache-Control"} == SECURITY_HEADERS
    assert [line.strip() for line in deploy.splitlines() if "add_header" in line
            and line.strip().split()[1] in SECURITY_HEADERS] == nginx_snippet().splitlines()


# -- confinement ----------------------------------------------------------------------------------

def test_dev_folders_are_confined(tmp_path):
    site = make_site(tmp_path / "site")
    dev = tmp_path / "pages"
    dev.mkdir()
    (dev / "ok.html").write_text("<p>ok</p>", encoding="utf-8")
    (tmp_path / "secret.txt").write_text("secret", encoding="utf-8")
    (dev / "leak.txt").symlink_to(tmp_path / "secret.txt")
    app = create_app(site, extra_dirs={"__dev__/": dev})
    results = requests(app, ("GET", "/__dev__/ok.html", None),
                       ("GET", "/__dev__/leak.txt", None),
                       ("GET", "/__dev__/..%2Fsecret.txt", None),
                       ("GET", "/__dev__/%2E%2E/secret.txt", None),
                       ("GET", "/__dev__/", None))
    assert [r[0] for r in results] == [200, 404, 404, 404, 404]
    assert not any(b"secret" in r[2] for r in results)
    # Dev pages (test tooling, inline scripts) get every security header but the CSP.
    assert "Content-Security-Policy" not in results[0][1]
    assert results[0][1]["Referrer-Policy"] == SECURITY_HEADERS["Referrer-Policy"]


def test_symlinks_out_of_the_tree_are_neither_served_nor_listed(tmp_path):
    site = make_site(tmp_path / "site")
    (tmp_path / "outside.css").write_text("body{}", encoding="utf-8")
    (tmp_path / "site/web/app/outside.css").symlink_to(tmp_path / "outside.css")
    (tmp_path / "outside.py").write_text("SECRET = 1\n", encoding="utf-8")
    (tmp_path / "site/engine/outside.py").symlink_to(tmp_path / "outside.py")
    assert "app/outside.css" not in site.precache_urls()
    assert "engine/outside.py" not in site.python_files()
    assert site.resolve("app/outside.css") is None
    (status, _, _), = requests(create_app(site), ("GET", "/app/outside.css", None))
    assert status == 404
    urls = build(tmp_path / "dist", site)  # no longer aborts on a listed-but-refused file
    assert "app/outside.css" not in urls


def test_dev_pages_are_not_in_the_site(tmp_path):
    """The dev prefix is only served when configured; elsewhere it is a 404 under the full CSP."""
    (status, headers, _), = requests(create_app(make_site(tmp_path)),
                                     ("GET", "/__dev__/ok.html", None))
    assert status == 404
    assert headers["Content-Security-Policy"] == SECURITY_HEADERS["Content-Security-Policy"]


def test_real_dist_has_only_what_the_app_loads(tmp_path):
    assert (ROOT / "web" / "vendor" / "pyodide.mjs").is_file(), "run `make setup` (web/vendor/)"
    urls = build(tmp_path / "dist", Site())
    assert not [u for u in urls if u.endswith(".py")]
    assert set(urls) == set(Site().precache_urls()) | {"sw.js"}
    files = {p.relative_to(tmp_path / "dist").as_posix()
             for p in (tmp_path / "dist").rglob("*") if p.is_file()}
    # Besides the URLs, only their precompressed twins (brotli_static / gzip_static).
    packed = {f for f in files if f.endswith((".br", ".gz"))}
    assert files - packed == set(urls) | {"_headers"}
    assert {f[:-3] for f in packed} <= set(urls)
    assert {"vendor/pyodide.asm.wasm.br", "vendor/pyodide.asm.wasm.gz", "index.html.br"} <= packed


def test_a_new_app_asset_is_served_and_precached_its_py_is_not(tmp_path):
    site = make_site(tmp_path)
    (tmp_path / "web/app/felt.svg").write_text("<svg/>", encoding="utf-8")
    assert "app/felt.svg" in site.precache_urls()
    assert "app/main.py" not in site.precache_urls() and "app/main.py" in site.python_files()
    (svg, _, body), (py, _, _) = [r[:3] for r in requests(
        site, ("GET", "/app/felt.svg", None), ("GET", "/app/main.py", None))]
    assert (svg, body, py) == (200, b"<svg/>", 404)
