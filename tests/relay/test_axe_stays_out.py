"""axe-core is for the accessibility test only (issue 12): a devDependency that never reaches
the app — not vendored, not served, not precached, so not in dist/ either."""
from __future__ import annotations

import json

from relay.site import ROOT, Site


def test_axe_core_is_a_pinned_dev_dependency_only():
    package = json.loads((ROOT / "web" / "package.json").read_text(encoding="utf-8"))
    assert "axe-core" not in package.get("dependencies", {})
    version = package["devDependencies"]["axe-core"]
    assert version[0].isdigit(), f"pin an exact version, not {version!r}"


def test_axe_core_is_neither_served_nor_precached_nor_vendored():
    site = Site()
    assert not [u for u in site.site_urls() if "axe" in u.lower()]
    assert site.resolve("node_modules/axe-core/axe.min.js") is None
    assert site.resolve("vendor/axe.min.js") is None
    assert not [p for p in (ROOT / "web" / "vendor").rglob("*axe*")]
