"""An operator's ban (``gin admin --ban``, another process: here the database alone) reaches
the banned account's open sockets: its table chat is refused ``account_banned`` at once, the
server closes its table sockets within ``session_check_seconds`` whatever they do, and the
computer plays its seat as for any absent player (the idle rule); its quick match seek ends.
Its lobby lines are refused ``account_banned`` too (test_lobby_chat.py)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from ginrummy.server.api.moderation import Moderation
from ginrummy.server.storage import db
from ginrummy.server.storage.chat_store import ChatStore
from tests.server import kit
from tests.server.account_kit import Browser, accounts_app, browser, sign_in, sign_up
from tests.server.kit import Player, create, join_seat, other_browser, until_dealt
from tests.server.test_chat import said
from tests.server.test_quick_match import poll, started
from tests.waiting import wait_until

IDLE = 0.5
CLOSED_BANNED = {"type": "closed", "code": 4401, "reason": "account_banned"}


def ban(client: TestClient, username: str) -> None:
    """What ``gin admin --ban`` does: in the database, with nothing said to this server."""
    Moderation(client.app.state.engine).ban(username, "insults")  # type: ignore[attr-defined]


@contextlib.contextmanager
def annie_and_bea(client: TestClient) -> Iterator[tuple[dict[str, Any], Player, Player]]:
    """A dealt game between the account annie (seat 0, this browser) and the guest Bea."""
    sign_up(client, "annie")
    game = create(client, opponent="friend", name="Annie")
    gid = game["game_id"]
    bea_token = join_seat(client, gid, game["invite_token"], "Bea")
    with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0:
        with other_browser(client):
            ws1 = client.websocket_connect(f"/ws/{gid}?token={bea_token}")
        with ws1:
            annie, bea = Player(ws0), Player(ws1)
            until_dealt(annie, bea)
            yield game, annie, bea


def closed(player: Player) -> dict[str, Any]:
    return player.until(lambda m: m["type"] == "closed")


def test_a_banned_account_s_open_table_socket_can_no_longer_chat(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, session_check_seconds=3600) as client, \
            annie_and_bea(client) as (game, annie, bea):
        assert said(annie, text="before")["type"] == "chat"
        ban(client, "annie")
        refused = said(annie, text="after", id="c2")
        assert (refused["code"], refused["id"]) == ("account_banned", "c2")
        assert closed(annie) == CLOSED_BANNED
        bea.ping()
        assert [m["text"] for m in bea.messages if m["type"] == "chat"] == ["before"]
        lines = ChatStore(client.app.state.engine).recent(  # type: ignore[attr-defined]
            game["game_id"], "players", 10)
        assert [line.text for line in lines] == ["before"]


def test_a_socket_whose_browser_signs_in_again_keeps_speaking(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, session_check_seconds=0.1) as client, \
            annie_and_bea(client) as (_, annie, _bea):
        sign_in(client, "annie")  # a new session for this browser: its sockets follow it
        time.sleep(0.3)  # a few rounds of the check
        assert said(annie, text="still here")["type"] == "chat"


def test_a_session_ended_by_another_process_closes_its_socket_as_signed_out(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, session_check_seconds=0.1) as client, \
            annie_and_bea(client) as (_, annie, _bea):
        engine: sa.Engine = client.app.state.engine  # type: ignore[attr-defined]
        with engine.begin() as conn:
            conn.execute(db.account_sessions.delete())
        refusal = annie.until(lambda m: m["type"] in ("error", "closed"))
        assert refusal["code"] == "signed_out", refusal
        assert closed(annie) == {"type": "closed", "code": 4401, "reason": "signed_out"}


def test_a_ban_closes_the_account_s_quiet_table_socket_and_the_computer_plays_its_seat(
        database: str) -> None:
    with accounts_app(database, session_check_seconds=0.1, idle_seconds=IDLE) as client, \
            annie_and_bea(client) as (_, annie, bea):
        while not annie.my_turn:  # Bea plays until the game waits for annie
            assert bea.act(kit.first_choice(bea.state["view"]))["type"] == "ack"
            while annie.n < bea.n:
                annie.recv()
        ban(client, "annie")
        refusal = annie.until(lambda m: m["type"] in ("error", "closed"))
        assert refusal["code"] == "account_banned", refusal
        assert closed(annie) == CLOSED_BANNED
        idle = bea.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "idle")
        assert idle["event"]["seat"] == annie.seat
        played = bea.until(lambda m: m["type"] == "event" and m["event"]["kind"] == "play")
        assert played["event"]["seat"] == annie.seat  # the computer, for the banned seat
        with client.websocket_connect(f"/ws/{idle['state']['game_id']}") as again:
            assert kit.receive(again)["code"] in ("seat_of_account", "bad_token")


def test_a_banned_account_s_quick_match_seek_meets_nobody(sqlite_db: str) -> None:
    with accounts_app(sqlite_db, session_check_seconds=0.1) as client:
        annie = Browser(client)
        with annie.use():
            sign_up(client, "annie")
            ticket = started(client)["ticket"]
        ban(client, "annie")
        seekers = client.app.state.lobby.quick_match.seekers  # type: ignore[attr-defined]
        wait_until(lambda: all(s.status != "waiting" for s in seekers.values()), 5,
                   what="no seek waiting after the ban")
        with browser(client):
            sign_up(client, "bruno")
            bruno = started(client)
        assert bruno["status"] == "waiting" and "game" not in bruno
        with annie.use():
            assert poll(client, ticket).status_code == 404  # no longer annie's browser
