"""Chromium lets the app's page open the relay's WebSocket under the app's own CSP:
`connect-src 'self'` covers ws://same-origin (CSP3), so relay/headers.py needs no ws: source."""

from __future__ import annotations

import json
from pathlib import Path

from devtools import browser as bt
from devtools.browser import start_server
from relay.headers import CSP_DIRECTIVES
from relay.site import ROOT, Site

PAGE = '<!doctype html><title>ws</title><script src="app/ws.js"></script>'
# A same-origin script (the CSP allows no inline script): say hello as a host, show the reply.
SCRIPT = """
const violations = [];
document.addEventListener("securitypolicyviolation", (e) => violations.push(e.violatedDirective));
const room = "a".repeat(22), key = "b".repeat(22);
const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws");
ws.onopen = () => ws.send(JSON.stringify({op: "host", room, key}));
ws.onmessage = (e) => { window.result = {reply: JSON.parse(e.data), violations}; };
ws.onerror = () => { window.result = {error: true, violations}; };
"""


def csp_site(tmp: Path) -> Site:
    files = {"web/index.html": PAGE, "web/app/ws.js": SCRIPT,
             "web/pyscript.json": json.dumps({"interpreter": "./vendor/pyodide.mjs", "files": {}}),
             "sw.js": (ROOT / "sw.js").read_text(encoding="utf-8"), "manifest.json": "{}",
             "engine/__init__.py": ""}
    for name, text in files.items():
        (tmp / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp / name).write_text(text, encoding="utf-8")
    return Site(root=tmp)


def test_the_app_csp_allows_a_same_origin_websocket(tmp_path, browser):
    # The session's Chromium (a second sync_playwright cannot start beside the suite's own).
    assert CSP_DIRECTIVES["connect-src"] == "'self'"
    server = start_server(site=csp_site(tmp_path))
    try:
        context = browser.new_context(locale=bt.LOCALE)
        try:
            page = context.new_page()
            response = page.goto(server.url)
            assert "connect-src 'self'" in response.headers["content-security-policy"]
            page.wait_for_function("window.result !== undefined", timeout=15_000)
            result = page.evaluate("window.result")
        finally:
            context.close()
    finally:
        server.stop()
    assert result["violations"] == []
    assert result["reply"]["op"] == "ready" and result["reply"]["role"] == "host"
