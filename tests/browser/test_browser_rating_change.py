"""Issue 31 in the browser: the game-over panel of a rated game says how it moved each
player's rating ("1500 → 1611 (+111), provisional"), in the reader's language (item 4); the
new game form, and quick match under your own rules, turn the rated choice off under rules too
short to rate, and say why (item 5).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.test_browser_accessibility import SIZES, violations
from tests.browser.test_browser_accounts import fill_account_form, signed_up
from tests.server.account_kit import PASSWORD, accounts_app
from tests.server.rating_kit import finish_rated, two_accounts


@pytest.fixture(scope="module")
def finished_rated(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Server, dict[str, Any]]]:
    """`gin serve` on a database where anna and bea have finished a rated game (the module's
    tests only read it: they share it)."""
    server = Server(tmp_path_factory.mktemp("rated"))
    with accounts_app(server.database) as client:
        anna, bea = two_accounts(client)
        game = finish_rated(client, anna, bea)
    server.start()
    try:
        yield server, game
    finally:
        server.stop()


LINE = {"en-GB": r"^(anna|bea): 1,500 → (\d,\d\d\d) \(([+−]\d+)\), provisional$",
        "it-IT": r"^(anna|bea): 1500 → (\d+) \(([+−]\d+)\), rating provvisorio$"}
"""Ratings written as every page writes them: "1,611" in English, "1611" in Italian."""
TITLE = {"en-GB": "Ratings", "it-IT": "Rating"}


@pytest.mark.parametrize(("locale", "size"), [("it-IT", "phone"), ("en-GB", "laptop")])
def test_the_game_over_panel_of_a_rated_game_shows_each_rating_change(
        finished_rated: tuple[Server, dict[str, Any]], browsers: Browsers, axe_source: str,
        locale: str, size: str) -> None:
    server, game = finished_rated
    page = browsers.page(locale=locale, viewport=SIZES[size], bypass_csp=True, at=server.url + "/")
    fill_account_form(page, "sign-in", "anna", PASSWORD)
    page.locator("#account", has_text="anna").wait_for()
    page.goto(f"{server.url}/play/{game['game_id']}")
    changes = page.locator(".game-over .rating-changes")
    changes.locator("li").nth(1).wait_for()
    assert changes.locator("h3").inner_text() == TITLE[locale]
    lines = [changes.locator("li").nth(i).inner_text() for i in range(2)]
    found = [re.match(LINE[locale], line) for line in lines]
    assert all(found), lines
    winner = game["final"]["settlement"]["winner"]
    for seat, match in enumerate(found):
        assert match is not None
        name, after, change = match.groups()
        assert name == ("anna", "bea")[seat]
        assert int(after.replace(",", "")) - 1500 == int(change.replace("−", "-"))
        assert change.startswith("+") == (seat == winner)
    assert violations(page, axe_source) == []


WHY = {"en-GB": "Casual only: a rated game is played to 100 points or more.",
       "it-IT": "Solo amichevole: una partita valida per la classifica si gioca ad almeno "
                "100 punti."}


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_the_form_turns_rated_off_under_a_short_target_and_says_why(
        server: Server, browsers: Browsers, locale: str) -> None:
    page = signed_up(browsers, server.url, "anna", locale=locale)
    page.locator('input[name="opponent"][value="friend"]').check()
    rated = page.locator('input[name="rated"]')
    rated.check()
    why = page.locator(".rated-why")
    assert rated.is_enabled() and why.is_hidden()
    page.locator("form.new-game details.options summary").click()
    page.fill('[data-option="target"] input[name="target"]', "15")
    why.wait_for()
    assert why.inner_text() == WHY[locale]
    assert rated.is_disabled() and not rated.is_checked()
    page.fill('[data-option="target"] input[name="target"]', "100")
    why.wait_for(state="hidden")
    assert rated.is_enabled() and rated.is_checked()


def test_quick_match_turns_rated_off_under_your_short_rules_and_says_why(
        server: Server, browsers: Browsers) -> None:
    page = signed_up(browsers, server.url, "anna")
    mine = {"players": 2, "preset": "standard", "values": {"target": 15}}
    page.evaluate("(rules) => localStorage.setItem('gin.home', JSON.stringify(rules))", mine)
    page.goto(server.url + "/lobby")
    rated = page.locator('.quick-match [data-focus="quick-rated"]')
    rated.wait_for()
    assert rated.is_enabled()
    page.locator('select[name="quick-preset"]').select_option(
        label="Your rules (Standard, changed)")
    why = page.locator(".quick-match .rated-why")
    why.wait_for()
    assert why.inner_text() == WHY["en-GB"]
    assert rated.is_disabled() and not rated.is_checked()
