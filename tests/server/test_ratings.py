"""Rated games (issue 14, ratings): only between accounts, refused otherwise with a coded
error; the end of one moves each player's rating in its family once, in the transaction that
ends the game, restart or not; a player the computer plays for at the end has abandoned it
and takes the loss."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.rating import Rating
from ginrummy.server.storage import ratings
from tests.server.account_kit import Browser, accounts_app, error_of
from tests.server.kit import first_choice, until_dealt
from tests.server.rating_kit import (
    at_the_table,
    finish_rated,
    play_to_the_end,
    rated_game,
    two_accounts,
)


def rows(client: TestClient, query: str) -> list[Any]:
    engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        return list(conn.execute(sa.text(query)).all())


def account_id(client: TestClient, username: str) -> str:
    found = rows(client, f"SELECT id FROM accounts WHERE username = '{username}'")
    return str(found[0][0])


def rating(client: TestClient, username: str, family: str = "standard") -> Rating:
    engine = client.app.state.engine  # type: ignore[attr-defined]
    return ratings.rating_of(engine, account_id(client, username), family)  # type: ignore[arg-type]


# ---------------------------------------------------------------- who may play one


def test_a_rated_game_with_a_computer_seat_is_refused(database: str) -> None:
    with accounts_app(database) as client:
        anna, _ = two_accounts(client)
        with anna.use():
            two = client.post("/api/games", json={"opponent": "computer", "rated": True})
            table = client.post("/api/games", json={"players": 3, "rated": True,
                                                    "seats": ["anyone", "computer"],
                                                    "options": {"dealer_rule": "loser"}})
        for refused in (two, table):
            assert refused.status_code == 400
            assert error_of(refused)["code"] == "rated_with_computer"
        assert rows(client, "SELECT count(*) FROM games")[0][0] == 0


def test_a_guest_cannot_create_a_rated_game(database: str) -> None:
    with accounts_app(database) as client:
        refused = client.post("/api/games", json={"opponent": "friend", "rated": True})
        assert refused.status_code == 403
        assert error_of(refused)["code"] == "rated_needs_account"
        assert rows(client, "SELECT count(*) FROM games")[0][0] == 0


def test_rated_must_be_a_boolean(database: str) -> None:
    with accounts_app(database) as client:
        anna, _ = two_accounts(client)
        with anna.use():
            refused = client.post("/api/games", json={"opponent": "friend", "rated": "yes"})
        assert refused.status_code == 400 and "rated must be true or false" in refused.text


def test_a_guest_seat_at_a_rated_game_is_refused_by_invite_socket_and_lobby(
        database: str) -> None:
    with accounts_app(database) as client:
        anna, _ = two_accounts(client)
        with anna.use():
            friend = client.post("/api/games", json={"opponent": "friend", "rated": True})
            listed = client.post("/api/games", json={"opponent": "anyone", "rated": True})
        game, open_game = friend.json(), listed.json()
        guest = Browser(client)
        with guest.use():
            joined = client.post(f"/api/games/{game['game_id']}/join",
                                 json={"token": game["invite_token"]})
            sat = client.post(f"/api/games/{open_game['game_id']}/sit", json={"name": "Zed"})
            with client.websocket_connect(
                    f"/ws/{game['game_id']}?token={game['invite_token']}") as ws:
                refusal = ws.receive_json()
        for refused in (joined, sat):
            assert refused.status_code == 403
            assert error_of(refused)["code"] == "rated_needs_account"
        assert refusal["code"] == "rated_needs_account"
        assert rows(client, "SELECT count(*) FROM seats WHERE joined_at IS NOT NULL")[0][0] == 2


def test_an_account_cannot_take_both_seats_of_a_rated_game(database: str) -> None:
    with accounts_app(database) as client:
        anna, _ = two_accounts(client)
        with anna.use():
            game = client.post("/api/games", json={"opponent": "friend", "rated": True}).json()
            refused = client.post(f"/api/games/{game['game_id']}/join",
                                  json={"token": game["invite_token"]})
        assert refused.status_code == 409
        assert error_of(refused)["code"] == "rated_same_account"


def test_the_lobby_and_the_state_say_a_game_is_rated(database: str) -> None:
    with accounts_app(database) as client:
        anna, _ = two_accounts(client)
        with anna.use():
            game = client.post("/api/games", json={"opponent": "anyone", "rated": True}).json()
            casual = client.post("/api/games", json={"opponent": "anyone"}).json()
        assert game["state"]["rated"] is True and casual["state"]["rated"] is False
        listed = {e["game_id"]: e["rated"] for e in client.get("/api/lobby").json()["open"]}
        assert listed == {game["game_id"]: True, casual["game_id"]: False}


# ---------------------------------------------------------------- its end


def test_a_rated_game_moves_both_ratings_once_in_its_family(database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        game = finish_rated(client, anna, bea)
        winner = game["final"]["winner"]
        names = ("anna", "bea")
        won, lost = rating(client, names[winner]), rating(client, names[1 - winner])
        assert won.mu > 1500 > lost.mu and won.games == lost.games == 1
        assert rating(client, "anna", "oklahoma") == Rating()  # another family: untouched
        history = rows(client, "SELECT game_id FROM rating_history")
        assert [r[0] for r in history] == [game["game_id"]] * 2


def test_an_unrated_game_between_accounts_moves_no_rating(database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        finish_rated(client, anna, bea, rated=False)
        assert rows(client, "SELECT count(*) FROM ratings")[0][0] == 0


def test_a_rating_is_applied_once_after_a_restart(database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        game = finish_rated(client, anna, bea)
        before = (rating(client, "anna"), rating(client, "bea"))
        jars = anna.jar, bea.jar
    with accounts_app(database) as client:
        for jar in jars:  # the game is loaded again, from its log, by both players
            client.cookies = jar
            assert client.get(f"/api/games/{game['game_id']}").json()["state"]["stage"] == "over"
        assert (rating(client, "anna"), rating(client, "bea")) == before
        engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
        record = rows(client, "SELECT record FROM records")[0][0]
        with engine.begin() as conn:  # the end applied again: the history's key says no
            ratings.settle(conn, game["game_id"], record, game_end(client))
        assert (rating(client, "anna"), rating(client, "bea")) == before
        assert rows(client, "SELECT count(*) FROM rating_history")[0][0] == 2


def game_end(client: TestClient) -> Any:
    return rows(client, "SELECT finished_at FROM records")[0][0]


def test_the_rating_is_kept_with_the_games_end_or_not_at_all(
        database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The move that ends the game fails to store when the ratings cannot be written: no
    record, no rating; the same move sent again ends the game and rates it once."""
    failures = []

    def broken(*args: Any) -> None:
        failures.append(args[1])
        raise RuntimeError("the ratings table is unwritable")

    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        game = rated_game(client, anna, bea)
        with at_the_table(client, game, anna, bea) as (a, b):
            until_dealt(a, b)
            monkeypatch.setattr(ratings, "settle", broken)
            refused = None
            for _ in range(3000):
                mover = next((p for p in (a, b) if p.my_turn), None)
                if mover is None:
                    waiting = next((p for p in (a, b) if p.state["stage"] == "between_hands"
                                    and not p.state["seats"][p.seat]["ready"]), None)
                    if waiting is None:  # a void hand: the next deal is on its way
                        min((a, b), key=lambda p: p.n).recv()
                        continue
                    assert waiting.ready()["type"] == "ack"
                else:
                    action = first_choice(mover.state["view"])
                    reply = mover.act(action)
                    if reply["type"] == "error":
                        refused = (mover, action, reply)
                        break
                for p in (a, b):
                    while p.n < max(a.n, b.n):
                        p.recv()
            assert refused is not None and refused[2]["code"] == "storage", refused
            assert failures == [game["game_id"]]
            assert rows(client, "SELECT count(*) FROM records")[0][0] == 0
            assert rows(client, "SELECT count(*) FROM ratings")[0][0] == 0
            monkeypatch.undo()
            mover, action, _ = refused
            assert mover.act(action)["type"] == "ack"
            assert mover.state["stage"] == "over"
        assert rows(client, "SELECT count(*) FROM records")[0][0] == 1
        assert rows(client, "SELECT count(*) FROM rating_history")[0][0] == 2


