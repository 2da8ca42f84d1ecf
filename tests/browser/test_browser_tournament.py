"""Tournaments in real browsers. A knockout of eight computers: its bracket from the
first round's pairings (the later rounds open) to the winner, on a laptop and a phone.
A Swiss of eight: an account creates it from the lobby, another enters from its page (in
Italian, on a phone), the organiser starts it early and six computers fill it; both people
play each of their games through their pages, move by move, and both pages show the final
standings. A duplicate of four (in Italian and in English, on a laptop and on a phone):
both tables of each round get the same decks. A Swiss of six at tables of three (R33), created
in Italian ("tavoli da 3", which a knockout does not offer): three players and three totals at
every table, and the standings with how they are counted. A Swiss of eight at tables of four
(R34) with the pairs' target set in the form: two pairs at every table, the winning pair
named, and the standings with how they are counted."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from ginrummy.server.storage.db import make_engine
from ginrummy.server.storage.store import Store
from ginrummy.server.storage.tournament_store import TournamentStore
from tests.browser.conftest import DEVICES, Browsers, Server, serving
from tests.browser.driver import enabled, fits_width, shot, stage, step, try_click
from tests.browser.test_browser_accessibility import SIZES, violations
from tests.browser.test_browser_accounts import signed_up
from tests.browser.test_browser_quick_match import game_of
from tests.browser.test_browser_quick_match_rated import with_short_target

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def tournament_form(page: Any, base: str) -> None:
    """Open the lobby's form that creates a tournament."""
    page.goto(base + "/lobby")
    page.locator(".create-tournament > summary").click()


@contextmanager
def organiser_at_the_form(tmp_path: Path, browsers: Browsers, locale: str = "it-IT",
                          **options: Any) -> Iterator[tuple[Server, Any]]:
    """A server of its own, and anna (signed up, in Italian unless ``locale`` says otherwise;
    ``options`` for her page) at its tournament form."""
    with serving(tmp_path, idle_seconds=0.5) as server:
        anna = signed_up(browsers, server.url, "anna", locale=locale, **options)
        tournament_form(anna, server.url)
        yield server, anna


def axe_at_both_sizes(page: Any, axe_source: str) -> list[str]:
    """axe-core's violations on the page as a laptop and as a phone shows it."""
    found = []
    for size in (SIZES["laptop"], SIZES["phone"]):
        page.set_viewport_size(size)
        found += [f"{size['width']} px: {v}" for v in violations(page, axe_source)]
    page.set_viewport_size(SIZES["laptop"])
    return found


WORDS = {
    "en-GB": {"create": "Create the tournament", "start": "Start now",
              "over": "The tournament is over", "duplicate": "Duplicate score",
              "watch": "Watch", "play": "Play your game"},
    "it-IT": {"create": "Crea il torneo", "start": "Fai partire ora",
              "over": "Il torneo è concluso", "duplicate": "Punteggio duplicato",
              "watch": "Guarda", "play": "Gioca la tua partita"},
}
"""What the tournament's pages say, in each language."""


def created_and_finished(page: Any, locale: str = "it-IT") -> None:
    """Create the tournament the form describes, start it at once, wait for its end (the
    page in ``locale``)."""
    page.get_by_role("button", name=WORDS[locale]["create"]).click()
    page.wait_for_url("**/tournaments/**")
    page.get_by_role("button", name=WORDS[locale]["start"]).click()
    page.locator(".tournament-status", has_text=WORDS[locale]["over"]).wait_for(
        timeout=240_000)


