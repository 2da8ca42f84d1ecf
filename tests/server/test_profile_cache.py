"""A profile's numbers are kept between reads: a read after nothing ended parses no record, a
game that ends is counted by parsing that game's record alone, a game that becomes the
account's later (a guest's game claimed at sign-in) is counted too, and the numbers always
equal those counted again from every record."""

from __future__ import annotations

from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.server.storage import db, profiles
from ginrummy.server.storage.profile_cache import ProfileCache
from ginrummy.server.storage.profile_stats import PlayedGame, player_stats
from tests.server.account_kit import Browser, accounts_app, sign_in
from tests.server.kit import Player, create
from tests.server.rating_kit import finish_rated, two_accounts
from tests.server.test_ratings_profiles import profile, recomputed


class Parsed:
    """Counts the records the profile code reads from the database."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.games = 0
        read = profiles.played_games

        def counting(*args: Any, **kwargs: Any) -> list[PlayedGame]:
            found = read(*args, **kwargs)
            self.games += len(found)
            return found

        monkeypatch.setattr(profiles, "played_games", counting)

    def since(self, before: int) -> int:
        return self.games - before


def from_scratch(client: TestClient, username: str) -> dict[str, Any]:
    """The profile as a server that never read it before answers it."""
    kept = client.app.state.profile_cache  # type: ignore[attr-defined]
    client.app.state.profile_cache = ProfileCache()  # type: ignore[attr-defined]
    try:
        return profile(client, username)
    finally:
        client.app.state.profile_cache = kept  # type: ignore[attr-defined]


def counted_from_every_record(client: TestClient, username: str) -> dict[str, Any]:
    """The numbers :func:`player_stats` counts from all the account's records at once."""
    engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
    with engine.connect() as conn:
        account = conn.execute(sa.select(db.accounts.c.id)
                               .where(db.accounts.c.username == username)).scalar_one()
    return player_stats(profiles.played_games(engine, account))


def same_numbers(client: TestClient, username: str) -> dict[str, Any]:
    body = profile(client, username)
    assert body == from_scratch(client, username)
    assert body["stats"] == counted_from_every_record(client, username)
    again = recomputed(client, username)
    assert {key: body["stats"][key] for key in again} == again
    return body


def test_kept_numbers_equal_a_recount_and_a_new_game_s_end_shows_up(
        database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = Parsed(monkeypatch)
    with accounts_app(database) as client:
        anna, bea = two_accounts(client)
        for creator, other in ((anna, bea), (bea, anna), (anna, bea)):
            finish_rated(client, creator, other)
        first = same_numbers(client, "anna")
        assert first["stats"]["games"] == 3
        before = parsed.games
        assert profile(client, "anna") == first
        assert parsed.since(before) == 0  # nothing ended: no record parsed
        last = finish_rated(client, bea, anna, rated=False)["game_id"]
        before = parsed.games
        body = profile(client, "anna")
        assert parsed.since(before) == 1  # only the game that ended
        assert body["stats"]["games"] == 4 and body["last_games"][0]["game_id"] == last
        assert same_numbers(client, "anna") == body


def test_a_guest_s_game_claimed_at_sign_in_is_counted(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        anna, bea = two_accounts(client)
        finish_rated(client, anna, bea)
        assert same_numbers(client, "anna")["stats"]["games"] == 1
        guest = Browser(client)
        with guest.use():
            game = create(client, opponent="computer", options={"target": 1})
            with client.websocket_connect(f"/ws/{game['game_id']}") as ws:
                player = Player(ws)
                while player.state["stage"] != "over":
                    player.play_hand_vs_computer()
                    if player.state["stage"] == "between_hands":
                        player.ready()
            sign_in(client, "anna")  # the browser's game becomes anna's
        body = same_numbers(client, "anna")
        assert body["stats"]["games"] == 2
        assert body["last_games"][0]["game_id"] == game["game_id"]
