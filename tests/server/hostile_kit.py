"""A hostile client of a real ``gin serve`` over loopback: HTTP requests and WebSockets from
any address of 127.0.0.0/8 (each address a different client to the server)."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.real_server import free_port, start_gin_serve, stop_server

TIMEOUT = 10.0


def database_of(folder: Path) -> str:
    """The database of the ``gin serve`` that :func:`serve` starts in ``folder``."""
    return f"sqlite:///{folder / 'games.sqlite3'}"


def serve(folder: Path, *options: str) -> Iterator[str]:
    """A ``gin serve`` with ``options`` in ``folder`` (its database: :func:`database_of`)
    for a module's tests; its ``host:port``."""
    port = free_port()
    process = start_gin_serve(port, database_of(folder), folder, *options)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        stop_server(process)


@dataclass
class Answer:
    status: int
    body: dict[str, Any]
    cookies: dict[str, str]

    def cookie_header(self) -> str:
        """The cookies it set, as a browser sends them back."""
        return "; ".join(f"{name}={value}" for name, value in self.cookies.items())


def request(server: str, method: str, path: str, body: Any = None, source: str = "127.0.0.1",
            cookie: str | None = None) -> Answer:
    """``method path`` with a JSON ``body`` from the address ``source``, sending ``cookie``:
    the status, the JSON answer and the cookies it set."""
    host, port = server.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=TIMEOUT,
                                            source_address=(source, 0))
    headers = {"content-type": "application/json"}
    if cookie:
        headers["cookie"] = cookie
    try:
        connection.request(method, path, None if body is None else json.dumps(body), headers)
        answer = connection.getresponse()
        data = answer.read()
        jar = SimpleCookie()
        for header in answer.headers.get_all("set-cookie") or []:
            jar.load(header)
        return Answer(answer.status, json.loads(data) if data else {},
                      {name: morsel.value for name, morsel in jar.items()})
    finally:
        connection.close()


def socket(server: str, path: str, source: str = "127.0.0.1",
           cookie: str | None = None) -> ClientConnection:
    """A WebSocket to ``path`` from the address ``source``."""
    headers = {} if cookie is None else {"cookie": cookie}
    return connect(f"ws://{server}{path}", open_timeout=TIMEOUT, source_address=(source, 0),
                   additional_headers=headers, origin=None)


def first(ws: ClientConnection) -> dict[str, Any]:
    """The socket's next message (``{"type": "closed"}`` once closed)."""
    try:
        message: dict[str, Any] = json.loads(ws.recv(timeout=TIMEOUT))
        return message
    except ConnectionClosed as closed:
        return {"type": "closed", "code": closed.rcvd.code if closed.rcvd else None}


def until(ws: ClientConnection, kind: str) -> dict[str, Any]:
    """Messages until one of type ``kind`` (or the socket closes)."""
    while True:
        message = first(ws)
        if message["type"] in (kind, "closed"):
            return message

