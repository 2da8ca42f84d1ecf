"""A player's tournaments on their profile and the lobby's coming recurring tournaments, in the
browser: annie's profile lists the knockout she finished with her place of four, linked to its
page, in English and Italian; the lobby lists a daily tournament not open yet with its start;
both with no axe-core violation at a laptop's and a phone's size."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from ginrummy.server.storage.db import make_engine, migrate
from ginrummy.server.storage.schedule_store import ScheduleStore
from ginrummy.tournament.recurrence import Recurrence
from tests.browser.conftest import Browsers, Server
from tests.browser.test_browser_tournament import axe_at_both_sizes
from tests.server.account_kit import accounts_app, browser, sign_in
from tests.server.tournament_kit import created_by, until_status

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, Any]]]:
    """`gin serve` where annie finished a knockout of four (three computers) and a daily
    tournament is scheduled three hours from now (its entries open in two)."""
    server = Server(tmp_path_factory.mktemp("history"))
    with accounts_app(server.database, idle_seconds=0.05) as client:
        made = created_by(client, "annie", name="Tuesday cup", format="knockout", size=4,
                          level=1, options={"target": 25})
        with browser(client):
            sign_in(client, "annie")
            client.post(f"/api/tournaments/{made['id']}/start")
        over = until_status(client, made["id"], "over")
    at = (datetime.now(UTC) + timedelta(hours=3)).strftime("%H:%M")
    engine = make_engine(server.database)
    migrate(engine)
    ScheduleStore(engine).add("Evening Swiss", {"format": "swiss", "size": 8, "level": 2},
                              Recurrence.parse("daily", None, at, 60), datetime.now(UTC))
    engine.dispose()
    server.start()
    try:
        yield server, over
    finally:
        server.stop()


def test_the_profile_lists_the_tournament_with_the_place_in_english_and_italian(
        finished: tuple[Server, dict[str, Any]], browsers: Browsers, axe_source: str) -> None:
    server, over = finished
    place = next(s["place"] for s in over["standings"] if s["player"]["name"] == "annie")
    page = browsers.page(at=server.url + "/players/annie", bypass_csp=True)
    line = page.locator(".tournament-history li")
    line.wait_for()
    assert line.locator("a").inner_text() == "Tuesday cup"
    assert line.locator("a").get_attribute("href") == f"/tournaments/{over['id']}"
    assert line.locator(".game-status").inner_text() == f"place {place} of 4"
    assert "Knockout" in line.locator(".muted").inner_text()
    assert axe_at_both_sizes(page, axe_source) == []
    italian = browsers.page(locale="it-IT", at=server.url + "/players/annie", bypass_csp=True)
    italian.locator("h2", has_text="Tornei").wait_for()
    assert italian.locator(".tournament-history .game-status").inner_text() == (
        f"{place}º posto su 4")
    assert "Eliminazione diretta" in italian.locator(".tournament-history .muted").inner_text()
    assert axe_at_both_sizes(italian, axe_source) == []


def test_the_lobby_lists_the_coming_recurring_tournament(
        finished: tuple[Server, dict[str, Any]], browsers: Browsers, axe_source: str) -> None:
    server, _ = finished
    for locale, repeat in (("en-GB", "every day"), ("it-IT", "ogni giorno")):
        page = browsers.page(locale=locale, at=server.url + "/lobby", bypass_csp=True)
        coming = page.locator(".coming-tournaments li", has_text="Evening Swiss")
        coming.wait_for()
        assert repeat in coming.inner_text()
        assert coming.locator("time").get_attribute("datetime")
        assert axe_at_both_sizes(page, axe_source) == []
