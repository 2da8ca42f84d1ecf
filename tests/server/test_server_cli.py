"""`gin serve` for real: uvicorn on a loopback port, a WebSocket game, kill -9 and resume."""

from __future__ import annotations

import json
import re
import signal
import socket
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from ginrummy.cli import build_parser
from tests.server.real_server import free_port, start_gin_serve, stop_server
from tests.waiting import wait_until


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


def _until(ws: Any, predicate: Any) -> dict[str, Any]:
    for _ in range(500):
        message: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if predicate(message):
            return message
    raise AssertionError("no such message")


def test_serve_is_a_gin_command() -> None:
    args = build_parser().parse_args(["serve", "--port", "8123"])
    assert args.port == 8123 and args.host == "127.0.0.1" and args.database is None


def test_gin_serve_plays_and_survives_kill_9(tmp_path: Path) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    database = f"sqlite:///{tmp_path / 'serve.sqlite3'}"
    server = start_gin_serve(port, database, tmp_path)
    try:
        with urllib.request.urlopen(base + "/", timeout=5) as page:
            assert re.search(rb'src="/static/[0-9a-f]{16}/app.js"', page.read())
        game = _post(base + "/api/games", {"opponent": "computer", "level": 1})
        gid, token = game["game_id"], game["token"]
        url = f"ws://127.0.0.1:{port}/ws/{gid}?token={token}"
        with pytest.raises(InvalidStatus):  # another site's page may not open the table
            connect(url, origin="http://evil.example")
        with connect(url, origin=base) as ws:
            assert json.loads(ws.recv(timeout=10))["type"] == "hello"
            waiting = _until(ws, lambda m: m["type"] == "snapshot")["state"]
            ws.send(json.dumps({"type": "ready", "seed": "mine", "id": "r1",  # hand 1
                                "commitment": waiting["fair"]["next"][0]["commitment"]}))
            state = _until(ws, lambda m: m["type"] in ("snapshot", "event")
                           and m["state"]["stage"] == "hand"
                           and m["state"]["tables"][0]["to_act"] == 0)["state"]
            n = state["n"]
            action = "pass" if "pass" in state["view"]["legal"] else state["view"]["legal"][0]
            ws.send(json.dumps({"type": "action", "action": action, "expect": n, "id": "x1"}))
            ack = _until(ws, lambda m: m["type"] == "ack")
            assert ack["n"] == n + 1 and ack["id"] == "x1"
            _until(ws, lambda m: m["type"] == "event" and m["n"] == n + 1)
        snapshot_url = f"{base}/api/games/{gid}?token={token}"

        def after_the_computers_turn() -> dict[str, Any] | None:
            with urllib.request.urlopen(snapshot_url, timeout=5) as response:
                snapshot: dict[str, Any] = json.loads(response.read())
            return snapshot if snapshot["state"]["tables"][0]["to_act"] != 1 else None

        before = wait_until(after_the_computers_turn, 20, what="the computer's turn over")
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        server = start_gin_serve(port, database, tmp_path)
        with urllib.request.urlopen(snapshot_url, timeout=5) as response:
            after = json.loads(response.read())
        assert after["n"] == before["n"] >= n + 1
        for state_ in (before["state"], after["state"]):
            for seat in state_["seats"]:
                seat.pop("connected")
        assert after["state"] == before["state"]
    finally:
        stop_server(server)


def test_logs_never_show_tokens() -> None:
    import logging

    from ginrummy.cli.serve import RedactTokens

    record = logging.LogRecord("uvicorn.error", logging.INFO, "", 0,
                               '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:5", "/ws/abc?token=SECRETsecret123456&since=4"), None)
    assert RedactTokens().filter(record)
    assert record.getMessage() == '127.0.0.1:5 - "WebSocket /ws/abc?token=…&since=4" [accepted]'


def test_serve_options() -> None:
    args = build_parser().parse_args(["serve", "--rate-limit", "500", "--computer-delay", "0",
                                      "--allow-origin", "https://example.org/"])
    assert args.rate_limit == 500 and args.computer_delay == 0
    assert args.allow_origin == ["https://example.org/"]


@pytest.mark.parametrize("url", ["nonsense", "mysql://u@h/db"])
def test_serve_refuses_a_bad_database_url(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    from ginrummy.cli import main

    assert main(["serve", "--database", url]) == 2
    assert "--database" in capsys.readouterr().out


def test_serve_on_a_taken_port_says_what_to_do(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from ginrummy.cli import main

    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        database = f"sqlite:///{tmp_path / 'games.sqlite3'}"
        assert main(["serve", "--port", str(port), "--database", database]) == 1
    out = capsys.readouterr().out
    assert f"port {port} on 127.0.0.1 is already in use" in out
    assert f"gin serve --port {port + 1} (make run PORT={port + 1})" in out


def test_make_run_takes_a_port() -> None:
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text(encoding="utf-8")
    assert "PORT ?= 8000" in makefile and "-m ginrummy serve --port $(PORT)" in makefile
