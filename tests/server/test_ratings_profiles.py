"""Profiles and leaderboards (issue 14): a player's numbers come from the stored records and
are recomputed here from them by replaying each record; unknown players, bad families and bad
pages get coded errors; a profile never holds a card, a deck or a token; both are limited."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.format.replay import load_record
from tests.server.account_kit import accounts_app, error_of
from tests.server.kit import cards_named, until_dealt
from tests.server.rating_kit import at_the_table, finish_rated, rated_game, two_accounts


def profile(client: TestClient, username: str) -> dict[str, Any]:
    response = client.get(f"/api/players/{username}")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def recomputed(client: TestClient, username: str) -> dict[str, Any]:
    """The numbers of ``username`` counted again from the chain of records, each record
    replayed through the game engine (not read by the server's counting code)."""
    engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        found = conn.execute(sa.text(
            "SELECT r.record, s.seat FROM records r JOIN account_seats s ON s.game_id = "
            "r.game_id JOIN accounts a ON a.id = s.account_id WHERE a.username = :name"),
            {"name": username}).all()
    hands = points = gins = undercuts = knocks = actions = wins = 0
    deadwood: dict[str, int] = {}
    for text, seat in found:
        game = load_record(json.dumps(json.loads(text)["record"]))
        wins += game.winner == seat
        for played in game.played:
            result = played.state.result
            if result is None or result.is_void:
                continue
            me = played.players.index(seat)
            hands += 1
            actions += len(list(played.state.actions()))
            if result.winner == me:
                points += result.points
                gins += result.outcome in ("gin", "big_gin")
                undercuts += result.outcome == "undercut"
            if result.knocker == me:
                knocks += 1
                key = str(result.knocker_deadwood)
                deadwood[key] = deadwood.get(key, 0) + 1
    return {"games": len(found), "wins": wins, "hands": hands,
            "points_per_hand": round(points / hands, 2), "gin_rate": round(gins / hands, 4),
            "undercut_rate": round(undercuts / hands, 4), "knocks": knocks,
            "knocks_by_deadwood": dict(sorted(deadwood.items())),
            "average_hand_length": round(actions / hands, 1)}


def test_a_profile_counts_the_rated_games_from_their_records(database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        games = [finish_rated(client, anna, bea)["game_id"],
                 finish_rated(client, bea, anna)["game_id"],
                 finish_rated(client, anna, bea, rated=False)["game_id"]]
        for name in ("anna", "bea"):
            body = profile(client, name)
            stats = body["stats"]
            assert {k: stats[k] for k in recomputed(client, name)} == recomputed(client, name)
            assert stats["games"] == 3 and stats["wins"] + stats["losses"] == 3
            assert [g["game_id"] for g in body["last_games"]] == games[::-1]
            assert [g["rated"] for g in body["last_games"]] == [False, True, True]
            assert body["last_games"][0]["links"]["replay"] == f"/play/{games[2]}?replay"
            other = "bea" if name == "anna" else "anna"
            assert body["last_games"][0]["opponents"][0]["username"] == other
            (standard,) = body["ratings"]
            assert standard["family"] == "standard" and standard["games"] == 2
            assert standard["provisional"] is True and standard["shown"].endswith("?")
            assert [p["game_id"] for p in body["history"]] == games[:2]


def test_a_profile_gives_the_rating_every_player_starts_from(database: str) -> None:
    with accounts_app(database) as client:
        two_accounts(client)
        assert profile(client, "anna")["start"] == {
            "rating": 1500, "deviation": 350, "games": 0, "provisional": True, "shown": "1500?"}


def test_a_profile_is_found_by_its_username_in_any_case(database: str) -> None:
    with accounts_app(database) as client:
        two_accounts(client, "Anna", "bea")
        assert profile(client, "aNNA")["username"] == "Anna"
        assert profile(client, "bea")["stats"]["games"] == 0
        assert profile(client, "bea")["ratings"] == []


def test_the_profile_of_an_unknown_player_is_a_coded_404(database: str) -> None:
    with accounts_app(database) as client:
        for name in ("nobody-here", "x" * 500, "%3Cscript%3E"):
            response = client.get(f"/api/players/{name}")
            assert response.status_code == 404
            assert error_of(response)["code"] == "no_player"


def test_a_profile_holds_no_card_and_no_token(database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        game = finish_rated(client, anna, bea)
        body = profile(client, "anna")
        assert not cards_named(body)
        text = json.dumps(body)
        secrets = [game["token"], game["invite_token"], game["watch_token"],
                   game["other_token"], anna.cookie("gin-session"), bea.cookie("gin-session")]
        assert all(secret and secret not in text for secret in secrets)
        assert "deck" not in text and "password" not in text


def test_the_leaderboard_leaves_out_provisional_ratings_unless_asked(database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        winner = finish_rated(client, anna, bea)["final"]["winner"]
        board = client.get("/api/leaderboard?family=standard").json()
        assert board["players"] == [] and board["total"] == 0
        assert board["provisional_included"] is False
        levels = {entry["level"]: entry["rating"] for entry in board["computer_levels"]}
        assert sorted(levels) == [1, 2, 3, 4, 5] and levels[3] == 1500  # to compare with
        board = client.get("/api/leaderboard?family=standard&provisional=1").json()
        assert [p["username"] for p in board["players"]] == [("anna", "bea")[winner],
                                                              ("bea", "anna")[winner]]
        assert [p["place"] for p in board["players"]] == [1, 2]
        assert all(p["provisional"] for p in board["players"])
        page = client.get("/api/leaderboard?family=standard&provisional=1&limit=1&offset=1")
        assert [p["place"] for p in page.json()["players"]] == [2]
        assert client.get("/api/leaderboard?family=oklahoma&provisional=1").json()[
            "players"] == []


def test_a_bad_family_or_page_is_a_precise_400(database: str) -> None:
    with accounts_app(database) as client:
        for query, code, words in (("family=gin500", "bad_family", "standard, oklahoma"),
                                   ("limit=-1", "bad_request", "limit"),
                                   ("limit=1000", "bad_request", "limit"),
                                   ("offset=x", "bad_request", "offset"),
                                   ("provisional=yes", "bad_request", "provisional")):
            response = client.get(f"/api/leaderboard?{query}")
            assert response.status_code == 400, query
            assert error_of(response)["code"] == code and words in error_of(response)[
                "message"], query


def test_profiles_and_leaderboards_are_rate_limited(database: str) -> None:
    with accounts_app(database, event_pages_per_minute=18) as client:  # 3 at once
        two_accounts(client)
        answers = [client.get("/api/players/anna").status_code,
                   client.get("/api/leaderboard").status_code,
                   client.get("/api/players/bea").status_code,
                   client.get("/api/players/anna").status_code]
        assert answers == [200, 200, 200, 429]


def test_a_profile_read_during_a_rated_game_names_no_card_of_it(database: str) -> None:
    """The other player (or anyone) reading a profile mid-game learns nothing of the hands:
    the game in play is not in the profile, and no card name is anywhere in it."""
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        finish_rated(client, anna, bea)
        game = rated_game(client, anna, bea)
        with at_the_table(client, game, anna, bea) as (a, b):
            until_dealt(a, b)
            assert a.state["stage"] == "hand" and a.state["view"]["hand"]
            with bea.use():
                body = profile(client, "anna")
        assert game["game_id"] not in json.dumps(body)
        assert not cards_named(body)
