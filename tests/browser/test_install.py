"""Installable: a valid manifest with our icons and no installability errors (Chromium's CDP)."""

from __future__ import annotations

import json
import struct

from devtools import browser as bt

ROOT = bt.ROOT


def png_size(path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_manifest_fields_and_icons() -> None:
    manifest = json.loads((ROOT / "manifest.json").read_text(encoding="utf-8"))
    for key in ("name", "short_name", "start_url", "scope", "theme_color", "background_color"):
        assert manifest.get(key), key
    assert manifest["display"] == "standalone"
    assert manifest["orientation"] == "portrait"
    sizes = {}
    for icon in manifest["icons"]:
        w, h = png_size(ROOT / "web" / icon["src"])
        assert icon["sizes"] == f"{w}x{h}"
        sizes.setdefault(icon.get("purpose", "any"), set()).add(w)
    assert {192, 512} <= sizes["any"]
    assert sizes.get("maskable"), "a maskable icon is required"


def test_installable_in_a_persistent_context(pw, app_server, watches, tmp_path) -> None:
    # Plain contexts are incognito and always report "in-incognito": use a persistent one.
    context = bt.launch_persistent(pw, tmp_path / "profile")
    watches.append(bt.watch(context, app_server.origin))
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(app_server.url)
        bt.wait_for_app(page)
        bt.wait_for_service_worker(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
        assert manifest["url"].endswith("/manifest.json")
        errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
    finally:
        context.close()
