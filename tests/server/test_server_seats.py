"""One seat, one person (issue 11, item 1): an invite is spent when its seat is taken, the
joiner alone holds the seat's new token, and one connection at a time plays a seat."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.server.storage.tokens import token_hash
from ginrummy.server.wire.protocol import ClientError
from tests.server.kit import (
    Player,
    cards_named,
    create,
    invites_of,
    join_seat,
    other_browser,
    receive,
    running,
    secret_cards,
)

SHAPES = {
    "two players": {"opponent": "friend"},
    "three players": {"players": 3, "seats": ["friend", "friend"], "preset": "classic"},
    "teams": {"players": 4, "seats": ["friend", "computer", "friend"], "preset": "classic"},
}


def refused_by_http(client: TestClient, game_id: str, token: str) -> list[dict[str, Any]]:
    """Every HTTP read and the join tried with ``token`` from a browser without cookies."""
    answers = []
    with other_browser(client):
        for path in (f"/api/games/{game_id}", f"/api/games/{game_id}/events",
                     f"/api/games/{game_id}/hint", f"/api/games/{game_id}/record"):
            response = client.get(path, params={"token": token})
            answers.append((response.status_code, response.json()))
        response = client.post(f"/api/games/{game_id}/join", json={"token": token,
                                                                  "name": "Mallory"})
        answers.append((response.status_code, response.json()))
        assert f"gin_{game_id}" not in client.cookies
    for status, body in answers:
        assert status == 403, body
        assert body["error"]["code"] == "invite_spent", body
    return [body for _, body in answers]


def refused_by_socket(client: TestClient, game_id: str, token: str) -> list[dict[str, Any]]:
    with other_browser(client), client.websocket_connect(f"/ws/{game_id}?token={token}") as ws:
        refusal, closed = receive(ws), receive(ws)
    assert refusal["type"] == "error" and refusal["code"] == "invite_spent", refusal
    assert closed == {"type": "closed", "code": 4401, "reason": "invite_spent"}
    return [refusal]


@pytest.mark.parametrize("shape", SHAPES)
def test_invite_is_spent_when_the_seat_is_taken(database: str, shape: str) -> None:
    with running(database, seed=3) as client:
        game = create(client, **SHAPES[shape])
        gid = game["game_id"]
        invites = invites_of(game)
        for seat, invite in invites.items():
            with other_browser(client):
                answer = client.post(f"/api/games/{gid}/join",
                                     json={"token": invite, "name": f"Guest {seat}"})
                assert answer.status_code == 200, answer.text
                new = answer.json()["token"]
                assert client.cookies.get(f"gin_{gid}") == new != invite
            refused_by_http(client, gid, invite)
            refused_by_socket(client, gid, invite)
            with other_browser(client):
                mine = client.get(f"/api/games/{gid}", params={"token": new}).json()
            assert mine["seat"] == seat and mine["state"]["seats"][seat]["name"] == f"Guest {seat}"
        with other_browser(client):
            state = client.get(f"/api/games/{gid}", params={"token": game["token"]}).json()
        seats = state["state"]["seats"]  # every invited seat taken: the deal waits for seeds
        assert all(s["joined"] for s in seats) and state["state"]["stage"] == "waiting"


@pytest.mark.parametrize("shape", SHAPES)
def test_joining_over_the_websocket_spends_the_invite_too(sqlite_db: str, shape: str) -> None:
    with running(sqlite_db, seed=4) as client:
        game = create(client, **SHAPES[shape])
        gid = game["game_id"]
        for seat, invite in invites_of(game).items():
            with other_browser(client), client.websocket_connect(
                    f"/ws/{gid}?token={invite}") as ws:
                hello = receive(ws)
                assert hello["type"] == "hello" and hello["seat"] == seat
                new = hello["token"]
            refused_by_socket(client, gid, invite)
            refused_by_http(client, gid, invite)
            with other_browser(client), client.websocket_connect(
                    f"/ws/{gid}?token={new}") as ws:
                again = receive(ws)
                assert again["seat"] == seat and "token" not in again  # sent once only


def test_the_joiners_new_token_plays_and_survives_a_restart(database: str) -> None:
    with running(database, seed=5) as client:
        game = create(client, opponent="friend", name="Ann")
        gid, invite = game["game_id"], game["invite_token"]
        new = join_seat(client, gid, invite, "Bob")
    with running(database, seed=6) as client:
        refused_by_http(client, gid, invite)
        refused_by_socket(client, gid, invite)
        with client.websocket_connect(f"/ws/{gid}?token={new}") as ws1, \
                client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0:
            bob, ann = Player(ws1), Player(ws0)
            assert bob.seat == 1 and bob.state["seats"][1]["name"] == "Bob"
            mover = bob if bob.state["tables"][0]["to_act"] == 1 else ann
            assert mover.act(mover.state["view"]["legal"][0])["type"] == "ack"
        with other_browser(client):
            client.cookies.set(f"gin_{gid}", new)
            mine = client.get("/api/games/mine").json()["games"]
        assert [(g["game_id"], g["seat"]) for g in mine] == [(gid, 1)]


@pytest.mark.parametrize("shape", ["two players", "teams"])
def test_the_creator_using_the_invite_after_the_join_sees_no_hidden_card(
    database: str, shape: str
) -> None:
    with running(database, seed=8) as client:
        game = create(client, **SHAPES[shape])
        gid = game["game_id"]
        invites = invites_of(game)
        tokens = {seat: join_seat(client, gid, invite) for seat, invite in invites.items()}
        for seat, token in tokens.items():
            with other_browser(client):
                owner = client.get(f"/api/games/{gid}", params={"token": token}).json()
            hand_state = owner["state"]
            if hand_state.get("view") is None:
                continue  # this place sits out the first hand at its table
            secret = secret_cards(hand_state)
            assert secret
            seen = refused_by_http(client, gid, invites[seat])
            seen += refused_by_socket(client, gid, invites[seat])
            assert not secret & cards_named(seen)
            assert all("state" not in answer for answer in seen)


def test_a_second_connection_for_a_seat_replaces_the_first(sqlite_db: str) -> None:
    """Two windows on one seat: the newer plays, the older is told and closed (4409), and
    reconnecting there takes the seat back."""
    with running(sqlite_db, seed=9) as client:
        game = create(client, opponent="computer", level=1)
        gid, token = game["game_id"], game["token"]
        with client.websocket_connect(f"/ws/{gid}?token={token}") as first_ws:
            first = Player(first_ws)
            with client.websocket_connect(f"/ws/{gid}?token={token}") as second_ws:
                second = Player(second_ws)
                told = first.until(lambda m: m["type"] == "error")
                assert told["code"] == "seat_replaced"
                assert receive(first_ws) == {"type": "closed", "code": 4409,
                                             "reason": "seat_replaced"}
                assert second.ping()["type"] == "pong"
                with client.websocket_connect(f"/ws/{gid}?token={token}") as third_ws:
                    third = Player(third_ws)
                    assert second.until(lambda m: m["type"] == "error")["code"] == \
                        "seat_replaced"
                    assert third.ping()["type"] == "pong"
        watch = game["watch_token"]  # watchers are never replaced
        with client.websocket_connect(f"/ws/{gid}?token={watch}") as a, \
                client.websocket_connect(f"/ws/{gid}?token={watch}") as b:
            one, two = Player(a), Player(b)
            assert one.ping()["type"] == "pong" and two.ping()["type"] == "pong"



def test_two_joins_racing_with_one_invite_take_the_seat_once(database: str) -> None:
    with running(database, seed=12) as client:
        game = create(client, opponent="friend")
        gid, invite = game["game_id"], game["invite_token"]
        table = client.app.state.lobby.tables[gid]  # type: ignore[attr-defined]

        async def both() -> list[Any]:
            return await asyncio.gather(table.join(1, "Bob", invite),
                                        table.join(1, "Eve", invite), return_exceptions=True)

        first, second = client.portal.call(both)  # type: ignore[union-attr]
        assert isinstance(first, str) and isinstance(second, ClientError)
        assert second.code == "invite_spent"
        with other_browser(client):
            state = client.get(f"/api/games/{gid}", params={"token": first}).json()["state"]
        assert state["seats"][1]["name"] == "Bob"
        stored = client.app.state.lobby.store.load(gid)  # type: ignore[attr-defined]
        assert stored.seats[1].token_hash == token_hash(first)
        assert stored.seats[1].invite_hash == token_hash(invite)


@pytest.mark.parametrize("shape", SHAPES)
def test_first_deal_awaits_only_seated_players_never_a_watcher_or_a_spent_invite(
        sqlite_db: str, shape: str) -> None:
    """``state.first_deal_awaits_you`` is the recipient's own: false while a seat is empty,
    then true for each player who plays the first deal (not the three-player dealer, who sits
    out), and never for a watcher; the spent invite reads nothing at all."""
    with running(sqlite_db, seed=3) as client:
        game = create(client, **SHAPES[shape])
        gid = game["game_id"]

        def state(token: str) -> dict[str, Any]:
            with other_browser(client):
                answer = client.get(f"/api/games/{gid}", params={"token": token})
            assert answer.status_code == 200, answer.text
            found: dict[str, Any] = answer.json()["state"]
            return found

        assert state(game["token"])["first_deal_awaits_you"] is False  # the friends are away
        tokens = {0: game["token"]}
        for seat, invite in invites_of(game).items():
            tokens[seat] = join_seat(client, gid, invite)
            refused_by_http(client, gid, invite)
        assert state(game["watch_token"])["first_deal_awaits_you"] is False
        awaited = {seat: state(token)["first_deal_awaits_you"] for seat, token in tokens.items()}
        plays = state(game["token"])
        sitting_out = plays.get("sitting_out") if plays.get("mode") == "three" else None
        assert awaited == {seat: seat != sitting_out for seat in tokens}, awaited
