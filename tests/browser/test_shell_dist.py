"""`python -m relay build` output works on a plain static host, under a sub-path too."""

from __future__ import annotations

import functools
import http.server
import threading

import pytest

from devtools import browser as bt
from relay.build import build


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # keep pytest's output clean
        pass


@pytest.fixture
def static_host(tmp_path):
    """dist/ under /bodega/ on Python's stdlib static server (no relay involved)."""
    build(tmp_path / "bodega")
    handler = functools.partial(QuietHandler, directory=str(tmp_path))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def test_dist_boots_under_a_sub_path_on_a_static_host(browser, pw, static_host, watches, tmp_path):
    context = bt.phone_context(browser, pw)
    watches.append(bt.watch(context, static_host))
    try:
        page = context.new_page()
        page.goto(static_host + "/bodega/")
        bt.wait_for_app(page)
        cache = bt.wait_for_service_worker(page)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.scope)")
        assert scope == static_host + "/bodega/"
        assert cache.startswith("bodegabordet-")
        page.get_by_role("button", name="Regler").click()
        assert "Gangen i en runde" in page.get_by_test_id("regler-text").inner_text()
        outside = [u for u in watches[-1].requests if "/bodega/" not in u]
        assert not outside, f"requests outside the sub-path: {outside}"
    finally:
        context.close()
