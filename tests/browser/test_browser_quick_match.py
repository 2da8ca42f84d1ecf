"""Quick match in real browsers: two strangers press "Play now" in the lobby (one in English,
one in Italian) and sit at the same game; a seeker nobody meets sees the wait, then the
computer at their level, and plays it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import Browsers, serving
from tests.browser.driver import shot

pytestmark = pytest.mark.browser


def game_of(url: str) -> str:
    return url.rsplit("/", 1)[-1].split("?")[0].split("#")[0]


def test_two_strangers_meet_by_quick_match_in_two_languages(
    tmp_path: Path, browsers: Browsers, shots: Path
) -> None:
    with serving(tmp_path, extra=("--quick-match-computer", "3600")) as server:
        ann = browsers.page()
        ann.goto(server.url + "/lobby")
        ann.fill('input[name="name"]', "Ann")
        ann.get_by_role("button", name="Play now").click()
        ann.get_by_text("Looking for an opponent").wait_for()
        assert "ratings 1400–1600" in ann.inner_text(".quick-match")
        assert "null" not in ann.inner_text(".quick-match")
        shot(ann, shots / "quick-match-waiting.png")

        bea = browsers.page(locale="it-IT", viewport={"width": 390, "height": 844})
        bea.goto(server.url + "/lobby")
        bea.fill('input[name="name"]', "Bea")
        bea.get_by_role("button", name="Gioca ora").click()
        for page in (ann, bea):
            page.wait_for_url("**/play/**")
        assert game_of(ann.url) == game_of(bea.url)
        for page in (ann, bea):
            page.locator(".my-hand .card").nth(9).wait_for()
        assert "Bea" in ann.locator(".seat.top").inner_text()
        assert "Ann" in bea.locator(".seat.top").inner_text()


def test_a_seeker_nobody_meets_is_offered_the_computer_at_their_level(
    tmp_path: Path, browsers: Browsers
) -> None:
    with serving(tmp_path, extra=("--quick-match-computer", "2")) as server:
        cy = browsers.page(locale="it-IT")
        cy.goto(server.url + "/lobby")
        cy.get_by_role("button", name="Gioca ora").click()
        cy.get_by_text("Tra 2 secondi ti verrà proposto il computer").or_(
            cy.get_by_text("Tra 1 secondo ti verrà proposto il computer")).first.wait_for()
        offer = cy.get_by_role("button",
                               name="Gioca invece col computer (livello 3, punteggio 1500)")
        offer.click()
        cy.wait_for_url("**/play/**")
        cy.locator(".my-hand .card").nth(9).wait_for()
        assert "Computer" in cy.locator(".seat.top").inner_text()
