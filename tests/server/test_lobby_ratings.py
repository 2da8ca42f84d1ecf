"""The lobby shows the ratings of a listed game's players (issue 14: "open tables … players and
ratings"): a rated game's accounts in the game's family, a computer's place its level's fixed
rating, and a casual game's typed names none."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.rating.levels import level_ratings
from ginrummy.server.storage import db
from tests.server.account_kit import accounts_app
from tests.server.kit import create, other_browser
from tests.server.rating_kit import two_accounts


def set_rating(client: TestClient, username: str, family: str, mu: float, sigma: float) -> None:
    engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        account = conn.execute(sa.select(db.accounts.c.id)
                               .where(db.accounts.c.username == username)).scalar_one()
        conn.execute(db.ratings.insert().values(account_id=account, family=family, mu=mu,
                                                sigma=sigma, games=30,
                                                updated_at=datetime.now(UTC)))


def listed(client: TestClient, game_id: str) -> dict[str, Any]:
    board = client.get("/api/lobby").json()
    found: dict[str, Any] = next(e for e in board["open"] + board["playing"]
                                 if e["game_id"] == game_id)
    return found


def ratings_shown(client: TestClient, game_id: str, wanted: list[str | None],
                  seconds: float = 5.0) -> list[str | None]:
    """The places' ratings once they are ``wanted`` (they are read off the event loop)."""
    deadline = time.monotonic() + seconds
    while True:
        shown = [s["rating"] for s in listed(client, game_id)["seats"]]
        if shown == wanted or time.monotonic() > deadline:
            return shown
        time.sleep(0.02)


def test_a_rated_tables_accounts_show_their_rating_in_its_family(database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        set_rating(client, "anna", "standard", 1721.4, 60.0)
        with anna.use():
            standard = client.post("/api/games", json={"opponent": "anyone", "rated": True})
            oklahoma = client.post("/api/games", json={"opponent": "anyone", "rated": True,
                                                       "preset": "oklahoma"})
        game_id, other_id = standard.json()["game_id"], oklahoma.json()["game_id"]
        assert listed(client, game_id)["family"] == "standard"
        assert ratings_shown(client, game_id, ["1721", None]) == ["1721", None]
        assert ratings_shown(client, other_id, ["1500?", None]) == ["1500?", None]


def test_a_person_taking_a_rated_place_shows_their_rating_too(database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        set_rating(client, "bea", "three", 1612.0, 70.0)
        with anna.use():
            made = client.post("/api/games", json={"players": 3, "rated": True,
                                                   "seats": ["anyone", "anyone"],
                                                   "options": {"dealer_rule": "loser"}})
        assert made.status_code == 201, made.text
        game_id = made.json()["game_id"]
        assert listed(client, game_id)["family"] == "three"
        assert ratings_shown(client, game_id, ["1500?", None, None]) == ["1500?", None, None]
        with bea.use():
            sat = client.post(f"/api/games/{game_id}/sit", json={"seat": 2})
        assert sat.status_code == 201, sat.text
        assert ratings_shown(client, game_id, ["1500?", None, "1612"]) == ["1500?", None, "1612"]


def test_the_lobby_socket_sends_the_ratings_once_they_are_read(database: str) -> None:
    with accounts_app(database) as client:
        anna, _ = two_accounts(client)
        set_rating(client, "anna", "standard", 1402.0, 80.0)
        with client.websocket_connect("/ws/lobby") as ws:
            assert ws.receive_json()["type"] == "lobby"
            with anna.use():
                game_id = client.post("/api/games", json={"opponent": "anyone",
                                                          "rated": True}).json()["game_id"]
            seen: list[str | None] = []
            for _ in range(20):
                message = ws.receive_json()
                for changed in message.get("changed", []):
                    if changed["game_id"] == game_id:
                        seen.append(changed["seats"][0]["rating"])
                if "1402" in seen:
                    break
            assert seen[-1] == "1402"


def test_a_casual_tables_typed_name_borrows_no_accounts_rating(database: str) -> None:
    with accounts_app(database) as client:
        two_accounts(client)
        set_rating(client, "anna", "standard", 1900.0, 50.0)
        with other_browser(client):  # a guest who calls themselves after the account
            refused = client.post("/api/games", json={"opponent": "anyone", "name": "anna"})
            assert refused.json()["error"]["reason"] == "account", refused.text
            game = create(client, opponent="anyone", name="Annabel")
        time.sleep(0.3)
        assert [s["rating"] for s in listed(client, game["game_id"])["seats"]] == [None, None]


def test_a_computers_place_shows_its_levels_fixed_rating(database: str) -> None:
    with accounts_app(database) as client:
        game = create(client, players=3, seats=["anyone", "computer"], level=4, name="Ann",
                      options={"dealer_rule": "loser"})
        seats = listed(client, game["game_id"])["seats"]
        assert [s["kind"] for s in seats] == ["human", "human", "computer"]
        assert seats[2]["rating"] == str(round(level_ratings()[4]))
        assert seats[0]["rating"] is None and seats[1]["rating"] is None


def test_a_game_leaving_the_board_leaves_no_ratings_behind() -> None:
    import asyncio

    from ginrummy.rating import Rating
    from ginrummy.server.live.board_ratings import SeatRatings

    async def scenario() -> None:
        again: list[str] = []

        def read(names: Any, family: Any) -> dict[str, Rating]:
            return {name: Rating(1600.0, 60.0) for name in names}

        ratings = SeatRatings(read, again.append)
        shown = {"rated": True, "family": "standard",
                 "seats": [{"kind": "human", "name": "anna", "rating": None}]}
        assert ratings.fill("G1", shown)["seats"][0]["rating"] is None  # being read
        ratings.forget("G1")  # the game ended before the answer came
        await asyncio.gather(*ratings.tasks)
        assert again == [] and ratings.known == {} and ratings.reading == {}
        ratings.fill("G2", shown)
        await asyncio.gather(*ratings.tasks)
        assert again == ["G2"]
        assert ratings.fill("G2", shown)["seats"][0]["rating"] == "1600"

    asyncio.run(scenario())
