"""Issue 32, items 11 and 12: the lobby against hostile players, at a real ``gin serve`` (its
clients at several loopback addresses). A player the creator sent away does not sit again
with a fresh cookie, nor an account without its cookie; open tables are limited per address
and per account, expire unjoined, and the lobby's list comes a page at a time."""

from __future__ import annotations

import contextlib
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
    return request(server, "POST", f"/api/games/{game_id}/sit", {"name": "Ivo"},
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


# ---------------------------------------------------------------- item 11


def refused_open_table(server: str, source: str, cookie: str | None = None) -> str:
    made = request(server, "POST", "/api/games", {"players": 3, "preset": "classic",
                                                     "seats": ["anyone", "anyone"]},
                   source=source, cookie=cookie)
    assert made.status == 409, made
    code: str = made.body["error"]["code"]
    return code


def test_an_address_holds_two_open_tables_nobody_joined(server: str) -> None:
    for _ in range(2):
        open_table(server, "127.0.0.40")
    assert refused_open_table(server, "127.0.0.40") == "too_many_open_tables"
    computer = request(server, "POST", "/api/games", {}, source="127.0.0.40")
    assert computer.status == 201  # a game nobody else may take is no open table
    joined = open_table(server, "127.0.0.41")
    open_table(server, "127.0.0.41")
    assert sit(server, joined.body["game_id"], "127.0.0.42").status == 201
    open_table(server, "127.0.0.41")  # one of its two was joined: room for another


def test_an_account_holds_two_open_tables_from_any_address(server: str) -> None:
    session = sign_up(server, "olga", "127.0.0.43")
    open_table(server, "127.0.0.43", cookie=session)
    open_table(server, "127.0.0.44", cookie=session)
    assert refused_open_table(server, "127.0.0.45", cookie=session) == "too_many_open_tables"


def test_the_lobby_comes_a_page_at_a_time_with_how_many_there_are(server: str) -> None:
    for n in range(13):
        for _ in range(2):
            open_table(server, f"127.0.1.{n + 1}")
    first = request(server, "GET", "/api/lobby", source="127.0.0.46")
    assert first.status == 200
    count = first.body["open_count"]
    assert count >= 26 and len(first.body["open"]) == first.body["page_size"] == 20
    second = request(server, "GET", "/api/lobby?page=1", source="127.0.0.46")
    shown = [e["game_id"] for e in first.body["open"] + second.body["open"]]
    assert len(shown) == len(set(shown)) == min(count, 40)
    bad = request(server, "GET", "/api/lobby?page=x", source="127.0.0.46")
    assert (bad.status, bad.body["error"]["code"]) == (400, "bad_request")


def test_an_open_table_nobody_joined_leaves_the_lobby_after_its_time_even_across_a_restart(
        tmp_path: Path) -> None:
    with contextlib.ExitStack() as running:
        first = running.enter_context(contextlib.contextmanager(serve)(tmp_path))
        game = open_table(first)
        gid = game.body["game_id"]
        listed = request(first, "GET", "/api/lobby").body["open"]
        assert gid in [e["game_id"] for e in listed]
    with contextlib.contextmanager(serve)(tmp_path, "--open-table-minutes", "0.0001") as again:
        late = sit(again, gid, "127.0.0.47")  # before anyone looked at the lobby
        assert (late.status, late.body["error"]["code"]) == (409, "no_open_place")
        listed = request(again, "GET", "/api/lobby").body["open"]
        assert gid not in [e["game_id"] for e in listed]
