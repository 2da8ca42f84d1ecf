"""Rematch (issue 12, item 9): at the end of a game against the computer, one click starts the
same game again, the other seat dealing the first hand; between friends, one asks and the
other accepts or declines, and both find themselves at the new table."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import click, enabled, new_game, next_hand, play_hand, play_pages, stage
from tests.browser.test_browser_accessibility import violations


def test_rematch_starts_a_second_game_with_the_other_dealing_first(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page()
    first = new_game(page, server.url, level=1, preset="standard", options={"target": 10})
    first_dealer = _first_dealer(page)
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
    assert _first_dealer(page) != first_dealer


@pytest.mark.slow
def test_the_replay_jumps_to_a_hand_and_shows_both_hands_after_the_game(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page()
    for _ in range(3):  # a hand can reach 60 alone: then another game
        game = new_game(page, server.url, level=1, preset="standard", options={"target": 60})
        hands = 1
        for _ in range(40):
            play_hand(page)
            if stage(page) == "over":
                break
            next_hand(page)
            hands += 1
        if hands >= 2:
            break
    assert hands >= 2, "three games ended in one hand"
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


def _first_dealer(page: Any) -> str:
    """Who deals hand 1, from the log (read while hand 1 is on: the log holds one hand)."""
    line = page.locator(".log li", has_text=re.compile(r"Hand 1: .+ deals\.")).first
    line.wait_for()
    found = re.search(r"Hand 1: (.+) deals\.", line.inner_text())
    assert found
    return found.group(1)


def _friends_to_the_end(server: Server, browsers: Browsers) -> tuple[Any, Any, str, str]:
    ann = browsers.page(bypass_csp=True)  # for axe-core
    first = new_game(ann, server.url, opponent="friend", name="Ann", options={"target": 1})
    ann.locator(".invite").wait_for()
    bob = browsers.page(bypass_csp=True, at=ann.locator('input[data-link="invite"]').input_value())
    bob.fill('input[name="name"]', "Bob")
    bob.locator(".panel.join button[type=submit]").click()
    for page in (ann, bob):
        page.locator(".felt.stage-hand").wait_for()
    first_dealer = _first_dealer(ann)
    for _ in range(20):
        play_pages([ann, bob])
        if all(stage(page) == "over" for page in (ann, bob)):
            return ann, bob, first, first_dealer
        for page in (ann, bob):
            if stage(page) == "between_hands" and enabled(page, "next-hand"):
                click(page, "next-hand")
        for page in (ann, bob):
            page.wait_for_function("!document.querySelector('.felt.stage-between_hands')")
    raise AssertionError("the game did not end")


def test_friends_rematch_once_both_agree_each_in_their_own_browser(
    server: Server, browsers: Browsers, axe_source: str
) -> None:
    ann, bob, first, first_dealer = _friends_to_the_end(server, browsers)
    click(ann, "rematch")
    ann.locator('button[data-name="rematch-withdraw"]').wait_for()
    assert "You asked Bob for a rematch" in ann.inner_text(".result-panel")
    bob.locator('button[data-name="rematch-decline"]').wait_for()
    assert "Ann asks for a rematch." in bob.inner_text(".result-panel")
    assert violations(ann, axe_source) == [] and violations(bob, axe_source) == []
    for page in (ann, bob):  # the offer and its answer on a phone too
        page.set_viewport_size({"width": 390, "height": 844})
        assert violations(page, axe_source) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.set_viewport_size({"width": 1280, "height": 900})
    click(bob, "rematch-decline")
    ann.locator("#notices").get_by_text("Bob declined the rematch.").wait_for()
    assert violations(ann, axe_source) == []  # the notice of a refusal
    ann.locator('button[data-name="rematch"]').wait_for()
    bob.locator('button[data-name="rematch-decline"]').wait_for(state="detached")
    click(ann, "rematch")
    bob.locator('button[data-name="rematch-decline"]').wait_for()
    click(bob, "rematch")  # accept
    rematch = re.compile(r".*/play/(?!" + first + ").+")
    for page in (ann, bob):  # polled: a navigation the page starts twice aborts the first
        for _ in range(200):
            if rematch.match(page.url):
                break
            page.wait_for_timeout(100)
        page.locator(".felt.stage-hand").wait_for()
    assert rematch.match(ann.url) and ann.url == bob.url
    assert "Bob" in ann.inner_text(".seat.top .seat-head")
    assert "Ann" in bob.inner_text(".seat.top .seat-head")
    assert _first_dealer(ann) != first_dealer
