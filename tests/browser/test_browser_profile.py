"""Profiles and the leaderboard in the browser (issues 14 and 35): after two rated games between
accounts, anna's profile shows her rating with its provisional mark, a chart the page draws
itself (inline SVG), her numbers and last games, in English and Italian; the leaderboard
leaves provisional ratings out until asked and links to the profiles; an unknown player's
page says so in the reader's words."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server
from tests.server.account_kit import accounts_app
from tests.server.rating_kit import finish_rated, two_accounts


@pytest.fixture(scope="module")
def rated_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[Server, list[dict[str, Any]]]]:
    """`gin serve` on a database where anna and bea have played two rated games (the module's
    tests only read it: they share it)."""
    server = Server(tmp_path_factory.mktemp("rated"))
    with accounts_app(server.database) as client:
        anna, bea = two_accounts(client)
        games = [finish_rated(client, anna, bea), finish_rated(client, bea, anna)]
    server.start()
    try:
        yield server, games
    finally:
        server.stop()


def test_a_profile_shows_the_rating_its_chart_and_the_numbers(
        rated_server: tuple[Server, list[dict[str, Any]]], browsers: Browsers) -> None:
    server, games = rated_server
    page = browsers.page(at=server.url + "/players/anna")
    page.locator("h1", has_text="anna").wait_for()
    rating = page.locator('.ratings li[data-family="standard"]')
    rating.locator(".rating", has_text="?").wait_for()
    assert "2 rated games" in rating.inner_text()
    page.locator(".profile", has_text="A rating marked ? is provisional").wait_for()
    chart = page.locator("svg.rating-chart")
    assert chart.locator("circle").count() == 3  # the starting rating, then each game
    assert "Standard: from" in (chart.get_attribute("aria-label") or "")
    assert page.locator('dd[data-stat="games"]').inner_text() == "2"
    assert page.locator('dd[data-stat="gin_rate"]').inner_text().endswith("%")
    completion = {key: page.locator(f'dd[data-completion="{key}"]').inner_text()
                  for key in ("rate", "finished", "resigned", "abandoned")}
    assert completion == {"rate": "100%", "finished": "2", "resigned": "0", "abandoned": "0"}
    assert page.locator("#completion-title + dl + p a").get_attribute("href") == "/rules#leavers"
    last = page.locator(".last-games li")
    assert last.count() == 2
    assert last.first.get_attribute("data-game") == games[1]["game_id"]
    assert last.first.locator("a.btn", has_text="Replay").get_attribute("href") == (
        f"/play/{games[1]['game_id']}?replay")
    last.first.locator("a", has_text="bea").click()
    page.locator("h1", has_text="bea").wait_for()


def test_the_profile_and_leaderboard_in_italian(
        rated_server: tuple[Server, list[dict[str, Any]]], browsers: Browsers) -> None:
    server, _ = rated_server
    page = browsers.page(locale="it-IT", viewport={"width": 390, "height": 844})
    page.goto(server.url + "/players/anna")
    page.locator("h2", has_text="Andamento del rating").wait_for()
    assert "2 partite valide" in page.locator(".ratings").inner_text()
    page.locator(".profile", has_text="Ultime partite").wait_for()
    page.locator("h2", has_text="Partite portate a termine").wait_for()
    assert "Abbandonate" in page.locator("dl.completion").inner_text()
    page.goto(server.url + "/leaderboard")
    page.locator(".leaderboard", has_text="Nessuno è ancora in questa classifica.").wait_for()
    page.locator(".computer-levels", has_text="livello 3: 1500").wait_for()
    page.locator('input[name="provisional"]').check()
    page.locator(".board tbody tr").nth(1).wait_for()
    assert page.locator(".board thead").inner_text().split() == [
        "Posizione", "Giocatore", "Rating", "Partite", "valide"]
    page.locator(".board a", has_text="bea").click()
    page.locator("h1", has_text="bea").wait_for()
    page.goto(server.url + "/players/nessuno")
    page.locator(".notice.error", has_text="Nessun giocatore ha questo nome.").wait_for()


def test_the_account_menu_links_to_ones_profile(
        rated_server: tuple[Server, list[dict[str, Any]]], browsers: Browsers) -> None:
    server, _ = rated_server
    page = browsers.page(at=server.url + "/")
    page.fill('form[name="sign-in"] input[name="username"]', "anna")
    page.fill('form[name="sign-in"] input[name="password"]', "correct horse battery")
    page.locator('form[name="sign-in"] button[type=submit]').click()
    page.locator("#account a.my-profile", has_text="My profile").click()
    page.locator("svg.rating-chart").wait_for()
    page.locator("nav a", has_text="Leaderboard").click()
    page.locator(".leaderboard h1", has_text="Leaderboard").wait_for()


def sign_up_in(page: Any, url: str, username: str) -> None:
    page.goto(url + "/")
    page.locator("#account button.switch").click()
    page.fill('form[name="sign-up"] input[name="username"]', username)
    page.fill('form[name="sign-up"] input[name="password"]', "a good long password")
    page.locator('form[name="sign-up"] button[type=submit]').click()
    page.locator("#account .signed-in").wait_for()


def test_a_rated_game_from_the_home_page_is_marked_and_refused_to_a_guest(
        server: Server, browsers: Browsers, axe_source: str) -> None:
    anna = browsers.page()
    assert anna.goto(server.url + "/") is not None
    assert anna.locator('input[name="rated"]').is_hidden()  # a guest cannot make one
    sign_up_in(anna, server.url, "anna")
    anna.locator('input[name="opponent"][value="computer"]').check()
    assert anna.locator('input[name="rated"]').is_hidden()  # nor a game with the computer
    anna.locator('input[name="opponent"][value="anyone"]').check()
    anna.locator('input[name="rated"]').check()
    anna.locator("form.new-game button[type=submit]").click()
    anna.locator(".lobby-places .badge.rated", has_text="Rated").wait_for()

    guest = browsers.page(locale="it-IT", at=server.url + "/lobby", bypass_csp=True)
    entry = guest.locator(".lobby-open").first
    entry.locator(".badge.rated", has_text="Valida per la classifica").wait_for()
    assert entry.locator("a", has_text="anna").get_attribute("href") == "/players/anna"
    rating = entry.locator(".seat-rating")  # a new player's, marked provisional
    rating.get_by_text("(1500?)").wait_for()
    assert rating.get_attribute("title") == "Rating 1500?"
    from tests.browser.test_browser_accessibility import SIZES, violations
    for size in (SIZES["laptop"], SIZES["phone"]):  # the lobby with a player's rating shown
        guest.set_viewport_size(size)
        assert violations(guest, axe_source) == [], size
    guest.set_viewport_size(SIZES["laptop"])
    entry.locator("button", has_text="Siediti").click()
    guest.locator(".notice.error", has_text="si gioca tra account").wait_for()

    bea = browsers.page()
    sign_up_in(bea, server.url, "bea")
    bea.goto(server.url + "/lobby")
    bea.locator(".lobby-open button").first.click()
    bea.locator(".scorebox a.profile-link", has_text="anna").wait_for()
    bea.locator(".scorebox a.profile-link", has_text="bea").wait_for()
    bea.locator(".scorebox .badge.rated", has_text="Rated").wait_for()


@pytest.mark.parametrize(("locale", "size"), [("en-GB", "laptop"), ("it-IT", "phone")])
def test_no_axe_violation_on_a_profile_and_the_leaderboard(
        rated_server: tuple[Server, list[dict[str, Any]]], browsers: Browsers, axe_source: str,
        locale: str, size: str) -> None:
    from tests.browser.test_browser_accessibility import SIZES, violations

    server, _ = rated_server
    page = browsers.page(locale=locale, viewport=SIZES[size], bypass_csp=True)
    found: dict[str, list[str]] = {}
    page.goto(server.url + "/players/anna")
    page.locator("svg.rating-chart").wait_for()
    found["profile"] = violations(page, axe_source)
    page.goto(server.url + "/leaderboard?provisional=1")
    page.locator(".board tbody tr").first.wait_for()
    found["leaderboard"] = violations(page, axe_source)
    page.goto(server.url + "/players/nobody-at-all")
    page.locator(".notice.error").wait_for()
    found["unknown player"] = violations(page, axe_source)
    assert found == {name: [] for name in found}, found
