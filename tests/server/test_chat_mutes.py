"""Mutes follow the account: a signed-in reader mutes a signed-in speaker's account from a
line they were shown (``chat_mute``), and that account's lines then reach the reader as a
placeholder without its words (``muted``) at every table and in the lobby, under any name, in
any browser of the reader's, until lifted from a line or from the account's list; the reader
opens one on request (``chat_show``). Bad mutes are refused precisely and
change nothing; a deleted account's mutes go both ways."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from ginrummy.server.storage import mutes
from tests.server import kit
from tests.server.account_kit import (
    PASSWORD,
    Browser,
    accounts_app,
    browser,
    error_of,
    sign_up,
    signed_in_elsewhere,
)
from tests.server.kit import Player, create
from tests.server.test_lobby_chat import opened
from tests.server.test_lobby_chat import said as said_in_lobby


@contextlib.contextmanager
def friends_game(client: TestClient, bea: Browser, bea_name: str
                 ) -> Iterator[tuple[Player, Player]]:
    """A game between the signed-in browser (as Ann, seat 0) and ``bea``'s account, seated
    under ``bea_name``: both players' sockets."""
    game = create(client, opponent="friend", name="Ann")
    gid = game["game_id"]
    with bea.use():  # bea's own browser: a name like her username is hers to type
        joined = client.post(f"/api/games/{gid}/join",
                             json={"token": game["invite_token"], "name": bea_name})
        assert joined.status_code == 200, joined.text
        token = joined.json()["token"]
        bea_ws = client.websocket_connect(f"/ws/{gid}?token={token}")
    with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ann_ws, bea_ws:
        yield Player(ann_ws, auto_first=False), Player(bea_ws, auto_first=False)


def annie_and_bea(client: TestClient) -> Browser:
    """Sign this browser up as annie, and another as bea: bea's browser."""
    sign_up(client, "annie")
    bea = Browser(client)
    with bea.use():
        sign_up(client, "bea")
    return bea


def muted(player: Player, chat_id: object, on: object = True) -> dict[str, Any]:
    """Send a chat_mute; the chat history or the error that answers it."""
    player.send({"type": "chat_mute", "chat_id": chat_id, "mute": on, "id": "mute"})
    return player.until(lambda m: m["type"] == "chat_history" or (
        m["type"] == "error" and m.get("id") == "mute"))


def said_or_muted(message: dict[str, Any], text: str) -> bool:
    """A line saying ``text``, or a muted one's placeholder (which does not say what)."""
    return message["type"] == "chat" and (message["text"] == text or message.get("muted"))


def heard(player: Player, text: str) -> dict[str, Any]:
    return player.until(lambda m: said_or_muted(m, text))


def spoke(player: Player, text: str) -> dict[str, Any]:
    """Say ``text``; the line as it came back (not another's said meanwhile)."""
    player.send({"type": "chat", "text": text})
    return heard(player, text)


def lobby_heard(ws: Socket, text: str) -> dict[str, Any]:
    while True:
        message = kit.receive(ws)
        if said_or_muted(message, text):
            return message


def lobby_muted(ws: Socket, chat_id: object, on: object = True) -> dict[str, Any]:
    """A chat_mute in the lobby: the chat history or the error that answers it."""
    ws.send_text(json.dumps({"type": "chat_mute", "chat_id": chat_id, "mute": on}))
    while True:
        answer = kit.receive(ws)
        if answer["type"] in ("chat_history", "error"):
            return answer


def listed(client: TestClient) -> list[dict[str, Any]]:
    response = client.get("/api/accounts/me/mutes")
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()["mutes"]
    return found


def test_a_mute_follows_the_account_to_another_table_another_name_and_the_lobby(
        database: str) -> None:
    with accounts_app(database) as client:
        bea = annie_and_bea(client)
        with friends_game(client, bea, "Bea") as (ann, bea_player):
            line = spoke(bea_player, "psst")
            assert heard(ann, "psst").get("muted") is None
            answer = muted(ann, line["chat_id"])
            assert answer["type"] == "chat_history"
            assert [(x["text"], x.get("muted")) for x in answer["lines"]] == [(None, True)]
            spoke(bea_player, "still here")
            placeholder = heard(ann, "still here")
            assert (placeholder["muted"], placeholder["text"], placeholder["phrase"]) == (
                True, None, None)
            ann.send({"type": "chat_show", "chat_id": placeholder["chat_id"], "id": "show"})
            assert ann.until(lambda m: m["type"] == "chat_shown") == {
                "type": "chat_shown", "chat_id": placeholder["chat_id"], "text": "still here",
                "phrase": None, "id": "show"}
        assert [m["name"] for m in listed(client)] == ["Bea"]
        with friends_game(client, bea, "Someone else") as (ann, bea_player):
            spoke(bea_player, "new name")
            assert heard(ann, "new name")["muted"] is True
            spoke(ann, "from annie")
            assert heard(bea_player, "from annie").get("muted") is None
        with client.websocket_connect("/ws/lobby") as ann_lobby:
            opened(ann_lobby)
            with bea.use(), client.websocket_connect("/ws/lobby") as bea_lobby:
                opened(bea_lobby)
                said_in_lobby(bea_lobby, type="chat", text="in the lobby")
            assert lobby_heard(ann_lobby, "in the lobby")["muted"] is True
        with browser(client), client.websocket_connect("/ws/lobby") as guest:
            assert [x.get("muted") for x in opened(guest)] == [None]
        elsewhere = signed_in_elsewhere(client, "annie")
        with elsewhere.use(), client.websocket_connect("/ws/lobby") as ann_again:
            assert [x.get("muted") for x in opened(ann_again)] == [True]


