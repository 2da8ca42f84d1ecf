"""Rematch (issue 12, item 9): after a game against the computer, the same player, rules and
level again, the other seat dealing first; between friends, once both ask, each taking their
own seat; refused before the end, to watchers and strangers. Friends' rematches:
``test_server_rematch_friends.py``."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.kit import Player, create, other_browser, running


def _play_to_the_end(client: TestClient, game: dict[str, Any]) -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
        me = Player(ws)
        for _ in range(60):
            me.play_hand_vs_computer()
            if me.state["stage"] == "over":
                return me.state
            assert me.ready()["type"] == "ack"
            while me.state["stage"] != "hand":
                me.recv()
    raise AssertionError("the game did not end")


def _first_dealer(state: dict[str, Any]) -> int:
    dealer: int = state["cut"]["dealer"]
    return dealer


def test_rematch_keeps_player_rules_and_level_and_the_other_seat_deals_first(
    sqlite_db: str
) -> None:
    with running(sqlite_db, seed=3) as client:
        game = create(client, opponent="computer", level=4, preset="oklahoma", name="Ann",
                      options={"target": 25})
        gid = game["game_id"]
        early = client.post(f"/api/games/{gid}/rematch")
        assert early.status_code == 409 and early.json()["error"]["code"] == "not_over"
        over = _play_to_the_end(client, game)
        watcher = client.post(f"/api/games/{gid}/rematch?token={game['watch_token']}")
        assert watcher.status_code == 403 and watcher.json()["error"]["code"] == "read_only"
        with other_browser(client) as stranger:
            refused = stranger.post(f"/api/games/{gid}/rematch")
            assert refused.status_code == 403 and refused.json()["error"]["code"] == "bad_token"
        answer = client.post(f"/api/games/{gid}/rematch")
        assert answer.status_code == 201, answer.text
        body = answer.json()
        assert body["rematch_of"] == gid and body["game_id"] != gid
        state = body["state"]
        assert state["rules"] == over["rules"] and state["rules"]["target"] == 25
        assert state["seats"][0]["name"] == "Ann"
        assert state["seats"][1]["name"] == "Computer (level 4)"
        assert _first_dealer(state) == 1 - _first_dealer(over)
        assert state["stage"] == "waiting"  # hand 1 waits for the person's seed
        # the new game's seat is this browser's: its cookie opens the table
        assert client.get(f"/api/games/{body['game_id']}").json()["seat"] == 0
        with client.websocket_connect(f"/ws/{body['game_id']}") as ws:
            dealt = Player(ws).state
        assert dealt["stage"] == "hand" and dealt["view"]["dealer"] == 1 - _first_dealer(over)


def test_a_rematch_against_the_computer_is_limited_like_any_new_game(sqlite_db: str) -> None:
    with running(sqlite_db, seed=3, create_per_minute=3) as client:
        game = create(client, opponent="computer", level=1, options={"target": 1})
        _play_to_the_end(client, game)
        answers = [client.post(f"/api/games/{game['game_id']}/rematch") for _ in range(5)]
        assert answers[-1].status_code == 429, [a.status_code for a in answers]
        assert answers[-1].json()["error"]["code"] == "rate_limited"


def test_no_rematch_between_people_before_their_game_is_over(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="friend")
        answer = client.post(f"/api/games/{game['game_id']}/rematch")
        assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_over"
        answer = client.delete(f"/api/games/{game['game_id']}/rematch")
        assert answer.status_code == 409 and answer.json()["error"]["code"] == "not_over"


def test_after_the_game_its_replay_may_show_both_hands_to_its_player(sqlite_db: str) -> None:
    with running(sqlite_db, seed=4) as client:
        game = create(client, opponent="computer", level=1, options={"target": 10})
        gid = game["game_id"]
        early = client.get(f"/api/games/{gid}/events?open=1")
        assert early.status_code == 409 and early.json()["error"]["code"] == "not_over"
        _play_to_the_end(client, game)
        hidden = client.get(f"/api/games/{gid}/events?limit=3").json()["events"]
        dealt = [e for e in hidden if e["state"].get("view")][0]
        assert dealt["state"]["view"]["opponent_hand"] is None  # as the seat saw it then
        shown = client.get(f"/api/games/{gid}/events?limit=3&open=1").json()["events"]
        opened = [e for e in shown if e["state"].get("view")][0]
        other = opened["state"]["view"]["opponent_hand"]
        assert other and len(other) in (10, 11)
        assert not set(other) & set(opened["state"]["view"]["hand"])
        watched = client.get(f"/api/games/{gid}/events?open=1&token={game['watch_token']}")
        assert watched.status_code == 409
