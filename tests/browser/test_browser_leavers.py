"""Leavers in the browser (issue 35, item 5): a signed-in player opens a rated table with an
open place that asks a minimum completion rate from the new game form; the lobby shows the
requirement before anyone clicks, in the reader's language; the form and the lobby stay clean
for axe-core."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.browser.conftest import Browsers, Server
from tests.browser.test_browser_accessibility import SIZES, violations
from tests.browser.test_browser_accounts import signed_up


def lobby_open(server: Server) -> list[dict[str, Any]]:
    with urllib.request.urlopen(server.url + "/api/lobby") as answer:  # noqa: S310 - local
        found: list[dict[str, Any]] = json.load(answer)["open"]
    return found


def test_a_rated_open_table_asks_a_minimum_from_the_form_and_the_lobby_shows_it(
        server: Server, browsers: Browsers, axe_source: str) -> None:
    page = signed_up(browsers, server.url, "anna", bypass_csp=True)
    minimum = page.locator("form.new-game select[name=min_completion]")
    page.check('input[name="opponent"][value="anyone"]')
    assert not minimum.is_visible()  # a casual table asks nothing
    page.check('input[name="rated"]')
    minimum.wait_for()
    minimum.select_option("90")
    assert violations(page, axe_source) == []
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_url("**/play/**")
    [entry] = lobby_open(server)
    assert (entry["rated"], entry["min_completion"]) == (True, 90)
    reader = browsers.page(locale="it-IT", viewport=SIZES["phone"], bypass_csp=True,
                           at=server.url + "/lobby")
    listed = reader.locator(f'.lobby-open[data-game="{entry["game_id"]}"]')
    listed.locator(".muted", has_text="almeno il 90% delle partite").wait_for()
    assert violations(reader, axe_source) == []
