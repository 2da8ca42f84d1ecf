"""The lobby's tournaments are live (issue 14: the lobby shows "tournaments starting"): the
lobby socket's snapshot lists them, and every lobby socket is sent the new list when one is
created, entered, left or started, without asking."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from starlette.testclient import WebSocketTestSession

from ginrummy.server.live.board import Board
from tests.server.account_kit import accounts_app, browser, sign_up
from tests.server.tournament_kit import created_by, enter_as, until_status


def next_list(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """The next list of tournaments the lobby socket is sent (its other messages skipped)."""
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] == "tournaments":
            found: list[dict[str, Any]] = message["tournaments"]
            return found
    raise AssertionError("no list of tournaments came")


def test_the_lobby_socket_lists_the_tournaments_and_sends_each_change(database: str) -> None:
    with accounts_app(database) as client, client.websocket_connect("/ws/lobby") as ws:
        first = ws.receive_json()
        assert first["type"] == "lobby" and first["tournaments"] == []
        made = created_by(client, "anna", format="swiss", size=4, rounds=2, level=1,
                          fill=False, options={"target": 10})
        listed = next_list(ws)
        assert [(t["id"], t["entered"], t["status"]) for t in listed] == [
            (made["id"], 1, "entering")]
        assert enter_as(client, "bruno", made["id"]).status_code == 200
        assert [t["entered"] for t in next_list(ws)] == [2]
        with browser(client):
            sign_up(client, "carla")
            assert client.post(f"/api/tournaments/{made['id']}/entry").status_code == 200
            assert [t["entered"] for t in next_list(ws)] == [3]
            assert client.delete(f"/api/tournaments/{made['id']}/entry").status_code == 200
            assert [t["entered"] for t in next_list(ws)] == [2]
        for name in ("carla2", "dario"):
            assert enter_as(client, name, made["id"]).status_code == 200
        status = [t["status"] for t in next_list(ws)]
        while status != ["playing"]:  # full: it starts, and the list says so
            status = [t["status"] for t in next_list(ws)]
        until_status(client, made["id"], "playing")


def test_a_lobby_socket_opened_later_has_the_list_in_its_snapshot(database: str) -> None:
    with accounts_app(database) as client:
        made = created_by(client, "anna", format="knockout", size=4, level=1, fill=True,
                          starts_in_minutes=30, options={"target": 10})
        with client.websocket_connect("/ws/lobby") as ws:
            first = ws.receive_json()
        assert [t["id"] for t in first["tournaments"]] == [made["id"]]
        assert set(first["tournaments"][0]) == set(
            client.get("/api/tournaments").json()["tournaments"][0])


def test_a_lobby_socket_is_not_sent_the_same_list_twice() -> None:
    board = Board(SimpleNamespace(engine=None), SimpleNamespace())  # type: ignore[arg-type]
    sent: list[str] = []

    class Listener:
        account_id = None

        def send(self, text: str) -> None:
            sent.append(text)

        def send_frame(self, text: str, frame: bytes) -> None:
            sent.append(text)

    board.listeners.add(Listener())
    listing = [{"id": "T1", "name": "Friday", "entered": 1, "status": "entering"}]
    board.show_tournaments(listing)  # the first list: the snapshots carry it
    board.show_tournaments([dict(t) for t in listing])  # the same again
    assert sent == []
    board.show_tournaments([{**listing[0], "entered": 2}])
    assert [json.loads(text) for text in sent] == [
        {"type": "tournaments", "tournaments": [{**listing[0], "entered": 2}]}]
