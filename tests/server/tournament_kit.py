"""What the tournament tests share: creating one, and waiting for its status."""

from __future__ import annotations

import time
from typing import Any

from starlette.testclient import TestClient

from tests.server.account_kit import browser, sign_up


def created(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tournaments", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def created_by(client: TestClient, username: str, **body: Any) -> dict[str, Any]:
    """The tournament that ``username``, a new account in a browser of its own, creates."""
    with browser(client):
        sign_up(client, username)
        return created(client, **body)


def enter_as(client: TestClient, username: str, tournament_id: str) -> Any:
    """``username``, a new account in a browser of its own, enters the tournament."""
    with browser(client):
        sign_up(client, username)
        return client.post(f"/api/tournaments/{tournament_id}/entry")


def until_status(client: TestClient, tournament_id: str, status: str,
                 seconds: float = 90) -> dict[str, Any]:
    """The tournament's view once its status is ``status``."""
    deadline = time.monotonic() + seconds
    while True:
        view: dict[str, Any] = client.get(f"/api/tournaments/{tournament_id}").json()
        if view["status"] == status:
            return view
        assert time.monotonic() < deadline, view
        time.sleep(0.1)
