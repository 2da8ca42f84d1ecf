"""A computer's seat is named by the server in English ("Computer 12 (level 1)"); an Italian
reader sees it in Italian everywhere: on the tournament page, at a tournament table (one
numbered 10 and up too: a Swiss of twelve has eleven computers) and at the computer's seat
a quick match offers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, serving
from tests.browser.test_browser_accounts import fill_account_form

pytestmark = pytest.mark.browser

ENGLISH_LEVEL = re.compile(r"\(level \d\)")


def post_json(page: Any, path: str, body: dict[str, Any]) -> Any:
    """POST from inside the page (its cookies, its origin), as its own scripts do."""
    return page.evaluate(
        """async ([path, body]) => {
             const answer = await fetch(path, {method: "POST", body: JSON.stringify(body),
               headers: {"content-type": "application/json"}});
             return await answer.json(); }""", [path, body])


def test_tournament_computers_are_named_in_italian_on_its_page_and_at_its_tables(
        tmp_path: Path, browsers: Browsers) -> None:
    with serving(tmp_path, idle_seconds=0.5) as server:
        anna = browsers.page(locale="it-IT", at=server.url + "/")
        anna.locator("#account button.switch").click()
        fill_account_form(anna, "sign-up", "anna", "a good long password")
        anna.locator("#account .signed-in").wait_for()
        made = post_json(anna, "/api/tournaments", {
            "name": "Dodici", "format": "swiss", "size": 12, "level": 1, "enter": True,
            "options": {"target": 10}})
        assert "id" in made, made
        post_json(anna, f"/api/tournaments/{made['id']}/start", {})
        anna.goto(f"{server.url}/tournaments/{made['id']}")
        page_text = anna.locator(".tournament")
        page_text.locator("li", has_text="Computer 11 (livello 1)").first.wait_for()
        assert not ENGLISH_LEVEL.search(page_text.inner_text())

        lobby = browsers.page(locale="it-IT", at=server.url + "/lobby")
        numbered = re.compile(r"Computer \d+ \(livello 1\)")
        lobby.locator(".lobby-playing", has_text=numbered).first.wait_for()
        assert not ENGLISH_LEVEL.search(lobby.locator(".lobby").inner_text())

        two_digit = anna.locator(".game-item", has_text=re.compile(r"Computer 1\d \(livello"))
        two_digit.first.wait_for()
        anna.goto(server.url + (two_digit.first.locator("a").get_attribute("href") or ""))
        anna.locator(".felt").wait_for()
        names = anna.locator(".scorebox").inner_text()
        assert "livello" in names and not ENGLISH_LEVEL.search(names), names

        anna.goto(f"{server.url}/tournaments/{made['id']}")
        mine = anna.get_by_role("link", name="Gioca la tua partita")
        if mine.count():
            mine.first.click()
            anna.locator(".felt").wait_for()
            names = anna.locator(".scorebox").inner_text()
            assert "livello" in names and not ENGLISH_LEVEL.search(names), names


def test_the_quick_match_computer_is_named_in_italian_at_the_table(
        tmp_path: Path, browsers: Browsers) -> None:
    with serving(tmp_path, extra=("--quick-match-computer", "0")) as server:
        cy = browsers.page(locale="it-IT", viewport={"width": 390, "height": 844})
        cy.goto(server.url + "/lobby")
        cy.get_by_role("button", name="Gioca ora").click()
        cy.get_by_role("button", name=re.compile("Gioca invece col computer")).click()
        cy.wait_for_url("**/play/**")
        cy.locator(".my-hand .card").nth(9).wait_for()
        for where in (".seat.top", ".scorebox"):
            text = cy.locator(where).first.inner_text()
            assert "livello" in text and not ENGLISH_LEVEL.search(text), (where, text)
