"""A rated game's end says how it moved each player's rating (issue 31, item 4): the state of
the finished game carries, per seat, the rating before and after, the change and whether the
rating is still provisional; the next game starts from the last one's rating; the state says
the same after a restart; a casual game carries none."""

from __future__ import annotations

from typing import Any

from tests.server.account_kit import accounts_app
from tests.server.kit import Player, create, join_seat
from tests.server.rating_kit import at_the_table, play_to_the_end, rated_game, two_accounts


def changes_told(player: Player) -> list[dict[str, Any]]:
    """The rating changes the table sends once the game is over (a snapshot with them)."""
    if "rating_changes" not in player.state:
        player.until(lambda m: m["type"] == "snapshot" and "rating_changes" in m["state"])
    changes: list[dict[str, Any]] = player.state["rating_changes"]
    return changes


def test_the_end_of_a_rated_game_tells_each_players_rating_before_and_after(
        database: str) -> None:
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        game = rated_game(client, anna, bea)
        with at_the_table(client, game, anna, bea) as (a, b):
            play_to_the_end(a, b)
            first = changes_told(a)
            assert changes_told(b) == first
        winner = a.state["settlement"]["winner"]
        assert [c["seat"] for c in first] == [0, 1]
        for change in first:
            assert change["before"] == 1500
            assert change["change"] == change["after"] - 1500
            assert (change["change"] > 0) == (change["seat"] == winner)
            assert change["provisional"] is True
        again = rated_game(client, anna, bea)
        with at_the_table(client, again, anna, bea) as (a, b):
            play_to_the_end(a, b)
            second = changes_told(a)
        assert [c["before"] for c in second] == [c["after"] for c in first]
    with accounts_app(database) as client, client.websocket_connect(  # after a restart:
            f"/ws/{game['game_id']}?token={game['watch_token']}") as ws:  # the stored history
        assert Player(ws).state["rating_changes"] == first


def test_a_casual_game_tells_no_rating_change(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        game = create(client, opponent="friend", options={"target": 1})
        join_seat(client, game["game_id"], game["invite_token"])
        assert "rating_changes" not in game["state"]
