"""Zero axe-core violations on issue 14's screens, in English and Italian, at a laptop's and a
phone's size: the lobby's quick match while waiting (the computer's offer coming, then
offered) and a tournament's page taking entries, in play (its rounds' tables) and over
(its standings). Profiles and the leaderboard: test_browser_profile.py."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, serving
from tests.browser.test_browser_accessibility import SIZES, check_at_every_size, violations
from tests.browser.test_browser_accounts import fill_account_form

pytestmark = pytest.mark.browser

def post_json(page: Any, path: str, body: dict[str, Any] | None) -> Any:
    """POST ``body`` (GET when None) from inside the page, with its cookies and origin."""
    return page.evaluate(
        """async ([path, body]) => {
             const answer = await fetch(path, body === null ? {} : {method: "POST",
               body: JSON.stringify(body), headers: {"content-type": "application/json"}});
             return await answer.json(); }""", [path, body])


CASES = [("en-GB", "laptop"), ("it-IT", "phone")]


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_no_axe_violation_while_quick_match_waits_and_offers_the_computer(
        tmp_path: Path, browsers: Browsers, axe_source: str, locale: str) -> None:
    """Each screen at both sizes (the computer is offered after 8 s: time for both checks of
    the wait)."""
    with serving(tmp_path, extra=("--quick-match-computer", "8")) as server:
        page = browsers.page(locale=locale, viewport=SIZES["laptop"], bypass_csp=True)
        found: dict[str, list[str]] = {}
        page.goto(server.url + "/lobby")
        page.locator(".quick-match button.primary").click()
        page.locator(".quick-waiting .quick-offer").wait_for()
        check_at_every_size(found, "quick match waiting", page, axe_source)
        page.locator('.quick-waiting button[data-focus="quick-computer"]').wait_for()
        check_at_every_size(found, "quick match offering the computer", page, axe_source)
        assert found == {name: [] for name in found}, found


@pytest.mark.slow
@pytest.mark.parametrize(("locale", "size"), CASES)
def test_no_axe_violation_on_a_tournaments_page_from_entries_to_standings(
        tmp_path: Path, browsers: Browsers, axe_source: str, locale: str, size: str) -> None:
    with serving(tmp_path, idle_seconds=0.5) as server:
        page = browsers.page(locale=locale, viewport=SIZES[size], bypass_csp=True)
        page.goto(server.url + "/")
        page.locator("#account button.switch").click()
        fill_account_form(page, "sign-up", "anna", "a good long password")
        page.locator("#account .signed-in").wait_for()
        found: dict[str, list[str]] = {}
        page.goto(server.url + "/lobby")
        page.locator(".create-tournament > summary").click()
        page.locator('input[name="tournament-name"]').wait_for()
        found["lobby creating a tournament"] = violations(page, axe_source)
        made = post_json(page, "/api/tournaments", {
            "name": "Axe cup", "format": "swiss", "size": 4, "level": 1, "enter": True,
            "options": {"target": 10}})
        page.goto(server.url + "/lobby")
        page.locator(".lobby", has_text="Axe cup").wait_for()
        found["lobby with a tournament starting"] = violations(page, axe_source)
        address = f"{server.url}/tournaments/{made['id']}"
        page.goto(address)
        page.locator(".tournament-status").wait_for()
        found["tournament taking entries"] = violations(page, axe_source)
        post_json(page, f"/api/tournaments/{made['id']}/start", {})
        page.goto(address)
        page.locator(".game-list .game-item").first.wait_for()
        found["tournament in play"] = violations(page, axe_source)
        deadline = time.monotonic() + 120
        while post_json(page, f"/api/tournaments/{made['id']}", None)["status"] != "over":
            assert time.monotonic() < deadline, "the tournament did not end"
            page.wait_for_timeout(200)
        page.goto(address)
        page.locator("table.standings tbody tr").first.wait_for()
        found["tournament over"] = violations(page, axe_source)
        assert found == {name: [] for name in found}, found
