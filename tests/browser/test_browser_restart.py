"""The server killed (kill -9) and started again in the middle of a hand: the page reconnects
by itself with ?since=n and the hand goes on from exactly where it was."""

from __future__ import annotations

from pathlib import Path

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import (
    hand_cards,
    new_game,
    pile_cards,
    play_hand,
    shot,
    step,
    wait_turn_or_end,
)


def test_the_server_killed_and_restarted_mid_hand_resumes(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    page = browsers.page()
    new_game(page, server.url, level=1)
    page.locator(".my-hand .card").first.wait_for()
    for _ in range(3):
        wait_turn_or_end(page)
        step(page, knock=False)
        page.wait_for_timeout(100)
    wait_turn_or_end(page)
    cards = sorted(hand_cards(page))
    pile = pile_cards(page)
    log = page.locator(".log li").all_inner_texts()

    server.kill()
    page.locator(".notice.warning").wait_for()
    assert "reconnecting" in page.inner_text(".notices")
    shot(page, shots / "reconnecting.png", full_page=False)
    server.start()  # the same port and database
    page.wait_for_function("document.querySelector('.notice.warning') === null", timeout=20_000)
    wait_turn_or_end(page)
    assert sorted(hand_cards(page)) == cards
    assert pile_cards(page) == pile
    assert page.locator(".log li").all_inner_texts() == log
    play_hand(page)
    assert page.locator(".result-panel .score-lines li").count() >= 1
