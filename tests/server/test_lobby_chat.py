"""The lobby's chat: everyone in the lobby reads it, only signed-in accounts speak, a line is
plain text, a reader reports a line for the operator, and the operator's ban (``gin admin``)
ends the account's sessions, its sign-in and its voice at once."""

from __future__ import annotations

import io
import json
from argparse import Namespace
from typing import Any

from starlette.testclient import WebSocketTestSession as Socket

from ginrummy.cli import admin
from ginrummy.server.api.moderation import Moderation
from tests.server import kit
from tests.server.account_kit import PASSWORD, accounts_app, browser, sign_in, sign_up


def opened(ws: Socket) -> list[dict[str, Any]]:
    """The lobby socket's greeting: the board, then the chat's last lines."""
    first, second = kit.receive(ws), kit.receive(ws)
    assert (first["type"], second["type"], second["channel"]) == ("lobby", "chat_history",
                                                                  "lobby")
    lines: list[dict[str, Any]] = second["lines"]
    return lines


def said(ws: Socket, **message: Any) -> dict[str, Any]:
    """Send a chat message; the next chat, chat_reported or error it brings."""
    ws.send_text(json.dumps(message))
    while True:
        answer = kit.receive(ws)
        if answer["type"] in ("chat", "chat_reported", "error"):
            return answer


def admin_says(database: str, *argv: str) -> tuple[int, str]:
    args = Namespace(database=database, ban=None, unban=None, bans=False, reports=False,
                     reason="", limit=50, lang="en", shared_accounts=False)
    for option, value in zip(argv[::2], argv[1::2], strict=True):
        setattr(args, option, value)
    out = io.StringIO()
    return admin.run(args, out), out.getvalue()


def test_a_guest_reads_the_lobby_chat_but_cannot_speak(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client, client.websocket_connect("/ws/lobby") as ws:
        assert opened(ws) == []
        refused = said(ws, type="chat", text="hello", id="c1")
        assert refused["code"] == "sign_in_to_chat" and refused["id"] == "c1"


def test_an_account_speaks_and_everyone_reads_it_as_text_also_later(database: str) -> None:
    payload = '<img src=x onerror="alert(1)"> & <b>hi</b>'
    with accounts_app(database) as client:
        sign_up(client, "annie")
        with client.websocket_connect("/ws/lobby") as ann:
            opened(ann)
            with browser(client), client.websocket_connect("/ws/lobby") as guest:
                opened(guest)
                line = said(ann, type="chat", text=payload)
                assert line["text"] == payload and line["name"] == "annie"
                heard = kit.receive(guest)
                while heard["type"] != "chat":
                    heard = kit.receive(guest)
                assert heard == line
                phrase = said(ann, type="chat", phrase="hello")
                assert phrase["phrase"] == "hello" and phrase["text"] is None
        with browser(client), client.websocket_connect("/ws/lobby") as later:
            assert [(x["name"], x["text"], x["phrase"]) for x in opened(later)] == [
                ("annie", payload, None), ("annie", None, "hello")]


def test_bad_lobby_chat_messages_are_refused_and_cost_nothing(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        sign_up(client, "annie")
        with client.websocket_connect("/ws/lobby") as ws:
            opened(ws)
            for message, code in [({"type": "chat"}, "bad_chat"),
                                  ({"type": "chat", "text": "x" * 201}, "bad_chat"),
                                  ({"type": "chat", "phrase": "boo"}, "bad_chat"),
                                  ({"type": "chat", "text": "a", "phrase": "hello"}, "bad_chat"),
                                  ({"type": "chat", "text": "a", "seat": 1}, "bad_message"),
                                  ({"type": "shout", "text": "a"}, "bad_message"),
                                  ({"type": "chat_report", "chat_id": 99}, "no_such_chat"),
                                  ({"type": "chat_report", "chat_id": True}, "bad_chat")]:
                assert said(ws, **message)["code"] == code, message
            answers = [said(ws, type="chat", text=f"line {n}") for n in range(6)]
            assert [a["type"] for a in answers] == ["chat"] * 5 + ["error"]
            assert answers[-1]["code"] == "chat_rate_limited" and answers[-1]["retry_after"] >= 1
        with browser(client), client.websocket_connect("/ws/lobby") as later:
            assert len(opened(later)) == 5


def test_a_reported_lobby_line_reaches_the_operator(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        with browser(client):
            sign_up(client, "annie")
            with client.websocket_connect("/ws/lobby") as ws:
                opened(ws)
                line = said(ws, type="chat", text="you all play badly")
        with browser(client):
            sign_up(client, "bruno")
            with client.websocket_connect("/ws/lobby") as ws:
                opened(ws)
                done = said(ws, type="chat_report", chat_id=line["chat_id"], reason="rude")
                assert done == {"type": "chat_reported", "chat_id": line["chat_id"]}
    status, text = admin_says(sqlite_db, "reports", True)
    assert status == 0
    assert "lobby  annie: you all play badly  (reported by bruno: rude)" in text
    assert text.rstrip().endswith("1 report")


def test_a_banned_account_is_signed_out_cannot_sign_in_and_cannot_speak(database: str) -> None:
    with accounts_app(database) as client:
        sign_up(client, "annie")
        with client.websocket_connect("/ws/lobby") as ws:
            opened(ws)
            assert said(ws, type="chat", text="before")["type"] == "chat"
            Moderation(client.app.state.engine).ban("Annie", "spam")  # type: ignore[attr-defined]
            assert said(ws, type="chat", text="after")["code"] == "account_banned"
        assert client.get("/api/session").json()["account"] is None
        refused = client.post("/api/session", json={"username": "annie", "password": PASSWORD})
        assert refused.status_code == 403 and refused.json()["error"]["code"] == "account_banned"
        assert "spam" in refused.json()["error"]["message"]
        Moderation(client.app.state.engine).unban("annie")  # type: ignore[attr-defined]
        sign_in(client, "annie")


def test_gin_admin_bans_lists_and_unbans_and_says_what_is_wrong(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        sign_up(client, "annie")
    assert admin_says(sqlite_db, "ban", "annie") == (
        2, "gin admin: --ban needs --reason (why the account is banned)\n")
    assert admin_says(sqlite_db, "ban", "nobody", "reason", "x") == (
        1, "gin admin: no account is named nobody\n")
    assert admin_says(sqlite_db, "ban", "annie", "reason", "insults")[0] == 0
    status, text = admin_says(sqlite_db, "bans", True)
    assert status == 0 and "annie: insults" in text and text.endswith("1 banned account\n")
    assert admin_says(sqlite_db, "unban", "annie") == (0, "annie is no longer banned.\n")
    assert admin_says(sqlite_db, "unban", "annie") == (0, "annie was not banned.\n")
    assert admin_says(sqlite_db, "reports", True, "limit", 0)[0] == 2
    status, text = admin_says(sqlite_db, "bans", True, "lang", "it")
    assert (status, text) == (0, "0 account esclusi\n")


def test_a_deleted_account_s_lobby_lines_stay_as_a_former_player(sqlite_db: str) -> None:
    with accounts_app(sqlite_db) as client:
        sign_up(client, "annie")
        with client.websocket_connect("/ws/lobby") as ws:
            opened(ws)
            said(ws, type="chat", text="bye all")
        gone = client.request("DELETE", "/api/accounts/me", json={"password": PASSWORD})
        assert gone.status_code == 200, gone.text
        with client.websocket_connect("/ws/lobby") as ws:
            assert [(x["name"], x["text"]) for x in opened(ws)] == [("Former player", "bye all")]
