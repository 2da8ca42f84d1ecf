"""The connection limits fit the descriptor limit: under ``ulimit -n 256``, half-open
requests from several addresses cannot take every descriptor and starve another client
(before, 5 addresses x 64 connections did, and the other client's request timed out)."""

from __future__ import annotations

import doctest
import os
import resource
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from ginrummy.server.api import descriptors
from ginrummy.server.api.guard import Connections
from tests.server.real_server import ROOT, free_port, stop_server

DESCRIPTORS = 256


def low_descriptor_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (DESCRIPTORS, DESCRIPTORS))


def serve_with_few_descriptors(port: int, cwd: Path) -> tuple[subprocess.Popen[str], str]:
    """``gin serve`` with the default connection limits, under a limit of 256 descriptors,
    a header timeout long enough that it does not free the half-open connections; and the
    lines it printed up to the connection limits it chose."""
    process = subprocess.Popen(
        [sys.executable, "-m", "ginrummy.cli", "serve", "--port", str(port),
         "--database", f"sqlite:///{cwd / 'games.sqlite3'}", "--header-timeout", "300"],
        cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        preexec_fn=low_descriptor_limit, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert process.stdout is not None
    lines = []
    for _ in range(200):
        lines.append(process.stdout.readline())
        if not lines[-1] or "Connections:" in lines[-1]:
            break
    return process, "".join(lines)


def half_open(port: int, source: str) -> socket.socket | None:
    """A connection from ``source`` that sends part of a request's headers, and waits."""
    conn = socket.socket()
    try:
        conn.bind((source, 0))
        conn.connect(("127.0.0.1", port))
        conn.sendall(b"GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    except OSError:
        conn.close()
        return None
    return conn


@pytest.fixture
def held() -> Iterator[list[socket.socket]]:
    sockets: list[socket.socket] = []
    yield sockets
    for conn in sockets:
        conn.close()


@pytest.mark.parametrize("addresses,each", [(5, 64), (12, 24)])
def test_half_open_connections_from_several_addresses_do_not_starve_another_client(
        tmp_path: Path, held: list[socket.socket], addresses: int, each: int) -> None:
    port = free_port()
    server, started = serve_with_few_descriptors(port, tmp_path)
    try:
        for _ in range(100):  # until it listens
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api", timeout=10):
                    break
            except OSError:
                time.sleep(0.1)
        for address in range(2, 2 + addresses):
            for _ in range(each):
                conn = half_open(port, f"127.0.0.{address}")
                if conn is not None:
                    held.append(conn)
        time.sleep(0.5)  # the server accepts them all (and closes what it will not keep)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api", timeout=10) as answer:
            assert answer.status == 200
        assert server.poll() is None
    finally:
        stop_server(server)  # type: ignore[arg-type]
        output = server.stdout.read() if server.stdout else ""
    assert ("Connections: at most 168 at once, 21 per address, 24 accepted in a row "
            "(descriptor limit 256)") in started
    assert "Too many open files" not in output, output


def test_the_limits_are_fitted_to_the_descriptors_kept_for_the_rest() -> None:
    assert doctest.testmod(descriptors).failed == 0
    fitted = descriptors.connection_limits(256)
    assert fitted.max_connections + descriptors.RESERVED <= 256
    assert fitted.per_address * 5 < fitted.max_connections  # five addresses leave room
    chosen = descriptors.connection_limits(256, max_connections=100, per_address=10)
    assert (chosen.max_connections, chosen.per_address) == (100, 10)


class FakeTransport:
    def __init__(self) -> None:
        self.aborted = False

    def abort(self) -> None:
        self.aborted = True


def test_a_full_server_closes_the_connection_waiting_longest_for_its_headers() -> None:
    connections = Connections(limit=2)
    first, second, third, fourth = (FakeTransport() for _ in range(4))
    for transport in (first, second):
        assert connections.admit(transport)  # type: ignore[arg-type]
        connections.wait(transport)  # type: ignore[arg-type]
    connections.served(first)  # type: ignore[arg-type]  # its request came in
    assert connections.admit(third)  # type: ignore[arg-type]
    assert second.aborted and not first.aborted
    assert not connections.admit(fourth)  # type: ignore[arg-type]  # none waiting: full