class Entrant:
    """A person in a tournament who plays it through the page: from the tournament's page to
    each game as it is paired ("Play your game"), every move made by clicking what the table
    offers (the driver's policy), the next hand started, and back to the tournament's page
    once the game is over; done when the page says the tournament is over."""

    def __init__(self, page: Any, address: str, locale: str) -> None:
        self.page = page
        self.address = address
        self.words = WORDS[locale]
        self.moves: dict[str, int] = {}
        """The moves this person made, by game."""
        self.over: set[str] = set()
        """The games this person has seen to their end."""
        self.done = False

    def act(self) -> bool:
        """Do the one thing the page offers now, if any; whether something was done."""
        page = self.page
        if "/play/" in page.url:
            return self._at_the_table()
        if page.locator(".tournament-status", has_text=self.words["over"]).count():
            self.done = True
            return False
        links = page.get_by_role("link", name=self.words["play"])  # read at once: the page
        for href in links.evaluate_all("links => links.map((a) => a.getAttribute('href'))"):
            game = game_of(href)  # is drawn again as the other tables finish
            if game in self.over:
                continue  # the tournament's page has not heard of its end yet
            if try_click(page.locator(f'a[href="{href}"]')):
                page.wait_for_url("**/play/**")
                self.moves.setdefault(game, 0)
                return True
        return False

    def _at_the_table(self) -> bool:
        page, game = self.page, game_of(self.page.url)
        now = stage(page)
        if now == "hand":
            moved = bool(step(page))
            # a click on "Play your game" can reach the table while Playwright reports it
            # failed (the link was redrawn as it navigated): count from here then
            self.moves[game] = self.moves.get(game, 0) + moved
            return moved
        if now == "between_hands" and enabled(page, "next-hand"):
            return try_click(page.locator('button[data-name="next-hand"]'))
        if now == "over":
            page.locator(".result-panel").wait_for()
            self.over.add(game)
            page.locator('a[data-name="tournament"]').click()  # the game's way back
            page.wait_for_url(self.address)
            page.locator(".tournament-status").wait_for()
            return True
        return False


def played_through_the_pages(people: list[Entrant], limit: float = 600.0) -> None:
    """Each person acts when their page offers something, until every page shows the end."""
    deadline = time.monotonic() + limit
    while not all(person.done for person in people):
        if time.monotonic() > deadline:
            raise AssertionError(f"the tournament did not end in {limit} s: "
                                 f"{[person.moves for person in people]}")
        moved = False
        for person in people:
            if not person.done:
                moved = person.act() or moved
        if not moved:
            people[0].page.wait_for_timeout(50)


def test_an_eight_player_swiss_with_two_people_and_six_computers_reaches_its_standings(
    tmp_path: Path, browsers: Browsers, shots: Path
) -> None:
    """The two people play every move of their games themselves (no idle rule: nothing
    plays for them), to 10 points a game (the form's request gets the target added)."""
    with serving(tmp_path, idle_seconds=0) as server:
        anna = signed_up(browsers, server.url, "anna")
        with_short_target(anna, 10, "**/api/tournaments")
        tournament_form(anna, server.url)
        anna.fill('input[name="tournament-name"]', "Friday Swiss")
        anna.select_option('select[name="level"]', "1")
        anna.get_by_role("button", name="Create the tournament").click()
        anna.wait_for_url("**/tournaments/**")
        anna.get_by_text("Taking entries: it starts when every place is taken.").wait_for()
        assert "Organised by anna" in anna.inner_text(".tournament")
        assert "The first to 10 points wins." in anna.inner_text(".tournament .intro")
        address = anna.url

        bruno = signed_up(browsers, server.url, "bruno", locale="it-IT", **DEVICES["phone"])
        bruno.goto(address)
        bruno.get_by_role("button", name="Iscriviti").click()
        bruno.get_by_text("2 giocatori iscritti").wait_for()

        anna.get_by_text("2 players entered").wait_for(timeout=2_000)  # live: no reload, no poll
        anna.get_by_role("button", name="Start now").click()
        anna.get_by_text("Round 1 of 3 is being played.").wait_for()
        people = [Entrant(anna, address, "en-GB"), Entrant(bruno, address, "it-IT")]
        played_through_the_pages(people)

        for person in people:  # a game a round, each played to its end by its person
            assert len(person.over) == 3 and person.over == set(person.moves), person.moves
            assert all(moves > 0 for moves in person.moves.values()), person.moves
        rows = bruno.locator("table.standings tbody tr")
        assert rows.count() == 8
        assert "Classifica" in bruno.inner_text(".tournament")
        names = anna.inner_text("table.standings")
        assert "anna" in names and "bruno" in names and "Computer 6 (level 1)" in names
        assert anna.locator("section.panel h2", has_text="Round").count() == 3
        assert fits_width(bruno)
        shot(bruno, shots / "tournament-standings-it-phone.png")


@pytest.mark.parametrize(("locale", "device"), [
    ("it-IT", "laptop"), ("en-GB", "laptop"), ("en-GB", "phone")])
