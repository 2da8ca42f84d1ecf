"""The review of a finished game in the browser: from the replay, the marked decisions and a
jump to each."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import new_game, next_hand, play_hand, shot, stage


@pytest.mark.slow  # a whole game in the browser, then its review
def test_review_my_game_from_the_replay_lists_the_marks_and_jumps_to_one(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    page = browsers.page()
    game_id = new_game(page, server.url, level=1, options={"target": 1})
    for _ in range(10):
        play_hand(page)
        if stage(page) == "over":
            break
        next_hand(page)
    assert stage(page) == "over"
    page.goto(f"{server.url}/play/{game_id}?replay")
    page.locator(".replay-bar").wait_for()
    page.locator('.replay-bar button[data-name="review"]').click()
    panel = page.locator("section.review")
    panel.wait_for(timeout=60_000)
    summary = panel.locator(".review-summary").inner_text()
    judged = int(re.search(r"decisions judged: (\d+)", summary).group(1))  # type: ignore[union-attr]
    assert judged > 0
    marks = panel.locator(".review-mark")
    if marks.count():
        assert re.match(r"Hand \d+, move \d+: ", marks.first.locator(".review-head").inner_text())
        marks.first.locator('button[data-name="goto"]').click()
        assert page.locator(".review-mark.current").count() == 1
    else:
        assert "well played" in panel.inner_text()
    shot(page, shots / "review.png")
    page.locator('.replay-bar button[data-name="review"]').click()
    assert page.locator("section.review").count() == 0
