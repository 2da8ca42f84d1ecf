"""A tournament's page is live (issue 14: "standings, pairings, results … updated live"):
``WS /ws/tournaments/{id}`` sends the page's view at once and again after each change — an
entry, the start, each result — and takes nothing but pings."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from tests.server.account_kit import accounts_app
from tests.server.tournament_kit import created_by, enter_as


def next_view(ws: WebSocketTestSession) -> dict[str, Any]:
    message = ws.receive_json()
    assert message["type"] == "tournament", message
    view: dict[str, Any] = message["tournament"]
    return view


def test_the_page_socket_sends_the_view_at_once_and_after_each_change(database: str) -> None:
    with accounts_app(database, computer_delay=0, idle_seconds=0.05) as client:
        made = created_by(client, "anna", format="knockout", size=4, level=1, fill=True,
                          starts_in_minutes=60, options={"target": 10})
        with client.websocket_connect(f"/ws/tournaments/{made['id']}") as ws:
            first = next_view(ws)
            assert first == client.get(f"/api/tournaments/{made['id']}").json()
            assert [e["name"] for e in first["entrants"]] == ["anna"]
            assert enter_as(client, "bruno", made["id"]).status_code == 200
            assert [e["name"] for e in next_view(ws)["entrants"]] == ["anna", "bruno"]
            views = []
            for name in ("carla", "dario"):  # full: it starts, then its games end one by one
                assert enter_as(client, name, made["id"]).status_code == 200
            while not views or views[-1]["status"] != "over":
                views.append(next_view(ws))
        statuses = [v["status"] for v in views]
        assert "playing" in statuses and statuses[-1] == "over"
        results = [sum(t["winner"] is not None for r in v["round_list"] for t in r["tables"])
                   for v in views]
        assert results == sorted(results) and results[-1] == 3  # each result as it came
        assert len(set(map(str, views))) == len(views)  # never the same view twice


def test_the_page_socket_answers_pings_and_refuses_anything_else(database: str) -> None:
    with accounts_app(database) as client:
        made = created_by(client, "anna", format="swiss", size=8, rounds=3, level=1,
                          fill=False, options={"target": 10})
        with client.websocket_connect(f"/ws/tournaments/{made['id']}") as ws:
            next_view(ws)
            ws.send_json({"type": "ping", "id": "p1"})
            assert ws.receive_json() == {"type": "pong", "id": "p1"}
            for bad in ('{"type": "enter"}', "not json", '{"type": "ping", "extra": 1}'):
                ws.send_text(bad)
                answer = ws.receive_json()
                assert answer["type"] == "error" and answer["code"] == "bad_message"
        assert client.get(f"/api/tournaments/{made['id']}").json()["entrants"] == [
            {"name": "anna", "computer": None}]  # nothing changed


@pytest.mark.parametrize("tournament_id", ["AAAAAAAAAAAA", "not%20an%20id", "x" * 300])
def test_a_socket_for_no_tournament_is_told_so_and_closed(database: str,
                                                           tournament_id: str) -> None:
    with accounts_app(database) as client, \
            client.websocket_connect(f"/ws/tournaments/{tournament_id}") as ws:
        answer = ws.receive_json()
        assert answer["type"] == "error" and answer["code"] == "no_such_tournament"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_the_api_index_names_the_lobby_quick_match_and_tournament_endpoints(
        database: str) -> None:
    with accounts_app(database) as client:
        endpoints = client.get("/api").json()["endpoints"]
    for wanted in ("GET /api/lobby", "WS /ws/lobby", "POST /api/games/{game_id}/sit",
                   "POST /api/quickmatch", "GET /api/tournaments", "POST /api/tournaments",
                   "GET /api/tournaments/{id}", "POST /api/tournaments/{id}/entry",
                   "WS /ws/tournaments/{id}"):
        assert wanted in endpoints, wanted


def test_tournament_sockets_count_with_the_lobbys_against_the_per_address_limit(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, max_sockets_per_address=2) as client:
        made = created_by(client, "anna", format="swiss", size=8, rounds=3, level=1,
                          fill=False, options={"target": 10})
        with client.websocket_connect("/ws/lobby") as lobby, \
                client.websocket_connect(f"/ws/tournaments/{made['id']}") as page:
            assert lobby.receive_json()["type"] == "lobby"
            assert next_view(page)["id"] == made["id"]
            with client.websocket_connect(f"/ws/tournaments/{made['id']}") as third:
                refused = third.receive_json()
                assert refused["code"] == "too_many_connections" and refused["retry_after"] > 0
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4429


def test_a_script_opening_sockets_in_a_loop_is_held_to_the_request_limit(
        sqlite_db: str) -> None:
    with accounts_app(sqlite_db, requests_per_minute=6) as client:
        answers = []
        for _ in range(10):  # each opening reads the database: it counts as a request
            with client.websocket_connect("/ws/tournaments/AAAAAAAAAAAA") as ws:
                answers.append(ws.receive_json()["code"])
        assert "no_such_tournament" in answers and answers[-1] == "rate_limited"
        with client.websocket_connect("/ws/lobby") as ws:
            assert ws.receive_json()["code"] == "rate_limited"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4429
