"""Accounts from the home page (issue 14): a guest's game moves into the account created in
that browser, another browser signed in to the account finds it and plays it, and signing
out leaves that browser a guest with no games; errors read in the player's words."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import new_game


def fill_account_form(page: Any, form: str, username: str, password: str) -> None:
    page.fill(f'form[name="{form}"] input[name="username"]', username)
    page.fill(f'form[name="{form}"] input[name="password"]', password)
    page.locator(f'form[name="{form}"] button[type=submit]').click()


def signed_up(browsers: Browsers, url: str, name: str, **options: Any) -> Any:
    """A new page (``options`` for ``browsers.page``) signed up to account ``name``."""
    page = browsers.page(**options, at=url + "/")
    page.locator("#account button.switch").click()
    fill_account_form(page, "sign-up", name, "a good long password")
    page.locator("#account .signed-in").wait_for()
    return page


def test_a_guests_game_follows_the_account_to_another_browser(
    server: Server, browsers: Browsers
) -> None:
    home = browsers.page()
    game = new_game(home, server.url, level=1)
    home.goto(server.url + "/")
    home.locator("#account button.switch").click()
    fill_account_form(home, "sign-up", "ab", "a good long password")
    home.locator('form[name="sign-up"] .notice.error',
                 has_text="A username has at least 3 characters.").wait_for()
    fill_account_form(home, "sign-up", "anna", "a good long password")
    home.locator("#account .notice.info",
                 has_text="1 game from this browser is now in your account.").wait_for()
    home.locator("#account .signed-in", has_text="Signed in as anna.").wait_for()

    laptop = browsers.page(locale="it-IT", at=server.url + "/")
    fill_account_form(laptop, "sign-in", "anna", "not the password")
    laptop.locator('form[name="sign-in"] .notice.error',
                   has_text="Nome utente o password errati.").wait_for()
    fill_account_form(laptop, "sign-in", "ANNA", "a good long password")
    laptop.locator("#account .signed-in", has_text="Accesso effettuato come anna.").wait_for()
    laptop.locator(f'#games li[data-game="{game}"] a.game-title').click()
    laptop.locator(".my-hand .card").first.wait_for()

    laptop.goto(server.url + "/")
    laptop.locator("#account button", has_text="Esci").first.click()
    laptop.locator("#account .notice.info", has_text="Disconnessione effettuata.").wait_for()
    laptop.locator('form[name="sign-in"]').wait_for()
    assert laptop.locator(f'#games li[data-game="{game}"]').count() == 0
