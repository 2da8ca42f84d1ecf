"""What the tournament tests share: creating one, and waiting for its status."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from tests.server.account_kit import browser, sign_up
from tests.waiting import wait_until


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
    def view_at_status() -> dict[str, Any] | None:
        view: dict[str, Any] = client.get(f"/api/tournaments/{tournament_id}").json()
        return view if view["status"] == status else None

    return wait_until(view_at_status, seconds, 0.1, f"tournament {tournament_id} {status}")
