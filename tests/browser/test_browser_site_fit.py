"""The site's pages on a 360 px phone and what a new player read on them (issue 31): nothing
scrolls sideways on any page in English or Italian, the navigation's items are all in sight,
the standings and the leaderboard fit without a sideways scroll; a table's result gives the
winner's points first; a rating is written one way everywhere (in the reader's style, "?"
while provisional); a profile's chart starts from the starting rating; a signed-in player is
not asked for a name in the lobby; the fair-deal page names the deck derivation the server
uses. ``community`` makes the server these tests (and the accessibility test of the community
pages) share: anna and bea after one rated game, and a Swiss of four computers played out."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ginrummy.format.provably_fair import VERSION
from tests.browser.conftest import Browsers, Server
from tests.server.account_kit import accounts_app
from tests.server.rating_kit import finish_rated, two_accounts

pytestmark = pytest.mark.browser

PASSWORD = "correct horse battery"
"""The password of the rating kit's accounts."""
SMALL_PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


@contextlib.contextmanager
def community(folder: Path) -> Iterator[tuple[Server, str]]:
    """A started server where anna and bea have played one rated game, and the id of a Swiss
    of four computers (level 1, to 10 points) that anna organised and that is over."""
    server = Server(folder, idle_seconds=0.5)
    with accounts_app(server.database) as client:
        anna, bea = two_accounts(client)
        finish_rated(client, anna, bea)
        with anna.use():
            made = client.post("/api/tournaments", json={
                "name": "Cup", "format": "swiss", "size": 4, "level": 1, "fill": True,
                "enter": False, "options": {"target": 10}})
            assert made.status_code == 201, made.text
    tournament = made.json()["id"]
    server.start()
    try:
        yield server, tournament
    finally:
        server.stop()


def signed_in(page: Any, url: str, username: str = "anna") -> Any:
    """``page`` at the home page, signed in as ``username`` (an account of the rating kit)."""
    page.goto(url + "/")
    page.fill('form[name="sign-in"] input[name="username"]', username)
    page.fill('form[name="sign-in"] input[name="password"]', PASSWORD)
    page.locator('form[name="sign-in"] button[type=submit]').click()
    page.locator("#account .signed-in").wait_for()
    return page


def fetched(page: Any, path: str, method: str = "GET") -> Any:
    """The JSON answer to ``path``, asked from inside the page (its cookies, its origin)."""
    return page.evaluate("""async ([path, method]) => (await fetch(path, method === "GET" ? {} :
        {method, body: "{}", headers: {"content-type": "application/json"}})).json()""",
                         [path, method])


def played_out(page: Any, tournament: str) -> None:
    """Start the tournament (the page is its organiser's) and wait for its end."""
    fetched(page, f"/api/tournaments/{tournament}/start", "POST")
    deadline = time.monotonic() + 120
    while fetched(page, f"/api/tournaments/{tournament}")["status"] != "over":
        assert time.monotonic() < deadline, "the tournament did not end"
        page.wait_for_timeout(200)


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Server, str]]:
    with community(tmp_path) as running:
        yield running


OVERFLOW = """() => {
  const scroller = document.scrollingElement;
  const innerWidth = scroller.clientWidth;  // a phone's window widens to what overflows
  const inSight = (e) => e.checkVisibility() && e.getClientRects().length > 0;
  const outside = [...document.querySelectorAll('body *')]
    .filter((e) => inSight(e) && !e.closest('.table-box, .bracket'))  // boxes meant to scroll
    .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
    .slice(0, 4).map((e) => `${e.tagName}.${e.className}: ${(e.textContent || '').slice(0, 30)}`);
  const nav = document.querySelector('.nav') || document.querySelector('header nav');
  const links = nav ? [...nav.querySelectorAll('a')] : [];
  const cut = links.filter((a) => { const r = a.getBoundingClientRect();
    return !inSight(a) || r.left < 0 || r.right > innerWidth + 0.5; }).map((a) => a.textContent);
  return { wide: scroller.scrollWidth, width: scroller.clientWidth, outside, cut,
           navScrolls: nav ? nav.scrollWidth > nav.clientWidth : false, links: links.length };
}"""


def fits(page: Any, what: str) -> None:
    """Nothing on the page runs off its right side, and every item of the navigation shows."""
    # a closed panel's contents too (the tournament form, the game's options)
    page.evaluate("document.querySelectorAll('main details').forEach((d) => { d.open = true; })")
    found = page.evaluate(OVERFLOW)
    assert found["wide"] <= found["width"], (what, found)
    assert found["outside"] == [], (what, found)
    assert found["links"] >= 3 and found["cut"] == [] and not found["navScrolls"], (what, found)


