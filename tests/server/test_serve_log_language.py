"""gin serve's terminal speaks the operator's language, uvicorn's own lines included."""

from __future__ import annotations

import inspect
import logging
from pathlib import Path

import uvicorn.lifespan.on
import uvicorn.protocols.http.h11_impl
import uvicorn.server

from ginrummy.cli.serve_log import KNOWN_LINES, LocalLogLines
from ginrummy.i18n import Messages
from tests.server.real_server import free_port, start_gin_serve, stop_server

ENGLISH_WORDS = ("Started", "Waiting", "Application", "Uvicorn", "Shutting", "Finished",
                 "WARNING", "ERROR")


def test_every_uvicorn_line_the_filter_knows_is_still_one_uvicorn_writes() -> None:
    source = "".join(inspect.getsource(module) for module in (
        uvicorn.server, uvicorn.lifespan.on, uvicorn.protocols.http.h11_impl))
    running = "Uvicorn running on {addr_format} (Press CTRL+C to quit)"
    for line in KNOWN_LINES:
        assert (running if line.startswith("Uvicorn running on %s://") else line) in source, line


def test_a_known_line_and_its_level_are_said_in_italian_an_unknown_line_passes_unchanged(
        ) -> None:
    local = LocalLogLines(Messages("it"))
    record = logging.LogRecord("uvicorn.error", logging.WARNING, "", 0,
                               "Invalid HTTP request received.", (), None)
    local.filter(record)
    assert (record.getMessage(), record.levelname) == (
        "È arrivata una richiesta HTTP non valida.", "AVVISO")
    record = logging.LogRecord("uvicorn.error", logging.INFO, "", 0,
                               "Started server process [%d]", (42,), None)
    record.color_message = "Started server process [\x1b[36m%d\x1b[0m]"
    local.filter(record)
    assert record.getMessage() == "Processo del server avviato [42]"
    assert "color_message" not in record.__dict__
    record = logging.LogRecord("uvicorn.error", logging.INFO, "", 0, "something new %s",
                               ("x",), None)
    local.filter(record)
    assert record.getMessage() == "something new x"


def test_gin_serve_in_italian_prints_no_english_line_from_start_to_stop(
        tmp_path: Path) -> None:
    port = free_port()
    server = start_gin_serve(port, f"sqlite:///{tmp_path / 'db.sqlite3'}", tmp_path,
                             "--lang", "it")
    stop_server(server)
    assert server.stderr is not None
    lines = server.stderr.read().decode().splitlines()
    assert any("In ascolto su http://127.0.0.1:" in line for line in lines), lines
    assert any("Processo del server terminato" in line for line in lines), lines
    assert not [line for line in lines if any(word in line for word in ENGLISH_WORDS)], lines
