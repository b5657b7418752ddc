"""The share link's QR code, drawn by `segno` (pure Python), loaded only when it is needed.

The segno wheel is self-hosted beside Pyodide (web/vendor/wheels/, put there by
`python -m devtools.vendor`; precached like the rest of vendor/) and loaded with
`pyodide.loadPackage(<same-origin URL>)` the first time the host opens the lobby: never at boot,
where start-up time matters, and never from a CDN.
"""
from __future__ import annotations

from urllib.parse import urljoin

SEGNO_WHEEL = "segno-1.6.6-py3-none-any.whl"   # devtools/vendor.py pins the same file
WHEEL_PATH = f"./vendor/wheels/{SEGNO_WHEEL}"


def wheel_url(page_href: str) -> str:
    """The wheel's URL on the app's own origin (relative to the page: sub-path safe)."""
    return urljoin(page_href, WHEEL_PATH)


def svg(text: str) -> str:
    """The QR code of ``text`` as an inline <svg> (error level M, dark on light) with a viewBox
    and no fixed size: the CSS sizes it."""
    import segno  # loaded by load() in the browser; installed in the venv for CPython tests

    code = segno.make(text, error="m", micro=False)
    return code.svg_inline(scale=4, border=2, dark="#111", light="#fff",
                           svgclass="share-qr", lineclass=None, omitsize=True)


async def load(page_href: str) -> None:
    """Make ``import segno`` work in Pyodide (a no-op once loaded)."""
    try:
        import segno  # noqa: F401
        return
    except ImportError:
        pass
    import pyodide_js  # the running Pyodide (only in the browser)

    await pyodide_js.loadPackage(wheel_url(page_href))
