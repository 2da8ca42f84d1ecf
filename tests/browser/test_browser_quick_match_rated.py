"""Issue 14, end to end in two real browsers: two people sign up (one in Italian on a phone,
one in English on a laptop), press "Play now" in the lobby with the same rules, rated and
the same clock, are paired, play the rated game to its end, and both profiles then count
one rated game with a rating moved from the start, and the leaderboard lists both.

Quick match offers the presets' targets only (100 and more), so each seeker's request gets
``"options": {"target": 10}`` added on its way out (a Playwright route): the game is the
same rated quick-match game, over after a hand or two instead of a dozen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, serving
from tests.browser.driver import play_pages, shot
from tests.browser.test_browser_accounts import signed_up
from tests.browser.test_browser_quick_match import game_of

pytestmark = [pytest.mark.browser, pytest.mark.slow]

START_RATING = "1500"


@pytest.fixture(autouse=True)
def short_rated_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The servers of these tests rate games to a few points (``$GIN_RATED_ANY_RULES``)."""
    monkeypatch.setenv("GIN_RATED_ANY_RULES", "1")


def with_short_target(page: Any, target: int = 10, path: str = "**/api/quickmatch") -> None:
    """Add ``target`` to the page's quick-match request (or another POST to ``path``: a
    tournament's) as its rules' option (the only change to it)."""

    def shorten(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data or "{}")
        body["options"] = {"target": target}
        route.continue_(post_data=json.dumps(body))

    page.route(path, shorten)


PLAY_NOW = {"en-GB": "Play now", "it-IT": "Gioca ora"}


def seek(page: Any, url: str, play_now: str, clock: str) -> None:
    page.goto(url + "/lobby")
    panel = page.locator(".quick-match")
    panel.locator('select[name="quick-preset"]').select_option("standard")
    assert panel.locator('input[type="checkbox"][data-focus="quick-rated"]').is_checked()
    panel.locator("details summary").first.click()
    panel.locator(f'input[type="radio"][value="{clock}"]').first.check()
    panel.get_by_role("button", name=play_now).click()


def met_by_quick_match(browsers: Browsers, url: str, *seekers: tuple[str, dict[str, Any]],
                       target: int = 10, clock: str = "bank") -> tuple[Any, Any]:
    """Two accounts (``seekers``: each one's username and page options) sign up and press
    "Play now" in the lobby with the same rules (to ``target``), rated, with the same clock:
    their pages once both are at the game they were paired at."""
    first, second = (signed_up(browsers, url, name, **options) for name, options in seekers)
    for page in (first, second):
        with_short_target(page, target)
    seek(first, url, PLAY_NOW[seekers[0][1].get("locale", "en-GB")], clock)
    first.locator(".quick-waiting").wait_for()
    seek(second, url, PLAY_NOW[seekers[1][1].get("locale", "en-GB")], clock)
    for page in (first, second):
        page.wait_for_url("**/play/**")
    assert game_of(first.url) == game_of(second.url)
    return first, second


def test_two_accounts_meet_by_rated_quick_match_play_to_the_end_and_both_are_rated(
    tmp_path: Path, browsers: Browsers, shots: Path
) -> None:
    with serving(tmp_path, extra=("--quick-match-computer", "3600")) as server:
        anna, bruno = met_by_quick_match(
            browsers, server.url, ("anna", {}),
            ("bruno", {"locale": "it-IT", "viewport": {"width": 390, "height": 844}}))
        anna.locator(".scorebox .badge.rated", has_text="Rated").wait_for()
        bruno.locator(".scorebox .badge.rated").wait_for()
        play_pages([anna, bruno], to_the_end=True, limit=240.0)
        shot(bruno, shots / "rated-quick-match-over-it-phone.png")

        for page, words in ((anna, "1 rated game"), (bruno, "1 partita valida")):
            for name in ("anna", "bruno"):
                page.goto(f"{server.url}/players/{name}")
                rating = page.locator('.ratings li[data-family="standard"]')
                rating.wait_for()
                assert words in rating.inner_text()
                shown = rating.locator(".rating").inner_text().rstrip("?").strip()
                assert shown != START_RATING, (name, shown)
                assert page.locator('dd[data-stat="games"]').inner_text() == "1"
        anna.goto(server.url + "/leaderboard?provisional=1")
        board = anna.locator(".board tbody")
        board.locator("a", has_text="anna").wait_for()
        board.locator("a", has_text="bruno").wait_for()
        assert board.locator("tr").count() == 2
