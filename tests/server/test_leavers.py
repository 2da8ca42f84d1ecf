"""Leavers (issue 35, item 5): each account's games finished, resigned and abandoned, counted
from its stored games between people and shown on its profile as a completion rate; a quick
match or a rated open table may ask a minimum rate, which the server enforces (a seeker
below it is not paired, a player below it cannot take the open place, even by a direct
``sit``); a forged minimum is refused with a precise code and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.server.storage import completion
from ginrummy.server.storage.completion import Completion, how_it_ended
from tests.server.account_kit import (
    Browser,
    accounts_app,
    error_of,
    sign_up,
    signed_in_elsewhere,
)
from tests.server.kit import create, deal_first, first_choice, until_dealt
from tests.server.rating_kit import at_the_table, finish_rated, rated_game, two_accounts
from tests.server.test_server_resign import resign


def counts(client: TestClient, username: str) -> dict[str, Any]:
    response = client.get(f"/api/players/{username}")
    assert response.status_code == 200, response.text
    found: dict[str, Any] = response.json()["completion"]
    return found


def resigned_rated(client: TestClient, stayer: Browser, leaver: Browser,
                   rated: bool = True) -> None:
    """A rated (or unrated) game that ``leaver`` resigns once it is dealt."""
    game = rated_game(client, stayer, leaver, rated=rated)
    with at_the_table(client, game, stayer, leaver) as (a, b):
        until_dealt(a, b)
        assert b.answer({"type": "resign"})["type"] == "ack"


def abandoned_rated(client: TestClient, stayer: Browser, leaver: Browser) -> None:
    """A rated game ``leaver`` walks away from: the computer plays for them to its end."""
    game = rated_game(client, stayer, leaver)
    with at_the_table(client, game, stayer, leaver) as (a, b):
        until_dealt(a, b)
        for _ in range(5000):  # the leaver says nothing more
            if a.state["stage"] == "over":
                break
            if a.my_turn:
                assert a.act(first_choice(a.state["view"]))["type"] == "ack"
            elif a.state["stage"] == "between_hands" and not a.state["seats"][0]["ready"]:
                assert a.ready()["type"] == "ack"
            else:
                a.recv()
        assert a.state["stage"] == "over" and a.state["seats"][1]["stand_in"] is True


# ---------------------------------------------------------------- the counts


def test_how_a_game_ended_for_a_seat_reads_resign_forfeit_and_walking_away() -> None:
    assert how_it_ended([("play", 0), ("resign", 1)], 1) == "resigned"
    assert how_it_ended([("play", 0), ("resign", 1)], 0) == "finished"  # won by it
    assert how_it_ended([("timeout", 0), ("timeout", 0), ("forfeit", 0)], 0) == "abandoned"
    assert how_it_ended([("forfeit", 0)], 1) == "finished"
    assert how_it_ended([("idle", 1), ("play", 1)], 1) == "abandoned"  # played for to the end
    assert how_it_ended([("idle", 1), ("back", 1), ("play", 1)], 1) == "finished"  # came back


def test_the_completion_rate_is_finished_over_all_and_a_new_player_meets_any_minimum() -> None:
    assert Completion(9, 1, 0).percent == 90 and Completion(9, 1, 0).meets(90)
    assert not Completion(17, 1, 1).meets(90)  # 89.47...%: below, though it rounds to 89
    assert Completion(17, 1, 1).percent == 89
    assert Completion(0, 9, 0).new_player and Completion(0, 9, 0).meets(95)
    assert not Completion(0, 10, 0).new_player and not Completion(0, 10, 0).meets(80)
    assert Completion().percent is None and Completion(0, 10, 0).meets(None)


def test_a_profile_counts_games_finished_resigned_and_abandoned_between_people(
        database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        finish_rated(client, anna, bea)
        resigned_rated(client, anna, bea)
        with bea.use():  # against the computer: not counted
            game = create(client, opponent="computer", level=1)
            deal_first(client, game)
            assert resign(client, game["game_id"], game["token"]).status_code == 200
    with accounts_app(database, idle_seconds=0.5) as client:  # a short wait before the
        anna, bea = (signed_in_elsewhere(client, name) for name in ("anna", "bea"))  # stand-in
        abandoned_rated(client, anna, bea)
        shown = counts(client, "bea")
        assert (shown["finished"], shown["resigned"], shown["abandoned"]) == (1, 1, 1)
        assert (shown["games"], shown["percent"], shown["new_player"]) == (3, 33, True)
        assert shown["new_player_games"] == completion.NEW_PLAYER_GAMES
        theirs = counts(client, "anna")  # won by the other's resignation and walking away
        assert (theirs["finished"], theirs["resigned"], theirs["abandoned"]) == (3, 0, 0)
        assert theirs["percent"] == 100


# ---------------------------------------------------------------- the minimum enforced


@pytest.fixture
def one_game_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A player is no longer new after one counted game (the tests play few)."""
    monkeypatch.setattr(completion, "NEW_PLAYER_GAMES", 1)


