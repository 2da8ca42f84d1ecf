"""A hostile client's kit: a real ``gin serve`` and HTTP clients that come from chosen
loopback addresses (127.0.0.2, 127.0.0.3, ...: all this machine, each another address to the
server), each with its own cookies, as another browser would."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx

from tests.server.account_kit import PASSWORD
from tests.server.real_server import free_port, start_gin_serve, stop_server


@contextlib.contextmanager
def serving(database: str, cwd: Path, *options: str, module: str = "ginrummy.cli"
            ) -> Iterator[str]:
    """A ``gin serve`` on a free port; its base URL."""
    port = free_port()
    process = start_gin_serve(port, database, cwd, *options, module=module)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stop_server(process)


def client_at(base: str, address: str, timeout: float = 30.0) -> httpx.Client:
    """A browser at ``address`` (its own cookie jar)."""
    return httpx.Client(base_url=base, timeout=timeout,
                        transport=httpx.HTTPTransport(local_address=address))


def sign_up(client: httpx.Client, username: str, password: str = PASSWORD) -> None:
    response = client.post("/api/accounts", json={"username": username, "password": password})
    assert response.status_code == 201, response.text


def sign_in(client: httpx.Client, username: str, password: str = PASSWORD) -> httpx.Response:
    return client.post("/api/session", json={"username": username, "password": password})


def error(response: httpx.Response) -> dict[str, Any]:
    found: dict[str, Any] = response.json()["error"]
    return found
