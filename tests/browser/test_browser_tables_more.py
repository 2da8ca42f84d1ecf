"""Tables of three and four in the browser (R33, R34): watching, replaying, My games, a phone.

Decks are random (the server's CSPRNG): each test reads the server's state (with the page's
seat cookie, or the watch token) to know who plays and what was scored, and checks that the
page shows exactly that. Tables are created over HTTP from inside the page (so the page holds
the seat cookie, as after the home page's form); moves are made with the buttons and cards
the page enables (:func:`tests.browser.driver.step`).
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server, serving
from tests.browser.driver import click, fits_width, settle, step
from tests.browser.test_browser_tables import seat_name, table_state

pytestmark = pytest.mark.shared_server

Page = Any
TEST_LIMIT = 60.0
PHONE = {"width": 390, "height": 844}
README_WIDTH = {"width": 900, "height": 1000}
ACTIONS = ("take", "pass", "stock", "knock", "gin", "lay-out", "accept", "next-hand", "hint",
           "back", "layoff", "done")
"""The data-name of every button that makes a move or answers the game."""


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Computers wait 0.4 s a move: a hand two computers play lasts long enough to look at."""
    with serving(tmp_path_factory.mktemp("slow"), 0.4) as running:
        yield running


@pytest.fixture
def calm_server(tmp_path: Path) -> Iterator[Server]:
    """Computers wait 1.5 s a move: the cards have landed when a screenshot is taken."""
    with serving(tmp_path, 1.5) as running:
        yield running


# ------------------------------------------------------------ helpers

def create_table(page: Page, base: str, body: dict[str, Any]) -> dict[str, Any]:
    """POST /api/games from the page (its cookie then holds the seat); returns the answer."""
    if not page.url.startswith(base):
        page.goto(base + "/api")
    created: dict[str, Any] = page.evaluate(
        """body => fetch('/api/games', {method: 'POST', credentials: 'same-origin',
             headers: {'content-type': 'application/json'}, body: JSON.stringify(body)})
           .then(r => r.json())""", {"name": "Ann", "preset": "classic", **body})
    assert "game_id" in created, created
    return created


def teams_with_computers(page: Page, base: str, **options: Any) -> str:
    """A four-player teams game (R34): the page's player and three computers; its id."""
    body = {"players": 4, "seats": ["computer", "computer", "computer"], **options}
    return str(create_table(page, base, body)["game_id"])


def at_the_first_round_score(page: Page, base: str) -> None:
    """The page at a teams game (R34) of three computers and the player, its first round
    played, the round's score shown."""
    game_id = teams_with_computers(page, base)
    page.goto(f"{base}/play/{game_id}")
    page.locator(".my-hand .card").first.wait_for()
    play_first_round(page, game_id)
    page.locator(".round-score").wait_for()


def at_a_three_sit_out(page: Page, base: str) -> None:
    """The page at a three-player game (R33) where the player sits the hand out."""
    three = three_with_person_sitting_out(page, base)
    page.goto(f"{base}/play/{three['game_id']}")
    page.locator(".sit-out").wait_for()


def watch_state(page: Page, game_id: str, token: str) -> dict[str, Any]:
    snapshot: dict[str, Any] = page.evaluate(
        "([id, token]) => fetch(`/api/games/${id}?token=${token}`).then(r => r.json())",
        [game_id, token])
    assert snapshot["role"] == "watcher", snapshot
    state: dict[str, Any] = snapshot["state"]
    return state


