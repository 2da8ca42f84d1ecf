"""Rated games are full games of their family (issue 31, item 5): a rated game, table or quick
match under a shorter target, or with a hand or time limit, is refused with a precise code and
nothing is created; the same rules are fine for a casual game, and the standard ones rated."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from tests.server.account_kit import accounts_app, error_of, sign_up

FULL_GAME = {"rated_any_rules": False}


def games_stored(client: TestClient) -> int:
    engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        return int(conn.execute(sa.text("SELECT count(*) FROM games")).scalar_one())


@pytest.mark.parametrize(("body", "code"), [
    ({"opponent": "anyone", "options": {"target": 15}}, "rated_short_target"),
    ({"opponent": "friend", "preset": "oklahoma", "options": {"target": 100}},
     "rated_short_target"),
    ({"opponent": "friend", "options": {"max_hands": 3}}, "rated_with_limits"),
    ({"opponent": "friend", "options": {"time_limit_minutes": 20}}, "rated_with_limits"),
    ({"players": 3, "seats": ["anyone", "anyone"], "options": {"target": 15,
                                                               "dealer_rule": "loser"}},
     "rated_short_target"),
    ({"players": 4, "seats": ["anyone", "anyone", "anyone"], "team_target": 50},
     "rated_short_target"),
])
def test_a_rated_game_under_a_short_target_or_a_limit_is_refused_by_code(
        sqlite_db: str, body: dict[str, Any], code: str) -> None:
    with accounts_app(sqlite_db, **FULL_GAME) as client:
        sign_up(client, "anna")
        refused = client.post("/api/games", json={**body, "rated": True})
        assert refused.status_code == 400, refused.text
        assert error_of(refused)["code"] == code
        assert games_stored(client) == 0
        casual = client.post("/api/games", json=body)
        assert casual.status_code == 201, casual.text


def test_a_rated_game_to_the_familys_target_is_accepted(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, **FULL_GAME) as client:
        sign_up(client, "anna")
        for body in ({"opponent": "friend"}, {"opponent": "friend", "preset": "oklahoma"},
                     {"opponent": "anyone", "options": {"target": 200}},
                     {"players": 4, "seats": ["anyone", "anyone", "anyone"]}):
            created = client.post("/api/games", json={**body, "rated": True})
            assert created.status_code == 201, created.text
            assert created.json()["state"]["rated"] is True


def test_a_rated_quick_match_under_a_short_target_is_refused_by_code(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, **FULL_GAME) as client:
        sign_up(client, "anna")
        refused = client.post("/api/quickmatch", json={"preset": "standard", "rated": True,
                                                       "options": {"target": 15}})
        assert refused.status_code == 400, refused.text
        assert error_of(refused)["code"] == "rated_short_target"
        assert client.post("/api/quickmatch", json={"preset": "standard", "rated": True}
                           ).status_code == 201


def test_the_rules_list_says_what_a_rated_game_is_played_to(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, **FULL_GAME) as client:
        rated = client.get("/api/rules").json()["rated"]
    assert rated == {"target": 100, "oklahoma_target": 150, "team_target": 125,
                     "any_rules": False}
