"""Issue 32, item 3: watchers cannot keep a player out of their own game. Watchers have their
limits (per game, per address); a seat's socket is counted apart, so the player reconnects
whatever the watchers hold, and the idle rule never plays for a player the server turned
away. Against a real ``gin serve``, its clients at several loopback addresses."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack

import pytest

from tests.server.hostile_kit import first, request, serve, socket, until


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory.mktemp("hostile_sockets"), "--sockets-per-game", "4",
                     "--sockets-per-address", "2")


def listed_game_of_two(server: str) -> tuple[str, str, str]:
    """A listed game: its id, the creator's token (at 127.0.0.1) and Bea's (at 127.0.0.5)."""
    game = request(server, "POST", "/api/games", {"opponent": "anyone"})
    assert game.status == 201, game
    bea = request(server, "POST", f"/api/games/{game.body['game_id']}/sit", {"name": "Bea"},
                  source="127.0.0.5")
    assert bea.status == 201, bea
    return game.body["game_id"], game.body["token"], bea.body["token"]


def test_watchers_filling_a_game_never_keep_its_player_out(server: str) -> None:
    game_id, creator, bea = listed_game_of_two(server)
    with ExitStack() as held:
        answers = []
        for address in ("127.0.0.2", "127.0.0.3", "127.0.0.4"):
            for _ in range(2):
                ws = held.enter_context(socket(server, f"/ws/{game_id}", source=address))
                answers.append(first(ws))
        assert [a.get("role", a.get("code")) for a in answers] == \
            ["watcher"] * 4 + ["too_many_connections"] * 2
        assert "this game already has 4 watchers' WebSockets" in answers[-1]["message"]
        player = held.enter_context(socket(server, f"/ws/{game_id}?token={bea}",
                                           source="127.0.0.5"))
        hello = first(player)
        assert (hello["type"], hello["role"], hello["seat"]) == ("hello", "player", 1)
        # the creator behind the same address as two of the watchers (one NAT): still in
        creator_ws = held.enter_context(socket(server, f"/ws/{game_id}?token={creator}",
                                               source="127.0.0.2"))
        hello = first(creator_ws)
        assert (hello["type"], hello["role"], hello["seat"]) == ("hello", "player", 0)
        one_more = held.enter_context(socket(server, f"/ws/{game_id}", source="127.0.0.2"))
        assert until(one_more, "error")["code"] == "too_many_connections"  # a watcher is not


def test_a_seat_over_its_address_limit_takes_its_place_by_cookie(server: str) -> None:
    game_id, _, bea = listed_game_of_two(server)
    with ExitStack() as held:
        for _ in range(2):  # Bea's own address is full of watchers' sockets
            assert first(held.enter_context(
                socket(server, f"/ws/{game_id}", source="127.0.0.6")))["role"] == "watcher"
        player = held.enter_context(socket(server, f"/ws/{game_id}", source="127.0.0.6",
                                           cookie=f"gin_{game_id}={bea}"))
        hello = first(player)
        assert (hello["type"], hello["role"], hello["seat"]) == ("hello", "player", 1)


def test_an_account_s_seat_over_its_address_limit_takes_its_place_signed_in(
        server: str) -> None:
    made = request(server, "POST", "/api/accounts",
                   {"username": "vera", "password": "a long enough password"},
                   source="127.0.0.7")
    assert made.status == 201, made
    session = "gin-session=" + made.cookies["gin-session"]
    game = request(server, "POST", "/api/games", {"opponent": "anyone"}, source="127.0.0.7",
                   cookie=session)
    gid = game.body["game_id"]
    with ExitStack() as held:
        for _ in range(2):  # watchers behind vera's address (one NAT) fill it
            assert first(held.enter_context(
                socket(server, f"/ws/{gid}", source="127.0.0.7")))["role"] == "watcher"
        player = held.enter_context(socket(server, f"/ws/{gid}", source="127.0.0.7",
                                           cookie=session))  # no seat cookie: the account
        hello = first(player)
        assert (hello["type"], hello["role"], hello["seat"]) == ("hello", "player", 0)
