"""Issue 11, items 4-6: what one client may do, bodies cut off as they stream, strict numbers.

The test client stands for a reverse proxy (``forwarded_allow_ips=("testclient",)``) so that
``X-Forwarded-For`` can give each request the address of a different client.
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.server import Settings, create_app
from ginrummy.server.api import hint_api
from ginrummy.server.live import computer_play
from tests.server.kit import Player, create, deal_first, first_choice, receive, running

PROXY = ("testclient",)


def at(address: str) -> dict[str, str]:
    return {"x-forwarded-for": address}


def started_friend_game(client: TestClient) -> tuple[dict[str, Any], str]:
    """A game between two people, dealt; and the token of the seat to act."""
    game = create(client, opponent="friend")
    joined = client.post(f"/api/games/{game['game_id']}/join",
                         json={"token": game["invite_token"]})
    assert joined.status_code == 200, joined.text
    friend = joined.json()["token"]  # the invite is spent
    deal_first(client, game, game["token"], friend)
    to_act = client.get(f"/api/games/{game['game_id']}",
                        params={"token": friend}).json()["state"]["tables"][0]["to_act"]
    return game, [game["token"], friend][to_act]


def assert_retry_later(response: Any, code: str = "rate_limited") -> dict[str, Any]:
    assert response.status_code == 429 if code != "busy" else 503, response.text
    error: dict[str, Any] = response.json()["error"]
    assert error["code"] == code
    assert int(response.headers["retry-after"]) >= 1
    assert error["retry_after"] == int(response.headers["retry-after"])
    assert f"try again in {error['retry_after']} s" in error["message"]
    return error


# ---------------------------------------------------------------- item 4: per-client limits


def test_game_creation_is_limited_per_address(sqlite_db: str) -> None:
    with running(sqlite_db, create_per_minute=18, forwarded_allow_ips=PROXY) as client:
        for _ in range(3):
            assert client.post("/api/games", json={}, headers=at("192.0.2.1")).status_code == 201
        refused = client.post("/api/games", json={}, headers=at("192.0.2.1"))
        error = assert_retry_later(refused)
        assert "more than 18 games created a minute from one address" in error["message"]
        assert client.post("/api/games", json={}, headers=at("192.0.2.2")).status_code == 201
        table = client.post("/api/games", json={"players": 4, "seats": ["computer"] * 3},
                            headers=at("192.0.2.1"))
        assert table.status_code == 429  # tables of three and four count too


def test_x_forwarded_for_is_ignored_unless_the_proxy_is_trusted(sqlite_db: str) -> None:
    with running(sqlite_db, create_per_minute=12) as client:
        for address in ("192.0.2.1", "192.0.2.2"):
            assert client.post("/api/games", json={}, headers=at(address)).status_code == 201
        assert client.post("/api/games", json={}, headers=at("192.0.2.3")).status_code == 429


def test_hints_are_limited_per_seat_and_per_address(sqlite_db: str) -> None:
    with running(sqlite_db, hints_per_minute=12, forwarded_allow_ips=PROXY) as client:
        one, one_token = started_friend_game(client)
        two, two_token = started_friend_game(client)

        def hint(game: dict[str, Any], token: str, address: str) -> Any:
            return client.get(f"/api/games/{game['game_id']}/hint?token={token}",
                              headers=at(address))

        assert hint(one, one_token, "192.0.2.1").status_code == 200
        assert hint(one, one_token, "192.0.2.1").status_code == 200
        error = assert_retry_later(hint(two, two_token, "192.0.2.1"))  # the address's third
        assert "more than 12 hints a minute" in error["message"]
        assert_retry_later(hint(one, one_token, "192.0.2.2"))  # the seat's third
        assert hint(two, two_token, "192.0.2.2").status_code == 200


def test_event_pages_are_limited_even_for_a_watch_token(sqlite_db: str) -> None:
    with running(sqlite_db, event_pages_per_minute=12, forwarded_allow_ips=PROXY) as client:
        game, _ = started_friend_game(client)
        page = f"/api/games/{game['game_id']}/events?token={game['watch_token']}&limit=500"
        for address in ("192.0.2.1", "192.0.2.2"):
            assert client.get(page, headers=at(address)).status_code == 200
        error = assert_retry_later(client.get(page, headers=at("192.0.2.3")))
        assert "more than 12 event pages a minute" in error["message"]


def _refused_socket(client: TestClient, url: str, **headers: str) -> dict[str, Any]:
    with client.websocket_connect(url, headers=headers) as ws:
        refusal = receive(ws)
        assert refusal["type"] == "error" and refusal["code"] == "too_many_connections"
        assert refusal["retry_after"] >= 1
        closed = receive(ws)
        assert closed["code"] == 4429
        assert closed["reason"] == f"too_many_connections; retry in {refusal['retry_after']} s"
        return refusal


def test_sockets_per_address_are_limited(sqlite_db: str) -> None:
    with running(sqlite_db, max_sockets_per_address=2) as client:
        game = create(client)
        url = f"/ws/{game['game_id']}?token={game['watch_token']}"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            Player(one), Player(two)
            refusal = _refused_socket(client, url)
            assert "this address already holds 2 WebSockets" in refusal["message"]
        with client.websocket_connect(url) as again:  # the closed ones were given back
            assert Player(again).seat is None


def test_sockets_per_game_are_limited_across_addresses(sqlite_db: str) -> None:
    with running(sqlite_db, max_sockets_per_game=2, forwarded_allow_ips=PROXY) as client:
        game = create(client)
        url = f"/ws/{game['game_id']}?token={game['watch_token']}"
        with client.websocket_connect(url, headers=at("192.0.2.1")) as one, \
                client.websocket_connect(url, headers=at("192.0.2.2")) as two:
            Player(one), Player(two)
            refusal = _refused_socket(client, url, **at("192.0.2.3"))
            assert "this game already has 2 watchers' WebSockets" in refusal["message"]
            other = create(client)
            with client.websocket_connect(f"/ws/{other['game_id']}?token={other['token']}",
                                          headers=at("192.0.2.3")) as elsewhere:
                assert Player(elsewhere).seat == 0


def _ping_until_closed(player: Player, count: int) -> tuple[int, dict[str, Any]]:
    """Send ``count`` pings; how many were answered, and what closed the socket."""
    for i in range(count):
        player.send({"type": "ping", "id": f"p{i}"})
    answered = 0
    while True:
        message = player.recv()
        if message["type"] == "pong":
            answered += 1
        elif message["type"] == "closed":
            return answered, message
        elif message["type"] == "error":
            assert message["code"] == "rate_limited"
            assert message["retry_after"] >= 1


def test_messages_are_limited_across_all_of_a_clients_sockets(sqlite_db: str) -> None:
    with running(sqlite_db, rate_per_second=0.01, rate_burst=6) as client:
        games = [create(client), create(client)]
        urls = [f"/ws/{g['game_id']}?token={g['watch_token']}" for g in games]
        with client.websocket_connect(urls[0]) as ws0, client.websocket_connect(urls[1]) as ws1:
            first, second = Player(ws0), Player(ws1)
            for i in range(4):
                first.send({"type": "ping", "id": f"a{i}"})
            for i in range(4):
                assert first.until(lambda m: m["type"] == "pong")["id"] == f"a{i}"
            answered, closed = _ping_until_closed(second, 4)  # the budget of 6 is shared
            assert answered == 2
            assert closed["code"] == 1008 and closed["reason"].startswith("too many messages")


def test_a_seats_messages_are_limited_across_addresses(sqlite_db: str) -> None:
    with running(sqlite_db, rate_per_second=0.01, rate_burst=7,  # 6 and the first seed
                 forwarded_allow_ips=PROXY) as client:
        game = create(client)
        url = f"/ws/{game['game_id']}?token={game['token']}"
        with client.websocket_connect(url, headers=at("192.0.2.1")) as ws0:
            first = Player(ws0)
            for i in range(4):
                first.send({"type": "ping", "id": f"a{i}"})
            for _ in range(4):
                first.until(lambda m: m["type"] == "pong")
            with client.websocket_connect(url, headers=at("192.0.2.2")) as ws1:
                second = Player(ws1)  # takes the seat over (the first is closed, 4409)
                answered, closed = _ping_until_closed(second, 4)
                assert answered == 2 and closed["code"] == 1008


# ---------------------------------------------------------------- item 5: bodies, expensive work


def test_chunked_body_is_cut_off_while_streaming(sqlite_db: str) -> None:
    app = create_app(Settings(database=sqlite_db, rng=random.Random(1)))
    chunk = b" " * 1024
    read = 0
    sent: list[dict[str, Any]] = []

    async def receive_chunk() -> dict[str, Any]:
        nonlocal read
        read += 1
        return {"type": "http.request", "body": chunk, "more_body": read < 4096}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/games", "raw_path": b"/api/games",
             "query_string": b"", "headers": [(b"host", b"localhost:8000"),
                                                 (b"transfer-encoding", b"chunked")],
             "scheme": "http", "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5000),
             "http_version": "1.1", "root_path": "", "asgi": {"version": "3.0"}, "app": app}
    asyncio.run(app(scope, receive_chunk, send))  # type: ignore[arg-type]
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"])["error"]["code"] == "too_large"
    assert read == 17  # 17 KiB read of the 4 MiB offered: the first chunk past 16 KiB


@pytest.fixture
def blocked_hints(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Hints that wait until the event is set (to fill the server's work threads)."""
    release = threading.Event()
    slow = hint_api.seat_hint

    def waiting_hint(view: Any, lang: str) -> dict[str, Any]:
        release.wait(10)
        return slow(view, lang)

    monkeypatch.setattr(hint_api, "seat_hint", waiting_hint)
    yield release
    release.set()


