"""Chat at a table: the players' channel and the watchers' apart, plain text checked like a
name, quick phrases by code, a rate limit, history for late comers, reports for the operator."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from starlette.testclient import TestClient

from ginrummy.server.storage.chat_store import ChatStore
from tests.server import kit
from tests.server.kit import Player, create, running

PROXY = ("testclient",)
"""The test client stands for a proxy, so that the watcher comes from another address than
the players (a watch socket from a player's address is a player's: no watchers' chat)."""
WATCHER_AT = {"x-forwarded-for": "192.0.2.9"}
HTML = '<img src=x onerror="alert(1)"><script>alert(2)</script>'


def two_friends(client: TestClient) -> tuple[dict[str, Any], str]:
    game = create(client, opponent="friend", name="Ann")
    bea = kit.join_seat(client, game["game_id"], game["invite_token"], "Bea")
    return game, bea


def watching(client: TestClient, game_id: str, watch_token: str) -> Any:
    """A watch socket from another browser at another address than the players'."""
    with kit.other_browser(client):
        return client.websocket_connect(f"/ws/{game_id}?token={watch_token}",
                                        headers=WATCHER_AT)


@contextlib.contextmanager
def ann_bea_and_a_watcher(client: TestClient) -> Iterator[tuple[dict[str, Any], Player, Player,
                                                                Player]]:
    """A game between friends Ann and Bea, with both players' and a watcher's sockets."""
    game, bea_token = two_friends(client)
    gid = game["game_id"]
    with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
            client.websocket_connect(f"/ws/{gid}?token={bea_token}") as ws1, \
            watching(client, gid, game["watch_token"]) as wsw:
        yield game, Player(ws0), Player(ws1), Player(wsw)


def said(player: Player, **message: Any) -> dict[str, Any]:
    """Send a chat message; the first chat line or error that comes back."""
    player.send({"type": "chat", **message})
    return player.until(lambda m: m["type"] in ("chat", "error"))


def chat_lines(player: Player) -> list[dict[str, Any]]:
    return [m for m in player.messages if m["type"] == "chat"]


def history(player: Player) -> dict[str, Any]:
    """The chat history the connection got (it may have come while the player said ready)."""
    seen = [m for m in player.messages if m["type"] == "chat_history"]
    return seen[0] if seen else player.until(lambda m: m["type"] == "chat_history")


def test_players_talk_among_themselves_and_watchers_never_hear_them(database: str) -> None:
    with running(database, forwarded_allow_ips=PROXY) as client, \
            ann_bea_and_a_watcher(client) as (game, ann, bea, watcher):
        line = said(ann, text="  ciao   Bea ")
        assert (line["channel"], line["seat"], line["name"], line["text"]) == (
            "players", 0, "Ann", "ciao Bea")
        assert bea.until(lambda m: m["type"] == "chat")["text"] == "ciao Bea"
        hint = said(watcher, text="Bea, take the 7H!", name="Cy")
        assert (hint["channel"], hint["seat"], hint["name"]) == ("watchers", None, "Cy")
        assert ann.ping()["type"] == "pong" and bea.ping()["type"] == "pong"
        assert [m["text"] for m in chat_lines(ann)] == ["ciao Bea"]
        assert [m["text"] for m in chat_lines(bea)] == ["ciao Bea"]
        assert [m["text"] for m in chat_lines(watcher)] == ["Bea, take the 7H!"]


def test_a_line_is_plain_text_stored_and_sent_as_it_was_typed(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game, bea_token = two_friends(client)
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0:
            assert said(Player(ws0), text=HTML)["text"] == HTML  # the page shows it as text
        with client.websocket_connect(f"/ws/{gid}?token={bea_token}") as ws1:
            bea = Player(ws1)
            lines = history(bea)["lines"]
            assert [line["text"] for line in lines] == [HTML]


def test_quick_phrases_go_by_code_so_each_reader_sees_their_language(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game, _ = two_friends(client)
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            line = said(Player(ws), phrase="good_game")
            assert line["phrase"] == "good_game" and line["text"] is None


def test_bad_chat_lines_are_refused_precisely_and_nothing_is_said(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game, _ = two_friends(client)
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws:
            ann = Player(ws)
            for message, words in [
                ({"text": "x" * 201}, "at most 200 characters, got 201"),
                ({"text": "   "}, "must have a visible character"),
                ({"text": "hi\u202eevil"}, "bidirectional control"),
                ({"text": "a\x00b"}, "control character"),
                ({"text": 7}, "text must be a string"),
                ({}, "either text or a phrase"),
                ({"text": "hi", "phrase": "thanks"}, "either text or a phrase"),
                ({"phrase": "lol"}, "phrase must be one of"),
            ]:
                refused = said(ann, **message)
                assert refused["type"] == "error" and refused["code"] == "bad_chat", message
                assert words in refused["message"], (message, refused)
            ann.send({"type": "chat", "text": "hi", "colour": "red"})
            assert ann.until(lambda m: m["type"] == "error")["code"] == "bad_message"
            assert chat_lines(ann) == []
        assert ChatStore(client.app.state.engine).recent(gid, "players", 10) == []  # type: ignore[attr-defined]


def test_a_flood_of_lines_is_cut_off_with_a_time_to_wait(sqlite_db: str) -> None:
    with running(sqlite_db) as client:
        game, _ = two_friends(client)
        with client.websocket_connect(f"/ws/{game['game_id']}?token={game['token']}") as ws:
            ann = Player(ws)
            answers = [said(ann, text=f"line {n}") for n in range(6)]
            assert [a["type"] for a in answers] == ["chat"] * 5 + ["error"]
            assert answers[-1]["code"] == "chat_rate_limited" and answers[-1]["retry_after"] >= 1


def test_late_comers_get_their_own_channel_history_after_a_restart(sqlite_db: str) -> None:
    with running(sqlite_db, forwarded_allow_ips=PROXY) as client:
        game, bea_token = two_friends(client)
        gid = game["game_id"]
        with client.websocket_connect(f"/ws/{gid}?token={game['token']}") as ws0, \
                watching(client, gid, game["watch_token"]) as wsw:
            said(Player(ws0), text="good luck")
            said(Player(wsw), text="Ann holds the queen", name="Cy")
    with running(sqlite_db, forwarded_allow_ips=PROXY) as client:
        with client.websocket_connect(f"/ws/{gid}?token={bea_token}") as ws1:
            lines = history(Player(ws1))
            assert lines["channel"] == "players"
            assert [line["text"] for line in lines["lines"]] == ["good luck"]
        with watching(client, gid, game["watch_token"]) as wsw:
            lines = history(Player(wsw))
            assert [line["text"] for line in lines["lines"]] == ["Ann holds the queen"]


def test_a_report_is_stored_for_the_operator_only_for_a_line_one_was_shown(
    sqlite_db: str,
) -> None:
    with running(sqlite_db, forwarded_allow_ips=PROXY) as client, \
            ann_bea_and_a_watcher(client) as (game, ann, bea, watcher):
        rude = said(ann, text="you play like a potato")
        aside = said(watcher, text="whispers", name="Cy")
        bea.send({"type": "chat_report", "chat_id": rude["chat_id"], "reason": "rude",
                  "id": "r1"})
        done = bea.until(lambda m: m["type"] in ("chat_reported", "error"))
        assert done == {"type": "chat_reported", "chat_id": rude["chat_id"], "id": "r1"}
        for chat_id, code in ((aside["chat_id"], "no_such_chat"), (10**6, "no_such_chat"),
                              ("1", "bad_chat"), (True, "bad_chat")):
            bea.send({"type": "chat_report", "chat_id": chat_id})
            assert bea.until(lambda m: m["type"] == "error")["code"] == code, chat_id
    reports = ChatStore(client.app.state.engine).reports()  # type: ignore[attr-defined]
    assert [(r.line.text, r.reporter, r.reason) for r in reports] == [
        ("you play like a potato", "seat 1", "rude")]
    assert json.dumps([r.line.to_json() for r in reports])
