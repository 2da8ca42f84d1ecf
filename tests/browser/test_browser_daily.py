"""The daily deal's page in the browser: a guest reads today's commitment, is asked to sign in,
and sees yesterday's revealed seed with the replay of its best game, whose deals the fair-deal
check proves; two accounts play today's deal from the page, are dealt the same cards and both
reach the day's leaderboard; no axe-core violation, in English and Italian, at a laptop's and a
phone's size."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import hand_cards, play_pages
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


@pytest.mark.slow
def test_two_accounts_play_todays_deals_and_both_reach_the_leaderboard(
        daily_server: tuple[Server, str], browsers: Browsers) -> None:
    server, _ = daily_server
    pages = [signed_up(browsers, server.url, name) for name in ("anna", "cleo")]
    first_hands = []
    for page in pages:
        page.goto(server.url + "/daily")
        page.locator('[data-name="daily-play"]').click()
        page.wait_for_url("**/play/**")
        page.locator(".felt.stage-hand").wait_for()  # the first deal is dealt by itself
        first_hands.append(sorted(hand_cards(page)))
    assert first_hands[0] == first_hands[1] and len(first_hands[0]) == 10
    anna = pages[0]
    table = anna.url
    anna.goto(server.url + "/daily")
    anna.locator(".daily-yours", has_text="Your game of the day is on").wait_for()
    anna.locator(".daily-yours a", has_text="Back to your game").click()
    anna.wait_for_url(table)
    anna.locator(".felt.stage-hand").wait_for()
    play_pages(pages, to_the_end=True, limit=600)
    anna.goto(server.url + "/daily")
    anna.locator(".daily-yours", has_text="Your points").wait_for()
    board = anna.locator("table.board tbody tr")
    assert sorted(board.evaluate_all("rows => rows.map(r => r.dataset.player)")) == [
        "anna", "cleo"]
    assert anna.locator('[data-name="daily-play"]').count() == 0  # one game a day


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
