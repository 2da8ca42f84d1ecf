"""One seat, one person, in the browser (issue 11, item 1): an invite link opened again after
its seat was taken shows "this seat is taken" and no hand; a seat opened in a second window
takes over, and the first window says so and can take it back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import hand_cards, invite_friend, new_game, shot

pytestmark = pytest.mark.shared_server

CARD_ATTR = re.compile(r'data-card="([A2-9TJQK][CDHS])"')


def test_a_spent_invite_link_shows_the_seat_is_taken_and_no_hand(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    ann = browsers.page()
    invite = invite_friend(ann, server.url)

    bob = browsers.page(at=invite)
    bob.locator(".panel.join").wait_for()
    bob.fill('input[name="name"]', "Computer (level 5)")  # an impersonation: refused
    bob.locator(".panel.join button[type=submit]").click()
    bob.locator("#notices .notice.error").wait_for()
    assert "belong to the computer" in bob.inner_text("#notices")
    bob.locator(".panel.join").wait_for()  # asked again
    bob.fill('input[name="name"]', "Bob")
    bob.locator(".panel.join button[type=submit]").click()
    bob.locator(".felt.stage-hand").wait_for()
    bob_cards = set(hand_cards(bob))
    assert len(bob_cards) >= 10

    mallory = browsers.page()  # the link forwarded, or the creator in a private window
    mallory.goto(invite)
    mallory.locator(".panel.seat-taken").wait_for()
    text = mallory.inner_text(".panel.seat-taken")
    assert "This seat is taken" in text and "already been used" in text
    assert mallory.locator(".panel.seat-taken a[href='/']").count() == 1
    mallory.wait_for_timeout(500)  # nothing else arrives later
    assert mallory.locator(".felt, .my-hand, .panel.join").count() == 0
    assert not set(CARD_ATTR.findall(mallory.content())) & bob_cards
    shot(mallory, shots / "seat-taken.png", full_page=False)
    italian = browsers.page(locale="it-IT", at=invite)
    italian.locator(".panel.seat-taken").wait_for()
    assert "Posto occupato" in italian.inner_text(".panel.seat-taken")
    assert "già stato usato" in italian.inner_text(".panel.seat-taken")

    again = bob.context.new_page()  # Bob opens his own invite again: his cookie holds the seat
    again.goto(invite)
    again.locator(".felt.stage-hand").wait_for()
    assert set(hand_cards(again)) == bob_cards
    assert "own seat" in again.inner_text("#notices")
    bob.locator(".panel.replaced").wait_for()  # his first window gave the seat up


def test_a_seat_opened_in_a_second_window_takes_over_and_the_first_can_take_it_back(
    server: Server, browsers: Browsers
) -> None:
    first = browsers.page()
    new_game(first, server.url, opponent="computer", name="Ann")
    first.locator(".felt.stage-hand").wait_for()
    second = first.context.new_page()  # the same browser: the same seat cookie
    second.goto(first.url)
    second.locator(".felt.stage-hand").wait_for()
    first.locator(".panel.replaced").wait_for()
    assert "opened in another window" in first.inner_text(".panel.replaced")
    assert first.locator(".my-hand").count() == 0
    first.locator(".panel.replaced button").click()
    first.locator(".felt.stage-hand").wait_for()
    second.locator(".panel.replaced").wait_for()
    assert "Play here" in second.inner_text(".panel.replaced")
