"""A clock running out (issue 14, "Clocks"): chosen on the home page's new-game form, counted
down at the table for the player, and when it runs out the log says the computer played the
turn; in English at a laptop's size and in Italian at a phone's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import Browsers, Server, serving
from tests.browser.driver import Page
from tests.browser.test_browser_accessibility import violations

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
SECONDS = 4


@pytest.fixture
def short_clocks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    monkeypatch.setenv("GIN_CLOCK_FLOOR_SECONDS", "1")  # the server allows a 4 s turn
    with serving(tmp_path) as running:
        yield running


def _start_with_a_clock(page: Page, base: str, rules: str, axe_source: str) -> list[str]:
    page.goto(base + "/")
    page.locator("form.new-game").wait_for()
    page.check('input[name="opponent"][value="computer"]')
    page.locator("details.clock-choice summary").click()
    page.check('input[name="clock"][value="move"]')
    page.fill('input[name="clock-seconds"]', str(SECONDS))
    assert rules in page.inner_text(".in-words")
    assert rules in page.inner_text("details.clock-choice summary")
    found = violations(page, axe_source)
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_url("**/play/**")
    return found


@pytest.mark.parametrize(("locale", "size", "rules", "ran_out"), [
    ("en-GB", {}, f"{SECONDS} s per turn", "You ran out of time: the computer plays this turn."),
    ("it-IT", PHONE, f"{SECONDS} s a turno",
     "Hai finito il tempo: questo turno lo gioca il computer."),
])
def test_a_clock_counts_down_and_running_out_hands_the_turn_to_the_computer(
    short_clocks: Server, browsers: Browsers, axe_source: str, locale: str,
    size: dict[str, object], rules: str, ran_out: str,
) -> None:
    page = browsers.page(locale=locale, bypass_csp=True, **size)
    assert _start_with_a_clock(page, short_clocks.url, rules, axe_source) == []
    page.locator(".felt.stage-hand .clocks").wait_for()
    assert rules in page.inner_text(".clocks .clock-rules")
    mine = page.locator(".clocks .clock.running")  # my turn comes (the computer is quick)
    mine.wait_for()
    shown = page.inner_text(".clocks .clock.running .clock-time")
    assert re.fullmatch(r"0:0[0-4]", shown), shown
    box = page.locator(".clocks").bounding_box()  # measured while the clock runs (4 s a turn)
    assert box is not None and box["x"] + box["width"] <= page.viewport_size["width"]
    assert violations(page, axe_source) == []
    page.locator(".log li", has_text=ran_out).wait_for(timeout=(SECONDS + 15) * 1000)
