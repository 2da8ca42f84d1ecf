"""Account test helpers: an app with cheap password hashing, sign-up and sign-in calls."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
from starlette.testclient import TestClient

from tests.server.kit import running

SESSION = "gin-session"
PASSWORD = "correct horse battery"


@contextlib.contextmanager
def accounts_app(database: str, **options: Any) -> Iterator[TestClient]:
    """:func:`running` with the cheapest Argon2 parameters (the tests hash many passwords)."""
    options.setdefault("password_profile", "CHEAPEST")
    with running(database, **options) as client:
        yield client


def sign_up(client: TestClient, username: str, password: str = PASSWORD) -> dict[str, Any]:
    response = client.post("/api/accounts", json={"username": username, "password": password})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def sign_in(client: TestClient, username: str, password: str = PASSWORD) -> dict[str, Any]:
    response = client.post("/api/session", json={"username": username, "password": password})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def who(client: TestClient, session: str | None = None) -> str | None:
    """The username the browser (or, with ``session``, that session token alone) is
    signed in as."""
    if session is None:
        response = client.get("/api/session")
    else:
        with browser(client, {SESSION: session}):
            response = client.get("/api/session")
    assert response.status_code == 200, response.text
    account = response.json()["account"]
    return None if account is None else str(account["username"])


@contextlib.contextmanager
def browser(client: TestClient, cookies: dict[str, str] | None = None) -> Iterator[TestClient]:
    """Another browser for the duration: a cookie jar of its own (holding ``cookies``)."""
    other = Browser(client)
    for name, value in (cookies or {}).items():
        other.jar.set(name, value, domain="testserver.local")
    with other.use():
        yield client


class Browser:
    """A browser that keeps its cookies between uses of the one test client."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.jar = httpx.Cookies()

    @contextlib.contextmanager
    def use(self) -> Iterator[TestClient]:
        saved = self.client.cookies
        self.client.cookies = self.jar
        try:
            yield self.client
        finally:
            self.jar = self.client.cookies
            self.client.cookies = saved

    def cookie(self, name: str) -> str | None:
        return self.jar.get(name)


def signed_in_elsewhere(client: TestClient, username: str, password: str = PASSWORD) -> Browser:
    """Another browser, with cookies of its own, signed in to ``username``."""
    other = Browser(client)
    with other.use():
        sign_in(client, username, password)
    return other


def error_of(response: Any) -> dict[str, Any]:
    error: dict[str, Any] = response.json()["error"]
    return error
