"""The real app under the server's Content-Security-Policy: a whole Snyd game on a phone with a
`securitypolicyviolation` listener installed before any script runs, and zero violations."""
from __future__ import annotations

import pathlib
import sys
import time

from devtools import browser as bt
from relay.headers import SECURITY_HEADERS

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_table_driver import (
    open_app,
    peek_by_swipe,
    set_settings,
    set_table,
    tap,
    wait_state,
)

# Installed in every frame and worker-less page before its own scripts (add_init_script).
LISTENER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push([e.effectiveDirective, e.blockedURI, e.sourceFile,
                               e.lineNumber, e.columnNumber, e.sample].join(' | '));
});
"""


def violations(page) -> list[str]:
    return page.evaluate("window.__cspViolations")


def test_the_listener_reports_a_violation(contexts, watches, server):
    """The check can fail: an inline script on the app's page is refused and reported."""
    context = contexts("phone")
    watches[-1].allowed_errors.append("Executing inline script violates")  # the point here
    context.add_init_script(LISTENER)
    page = context.new_page()
    page.goto(server)
    page.wait_for_function("document.readyState === 'complete'")
    page.evaluate("""() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.body.append(s);
    }""")
    page.wait_for_function("window.__cspViolations.length > 0")
    assert page.evaluate("window.__inlineRan === undefined")
    assert any(v.startswith("script-src-elem") for v in violations(page)), violations(page)


def test_a_whole_game_under_the_policy_reports_no_violation(contexts, server, screenshot):
    context = contexts("phone")
    context.add_init_script(LISTENER)
    page = context.new_page()
    response = page.goto(server)
    assert response.headers["content-security-policy"] == SECURITY_HEADERS["Content-Security-Policy"]
    open_app(page, server)
    set_settings(page, tempo="hurtig")
    set_table(page, dice=1, regulars=2)
    seen = {"peek": 0, "bid": 0, "call": 0, "reveal": 0}
    games = set()
    for _ in range(200):
        s = wait_state(page, ("mine", "next"), timeout_s=30)
        games.add(page.locator(".round-info").inner_text().split("·")[0].strip())
        if s == "mine":
            peek_by_swipe(page)
            seen["peek"] += 1
            call = page.get_by_role("button", name="Løft", exact=True)
            if call.is_enabled():
                tap(page, call)
                seen["call"] += 1
            else:
                tap(page, page.get_by_role("button", name="Byd", exact=True))
                seen["bid"] += 1
            continue
        seen["reveal"] += 1
        if seen["reveal"] == 1:
            page.wait_for_timeout(600)  # let the reveal's animations settle for the picture
            screenshot(page, "csp-reveal")
        if len(games) >= 2 and seen["reveal"] >= 3:  # a game ended and the next one began
            break
        tap(page, page.locator('[data-action="next"]'))
    else:
        raise AssertionError(f"the game did not end in 200 steps: {seen}")
    screenshot(page, "csp-game-over")
    tap(page, page.get_by_role("button", name="Tavlen"))
    page.get_by_test_id("tally").wait_for(state="visible")
    assert seen["reveal"] >= 3 and seen["peek"] >= 1 and len(games) >= 2, (seen, games)
    assert violations(page) == []


def wait_for_violation(page, timeout_s: float) -> list[str]:
    """Poll with evaluate (wait_for_function compiles its predicate: refused without eval)."""
    end = time.monotonic() + timeout_s
    while not violations(page) and time.monotonic() < end:
        page.wait_for_timeout(100)
    return violations(page)


def policy_without(directive: str, source: str | None) -> str:
    """The server's CSP with one source (or, source None, one whole directive) taken out."""
    parts = []
    for part in SECURITY_HEADERS["Content-Security-Policy"].split("; "):
        name, _, sources = part.partition(" ")
        if name == directive:
            if source is None:
                continue
            sources = " ".join(s for s in sources.split() if s != source)
        parts.append(f"{name} {sources}")
    return "; ".join(parts)


def serve_shell_with(page, server: str, policy: str) -> None:
    """Answer the page's navigation to the app with `policy` instead of the server's CSP."""
    def swap(route):
        response = route.fetch()
        headers = dict(response.headers, **{"content-security-policy": policy})
        route.fulfill(response=response, headers=headers)
    page.route(lambda url: url.rstrip("/") == server.rstrip("/"), swap)


def test_every_relaxed_source_of_the_policy_is_needed(browser, pw, server):
    """'unsafe-eval' and style-src-attr are in the policy only because the app needs them: take
    one out and the browser reports a violation (when a PyScript upgrade no longer needs eval,
    this fails: drop it from relay/headers.py then). Unwatched contexts: errors are the point."""
    # Without 'unsafe-eval', PyScript's Function() is refused while the page boots.
    context = bt.phone_context(browser, pw)
    try:
        context.add_init_script(LISTENER)
        page = context.new_page()
        serve_shell_with(page, server, policy_without("script-src", "'unsafe-eval'"))
        page.goto(server)
        seen = wait_for_violation(page, 60)
        assert any(v.startswith("script-src | eval") for v in seen), seen
    finally:
        context.close()
    # Without style-src-attr, the table's style="…" attributes (seat positions) are refused.
    context = bt.phone_context(browser, pw)
    try:
        context.add_init_script(LISTENER)
        page = context.new_page()
        serve_shell_with(page, server, policy_without("style-src-attr", None))
        open_app(page, server)
        set_table(page, dice=1, regulars=2)
        seen = wait_for_violation(page, 10)
        assert any(v.startswith("style-src-attr") for v in seen), seen
    finally:
        context.close()
