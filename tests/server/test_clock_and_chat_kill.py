"""A clock and the chat survive SIGKILL (issue 14): the times are stored with the moves, so a
server killed mid-turn and started again carries on with the time the player had left, not a
new bank; a chat line is stored before anyone hears it."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from tests.server.kill_play import Client, Restartable, http

BANK = {"kind": "bank", "seconds": 60, "increment": 5}


def my_clock(base: str, client: Client) -> dict[str, Any]:
    state = http(base, f"/api/games/{client.game_id}?token={client.token}")["state"]
    seat: dict[str, Any] = state["clock"]["seats"][0]
    return seat


def until_my_turn(base: str, port: int, client: Client) -> None:
    """Connect, say ready for the first deal, and read until seat 0 is to act."""
    with connect(f"ws://127.0.0.1:{port}/ws/{client.game_id}?token={client.token}") as ws:
        for _ in range(500):
            state = client.state
            if state.get("stage") == "hand" and state["tables"][0]["to_act"] == 0:
                return
            message = client.next_message()
            if message is not None and message["type"] == "ready":
                ws.send(json.dumps(message))
            client.take(json.loads(ws.recv(timeout=20)))
    raise AssertionError("seat 0's turn did not come")


def test_a_clock_survives_sigkill_with_the_time_the_player_had_left(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with Restartable(database, tmp_path) as server:
        game = http(server.base, "/api/games", {"opponent": "computer", "clock": BANK})
        client = Client(game["game_id"], game["token"])
        until_my_turn(server.base, server.port, client)
        time.sleep(1.0)
        before = my_clock(server.base, client)
        assert before["running"] is True and before["seconds"] < 65
        server.kill()
        server.start()
        after = my_clock(server.base, client)
        assert after["running"] is True  # still this player's turn, on the same clock
        assert after["seconds"] <= before["seconds"]  # not a new bank: the time spent counts
        time.sleep(0.5)
        assert my_clock(server.base, client)["seconds"] < after["seconds"]  # and it runs on


def chat_history(port: int, client: Client) -> list[dict[str, Any]]:
    """The chat lines a new connection of seat 0 is greeted with."""
    with connect(f"ws://127.0.0.1:{port}/ws/{client.game_id}?token={client.token}") as ws:
        for _ in range(50):
            message = json.loads(ws.recv(timeout=20))
            if message["type"] == "chat_history":
                lines: list[dict[str, Any]] = message["lines"]
                return lines
    raise AssertionError("no chat history")


def test_a_chat_line_survives_sigkill_once_its_speaker_has_seen_it(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with Restartable(database, tmp_path) as server:
        game = http(server.base, "/api/games", {"opponent": "computer"})
        client = Client(game["game_id"], game["token"])
        url = f"ws://127.0.0.1:{server.port}/ws/{client.game_id}?token={client.token}"
        with connect(url) as ws:
            ws.send(json.dumps({"type": "chat", "text": "before the crash"}))
            while json.loads(ws.recv(timeout=20))["type"] != "chat":
                pass
            server.kill()
        server.start()
        assert [line["text"] for line in chat_history(server.port, client)] == [
            "before the crash"]