def test_hints_past_the_work_queue_get_503_with_retry_after(
    sqlite_db: str, blocked_hints: threading.Event
) -> None:
    with running(sqlite_db, work_threads=1, work_queue=0) as client:
        game, token = started_friend_game(client)
        url = f"/api/games/{game['game_id']}/hint?token={token}"
        answers: list[int] = []
        first = threading.Thread(target=lambda: answers.append(client.get(url).status_code))
        first.start()
        for _ in range(200):  # until the first hint holds the only thread
            if client.app.state.lobby.work.pending:  # type: ignore[attr-defined]
                break
            threading.Event().wait(0.01)
        error = assert_retry_later(client.get(url), "busy")
        assert "the server is busy" in error["message"]
        events = client.get(f"/api/games/{game['game_id']}/events?token={token}")
        assert events.status_code == 503  # replays share the threads
        blocked_hints.set()
        first.join(10)
        assert answers == [200]
        assert client.get(url).status_code == 200


def test_level_five_moves_think_on_the_work_threads(
    sqlite_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: dict[int, str] = {}
    """The thread of each table's first computer move, by the table's level (the level-5
    game's computer may go on moving while the level-1 game is played)."""
    real = computer_play.computer_agent

    class Recording:
        def __init__(self, agent: Any, level: int) -> None:
            self.agent, self.name, self.level = agent, agent.name, level

        def choose(self, view: Any) -> Any:
            threads.setdefault(self.level, threading.current_thread().name)
            return self.agent.choose(view)

    def recording_agent(level: int, seed: int) -> tuple[Any, str]:
        agent, name = real(1, seed)  # level 1's moves, quickly; the level is the table's
        return Recording(agent, level), name

    monkeypatch.setattr(computer_play, "computer_agent", recording_agent)
    with running(sqlite_db) as client:
        for level in (5, 1):
            game = create(client, level=level)
            with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
                me = Player(ws)
                for _ in range(100):  # until the computer has moved once
                    if level in threads:
                        break
                    if me.my_turn:
                        me.act(first_choice(me.state["view"]))
                    else:
                        me.recv()
            assert level in threads, level
            assert threads[level].startswith("gin-work") is (level == 5), level


# ---------------------------------------------------------------- item 6: strict numbers


def test_non_ascii_digit_in_since_is_refused_before_the_socket_registers(
    sqlite_db: str,
) -> None:
    with running(sqlite_db) as client:
        game = create(client, opponent="friend")  # no computer to keep the table busy
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}&since=%C2%B2") as ws:
            refusal = receive(ws)
            assert refusal["type"] == "error" and refusal["code"] == "bad_request"
            assert "since must be a whole number from 0 to 1000000000 (ASCII digits), " \
                   "got '²'" in refusal["message"]
            assert receive(ws) == {"type": "closed", "code": 4400, "reason": "bad_request"}
        seats = client.get(f"/api/games/{gid}?token={game['watch_token']}").json()
        assert seats["state"]["seats"][0]["connected"] is False
        table = client.app.state.lobby.tables[gid]  # type: ignore[attr-defined]
        assert not table.listeners and not table.busy  # free to be evicted


