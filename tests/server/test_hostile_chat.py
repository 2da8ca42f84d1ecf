"""Issue 32, items 8 to 10: the chat against a hostile player, at a real ``gin serve`` (its
clients at several loopback addresses). A player never reads the watchers' channel, whatever
socket they open; a muted line reaches the muting reader without its text; a reader reports a
line once, and reports are limited."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection

from ginrummy.server.storage.chat_store import ChatStore, LobbyChatStore
from ginrummy.server.storage.db import make_engine
from tests.server.hostile_kit import database_of, first, request, serve, socket, until

CHAT_OR_PONG = ("chat", "pong")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hostile_chat")


@pytest.fixture(scope="module")
def server(folder: Path) -> Iterator[str]:
    yield from serve(folder)


def reports_in(folder: Path, lobby: bool = False) -> list[tuple[str | None, str]]:
    """The reports the server stored: each line's text and who reported it."""
    engine = make_engine(database_of(folder))
    try:
        store = LobbyChatStore(engine) if lobby else ChatStore(engine)
        return [(report.line.text, report.reporter) for report in store.reports()]
    finally:
        engine.dispose()


def sign_up(server: str, username: str, source: str) -> str:
    """A new account's session cookie."""
    made = request(server, "POST", "/api/accounts",
                   {"username": username, "password": "a long enough password"}, source=source)
    assert made.status == 201, made
    return "gin-session=" + made.cookies["gin-session"]


def greeted(ws: ClientConnection) -> tuple[dict[str, Any], dict[str, Any]]:
    """The socket's hello and its chat history (the greeting's last message)."""
    hello = first(ws)
    assert hello["type"] == "hello", hello
    return hello, until(ws, "chat_history")


def say(ws: ClientConnection, text: str, **more: Any) -> dict[str, Any]:
    ws.send(json.dumps({"type": "chat", "text": text, **more}))
    return until_one_of(ws, ("chat", "error"))


def until_one_of(ws: ClientConnection, kinds: tuple[str, ...]) -> dict[str, Any]:
    while True:
        message = first(ws)
        if message["type"] in (*kinds, "closed"):
            return message


def chat_before_pong(ws: ClientConnection) -> list[dict[str, Any]]:
    """The chat lines the socket got before the answer to a ping sent now."""
    ws.send('{"type": "ping", "id": "last"}')
    lines = []
    while (message := until_one_of(ws, CHAT_OR_PONG))["type"] == "chat":
        lines.append(message)
    assert message["type"] == "pong", message
    return lines


def listed_game(server: str) -> tuple[str, str]:
    """A listed game that Bice (127.0.0.5) sat at: its id and her cookie."""
    game = request(server, "POST", "/api/games", {"opponent": "anyone"})
    bea = request(server, "POST", f"/api/games/{game.body['game_id']}/sit", {"name": "Bice"},
                  source="127.0.0.5")
    assert bea.status == 201, bea
    return game.body["game_id"], bea.cookie_header()


# ---------------------------------------------------------------- item 8


def test_a_player_on_a_cookie_less_watch_socket_never_reads_the_watchers_chat(
        server: str) -> None:
    game_id, _ = listed_game(server)
    with ExitStack() as held:
        watcher = held.enter_context(socket(server, f"/ws/{game_id}", source="127.0.0.7"))
        greeted(watcher)
        assert say(watcher, "Bea, take the 7H!", name="Cy")["channel"] == "watchers"
        peek = held.enter_context(socket(server, f"/ws/{game_id}", source="127.0.0.5"))
        hello, history = greeted(peek)  # Bea's address, no cookie, no token
        assert hello["role"] == "watcher"
        assert (history["channel"], history["lines"]) == (None, [])
        assert say(watcher, "the queen is below", name="Cy")["type"] == "chat"
        assert chat_before_pong(peek) == []
        refused = say(peek, "what did you say?", name="Cy")
        assert (refused["type"], refused["code"]) == ("error", "chat_at_your_seat")
        assert chat_before_pong(watcher) == []


