"""The lobby: open games listed for anyone, one click to take a place, watching without a
link, the creator sending a player away before the first deal, and the live board."""

from __future__ import annotations

import json
from typing import Any

from starlette.testclient import TestClient

from tests.server import kit
from tests.server.kit import Player, create, other_browser, running


def lobby(client: TestClient) -> dict[str, Any]:
    response = client.get("/api/lobby")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def sit(client: TestClient, game_id: str, **body: Any) -> Any:
    return client.post(f"/api/games/{game_id}/sit", json=body)


def test_an_open_game_is_listed_with_its_rules_and_no_secret(database: str) -> None:
    with running(database) as client:
        game = create(client, opponent="anyone", preset="oklahoma", name="Ann")
        listed = lobby(client)
        entry = next(e for e in listed["open"] if e["game_id"] == game["game_id"])
        assert entry["players"] == 2 and entry["open"] == [1]
        assert entry["rules"]["name"] == "oklahoma" and entry["rules"]["oklahoma"] is True
        assert [s["name"] for s in entry["seats"]] == ["Ann", None]
        assert entry["seats"][1]["open"] is True and entry["watch"].endswith(game["game_id"])
        text = json.dumps(listed)
        assert game["token"] not in text and game["watch_token"] not in text
        assert listed["playing"] == [] and listed["online"] >= 0


