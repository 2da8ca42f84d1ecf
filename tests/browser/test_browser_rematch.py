"""Rematch (issue 12, item 9): at the end of a game against the computer, one click starts the
same game again, the other seat dealing the first hand; between people (guests who met by an
invite, or two accounts who met by quick match in the lobby; in English on a laptop, in
Italian on a phone), one asks and the other accepts or declines, and both find themselves at
the new table."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import DEVICES, Browsers, Server, serving
from tests.browser.driver import (
    click,
    enabled,
    fits_width,
    new_game,
    next_hand,
    play_hand,
    play_pages,
    stage,
)
from tests.browser.test_browser_accessibility import violations
from tests.browser.test_browser_quick_match import game_of
from tests.browser.test_browser_quick_match_rated import met_by_quick_match


@pytest.fixture(autouse=True)
def short_rated_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The servers of these tests rate games to a few points (``$GIN_RATED_ANY_RULES``)."""
    monkeypatch.setenv("GIN_RATED_ANY_RULES", "1")


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


FIRST_DEAL = re.compile(r"(?:Hand 1: (.+) deals|Mano 1: distribuisce (.+))\.")
"""The log's line for hand 1's deal, in English and in Italian."""


def _first_dealer(page: Any) -> str:
    """Who deals hand 1, from the log (read while hand 1 is on: the log holds one hand)."""
    line = page.locator(".log li", has_text=FIRST_DEAL).first
    line.wait_for()
    found = FIRST_DEAL.search(line.inner_text())
    assert found
    return found.group(1) or found.group(2)


def _met(way: str, url: str, browsers: Browsers, locale: str,
         device: str) -> tuple[Any, Any, tuple[str, str]]:
    """Two people at a new game to 1 point, each in their own browser (``locale``, ``device``;
    able to run axe-core): guests by an invite link, or two accounts by quick match in the
    lobby. Their pages and names."""
    options = {"locale": locale, "bypass_csp": True, **DEVICES[device]}
    if way == "quick-match":
        ann, bob = met_by_quick_match(browsers, url, ("anna", options), ("bruno", options),
                                      target=1, clock="none")
        names = ("anna", "bruno")
    else:
        ann = browsers.page(**options)
        new_game(ann, url, opponent="friend", name="Ann", options={"target": 1})
        ann.locator(".invite").wait_for()
        bob = browsers.page(**options, at=ann.locator('input[data-link="invite"]').input_value())
        bob.fill('input[name="name"]', "Bob")
        bob.locator(".panel.join button[type=submit]").click()
        names = ("Ann", "Bob")
    for page in (ann, bob):
        page.locator(".felt.stage-hand").wait_for()
    return ann, bob, names


def _to_the_end(ann: Any, bob: Any) -> None:
    for _ in range(20):
        play_pages([ann, bob])
        if all(stage(page) == "over" for page in (ann, bob)):
            return
        for page in (ann, bob):
            if stage(page) == "between_hands" and enabled(page, "next-hand"):
                click(page, "next-hand")
        for page in (ann, bob):
            page.wait_for_function("!document.querySelector('.felt.stage-between_hands')")
    raise AssertionError("the game did not end")


SAID = {
    "en-GB": {"asked": "You asked {name} for a rematch", "offer": "{name} asks for a rematch.",
              "declined": "{name} declined the rematch."},
    "it-IT": {"asked": "Hai proposto la rivincita a {name}",
              "offer": "{name} ti propone la rivincita.",
              "declined": "{name} ha rifiutato la rivincita."},
}
"""What the table says of a rematch, in each language."""


@pytest.mark.slow  # a whole game between two people, each way: > 30 s
@pytest.mark.parametrize(("way", "locale", "device"), [
    ("invite", "en-GB", "laptop"),
    ("quick-match", "en-GB", "laptop"),
    ("quick-match", "it-IT", "phone"),
])
def test_two_people_who_met_by_invite_or_quick_match_rematch_once_both_agree(
    tmp_path: Path, browsers: Browsers, axe_source: str, way: str, locale: str, device: str
) -> None:
    said = SAID[locale]
    with serving(tmp_path, extra=("--quick-match-computer", "3600")) as server:
        ann, bob, (ann_name, bob_name) = _met(way, server.url, browsers, locale, device)
        first = game_of(ann.url)
        first_dealer = _first_dealer(ann)
        _to_the_end(ann, bob)
        click(ann, "rematch")
        ann.locator('button[data-name="rematch-withdraw"]').wait_for()
        assert said["asked"].format(name=bob_name) in ann.inner_text(".result-panel")
        bob.locator('button[data-name="rematch-decline"]').wait_for()
        assert said["offer"].format(name=ann_name) in bob.inner_text(".result-panel")
        assert violations(ann, axe_source) == [] and violations(bob, axe_source) == []
        for page in (ann, bob):  # the offer and its answer at a phone's width too
            size = page.viewport_size
            page.set_viewport_size(DEVICES["phone"]["viewport"])
            assert violations(page, axe_source) == []
            assert fits_width(page)
            page.set_viewport_size(size)
        click(bob, "rematch-decline")
        ann.locator("#notices").get_by_text(said["declined"].format(name=bob_name)).wait_for()
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
        assert rematch.match(ann.url) and game_of(ann.url) == game_of(bob.url)
        assert bob_name in ann.inner_text(".seat.top .seat-head")
        assert ann_name in bob.inner_text(".seat.top .seat-head")
        assert _first_dealer(ann) != first_dealer
        rated = ann.locator(".scorebox .badge.rated")
        if way == "quick-match":  # a rated game's rematch is rated too
            rated.wait_for()
        else:
            assert rated.count() == 0