def test_a_watcher_who_takes_a_place_stops_reading_the_watchers_chat(server: str) -> None:
    game = request(server, "POST", "/api/games", {"opponent": "anyone"})
    gid = game.body["game_id"]
    with ExitStack() as held:
        watcher = held.enter_context(socket(server, f"/ws/{gid}", source="127.0.0.7"))
        greeted(watcher)
        dan = held.enter_context(socket(server, f"/ws/{gid}", source="127.0.0.15"))
        _, history = greeted(dan)
        assert history["channel"] == "watchers"  # nobody's player yet
        seated = request(server, "POST", f"/api/games/{gid}/sit", {"name": "Dan"},
                         source="127.0.0.15")
        assert seated.status == 201, seated
        cleared = until(dan, "chat_history")
        assert (cleared["channel"], cleared["lines"]) == (None, [])
        say(watcher, "Dan holds two kings", name="Cy")
        assert chat_before_pong(dan) == []

def test_the_creator_on_their_own_watch_link_never_reads_the_watchers_chat(
        server: str) -> None:
    game = request(server, "POST", "/api/games", {"opponent": "friend", "name": "Ann"})
    gid, watch = game.body["game_id"], game.body["watch_token"]
    with ExitStack() as held:
        friend = held.enter_context(socket(server, f"/ws/{gid}?token={watch}",
                                           source="127.0.0.7"))
        greeted(friend)
        assert say(friend, "Ann's friend here", name="Cy")["channel"] == "watchers"
        # the creator's phone, elsewhere, with the watch link and the game's seat cookie
        phone = held.enter_context(socket(server, f"/ws/{gid}?token={watch}",
                                          source="127.0.0.8", cookie=game.cookie_header()))
        _, history = greeted(phone)
        assert (history["channel"], history["lines"]) == (None, [])


def test_an_account_on_its_game_s_watch_socket_never_reads_the_watchers_chat(
        server: str) -> None:
    session = sign_up(server, "dora", "127.0.0.9")
    game = request(server, "POST", "/api/games", {"opponent": "anyone"}, source="127.0.0.9",
                   cookie=session)
    gid = game.body["game_id"]
    with ExitStack() as held:
        watcher = held.enter_context(socket(server, f"/ws/{gid}", source="127.0.0.7"))
        greeted(watcher)
        say(watcher, "psst", name="Cy")
        # dora elsewhere, signed in, without the seat's cookie, on the watch link
        watching = held.enter_context(socket(
            server, f"/ws/{gid}?token={game.body['watch_token']}", source="127.0.0.10",
            cookie=session))
        _, history = greeted(watching)
        assert (history["channel"], history["lines"]) == (None, [])


# ---------------------------------------------------------------- item 9


def raw_chat(ws: ClientConnection) -> str:
    """The text of the socket's next chat line, as it came over the wire."""
    while True:
        text = ws.recv(timeout=10)
        assert isinstance(text, str)
        if json.loads(text)["type"] == "chat":
            return text


def answer(ws: ClientConnection, message: dict[str, Any], kind: str) -> dict[str, Any]:
    ws.send(json.dumps(message))
    return until_one_of(ws, (kind, "error"))


