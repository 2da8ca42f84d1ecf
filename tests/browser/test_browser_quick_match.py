"""Quick match and the lobby's chat in real browsers: two strangers press "Play now" in the
lobby (one in English, one in Italian) and sit at the same game; a seeker nobody meets sees
the wait, then the computer at their level, and plays it; an account's line in the lobby's
chat reaches a guest as text, on a laptop and on a phone."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import DEVICES, Browsers, Server, serving
from tests.browser.driver import fits_width, shot
from tests.browser.test_browser_accounts import fill_account_form

pytestmark = pytest.mark.browser


def game_of(url: str) -> str:
    return url.rsplit("/", 1)[-1].split("?")[0].split("#")[0]


def test_two_strangers_meet_by_quick_match_in_two_languages(
    tmp_path: Path, browsers: Browsers, shots: Path
) -> None:
    with serving(tmp_path, extra=("--quick-match-computer", "3600")) as server:
        ann = browsers.page(at=server.url + "/lobby")
        ann.fill('input[name="name"]', "Ann")
        ann.get_by_role("button", name="Play now").click()
        ann.get_by_text("Looking for an opponent").wait_for()
        assert "ratings 1,400–1,600" in ann.inner_text(".quick-match")
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
        cy = browsers.page(locale="it-IT", at=server.url + "/lobby")
        cy.get_by_role("button", name="Gioca ora").click()
        cy.get_by_text("Tra 2 secondi ti verrà proposto il computer").or_(
            cy.get_by_text("Tra 1 secondo ti verrà proposto il computer")).first.wait_for()
        offer = cy.get_by_role("button",
                               name="Gioca invece col computer (livello 3, rating 1500)")
        offer.click()
        cy.wait_for_url("**/play/**")
        cy.locator(".my-hand .card").nth(9).wait_for()
        assert "Computer" in cy.locator(".seat.top").inner_text()


@pytest.mark.parametrize("device", DEVICES)
def test_the_lobby_chat_shows_an_accounts_html_as_text_and_guests_only_read(
    server: Server, browsers: Browsers, shots: Path, device: str
) -> None:
    anna = browsers.page(at=server.url + "/", **DEVICES[device])
    anna.locator("#account button.switch").click()
    fill_account_form(anna, "sign-up", "anna", "a good long password")
    anna.locator("#account .signed-in", has_text="Signed in as anna.").wait_for()
    anna.goto(server.url + "/lobby")
    anna.locator(".lobby-chat summary").click()
    payload = '<img src=x onerror="window.pwned=1"><b>hi</b>'
    anna.fill('.lobby-chat input[name="chat"]', payload)
    anna.locator(".lobby-chat button[type=submit]").click()
    anna.locator(".lobby-chat .chat-text", has_text=payload).wait_for()

    guest = browsers.page(locale="it-IT", at=server.url + "/lobby", **DEVICES[device])
    guest.locator(".lobby-chat summary").click()
    guest.locator(".lobby-chat .chat-text", has_text=payload).wait_for()
    guest.get_by_text("Accedi per parlare nella chat della sala.").wait_for()
    assert guest.locator('.lobby-chat input[name="chat"]').count() == 0
    assert guest.locator(".lobby-chat img").count() == 0
    assert guest.evaluate("window.pwned") is None and anna.evaluate("window.pwned") is None
    assert fits_width(guest) and fits_width(anna)
    shot(guest, shots / f"lobby-chat-guest-it-{device}.png")


def test_two_strangers_with_the_same_own_rules_meet_on_them(
    tmp_path: Path, browsers: Browsers
) -> None:
    """"Your rules" in quick match are the rules of the last game made from New game."""
    mine = {"players": 2, "preset": "standard", "values": {"knock_limit": 7, "big_gin": True}}
    with serving(tmp_path, extra=("--quick-match-computer", "3600")) as server:
        pages = []
        for locale, words in (("en-GB", ("Your rules (Standard, changed)", "Play now")),
                              ("it-IT", ("Le tue regole (Standard, modificate)", "Gioca ora"))):
            page = browsers.page(locale=locale, at=server.url + "/lobby")
            page.evaluate("(rules) => localStorage.setItem('gin.home', JSON.stringify(rules))",
                          mine)
            page.reload()
            page.locator('select[name="quick-preset"]').select_option(label=words[0])
            page.get_by_role("button", name=words[1]).click()
            pages.append(page)
        for page in pages:
            page.wait_for_url("**/play/**")
        assert game_of(pages[0].url) == game_of(pages[1].url)
        state = pages[0].request.get(
            f"{server.url}/api/games/{game_of(pages[0].url)}").json()["state"]
        assert state["rules"]["knock_limit"] == 7 and state["rules"]["big_gin"] is True