def seek(client: TestClient, **body: Any) -> Any:
    return client.post("/api/quickmatch", json=body)


def test_quick_match_pairs_nobody_below_the_minimum_a_seeker_asks(
        database: str, one_game_counts: None) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        resigned_rated(client, anna, bea, rated=False)  # bea: 0% of 1 game; no rating moved
        with anna.use():
            asking = seek(client, rated=True, min_completion=95)
        assert asking.status_code == 201, asking.text
        assert asking.json()["min_completion"] == 95
        with bea.use():
            below = seek(client, rated=True)
        assert below.json()["status"] == "waiting"
        with bea.use():
            client.delete(f"/api/quickmatch/{below.json()['ticket']}")
        with Browser(client).use():  # a guest has no games to show: not paired either
            guest = seek(client, name="Gus")
            assert guest.json()["status"] == "waiting"
            client.delete(f"/api/quickmatch/{guest.json()['ticket']}")
        with Browser(client).use():
            sign_up(client, "carla")  # new: meets any minimum
            met = seek(client, rated=True)
        assert met.json()["status"] == "matched", met.text
        with anna.use():
            mine = client.get(f"/api/quickmatch/{asking.json()['ticket']}").json()
        assert mine["status"] == "matched" and mine["game"]["opponent"] == "carla"


def open_table(client: TestClient, owner: Browser, **body: Any) -> dict[str, Any]:
    with owner.use():
        response = client.post("/api/games", json={"opponent": "anyone", "rated": True,
                                                    "options": {"target": 1}, **body})
    assert response.status_code == 201, response.text
    game: dict[str, Any] = response.json()
    return game


def listed(client: TestClient, game_id: str) -> dict[str, Any]:
    lobby = client.get("/api/lobby").json()
    entry: dict[str, Any] = next(e for e in lobby["open"] if e["game_id"] == game_id)
    return entry


def test_a_player_below_a_rated_open_table_s_minimum_cannot_sit_even_by_a_direct_join(
        database: str, one_game_counts: None) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        resigned_rated(client, anna, bea)
        game = open_table(client, anna, min_completion=90)
        gid = game["game_id"]
        assert listed(client, gid)["min_completion"] == 90  # seen before anyone clicks
        with bea.use():
            refused = client.post(f"/api/games/{gid}/sit", json={"seat": 1})
        assert refused.status_code == 403
        error = error_of(refused)
        assert (error["code"], error["rate"], error["minimum"]) == ("completion_too_low", 0, 90)
        assert listed(client, gid)["open"] == [1]  # nothing changed
    with accounts_app(database) as client:  # the minimum is stored with the table
        assert listed(client, gid)["min_completion"] == 90
        carla = Browser(client)
        with carla.use():
            sign_up(client, "carla")
            sat = client.post(f"/api/games/{gid}/sit", json={"seat": 1})
        assert sat.status_code == 201, sat.text


@pytest.mark.parametrize("forged", [85, 0, 100, 1000, -1, "90", 90.0, True, [90], {}])
def test_a_forged_minimum_is_refused_precisely_and_opens_nothing(
        sqlite_db: str, forged: Any) -> None:
    with accounts_app(sqlite_db) as client:
        anna, _ = two_accounts(client)
        with anna.use():
            table = client.post("/api/games", json={"opponent": "anyone", "rated": True,
                                                    "min_completion": forged})
            match = seek(client, rated=True, min_completion=forged)
        for response in (table, match):
            assert response.status_code == 400, response.text
            assert error_of(response)["code"] == "bad_min_completion"
            assert error_of(response)["allowed"] == list(completion.MINIMUMS)
        assert client.get("/api/lobby").json()["open"] == []
        assert client.app.state.lobby.quick_match.waiting() == 0  # type: ignore[attr-defined]


THREE = {"dealer_rule": "loser"}


def test_a_minimum_is_only_for_a_rated_game_with_an_open_place(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        anna, _ = two_accounts(client)
        with anna.use():
            for body in ({"opponent": "anyone"}, {"opponent": "friend", "rated": True},
                         {"players": 3, "seats": ["friend", "friend"], "rated": True,
                          "options": THREE}):
                response = client.post("/api/games", json={**body, "min_completion": 80})
                assert response.status_code == 400, response.text
                assert error_of(response)["code"] == "min_completion_rated_open", response.text
            table = client.post("/api/games", json={"players": 3, "rated": True,
                                                    "seats": ["anyone", "friend"],
                                                    "options": THREE,
                                                    "min_completion": 80})
        assert table.status_code == 201, table.text
        assert listed(client, table.json()["game_id"])["min_completion"] == 80
