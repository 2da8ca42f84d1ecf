"""Issue 11, items 4-5 against a real ``gin serve``: slow headers, many connections from one
address, WebSocket ping frames and a chunked body that never ends, all over loopback."""

from __future__ import annotations

import json
import socket
import time
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.server.real_server import free_port, start_gin_serve, stop_server

HEADER_TIMEOUT = 1.0
PER_ADDRESS = 6


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``gin serve`` with a 1 s header timeout, 6 connections per address, 5 messages a
    second in bursts of 5."""
    folder = tmp_path_factory.mktemp("guard")
    port = free_port()
    database = f"sqlite:///{folder / 'games.sqlite3'}"
    process = start_gin_serve(port, database, folder, "--header-timeout", str(HEADER_TIMEOUT),
                              "--connections-per-address", str(PER_ADDRESS), "--rate-limit", "5",
                              "--allowed-hosts", "x,127.0.0.1")  # x: the raw requests' Host
    try:
        yield f"127.0.0.1:{port}"
    finally:
        stop_server(process)


def _open(address: str) -> socket.socket:
    host, port = address.split(":")
    return socket.create_connection((host, int(port)), timeout=5)


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (reading what it sends)."""
    sock.settimeout(seconds)
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def _game(address: str) -> dict[str, Any]:
    request = urllib.request.Request(f"http://{address}/api/games", data=b"{}",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def test_slow_headers_are_cut_off_after_the_header_timeout(server: str) -> None:
    with _open(server) as slow:
        slow.sendall(b"GET /api HTTP/1.1\r\nHost: x\r\n")
        for line in range(20):  # a header line every 0.2 s: a slowloris client
            try:
                slow.sendall(f"X-Slow-{line}: a\r\n".encode())
            except OSError:
                break
            time.sleep(0.2)
        assert _closed_within(slow, 2.0)
    with _open(server) as silent:  # a connection that sends nothing at all
        assert _closed_within(silent, HEADER_TIMEOUT + 2)


def _status(sock: socket.socket) -> bytes:
    """The status line of the next response on ``sock``, its body read to the end."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        body += sock.recv(65536)
    return head.split(b"\r\n")[0]


def test_a_kept_alive_connection_still_serves_requests(server: str) -> None:
    with _open(server) as sock:
        for _ in range(3):  # 1.5 s on one connection: the deadline is for each request's head
            sock.sendall(b"GET /api HTTP/1.1\r\nHost: x\r\n\r\n")
            assert _status(sock) == b"HTTP/1.1 200 OK"
            time.sleep(HEADER_TIMEOUT / 2)


def test_connections_per_address_are_capped(server: str) -> None:
    held = [_open(server) for _ in range(PER_ADDRESS)]
    try:
        with _open(server) as extra:  # closed at once: its request gets no answer
            try:
                extra.sendall(b"GET /api HTTP/1.1\r\nHost: x\r\n\r\n")
                answer = extra.recv(65536)
            except ConnectionResetError:
                answer = b""
            assert answer == b""
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.2)
    with _open(server) as again:
        again.sendall(b"GET /api HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _status(again) == b"HTTP/1.1 200 OK"


def test_websocket_ping_frames_count_as_messages(server: str) -> None:
    game = _game(server)
    url = f"ws://{server}/ws/{game['game_id']}?token={game['watch_token']}"
    with connect(url, ping_interval=None, open_timeout=10) as ws:
        ws.recv(timeout=5)
        ws.recv(timeout=5)  # hello, snapshot
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(40):
                ws.ping()
                time.sleep(0.01)
            while True:
                ws.recv(timeout=5)
    assert closed.value.rcvd is not None
    assert closed.value.rcvd.code == 1008
    assert closed.value.rcvd.reason.startswith("too many messages; retry in")


def test_chunked_body_is_cut_off_while_streaming_over_the_wire(server: str) -> None:
    with _open(server) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"4000\r\n" + b" " * 0x4000 + b"\r\n"  # 16 KiB a chunk, never a last one
        answer = b""
        sock.settimeout(0.2)
        for _ in range(40):
            try:
                sock.sendall(chunk)
                answer += sock.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                break
            if answer:
                break
        assert answer.startswith(b"HTTP/1.1 413"), answer[:100]

