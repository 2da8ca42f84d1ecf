"""The daily deal's page in the browser: a guest reads today's commitment, is asked to sign in,
and sees yesterday's revealed seed with the replay of its best game, whose deals the fair-deal
check proves; an account plays today's
deal from the page and comes back to it; no axe-core violation, in English and Italian, at a
laptop's and a phone's size."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.test_browser_accessibility import SIZES, violations
from tests.browser.test_browser_accounts import signed_up
from tests.server.account_kit import accounts_app
from tests.server.test_daily_deal import DAY, Clock, account, play, start

pytestmark = pytest.mark.browser


@pytest.fixture
def daily_server(tmp_path: Path) -> Iterator[tuple[Server, str]]:
    """`gin serve` on a database where bea played yesterday's daily deal to its end: the id
    of her game."""
    server = Server(tmp_path)
    yesterday = Clock()
    yesterday.offset = -DAY
    with accounts_app(server.database, clock=yesterday) as client:
        bea = account(client, "bea")
        game_id = start(client, bea)
        play(client, bea, game_id)
    server.start()
    try:
        yield server, game_id
    finally:
        server.stop()


def test_a_guest_reads_the_commitment_replays_and_checks_yesterdays_best_game(
        daily_server: tuple[Server, str], browsers: Browsers) -> None:
    server, game_id = daily_server
    page = browsers.page(at=server.url + "/")
    page.locator(".daily-link a").click()
    page.locator("h1", has_text="Daily deal").wait_for()
    commitment = page.locator(".intro .daily-hex code").inner_text()
    assert len(commitment) == 64
    page.locator(".daily-choice", has_text="for players with an account").wait_for()
    assert page.locator('[data-name="daily-play"]').count() == 0
    yesterday = page.locator(".daily-yesterday")
    assert "Best game: bea" in yesterday.inner_text()
    assert yesterday.locator(".daily-hex code").count() == 2  # its commitment and its seed
    page.locator('[data-name="daily-best-replay"]').click()
    page.locator(".replay-bar").wait_for()
    assert f"/play/{game_id}" in page.url
    page.go_back()
    page.locator(".daily-best a", has_text="Check its deals").click()
    page.wait_for_url(f"**/verify?game={game_id}*")
    summary = page.locator(".verify-result .verify-summary")
    summary.wait_for()
    assert "verified" in summary.inner_text() and "Not proved" not in summary.inner_text()


def test_an_account_plays_todays_deal_from_the_page_and_comes_back_to_it(
        daily_server: tuple[Server, str], browsers: Browsers) -> None:
    server, _ = daily_server
    page = signed_up(browsers, server.url, "anna")
    page.goto(server.url + "/daily")
    page.locator('[data-name="daily-play"]').click()
    page.wait_for_url("**/play/**")
    page.locator(".felt.stage-hand").wait_for()  # the first deal is dealt by itself
    page.goto(server.url + "/daily")
    page.locator(".daily-yours", has_text="Your game of the day is on").wait_for()
    page.locator(".daily-yours a", has_text="Back to your game").wait_for()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_no_axe_violation_on_the_daily_deal_page(
        daily_server: tuple[Server, str], browsers: Browsers, axe_source: str, locale: str,
        size: str) -> None:
    server, _ = daily_server
    page = browsers.page(locale=locale, viewport=SIZES[size], bypass_csp=True)
    found: dict[str, list[str]] = {}
    page.goto(server.url + "/daily")
    page.locator(".daily-yesterday .daily-best").wait_for()
    found["daily deal, a guest"] = violations(page, axe_source)
    page.goto(server.url + "/")
    page.locator("#account button.switch").click()
    page.fill('form[name="sign-up"] input[name="username"]', "cleo")
    page.fill('form[name="sign-up"] input[name="password"]', "a good long password")
    page.locator('form[name="sign-up"] button[type=submit]').click()
    page.locator("#account .signed-in").wait_for()
    page.goto(server.url + "/daily")
    page.locator('[data-name="daily-play"]').wait_for()
    found["daily deal, an account that may play"] = violations(page, axe_source)
    assert found == {name: [] for name in found}, found
