"""Resigning on the server (issue 35, item 1): ``POST /api/games/{id}/resign`` and the table
socket's ``resign`` message end the game for the seat's player, stored before anyone is told
(a restart, even after a SIGKILL, finds it over); a watcher, a stranger, a spent invite,
another site's page and a finished game are refused, each with its own code; a rated game
counts it as the resigner's loss, and a tournament's standings take it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from ginrummy.server.storage.ratings import places
from tests.server.account_kit import accounts_app, browser, sign_in, sign_up
from tests.server.kill_play import Restartable, http
from tests.server.kit import (
    Player,
    assert_no_leak,
    create,
    deal_first,
    join_seat,
    other_browser,
    running,
    until_dealt,
)
from tests.server.rating_kit import at_the_table, rated_game, two_accounts
from tests.server.test_rating_changes import changes_told
from tests.server.tournament_kit import created, until_status


def resign(client: TestClient, game_id: str, token: str | None = None,
           **headers: str) -> Any:
    params = {} if token is None else {"token": token}
    return client.post(f"/api/games/{game_id}/resign", params=params, headers=headers)


def error_code(response: Any) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


def test_a_player_resigns_over_http_and_the_computer_wins_also_after_a_restart(
        database: str) -> None:
    with running(database) as client:
        game = create(client, opponent="computer", level=1, name="Ann")
        deal_first(client, game)
        answer = resign(client, game["game_id"], game["token"])
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert (body["seat"], body["kind"]) == (0, "resign")
        settlement = body["state"]["settlement"]
        assert body["state"]["stage"] == "over"
        assert (settlement["end_reason"], settlement["winner"], settlement["resigned"]) == (
            "resigned", 1, 0)
        record = client.get(f"/api/games/{game['game_id']}/record").json()
        assert record["record"]["record"]["resigned"] == 0
    with running(database) as client:  # the resignation is in the stored log
        state = client.get(f"/api/games/{game['game_id']}",
                           params={"token": game["token"]}).json()["state"]
        assert state["stage"] == "over" and state["settlement"]["resigned"] == 0


def test_a_player_resigns_on_the_socket_and_both_players_are_told(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="friend", name="Ann")
        bea = join_seat(client, game["game_id"], game["invite_token"], "Bea")
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as one, \
                client.websocket_connect(f"/ws/{gid}?token={bea}") as two:
            ann, other = Player(one), Player(two)
            until_dealt(ann, other)
            hers, mine = other.state, ann.state
            reply = other.answer({"type": "resign", "id": "bye"})  # whoever's turn it is
            assert (reply["type"], reply["kind"], reply["id"]) == ("ack", "resign", "bye")
            told = ann.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "resign")
            assert told["event"]["seat"] == 1
            assert told["state"]["settlement"]["winner"] == 0
            assert_no_leak(told, hers, [])  # the stopped hand stays hidden from the other
            own = other.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "resign")
            assert_no_leak(own, mine, [])
            again = ann.answer({"type": "resign"})
            assert (again["type"], again["code"]) == ("error", "game_over")
            repeated = other.answer({"type": "resign", "id": "bye"})  # the same message id
            assert repeated["type"] == "ack" and repeated.get("duplicate") is True


def test_a_watcher_a_stranger_a_spent_invite_and_another_site_cannot_resign(
        sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="friend", name="Ann")
        gid = game["game_id"]
        assert error_code(resign(client, gid, game["token"])) == (409, "not_started")
        join_seat(client, gid, game["invite_token"], "Bea")
        assert error_code(resign(client, gid, game["watch_token"])) == (403, "read_only")
        assert error_code(resign(client, gid, game["invite_token"])) == (403, "invite_spent")
        with other_browser(client) as stranger:
            assert error_code(resign(stranger, gid)) == (403, "bad_token")
            assert error_code(resign(stranger, gid, "x" * 43)) == (403, "bad_token")
        assert error_code(resign(client, "nosuchgame01", game["token"])) == (404, "not_found")
        foreign = resign(client, gid, game["token"], origin="https://elsewhere.example")
        assert error_code(foreign) == (403, "bad_origin")
        with client.websocket_connect(f"/ws/{gid}?token={game['watch_token']}") as ws:
            watcher = Player(ws)
            refused = watcher.answer({"type": "resign"})
            assert (refused["type"], refused["code"]) == ("error", "read_only")
        state = client.get(f"/api/games/{gid}", params={"token": game["token"]}).json()
        assert state["state"]["stage"] != "over"  # nothing refused changed the game
        assert resign(client, gid, game["token"]).status_code == 200
        assert error_code(resign(client, gid, game["token"])) == (409, "game_over")


def test_resigning_is_limited_per_client_like_every_request(sqlite_db: str) -> None:
    with running(sqlite_db, requests_per_minute=5) as client:
        game = create(client, opponent="computer", level=1)
        answers = [resign(client, game["game_id"], game["watch_token"]) for _ in range(8)]
        assert error_code(answers[-1]) == (429, "rate_limited")


def test_a_resigned_rated_game_lowers_the_resigners_rating_and_raises_the_others(
        database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        game = rated_game(client, anna, bea, options={"target": 100})
        with at_the_table(client, game, anna, bea) as (a, b):
            until_dealt(a, b)
            with anna.use():
                assert resign(client, game["game_id"]).status_code == 200
            changes = {c["seat"]: c for c in changes_told(b)}
        assert changes[0]["after"] < changes[0]["before"] == 1500
        assert changes[1]["after"] > changes[1]["before"] == 1500


def test_a_resigned_tournament_game_is_a_result_the_standings_take(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, computer_delay=0.01) as client, browser(client):
        sign_up(client, "annie")
        made = created(client, format="knockout", size=4, level=1, options={"target": 25})
        client.post(f"/api/tournaments/{made['id']}/start")
        tables = until_status(client, made["id"], "playing")["round_list"][0]["tables"]
        mine = next(t for t in tables if "annie" in [p["name"] for p in t["seats"]])
        sign_in(client, "annie")
        assert resign(client, mine["game_id"]).status_code == 200  # the account's seat
        over = until_status(client, made["id"], "over")
        table = next(t for t in over["round_list"][0]["tables"]
                     if t["game_id"] == mine["game_id"])
        opponent = next(p for p in table["seats"] if p["name"] != "annie")
        assert table["winner"]["name"] == opponent["name"]
        final = over["round_list"][1]["tables"][0]
        assert "annie" not in [p["name"] for p in final["seats"]]
        assert over["standings"][-1]["player"]["name"] != over["winner"]["name"]


def test_a_resignation_answered_survives_a_sigkill_of_the_server(database: str,
                                                                  tmp_path: Path) -> None:
    with Restartable(database, tmp_path) as server:
        game = http(server.base, "/api/games", {"opponent": "computer", "level": 1})
        gid, token = game["game_id"], game["token"]
        answer = http(server.base, f"/api/games/{gid}/resign?token={token}", {})
        assert answer["state"]["stage"] == "over"
        server.kill()  # right after the answer: nothing had time to be written later
        server.start()
        state = http(server.base, f"/api/games/{gid}?token={token}")["state"]
        assert state["stage"] == "over" and state["settlement"]["resigned"] == 0


def test_at_three_players_the_resigner_is_rated_last_even_when_ahead() -> None:
    assert places(3, None, [0, 0, 77], frozenset(), frozenset({2})) == [0, 0, 1]
    assert places(3, 2, [0, 10, 77], frozenset(), frozenset({0})) == [2, 1, 0]
    assert places(2, 1, [50, 20], frozenset({1}), frozenset({0})) == [1, 0]  # idle, not resigned
