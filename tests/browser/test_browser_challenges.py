"""Challenges (issue 35): two accounts see each other in the lobby's list of players online;
one challenges the other from the list with the small form, the other accepts in the notice
that arrives, and both land at the same table. A profile has the button too; the account panel
says whom the account takes challenges from, and "no one" refuses the next challenge. The form
and the notice are axe-clean at 1366x768 and 390x844, the account panel at 1366x768. A rated
challenge, accepted and then resigned by the challenged before a card is played, ends with the
challenger the winner, and both profiles count the rated game with a rating moved from the
start."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.conftest import DEVICES, Browsers, Server, serving
from tests.browser.driver import shot
from tests.browser.test_browser_accessibility import violations
from tests.browser.test_browser_accounts import signed_up
from tests.browser.test_browser_friends_online import online_row
from tests.browser.test_browser_quick_match_rated import START_RATING

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PHONE = DEVICES["phone"]["viewport"]
LAPTOP = DEVICES["laptop"]["viewport"]
TABLE = re.compile(r".*/play/([A-Za-z0-9_-]+)")
START = int(START_RATING)


def test_a_challenge_from_the_online_list_accepted_in_its_notice_seats_both_at_one_table(
    server: Server, browsers: Browsers, axe_source: str, shots: Path
) -> None:
    bruno = signed_up(browsers, server.url, "bruno", bypass_csp=True, **DEVICES["laptop"])
    bruno.goto(server.url + "/lobby")
    anna = signed_up(browsers, server.url, "anna", bypass_csp=True, **DEVICES["laptop"])
    anna.goto(server.url + "/lobby")
    online_row(anna, "anna").wait_for()
    assert online_row(anna, "anna").get_by_role("button").count() == 0  # not yourself

    online_row(anna, "bruno").get_by_role("button", name="Challenge bruno").click()
    form = anna.locator("dialog.challenge-dialog")
    form.get_by_role("heading", name="Challenge bruno to a game").wait_for()
    form.get_by_label("Rules").select_option("oklahoma")
    for size in (PHONE, LAPTOP):
        anna.set_viewport_size(size)
        assert violations(anna, axe_source) == []
    shot(anna, shots / "challenge-form-en-laptop.png")
    form.get_by_role("button", name="Send the challenge").click()
    anna.locator("#notices .notice", has_text="Challenge sent to bruno").wait_for()

    notice = bruno.locator("#notices .notice.challenge", has_text="anna challenges you")
    notice.wait_for()
    assert "Oklahoma" in notice.inner_text()
    for size in (PHONE, LAPTOP):
        bruno.set_viewport_size(size)
        assert violations(bruno, axe_source) == []
    shot(bruno, shots / "challenge-notice-en-laptop.png")
    notice.get_by_role("button", name="Accept").click()

    bruno.wait_for_url(TABLE)
    anna.wait_for_url(TABLE)
    bruno_game, anna_game = (TABLE.match(page.url) for page in (bruno, anna))
    assert bruno_game and anna_game and bruno_game[1] == anna_game[1]
    for page in (anna, bruno):
        page.locator(".name", has_text="anna").first.wait_for()
        page.locator(".name", has_text="bruno").first.wait_for()

    anna.goto(server.url + "/players/bruno")  # a profile has the button too
    anna.get_by_role("button", name="Challenge bruno").wait_for()
    home = bruno.context.new_page()  # bruno stays online at the table meanwhile
    home.goto(server.url + "/")
    home.get_by_label("Challenges").select_option("no_one")  # kept with the account
    home.locator("#account .challenge-setting", has_text="Saved.").wait_for()
    assert violations(home, axe_source) == []
    anna.get_by_role("button", name="Challenge bruno").click()
    anna.locator("dialog.challenge-dialog").get_by_role("button", name="Send the challenge").click()
    anna.locator("dialog.challenge-dialog .notice.error",
                 has_text="This player is not taking challenges now.").wait_for()


def test_a_rated_challenge_accepted_then_resigned_is_a_rated_game_on_both_profiles(
    tmp_path: Path, browsers: Browsers, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIN_RATED_ANY_RULES", "1")
    with serving(tmp_path) as server:
        bruno = signed_up(browsers, server.url, "bruno", locale="it-IT", **DEVICES["phone"])
        bruno.goto(server.url + "/lobby")
        anna = signed_up(browsers, server.url, "anna", **DEVICES["laptop"])
        anna.goto(server.url + "/lobby")
        online_row(anna, "bruno").get_by_role("button", name="Challenge bruno").click()
        form = anna.locator("dialog.challenge-dialog")
        form.get_by_label("Rated: counts for the leaderboard").check()
        form.get_by_role("button", name="Send the challenge").click()
        notice = bruno.locator("#notices .notice.challenge", has_text="anna")
        notice.wait_for()
        notice.get_by_role("button", name="Accetta").click()
        for page in (anna, bruno):
            page.wait_for_url(TABLE)
            page.locator(".scorebox .badge.rated").wait_for()

        bruno.locator('button[data-name="resign"]').click()
        bruno.locator('button[data-name="resign-confirm"]').click()
        for page in (anna, bruno):
            page.locator(".game-over .resigned").wait_for()
        assert "bruno" in anna.locator(".game-over .resigned").inner_text()

        for name, won in (("anna", True), ("bruno", False)):
            anna.goto(f"{server.url}/players/{name}")
            rating = anna.locator('.ratings li[data-family="standard"]')
            rating.wait_for()
            assert "1 rated game" in rating.inner_text()
            shown = int(re.sub(r"\D", "", rating.locator(".rating").inner_text()))
            assert (shown > START) if won else (shown < START), (name, shown)
