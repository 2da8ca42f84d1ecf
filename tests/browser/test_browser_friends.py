"""Two browsers playing each other by the invite link, and a third watching: nobody's page ever
holds a card it may not see."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import click, hand_cards, invite_friend, play_pages, shot, stage, step

CARD_ATTR = re.compile(r'data-card="([A2-9TJQK][CDHS])"')


def cards_on_page(page: Any) -> set[str]:
    """Every card the page's document names (faces drawn anywhere, including move texts)."""
    html = page.content()
    found = set(CARD_ATTR.findall(html))
    return found


def secrets(owner: Any, other: Any) -> set[str]:
    """``owner``'s cards in hand that ``other`` does not know (not taken from the pile)."""
    known = set(other.locator(".seat.top .card.known").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"))
    return set(hand_cards(owner)) - known


@pytest.mark.slow
def test_two_friends_play_by_invite_link_and_a_watcher_sees_no_hidden_card(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    ann = browsers.page()
    invite = invite_friend(ann, server.url)
    watch = ann.locator('input[data-link="watch"]').input_value()
    assert "/play/" in invite and "#" in invite and "/watch/" in watch
    ann.locator(".invite .copy-row button").first.click()
    assert "Copied!" in ann.inner_text(".invite")
    shot(ann, shots / "invite.png", full_page=False)

    bob = browsers.page(at=invite)
    bob.locator(".panel.join").wait_for()
    assert "Ann invites you" in bob.inner_text(".panel.join")
    bob.fill('input[name="name"]', "Bob")
    bob.locator(".panel.join button[type=submit]").click()
    bob.locator(".felt.stage-hand").wait_for()
    assert "#" not in bob.url  # the seat token left the address bar; the cookie keeps the seat
    ann.locator(".felt.stage-hand").wait_for()
    assert "Bob" in ann.inner_text(".seat.top .seat-head")
    assert "Ann" in bob.inner_text(".seat.top .seat-head")

    watcher = browsers.page(at=watch)
    watcher.locator(".felt.stage-hand").wait_for()
    assert "watching" in watcher.inner_text(".panel")
    assert watcher.locator(".my-hand").count() == 0

    # a few moves each, checking after each round that no page shows another's hidden card
    for _ in range(6):
        for page in (ann, bob):
            if stage(page) == "hand":
                step(page, knock=False)
        ann.wait_for_timeout(150)
        if stage(ann) != "hand":
            break
        ann_secret, bob_secret = secrets(ann, bob), secrets(bob, ann)
        assert not ann_secret & cards_on_page(bob)
        assert not bob_secret & cards_on_page(ann)
        assert not (ann_secret | bob_secret) & cards_on_page(watcher)
    shot(bob, shots / "friend-table.png", full_page=False)
    shot(watcher, shots / "watch.png", full_page=False)

    play_pages([ann, bob])
    for page in (ann, bob, watcher):
        page.locator(".result-panel").wait_for()
        assert page.locator(".result-panel .score-lines li").count() >= 1
    # the next hand is dealt when both are ready
    if stage(ann) == "between_hands":
        click(ann, "next-hand")
        ann.locator(".result-panel .status").wait_for()
        assert "Waiting for Bob" in ann.inner_text(".result-panel")
        assert stage(bob) == "between_hands"
        click(bob, "next-hand")
        for page in (ann, bob, watcher):
            page.locator(".felt.stage-hand").wait_for()
        assert "Hand 2" in ann.inner_text(".middle")
