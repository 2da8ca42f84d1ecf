"""Rematch (issue 12, item 9): at the end of a game against the computer, one click starts the
same game again, the other seat dealing the first hand."""

from __future__ import annotations

import re

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import click, new_game, next_hand, play_hand, stage


def test_rematch_starts_a_second_game_with_the_other_dealing_first(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page()
    first = new_game(page, server.url, level=1, preset="standard", options={"target": 10})
    page.locator(".log li").first.wait_for()
    first_deal = re.search(r"Hand 1: (.+) deals\.", page.inner_text(".log"))
    assert first_deal
    for _ in range(30):
        play_hand(page)
        if stage(page) == "over":
            break
        next_hand(page)
    page.locator(".game-over").wait_for()
    click(page, "rematch")
    page.wait_for_url(re.compile(r".*/play/(?!" + first + ").+"))
    page.locator(".felt.stage-hand").wait_for()
    assert "Hand 1" in page.inner_text(".middle") or page.locator(".layout-panel").count()
    assert "Playing to 10" in page.inner_text(".scorebox")
    second_deal = re.search(r"Hand 1: (.+) deals\.", page.inner_text(".log"))
    assert second_deal and second_deal.group(1) != first_deal.group(1)