def test_a_mute_is_lifted_from_a_line_or_from_the_accounts_list(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        bea = annie_and_bea(client)
        with friends_game(client, bea, "Bea") as (ann, bea_player):
            line = spoke(bea_player, "one")
            muted(ann, line["chat_id"])
            lifted = muted(ann, line["chat_id"], on=False)
            assert [x.get("muted") for x in lifted["lines"]] == [None]
            assert listed(client) == []
            muted(ann, line["chat_id"])
            [mute] = listed(client)
            gone = client.request("DELETE", f"/api/accounts/me/mutes/{mute['id']}", json={})
            assert gone.status_code == 200, gone.text
            spoke(bea_player, "two")
            assert heard(ann, "two").get("muted") is None
            again = client.request("DELETE", f"/api/accounts/me/mutes/{mute['id']}", json={})
            assert (again.status_code, error_of(again)["code"]) == (404, "no_such_mute")
            bad = client.request("DELETE", "/api/accounts/me/mutes/x1", json={})
            assert (bad.status_code, error_of(bad)["code"]) == (400, "bad_mute")
            with bea.use():  # one account's mutes are nobody else's to lift
                muted(bea_player, spoke(ann, "three")["chat_id"])
                [beas] = listed(client)
            assert client.request("DELETE", f"/api/accounts/me/mutes/{beas['id']}",
                                  json={}).status_code == 404
            with bea.use():
                assert len(listed(client)) == 1
        with browser(client):
            refused = client.get("/api/accounts/me/mutes")
            assert (refused.status_code, error_of(refused)["code"]) == (401, "signed_out")


def test_bad_mutes_are_refused_precisely_and_change_nothing(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        sign_up(client, "annie")
        guest_game = create(client, opponent="friend", name="Ann")
        gid = guest_game["game_id"]
        with browser(client):
            guest_token = kit.join_seat(client, gid, guest_game["invite_token"], "Gus")
            gus_ws = client.websocket_connect(f"/ws/{gid}?token={guest_token}")
        with client.websocket_connect(f"/ws/{gid}?token={guest_game['token']}") as ann_ws, \
                gus_ws:
            ann, gus = Player(ann_ws, auto_first=False), Player(gus_ws, auto_first=False)
            guest_line = spoke(gus, "a guest speaks")
            own_line = spoke(ann, "annie speaks")
            cases: list[tuple[Player, object, object, str]] = [
                (ann, guest_line["chat_id"], True, "not_an_account"),
                (ann, own_line["chat_id"], True, "bad_chat"),
                (ann, "1", True, "bad_chat"),
                (ann, True, True, "bad_chat"),
                (ann, 10**9, True, "no_such_chat"),
                (ann, guest_line["chat_id"], "yes", "bad_chat"),
                (gus, own_line["chat_id"], True, "sign_in_to_mute"),
            ]
            for player, chat_id, on, code in cases:
                answer = muted(player, chat_id, on)
                assert (answer["type"], answer["code"]) == ("error", code), (chat_id, on)
            ann.send({"type": "chat_mute", "chat_id": own_line["chat_id"], "id": "m"})
            missing = ann.until(lambda m: m["type"] == "error" and m.get("id") == "m")
            assert missing["code"] == "bad_message"
            spoke(gus, "after all that")
            assert heard(ann, "after all that").get("muted") is None
        assert listed(client) == []
        with client.websocket_connect("/ws/lobby") as lobby:
            opened(lobby)
            assert lobby_muted(lobby, 10**9)["code"] == "no_such_chat"
            with browser(client), client.websocket_connect("/ws/lobby") as guest:
                opened(guest)
                guest.send_text(json.dumps({"type": "chat_mute", "chat_id": 1, "mute": True}))
                assert kit.receive(guest)["code"] == "sign_in_to_mute"
        assert listed(client) == []


def test_an_account_mutes_at_most_max_mutes_players(sqlite_db: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(mutes, "MAX_MUTES", 1)
    with accounts_app(sqlite_db) as client:
        speakers = [Browser(client) for _ in range(2)]
        lines = []
        for n, speaker in enumerate(speakers):
            with speaker.use():
                sign_up(client, f"speaker{n}")
                with client.websocket_connect("/ws/lobby") as ws:
                    opened(ws)
                    lines.append(said_in_lobby(ws, type="chat", text=f"line {n}"))
        sign_up(client, "annie")
        with client.websocket_connect("/ws/lobby") as ws:
            opened(ws)
            first = lobby_muted(ws, lines[0]["chat_id"])
            assert first["type"] == "chat_history"
            again = lobby_muted(ws, lines[0]["chat_id"])
            assert again["type"] == "chat_history"  # muting twice keeps one mute
            refused = lobby_muted(ws, lines[1]["chat_id"])
            assert refused["code"] == "too_many_mutes"
        assert [m["name"] for m in listed(client)] == ["speaker0"]


def test_a_deleted_account_s_mutes_go_both_ways(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        bea = annie_and_bea(client)
        with bea.use(), client.websocket_connect("/ws/lobby") as ws:
            opened(ws)
            line = said_in_lobby(ws, type="chat", text="hello")
        with client.websocket_connect("/ws/lobby") as ws:
            opened(ws)
            lobby_muted(ws, line["chat_id"])
        assert len(listed(client)) == 1
        with bea.use():
            gone = client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})
            assert gone.status_code == 200, gone.text
        assert listed(client) == []
