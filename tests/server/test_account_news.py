"""News for an account on every page it has open (PROTOCOL.md "Notices"): a challenge reaches
a player sitting at a table (a table socket, no lobby page) as it reaches a lobby page; a
tournament's game made for an account is told to its sockets with the link to play it; a
friend coming online is told to their friends only, once in a while, never to a one-way
follower, a blocked player or a guest; no such message names a card."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.server.live import account_news, presence
from tests.server import kit
from tests.server.account_kit import Browser, accounts_app
from tests.server.kit import Player, secret_cards
from tests.server.test_challenges import in_lobby, sent, told
from tests.server.test_lobby_chat import opened
from tests.server.test_online import accounts

Socket = Any


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(presence, "FRESH_SECONDS", 0.0)
    yield


def next_of(ws: Socket, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` the socket is sent (the others skipped)."""
    for _ in range(200):
        message: dict[str, Any] = kit.receive(ws)
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message came")


def kinds_until_pong(ws: Socket) -> list[str]:
    """The kinds of the messages the socket was sent before the answer to a ping now."""
    ws.send_json({"type": "ping", "id": "here"})
    seen = []
    while (message := kit.receive(ws))["type"] != "pong":
        seen.append(message["type"])
    return seen


@contextlib.contextmanager
def at_a_computer_table(client: TestClient, who: Browser) -> Iterator[Player]:
    """``who`` playing the computer, with only the table's socket open."""
    with who.use():
        game = kit.create(client, opponent="computer", name="me")
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            yield Player(ws)


def test_a_player_at_a_table_hears_of_a_challenge_as_a_lobby_page_does(database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea", "cleo")
        annie, bea, cleo = people["annie"], people["bea"], people["cleo"]
        with at_a_computer_table(client, bea) as bea_table, \
                at_a_computer_table(client, cleo) as cleo_table, \
                in_lobby(client, annie) as (annie_ws,):
            asked = sent(client, annie, "bea")
            assert told(annie_ws) == asked
            news = next_of(bea_table.ws, "challenge")["challenge"]
            assert (news["id"], news["from"], news["status"]) == (asked["id"], "annie", "open")
            assert "challenge" not in kinds_until_pong(cleo_table.ws)
            text = json.dumps(news)
            assert not any(card in text for card in secret_cards(bea_table.state))


def test_a_friend_coming_online_is_told_to_friends_only_and_once_in_a_while(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea", "cleo", "dora")
        annie, bea, cleo, dora = (people[n] for n in ("annie", "bea", "cleo", "dora"))
        for one, other in (("annie", "bea"), ("bea", "annie"), ("cleo", "bea"),
                           ("dora", "bea"), ("bea", "dora")):
            with people[one].use():  # annie and bea are friends, cleo only follows bea
                assert client.put(f"/api/accounts/me/friends/{other}",
                                  json={}).status_code == 200
        with dora.use():  # dora and bea were friends: a block ends it
            assert client.put("/api/accounts/me/blocks/bea", json={}).status_code == 200
        with in_lobby(client, annie, cleo, dora) as (annie_ws, cleo_ws, dora_ws), \
                client.websocket_connect("/ws/lobby") as guest_ws:
            opened(guest_ws)
            with in_lobby(client, bea):
                news = next_of(annie_ws, "friend_online")
                assert news == {"type": "friend_online", "username": "bea",
                                "profile": "/players/bea"}
                for ws in (cleo_ws, dora_ws, guest_ws):
                    assert "friend_online" not in kinds_until_pong(ws)
            with in_lobby(client, bea):  # a page reloaded: not told again so soon
                assert "friend_online" not in kinds_until_pong(annie_ws)


def test_a_friend_online_twice_at_once_is_told_once(database: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        for one, other in (("annie", "bea"), ("bea", "annie")):
            with people[one].use():
                client.put(f"/api/accounts/me/friends/{other}", json={})
        with in_lobby(client, people["annie"]) as (annie_ws,), \
                in_lobby(client, people["bea"]):
            next_of(annie_ws, "friend_online")
            monkeypatch.setattr(account_news, "FRIEND_ONLINE_SECONDS", 0.0)  # only a first
            with at_a_computer_table(client, people["bea"]):  # socket tells, at any time
                assert "friend_online" not in kinds_until_pong(annie_ws)


def test_a_tournament_game_is_told_to_its_player_with_the_link_to_play_it(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        annie, bea = people["annie"], people["bea"]
        with in_lobby(client, annie, bea) as (annie_ws, bea_ws):
            with annie.use():
                cup = client.post("/api/tournaments", json={
                    "name": "Spring cup", "format": "swiss", "size": 4, "level": 1,
                    "options": {"target": 60}}).json()
                started = client.post(f"/api/tournaments/{cup['id']}/start").json()
            game = next(t["game_id"] for t in started["round_list"][0]["tables"]
                        if any(p["name"] == "annie" for p in t["seats"]))
            news = next_of(annie_ws, "tournament_game")
            assert news == {"type": "tournament_game",
                            "tournament": {"id": cup["id"], "name": "Spring cup"},
                            "round": 1, "game": f"/play/{game}"}
            assert "tournament_game" not in kinds_until_pong(bea_ws)


def test_a_page_with_only_the_notices_socket_is_online_and_hears_a_challenge(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        annie, bea = people["annie"], people["bea"]
        with bea.use(), client.websocket_connect("/ws/notices") as bea_ws, \
                in_lobby(client, annie):
            assert kit.receive(bea_ws) == {"type": "notices", "username": "bea"}
            asked = sent(client, annie, "bea")  # bea is online: refused were she not
            assert next_of(bea_ws, "challenge")["challenge"]["id"] == asked["id"]
            bea_ws.send_json({"type": "chat", "text": "hello"})
            assert kit.receive(bea_ws)["code"] == "bad_message"


def test_a_guest_has_no_notices_socket(database: str) -> None:
    with accounts_app(database) as client, client.websocket_connect("/ws/notices") as ws:
        assert kit.receive(ws)["code"] == "signed_out"
        assert kit.receive(ws)["code"] == 4401


def test_a_rematch_offer_reaches_the_other_player_away_from_the_table_unless_blocked(
        database: str) -> None:
    with accounts_app(database) as client:
        people = accounts(client, "annie", "bea")
        annie, bea = people["annie"], people["bea"]
        with in_lobby(client, annie, bea) as (annie_ws, bea_ws):
            asked = sent(client, annie, "bea")
            with bea.use():
                game_id = client.post(f"/api/challenges/{asked['id']}/accept",
                                      json={}).json()["game"]["game_id"]
            with annie.use(), client.websocket_connect(f"/ws/{game_id}") as one, \
                    bea.use(), client.websocket_connect(f"/ws/{game_id}") as two:
                first, second = Player(one), Player(two)
                kit.until_dealt(first, second)
                first.answer({"type": "resign"})
                second.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "resign")
            with annie.use():
                assert client.post(f"/api/games/{game_id}/rematch").status_code == 200
            offer = next_of(bea_ws, "rematch_offer")
            assert offer == {"type": "rematch_offer", "from": "annie",
                             "game": f"/play/{game_id}"}
            assert "rematch_offer" not in kinds_until_pong(annie_ws)
            with annie.use():
                client.delete(f"/api/games/{game_id}/rematch")
            with bea.use():
                assert client.put("/api/accounts/me/blocks/annie", json={}).status_code == 200
            with annie.use():
                assert client.post(f"/api/games/{game_id}/rematch").status_code == 200
            assert "rematch_offer" not in kinds_until_pong(bea_ws)
