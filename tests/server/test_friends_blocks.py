"""Friends and blocks follow the account (``/api/accounts/me/friends``, ``.../blocks``):
following is one way, both following makes friends; a block keeps the blocked account's chat
from the blocker at tables and in the lobby (over sockets, history and ``chat_show`` too),
keeps the two apart in quick match, and ends their follows. Guests, yourself, unknown names
and going past the limits are refused precisely and change nothing; a deleted account's
follows and blocks go both ways."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient

from ginrummy.server.storage import blocks, friends
from ginrummy.server.storage.blocks import blocks_between
from ginrummy.server.storage.db import make_engine
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
from tests.server.kit import Player
from tests.server.test_chat_mutes import annie_and_bea, friends_game, heard, spoke
from tests.server.test_lobby_chat import opened
from tests.server.test_lobby_chat import said as said_in_lobby
from tests.server.test_quick_match import account_id, poll, started


def put(client: TestClient, what: str, username: str) -> Any:
    return client.put(f"/api/accounts/me/{what}/{username}", json={})


def delete(client: TestClient, what: str, username: str) -> Any:
    return client.request("DELETE", f"/api/accounts/me/{what}/{username}", json={})


def listed(client: TestClient, what: str) -> list[dict[str, Any]]:
    response = client.get(f"/api/accounts/me/{what}")
    assert response.status_code == 200, response.text
    found: list[dict[str, Any]] = response.json()[what]
    return found


def refused(response: Any) -> tuple[int, str]:
    return response.status_code, error_of(response)["code"]


def test_following_is_one_way_and_following_back_makes_friends(database: str) -> None:
    with accounts_app(database) as client:
        bea = annie_and_bea(client)
        first = put(client, "friends", "BEA")  # usernames are the same in any case
        assert first.json() == {"followed": "bea", "mutual": False}
        assert put(client, "friends", "bea").json()["mutual"] is False  # again: one follow
        [followed] = listed(client, "friends")
        assert (followed["username"], followed["mutual"], followed["profile"]) == (
            "bea", False, "/players/bea")
        assert "online" not in followed  # only friends see each other online
        with bea.use():
            assert listed(client, "friends") == []
            assert put(client, "friends", "annie").json() == {"followed": "annie",
                                                              "mutual": True}
        [friend] = listed(client, "friends")
        assert (friend["mutual"], friend["online"], friend["watch"]) == (True, False, None)
        elsewhere = signed_in_elsewhere(client, "annie")
        with elsewhere.use():
            assert [f["username"] for f in listed(client, "friends")] == ["bea"]
        assert delete(client, "friends", "bea").json() == {"unfollowed": "bea"}
        assert refused(delete(client, "friends", "bea")) == (404, "not_following")
        with bea.use():
            assert [f["mutual"] for f in listed(client, "friends")] == [False]


def test_a_guest_cannot_follow_or_block(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        sign_up(client, "annie")
        with browser(client):
            for what in ("friends", "blocks"):
                assert refused(client.get(f"/api/accounts/me/{what}")) == (401, "signed_out")
                assert refused(put(client, what, "annie")) == (401, "signed_out")
                assert refused(delete(client, what, "annie")) == (401, "signed_out")
        assert listed(client, "friends") == [] and listed(client, "blocks") == []


def test_yourself_or_an_unknown_name_is_refused_precisely_and_changes_nothing(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        sign_up(client, "annie")
        cases = [
            (put(client, "friends", "annie"), (400, "cannot_follow_yourself")),
            (put(client, "friends", "ANNIE"), (400, "cannot_follow_yourself")),
            (put(client, "blocks", "annie"), (400, "cannot_block_yourself")),
            (put(client, "friends", "nobody"), (404, "no_player")),
            (put(client, "blocks", "nobody"), (404, "no_player")),
            (put(client, "friends", "x" * 500), (404, "no_player")),
            (delete(client, "blocks", "nobody"), (404, "no_player")),
            (client.put("/api/accounts/me/friends/annie", content=b"[",
                        headers={"content-type": "application/json"}), (400, "bad_json")),
        ]
        for response, expected in cases:
            assert refused(response) == expected
        sign_up(client, "bea")
        assert refused(delete(client, "blocks", "annie")) == (404, "not_blocked")
        assert listed(client, "friends") == [] and listed(client, "blocks") == []


def test_a_block_ends_the_follows_both_ways_and_the_blocker_cannot_follow(
        database: str) -> None:
    with accounts_app(database) as client:
        bea = annie_and_bea(client)
        put(client, "friends", "bea")
        with bea.use():
            put(client, "friends", "annie")
        assert put(client, "blocks", "bea").json() == {"blocked": "bea"}
        assert put(client, "blocks", "bea").status_code == 200  # again: one block
        assert [b["username"] for b in listed(client, "blocks")] == ["bea"]
        assert listed(client, "friends") == []
        with bea.use():
            assert listed(client, "friends") == []
            assert listed(client, "blocks") == []  # nobody else's blocks are told
            assert put(client, "friends", "annie").json()["mutual"] is False
        assert refused(put(client, "friends", "bea")) == (409, "player_blocked")
        engine = make_engine(database)
        annie, bea_id = account_id(database, "annie"), account_id(database, "bea")
        assert blocks_between(engine, annie, bea_id) and blocks_between(engine, bea_id, annie)
        assert delete(client, "blocks", "bea").json() == {"unblocked": "bea"}
        assert not blocks_between(engine, annie, bea_id)
        engine.dispose()


def test_an_account_follows_and_blocks_at_most_so_many(sqlite_db: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(friends, "MAX_FOLLOWS", 1)
    monkeypatch.setattr(blocks, "MAX_BLOCKS", 1)
    with accounts_app(sqlite_db) as client:
        for name in ("bea", "cleo"):
            with browser(client):
                sign_up(client, name)
        sign_up(client, "annie")
        assert put(client, "friends", "bea").status_code == 200
        assert refused(put(client, "friends", "cleo")) == (409, "too_many_friends")
        assert put(client, "blocks", "bea").status_code == 200
        assert refused(put(client, "blocks", "cleo")) == (409, "too_many_blocks")
        assert [f["username"] for f in listed(client, "friends")] == []  # the block ended it
        assert [b["username"] for b in listed(client, "blocks")] == ["bea"]


def test_a_script_in_a_loop_is_held_to_the_rate_of_changes(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        with browser(client):
            sign_up(client, "bea")
        sign_up(client, "annie")
        answers = [(delete if n % 2 else put)(client, "friends", "bea").status_code
                   for n in range(12)]
        assert answers[:5] == [200] * 5 and answers[-1] == 429
        over = put(client, "friends", "bea")
        assert refused(over) == (429, "rate_limited") and int(over.headers["retry-after"]) >= 1
        assert client.get("/api/accounts/me/friends").status_code == 200  # reading is free


def test_a_deleted_account_s_follows_and_blocks_go_both_ways(database: str) -> None:
    with accounts_app(database) as client:
        bea = annie_and_bea(client)
        with browser(client):
            sign_up(client, "cleo")
            put(client, "friends", "bea")
        put(client, "friends", "bea")
        with bea.use():
            put(client, "friends", "annie")
            put(client, "blocks", "cleo")
            gone = client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})
            assert gone.status_code == 200, gone.text
        assert listed(client, "friends") == []
        sign_up(client, "bea")  # the name is free again: a new account, not a friend
        assert listed(client, "friends") == [] and listed(client, "blocks") == []


def test_a_blocked_player_s_lobby_chat_never_reaches_the_blocker(database: str) -> None:
    with accounts_app(database) as client:
        bea = annie_and_bea(client)
        with bea.use(), client.websocket_connect("/ws/lobby") as ws:
            opened(ws)
            before = said_in_lobby(ws, type="chat", text="said before the block")
        assert put(client, "blocks", "bea").status_code == 200
        with client.websocket_connect("/ws/lobby") as annie_ws:
            assert opened(annie_ws) == []  # the history leaves it out, not even a placeholder
            with bea.use(), client.websocket_connect("/ws/lobby") as bea_ws:
                opened(bea_ws)
                said_in_lobby(bea_ws, type="chat", text="psst, annie")
                said_in_lobby(bea_ws, type="chat", phrase="hello")
            mine = said_in_lobby(annie_ws, type="chat", text="annie here")
            assert mine["text"] == "annie here"  # the next line annie gets is her own
            annie_ws.send_text(json.dumps({"type": "chat_show", "chat_id": before["chat_id"]}))
            assert kit.receive(annie_ws)["code"] == "no_such_chat"
        with browser(client), client.websocket_connect("/ws/lobby") as guest:
            assert [line["text"] for line in opened(guest)] == [
                "said before the block", "psst, annie", None, "annie here"]
        elsewhere = signed_in_elsewhere(client, "annie")
        with elsewhere.use(), client.websocket_connect("/ws/lobby") as again:
            assert [line["text"] for line in opened(again)] == ["annie here"]


def test_a_blocked_player_s_table_chat_never_reaches_the_blocker(database: str) -> None:
    with accounts_app(database) as client:
        bea = annie_and_bea(client)
        with friends_game(client, bea, "Bea") as (ann, bea_player):
            assert put(client, "blocks", "bea").status_code == 200  # while both sit there
            line = spoke(bea_player, "you will not read this")
            spoke(bea_player, "nor this")
            spoke(ann, "from annie")  # bea's lines, had they come, would have come first
            assert heard(bea_player, "from annie")["text"] == "from annie"  # one way only
            ann.send({"type": "chat_show", "chat_id": line["chat_id"], "id": "show"})
            answer = ann.until(lambda m: m.get("id") == "show")
            assert (answer["type"], answer["code"]) == ("error", "no_such_chat")
            ann.send({"type": "chat_report", "chat_id": line["chat_id"], "id": "report"})
            answer = ann.until(lambda m: m.get("id") == "report")
            assert (answer["type"], answer["code"]) == ("error", "no_such_chat")
            assert [m["text"] for m in ann.messages if m["type"] == "chat"] == ["from annie"]
            assert "not read" not in json.dumps(ann.messages)
            gid = ann.state["game_id"]
            with client.websocket_connect(f"/ws/{gid}") as again:  # her account's seat
                later = Player(again, auto_first=False)
                [history] = [m for m in later.messages if m["type"] == "chat_history"]
                assert [x["text"] for x in history["lines"]] == ["from annie"]
        with friends_game(client, bea, "A new name") as (ann, bea_player):
            spoke(bea_player, "under another name")
            spoke(ann, "annie again")
            assert [m["text"] for m in ann.messages if m["type"] == "chat"] == ["annie again"]


def test_quick_match_never_pairs_a_blocked_pair(database: str) -> None:
    with accounts_app(database) as client:
        bea = annie_and_bea(client)
        with browser(client):
            sign_up(client, "cleo")
            cleo = Browser(client)
            cleo.jar = client.cookies
        with bea.use():
            assert put(client, "blocks", "annie").status_code == 200  # either side's block
        annie_seek = started(client)
        with bea.use():
            bea_seek = started(client)
            assert bea_seek["status"] == "waiting"
        assert poll(client, annie_seek["ticket"]).json()["status"] == "waiting"
        with cleo.use():
            cleo_seek = started(client)
            assert cleo_seek["status"] == "matched"  # the first seeker who may meet her
        met = poll(client, annie_seek["ticket"]).json()
        assert met["status"] == "matched" and met["game"]["opponent"] == "cleo"
        with bea.use():
            assert poll(client, bea_seek["ticket"]).json()["status"] == "waiting"
