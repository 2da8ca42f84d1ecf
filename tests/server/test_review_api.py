"""GET /api/games/{id}/review: a finished game's review of one seat, for whoever may read
its record."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.kit import create, running
from tests.server.test_server_records import finish_game


def review(client: TestClient, gid: str, token: str | None = None, **params: str) -> Any:
    query = dict(params)
    if token is not None:
        query["token"] = token
    return client.get(f"/api/games/{gid}/review", params=query)


def code(response: Any) -> str:
    return str(response.json()["error"]["code"])


def test_review_of_a_finished_game_for_the_own_seat_and_the_other(database: str) -> None:
    with running(database, seed=3) as client:
        game = finish_game(client)
        gid, token = game["game_id"], game["token"]
        mine = review(client, gid, token, lang="it")
        assert mine.status_code == 200, mine.text
        body = mine.json()
        assert body["seat"] == 0 and body["player"] == 0 and body["lang"] == "it"
        assert body["judged"] > 0 and body["marked"] == len(body["marks"])
        assert body["summary"].startswith("decisioni esaminate: ")
        for mark in body["marks"]:
            assert mark["loss"] >= 4 and mark["chosen"]["id"] != mark["better"]["id"]
            assert mark["lines"][0].startswith(f"Mano {mark['hand']}, mossa {mark['index']}")
        other = review(client, gid, token, seat="1", lang="en")
        assert other.status_code == 200 and other.json()["player"] == 1
        watcher = review(client, gid, game["watch_token"], seat="0", lang="en")
        assert watcher.status_code == 200 and watcher.json()["seat"] is None
        assert watcher.json()["marks"] == review(client, gid, token, lang="en").json()["marks"]


def test_review_refusals_name_what_is_wrong(sqlite_db: str) -> None:
    with running(sqlite_db, seed=3) as client:
        game = finish_game(client)
        gid, token = game["game_id"], game["token"]
        for bad in ("2", "-1", "x", "1.0", ""):
            refused = review(client, gid, token, seat=bad)
            assert refused.status_code == 400 and code(refused) == "bad_seat", bad
        nameless = review(client, gid, game["watch_token"])
        assert nameless.status_code == 400 and code(nameless) == "bad_seat"
        assert "names the seat" in nameless.json()["error"]["message"]
        lang = review(client, gid, token, lang="fr")
        assert lang.status_code == 400 and code(lang) == "bad_request"
        live = create(client, opponent="computer", level=1)
        early = review(client, live["game_id"], live["token"])
        assert early.status_code == 409 and code(early) == "not_over"
        unknown = review(client, "nosuchgame0000", token)
        assert unknown.status_code == 404 and code(unknown) == "not_found"
        stranger = review(client, gid, "t" * 43)
        assert stranger.status_code == 403 and code(stranger) == "bad_token"


def test_a_review_is_computed_once_and_charged_like_a_hint(sqlite_db: str) -> None:
    with running(sqlite_db, seed=3, hints_per_minute=1) as client:
        game = finish_game(client)
        gid, token = game["game_id"], game["token"]
        first = review(client, gid, token)
        assert first.status_code == 200
        again = review(client, gid, token, lang="it")  # kept: not computed nor charged again
        assert again.status_code == 200 and again.json()["judged"] == first.json()["judged"]
        other = review(client, gid, token, seat="1")
        assert other.status_code == 429 and code(other) == "rate_limited"
        assert "Retry-After" in other.headers
