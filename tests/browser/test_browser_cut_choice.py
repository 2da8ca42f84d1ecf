"""R4 under ``lotoflaughs`` in the browser: the player who cuts the higher card chooses
whether to deal the first hand, with two buttons; the computer that cuts higher lets the
player deal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import new_game, shot

pytestmark = pytest.mark.shared_server  # each test plays games of its own

WORDS = {
    "en-GB": {"prompt": "You cut the higher card", "deal": "I deal",
              "log": "Ann cut the higher card and let Computer (level 1) deal",
              "computer": "Computer (level 1) cut the higher card and let Ann deal"},
    "it-IT": {"prompt": "Hai alzato la carta più alta", "deal": "Distribuisco io",
              "log": "Ann ha alzato la carta più alta e fa distribuire Computer (livello 1)",
              "computer": "Computer (livello 1) ha alzato la carta più alta e fa distribuire "
                          "Ann"},
}


def start_until_chooser(page: Any, url: str) -> list[str]:
    """New lotoflaughs games until this player cut the higher card (the cut is random);
    returns the log lines of the games the computer cut higher in."""
    computer_cut_higher: list[str] = []
    for _ in range(16):
        new_game(page, url, level=1, preset="lotoflaughs")
        page.wait_for_function("document.querySelector('.cut-choice button') || "
                               "document.querySelector('.my-hand .card')")
        if page.locator('.cut-choice button[data-name="deal-first"]').count():
            return computer_cut_higher
        computer_cut_higher.append(page.inner_text(".log"))
    raise AssertionError("16 cuts in a row went to the computer")


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_R4_higher_cut_chooses_to_deal_under_lotoflaughs(
    server: Server, browsers: Browsers, shots: Path, locale: str
) -> None:
    words = WORDS[locale]
    page = browsers.page(locale=locale)
    others = start_until_chooser(page, server.url)
    for log in others:  # the computer chose at once and let the player deal
        assert words["computer"] in log
    panel = page.locator(".cut-choice")
    assert words["prompt"] in panel.inner_text()
    deal = page.locator('.cut-choice button[data-name="deal-first"]')
    # (off for a moment while the page's seed for hand 1 is being acknowledged)
    page.wait_for_function("!document.querySelector('.cut-choice button[data-name=\"deal-first\"]')"
                           ".disabled")
    assert deal.inner_text() == words["deal"] and deal.is_enabled()
    assert page.locator(".my-hand .card").count() == 0  # nothing dealt before the choice
    shot(page, shots / f"cut-choice-{locale}.png", full_page=False)
    page.locator('.cut-choice button[data-name="let-deal"]').focus()
    page.keyboard.press("Enter")  # the buttons work from the keyboard too
    page.locator(".my-hand .card").first.wait_for()
    assert page.locator(".cut-choice").count() == 0
    assert words["log"] in page.inner_text(".log")
