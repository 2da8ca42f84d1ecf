"""The lobby's sockets are not compressed (each ``lobby_update`` is one text sent to every
lobby socket); a table's socket still is. Against a real ``gin serve`` over loopback."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator

import pytest
from websockets.sync.client import connect

from tests.server.real_server import free_port, start_gin_serve, stop_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("compression")
    port = free_port()
    process = start_gin_serve(port, f"sqlite:///{folder / 'games.sqlite3'}", folder)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        stop_server(process)


def test_lobby_socket_is_not_compressed(server: str) -> None:
    with connect(f"ws://{server}/ws/lobby?lang=it", open_timeout=10) as ws:
        assert ws.response is not None
        assert ws.response.headers.get("Sec-WebSocket-Extensions") is None
        assert json.loads(ws.recv(timeout=10))["type"] == "lobby"


def test_table_socket_keeps_permessage_deflate(server: str) -> None:
    request = urllib.request.Request(f"http://{server}/api/games", data=b"{}",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        game = json.loads(response.read())
    url = f"ws://{server}/ws/{game['game_id']}?token={game['token']}"
    with connect(url, open_timeout=10) as ws:
        assert ws.response is not None
        offer = ws.response.headers.get("Sec-WebSocket-Extensions") or ""
        assert "permessage-deflate" in offer and "server_max_window_bits=12" in offer
        assert json.loads(ws.recv(timeout=10))["type"] == "hello"
