"""A rated game on a real ``gin serve`` killed with SIGKILL (issue 14): once in the middle of
the game and once just after its last move was acknowledged. After each restart the two
accounts play on from where the server was; in the end each rating moved exactly once, and
not before the game's end was stored."""

from __future__ import annotations

import contextlib
import http.cookies
import json
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.account_kit import PASSWORD
from tests.server.kill_play import Restartable
from tests.server.kit import first_choice, first_deal_wanted, next_commitment
from tests.server.table_kit import my_move, wants_ready


def post(base: str, path: str, body: dict[str, Any], session: str | None = None
         ) -> tuple[dict[str, Any], str | None]:
    """POST JSON as a browser holding ``session``; the answer and the session cookie set."""
    headers = {"content-type": "application/json"}
    if session is not None:
        headers["cookie"] = f"gin-session={session}"
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        cookies = http.cookies.SimpleCookie()
        for header in response.headers.get_all("set-cookie") or []:
            cookies.load(header)
        found = cookies.get("gin-session")
        answer: dict[str, Any] = json.loads(response.read())
        return answer, None if found is None else found.value


class Seat:
    """One account's socket at the game, reopened after each restart."""

    def __init__(self, port: int, game_id: str, session: str) -> None:
        self.port, self.game_id, self.session = port, game_id, session
        self.ws: ClientConnection | None = None
        self.state: dict[str, Any] = {}
        self.n = -1
        self.sent = -2  # the event number an action or ready was last sent at

    def open(self, stack: contextlib.ExitStack) -> None:
        self.ws = stack.enter_context(connect(
            f"ws://127.0.0.1:{self.port}/ws/{self.game_id}",
            origin=f"http://127.0.0.1:{self.port}",
            additional_headers={"Cookie": f"gin-session={self.session}"}, open_timeout=10))
        self.sent = -2

    def read(self) -> bool:
        """Read what has come (False: the connection is gone)."""
        assert self.ws is not None
        try:
            while True:
                message = json.loads(self.ws.recv(timeout=0.02))
                if message.get("state") is not None and message.get("n", -1) >= self.n:
                    self.state, self.n = message["state"], message["n"]
        except TimeoutError:
            return True
        except (ConnectionClosed, OSError):
            return False

    def move(self) -> None:
        """Act, or say ready, once per event number, as the state asks."""
        state = self.state
        if not state or self.sent == self.n or self.ws is None:
            return
        message: dict[str, Any] | None = None
        if my_move(state):
            message = {"type": "action", "action": first_choice(state["view"]), "expect": self.n}
        elif wants_ready(state) or first_deal_wanted(state):
            message = {"type": "ready", "expect": self.n, "seed": f"seed {state['you']}",
                       "commitment": next_commitment(state)}
        if message is not None:
            self.sent = self.n
            with contextlib.suppress(ConnectionClosed, OSError):
                self.ws.send(json.dumps(message))


def play(seats: list[Seat], in_first_hand: bool = False) -> None:
    """Play until the game is over (or, asked, until the first hand is under way).

    A short game may end in its first hand, so the stop inside it is the first
    state whose stage is a hand in progress with a move made, not a move count.
    """
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if all(s.state.get("stage") == "over" for s in seats):
            return
        state = seats[0].state
        if in_first_hand and state.get("stage") == "hand" and seats[0].n >= 4:
            return
        for seat in seats:
            seat.read()
            seat.move()
    raise AssertionError("the game did not end")


def rows(database: str, query: str) -> list[Any]:
    engine = sa.create_engine(database)
    try:
        with engine.connect() as conn:
            return list(conn.execute(sa.text(query)).all())
    finally:
        engine.dispose()


def ratings_rows(database: str) -> list[Any]:
    return rows(database, "SELECT account_id, game_id FROM rating_history")


def accounts(base: str, *names: str) -> dict[str, str]:
    """Sign up an account of each name: name -> its session."""
    sessions = {}
    for name in names:
        _, session = post(base, "/api/accounts", {"username": name, "password": PASSWORD})
        assert session is not None
        sessions[name] = session
    return sessions


def test_sigkill_during_and_after_a_rated_game_rates_it_exactly_once(
        database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIN_RATED_ANY_RULES", "1")  # a game to 30 points, rated
    with Restartable(database, tmp_path) as server:
        base = server.base
        sessions = list(accounts(base, "anna", "bea").values())
        game, _ = post(base, "/api/games", {"opponent": "friend", "rated": True,
                                            "options": {"target": 30}}, sessions[0])
        post(base, f"/api/games/{game['game_id']}/join", {"token": game["invite_token"]},
             sessions[1])
        seats = [Seat(server.port, game["game_id"], session) for session in sessions]
        with contextlib.ExitStack() as stack:
            for seat in seats:
                seat.open(stack)
            play(seats, in_first_hand=True)
            server.kill()
        assert ratings_rows(database) == []
        server.start()
        with contextlib.ExitStack() as stack:
            for seat in seats:
                seat.open(stack)
            play(seats)
            server.kill()  # at once after the end was acknowledged
        assert sorted(r.game_id for r in ratings_rows(database)) == [game["game_id"]] * 2
        server.start()
        urllib.request.urlopen(f"{base}/api/players/anna", timeout=10).close()
        rated = ratings_rows(database)
        assert len(rated) == 2 and len({r.account_id for r in rated}) == 2
        profile = json.loads(urllib.request.urlopen(f"{base}/api/players/anna",
                                                    timeout=10).read())
        assert profile["ratings"][0]["games"] == 1 and profile["stats"]["games"] == 1
