"""Friends, blocks and who is online (issue 35): two accounts see each other in the lobby's
list of players online; one follows the other from a profile and, followed back, finds the
other first in the list, marked as a friend (in Italian on a phone too); the account panel
lists the players followed and blocked and ends a follow; a block from a profile keeps the
blocked player's lobby chat away. Every screen is axe-clean at 1366x768 and 390x844."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import DEVICES, Browsers, Server
from tests.browser.driver import fits_width, shot
from tests.browser.test_browser_accessibility import violations
from tests.browser.test_browser_accounts import fill_account_form, signed_up
from tests.browser.test_browser_chat_mutes import lobby_chat

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def online_row(page: Any, username: str) -> Any:
    return page.locator(f'.online-players li[data-player="{username}"]')


def follow_from_profile(page: Any, url: str, username: str, said: str) -> None:
    page.goto(f"{url}/players/{username}")
    page.get_by_role("button", name=f"Follow {username}").click()
    page.locator(".follow-status", has_text=said).wait_for()


def test_friends_see_each_other_online_first_and_a_block_keeps_the_chat_away(
    server: Server, browsers: Browsers, axe_source: str, shots: Path
) -> None:
    bruno = signed_up(browsers, server.url, "bruno", **DEVICES["laptop"])
    bruno.goto(server.url + "/lobby")
    online_row(bruno, "bruno").wait_for()

    anna = signed_up(browsers, server.url, "anna", bypass_csp=True, **DEVICES["laptop"])
    follow_from_profile(anna, server.url, "bruno", "You follow bruno")
    assert violations(anna, axe_source) == []
    shot(anna, shots / "profile-follow-en-laptop.png")

    follow_from_profile(bruno, server.url, "anna", "You and anna follow each other")
    bruno.goto(server.url + "/lobby")
    anna.goto(server.url + "/lobby")
    friend = online_row(anna, "bruno")
    friend.locator(".badge.friend", has_text="Friend").wait_for()
    assert anna.locator(".online-players li").first.get_attribute("data-player") == "bruno"
    assert "null" not in anna.locator(".online-players").inner_text()
    friend.get_by_role("link", name="bruno").wait_for()
    assert violations(anna, axe_source) == []
    shot(anna, shots / "lobby-online-friend-en-laptop.png")

    phone = browsers.page(locale="it-IT", at=server.url + "/", bypass_csp=True,
                          **DEVICES["phone"])
    fill_account_form(phone, "sign-in", "anna", "a good long password")
    phone.locator("#account .signed-in").wait_for()
    phone.goto(server.url + "/lobby")
    online_row(phone, "bruno").locator(".badge.friend", has_text="Amicizia").wait_for()
    assert fits_width(phone)
    assert violations(phone, axe_source) == []
    shot(phone, shots / "lobby-online-friend-it-phone.png")
    phone.goto(server.url + "/")
    phone.locator("#account details.friends summary", has_text="Giocatori che segui").click()
    followed = phone.locator('#account .social-list li[data-player="bruno"]')
    followed.locator(".badge.friend").wait_for()
    phone.locator("#account details.blocks summary", has_text="Giocatori bloccati").click()
    phone.locator("#account .social-list", has_text="Non hai bloccato nessuno.").wait_for()
    assert fits_width(phone)
    assert violations(phone, axe_source) == []
    shot(phone, shots / "account-friends-it-phone.png")
    followed.get_by_role("button", name="Non seguire più bruno").click()
    phone.locator("#account .social-list", has_text="Non segui nessuno.").wait_for()

    anna.goto(server.url + "/players/bruno")
    anna.get_by_role("button", name="Block bruno").click()
    anna.locator(".follow-status", has_text="You blocked bruno").wait_for()
    assert anna.get_by_role("button", name="Follow bruno").count() == 0
    assert "null" not in anna.locator(".follow").inner_text()
    assert violations(anna, axe_source) == []
    lobby_chat(anna, server.url)
    lobby_chat(bruno, server.url)
    bruno.fill('.lobby-chat input[name="chat"]', "can you read me")
    bruno.locator(".lobby-chat button[type=submit]").click()
    bruno.locator(".lobby-chat .chat-text", has_text="can you read me").wait_for()
    anna.fill('.lobby-chat input[name="chat"]', "anna says hello")
    anna.locator(".lobby-chat button[type=submit]").click()
    anna.locator(".lobby-chat .chat-text", has_text="anna says hello").wait_for()
    assert anna.locator(".lobby-chat .chat-line", has_text="bruno").count() == 0
    bruno.locator(".lobby-chat .chat-text", has_text="anna says hello").wait_for()

    anna.goto(server.url + "/")
    anna.locator("#account details.blocks summary").click()
    blocked = anna.locator('#account .social-list li[data-player="bruno"]')
    blocked.wait_for()
    assert violations(anna, axe_source) == []
    blocked.get_by_role("button", name="Unblock bruno").click()
    anna.locator("#account .social-list", has_text="You have not blocked anyone.").wait_for()
