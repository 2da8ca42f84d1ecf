"""Your turn on another page of the site (issue 35, item 4): a player who left the game's page
for the lobby is told there, in the notice area, when the other player's move passes the turn
to them, with a link back to the table, where it is their move. The notice is axe-clean at
both sizes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import DEVICES, Browsers, Server
from tests.browser.driver import MOVABLE, step, wait_turn_or_end
from tests.browser.test_browser_accessibility import violations
from tests.browser.test_browser_accounts import signed_up
from tests.browser.test_browser_friends_online import online_row

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TABLE = re.compile(r".*/play/([A-Za-z0-9_-]+)")


def can_move(page: Any) -> bool:
    return bool(page.evaluate("(movable) => !!document.querySelector(movable)", MOVABLE))


def test_a_player_in_the_lobby_is_told_the_turn_passed_to_them_and_goes_back_to_the_table(
    server: Server, browsers: Browsers, axe_source: str
) -> None:
    bruno = signed_up(browsers, server.url, "bruno", bypass_csp=True, **DEVICES["laptop"])
    bruno.goto(server.url + "/lobby")
    anna = signed_up(browsers, server.url, "anna", bypass_csp=True, **DEVICES["laptop"])
    anna.goto(server.url + "/lobby")
    online_row(anna, "bruno").get_by_role("button", name="Challenge bruno").click()
    anna.locator("dialog.challenge-dialog").get_by_role("button",
                                                        name="Send the challenge").click()
    bruno.locator("#notices .notice.challenge", has_text="anna challenges you").get_by_role(
        "button", name="Accept").click()
    for page in (anna, bruno):
        page.wait_for_url(TABLE)
    game = TABLE.match(anna.url)
    assert game is not None

    anna.wait_for_function(
        """(movable) => document.querySelectorAll('.felt.stage-hand').length === 1
               && !document.querySelector('.table-screen.busy')""", arg=MOVABLE)
    players = (anna, bruno)
    for _ in range(200):
        movers = [page for page in players if can_move(page)]
        if movers:
            break
        anna.wait_for_timeout(100)
    mover = movers[0]
    away = bruno if mover is anna else anna
    away_name, mover_name = ("bruno", "anna") if mover is anna else ("anna", "bruno")
    away.goto(server.url + "/lobby")
    assert away.locator("#notices .notice.turn").count() == 0

    for _ in range(10):  # the mover plays until the turn passes
        wait_turn_or_end(mover)
        if step(mover, knock=False) in ("discard", "pass"):
            break
    notice = away.locator("#notices .notice.turn",
                          has_text=f"It's your turn in your game with {mover_name}.")
    notice.wait_for()
    for size in ("phone", "laptop"):
        away.set_viewport_size(DEVICES[size]["viewport"])
        assert violations(away, axe_source) == [], size
    notice.get_by_role("link", name="Show the table").click()
    away.wait_for_url(f"**/play/{game[1]}")
    wait_turn_or_end(away)
    assert can_move(away)
