"""Resigning in the browser (issue 35, item 1): Resign asks first in a dialog that Escape
closes with nothing sent; Confirm resign ends the game, whose end and move log say that the
player resigned (the log after a reload too), at two players and at a teams table. axe-core
finds nothing on the dialog, in English at a laptop's size and in Italian at a phone's, nor
on the teams table's end."""

from __future__ import annotations

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import new_game, stage, wait_turn_or_end
from tests.browser.test_browser_accessibility import SIZES, violations
from tests.browser.test_browser_tables import new_table

pytestmark = pytest.mark.shared_server  # each test plays games of its own

SAID = {"en-GB": ("Resign this game?", "You resigned."),
        "it-IT": ("Abbandonare la partita?", "Hai abbandonato.")}


@pytest.mark.parametrize(("locale", "size"), [("en-GB", "laptop"), ("it-IT", "phone")])
def test_a_player_resigns_against_the_computer_after_confirming_and_sees_it_said(
    server: Server, browsers: Browsers, axe_source: str, locale: str, size: str
) -> None:
    title, resigned = SAID[locale]
    page = browsers.page(locale=locale, viewport=SIZES[size], bypass_csp=True)
    new_game(page, server.url, level=1, name="Ann")
    page.locator(".my-hand .card").first.wait_for()
    wait_turn_or_end(page)
    resign = page.locator('button[data-name="resign"]')
    resign.click()
    dialog = page.locator("dialog#resign-dialog[open]")
    dialog.wait_for()
    assert dialog.locator("h2").inner_text() == title
    assert page.evaluate("document.activeElement.dataset.name") == "resign-cancel"
    assert violations(page, axe_source) == []
    page.keyboard.press("Escape")  # keeps playing: nothing was sent
    dialog.wait_for(state="detached")
    assert stage(page) != "over"
    assert page.evaluate("document.activeElement.dataset.name") == "resign"
    resign.click()
    dialog.wait_for()
    page.locator('button[data-name="resign-confirm"]').click()
    page.locator(".game-over").wait_for()
    assert page.locator(".game-over .resigned").inner_text() == resigned
    assert resigned.rstrip(".") in page.locator(".log").inner_text()
    assert page.locator('button[data-name="resign"]').count() == 0
    page.reload()  # the log read from the snapshot ends with it too
    page.locator(".game-over").wait_for()
    last_line = page.locator(".log").inner_text().strip().splitlines()[-1]
    assert last_line.startswith(resigned.rstrip("."))


def test_a_player_at_a_teams_table_resigns_and_their_team_loses(
    server: Server, browsers: Browsers, axe_source: str
) -> None:
    page = browsers.page(viewport=SIZES["laptop"], bypass_csp=True)
    new_table(page, server.url, 4, ["computer", "computer", "computer"])
    page.locator(".my-hand .card").first.wait_for()
    page.locator('button[data-name="resign"]').click()
    dialog = page.locator("dialog#resign-dialog[open]")
    assert "Your team loses" in dialog.inner_text()
    page.locator('button[data-name="resign-confirm"]').click()
    over = page.locator(".game-over")
    over.wait_for()
    assert "You resigned." in over.inner_text()
    assert violations(page, axe_source) == []
