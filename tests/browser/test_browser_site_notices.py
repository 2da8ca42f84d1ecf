"""Notices (issue 35, item 4): a player whose tab is in the background is told their turn and a
challenge by the browser's notification, once they turned notifications on in the settings menu
(the browser is asked only on that click), and finds both in the notice area when they come
back; the challenge reaches them at a table, where no lobby page is open. The notice area is
axe-clean at 1366x768 and 390x844. (Chromium headless shows no real notification: the page's
Notification is a recorder, and the tab's visibility is faked.)"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import DEVICES, Browsers, Server
from tests.browser.driver import new_game, stage
from tests.browser.test_browser_accessibility import violations
from tests.browser.test_browser_accounts import signed_up
from tests.browser.test_browser_friends_online import online_row
from tests.browser.test_browser_table_reach import FAKE_NOTIFICATIONS, _until_my_turn_comes_again

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def shown(page: Any) -> list[str]:
    """The bodies of the browser notifications the page made."""
    return [one["body"] for one in page.evaluate("window.__shown")]


def test_a_background_tab_is_told_its_turn_and_a_challenge_and_the_notices_are_accessible(
    server: Server, browsers: Browsers, axe_source: str
) -> None:
    bruno = signed_up(browsers, server.url, "bruno", bypass_csp=True, **DEVICES["laptop"])
    bruno.context.add_init_script(FAKE_NOTIFICATIONS)
    new_game(bruno, server.url, level=1, name="bruno")
    assert bruno.evaluate("window.__asked") == 0  # never asked on load

    bruno.locator("details.display summary").click()
    switch = bruno.get_by_label("Browser notifications while this tab is hidden")
    switch.check()
    bruno.wait_for_function("window.__asked === 1")
    assert switch.is_checked()
    bruno.locator("details.display summary").click()

    bruno.evaluate("window.__hidden = true")  # the player looks at another tab
    _until_my_turn_comes_again(bruno)
    assert stage(bruno) == "hand"
    assert "It's your turn." in shown(bruno)

    anna = signed_up(browsers, server.url, "anna", bypass_csp=True, **DEVICES["laptop"])
    anna.goto(server.url + "/lobby")
    online_row(anna, "bruno").get_by_role("button", name="Challenge bruno").click()
    anna.locator("dialog.challenge-dialog").get_by_role("button",
                                                        name="Send the challenge").click()
    notice = bruno.locator("#notices .notice.challenge[role=status]",
                           has_text="anna challenges you")
    notice.wait_for()  # at the table: no lobby page open
    bruno.wait_for_function("window.__shown.some((n) => n.body.startsWith('anna challenges you'))")
    assert len([body for body in shown(bruno) if body.startswith("anna")]) == 1

    bruno.evaluate("window.__hidden = false")  # back: both notices wait there
    bruno.locator("#notices .notice.turn", has_text="It's your turn.").wait_for()
    notice.get_by_role("button", name="Accept").wait_for()
    notice.get_by_role("button", name="OK").wait_for()  # dismisses it
    for size in ("phone", "laptop"):
        bruno.set_viewport_size(DEVICES[size]["viewport"])
        assert violations(bruno, axe_source) == [], size
