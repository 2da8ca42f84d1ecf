"""Tables of three and four in the browser (R33, R34): a person and computer players.

Decks are random (the server's CSPRNG), so each test reads the table's state from the server
(``GET /api/games/{id}`` with the page's seat cookie) to know who plays, who sits out and what
was scored, and checks that the page shows exactly that. Moves are made the way a person
makes them, with the buttons and cards the page enables (:func:`tests.browser.driver.step`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Browsers, Server, serving
from tests.browser.driver import click, shot, step

pytestmark = pytest.mark.shared_server

Page = Any
TEST_LIMIT = 60.0


@pytest.fixture
def slow_server(tmp_path: Path) -> Iterator[Server]:
    """Computers wait 0.2 s a move: at 0 a hand between two computers ends before the page
    can show the person sitting out."""
    with serving(tmp_path, 0.2) as running:
        yield running


# ------------------------------------------------------------ reading the table

def table_state(page: Page, game_id: str) -> dict[str, Any]:
    """The server's state of the table for this page's seat (its cookie)."""
    snapshot: dict[str, Any] = page.evaluate(
        "id => fetch(`/api/games/${encodeURIComponent(id)}`, {credentials: 'same-origin'})"
        ".then(r => r.json())", game_id)
    state: dict[str, Any] = snapshot["state"]
    return state


def new_table(page: Page, base: str, players: int, seats: list[str], *, level: int = 1,
              preset: str = "classic", name: str = "Ann") -> str:
    """Create a table of three or four from the home page's form; returns the game id."""
    page.goto(base + "/")
    page.locator("form.new-game").wait_for()
    page.check(f'input[name="players"][value="{players}"]')
    for place, kind in enumerate(seats, start=1):
        page.select_option(f'select[name="seat-{place}"]', kind)
    if "computer" in seats:
        page.select_option('select[name="level"]', str(level))
    page.fill('input[name="name"]', name)
    page.select_option('select[name="preset"]', preset)
    page.locator("form.new-game button[type=submit]").click()
    page.wait_for_url("**/play/**")
    page.locator(".felt.multi").wait_for()
    return str(page.url.rsplit("/", 1)[-1].split("?")[0].split("#")[0])


def strip_place(page: Page, place: int) -> Any:
    return page.locator(f'.seats-strip .place[data-place="{place}"]')


def seat_name(state: dict[str, Any], place: int) -> str:
    """A place's name as the English page writes it."""
    info = state["seats"][place]
    match = re.fullmatch(r"Computer \(level (\d)\)", info["name"])
    return f"Computer (level {match.group(1)})" if match else str(info["name"])


