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

pytestmark = [pytest.mark.browser, pytest.mark.slow]

START_RATING = "1500"


def with_short_target(page: Any) -> None:
    """Add a target of 10 to the page's quick-match request (the only change to it)."""

    def shorten(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        body = json.loads(route.request.post_data or "{}")
        body["options"] = {"target": 10}
        route.continue_(post_data=json.dumps(body))

    page.route("**/api/quickmatch", shorten)


def seek(page: Any, url: str, play_now: str, clock: str) -> None:
    page.goto(url + "/lobby")
    panel = page.locator(".quick-match")
    panel.locator('select[name="quick-preset"]').select_option("standard")
    assert panel.locator('input[type="checkbox"][data-focus="quick-rated"]').is_checked()
    panel.locator("details summary").first.click()
    panel.locator(f'input[type="radio"][value="{clock}"]').first.check()
    panel.get_by_role("button", name=play_now).click()


def test_two_accounts_meet_by_rated_quick_match_play_to_the_end_and_both_are_rated(
    tmp_path: Path, browsers: Browsers, shots: Path
) -> None:
    with serving(tmp_path, extra=("--quick-match-computer", "3600")) as server:
        anna = signed_up(browsers, server.url, "anna")
        bruno = signed_up(browsers, server.url, "bruno", locale="it-IT",
                          viewport={"width": 390, "height": 844})
        for page in (anna, bruno):
            with_short_target(page)
        seek(anna, server.url, "Play now", "bank")
        anna.locator(".quick-waiting").wait_for()
        seek(bruno, server.url, "Gioca ora", "bank")
        for page in (anna, bruno):
            page.wait_for_url("**/play/**")
        assert anna.url.split("?")[0].rsplit("/", 1)[-1] == \
            bruno.url.split("?")[0].rsplit("/", 1)[-1]
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
