"""An account's seats (issue 14): a guest's games move into the account, the account plays its
seats from any of its browsers, and nobody else's account can; a deleted account's name leaves
its games and its sessions die."""

from __future__ import annotations

import contextlib
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from tests.server.account_kit import (
    PASSWORD,
    SESSION,
    Browser,
    accounts_app,
    browser,
    error_of,
    sign_in,
    sign_up,
    signed_in_elsewhere,
    who,
)
from tests.server.kit import Player, create, first_choice, receive


def mine(client: TestClient) -> list[str]:
    response = client.get("/api/games/mine")
    assert response.status_code == 200, response.text
    return [game["game_id"] for game in response.json()["games"]]


def snapshot(client: TestClient, game_id: str, **params: str) -> Any:
    return client.get(f"/api/games/{game_id}", params=params)


def refused_socket(client: TestClient, game_id: str, query: str = "") -> dict[str, Any]:
    with client.websocket_connect(f"/ws/{game_id}{query}") as ws:
        refusal, closed = receive(ws), receive(ws)
    assert closed["type"] == "closed" and closed["code"] == 4401, closed
    return refusal


def rows(client: TestClient, query: str) -> list[Any]:
    engine = sa.create_engine(client.app.state.settings.database)  # type: ignore[attr-defined]
    try:
        with engine.connect() as conn:
            return list(conn.execute(sa.text(query)).all())
    finally:
        engine.dispose()


def test_a_guests_games_move_into_the_account_at_sign_up(database: str) -> None:
    with accounts_app(database) as client:
        games = [create(client, opponent="computer")["game_id"] for _ in range(2)]
        with browser(client):
            create(client, opponent="computer")  # someone else's game
        assert sign_up(client, "anna")["claimed"] == 2
        with browser(client):
            sign_in(client, "anna")
            assert sorted(mine(client)) == sorted(games)
            body = snapshot(client, games[0]).json()
            assert (body["role"], body["seat"]) == ("player", 0)
            with client.websocket_connect(f"/ws/{games[1]}") as ws:
                player = Player(ws)
                assert player.seat == 0 and player.state["stage"] == "hand"
                while not player.my_turn:
                    player.recv()
                assert player.act(first_choice(player.state["view"]))["type"] == "ack"


def test_signing_in_moves_the_browsers_guest_games_too(database: str) -> None:
    with accounts_app(database) as client:
        with browser(client):
            sign_up(client, "anna")
        game = create(client, opponent="computer")["game_id"]
        assert sign_in(client, "anna")["claimed"] == 1
        with browser(client):
            sign_in(client, "anna")
            assert mine(client) == [game]


def test_an_invited_seat_taken_while_signed_in_is_the_accounts(database: str) -> None:
    with accounts_app(database) as client:
        created = create(client, opponent="friend")
        game, invite = created["game_id"], created["invite_token"]
        by_http, by_socket = Browser(client), Browser(client)
        with by_http.use():
            sign_up(client, "bruno")
            response = client.post(f"/api/games/{game}/join", json={"token": invite})
            assert response.status_code == 200, response.text
        with browser(client):
            sign_in(client, "bruno")
            assert mine(client) == [game]
            assert snapshot(client, game).json()["seat"] == 1
        three = create(client, players=3, seats=["friend", "friend"], preset="classic")
        with by_socket.use():
            sign_up(client, "carla")
            with client.websocket_connect(f"/ws/{three['game_id']}?token="
                                          f"{three['invites'][0]['token']}") as ws:
                assert Player(ws).seat == 1
        with browser(client):
            sign_in(client, "carla")
            assert snapshot(client, three["game_id"]).json()["seat"] == 1


