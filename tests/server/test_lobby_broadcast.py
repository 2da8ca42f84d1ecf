"""The lobby's fan-out: one ``lobby_update`` is built once, as text and as a WebSocket frame,
and the same frame is written to every lobby socket that takes it at once; a socket that is
behind gets the update through its outbox, in order, and one that does not read at all is
let go as before (``MAX_OUTBOX``, close 4408)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import urllib.request
from typing import Any, cast

from starlette.websockets import WebSocket
from websockets.sync.client import connect

from ginrummy.server.api.board_socket import MAX_OUTBOX, BoardSocket
from ginrummy.server.live.board import Board
from ginrummy.server.wire.text import text_frame
from tests.server.frame_kit import Protocol, Socket, texts_of
from tests.server.real_server import free_port, start_gin_serve, stop_server


def board_socket() -> tuple[BoardSocket, Protocol, Socket]:
    protocol = Protocol()
    socket = Socket(protocol)
    return BoardSocket(cast(WebSocket, socket)), protocol, socket


def game(game_id: str) -> dict[str, Any]:
    return {"game_id": game_id, "open": [1], "stage": "waiting", "created_at": game_id,
            "adjourned": False}


def changed(text: str) -> list[str]:
    return [entry["game_id"] for entry in json.loads(text)["changed"]]


def test_every_lobby_socket_is_written_the_same_prebuilt_frame_and_a_slow_one_gets_all() -> None:
    async def scenario() -> None:
        board = Board(cast(Any, None), cast(Any, None))
        fast = [board_socket() for _ in range(3)]
        slow, slow_protocol, slow_socket = board_socket()
        for socket, _, _ in [*fast, (slow, slow_protocol, slow_socket)]:
            board.attach(socket)
        await asyncio.sleep(0.2)  # the online count's updates
        for _, protocol, _ in [*fast, (slow, slow_protocol, slow_socket)]:
            protocol.transport.written.clear()
        slow_protocol.writable.clear()  # its client has stopped reading for now
        slow_socket.gate.clear()
        for game_id in ("g1", "g2"):
            board.put(game_id, game(game_id))
            await asyncio.sleep(0.1)
        frames = [protocol.transport.written for _, protocol, _ in fast]
        assert all(len(written) == 2 for written in frames)
        for update in range(2):  # one bytes object, built once, written to every socket
            assert frames[0][update] is frames[1][update] is frames[2][update]
        assert [changed(text) for text in texts_of(frames[0][0])] == [["g1"]]
        assert slow_protocol.transport.written == []
        assert not any("g1" in text for text in slow_socket.sent)
        slow_protocol.writable.set()
        slow_socket.gate.set()
        board.put("g3", game("g3"))
        await asyncio.sleep(0.1)
        updates = [changed(text) for text in slow_socket.sent if "lobby_update" in text]
        assert updates == [["g1"], ["g2"]]  # the ones it was behind on, in order
        caught_up = slow_protocol.transport.written  # then the prebuilt frame again
        assert len(caught_up) == 1 and [changed(t) for t in texts_of(caught_up[0])] == [["g3"]]
        assert slow_socket.closed is None
        for socket, _, _ in [*fast, (slow, slow_protocol, slow_socket)]:
            socket.outbox.put_nowait(None)
            await socket.writer

    asyncio.run(scenario())


def test_a_lobby_socket_that_does_not_read_is_let_go_after_its_outbox_fills() -> None:
    async def scenario() -> None:
        socket, protocol, fake = board_socket()
        protocol.writable.clear()
        fake.gate.clear()
        texts = [json.dumps({"type": "lobby_update", "n": n}) for n in range(MAX_OUTBOX + 5)]
        for text in texts:
            socket.send_frame(text, text_frame(text))
            await asyncio.sleep(0)
        fake.gate.set()
        await asyncio.wait_for(socket.writer, 5)
        assert protocol.transport.written == []
        assert fake.sent == texts[:MAX_OUTBOX + 1] and fake.closed == 4408

    asyncio.run(scenario())


def test_lobby_sockets_of_a_real_server_receive_one_identical_update(tmp_path: Any) -> None:
    port = free_port()
    process = start_gin_serve(port, f"sqlite:///{tmp_path / 'games.sqlite3'}", tmp_path)
    try:
        with contextlib.ExitStack() as stack:
            sockets = [stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/lobby",
                                                   open_timeout=10)) for _ in range(3)]
            for ws in sockets:
                assert json.loads(ws.recv(timeout=10))["type"] == "lobby"
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/games", data=b'{"opponent": "anyone"}',
                headers={"content-type": "application/json"})
            with urllib.request.urlopen(request, timeout=10) as response:
                game_id = json.loads(response.read())["game_id"]
            seen = []
            for ws in sockets:
                while True:
                    text = ws.recv(timeout=10)
                    assert isinstance(text, str)
                    message = json.loads(text)
                    if message["type"] == "lobby_update" and game_id in changed(text):
                        seen.append(text)
                        break
            assert len(seen) == 3 and seen[0] == seen[1] == seen[2]
    finally:
        stop_server(process)
