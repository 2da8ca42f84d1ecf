"""The HTTP endpoints: creating games with rules checked precisely, joining, snapshots, pages."""

from __future__ import annotations

import re
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.core.rules import PRESETS, Rules
from ginrummy.server.live.computer import computer_name
from tests.server.kit import create, deal_first, other_browser, running


@pytest.fixture
def client(sqlite_db: str) -> Any:
    with running(sqlite_db) as c:
        yield c


def test_root_serves_the_browser_client(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert re.search(r'src="/static/[0-9a-f]{16}/app.js"', page.text)
    for path in ("/play/abcdefgh1234", "/watch/abcdefgh1234"):
        assert client.get(path).text == page.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


def test_api_index_rules_and_protocol(client: TestClient) -> None:
    index = client.get("/api").json()
    assert index["protocol"] == 1 and "POST /api/games" in index["endpoints"]
    assert "stale" in index["error_codes"]
    rules = client.get("/api/rules").json()
    assert set(rules["presets"]) == set(PRESETS)
    assert rules["presets"]["oklahoma"] == Rules.preset("oklahoma").to_dict()
    options = {o["name"]: o for o in rules["options"]}
    assert options["target"] == {"name": "target", "default": 100, "type": "int"}
    assert options["max_hands"]["nullable"] is True
    assert options["dealer_rule"]["choices"] == ["loser", "winner", "alternate"]
    assert options["first_dealer"]["choices"] == ["low_cut_deals", "high_cut_chooses"]
    assert options["fiftieth_card_action"] == {
        "name": "fiftieth_card_action", "default": "off", "type": "choice",
        "choices": ["off", "same_card", "different_card"]}
    assert options["knocker_may_hide_melds"]["type"] == "bool"
    assert options["big_gin"]["type"] == "bool"
    assert rules["levels"] == [1, 2, 3, 4, 5]
    doc = client.get("/api/protocol")
    assert doc.status_code == 200 and "expect" in doc.text and "resync" in doc.text


def test_create_vs_computer_returns_seat_token_links_and_cookie(client: TestClient) -> None:
    game = create(client, opponent="computer", level=4, preset="oklahoma",
                  options={"target": 50, "max_hands": 3}, name="  Ann   Lee ")
    gid = game["game_id"]
    assert client.cookies.get(f"gin_{gid}") == game["token"]
    assert game["invite_token"] is None
    assert game["links"]["play"] == f"http://testserver/play/{gid}#{game['token']}"
    assert game["links"]["watch"].endswith(f"/watch/{gid}#{game['watch_token']}")
    assert game["state"]["stage"] == "waiting"
    assert game["state"]["fair"]["next"][0]["hand_number"] == 1
    deal_first(client, game)
    state = client.get(f"/api/games/{gid}", params={"token": game["token"]}).json()["state"]
    assert state["rules"] == Rules.preset("oklahoma", target=50, max_hands=3).to_dict()
    assert state["level"] == 4 and state["kind"] == "computer"
    assert state["computer"] == computer_name(4) != "random"  # level4, or gin play's stand-in
    assert state["seats"][0]["name"] == "Ann Lee" and state["seats"][1]["kind"] == "computer"
    assert state["stage"] == "hand" and state["hand_number"] == 1
    assert len(state["view"]["hand"]) in (10, 11)
    assert state["view"]["opponent_hand"] is None
    assert state["settlement"]["final"] is False


def test_create_defaults(client: TestClient) -> None:
    state = create(client)["state"]
    assert state["kind"] == "computer" and state["level"] == 1
    assert state["rules"]["name"] == "standard"


BAD_CREATE: list[tuple[Any, int, str, str]] = [
    ([1], 400, "bad_request", "must be a JSON object, got list"),
    ({"colour": "red"}, 400, "bad_request", "unknown field 'colour'"),
    ({"opponent": "robot"}, 400, "bad_request",
     "opponent must be 'computer', 'friend' or 'anyone'"),
    ({"level": 0}, 400, "bad_request", "level must be a whole number from 1 to 5, got 0"),
    ({"level": 6}, 400, "bad_request", "got 6"),
    ({"level": "3"}, 400, "bad_request", "got '3'"),
    ({"level": True}, 400, "bad_request", "got True"),
    ({"opponent": "friend", "level": 2}, 400, "bad_request", "level is for games against"),
    ({"preset": "chess"}, 400, "bad_rules", "unknown preset 'chess'; known presets: standard"),
    ({"preset": 3}, 400, "bad_rules", "preset must be a string"),
    ({"options": []}, 400, "bad_rules", "options must be an object"),
    ({"options": {"colour": 1}}, 400, "bad_rules", "unknown rules option 'colour'"),
    ({"options": {"gin_bonus": -1}}, 400, "bad_rules",
     "gin_bonus must be a whole number from 0 to 1000, got -1"),
    ({"options": {"target": "100"}}, 400, "bad_rules", "target must be a whole number"),
    ({"options": {"big_gin": 1}}, 400, "bad_rules", "big_gin must be true or false, got 1"),
    ({"options": {"dealer_rule": "eldest"}}, 400, "bad_rules", "dealer_rule must be one of"),
    ({"options": {"spade_double": True}}, 400, "bad_rules", "spade_double needs oklahoma"),
    ({"options": {"name": "mine"}}, 400, "bad_rules", "option 'name'"),
    ({"name": ""}, 400, "bad_name", "name must have a visible character"),
    ({"name": "x" * 41}, 400, "bad_name", "at most 40 characters"),
    ({"name": 7}, 400, "bad_name", "name must be a string"),
]


@pytest.mark.parametrize(("body", "status", "code", "words"), BAD_CREATE,
                         ids=[w[:40] for *_, w in BAD_CREATE])
def test_create_refuses_bad_requests_precisely(
    client: TestClient, body: Any, status: int, code: str, words: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code and words in error["message"], error
    assert client.get("/api/games/mine").json()["games"] == []


def test_create_refuses_bad_json_large_bodies_and_foreign_origins(client: TestClient) -> None:
    response = client.post("/api/games", content=b"{nope",
                           headers={"content-type": "application/json"})
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_json"
    response = client.post("/api/games", content=b"{" + b" " * 20000 + b"}")
    assert response.status_code == 413 and response.json()["error"]["code"] == "too_large"
    response = client.post("/api/games", json={}, headers={"origin": "https://evil.example"})
    assert response.status_code == 403 and response.json()["error"]["code"] == "bad_origin"
    response = client.post("/api/games", json={}, headers={"origin": "http://testserver"})
    assert response.status_code == 201
    assert client.post("/api/games", content=b"").status_code == 201  # an empty body: defaults


def test_snapshot_by_token_cookie_or_bearer(client: TestClient) -> None:
    game = create(client, opponent="friend")
    gid = game["game_id"]
    by_cookie = client.get(f"/api/games/{gid}").json()
    assert by_cookie["seat"] == 0 and by_cookie["role"] == "player"
    with other_browser(client):
        assert client.get(f"/api/games/{gid}").status_code == 403
        by_query = client.get(f"/api/games/{gid}", params={"token": game["invite_token"]})
        assert by_query.json()["seat"] == 1
        bearer = client.get(f"/api/games/{gid}",
                            headers={"authorization": f"Bearer {game['watch_token']}"})
        assert bearer.json()["role"] == "watcher" and bearer.json()["state"]["you"] is None
        wrong = client.get(f"/api/games/{gid}", params={"token": "x" * 24})
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_token"
        missing = client.get("/api/games/abcdefghijkl", params={"token": game["token"]})
        assert missing.status_code == 404 and missing.json()["error"]["code"] == "not_found"
        assert client.get("/api/games/..%2f..").status_code == 404


def test_join_is_idempotent_and_deals_the_first_hand(client: TestClient) -> None:
    game = create(client, opponent="friend", preset="classic")
    gid = game["game_id"]
    with other_browser(client):
        bad = client.post(f"/api/games/{gid}/join", json={"token": game["watch_token"] + "x"})
        assert bad.status_code == 403
        first = client.post(f"/api/games/{gid}/join",
                            json={"token": game["invite_token"], "name": "Bob"}).json()
        assert first["seat"] == 1 and first["state"]["stage"] == "waiting"  # for the seeds
        assert first["state"]["n"] == 0
        again = client.post(f"/api/games/{gid}/join",
                            json={"token": first["token"], "name": "Robert"}).json()
        assert again["state"]["n"] == 0 and "token" not in again
        assert again["state"]["seats"][1]["name"] == "Bob"
        watch = client.post(f"/api/games/{gid}/join", json={"token": game["watch_token"]})
        assert watch.json()["role"] == "watcher"
        assert client.cookies.get(f"gin_{gid}") == first["token"]
        wrong_type = client.post(f"/api/games/{gid}/join", json={"token": 5})
        assert wrong_type.json()["error"]["code"] == "bad_request"


def test_game_ids_and_tokens_are_unguessable_and_never_stored_in_clear(sqlite_db: str) -> None:
    import sqlalchemy as sa

    with running(sqlite_db) as client:
        game = create(client, opponent="friend")
    engine = sa.create_engine(sqlite_db)
    with engine.connect() as conn:
        dump = "\n".join(str(row) for table in ("games", "seats", "decks", "log")
                         for row in conn.execute(sa.text(f"SELECT * FROM {table}")))
    engine.dispose()
    for secret in (game["token"], game["invite_token"], game["watch_token"]):
        assert len(secret) >= 24 and secret not in dump
    assert len(game["game_id"]) >= 12