def test_private_games_are_never_listed(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        create(client, opponent="friend")
        create(client, opponent="computer")
        create(client, players=3, preset="classic", seats=["friend", "computer"])
        assert lobby(client)["open"] == [] and lobby(client)["playing"] == []


def test_anyone_takes_the_open_place_in_one_click_and_the_game_starts(database: str) -> None:
    with running(database) as client:
        game = create(client, opponent="anyone", name="Ann")
        gid = game["game_id"]
        with other_browser(client):
            taken = sit(client, gid, name="Bea")
            assert taken.status_code == 201, taken.text
            bea = taken.json()
            assert bea["seat"] == 1 and bea["role"] == "player"
            assert bea["state"]["seats"][1]["name"] == "Bea"
            assert client.cookies.get(f"gin_{gid}") == bea["token"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={bea['token']}") as ws1:
            ann, other = Player(ws0), Player(ws1)
            kit.until_dealt(ann, other)
            assert ann.state["stage"] == "hand"
            assert all(e["game_id"] != gid for e in lobby(client)["open"])
            playing = next(e for e in lobby(client)["playing"] if e["game_id"] == gid)
        assert [s["name"] for s in playing["seats"]] == ["Ann", "Bea"]
        assert set(playing) == {"game_id", "players", "family", "rules", "team_target", "level",
                                "seats",
                                "open", "stage", "hand_number", "totals", "created_at", "rated",
                                "watch", "clock", "adjourned", "ends_at",
                                "min_completion"}  # what anyone may
        # know: no card, no token


def test_a_taken_place_cannot_be_taken_again_and_nobody_sits_twice(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, players=3, preset="classic", seats=["anyone", "anyone"], name="Ann")
        gid = game["game_id"]
        with other_browser(client):
            first = sit(client, gid, name="Bea", seat=2)
            assert first.status_code == 201 and first.json()["seat"] == 2
            again = sit(client, gid, name="Bea")
            assert again.status_code == 409 and again.json()["error"]["code"] == "already_seated"
        with other_browser(client):
            taken = sit(client, gid, name="Cy", seat=2)
            assert taken.status_code == 409 and taken.json()["error"]["code"] == "no_open_place"
            assert "place 2 is not open" in taken.json()["error"]["message"]
            bad = sit(client, gid, name="Cy", seat="one")
            assert bad.status_code == 400 and "seat must be a whole number" in bad.text
            assert sit(client, gid, name="Cy").json()["seat"] == 1
        with other_browser(client):
            full = sit(client, gid, name="Di")
            assert full.status_code == 409 and full.json()["error"]["code"] == "no_open_place"


def test_an_invited_or_computer_place_is_not_open(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, players=4, seats=["friend", "computer", "anyone"])
        gid = game["game_id"]
        entry = next(e for e in lobby(client)["open"] if e["game_id"] == gid)
        assert entry["open"] == [3]
        with other_browser(client):
            for place in (0, 1, 2, 9):
                refused = sit(client, gid, name="Cy", seat=place)
                assert refused.json()["error"]["code"] == "no_open_place", place


def test_anyone_watches_a_listed_game_without_a_link_and_sees_no_hidden_card(
    sqlite_db: str,
) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="anyone", name="Ann")
        gid = game["game_id"]
        with other_browser(client):
            bea = sit(client, gid, name="Bea").json()
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                client.websocket_connect(f"/ws/{gid}?token={bea['token']}") as ws1:
            ann, other = Player(ws0), Player(ws1)
            kit.until_dealt(ann, other)
            with other_browser(client):
                watched = client.get(f"/api/games/{gid}")
                assert watched.status_code == 200 and watched.json()["role"] == "watcher"
                with client.websocket_connect(f"/ws/{gid}") as wsw:
                    watcher = Player(wsw)
                    assert watcher.seat is None
                    for message in watcher.messages:
                        kit.assert_no_leak(message, ann.state, [])
                        kit.assert_no_leak(message, other.state, [])
                    assert watcher.act("stock")["code"] == "read_only"


def test_a_private_game_still_needs_its_link_to_watch(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="friend")
        with other_browser(client):
            refused = client.get(f"/api/games/{game['game_id']}")
            assert refused.status_code == 403 and refused.json()["error"]["code"] == "bad_token"


def test_the_creator_sends_a_player_away_before_the_first_deal(database: str) -> None:
    with running(database, forwarded_allow_ips=("testclient",)) as client:
        game = create(client, players=3, preset="classic", seats=["anyone", "anyone"], name="Ann")
        gid = game["game_id"]
        with other_browser(client):
            bea = sit(client, gid, name="Bea").json()
            with client.websocket_connect(f"/ws/{gid}?token={bea['token']}") as ws:
                seated = Player(ws)
                away = client.delete(f"/api/games/{gid}/seats/1?token={game['token']}")
                assert away.status_code == 200, away.text
                told = seated.until(lambda m: m["type"] == "error")
                assert told["code"] == "sent_away"
            again = sit(client, gid, name="Bea")
            assert again.status_code == 403 and again.json()["error"]["code"] == "sent_away"
            old = client.get(f"/api/games/{gid}?token={bea['token']}")
            assert old.status_code == 403  # the old seat token opens nothing now
        entry = next(e for e in lobby(client)["open"] if e["game_id"] == gid)
        assert entry["open"] == [1, 2]
        with other_browser(client):  # from another address than Bea's
            cy = client.post(f"/api/games/{gid}/sit", json={"name": "Cy"},
                             headers={"x-forwarded-for": "192.0.2.7"})
            assert cy.json()["seat"] == 1


def test_only_the_creator_sends_away_and_only_a_player_who_sat(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, players=3, preset="classic", seats=["anyone", "friend"],
                      name="Ann")
        gid = game["game_id"]
        with other_browser(client):
            bea = sit(client, gid, name="Bea").json()
            by_bea = client.delete(f"/api/games/{gid}/seats/1?token={bea['token']}")
            assert by_bea.status_code == 403 and by_bea.json()["error"]["code"] == "not_creator"
        with other_browser(client):
            watcher = client.delete(f"/api/games/{gid}/seats/1")
            assert watcher.status_code == 403 and watcher.json()["error"]["code"] == "read_only"
        for place, code in (("2", "no_player_there"), ("0", "no_player_there"),
                            ("x", "bad_request"), ("7", "no_player_there")):
            refused = client.delete(f"/api/games/{gid}/seats/{place}?token={game['token']}")
            assert refused.json()["error"]["code"] == code, place
        assert client.get(f"/api/games/{gid}?token={bea['token']}").status_code == 200


def test_the_lobby_socket_tells_every_change_and_takes_only_pings_and_chat(sqlite_db: str) -> None:
    with running(sqlite_db) as client, client.websocket_connect("/ws/lobby") as ws:
        first = kit.receive(ws)
        assert first["type"] == "lobby" and first["open"] == []
        game = create(client, opponent="anyone", name="Ann")
        update = kit.receive(ws)
        while update["type"] != "lobby_update" or not update["changed"]:
            update = kit.receive(ws)
        assert update["changed"][0]["game_id"] == game["game_id"]
        with other_browser(client):
            sit(client, game["game_id"], name="Bea")
        update = kit.receive(ws)
        while not update.get("changed"):
            update = kit.receive(ws)
        assert update["changed"][0]["open"] == []
        ws.send_text(json.dumps({"type": "ping", "id": "p1"}))
        assert kit.receive(ws) == {"type": "pong", "id": "p1"}
        ws.send_text("not json")
        assert kit.receive(ws)["code"] == "bad_message"
        ws.send_text(json.dumps({"type": "action", "action": "stock"}))
        assert kit.receive(ws)["code"] == "bad_message"


def test_the_lobby_comes_back_after_a_restart(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="anyone", name="Ann")
    with running(sqlite_db) as client:
        entry = next(e for e in lobby(client)["open"] if e["game_id"] == game["game_id"])
        assert entry["seats"][0]["name"] == "Ann"
        with other_browser(client):
            assert sit(client, game["game_id"], name="Bea").status_code == 201


def test_opponent_anyone_and_seats_anyone_are_the_only_new_words(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        refused = client.post("/api/games", json={"opponent": "stranger"})
        assert refused.status_code == 400 and "'anyone'" in refused.json()["error"]["message"]
        refused = client.post("/api/games", json={"players": 3, "seats": ["anyone", "x"]})
        assert refused.status_code == 400 and "'anyone'" in refused.json()["error"]["message"]


def test_the_lobby_takes_more_sockets_than_a_game_but_not_more_per_address(
    sqlite_db: str,
) -> None:
    with running(sqlite_db, max_sockets_per_game=2, max_sockets_per_address=3) as client, \
            client.websocket_connect("/ws/lobby") as a, \
            client.websocket_connect("/ws/lobby") as b, \
            client.websocket_connect("/ws/lobby") as c:
        assert all(kit.receive(ws)["type"] == "lobby" for ws in (a, b, c))
        with client.websocket_connect("/ws/lobby") as d:
            refused = kit.receive(d)
            assert refused["code"] == "too_many_connections" and refused["retry_after"] > 0
