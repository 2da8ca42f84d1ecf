"""Nothing jumps, nothing overflows (issue 12, items 5 and 6): at 1366x768 and 390x844 every
step of a hand fits the screen without scrolling to one's own seat, the hint leaves the hand
on the screen, and at 360 px wide with large cards nothing runs off the side."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import new_game, settle, stage, step, wait_turn_or_end

pytestmark = pytest.mark.shared_server

SCREENS = {
    "laptop": ({"width": 1366, "height": 768}, False),
    "phone": ({"width": 390, "height": 844}, False),
    "small phone, large cards": ({"width": 360, "height": 740}, True),
}

FITS = """() => {
  const felt = document.querySelector('.felt').getBoundingClientRect();
  return { top: felt.top + scrollY, bottom: felt.bottom + scrollY, height: innerHeight,
           wide: document.documentElement.scrollWidth, width: innerWidth,
           panel: (document.querySelector('.felt .panel') || {}).className || '',
           over: [...document.querySelectorAll('body *')]
             .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
             .slice(0, 3).map((e) => `${e.tagName}.${e.className}`) };
}"""


def _play_checking(page: Any, fits_height: bool) -> set[str]:
    panels: set[str] = set()
    for _ in range(400):
        if stage(page) == "hand":
            wait_turn_or_end(page)
        box = page.evaluate(FITS)
        panels.add(box["panel"])
        assert box["wide"] <= box["width"], (box["panel"], box["over"])  # nothing off the side
        if fits_height:
            assert box["top"] >= 0 and box["bottom"] <= box["height"], (box["panel"], box)
        if stage(page) in ("between_hands", "over"):
            return panels
        if not step(page):
            page.wait_for_timeout(40)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("screen", SCREENS)
def test_every_step_of_a_hand_fits_the_screen(
    server: Server, browsers: Browsers, screen: str
) -> None:
    viewport, large = SCREENS[screen]
    page = browsers.page(viewport=viewport, at=server.url + "/")
    page.evaluate(f"localStorage.setItem('gin.large', '{str(large).lower()}')")
    new_game(page, server.url, level=1)
    page.locator(".my-hand .card").first.wait_for()
    panels = _play_checking(page, fits_height=not large)
    assert any("result-panel" in panel for panel in panels) or stage(page) == "over"
    page.locator(".result-panel").wait_for()
    box = page.evaluate(FITS)
    assert box["wide"] <= box["width"], box
    if not large:
        assert box["bottom"] <= box["height"], box


@pytest.mark.parametrize("screen", ["laptop", "phone"])
def test_the_hint_leaves_the_hand_on_the_screen(
    server: Server, browsers: Browsers, screen: str
) -> None:
    """The hint is part of the panel (it covers nothing, test_browser_table_reach.py): it may
    push the hand down, never off the screen."""
    page = browsers.page(viewport=SCREENS[screen][0])
    new_game(page, server.url, level=1)
    wait_turn_or_end(page)
    page.locator('button[data-name="hint"]').click()
    page.locator(".hint p").first.wait_for()
    bottom = page.evaluate("Math.max(...[...document.querySelectorAll('.my-hand .card')]"
                           ".map((card) => card.getBoundingClientRect().bottom))")
    assert bottom <= SCREENS[screen][0]["height"]


WATCH_FLIGHTS = """() => {
  window.flights = [];
  new MutationObserver(() => {
    const ghost = document.querySelector('.card.flying[data-seat="1"]');
    const status = document.querySelector('.felt .panel p.status');
    const moves = [...document.querySelectorAll('.log li')];
    const last = moves[moves.length - 1];
    if (ghost && status && last) {
      const mine = last.classList.contains('mine');
      flights.push({ status: status.textContent, last: last.textContent, mine });
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}"""


def test_the_status_tells_the_computers_move_while_its_card_flies(
    server: Server, browsers: Browsers
) -> None:
    page = browsers.page(viewport=SCREENS["laptop"][0])
    new_game(page, server.url, level=1)
    page.locator(".my-hand .card").first.wait_for()
    page.evaluate(WATCH_FLIGHTS)
    for _ in range(400):
        if len(page.evaluate("flights")) >= 6 or stage(page) in ("between_hands", "over"):
            break
        settle(page)
        if not step(page, knock=False):
            page.wait_for_timeout(40)
    # the player may move before the computer's card lands (the driver saw its turn come):
    # then the status rightly asks for the player's next move
    flights = [seen for seen in page.evaluate("flights") if not seen["mine"]]
    assert flights, "no card of the computer's was seen flying"
    for seen in flights:
        assert seen["status"] == seen["last"], seen  # the move flying, not the prompt after it
    wait_turn_or_end(page)
    page.wait_for_function("document.querySelector('.card.flying') === null")
    status = page.locator(".felt .panel p.status").inner_text()
    assert status != page.locator(".log li").last.inner_text()
