"""The lobby in real browsers: a table opened for anyone shows up live in a stranger's lobby,
one click seats them, and a third person watches from the lobby without a link."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.conftest import Browsers, Server
from tests.browser.driver import new_game, shot
from tests.browser.test_browser_accessibility import violations
from tests.browser.test_browser_friends import cards_on_page, secrets
from tests.server.hostile_kit import request

pytestmark = pytest.mark.browser


def test_a_stranger_takes_the_open_place_from_the_lobby_and_a_third_watches(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    bea = browsers.page(at=server.url + "/lobby")
    bea.locator(".lobby").wait_for()
    bea.get_by_text("No table is waiting for players right now").wait_for()

    ann = browsers.page()
    new_game(ann, server.url, opponent="anyone", name="Ann")
    ann.locator(".panel.invite").get_by_text("listed in the lobby").wait_for()

    row = bea.locator(".lobby-open", has_text="Ann")  # arrives live, without a reload
    row.wait_for()
    assert "open place" in row.inner_text()
    shot(bea, shots / "lobby-open-table.png")
    bea.fill('input[name="name"]', "Bea")
    row.get_by_role("button", name="Take the place").click()
    bea.wait_for_url("**/play/**")
    for page in (ann, bea):
        page.locator(".my-hand .card").nth(9).wait_for()
    assert "Bea" in ann.locator(".seat.top").inner_text()

    cy = browsers.page(locale="it-IT", at=server.url + "/lobby")
    playing = cy.locator(".lobby-playing", has_text="Ann")
    playing.wait_for()
    assert "Partite in corso" in cy.inner_text(".lobby")
    playing.get_by_role("link", name="Guarda").click()
    cy.wait_for_url("**/watch/**")
    cy.locator(".felt").wait_for()
    cy.locator(".seat .card").first.wait_for()
    seen = cards_on_page(cy)
    assert not seen & (secrets(ann, bea) | secrets(bea, ann))


def test_the_creator_sends_a_player_away_before_the_first_deal(
    server: Server, browsers: Browsers
) -> None:
    ann = browsers.page(at=server.url + "/")
    ann.check('input[name="players"][value="3"]')
    for place in (1, 2):
        ann.select_option(f'select[name="seat-{place}"]', "anyone")
    ann.fill('input[name="name"]', "Ann")
    ann.locator("form.new-game button[type=submit]").click()
    ann.wait_for_url("**/play/**")
    game_id = ann.url.rsplit("/", 1)[-1].split("?")[0].split("#")[0]

    bea = browsers.page(at=server.url + "/lobby")
    bea.fill('input[name="name"]', "Bea")
    bea.locator(f'.lobby-open[data-game="{game_id}"]').get_by_role(
        "button", name="Take the place").click()
    bea.wait_for_url("**/play/**")

    ann.get_by_role("button", name="Send Bea away").click()
    bea.locator(".notice").get_by_text("sent you away").wait_for()
    lobby = browsers.page(at=server.url + "/lobby")
    assert "2 open places" in lobby.locator(f'.lobby-open[data-game="{game_id}"]').inner_text()


def test_tournaments_arrive_in_the_lobby_live_and_a_half_filled_form_survives_them(
    server: Server, browsers: Browsers
) -> None:
    from tests.browser.test_browser_accounts import signed_up

    carla = signed_up(browsers, server.url, "carla", locale="it-IT")
    carla.goto(server.url + "/lobby")
    carla.locator(".create-tournament > summary").click()
    name = carla.locator('input[name="tournament-name"]')
    name.fill("Il torneo di Carla")
    name.focus()

    anna = signed_up(browsers, server.url, "anna")
    made = anna.evaluate("""async () => (await fetch("/api/tournaments", {method: "POST",
        headers: {"Content-Type": "application/json"},
        body: JSON.stringify({name: "Anna's cup", format: "swiss", size: 8, level: 1,
                              fill: false})})).json()""")
    row = carla.locator(f'.tournaments [data-tournament="{made["id"]}"]')
    row.wait_for()  # without a reload
    assert "1 iscritto su 8" in row.inner_text()
    assert name.input_value() == "Il torneo di Carla"
    assert carla.evaluate("document.activeElement.name") == "tournament-name"
    assert carla.locator(".create-tournament").get_attribute("open") is not None

    bruno = signed_up(browsers, server.url, "bruno")
    assert bruno.evaluate(f"""async () => (await fetch("/api/tournaments/{made['id']}/entry",
        {{method: "POST"}})).status""") == 200
    row.get_by_text("2 iscritti su 8").wait_for()
    assert carla.evaluate("document.activeElement.name") == "tournament-name"


def test_the_lobby_shows_a_page_of_open_tables_and_more_on_request(
    server: Server, browsers: Browsers, axe_source: str
) -> None:
    address = server.url.removeprefix("http://")
    for n in range(23):
        made = request(address, "POST", "/api/games", {"opponent": "anyone", "name": f"P{n}"})
        assert made.status == 201, made
    page = browsers.page(at=server.url + "/lobby", bypass_csp=True)
    page.locator(".lobby-open").nth(19).wait_for()
    assert page.locator(".lobby-open").count() == 20  # the first page only
    more = page.get_by_role("button", name="Show more tables (20 of 23 shown)")
    assert violations(page, axe_source) == []
    more.click()
    page.locator(".lobby-open").nth(22).wait_for()
    assert page.locator(".lobby-more").count() == 0
    assert page.locator(".lobby-open", has_text="P0").count() == 1  # the oldest, last
