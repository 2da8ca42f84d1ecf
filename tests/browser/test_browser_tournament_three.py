"""A Swiss at tables of three (R33) in a real browser: an account creates it from the lobby
in Italian ("tavoli da 3", which a knockout does not offer), starts it early, computers fill
it, and the tournament page shows three players at every table, their three totals, the
standings and how they are counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import Browsers, serving
from tests.browser.driver import shot
from tests.browser.test_browser_accounts import signed_up

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_swiss_of_six_at_tables_of_three_shows_three_seats_a_table_to_its_standings(
    tmp_path: Path, browsers: Browsers, shots: Path
) -> None:
    with serving(tmp_path, idle_seconds=0.5) as server:
        anna = signed_up(browsers, server.url, "anna", locale="it-IT")
        anna.goto(server.url + "/lobby")
        anna.locator(".create-tournament > summary").click()
        tables = anna.locator('select[name="table-size"]')
        anna.select_option('select[name="format"]', "knockout")
        assert tables.is_disabled()  # tables of 3 are for a Swiss only
        anna.select_option('select[name="format"]', "swiss")
        assert tables.is_enabled()
        assert tables.locator("option").all_inner_texts() == ["tavoli da 2", "tavoli da 3"]
        tables.select_option("3")
        anna.fill('input[name="size"]', "6")
        anna.select_option('select[name="level"]', "1")
        anna.get_by_role("button", name="Crea il torneo").click()
        anna.wait_for_url("**/tournaments/**")
        assert "tavoli da 3" in anna.inner_text(".tournament .intro")
        anna.get_by_role("button", name="Fai partire ora").click()
        anna.locator(".tournament-status", has_text="Il torneo è concluso").wait_for(
            timeout=240_000)
        assert anna.locator("table.standings tbody tr").count() == 6
        assert "il Buchholz somma i punti di entrambi i compagni di tavolo" in anna.inner_text(
            ".three-help")
        games = anna.locator("section.panel .game-list .game-item")
        assert games.count() == 4  # two rounds of two tables
        for index in range(games.count()):
            title = games.nth(index).locator(".game-title").inner_text()
            result = games.nth(index).locator(".muted").inner_text()
            assert len(title.split(" – ")) == 3, title
            assert len(result.rsplit(", ", 1)[-1].split("–")) == 3, result
        shot(anna, shots / "tournament-three-standings-it.png")
