"""A rated table of three in the browser (issue 14): its score box carries the rated mark and
links each person's name to their profile, in the players' language; a guest's unrated table
has neither."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.test_browser_accessibility import SIZES, violations
from tests.browser.test_browser_accounts import fill_account_form
from tests.server.account_kit import PASSWORD, Browser, accounts_app, sign_up


@pytest.fixture
def rated_table(tmp_path: Path) -> Iterator[tuple[Server, str]]:
    """`gin serve` with a rated table of three that anna made and bea and cyril joined."""
    server = Server(tmp_path)
    with accounts_app(server.database) as client:
        anna, bea, cyril = Browser(client), Browser(client), Browser(client)
        for browser, name in ((anna, "anna"), (bea, "bea"), (cyril, "cyril")):
            with browser.use():
                sign_up(client, name)
        with anna.use():
            made = client.post("/api/games", json={"players": 3, "seats": ["friend", "friend"],
                                                   "options": {"dealer_rule": "loser"},
                                                   "rated": True})
        assert made.status_code == 201, made.text
        game: dict[str, Any] = made.json()
        for browser, invite in zip((bea, cyril), game["invites"], strict=True):
            with browser.use():
                joined = client.post(f"/api/games/{game['game_id']}/join",
                                     json={"token": invite["token"]})
            assert joined.status_code == 200, joined.text
    server.start()
    try:
        yield server, game["game_id"]
    finally:
        server.stop()


RATED_MARK = {"it-IT": "Valida per la classifica", "en-GB": "Rated"}


@pytest.mark.parametrize(("locale", "size"), [("it-IT", "phone"), ("en-GB", "laptop")])
def test_a_rated_tables_score_box_marks_it_rated_and_links_the_players_profiles(
        rated_table: tuple[Server, str], browsers: Browsers, axe_source: str, locale: str,
        size: str) -> None:
    server, game_id = rated_table
    page = browsers.page(locale=locale, viewport=SIZES[size], bypass_csp=True, at=server.url + "/")
    fill_account_form(page, "sign-in", "bea", PASSWORD)
    page.locator("#account", has_text="bea").wait_for()
    page.goto(f"{server.url}/play/{game_id}")
    box = page.locator(".table-game .scorebox")
    box.locator(".badge.rated").wait_for()
    assert box.locator(".badge.rated").inner_text() == RATED_MARK[locale]
    assert violations(page, axe_source) == []
    links = box.locator("a.profile-link")
    assert [links.nth(i).get_attribute("href") for i in range(links.count())] == [
        "/players/anna", "/players/bea", "/players/cyril"]
    links.nth(2).click()
    page.locator("h1", has_text="cyril").wait_for()


def test_a_guests_table_of_three_has_no_rated_mark_and_no_profile_links(
        server: Server, browsers: Browsers) -> None:
    page = browsers.page(at=server.url + "/")
    page.check('input[name="players"][value="3"]')
    page.fill('input[name="name"]', "Ann")
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_url("**/play/**")
    box = page.locator(".table-game .scorebox")
    box.wait_for()
    assert box.locator(".badge.rated").count() == 0
    assert box.locator("a.profile-link").count() == 0