def wide_elements(page: Page) -> list[str]:
    """The elements wider than the window (to say what does not fit)."""
    found: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('body *')]
             .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1)
             .slice(0, 8).map(e => e.tagName + '.' + [...e.classList].join('.'))""")
    return found


def score_sheet_fits(page: Page) -> bool:
    """Open the score sheet: its table fits the dialog (no sideways scrolling); closes it."""
    click(page, "scores")
    dialog = page.locator("dialog.scores-dialog")
    dialog.locator("table.sheet").wait_for()
    fits = bool(dialog.evaluate("d => d.scrollWidth <= d.clientWidth"))
    page.keyboard.press("Escape")
    return fits


def badges_on_one_line(page: Page) -> bool:
    """Every badge of the seats strip keeps its words on one line (all are as tall)."""
    heights: list[float] = page.locator(".seats-strip .badge").evaluate_all(
        "badges => badges.map(b => b.getBoundingClientRect().height)")
    return bool(heights) and max(heights) - min(heights) < 2


def calm_shot(page: Page, path: Path, **options: Any) -> None:
    """A screenshot once no card is flying (computers keep moving: give up waiting after 5 s)."""
    from playwright.sync_api import Error as PlaywrightError

    with contextlib.suppress(PlaywrightError):
        settle(page)
    page.screenshot(path=str(path), **options)


def play_to_the_end(page: Page, game_id: str, limit: float = TEST_LIMIT) -> dict[str, Any]:
    """Make the page's moves and press Next hand until the game is over."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        state = table_state(page, game_id)
        if state["stage"] == "over":
            return state
        if page.locator('button[data-name="next-hand"]:not([disabled])').count():
            click(page, "next-hand")
            page.wait_for_timeout(100)
        elif not step(page):
            page.wait_for_timeout(60)
    raise AssertionError(f"the game did not end in {limit} s")