def test_a_duplicate_of_four_gives_both_tables_of_a_round_the_same_decks(
    tmp_path: Path, browsers: Browsers, shots: Path, axe_source: str, locale: str, device: str
) -> None:
    with organiser_at_the_form(tmp_path, browsers, locale, bypass_csp=True,
                               **DEVICES[device]) as (server, anna):
        anna.select_option('select[name="format"]', "duplicate")
        anna.fill('input[name="size"]', "4")
        anna.select_option('select[name="level"]', "1")
        created_and_finished(anna, locale)
        assert WORDS[locale]["duplicate"] in anna.inner_text("table.standings")
        assert anna.locator("table.standings tbody tr").count() == 4
        assert anna.get_by_role("link", name=WORDS[locale]["watch"]).count() == 0  # nobody
        assert violations(anna, axe_source) == []  # watches a duplicate's games
        assert fits_width(anna)
        shot(anna, shots / f"duplicate-standings-{locale}-{device}.png")
        tournament = anna.url.rsplit("/", 1)[-1]
    store = Store(make_engine(server.database))
    stored = TournamentStore(make_engine(server.database)).load(tournament)
    assert stored is not None and stored.row.status == "over"
    for round_number in (1, 2):
        first, second = (store.load(link.game_id) for link in stored.games
                         if link.round == round_number)
        assert first is not None and second is not None
        common = set(first.decks) & set(second.decks)
        assert common and all(first.decks[n] == second.decks[n] for n in common)


def test_a_swiss_of_six_at_tables_of_three_shows_three_seats_a_table_to_its_standings(
    tmp_path: Path, browsers: Browsers, shots: Path, axe_source: str
) -> None:
    with organiser_at_the_form(tmp_path, browsers, bypass_csp=True) as (server, anna):
        tables = anna.locator('select[name="table-size"]')
        anna.select_option('select[name="format"]', "knockout")
        assert tables.is_disabled()  # tables of 3 are for a Swiss only
        anna.select_option('select[name="format"]', "swiss")
        assert tables.is_enabled()
        assert tables.locator("option").all_inner_texts() == [
            "tavoli da 2", "tavoli da 3", "tavoli da 4 (a coppie)"]
        tables.select_option("3")
        assert axe_at_both_sizes(anna, axe_source) == []
        anna.fill('input[name="size"]', "6")
        anna.select_option('select[name="level"]', "1")
        created_and_finished(anna)
        assert "tavoli da 3" in anna.inner_text(".tournament .intro")
        assert anna.locator("table.standings tbody tr").count() == 6
        assert "il Buchholz somma i punti di entrambi i compagni di tavolo" in anna.inner_text(
            ".three-help")
        games = anna.locator("section.panel .game-list .game-item")
        assert games.count() == 4  # two rounds of two tables
        for index in range(games.count()):
            title = games.nth(index).locator(".game-title").inner_text()
            result = games.nth(index).locator(".muted").inner_text()
            assert len(title.split(" – ")) == 3, title
            assert len(result.rsplit(", ", 1)[-1].split("–")) == 3, result
        assert axe_at_both_sizes(anna, axe_source) == []
        shot(anna, shots / "tournament-three-standings-it.png")


def test_R34_a_swiss_of_eight_at_tables_of_four_shows_the_pairs_to_its_standings(
    tmp_path: Path, browsers: Browsers, shots: Path, axe_source: str
) -> None:
    with organiser_at_the_form(tmp_path, browsers, bypass_csp=True) as (server, anna):
        target = anna.locator('input[name="team-target"]')
        assert target.is_disabled()  # the pairs' target is for tables of four
        anna.locator('select[name="table-size"]').select_option("4")
        assert target.is_enabled()
        target.fill("30")
        anna.fill('input[name="size"]', "8")
        anna.select_option('select[name="level"]', "1")
        assert axe_at_both_sizes(anna, axe_source) == []
        created_and_finished(anna)
        intro = anna.inner_text(".tournament .intro")
        assert "tavoli da 4 (a coppie)" in intro
        assert "vince la prima squadra che arriva a 30 punti" in intro  # not the hands' 100
        assert "a 100 punti" not in intro
        assert anna.locator("table.standings tbody tr").count() == 8
        assert "il Buchholz somma i punti dei tuoi due avversari" in anna.inner_text(
            ".teams-help")
        games = anna.locator("section.panel .game-list .game-item")
        assert games.count() == 6  # three rounds of two tables
        for index in range(games.count()):
            title = games.nth(index).locator(".game-title").inner_text()
            result = games.nth(index).locator(".muted").inner_text()
            pairs = title.split(" – ")
            assert len(pairs) == 2 and all(" e " in pair for pair in pairs), title
            assert result.startswith("hanno vinto ") and " e " in result, result
            won, lost = map(int, result.rsplit(", ", 1)[-1].split(" a "))
            assert won >= 30 and won > lost, result  # the winning pair's total first
        assert axe_at_both_sizes(anna, axe_source) == []
        shot(anna, shots / "tournament-teams-standings-it.png")


