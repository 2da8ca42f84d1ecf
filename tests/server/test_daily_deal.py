"""The daily deal: every account gets the same deals of the day, one game a day; the day's seed
is committed while the day runs and revealed once it is over; the leaderboard ranks by points;
nothing of a game of the day (a card, a seed, a link) leaks through ``/api/daily`` or a
profile before the day ends."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from datetime import date
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.format.daily_deal import deal_seed
from ginrummy.format.provably_fair import commitment_of
from ginrummy.format.verify import read_record, verify_record
from ginrummy.server.storage import db
from ginrummy.server.storage.store import Store
from tests.server.account_kit import PASSWORD, Browser, accounts_app, sign_up
from tests.server.kit import Player, cards_named

DAY = 86_400.0


class Clock:
    """The server's wall clock, turned forward by the tests (``Settings.clock``)."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset

    def next_day(self) -> None:
        self.offset += DAY


@contextlib.contextmanager
def daily_app(database: str) -> Iterator[tuple[TestClient, Clock]]:
    clock = Clock()
    with accounts_app(database, clock=clock) as client:
        yield client, clock


def account(client: TestClient, name: str) -> Browser:
    browser = Browser(client)
    with browser.use():
        sign_up(client, name)
    return browser


def daily(client: TestClient, who: Browser | None = None) -> dict[str, Any]:
    with contextlib.ExitStack() as stack:
        if who is not None:
            stack.enter_context(who.use())
        response = client.get("/api/daily")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def start(client: TestClient, who: Browser) -> str:
    with who.use():
        response = client.post("/api/daily")
    assert response.status_code == 201, response.text
    return str(response.json()["game_id"])


def play(client: TestClient, who: Browser, game_id: str, hands: int | None = None) -> Player:
    """Play the game of the day with the kit's policy, to its end or (``hands``) until that
    many deals have been dealt: then the player holds the last one's cards."""
    with who.use(), client.websocket_connect(f"/ws/{game_id}") as ws:
        player = Player(ws)
        dealt = 0
        while player.state["stage"] != "over":
            if player.state["stage"] in ("waiting", "between_hands"):
                player.ready()
                dealt += 1
                if dealt == hands:
                    if player.state["stage"] != "hand":
                        player.until(lambda _: player.state["stage"] == "hand")
                    return player
                continue
            player.play_hand_vs_computer()
        return player


def stored_seed(client: TestClient) -> str:
    with client.app.state.engine.connect() as conn:  # type: ignore[attr-defined]
        return str(conn.execute(sa.select(db.daily_seeds.c.server_seed)).scalar_one())


def test_two_accounts_get_the_same_deals_of_the_day(database: str) -> None:
    with daily_app(database) as (client, _):
        anna, bea = account(client, "anna"), account(client, "bea")
        games = [start(client, anna), start(client, bea)]
        first = play(client, anna, games[0], hands=1).state
        second = play(client, bea, games[1], hands=1).state
        assert first["view"]["hand"] == second["view"]["hand"]  # hand 1: the same cards
        store = Store(client.app.state.engine)  # type: ignore[attr-defined]
        loaded = [store.load(game_id) for game_id in games]
        assert loaded[0] is not None and loaded[1] is not None
        assert loaded[0].decks[1] == loaded[1].decks[1]
        assert loaded[0].row.cut == loaded[1].row.cut
        today = daily(client)["day"]
        assert loaded[0].row.deal_key == loaded[1].row.deal_key == f"daily-{today}"


def test_the_days_seed_is_revealed_only_once_the_day_is_over(database: str) -> None:
    with daily_app(database) as (client, clock):
        anna = account(client, "anna")
        before = daily(client, anna)
        game_id = start(client, anna)
        play(client, anna, game_id)
        seed = stored_seed(client)
        today = date.fromisoformat(before["day"])
        assert before["commitment"] == commitment_of(bytes.fromhex(seed))
        during = daily(client, anna)
        deal_seeds = [deal_seed(bytes.fromhex(seed), today, n).hex() for n in (1, 2)]
        for secret in (seed, *deal_seeds):
            assert secret not in json.dumps(during)
        assert during["yesterday"] is None and during["you"]["status"] == "over"
        with anna.use():
            record = client.get(f"/api/games/{game_id}/record")
            assert record.status_code == 409
            assert record.json()["error"] == {**record.json()["error"], "code": "round_not_over",
                                              "reason": "daily"}
            state = client.get(f"/api/games/{game_id}").json()
        for secret in (seed, *deal_seeds):
            assert secret not in json.dumps(state)

        clock.next_day()
        after = daily(client, anna)
        revealed = after["yesterday"]
        assert revealed["server_seed"] == seed and revealed["commitment"] == before["commitment"]
        assert revealed["best"]["game_id"] == game_id
        assert after["commitment"] != before["commitment"]  # the new day's own seed
        replay = revealed["best"]["links"]["replay"]
        watch = replay.split("#", 1)[1]
        found = client.get(f"/api/games/{game_id}/record", params={"token": watch})
        assert found.status_code == 200, found.text
        verdict = verify_record(read_record(json.dumps(found.json()["record"]["record"])))
        assert verdict.fair, (verdict.hands, verdict.game)
        hands = found.json()["record"]["record"]["hands"]
        assert hands[0]["fair"]["server_seed"] == deal_seeds[0]  # the day's seed made it