def test_a_muted_line_reaches_its_reader_without_its_words_until_asked_for(
        server: str) -> None:
    ann, bea = sign_up(server, "ann", "127.0.0.21"), sign_up(server, "bea", "127.0.0.22")
    game = request(server, "POST", "/api/games", {"opponent": "friend"}, source="127.0.0.21",
                   cookie=ann)
    gid = game.body["game_id"]
    joined = request(server, "POST", f"/api/games/{gid}/join",
                     {"token": game.body["invite_token"]}, source="127.0.0.22", cookie=bea)
    assert joined.status == 200, joined
    watch = game.body["watch_token"]
    with socket(server, f"/ws/{gid}", source="127.0.0.21", cookie=ann) as ann_ws, \
            socket(server, f"/ws/{gid}", source="127.0.0.22", cookie=bea) as bea_ws, \
            socket(server, f"/ws/{gid}?token={watch}", source="127.0.0.23") as watcher:
        greeted(ann_ws), greeted(bea_ws), greeted(watcher)
        first_line = say(bea_ws, "hello Ann")
        until_one_of(ann_ws, ("chat",))
        muting = answer(ann_ws, {"type": "chat_mute", "chat_id": first_line["chat_id"],
                                 "mute": True}, "chat_history")
        assert [(x["text"], x["muted"]) for x in muting["lines"]] == [(None, True)]
        say(bea_ws, "you cheat, Ann")
        wire = raw_chat(ann_ws)
        assert "cheat" not in wire  # not sent at all: a mute really mutes
        placeholder = json.loads(wire)
        assert (placeholder["muted"], placeholder["text"], placeholder["phrase"]) == (
            True, None, None)
        shown = answer(ann_ws, {"type": "chat_show", "chat_id": placeholder["chat_id"]},
                       "chat_shown")
        assert (shown["chat_id"], shown["text"]) == (placeholder["chat_id"], "you cheat, Ann")
        aside = say(watcher, "a watchers' line", name="Cy")
        peek = answer(ann_ws, {"type": "chat_show", "chat_id": aside["chat_id"]}, "chat_shown")
        assert (peek["type"], peek["code"]) == ("error", "no_such_chat")  # not shown to Ann
    with socket(server, "/ws/lobby", source="127.0.0.21", cookie=ann) as ann_lobby, \
            socket(server, "/ws/lobby", source="127.0.0.22", cookie=bea) as bea_lobby:
        until(ann_lobby, "chat_history"), until(bea_lobby, "chat_history")
        say(bea_lobby, "the lobby hears you cheat")
        wire = raw_chat(ann_lobby)
        assert "cheat" not in wire and json.loads(wire)["muted"] is True
        opened = answer(ann_lobby, {"type": "chat_show", "chat_id": json.loads(wire)["chat_id"]},
                        "chat_shown")
        assert opened["text"] == "the lobby hears you cheat"


# ---------------------------------------------------------------- item 10


def reports(ws: ClientConnection, chat_id: int, times: int) -> list[str]:
    """Report line ``chat_id`` ``times`` times at once: what answered each (a type or a
    refusal's code)."""
    for i in range(times):
        ws.send(json.dumps({"type": "chat_report", "chat_id": chat_id, "id": f"r{i}"}))
    answers = []
    while len(answers) < times:
        message = until_one_of(ws, ("chat_reported", "error"))
        assert message["type"] != "closed", message
        answers.append(message.get("code", message["type"]))
    return answers


def test_a_seat_reports_a_line_once_however_often_it_sends_the_report(
        server: str, folder: Path) -> None:
    game_id, bea = listed_game(server)
    with ExitStack() as held:
        watcher = held.enter_context(socket(server, f"/ws/{game_id}", source="127.0.0.11"))
        greeted(watcher)
        rude = say(watcher, "a rude line", name="Cy")
        other = held.enter_context(socket(server, f"/ws/{game_id}", source="127.0.0.12"))
        greeted(other)
        answers = reports(other, rude["chat_id"], 18)  # as fast as the socket takes them
        assert answers == ["chat_reported"] * 10 + ["too_many_reports"] * 8
        assert reports(watcher, rude["chat_id"], 1) == ["chat_reported"]  # another reader
    assert sorted(r for r in reports_in(folder) if r[0] == "a rude line") == [
        ("a rude line", "watcher at 127.0.0.11"), ("a rude line", "watcher at 127.0.0.12")]


def test_an_account_reports_a_lobby_line_once_and_its_reports_are_limited(
        server: str, folder: Path) -> None:
    speaker, reader = sign_up(server, "eli", "127.0.0.13"), sign_up(server, "fay", "127.0.0.14")
    with socket(server, "/ws/lobby", source="127.0.0.13", cookie=speaker) as eli, \
            socket(server, "/ws/lobby", source="127.0.0.14", cookie=reader) as fay:
        until(eli, "chat_history"), until(fay, "chat_history")
        lines = [say(eli, f"lobby line {n}") for n in range(3)]
        answers = reports(fay, lines[0]["chat_id"], 18)
        assert answers == ["chat_reported"] * 10 + ["too_many_reports"] * 8
        assert reports(fay, lines[1]["chat_id"], 1) == ["too_many_reports"]  # any line
    assert [r for r in reports_in(folder, lobby=True) if r[1] == "fay"] == [
        ("lobby line 0", "fay")]
