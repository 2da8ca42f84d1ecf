"""Muting follows the account (issue 14): a player signed in mutes another account's line in
the lobby chat; another browser signed in to the same account (in Italian, on a phone) finds
that account's lines muted there too, and lifts the mute from the account panel. A muted line
reaches the page without its words (issue 32): a "show" button asks the server for them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import DEVICES, Browsers, Server
from tests.browser.driver import fits_width, shot
from tests.browser.test_browser_accessibility import violations
from tests.browser.test_browser_accounts import fill_account_form, signed_up

pytestmark = pytest.mark.browser


def lobby_chat(page: Any, url: str) -> None:
    """The lobby with its chat open (the page remembers an open chat box)."""
    page.goto(url + "/lobby")
    box = page.locator(".lobby-chat details.chat-box")
    box.wait_for()
    if box.get_attribute("open") is None:
        box.locator("summary").click()


@pytest.mark.slow
def test_a_mute_made_in_one_browser_holds_in_another_and_is_lifted_from_the_account(
    server: Server, browsers: Browsers, axe_source: str, shots: Path
) -> None:
    bruno = signed_up(browsers, server.url, "bruno")
    lobby_chat(bruno, server.url)
    bruno.fill('.lobby-chat input[name="chat"]', "buy cheap chips")
    bruno.locator(".lobby-chat button[type=submit]").click()
    bruno.locator(".lobby-chat .chat-text", has_text="buy cheap chips").wait_for()

    anna = signed_up(browsers, server.url, "anna", bypass_csp=True)
    lobby_chat(anna, server.url)
    line = anna.locator(".lobby-chat .chat-line", has_text="bruno")
    line.locator(".chat-text", has_text="buy cheap chips").wait_for()
    line.get_by_role("button", name="mute bruno").click()
    line.locator(".chat-text", has_text="(muted)").wait_for()
    line.get_by_role("button", name="unmute bruno").wait_for()
    assert anna.locator(".lobby-chat .chat-text", has_text="buy cheap chips").count() == 0
    assert violations(anna, axe_source) == []
    shot(anna, shots / "lobby-chat-muted-en-laptop.png")
    line.get_by_role("button", name="show what bruno said").click()
    line.locator(".chat-text", has_text="buy cheap chips").wait_for()
    assert line.get_by_role("button", name="show what bruno said").count() == 0

    phone = browsers.page(locale="it-IT", at=server.url + "/", bypass_csp=True, **DEVICES["phone"])
    fill_account_form(phone, "sign-in", "anna", "a good long password")
    phone.locator("#account .signed-in").wait_for()
    lobby_chat(phone, server.url)
    elsewhere = phone.locator(".lobby-chat .chat-line", has_text="bruno")
    elsewhere.locator(".chat-text", has_text="(silenziato)").wait_for()
    assert phone.locator(".lobby-chat .chat-text", has_text="buy cheap chips").count() == 0
    assert fits_width(phone)
    elsewhere.get_by_role("button", name="mostra cosa ha scritto bruno").click()
    elsewhere.locator(".chat-text", has_text="buy cheap chips").wait_for()

    phone.goto(server.url + "/")
    phone.locator("#account details.mutes summary", has_text="Giocatori silenziati").click()
    phone.locator("#account .mute-list .mute-name", has_text="bruno").wait_for()
    assert violations(phone, axe_source) == []
    shot(phone, shots / "account-muted-players-it-phone.png")
    phone.locator("#account .mute-list").get_by_role("button", name="riattiva bruno").click()
    phone.locator("#account .mute-list", has_text="Non hai silenziato nessuno.").wait_for()
    lobby_chat(phone, server.url)
    phone.locator(".lobby-chat .chat-text", has_text="buy cheap chips").wait_for()
