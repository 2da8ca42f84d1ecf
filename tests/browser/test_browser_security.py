"""The client under the server's strict Content-Security-Policy, and DNS rebinding refused
(issue 11, item 10)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, Browsers, Server
from tests.browser.driver import new_game, play_hand, stage

WATCH_CSP = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""
REBOUND = "rebound.example"


def violations(page: Any) -> list[str]:
    found: list[str] = page.evaluate("window.cspViolations")
    return found


def test_pages_work_under_the_content_security_policy(server: Server,
                                                      browsers: Browsers) -> None:
    page = browsers.page()
    page.add_init_script(WATCH_CSP)
    home = page.goto(server.url + "/")
    assert home is not None
    policy = home.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    page.locator("form.new-game").wait_for()
    assert violations(page) == []
    new_game(page, server.url, level=1, options={"target": 10})
    play_hand(page)
    assert stage(page) in ("between_hands", "over")
    assert violations(page) == []
    for path in ("/rules", "/rules?lang=it", "/faq", "/tips?lang=it", "/verify"):
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
        assert violations(page) == [], path
    assert page.locator("#verify-record").count() == 1  # the checker's script ran
    page.evaluate("""() => {  // the policy holds: an injected inline script does not run
        const script = document.createElement("script");
        script.textContent = "window.injected = true";
        document.head.append(script);
    }""")
    page.wait_for_function("window.cspViolations.length > 0")
    assert violations(page) == ["script-src-elem inline"]
    assert page.evaluate("window.injected === undefined")
    browsers.errors[:] = [e for e in browsers.errors if "Content Security Policy" not in e]


@pytest.fixture
def rebinding_browser(browser: Any) -> Iterator[Any]:
    """Chromium that resolves rebound.example to 127.0.0.1, as a rebinding attacker's DNS does."""
    chromium = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {REBOUND} 127.0.0.1"])
    try:
        yield chromium
    finally:
        chromium.close()


def test_foreign_host_header_is_refused_in_the_browser(server: Server,
                                                       rebinding_browser: Any) -> None:
    context = rebinding_browser.new_context()
    try:
        page = context.new_page()
        page.goto(server.url + "/")  # the same server under its own address works
        page.locator("form.new-game").wait_for()
        answer = page.goto(f"http://{REBOUND}:{server.port}/api")
        assert answer is not None and answer.status == 400
        assert "this server does not answer to the host 'rebound.example:" in page.content()
        opened = page.evaluate("""(url) => new Promise((done) => {
            const socket = new WebSocket(url);
            socket.onopen = () => done("open");
            socket.onerror = () => done("refused");
        })""", f"ws://{REBOUND}:{server.port}/ws/x")
        assert opened == "refused"
    finally:
        context.close()
