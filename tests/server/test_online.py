"""Who is online (``GET /api/online``): the signed-in players with a lobby or table socket
open, by username and rating; guests counted, never named; a deleted account never named; a
reader's friends first and marked, with the listed game they play (nobody else's game is
told); a page size limit; a limit per client; never a card or a token."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.server.live import presence
from tests.server.account_kit import (
    PASSWORD,
    Browser,
    accounts_app,
    browser,
    error_of,
    sign_up,
)
from tests.server.kit import Player, create, secret_cards
from tests.server.test_lobby_chat import opened
from tests.server.test_quick_match import poll, started


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each request reads the sockets again (the server reuses a reading for seconds)."""
    monkeypatch.setattr(presence, "FRESH_SECONDS", 0.0)
    yield


def online(client: TestClient, query: str = "") -> dict[str, Any]:
    response = client.get(f"/api/online{query}")
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def names(listing: dict[str, Any]) -> list[str]:
    return [p["username"] for p in listing["players"]]


def accounts(client: TestClient, *usernames: str) -> dict[str, Browser]:
    """A browser signed up as each of ``usernames``."""
    made = {}
    for username in usernames:
        made[username] = Browser(client)
        with made[username].use():
            sign_up(client, username)
    return made


def test_signed_in_players_are_named_with_their_rating_and_guests_only_counted(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "Bea")
        assert online(client) == {"players": [], "total": 0, "friends_online": 0, "guests": 0,
                                  "offset": 0, "limit": 50, "family": "standard"}
        with people["annie"].use(), client.websocket_connect("/ws/lobby") as annie_ws, \
                people["Bea"].use(), client.websocket_connect("/ws/lobby") as bea_ws:
            opened(annie_ws), opened(bea_ws)
            with browser(client), client.websocket_connect("/ws/lobby") as guest_ws:
                opened(guest_ws)
                listing = online(client)
                assert names(listing) == ["annie", "Bea"]  # by name, in any case
                assert [p["rating"] for p in listing["players"]] == ["1500?", "1500?"]
                assert listing["players"][0] == {"username": "annie",
                                                 "profile": "/players/annie",
                                                 "rating": "1500?", "friend": False,
                                                 "watch": None}
                assert (listing["total"], listing["guests"]) == (2, 1)
            assert online(client)["guests"] == 0
        assert online(client)["total"] == 0


def test_a_guest_at_a_seat_is_counted_never_named_and_shown_no_card(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        accounts(client, "annie")
        with browser(client):
            game = create(client, opponent="computer", name="Gus")
            token = game["token"]
            with client.websocket_connect(f"/ws/{game['game_id']}?token={token}") as ws:
                player = Player(ws)
                listing = online(client)
                assert (listing["players"], listing["guests"]) == ([], 1)
                text = json.dumps(listing)
                assert "Gus" not in text and token not in text
                assert not any(card in text for card in secret_cards(player.state))


def test_a_deleted_account_is_never_named(database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        with people["bea"].use(), client.websocket_connect("/ws/lobby") as bea_ws:
            opened(bea_ws)
            with people["annie"].use(), client.websocket_connect("/ws/lobby") as annie_ws:
                opened(annie_ws)
                assert names(online(client)) == ["annie", "bea"]
                gone = client.request("DELETE", "/api/accounts/me",
                                      json={"password": PASSWORD})
                assert gone.status_code == 200, gone.text
                assert names(online(client)) == ["bea"]


def test_friends_come_first_marked_with_the_game_they_play_and_only_friends_see_it(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea", "cleo", "dora")
        with people["annie"].use():
            assert client.put("/api/accounts/me/friends/dora", json={}).status_code == 200
        with people["dora"].use():
            assert client.put("/api/accounts/me/friends/annie", json={}).status_code == 200
        with people["cleo"].use():  # cleo follows dora, who does not follow back
            assert client.put("/api/accounts/me/friends/dora", json={}).status_code == 200
        with people["bea"].use():
            first = started(client)
        with people["dora"].use():
            second = started(client)
        with people["bea"].use():
            game = poll(client, first["ticket"]).json()["game"]
        gid = game["game_id"]
        with people["bea"].use(), client.websocket_connect(f"/ws/{gid}") as bea_ws, \
                people["dora"].use(), client.websocket_connect(f"/ws/{gid}") as dora_ws, \
                people["annie"].use(), client.websocket_connect("/ws/lobby") as annie_ws:
            Player(bea_ws), Player(dora_ws), opened(annie_ws)
            with people["annie"].use():
                mine = online(client)
                assert names(mine) == ["dora", "annie", "bea"]
                assert [(p["friend"], p["watch"]) for p in mine["players"]] == [
                    (True, f"/watch/{gid}"), (False, None), (False, None)]
                assert mine["friends_online"] == 1
                [friend] = client.get("/api/accounts/me/friends").json()["friends"]
                assert (friend["online"], friend["watch"]) == (True, f"/watch/{gid}")
            for who in ("cleo", "bea"):
                with people[who].use():
                    theirs = online(client)
                    assert names(theirs) == ["annie", "bea", "dora"]
                    assert all(p["watch"] is None and not p["friend"]
                               for p in theirs["players"])
                    followed = client.get("/api/accounts/me/friends").json()["friends"]
                    assert all("online" not in f and "watch" not in f for f in followed)
                    assert len(followed) == (who == "cleo")
            with browser(client):
                assert f"/watch/{gid}" not in json.dumps(online(client))
        assert second["status"] in ("waiting", "matched")


def test_a_page_of_the_list_is_bounded(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        people = accounts(client, "annie", "bea", "cleo")
        sockets = []
        for who in people.values():
            with who.use():
                sockets.append(client.websocket_connect("/ws/lobby").__enter__())
        try:
            for ws in sockets:
                opened(ws)
            page = online(client, "?limit=1&offset=1")
            assert (names(page), page["total"], page["limit"], page["offset"]) == (
                ["bea"], 3, 1, 1)
            for query in ("?limit=101", "?limit=x", "?offset=-1"):
                refused = client.get(f"/api/online{query}")
                assert (refused.status_code, error_of(refused)["code"]) == (400, "bad_request")
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)


def test_a_script_in_a_loop_is_held_to_the_online_list_s_rate(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, event_pages_per_minute=30) as client:
        answers = [client.get("/api/online").status_code for _ in range(8)]
        assert answers[:5] == [200] * 5 and answers[-1] == 429
        over = client.get("/api/online")
        assert error_of(over)["code"] == "rate_limited"
        assert int(over.headers["retry-after"]) >= 1
