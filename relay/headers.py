"""The security headers of every response: one definition for the server, `dist/_headers`
(Netlify / Cloudflare Pages) and the nginx snippet in docs/deploy.md.

Why each Content-Security-Policy source is there (found by running the app under the policy with
a `securitypolicyviolation` listener, tests/browser/test_csp.py):

- script-src 'self': every script is a same-origin file (no inline script, no CDN).
- 'wasm-unsafe-eval': Pyodide compiles python.asm.wasm.
- 'unsafe-eval': PyScript 0.7.31 itself needs it. On the main thread its hook set builds the
  worker hooks with `Function(...)` whenever a `<script type="py">` starts (core-*.js, class
  `Hook`: it reads `hooks.worker.onBeforeRunAsync`, a getter that compiles the hook's source).
  Without it the app never boots. Drop it when the app boots Pyodide without PyScript.
- style-src-attr 'unsafe-inline': the table's markup positions bubbles and lifts the cup with
  `style="…"` attributes inside innerHTML. Style *elements* stay same-origin only.
- img-src 'self': the icons are files.
- connect-src 'self': fetch of python.zip, pyscript.json, the wasm; CSP3 'self' also covers
  ws:/wss: to the same host, which is what the peer relay will use.
- worker-src 'self': the service worker (/sw.js). No blob: workers are created.
- frame-ancestors/base-uri/form-action/object-src: nothing of the kind is used.

Permissions-Policy allows the page itself what the app uses and denies what it never uses.
Shaking the phone rattles the cup (app/device/senses.py listens to `devicemotion`), and Chromium
delivers devicemotion only when the policy allows BOTH `accelerometer` and `gyroscope` to the
document (either one denied: no event, and "Permissions policy violation: …" as a console
error; tests/browser/test_shake.py). So both are `(self)`: this origin, no frame of another.
It leaves `microphone` alone on purpose: loopback WebRTC (peer tables, and their tests) only
gathers host ICE candidates when the page holds the microphone permission
(docs/browser-notes.md), so denying it would break peer tables. Only features Chromium
knows are listed: an unknown one logs a console error.
"""

from __future__ import annotations

CSP_DIRECTIVES: dict[str, str] = {
    "default-src": "'self'",
    "script-src": "'self' 'wasm-unsafe-eval' 'unsafe-eval'",
    "style-src": "'self'",
    "style-src-attr": "'unsafe-inline'",
    "img-src": "'self'",
    "connect-src": "'self'",
    "worker-src": "'self'",
    "manifest-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'none'",
    "frame-ancestors": "'none'",
}

# The motion sensors behind devicemotion (the shake): allowed to this origin only.
SELF_FEATURES = ("accelerometer", "gyroscope")
DENIED_FEATURES = (
    "camera", "display-capture", "geolocation", "hid", "magnetometer", "midi", "payment",
    "serial", "usb", "xr-spatial-tracking",
)


def permissions_policy() -> str:
    allowed = [f"{feature}=(self)" for feature in SELF_FEATURES]
    return ", ".join(allowed + [f"{feature}=()" for feature in DENIED_FEATURES])



def content_security_policy(directives: dict[str, str] = CSP_DIRECTIVES) -> str:
    return "; ".join(f"{name} {sources}" for name, sources in directives.items())


SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": content_security_policy(),
    "Referrer-Policy": "no-referrer",
    "Permissions-Policy": permissions_policy(),
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}

# Dev-only pages under /__dev__/ (devtools/pages, test tooling, never in dist/): an inline
# Pyodide runner, pages replaced by set_content, and the harness test that proves the watch sees
# a request to another origin (a CSP would block it before the network). Every header but the CSP.
DEV_PAGE_HEADERS: dict[str, str] = {
    name: value for name, value in SECURITY_HEADERS.items() if name != "Content-Security-Policy"}


def netlify_headers(headers: dict[str, str] = SECURITY_HEADERS) -> str:
    """The `_headers` file of Netlify / Cloudflare Pages: these headers on every path."""
    return "/*\n" + "".join(f"  {name}: {value}\n" for name, value in headers.items())


def nginx_snippet(headers: dict[str, str] = SECURITY_HEADERS) -> str:
    """`add_header` lines for nginx; `always` adds them to error responses too."""
    return "".join(f"add_header {name} \"{value}\" always;\n" for name, value in headers.items())
