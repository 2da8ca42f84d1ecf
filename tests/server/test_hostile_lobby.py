"""Issue 32, items 11 and 12: the lobby against hostile players, at a real ``gin serve`` (its
clients at several loopback addresses). A player the creator sent away does not sit again
with a fresh cookie, nor an account without its cookie; open tables are limited per address
and per account, expire unjoined, and the lobby's list comes a page at a time."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.hostile_kit import Answer, request, serve


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hostile_lobby")


@pytest.fixture(scope="module")
def server(folder: Path) -> Iterator[str]:
    yield from serve(folder)


def sign_up(server: str, username: str, source: str) -> str:
    """A new account's session cookie."""
    made = request(server, "POST", "/api/accounts",
                   {"username": username, "password": "a long enough password"}, source=source)
    assert made.status == 201, made
    return "gin-session=" + made.cookies["gin-session"]


def open_table(server: str, source: str = "127.0.0.1", cookie: str | None = None) -> Answer:
    made = request(server, "POST", "/api/games", {"opponent": "anyone"}, source=source,
                   cookie=cookie)
    assert made.status == 201, made
    return made


def sit(server: str, game_id: str, source: str, cookie: str | None = None) -> Answer:
    return request(server, "POST", f"/api/games/{game_id}/sit", {"name": "Kim"},
                   source=source, cookie=cookie)


def send_away(server: str, game: Answer, seat: int = 1) -> None:
    sent = request(server, "DELETE", f"/api/games/{game.body['game_id']}/seats/{seat}"
                   f"?token={game.body['token']}", source="127.0.0.1")
    assert sent.status == 200, sent


# ---------------------------------------------------------------- item 12


def test_a_guest_sent_away_does_not_sit_again_with_a_fresh_cookie(server: str) -> None:
    game = open_table(server)
    gid = game.body["game_id"]
    assert sit(server, gid, "127.0.0.30").status == 201
    send_away(server, game)
    again = sit(server, gid, "127.0.0.30")  # no cookie at all: a new guest id
    assert (again.status, again.body["error"]["code"]) == (403, "sent_away")
    assert sit(server, gid, "127.0.0.31").status == 201  # somebody else may


def test_an_account_sent_away_does_not_sit_again_from_another_address(server: str) -> None:
    session = sign_up(server, "kim", "127.0.0.32")
    game = open_table(server)
    gid = game.body["game_id"]
    assert sit(server, gid, "127.0.0.32", cookie=session).status == 201
    send_away(server, game)
    again = sit(server, gid, "127.0.0.33", cookie=session)  # no guest cookie, elsewhere
    assert (again.status, again.body["error"]["code"]) == (403, "sent_away")
