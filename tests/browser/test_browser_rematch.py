"""Rematch (issue 12, item 9): at the end of a game against the computer, one click starts the
same game again, the other seat dealing the first hand."""

from __future__ import annotations

import re

import pytest

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


@pytest.mark.slow
def test_the_replay_jumps_to_a_hand_and_shows_both_hands_after_the_game(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page()
    game = new_game(page, server.url, level=1, preset="standard", options={"target": 60})
    hands = 1
    for _ in range(40):
        play_hand(page)
        if stage(page) == "over":
            break
        next_hand(page)
        hands += 1
    assert hands >= 2, "the game ended in one hand"
    page.goto(f"{server.url}/play/{game}?replay")
    page.locator(".replay-bar").wait_for()
    picker = page.locator('.replay-bar select[name="hand"]')
    assert picker.locator("option").count() == hands
    picker.select_option(label="Hand 2")
    page.wait_for_function("document.querySelector('.info .hand-no')?.innerText === 'Hand 2'")
    assert page.locator(".seat.top .card.back").count() > 0  # as the seat saw it
    page.locator('button[data-name="open"]').click()
    page.wait_for_function("document.querySelectorAll('.seat.top .card.back').length === 0")
    assert page.locator(".seat.top .card[data-card]").count() >= 10
    assert page.inner_text(".info .hand-no") == "Hand 2"  # still at the same step
