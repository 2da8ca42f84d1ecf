"""Rated-game test helpers: two accounts at a rated game, played to its end."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from starlette.testclient import TestClient

from tests.server.account_kit import Browser, sign_up
from tests.server.kit import Player, step_two_people, until_dealt


def two_accounts(client: TestClient, first: str = "anna", second: str = "bea"
                 ) -> tuple[Browser, Browser]:
    """Two browsers, each signed up to an account of its own."""
    browsers = Browser(client), Browser(client)
    for browser, name in zip(browsers, (first, second), strict=True):
        with browser.use():
            sign_up(client, name)
    return browsers


def rated_game(client: TestClient, creator: Browser, other: Browser,
               **body: Any) -> dict[str, Any]:
    """A rated game (target 1) that ``creator`` made and ``other`` joined by its invite."""
    body.setdefault("options", {"target": 1})
    with creator.use():
        response = client.post("/api/games", json={"opponent": "friend", "rated": True,
                                                    **body})
    assert response.status_code == 201, response.text
    game: dict[str, Any] = response.json()
    with other.use():
        joined = client.post(f"/api/games/{game['game_id']}/join",
                             json={"token": game["invite_token"]})
    assert joined.status_code == 200, joined.text
    game["other_token"] = joined.json()["token"]
    return game


@contextlib.contextmanager
def at_the_table(client: TestClient, game: dict[str, Any], first: Browser, second: Browser
                 ) -> Iterator[tuple[Player, Player]]:
    """Both players' sockets, each opened from its own browser."""
    gid = game["game_id"]
    with contextlib.ExitStack() as stack:
        with first.use():
            a = stack.enter_context(client.websocket_connect(f"/ws/{gid}"))
        with second.use():
            b = stack.enter_context(client.websocket_connect(f"/ws/{gid}"))
        yield Player(a), Player(b)


def play_to_the_end(a: Player, b: Player) -> None:
    until_dealt(a, b)
    for _ in range(3000):
        if all(p.state["stage"] == "over" for p in (a, b)):
            return
        step_two_people(a, b)
    raise AssertionError("the game did not end")


def finish_rated(client: TestClient, creator: Browser, other: Browser,
                 **body: Any) -> dict[str, Any]:
    """A rated game between the two accounts, played to its end."""
    game = rated_game(client, creator, other, **body)
    with at_the_table(client, game, creator, other) as (a, b):
        play_to_the_end(a, b)
        game["final"] = a.state
    return game