def play_until(page: Page, game_id: str, done: Any, ready: Any, limit: float = TEST_LIMIT
               ) -> dict[str, Any]:
    """Make the page's legal moves until ``done(state)``; returns that state. The Next hand
    (Next round, Deal again) button is pressed when shown if ``ready(state)`` (the state read
    before looking at the page: the button may belong to a later state)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        state = table_state(page, game_id)
        if done(state):
            return state
        if ready(state) and page.locator('button[data-name="next-hand"]:not([disabled])').count():
            click(page, "next-hand")
            page.wait_for_timeout(100)
            continue
        if not step(page):
            page.wait_for_timeout(60)
    stage = table_state(page, game_id)["stage"]
    raise AssertionError(f"the table did not get there in {limit} s (stage {stage})")


# ------------------------------------------------------------ R33: three players

@pytest.mark.slow
def test_R33_three_players_two_computers_to_first_rotation(
    slow_server: Server, browsers: Browsers, shots: Path
) -> None:
    page = browsers.page()
    game_id = new_table(page, slow_server.url, 3, ["computer", "computer"])
    state = table_state(page, game_id)
    assert state["mode"] == "three" and state["players"] == 3 and state["you"] == 0
    assert state["rules"]["dealer_rule"] == "loser"
    page.locator(".seats-strip .place").nth(2).wait_for()
    assert page.locator(".seats-strip .place").count() == 3
    first_dealer = state["dealer"]
    assert state["sitting_out"] == first_dealer
    if first_dealer == 0:
        # the person deals first and sits out: the page says so while the two computers play
        page.locator(".sit-out").wait_for()
        text = page.inner_text(".sit-out")
        assert "You sit out this hand" in text
        assert seat_name(state, 1) in text and seat_name(state, 2) in text
        assert page.locator('.seats-strip .place[data-place="0"] .badge.sits-out').count() == 1
        page.screenshot(path=str(shots / "three-sit-out.png"))  # cards fly: no settle
    else:  # the first deal waits for the person's ready, which the page sends at once
        strip_place(page, first_dealer).locator(".badge.sits-out").wait_for()
        assert strip_place(page, first_dealer).locator(".badge.sits-out").count() == 1
        page.locator(".my-hand .card").nth(9).wait_for()
    # play (pressing Next hand when asked) until a hand has a winner and the next one is dealt;
    # a void hand or a tie keeps the dealer (nobody lost)
    checked_between = False
    deadline = time.monotonic() + TEST_LIMIT
    while True:
        assert time.monotonic() < deadline, "no hand with a winner was followed by a deal"
        state = table_state(page, game_id)
        if state["stage"] == "over":
            pytest.skip("the game ended in its first hands (target reached)")
        decided = [score for score in state["scores"] if score["winner"] is not None]
        if decided and state["stage"] == "hand" and state["round_number"] > decided[0]["round"]:
            break
        if (state["stage"] == "between_hands" and decided and not checked_between
                and 0 in state["to_act"]):
            # the person plays the next hand: the result screen names its dealer, the loser
            loser = next(p for p in decided[0]["players"] if p != decided[0]["winner"])
            page.locator(".multi-result .next-dealer").wait_for()
            assert (f"Next hand: {seat_name(state, loser)} deals and sits out"
                    in page.inner_text(".multi-result"))
            shot(page, shots / "three-hand-end.png")
            checked_between = True
        if page.locator('button[data-name="next-hand"]:not([disabled])').count():
            click(page, "next-hand")
            page.wait_for_timeout(100)
        elif not step(page):
            page.wait_for_timeout(60)
    first = decided[0]
    winner = first["winner"]
    loser = next(place for place in first["players"] if place != winner)
    previous_dealer = next(place for place in (0, 1, 2) if place not in first["players"])
    dealt = state
    assert dealt["round_number"] == first["round"] + 1
    assert dealt["dealer"] == loser and dealt["sitting_out"] == loser
    assert sorted(dealt["tables"][0]["players"]) == sorted([winner, previous_dealer])
    if loser == 0:
        # the person lost: it deals hand 2 and sits out while the two computers play
        page.locator(".sit-out").wait_for()
        text = page.inner_text(".sit-out")
        assert "You sit out this hand" in text
        assert (f"Hand {first['round']}: {seat_name(dealt, winner)} won {first['points']} points"
                in text)
        assert page.locator('.seats-strip .place[data-place="0"] .badge.sits-out').count() == 1
        page.screenshot(path=str(shots / "three-sit-out-after-losing.png"))
    else:
        badge = strip_place(page, loser).locator(".badge.sits-out")
        badge.wait_for()
        assert seat_name(dealt, loser) in strip_place(page, loser).inner_text()
        assert page.locator(".sit-out").count() == 0
        page.locator(".my-hand .card").nth(9).wait_for()


# ------------------------------------------------------------ R34: four players, two teams

def test_R34_four_players_one_person_full_round_team_score(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    page = browsers.page()
    game_id = new_table(page, server.url, 4, ["computer", "computer", "computer"])
    state = table_state(page, game_id)
    assert state["mode"] == "teams" and state["players"] == 4 and state["target"] == 125
    assert [seat["team"] for seat in state["seats"]] == [0, 1, 0, 1]
    page.locator(".my-hand .card").first.wait_for()
    page.locator(".tables-box").wait_for()
    assert "Your partner's table" in page.inner_text(".tables-box")
    before = list(state["totals"])
    # press Deal again after a void hand at the person's table, never Next round: the test
    # stops at the end of round 1
    scored = play_until(page, game_id, lambda s: bool(s["rounds"]),
                        ready=lambda s: not s["rounds"] and 0 in s["to_act"]
                        and s["tables"][s["my_table"]]["status"] == "to_deal")
    round_ = scored["rounds"][-1]
    assert round_["number"] == 1 and len(round_["tables"]) == 2
    panel = page.locator(".round-score")
    panel.wait_for()
    lines = page.locator(".round-lines li").all_inner_texts()
    shot(page, shots / "teams-round.png")
    team_names = [" & ".join(seat_name(scored, p) for p in (0, 2)),
                  " & ".join(seat_name(scored, p) for p in (1, 3))]
    # one line a table: its winner and the points, or nobody
    for index, table in enumerate(round_["tables"]):
        line = lines[index]
        assert line.startswith(f"Table {table['table'] + 1}:"), line
        if table["winner"] is None:
            assert "nobody wins" in line
        else:
            points = f"{table['points']} point" + ("" if table["points"] == 1 else "s")
            assert f"wins {points} for {team_names[table['team']]}" in line
    # each team's sum
    for team in (0, 1):
        wins = [str(t["points"]) for t in round_["tables"]
                if t["winner"] is not None and t["team"] == team]
        total = round_["team_points"][team]
        assert sum(map(int, wins)) == total
        assert lines[2 + team] == f"{team_names[team]}: {' + '.join(wins) or '0'} = {total}"
    # the rule, as R34 says
    high, low = max(round_["team_points"]), min(round_["team_points"])
    rule_line = lines[4]
    if round_["rule"] == "sum":
        assert round_["games_won"][1 - round_["winner"]] == 0 and round_["points"] == high
        assert rule_line == (f"{team_names[round_['winner']]} won every game: the team scores "
                             f"the sum, {high}.")
    elif round_["rule"] == "difference":
        assert min(round_["games_won"]) >= 1 and round_["points"] == high - low
        assert rule_line == (f"Each team won a game: {team_names[round_['winner']]} scores the "
                             f"difference, {high} − {low} = {high - low}.")
    else:
        assert round_["rule"] == "none" and high == low and round_["points"] == 0
        assert rule_line == "Equal sums: nobody scores this round."
    # the totals after the round
    expected = list(before)
    if round_["winner"] is not None:
        expected[round_["winner"]] += round_["points"]
    assert round_["totals_after"] == expected == scored["totals"]
    assert lines[5] == (f"Totals: {team_names[0]} {expected[0]}, {team_names[1]} {expected[1]} "
                        f"(playing to 125).")
    board = page.locator(".scorebox tbody tr")
    shown = [board.nth(i).locator("td.points").inner_text() for i in (0, 1)]
    assert shown == [str(v) for v in expected]
    # the score sheet: a row a finished hand (the computers' table may have played on), and
    # round 1's arithmetic again
    click(page, "scores")
    sheet = page.locator("dialog.scores-dialog")
    sheet.wait_for()
    assert sheet.locator("table.sheet tbody tr").count() >= len(scored["scores"])
    assert sheet.locator("ol.score-lines").first.locator("li").all_inner_texts() == lines
    page.keyboard.press("Escape")


def test_R34_a_friend_takes_the_partner_place_by_its_invite_link(
    server: Server, browsers: Browsers, shots: Path
) -> None:
    ann = browsers.page()
    game_id = new_table(ann, server.url, 4, ["computer", "friend", "computer"])
    ann.locator(".invites").wait_for()
    assert "Waiting for Friend 2 to join" in ann.inner_text(".invites")
    assert "not here yet" in strip_place(ann, 2).inner_text()
    link = ann.locator('input[data-link="invite-2"]').input_value()
    assert re.fullmatch(rf"{re.escape(server.url)}/play/{game_id}#[\w-]+", link), link
    shot(ann, shots / "teams-invites.png")
    # the friend reads Italian: the join form, then the same table from place 2
    bea = browsers.page(locale="it-IT", at=link)
    bea.locator("form.join").wait_for()
    assert "Ann ti invita" in bea.inner_text("form.join")
    bea.fill('input[name="name"]', "Bea")
    bea.locator("form.join button[type=submit]").click()
    for page in (ann, bea):
        page.locator(".my-hand .card").nth(9).wait_for()
        page.locator(".tables-box").wait_for()
    state = table_state(bea, game_id)
    assert state["you"] == 2 and state["seats"][2]["name"] == "Bea" and state["my_table"] == 1
    assert "Bea (tu)" in bea.inner_text(".seats-strip")
    assert "Il tavolo della tua squadra" in bea.inner_text(".tables-box")
    assert "Tavolo 1: Ann contro" in bea.inner_text(".tables-box")
    assert "Table 2: Bea against" in ann.inner_text(".tables-box")
    assert "Ann & Bea" in ann.inner_text(".scorebox")
    shot(bea, shots / "teams-friend-it.png", full_page=False)