def test_a_knockout_of_eight_shows_its_bracket_from_the_first_round_to_the_winner(
    tmp_path: Path, browsers: Browsers, shots: Path, axe_source: str
) -> None:
    with serving(tmp_path, idle_seconds=0.5) as server:
        anna = signed_up(browsers, server.url, "anna", bypass_csp=True)
        made = anna.evaluate("""async () => (await fetch("/api/tournaments", {method: "POST",
            headers: {"Content-Type": "application/json"},
            body: JSON.stringify({name: "Knockout", format: "knockout", size: 8, level: 1,
                                  fill: true, enter: false, options: {target: 10}})})).json()""")
        anna.goto(f"{server.url}/tournaments/{made['id']}")
        anna.get_by_role("button", name="Start now").click()
        bracket = anna.locator(".bracket")
        bracket.wait_for()
        rounds = bracket.locator(".bracket-round")
        assert rounds.count() == 3  # eight players: three rounds from the start
        assert rounds.nth(0).locator(".bracket-match").count() == 4
        assert [rounds.nth(n).locator(".bracket-match").count() for n in (1, 2)] == [2, 1]
        assert axe_at_both_sizes(anna, axe_source) == []
        anna.locator(".tournament-status", has_text="The tournament is over").wait_for(
            timeout=240_000)
        assert bracket.locator(".bracket-match.open").count() == 0
        assert bracket.locator(".bracket-player.winner").count() == 7  # one a match
        champion = rounds.nth(2).locator(".bracket-player.winner .bracket-name").inner_text()
        assert champion in anna.inner_text(".tournament-status")
        finalists = set(rounds.nth(2).locator(".bracket-name").all_inner_texts())
        semi_winners = set(rounds.nth(1).locator(".bracket-player.winner .bracket-name")
                           .all_inner_texts())
        assert finalists == semi_winners  # each round's winners meet in the next
        assert axe_at_both_sizes(anna, axe_source) == []
        anna.set_viewport_size(SIZES["phone"])
        shot(anna, shots / "knockout-bracket-phone.png")
        box = anna.locator(".bracket-panel").bounding_box()
        assert box is not None and box["x"] + box["width"] <= SIZES["phone"]["width"] + 1
        assert anna.evaluate("document.documentElement.scrollWidth") <= SIZES["phone"]["width"]
        bracket.locator(".bracket-round").nth(2).scroll_into_view_if_needed()  # it scrolls
        assert champion in bracket.locator(".bracket-round").nth(2).inner_text()


def test_the_organiser_calls_a_tournament_off_before_it_starts(
    tmp_path: Path, browsers: Browsers
) -> None:
    with organiser_at_the_form(tmp_path, browsers, locale="en-GB") as (server, anna):
        anna.fill('input[name="tournament-name"]', "Not this week")
        anna.get_by_role("button", name="Create the tournament").click()
        anna.wait_for_url("**/tournaments/**")
        anna.once("dialog", lambda dialog: dialog.accept())
        anna.get_by_role("button", name="Call it off").click()
        anna.get_by_text("The organiser called the tournament off.").wait_for()
        assert anna.get_by_role("button", name="Enter").count() == 0


def test_a_tournament_is_created_on_the_organisers_own_rules(
    tmp_path: Path, browsers: Browsers
) -> None:
    """"Your rules" in the tournament form are the rules of the last game made from New game."""
    mine = {"players": 2, "preset": "standard", "values": {"knock_limit": 7, "big_gin": True}}
    with organiser_at_the_form(tmp_path, browsers, locale="en-GB") as (server, anna):
        anna.evaluate("(rules) => localStorage.setItem('gin.home', JSON.stringify(rules))", mine)
        tournament_form(anna, server.url)
        anna.locator('select[name="tournament-preset"]').select_option(
            label="Your rules (Standard, changed)")
        anna.get_by_role("button", name="Create the tournament").click()
        anna.wait_for_url("**/tournaments/**")
        made = anna.request.get(server.url + "/api" + anna.url.split(server.url)[1]).json()
        assert made["rules"]["knock_limit"] == 7 and made["rules"]["big_gin"] is True
        assert made["rules"]["name"] == "standard"