def test_a_deleted_account_takes_its_ratings_with_it(database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        finish_rated(client, anna, bea)
        with anna.use():
            gone = client.request("DELETE", "/api/accounts/me",
                                  json={"password": "correct horse battery"})
        assert gone.status_code == 200, gone.text
        left = rows(client, "SELECT a.username FROM ratings r JOIN accounts a "
                            "ON a.id = r.account_id")
        assert [r[0] for r in left] == ["bea"]
        assert rows(client, "SELECT count(*) FROM rating_history")[0][0] == 1


# ---------------------------------------------------------------- abandoning


def test_the_seats_the_computer_plays_for_at_the_end_abandoned() -> None:
    log = [("deal", None), ("idle", 1), ("back", 1), ("idle", 0), ("play", 0), ("idle", 1)]
    assert ratings.abandoned(log) == {0, 1}
    assert ratings.abandoned(log[:3]) == frozenset()


def test_a_winner_who_abandoned_takes_the_last_place() -> None:
    assert ratings.places(2, winner=1, points=[10, 120], gone=frozenset()) == [1, 0]
    assert ratings.places(2, winner=1, points=[10, 120], gone=frozenset({1})) == [0, 1]
    assert ratings.places(2, winner=1, points=[10, 120], gone=frozenset({0, 1})) is None
    assert ratings.places(3, winner=2, points=[40, 80, 100], gone=frozenset()) == [2, 1, 0]
    assert ratings.places(2, winner=None, points=[150, 150], gone=frozenset()) == [0, 0]


def test_a_player_the_computer_plays_for_to_the_end_loses_the_rated_game(
        database: str) -> None:
    with accounts_app(database, idle_seconds=0.2) as client:
        anna, bea = two_accounts(client)
        game = rated_game(client, anna, bea)
        with at_the_table(client, game, anna, bea) as (a, b):
            until_dealt(a, b)
            for _ in range(5000):  # Bea says nothing more: the computer plays for her
                if a.state["stage"] == "over":
                    break
                if a.my_turn:
                    assert a.act(first_choice(a.state["view"]))["type"] == "ack"
                elif a.state["stage"] == "between_hands" and not a.state["seats"][0]["ready"]:
                    assert a.ready()["type"] == "ack"
                else:
                    a.recv()
            assert a.state["stage"] == "over"
            assert a.state["seats"][1]["stand_in"] is True
        assert rating(client, "anna").mu > 1500 > rating(client, "bea").mu


def test_players_of_a_rated_game_are_shown_by_their_usernames(database: str) -> None:
    """Nobody plays a rated game under another player's name: each seat takes the username
    its profile is at, whatever name was typed."""
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        with anna.use():
            game = client.post("/api/games", json={"opponent": "anyone", "rated": True,
                                                   "name": "bea"}).json()
        with bea.use():
            sat = client.post(f"/api/games/{game['game_id']}/sit", json={"name": "anna"})
        assert sat.status_code == 201, sat.text
        names = [s["name"] for s in sat.json()["state"]["seats"]]
        assert names == ["anna", "bea"]


def rematch_of(client: TestClient, game_id: str, first: Browser, second: Browser) -> str:
    """Both players ask for a rematch (the first one's request again to take its seat): the
    rematch's id."""
    answers = []
    for browser in (first, second, first):
        with browser.use():
            response = client.post(f"/api/games/{game_id}/rematch")
        assert response.status_code in (200, 201), response.text
        answers.append(response.json())
    rematch_id: str = answers[1]["rematch_id"]
    assert rematch_id is not None and answers[2]["rematch_id"] == rematch_id
    return rematch_id


def test_the_rematch_of_a_rated_game_is_rated_between_the_same_accounts(
        database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        game = finish_rated(client, anna, bea)
        rematch_id = rematch_of(client, game["game_id"], anna, bea)
        with anna.use():
            state = client.get(f"/api/games/{rematch_id}").json()["state"]
        assert state["rated"] is True
        owners = rows(client, "SELECT seat, account_id FROM account_seats WHERE game_id = "
                      f"'{rematch_id}' ORDER BY seat")
        assert [tuple(r) for r in owners] == [(0, account_id(client, "anna")),
                                              (1, account_id(client, "bea"))]
        with at_the_table(client, {"game_id": rematch_id}, anna, bea) as (a, b):
            play_to_the_end(a, b)
        assert rating(client, "anna").games == rating(client, "bea").games == 2


def test_the_rematch_of_a_casual_game_between_accounts_is_casual(database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        game = finish_rated(client, anna, bea, rated=False)
        rematch_id = rematch_of(client, game["game_id"], anna, bea)
        with bea.use():
            assert client.get(f"/api/games/{rematch_id}").json()["state"]["rated"] is False