PAGES = ["/", "/lobby", "/leaderboard?provisional=1", "/players/anna", "/rules", "/faq", "/tips",
         "/verify", "/daily"]


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_nothing_scrolls_sideways_at_360_px_and_the_navigation_shows_every_item(
        site: tuple[Server, str], browsers: Browsers, locale: str) -> None:
    server, tournament = site
    guest = browsers.page(locale=locale, **SMALL_PHONE)
    for path in PAGES:
        guest.goto(server.url + path)
        guest.locator("main .panel, main h1, .verify-page").first.wait_for()
        fits(guest, f"{path} (a guest)")
    anna = signed_in(browsers.page(locale=locale, **SMALL_PHONE), server.url)
    fits(anna, "/ (signed in)")
    played_out(anna, tournament)
    for path in ("/lobby", "/leaderboard?provisional=1", "/players/anna",
                 f"/tournaments/{tournament}"):
        anna.goto(server.url + path)
        anna.locator("main .panel").first.wait_for()
        if "tournaments" in path:
            anna.locator("table.standings tbody tr").nth(3).wait_for()
        fits(anna, f"{path} (signed in)")


@pytest.mark.parametrize(("locale", "score"),
                         [("en-GB", r"(\d+)–(\d+)"), ("it-IT", r"(\d+) a (\d+)")])
def test_a_tables_result_gives_the_winners_points_first(
        site: tuple[Server, str], browsers: Browsers, locale: str, score: str) -> None:
    server, tournament = site
    anna = signed_in(browsers.page(locale=locale), server.url)
    played_out(anna, tournament)
    anna.goto(f"{server.url}/tournaments/{tournament}")
    results = anna.locator(".game-list .game-item .muted")
    results.nth(3).wait_for()  # two rounds of two tables
    won = "won" if locale == "en-GB" else "ha vinto"
    for text in results.all_inner_texts():
        assert won in text, text
        found = re.search(score + "$", text)
        assert found, text
        assert int(found.group(1)) > int(found.group(2)), text


@pytest.mark.parametrize(("locale", "shown"), [("en-GB", r"\d,\d{3}\?"), ("it-IT", r"\d{4}\?")])
def test_a_rating_is_written_one_way_on_every_page(
        site: tuple[Server, str], browsers: Browsers, locale: str, shown: str) -> None:
    server, _ = site
    page = browsers.page(locale=locale)
    page.goto(server.url + "/players/anna")
    rating = page.locator(".ratings .rating").inner_text()
    assert re.fullmatch(shown, rating), rating  # provisional after one game
    page.goto(server.url + "/leaderboard?provisional=1")
    row = page.locator('.board tr[data-player="anna"]')
    assert row.locator(".board-rating").inner_text() == rating
    levels = page.locator(".computer-levels").inner_text()
    assert ("1,500" if locale == "en-GB" else "1500") in levels, levels


def test_the_rating_chart_starts_from_the_starting_rating(
        site: tuple[Server, str], browsers: Browsers) -> None:
    server, _ = site
    page = browsers.page(at=server.url + "/players/anna")
    chart = page.locator("svg.rating-chart")
    chart.wait_for()
    assert chart.locator("circle").count() == 2  # the start, then the one rated game
    assert chart.locator("circle.start").count() == 1
    assert (chart.locator("path.line").get_attribute("d") or "").count("L") == 1  # a line
    assert "from 1,500? to" in (chart.get_attribute("aria-label") or "")
    assert "over 1 rated game" in (chart.get_attribute("aria-label") or "")


def test_a_signed_in_player_is_not_asked_for_a_name_in_the_lobby(
        site: tuple[Server, str], browsers: Browsers) -> None:
    server, _ = site
    guest = browsers.page(at=server.url + "/lobby")
    guest.locator(".quick-match button.primary").wait_for()
    assert guest.locator('.lobby input[name="name"]').count() == 1
    anna = signed_in(browsers.page(), server.url)
    anna.goto(server.url + "/lobby")
    start = anna.locator(".quick-match button.primary")
    start.wait_for()
    assert anna.locator('.lobby input[name="name"]').count() == 0
    rated = anna.locator(".quick-match label.check").bounding_box()
    button = start.bounding_box()
    assert rated is not None and button is not None
    assert button["y"] - (rated["y"] + rated["height"]) >= 8  # the box does not touch the button


def test_the_fair_deal_page_names_the_servers_deck_derivation(
        server: Server, browsers: Browsers) -> None:
    for locale, words in (("en-GB", "deck derivation version"),
                          ("it-IT", "derivazione del mazzo versione")):
        page = browsers.page(locale=locale, at=server.url + "/verify")
        assert f"{words} {VERSION})" in page.locator(".fair-intro").inner_text()
