"""The table's chat in real browsers: a line with HTML in it shows as text, a quick phrase
reads in each player's language, the watchers' chat never reaches the players, mute works; on a
laptop and on a phone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import DEVICES, Browsers, Server, serving
from tests.browser.driver import fits_width, invite_friend

pytestmark = pytest.mark.browser

HTML = '<img src=x onerror="document.title=\'pwned\'"><b>bold</b>'


def open_chat(page: object) -> None:
    """The chat box starts closed (it would push the table off a laptop's screen)."""
    page.locator(".chat-box summary").click()  # type: ignore[attr-defined]
    page.locator('.chat-box input[name="chat"]').wait_for()  # type: ignore[attr-defined]


def say(page: object, text: str) -> None:
    page.fill('.chat-box input[name="chat"]', text)  # type: ignore[attr-defined]
    page.locator(".chat-box button[type=submit]").click()  # type: ignore[attr-defined]


CY_AT = {"X-Forwarded-For": "192.0.2.9"}
"""A watcher at another address than the players (a watch socket from a player's address is a
player's, which reads no watchers' chat): the server trusts the loopback as its proxy."""


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Server]:
    with serving(tmp_path, extra=("--forwarded-allow-ips", "127.0.0.1")) as running:
        yield running


@pytest.mark.parametrize("device", DEVICES)
def test_chat_lines_are_text_phrases_are_translated_and_watchers_talk_apart(
    proxied: Server, browsers: Browsers, device: str
) -> None:
    server = proxied
    ann = browsers.page(**DEVICES[device])
    invite = invite_friend(ann, server.url)
    watch = ann.locator('input[data-link="watch"]').input_value()
    bea = browsers.page(locale="it-IT", at=invite, **DEVICES[device])
    bea.fill('input[name="name"]', "Bea")
    bea.locator(".panel.join button[type=submit]").click()
    bea.locator(".felt.stage-hand").wait_for()
    ann.locator(".felt.stage-hand").wait_for()
    open_chat(ann)
    open_chat(bea)

    say(ann, HTML)
    line = bea.locator(".chat-line", has_text="bold")
    line.wait_for()
    assert line.locator(".chat-text").inner_text() == HTML  # shown as typed, not run
    assert bea.locator(".chat-box img, .chat-box b").count() == 0
    assert bea.title() != "pwned" and ann.title() != "pwned"
    assert fits_width(bea) and fits_width(ann)  # the long line wraps, on a phone too

    ann.locator(".chat-phrases button", has_text="Good game!").click()
    bea.locator(".chat-line", has_text="Buona partita!").wait_for()
    ann.locator(".chat-line", has_text="Good game!").wait_for()

    cy = browsers.page(at=watch, extra_http_headers=CY_AT, **DEVICES[device])
    cy.locator(".felt.stage-hand").wait_for()
    open_chat(cy)
    assert "Chat among watchers" in cy.inner_text(".chat-box summary")
    assert cy.locator(".chat-line").count() == 0  # the players' lines are not the watchers'
    say(cy, "Bea should take the seven")
    cy.locator(".chat-line", has_text="take the seven").wait_for()
    say(bea, "ciao!")
    ann.locator(".chat-line", has_text="ciao!").wait_for()
    assert ann.locator(".chat-line", has_text="take the seven").count() == 0
    assert bea.locator(".chat-line", has_text="take the seven").count() == 0

    bea.locator(".chat-line", has_text="ciao!").get_by_role("button", name="silenzia Bea").click()
    assert "(silenziato)" in bea.locator(".chat-line", has_text="Bea").first.inner_text()