def play_first_round(page: Page, game_id: str, limit: float = TEST_LIMIT) -> dict[str, Any]:
    """Teams: play the person's hands (dealing again after a void one) until round 1 is scored."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        state = table_state(page, game_id)
        if state["rounds"]:
            return state
        mine = state["tables"][state["my_table"]]
        if (mine["status"] == "to_deal" and 0 in state["to_act"]
                and page.locator('button[data-name="next-hand"]:not([disabled])').count()):
            click(page, "next-hand")
            page.wait_for_timeout(100)
        elif not step(page):
            page.wait_for_timeout(60)
    raise AssertionError(f"round 1 was not scored in {limit} s")


def three_with_person_sitting_out(page: Page, base: str) -> dict[str, Any]:
    """A table of three where the person (place 0) deals first and so sits out (R33): tables
    are created until the cut makes place 0 the dealer (a chance of one in three each)."""
    for _ in range(40):
        created = create_table(page, base, {"players": 3, "seats": ["computer", "computer"]})
        if created["state"]["sitting_out"] == 0:
            return created
    raise AssertionError("place 0 never dealt first in 40 tables")


# ------------------------------------------------------------ R34: the watch link

def test_R34_watch_link_of_a_team_table_shows_no_hidden_cards(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    ann = browsers.page()
    created = create_table(ann, server.url, {"players": 4,
                                             "seats": ["computer", "computer", "computer"]})
    game_id, token = created["game_id"], created["watch_token"]
    ann.evaluate("""id => new Promise((done) => {  // her seed: then her table is dealt
        const ws = new WebSocket(`ws://${location.host}/ws/${id}`);
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type === "snapshot") {
            const next = m.state.fair.next.find((entry) => entry.players.includes(0));
            ws.send(JSON.stringify({ type: "ready", id: "r", seed: "ann's",
                                     commitment: next.commitment }));
          }
          if (m.type === "event" && m.event.kind === "deal" && m.event.table === 0) {
            ws.close();
            done(m);
          }
        };
      })""", game_id)
    own = ann.evaluate("id => fetch(`/api/games/${id}`).then(r => r.json())", game_id)
    ann_hand = set(own["state"]["view"]["hand"])
    assert len(ann_hand) == 10
    # Ann never moves: her table waits for her; the computers' table plays its hand out
    deadline = time.monotonic() + 20
    while True:
        state = watch_state(ann, game_id, token)
        if state["tables"][1]["status"] == "decided":
            break
        assert time.monotonic() < deadline, state["tables"][1]
        time.sleep(0.1)
    assert state["you"] is None and state["mode"] == "teams"
    watcher = browsers.page(at=created["links"]["watch"])
    watcher.locator(".felt.multi .seat-cards .card").first.wait_for()
    # every table's progress: who plays against whom, and how the decided one ended
    waiting = f"{seat_name(state, 0)} to play"
    watcher.wait_for_function("said => document.querySelector('.tables-box')?.innerText"
                              ".includes(said)", arg=waiting)
    tables_text = watcher.inner_text(".tables-box")
    for table in state["tables"]:
        first, second = (seat_name(state, place) for place in table["players"])
        assert f"Table {table['table'] + 1}: {first} against {second}" in tables_text
    result = state["tables"][1]["last_result"]
    if result and result.get("winner") is not None:
        assert "wins" in tables_text
    # the team score
    board = watcher.inner_text(".scorebox")
    assert "Ann & Computer 2 (level 1)" in board
    assert "Computer 1 (level 1) & Computer 3 (level 1)" in board
    # the hand areas: card backs, or a face everyone has seen (a card taken from the pile)
    view = state["view"]
    assert view["hand"] is None and view["hands"] == [None, None]
    public = {card for known in view["known"] for card in known}
    assert watcher.locator(".my-hand").count() == 0
    faces = watcher.locator(".seat-cards .card:not(.back)").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")
    assert set(faces) <= public, faces
    backs = watcher.locator(".seat-cards .card.back").count()
    assert backs + len(faces) == sum(view["hand_counts"]) == 20
    everywhere = set(watcher.locator("[data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"))
    assert not everywhere & ann_hand, everywhere & ann_hand
    # no action buttons, and nothing to click in a hand
    names = watcher.locator("button[data-name]").evaluate_all(
        "buttons => buttons.map(b => b.dataset.name)")
    assert not set(names) & set(ACTIONS), names
    assert watcher.locator(".card.playable, button.card").count() == 0
    assert "You are watching this game" in watcher.inner_text(".felt")
    calm_shot(watcher, shots / "teams-watch.png", full_page=True)


# ------------------------------------------------------------ R33: a replay

def test_R33_replay_of_a_finished_three_player_game(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    page = browsers.page()
    created = create_table(page, server.url, {"players": 3, "seats": ["computer", "computer"],
                                              "options": {"target": 10}})
    game_id = created["game_id"]
    page.goto(f"{server.url}/play/{game_id}")
    page.locator(".felt.multi").wait_for()
    over = play_to_the_end(page, game_id)
    settlement = over["settlement"]
    assert settlement["final"] and settlement["payments"]
    page.goto(f"{server.url}/play/{game_id}?replay")
    bar = page.locator(".replay-bar .step")
    bar.wait_for()
    match = re.fullmatch(r"Move 1 of (\d+)", bar.inner_text())
    assert match, bar.inner_text()
    total = int(match.group(1))
    assert total > 3
    assert page.locator(".hand-no").first.inner_text() == "Hand 1"
    # the arrows step through the moves
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert bar.inner_text() == f"Move 3 of {total}"
    page.keyboard.press("ArrowLeft")
    assert bar.inner_text() == f"Move 2 of {total}"
    # the hand counter follows the deals: step until the last hand's number shows
    last_hand = max(score["round"] for score in over["scores"])
    seen = {1}
    for _ in range(total):
        page.keyboard.press("ArrowRight")
        hand_no = page.locator(".felt .hand-no")
        if hand_no.count():
            seen.add(int(hand_no.first.inner_text().split()[-1]))
        if bar.inner_text() == f"Move {total} of {total}":
            break
    assert bar.inner_text() == f"Move {total} of {total}"
    assert last_hand in seen, (last_hand, seen)
    # the last step: the game is over, with the settlement and who pays whom (R33)
    page.locator(".felt.stage-over").wait_for()
    text = page.inner_text(".felt")
    assert "Settlement" in text
    for payment in settlement["payments"]:
        payer, payee = seat_name(over, payment["payer"]), seat_name(over, payment["payee"])
        assert f"{payer} pays {payee} the difference: {payment['points']} points." in text
    page.keyboard.press("ArrowLeft")
    assert bar.inner_text() == f"Move {total - 1} of {total}"
    page.keyboard.press("End")
    calm_shot(page, shots / "three-replay-end.png", full_page=True)
    # My games offers the finished table's replay
    page.goto(server.url + "/")
    item = page.locator(f'.game-list li[data-game="{game_id}"]')
    item.wait_for()
    assert item.locator(f'a[href="/play/{game_id}?replay"]').count() == 1


# ------------------------------------------------------------ My games

def test_my_games_lists_table_games(server: Server, browsers: Browsers, shots: Path) -> None:
    page = browsers.page()
    three = create_table(page, server.url, {"players": 3, "seats": ["computer", "computer"]})
    teams = create_table(page, server.url, {"players": 4,
                                            "seats": ["computer", "friend", "computer"]})
    page.goto(server.url + "/")
    games = page.locator("#games .game-list li.table-item")
    games.nth(1).wait_for()
    assert games.count() == 2
    titles = {}
    for created in (three, teams):
        item = page.locator(f'.game-list li[data-game="{created["game_id"]}"]')
        titles[created["players"]] = item.locator(".game-title").inner_text()
        links = set(item.locator("a").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"))
        assert links == {f"/play/{created['game_id']}"}, links
    assert titles[3] == "three players: you, Computer 1 (level 1), Computer 2 (level 1)"
    assert titles[4] == ("two teams: Ann & Friend 2 against "
                         "Computer 1 (level 1) & Computer 3 (level 1)")
    teams_item = page.locator(f'.game-list li[data-game="{teams["game_id"]}"]')
    assert "waiting for your friend" in teams_item.inner_text()
    assert teams_item.locator(".game-score").inner_text() == "0 – 0"
    # the three-player hand may have been played meanwhile (the person sat out): read the list
    shown = page.locator(f'.game-list li[data-game="{three["game_id"]}"] .game-score').inner_text()
    listed = page.evaluate("fetch('/api/games/mine').then(r => r.json())")["games"]
    totals = next(game["totals"] for game in listed if game["game_id"] == three["game_id"])
    # read before the fetch while the computers play on: totals only grow
    values = [int(v) for v in shown.split(" – ")]
    assert len(values) == len(totals) == 3
    assert all(a <= b for a, b in zip(values, totals, strict=True)), (shown, totals)
    page.screenshot(path=str(shots / "my-games-tables.png"), full_page=True)
    # the link opens the table
    page.locator(f'.game-list li[data-game="{teams["game_id"]}"] a.game-title').click()
    page.wait_for_url(f"**/play/{teams['game_id']}")
    page.locator(".felt.multi").wait_for()


def test_my_games_names_table_games_in_italian(server: Server, browsers: Browsers) -> None:
    page = browsers.page(locale="it-IT")
    three = create_table(page, server.url, {"players": 3, "seats": ["computer", "computer"]})
    teams = create_table(page, server.url, {"players": 4,
                                            "seats": ["computer", "computer", "computer"]})
    page.goto(server.url + "/")
    page.locator("#games .game-list li.table-item").nth(1).wait_for()
    title = ".game-title"
    assert page.locator(f'li[data-game="{three["game_id"]}"] {title}').inner_text() == (
        "tre giocatori: tu, Computer 1 (livello 1), Computer 2 (livello 1)")
    assert page.locator(f'li[data-game="{teams["game_id"]}"] {title}').inner_text() == (
        "due coppie: Ann & Computer 2 (livello 1) contro "
        "Computer 1 (livello 1) & Computer 3 (livello 1)")


# ------------------------------------------------------------ a phone

@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_R33_R34_table_screens_fit_a_phone(
    slow_server: Server, browsers: Browsers, shots: Path, locale: str
) -> None:
    page = browsers.page(locale=locale, viewport=PHONE)
    page.goto(f"{slow_server.url}/play/{teams_with_computers(page, slow_server.url)}")
    page.locator(".my-hand .card").nth(9).wait_for()
    page.locator(".tables-box").wait_for()
    assert fits_width(page), wide_elements(page)
    assert badges_on_one_line(page)
    calm_shot(page, shots / f"phone-teams-{locale}.png", full_page=True)
    at_a_three_sit_out(page, slow_server.url)
    page.locator(".seat-cards .card").first.wait_for()
    assert fits_width(page), wide_elements(page)
    assert badges_on_one_line(page)
    calm_shot(page, shots / f"phone-three-sit-out-{locale}.png", full_page=True)


@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_R34_round_score_fits_a_phone(
    server: Server, browsers: Browsers, shots: Path, locale: str
) -> None:
    page = browsers.page(locale=locale, viewport=PHONE)
    at_the_first_round_score(page, server.url)
    assert fits_width(page), wide_elements(page)
    calm_shot(page, shots / f"phone-teams-round-{locale}.png", full_page=True)
    assert score_sheet_fits(page)


# ------------------------------------------------------------ the pictures of docs/playing.md

IN_VIEW = """selector => [...document.querySelectorAll(selector)].map((e) => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight
    && r.right <= innerWidth; })"""
"""For each element ``selector`` finds: whether it is drawn wholly inside the window."""


def events_so_far(page: Page, game_id: str) -> int:
    """How many events the table has logged (the page's seat asks)."""
    return int(page.evaluate("id => fetch(`/api/games/${id}`).then(r => r.json())"
                             ".then(s => s.n)", game_id))


def test_docs_picture_of_a_three_player_sit_out_shows_the_panel_and_the_hand_being_played(
    calm_server: Server, browsers: Browsers, shots: Path
) -> None:
    """docs/table-three.jpg is copied from this one (900 px wide): the person sits the hand
    out and watches the two others play it, all of it in the window."""
    page = browsers.page(viewport=README_WIDTH)
    at_a_three_sit_out(page, calm_server.url)
    game_id = page.url.rsplit("/", 1)[-1]
    page.locator(".pile .card").first.wait_for()
    dealt = events_so_far(page, game_id)
    page.wait_for_function("([id, n]) => fetch(`/api/games/${id}`).then(r => r.json())"
                           ".then(s => s.n >= n)", arg=[game_id, dealt + 2],
                           timeout=30_000)  # a few moves on the table (1.5 s each)
    settle(page)
    panel = page.inner_text(".sit-out")
    assert "You sit out this hand: you deal and watch." in panel
    assert "Computer 1 (level 1) and Computer 2 (level 1) play this hand." in panel, panel
    assert page.evaluate(IN_VIEW, ".sit-out") == [True]
    assert page.evaluate(IN_VIEW, ".seat-cards") == [True, True]  # the two players' hands
    assert all(page.evaluate(IN_VIEW, ".pile-stack"))
    assert fits_width(page), wide_elements(page)
    calm_shot(page, shots / "table-three.jpg", type="jpeg", quality=80)


def test_docs_picture_of_a_team_round_score_shows_both_tables_and_the_sums_in_view(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    """docs/table-teams.jpg is copied from this one (900 px wide): the first round's score,
    each table's result, each team's sum and what was scored, at the top of the window."""
    page = browsers.page(viewport=README_WIDTH)
    at_the_first_round_score(page, server.url)
    page.evaluate("window.scrollTo(0, 0)")
    lines = page.locator(".round-score li").all_inner_texts()
    assert [line.split(":")[0] for line in lines[:2]] == ["Table 1", "Table 2"], lines
    assert all(" = " in line for line in lines[2:4]), lines  # each team's sum
    assert lines[-1].startswith("Totals: ") and len(lines) == 6, lines
    assert page.evaluate(IN_VIEW, ".round-score") == [True]
    assert fits_width(page), wide_elements(page)
    calm_shot(page, shots / "table-teams.jpg", type="jpeg", quality=80)


# ------------------------------------------------------------ R34: the end of a team game

@pytest.mark.slow
def test_R34_team_game_over_shows_the_last_round_tables_and_who_pays(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    page = browsers.page()
    game_id = teams_with_computers(page, server.url, team_target=10)
    page.goto(f"{server.url}/play/{game_id}")
    page.locator(".felt.multi").wait_for()
    over = play_to_the_end(page, game_id)
    last = over["rounds"][-1]
    teams = [" & ".join(seat_name(over, place) for place in (0, 2)),
             " & ".join(seat_name(over, place) for place in (1, 3))]

    def check(screen: Page) -> None:
        screen.locator(".felt.stage-over").wait_for()
        lines = screen.locator(".tables-box li").all_inner_texts()
        assert len(lines) == len(last["tables"]), lines
        for line, table in zip(lines, last["tables"], strict=True):
            first, second = (seat_name(over, place) for place in table["players"])
            assert line.startswith(f"Table {table['table'] + 1}: {first} against {second}"), line
            if table["winner"] is not None:
                points = f"{table['points']} point" + ("" if table["points"] == 1 else "s")
                assert f"{seat_name(over, table['winner'])} wins {points}" in line, line
        text = screen.inner_text(".felt")
        for payment in over["settlement"]["payments"]:
            assert (f"{teams[payment['payer']]} pay {teams[payment['payee']]} the difference: "
                    f"{payment['points']} points." in text)

    check(page)
    shot_path = shots / "teams-over.png"
    calm_shot(page, shot_path, full_page=True)
    # the replay's last step shows the same
    page.goto(f"{server.url}/play/{game_id}?replay")
    page.locator(".replay-bar .step").wait_for()
    page.keyboard.press("End")
    check(page)


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_R33_watch_link_game_over_and_replay_fit_a_phone(
    server: Server, browsers: Browsers, shots: Path, locale: str
) -> None:
    page = browsers.page(locale=locale, viewport=PHONE)
    created = create_table(page, server.url, {"players": 3, "seats": ["computer", "computer"],
                                              "options": {"target": 10}})
    game_id = created["game_id"]
    watcher = browsers.page(locale=locale, viewport=PHONE, at=created["links"]["watch"])
    watcher.locator(".felt.multi .seats-strip").wait_for()
    assert fits_width(watcher), wide_elements(watcher)
    page.goto(f"{server.url}/play/{game_id}")
    page.locator(".felt.multi").wait_for()
    play_to_the_end(page, game_id)
    page.locator(".felt.stage-over .settlement, .felt.stage-over table").first.wait_for()
    assert fits_width(page), wide_elements(page)
    assert score_sheet_fits(page)
    watcher.locator(".felt.stage-over").wait_for()
    assert fits_width(watcher), wide_elements(watcher)
    page.goto(f"{server.url}/play/{game_id}?replay")
    page.locator(".replay-bar .step").wait_for()
    for key in ("ArrowRight", "ArrowRight", "End"):
        page.keyboard.press(key)
        assert fits_width(page), (key, wide_elements(page))
    calm_shot(page, shots / f"phone-three-replay-end-{locale}.png", full_page=True)


def test_R34_my_table_is_dealt_even_when_the_computers_table_finished_first(
    server: Server, browsers: Browsers
) -> None:
    """Hand 1 of my table waits for my seed: the page sends it even when the computers'
    table has already played its whole first hand by the time the page opens."""
    page = browsers.page()
    game_id = teams_with_computers(page, server.url)
    deadline = time.monotonic() + 30
    while not table_state(page, game_id)["scores"]:
        assert time.monotonic() < deadline, "the computers' table did not finish its hand"
        page.wait_for_timeout(100)
    page.goto(f"{server.url}/play/{game_id}")
    page.locator(".my-hand .card").first.wait_for(timeout=10_000)
    assert "Table 1" in page.inner_text(".log")