def test_one_game_per_account_per_day_and_none_for_guests(database: str) -> None:
    with daily_app(database) as (client, clock):
        anna = account(client, "anna")
        start(client, anna)
        with anna.use():
            again = client.post("/api/daily")
        assert again.status_code == 409 and again.json()["error"]["code"] == "daily_played"
        guest = Browser(client)
        with guest.use():
            refused = client.post("/api/daily")
            assert refused.status_code == 403
            assert refused.json()["error"]["code"] == "sign_in_for_daily"
            assert daily(client)["signed_in"] is False
        clock.next_day()
        start(client, anna)  # a new day, a new game


def test_the_leaderboard_ranks_by_points(database: str) -> None:
    with daily_app(database) as (client, _):
        players = {name: account(client, name) for name in ("anna", "bea", "cleo")}
        games = {name: start(client, who) for name, who in players.items()}
        play(client, players["anna"], games["anna"])
        store = Store(client.app.state.engine)  # type: ignore[attr-defined]
        engine = client.app.state.engine  # type: ignore[attr-defined]
        with engine.connect() as conn:
            link = conn.execute(sa.select(db.records.c.record)
                                .where(db.records.c.game_id == games["anna"])).scalar_one()
        final = json.loads(link)["record"]["final"]["final_totals"]
        assert daily(client, players["anna"])["you"]["points"] == final[0] - final[1]
        assert store.load(games["bea"]) is not None
        with engine.begin() as conn:  # as if they had finished with these points
            for name, points in (("anna", 12), ("bea", 40), ("cleo", 12)):
                conn.execute(db.daily_games.update()
                             .where(db.daily_games.c.game_id == games[name])
                             .values(points=points, finished_at=sa.func.now()))
        board = daily(client, players["cleo"])
        lines = [(line["username"], line["points"], line["rank"])
                 for line in board["leaderboard"]["players"]]
        assert lines[0] == ("bea", 40, 1)
        assert sorted(lines[1:]) == [("anna", 12, 2), ("cleo", 12, 2)]
        assert board["you"]["rank"] == 2 and board["leaderboard"]["total"] == 3


def test_a_game_still_played_when_its_day_ends_never_counts(database: str) -> None:
    with daily_app(database) as (client, clock):
        anna = account(client, "anna")
        game_id = start(client, anna)
        play(client, anna, game_id, hands=1)
        clock.next_day()
        after = daily(client, anna)
        assert after["yesterday"]["you"]["status"] == "closed"
        assert after["yesterday"]["best"] is None and after["yesterday"]["players"] == 0


def test_no_card_seed_or_link_of_a_game_of_the_day_leaks_before_the_day_ends(
        database: str) -> None:
    with daily_app(database) as (client, _):
        anna, bea = account(client, "anna"), account(client, "bea")
        game_id = start(client, anna)
        mid_hand = play(client, anna, game_id, hands=1).state
        assert mid_hand["stage"] == "hand" and mid_hand["view"]["hand"]
        for reader in (bea, Browser(client), anna):
            seen = daily(client, reader)
            assert cards_named(seen) == set(), seen
            if reader is not anna:
                assert game_id not in json.dumps(seen)
        finished = start(client, bea)
        play(client, bea, finished)
        profile = client.get("/api/players/bea").json()
        assert finished not in json.dumps(profile)  # its cards are still anna's to be dealt
        seen = daily(client, anna)
        assert finished not in json.dumps(seen) and cards_named(seen) == set()
        assert [line["username"] for line in seen["leaderboard"]["players"]] == ["bea"]


def test_a_deleted_account_leaves_the_leaderboard(database: str) -> None:
    with daily_app(database) as (client, _):
        anna, bea = account(client, "anna"), account(client, "bea")
        for who in (anna, bea):
            play(client, who, start(client, who))
        assert len(daily(client)["leaderboard"]["players"]) == 2
        with anna.use():
            gone = client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})
        assert gone.status_code == 200, gone.text
        assert [line["username"] for line in daily(client)["leaderboard"]["players"]] == ["bea"]