@pytest.mark.parametrize("query", ["since=%C2%B2", "limit=%D9%A3", "since=" + "9" * 5000])
def test_events_refuse_numbers_that_are_not_ascii_digits_in_range(
    sqlite_db: str, query: str
) -> None:
    with running(sqlite_db) as client:
        game = create(client)
        answer = client.get(f"/api/games/{game['game_id']}/events?token={game['token']}&{query}")
        assert answer.status_code == 400, answer.text
        error = answer.json()["error"]
        assert error["code"] == "bad_request"
        assert "must be a whole number from 0 to" in error["message"]


def test_my_games_limit_in_other_digits_is_refused(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        answer = client.get("/api/games/mine?limit=%D9%A3")  # '٣', which int() reads as 3
        assert answer.status_code == 400
        assert "(ASCII digits)" in answer.json()["error"]["message"]


@pytest.mark.parametrize("body", [{"level": 5.0}, {"players": 3, "seats": ["computer"] * 2,
                                                    "level": 5.0}])
def test_level_five_point_zero_is_refused(sqlite_db: str, body: dict[str, Any]) -> None:
    with running(sqlite_db) as client:
        answer = client.post("/api/games", json=body)
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == {
            "code": "bad_request",
            "message": "level must be a whole number (not float) from 1 to 5, got 5.0"}


@pytest.mark.parametrize("players", [2.0, 3.0])
def test_players_given_as_a_float_are_refused(sqlite_db: str, players: float) -> None:
    with running(sqlite_db) as client:
        answer = client.post("/api/games", json={"players": players, "seats": ["computer"] * 2})
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"]["message"] == (
            f"players must be 2, 3 or 4 (a whole number, not float), got {players!r}")


def test_every_api_endpoint_is_limited_per_address(sqlite_db: str) -> None:
    with running(sqlite_db, requests_per_minute=18, forwarded_allow_ips=PROXY) as client:
        for path in ("/api/rules", "/api/records", "/api/games/mine"):
            assert client.get(path, headers=at("192.0.2.1")).status_code == 200
        error = assert_retry_later(client.get("/api/i18n", headers=at("192.0.2.1")))
        assert "more than 18 requests a minute from one address" in error["message"]
        assert client.get("/api/rules", headers=at("192.0.2.2")).status_code == 200


@pytest.mark.parametrize("option", ["--create-limit", "--hint-limit", "--sockets-per-game",
                                    "--header-timeout", "--work-queue"])
def test_gin_serve_refuses_a_negative_limit(option: str, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    from ginrummy.cli import main

    assert main(["serve", option, "-1"]) == 2
    assert f"gin serve: {option} cannot be negative" in capsys.readouterr().out