def test_another_account_cannot_play_your_seat(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        game = create(client, opponent="friend")["game_id"]
        with browser(client):
            sign_up(client, "mallory")
            response = snapshot(client, game)
            assert response.status_code == 403 and error_of(response)["code"] == "bad_token"
            assert refused_socket(client, game)["code"] == "bad_token"
            assert mine(client) == []


def test_a_copied_seat_cookie_opens_nothing_once_the_seat_is_an_accounts(database: str) -> None:
    """A seat belongs to the account, not to its link: its token copied into a guest's
    browser or another account's opens nothing, over HTTP or the WebSocket."""
    with accounts_app(database) as client:
        sign_up(client, "anna")
        game = create(client, opponent="computer")["game_id"]
        copied = client.cookies[f"gin_{game}"]
        with browser(client, {f"gin_{game}": copied}):
            refused = snapshot(client, game)
            assert refused.status_code == 403, refused.text
            assert error_of(refused)["code"] == "seat_of_account"
            assert refused_socket(client, game)["code"] == "seat_of_account"
            assert sign_up(client, "mallory")["claimed"] == 0
            assert error_of(snapshot(client, game, token=copied))["code"] == "seat_of_account"
            assert refused_socket(client, game, f"?token={copied}")["code"] == "seat_of_account"
            assert mine(client) == []
        with browser(client):
            sign_in(client, "anna")
            assert mine(client) == [game], "the seat stays anna's"
            assert snapshot(client, game, token=copied).json()["seat"] == 0


def test_a_watcher_stays_a_watcher_when_signed_in(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        created = create(client, opponent="computer")
        game, watch = created["game_id"], created["watch_token"]
        for who_watches in ("bruno", "anna"):  # another account, and the seat's own
            with browser(client):
                if who_watches == "bruno":
                    sign_up(client, "bruno")
                else:
                    sign_in(client, "anna")
                body = snapshot(client, game, token=watch).json()
                assert (body["role"], body["seat"]) == ("watcher", None)
                with client.websocket_connect(f"/ws/{game}?token={watch}") as ws:
                    watcher = Player(ws)
                    assert watcher.seat is None
                    reply = watcher.answer({"type": "action", "action": "pass",
                                            "expect": watcher.n})
                    assert reply["type"] == "error" and reply["code"] == "read_only"
                assert mine(client) == ([] if who_watches == "bruno" else [game])


def test_signing_out_leaves_no_way_into_the_accounts_seats(database: str) -> None:
    """A shared computer: after the player signs out, the next person at the browser cannot
    open the player's games (their seat cookies go with the session)."""
    with accounts_app(database) as client:
        sign_up(client, "anna")
        game = create(client, opponent="computer")["game_id"]
        assert f"gin_{game}" in client.cookies
        response = client.request("DELETE", "/api/session")
        assert response.status_code == 200
        assert f"gin_{game}" not in client.cookies and SESSION not in client.cookies
        refused = snapshot(client, game)
        assert refused.status_code == 403 and error_of(refused)["code"] == "bad_token"
        assert mine(client) == []
        sign_in(client, "anna")
        assert mine(client) == [game]


def test_a_deleted_account_leaves_its_games_anonymous_and_its_sessions_dead(
        database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        created = create(client, opponent="friend", name="Anna Rossi")
        game, invite = created["game_id"], created["invite_token"]
        session = client.cookies[SESSION]
        laptop = signed_in_elsewhere(client, "anna")
        opponent = Browser(client)
        with opponent.use():
            assert client.post(f"/api/games/{game}/join",
                               json={"token": invite, "name": "Bruno"}).status_code == 200
        with client.websocket_connect(f"/ws/{game}") as ws:
            anna = Player(ws)
            anna.send({"type": "chat", "text": "ciao, sono Anna Rossi di Lecce"})
            said = anna.until(lambda m: m["type"] == "chat")
            assert said["name"] == "Anna Rossi"
        wrong = client.request("DELETE", "/api/accounts/me", json={"password": "not it at all"})
        assert wrong.status_code == 401 and error_of(wrong)["code"] == "wrong_password"
        assert who(client) == "anna"
        response = client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})
        assert response.status_code == 200, response.text
        assert f"gin_{game}" not in client.cookies
        assert who(client, session) is None
        with laptop.use():
            assert who(client) is None
            assert snapshot(client, game).status_code == 403
        with opponent.use():
            names = [seat["name"] for seat in snapshot(client, game).json()["state"]["seats"]]
        assert names == ["Former player", "Bruno"]
        assert [r[0] for r in rows(client, "SELECT name FROM seats WHERE seat = 0")] == [
            "Former player"]
        for table in ("accounts", "account_sessions", "account_seats"):
            assert rows(client, f"SELECT * FROM {table}") == [], table
        assert "Anna Rossi" not in str(rows(client, "SELECT * FROM games"))
        assert [r[0] for r in rows(client, "SELECT name FROM chat")] == ["Former player"]
        with browser(client):
            sign_up(client, "anna")  # the name is free again, with nothing of the old account
            assert mine(client) == []


def test_a_game_started_while_signed_in_is_the_accounts_at_once(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        game = create(client, opponent="computer")["game_id"]
        with browser(client):
            sign_in(client, "anna")
            assert mine(client) == [game]
            with client.websocket_connect(f"/ws/{game}") as ws:
                assert Player(ws).seat == 0


def closed_for_signing_out(player: Player) -> None:
    refusal = player.until(lambda m: m["type"] == "error")
    assert refusal["code"] == "signed_out", refusal
    assert player.recv() == {"type": "closed", "code": 4401, "reason": "signed_out"}


def test_signing_out_closes_the_tables_its_session_opened(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        game = create(client, opponent="computer")["game_id"]
        laptop = Browser(client)
        with laptop.use():
            sign_in(client, "anna")
            with client.websocket_connect(f"/ws/{game}") as ws:
                player = Player(ws)
                assert client.request("DELETE", "/api/session").status_code == 200
                closed_for_signing_out(player)


def test_a_new_password_closes_the_other_browsers_tables_but_not_this_ones(
        database: str) -> None:
    with accounts_app(database) as client:
        owner, thief = Browser(client), Browser(client)
        with owner.use():
            sign_up(client, "anna")
            game = create(client, opponent="computer")["game_id"]
        with thief.use():
            sign_in(client, "anna")
        with contextlib.ExitStack() as sockets:  # sockets outlive the cookie jars' swaps
            with owner.use():
                playing = Player(sockets.enter_context(client.websocket_connect(f"/ws/{game}")))
            with thief.use():
                intruder = Player(sockets.enter_context(client.websocket_connect(f"/ws/{game}")))
            closed = playing.until(lambda m: m["type"] == "closed")
            assert closed["code"] == 4409, "the newer socket took the seat over"
            with owner.use():
                response = client.post("/api/accounts/me/password", json={
                    "password": PASSWORD, "new_password": "a brand new one"})
                assert response.status_code == 200, response.text
                playing = Player(sockets.enter_context(client.websocket_connect(f"/ws/{game}")))
            closed_for_signing_out(intruder)
            assert playing.seat == 0
            with owner.use():
                sign_in(client, "anna", "a brand new one")  # a new session: the socket follows
                assert client.request("DELETE", "/api/session").status_code == 200
            closed_for_signing_out(playing)


def test_deleting_the_account_closes_its_tables(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "anna")
        game = create(client, opponent="computer")["game_id"]
        laptop = signed_in_elsewhere(client, "anna")
        with laptop.use(), client.websocket_connect(f"/ws/{game}") as ws:
            player = Player(ws)
            response = client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})
            assert response.status_code == 200, response.text
            closed_for_signing_out(player)


def test_a_lobby_place_taken_while_signed_in_is_the_accounts_until_sent_away(
        database: str) -> None:
    with accounts_app(database) as client:
        game = create(client, players=3, preset="classic", seats=["anyone", "anyone"],
                      name="Ann")
        gid = game["game_id"]
        bea = Browser(client)
        with bea.use():
            sign_up(client, "bea")
            taken = client.post(f"/api/games/{gid}/sit", json={"name": "Bea"})
            assert taken.status_code == 201, taken.text
        laptop = Browser(client)
        with laptop.use():
            sign_in(client, "bea")
            assert mine(client) == [gid]
            assert snapshot(client, gid).json()["seat"] == 1
        away = client.delete(f"/api/games/{gid}/seats/1")  # the creator's browser
        assert away.status_code == 200, away.text
        with laptop.use():
            assert mine(client) == [], "the place sent away is no longer the account's"
            body = snapshot(client, gid).json()
            assert (body["role"], body["seat"]) == ("watcher", None)


def test_a_seat_token_passed_in_the_query_does_not_make_the_seat_yours(database: str) -> None:
    """Only the browser's own seat cookies move into its account: a seat link someone let
    slip, used by a signed-in stranger, does not take the seat from its guest."""
    with accounts_app(database) as client:
        game = create(client, opponent="computer")
        gid, token = game["game_id"], game["token"]
        with browser(client):
            sign_up(client, "mallory")
            assert snapshot(client, gid, token=token).json()["seat"] == 0
            with client.websocket_connect(f"/ws/{gid}?token={token}") as ws:
                assert Player(ws).seat == 0
            assert mine(client) == []
        assert snapshot(client, gid).json()["seat"] == 0, "the guest still plays the seat"
